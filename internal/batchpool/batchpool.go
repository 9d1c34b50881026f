// Package batchpool recycles items between goroutines a batch at a time:
// a goroutine that gets or puts many items does it through a pool of its
// own from Local, which takes whole batches from the shared pool and gives
// whole batches back, so that one sync.Pool operation serves a batch
// instead of each item (a pipeline's reader takes its items on one core
// and its collector gives them back on another, so each of those
// operations also moved the pool's cache lines between the cores).
//
// It keeps items as they are given back: clearing them, or making new ones
// when the pool is empty, is for the caller (hand.Pool and
// replay.TracePool are built on it).
package batchpool

import "sync"

// Batch is the most items a Pool keeps in one batch, and so the most a
// pool from Local holds back from the others.
const Batch = 32

// A Pool keeps items of type T for later use, in batches of 1 to Batch.
// Like a sync.Pool, it may drop what it keeps at any garbage collection.
//
// The zero Pool is a shared pool, safe for concurrent use. A pool from
// Local is for one goroutine: it must not be used by two at once.
type Pool[T any] struct {
	full  sync.Pool // of *[]*T: batches of 1 to Batch items
	empty sync.Pool // of *[]*T: batches of no items, with room for Batch

	// Set on a pool from Local: the shared pool its batches come from and
	// go back to, and the batch Get takes from and Put adds to.
	src *Pool[T]
	own *[]*T
}

// Local returns a pool for one goroutine in front of p's shared pool (p,
// or the one p is in front of): its Get and Put take and give the shared
// pool's items a whole batch at a time, and it holds one batch (at most
// Batch items) of its own meanwhile. An item from any of the pools in
// front of one shared pool may be put back into any other.
func (p *Pool[T]) Local() *Pool[T] {
	if p.src != nil {
		p = p.src
	}
	return &Pool[T]{src: p}
}

// Get returns an item put back earlier, or nil when the pool has none.
func (p *Pool[T]) Get() *T {
	if own := p.own; own != nil && len(*own) > 0 {
		return pop(own) // the common case
	}
	return p.getBatch()
}

// getBatch is Get when p has no batch of its own to take from: the shared
// pool takes an item from one of its full batches and keeps the rest; a
// local pool swaps its empty batch for the shared pool's next full one.
func (p *Pool[T]) getBatch() *T {
	if p.src == nil {
		b, _ := p.full.Get().(*[]*T)
		if b == nil {
			return nil
		}
		x := pop(b)
		if len(*b) > 0 {
			p.full.Put(b)
		} else {
			p.empty.Put(b)
		}
		return x
	}
	b, _ := p.src.full.Get().(*[]*T)
	if b == nil {
		return nil // the empty batch is kept for Put
	}
	if p.own != nil {
		p.src.empty.Put(p.own)
	}
	p.own = b
	return pop(b)
}

// pop takes the last item of a batch that has one.
func pop[T any](b *[]*T) *T {
	s := *b
	x := s[len(s)-1]
	s[len(s)-1] = nil // the batch does not keep an item handed out
	*b = s[:len(s)-1]
	return x
}

// Put keeps x (not nil) for a later Get. Putting back an item that is
// still in use, or the same item twice, is a bug: two users would share
// it.
func (p *Pool[T]) Put(x *T) {
	if own := p.own; own != nil && len(*own) < Batch {
		*own = append(*own, x) // the common case
		return
	}
	p.putBatch(x)
}

// putBatch is Put when p has no batch of its own with room: a local pool
// gives its full batch (if any) to the shared pool and starts an empty
// one; the shared pool keeps x in a batch of its own.
func (p *Pool[T]) putBatch(x *T) {
	if p.src == nil {
		b := p.emptyBatch()
		*b = append(*b, x)
		p.full.Put(b)
		return
	}
	if p.own != nil {
		p.src.full.Put(p.own)
	}
	p.own = p.src.emptyBatch()
	*p.own = append(*p.own, x)
}

// emptyBatch returns a batch of no items, with room for Batch.
func (p *Pool[T]) emptyBatch() *[]*T {
	if b, _ := p.empty.Get().(*[]*T); b != nil {
		return b
	}
	b := make([]*T, 0, Batch)
	return &b
}

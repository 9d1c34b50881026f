package batchpool

import (
	"runtime/debug"
	"sync"
	"sync/atomic"
	"testing"
)

// item is what the tests pool: a number to tell items apart, and whether
// some goroutine holds it now.
type item struct {
	n    int
	held atomic.Bool
}

// items returns n new items, numbered from 0.
func items(n int) []*item {
	s := make([]*item, n)
	for i := range s {
		s[i] = &item{n: i}
	}
	return s
}

// syncPoolKeeps reports whether sync.Pool keeps what is put in it while no
// collection runs: under the race detector it drops a quarter at random.
func syncPoolKeeps() bool {
	var p sync.Pool
	for range 64 {
		p.Put(new(int))
		if p.Get() == nil {
			return false
		}
	}
	return true
}

// TestPoolBatchesBetweenLocals: items put through one local pool reach
// another through the shared pool a whole batch at a time, and only then:
// the rest stay with the local that put them. None is handed out twice.
func TestPoolBatchesBetweenLocals(t *testing.T) {
	defer debug.SetGCPercent(debug.SetGCPercent(-1)) // a collection would empty the sync.Pools
	var shared Pool[item]
	reader, writer := shared.Local(), shared.Local()
	if reader.Get() != nil {
		t.Fatal("a new pool handed out an item")
	}
	put := items(2*Batch + 1)
	for _, x := range put {
		writer.Put(x)
	}
	if n := len(*writer.own); n != 1 {
		t.Fatalf("the writer's pool keeps %d items, want 1 once two full batches went on", n)
	}
	if !syncPoolKeeps() {
		t.Skip("sync.Pool drops what is put in it (race detector): batches not checked")
	}
	got := map[*item]bool{}
	for i := range 2 * Batch {
		x := reader.Get()
		if x == nil {
			t.Fatalf("Get %d: the reader found no item, with two full batches in the shared pool", i)
		}
		if got[x] {
			t.Fatalf("item %d was handed out twice", x.n)
		}
		if x.n >= 2*Batch {
			t.Fatalf("the reader got item %d, which the writer still holds", x.n)
		}
		if n := len(*reader.own); i%Batch == 0 && n != Batch-1 {
			t.Fatalf("Get %d: the reader took a batch of %d items, want %d", i, n+1, Batch)
		}
		got[x] = true
	}
	if x := reader.Get(); x != nil {
		t.Fatalf("the reader got item %d, which the writer still holds", x.n)
	}
	if x := writer.Get(); x != put[2*Batch] {
		t.Fatal("the writer did not get back the item it holds")
	}
	if writer.Get() != nil || shared.Get() != nil {
		t.Fatal("an item was handed out twice")
	}
}

// TestPoolLocalOfLocal: a pool from Local of a local pool is in front of
// the shared pool, not of the local one.
func TestPoolLocalOfLocal(t *testing.T) {
	var shared Pool[item]
	if l := shared.Local().Local(); l.src != &shared {
		t.Fatal("Local of a local pool is not in front of the shared pool")
	}
}

// TestPoolLocalHoldsABatch: however many items go through a local pool, it
// holds at most Batch of its own, in a batch with room for no more, and
// the shared pool keeps only batches of 1 to Batch items.
func TestPoolLocalHoldsABatch(t *testing.T) {
	defer debug.SetGCPercent(debug.SetGCPercent(-1))
	var shared Pool[item]
	local := shared.Local()
	for i, x := range items(10*Batch + 5) {
		local.Put(x)
		if n := len(*local.own); n < 1 || n > Batch || cap(*local.own) != Batch {
			t.Fatalf("Put %d: the local pool holds %d items in a batch of room %d", i, n, cap(*local.own))
		}
	}
	for i := 0; local.Get() != nil; i++ {
		if n := len(*local.own); n > Batch || cap(*local.own) != Batch {
			t.Fatalf("Get %d: the local pool holds %d items in a batch of room %d", i, n, cap(*local.own))
		}
	}
	shared.Put(&item{})
	for b, _ := shared.full.Get().(*[]*item); b != nil; b, _ = shared.full.Get().(*[]*item) {
		if len(*b) < 1 || len(*b) > Batch {
			t.Fatalf("the shared pool keeps a batch of %d items", len(*b))
		}
	}
}

// TestPoolShared: the shared pool itself gives back what was put in it,
// one item at a time, and nil once empty.
func TestPoolShared(t *testing.T) {
	defer debug.SetGCPercent(debug.SetGCPercent(-1))
	var shared Pool[item]
	x := &item{n: 1}
	shared.Put(x)
	if !syncPoolKeeps() {
		t.Skip("sync.Pool drops what is put in it (race detector)")
	}
	if shared.Get() != x {
		t.Fatal("the shared pool did not give back the item put")
	}
	if shared.Get() != nil {
		t.Fatal("an empty shared pool handed out an item")
	}
}

// TestPoolConcurrent gets and puts items on several goroutines, each
// through a local pool of its own (one through the shared pool itself),
// and checks that no item is ever held by two at once. Run it with -race.
func TestPoolConcurrent(t *testing.T) {
	var shared Pool[item]
	var wg sync.WaitGroup
	for g := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			p := &shared
			if g > 0 {
				p = shared.Local()
			}
			var held []*item
			for i := range 5000 {
				if len(held) < 3*Batch && (i%7 != 0 || len(held) == 0) {
					x := p.Get()
					if x == nil {
						x = new(item)
					}
					if x.held.Swap(true) {
						t.Error("an item was handed out while another goroutine held it")
						return
					}
					x.n++ // a race with another holder shows under -race
					held = append(held, x)
					continue
				}
				for _, x := range held[len(held)/2:] {
					x.held.Store(false)
					p.Put(x)
				}
				held = held[:len(held)/2]
			}
		}()
	}
	wg.Wait()
}

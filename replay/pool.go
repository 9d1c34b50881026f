package replay

import (
	"math/bits"
	"sync"

	"github.com/handaudit/handaudit/cards"
	"github.com/handaudit/handaudit/hand"
	"github.com/handaudit/handaudit/internal/batchpool"
)

// A TracePool recycles the memory of traces, so that a long run does not
// allocate a trace's steps, stacks, pots and awards for every hand: most of
// what Replay allocates (and the garbage collector then scans and frees) is
// the Steps, one per action, and every Step's Stacks.
//
// Lifetime: a trace from TracePool.Replay is like one from Replay until it
// is given back with Put. Put hands back the Trace and every slice the
// engine made for it: Steps, each Step's Stacks, Committed,
// FinishingStacks, Returns, Pots and their Eligible, Awards, Shown and
// Boards. After Put, neither the trace nor any of those slices may be used
// again, by anyone (a report writer, a stored finding, a cache): the next
// Replay from the pool overwrites them. Copy whatever must outlive the
// trace before putting it back. Strings (notes, reasons, descriptions) and
// the hand's own memory are never reused and stay valid.
//
// A pipeline that keeps each trace until its writer has written it puts
// the trace back from the writer, once, when nothing refers to it any
// more; a caller that cannot be sure of that uses Replay, which always
// allocates. A trace whose writer needs only its totals can give its
// memory back early with Release, and the trace itself later with Put. A
// TracePool is safe for concurrent use (workers replay while a writer puts
// traces back); the zero TracePool is ready to use.
//
// Traces are kept in batches (see batchpool). A goroutine that replays or
// puts back many traces does it through a pool of its own from Local,
// which takes and gives them a whole batch at a time, and keeps the memory
// last given back for its next replay: a worker that releases a clean
// hand's trace reuses that memory at once, with no sync.Pool operation at
// all.
type TracePool struct {
	traces batchpool.Pool[Trace] // zero traces of this pool
	mems   sync.Pool             // of *traceMem

	// Set on a pool from Local: the pool it is in front of (whose mems it
	// shares), its own batches of traces, and the memory last given back.
	src   *TracePool
	local *batchpool.Pool[Trace]
	mem   *traceMem
}

// Local returns a pool for one goroutine in front of p (or in front of the
// pool p is in front of): it holds at most hand.PoolBatch traces and one
// trace's memory of its own, and must not be used by two goroutines at
// once. Its traces are p's: a trace from one of p's pools may be put back
// into any other.
func (p *TracePool) Local() *TracePool {
	shared := p.shared()
	return &TracePool{src: shared, local: shared.traces.Local()}
}

// shared returns the pool shared by all goroutines: p, or the one p is
// in front of.
func (p *TracePool) shared() *TracePool {
	if p.src != nil {
		return p.src
	}
	return p
}

// batches returns the pool of traces p takes from and gives to.
func (p *TracePool) batches() *batchpool.Pool[Trace] {
	if p.local != nil {
		return p.local
	}
	return &p.traces
}

// get returns a zero trace of the pool with memory to reuse.
func (p *TracePool) get() *Trace {
	tr := p.batches().Get()
	if tr == nil {
		tr = &Trace{pooled: true}
	}
	if p.mem != nil {
		tr.mem, p.mem = p.mem, nil
	} else if tr.mem, _ = p.shared().mems.Get().(*traceMem); tr.mem == nil {
		tr.mem = new(traceMem)
	}
	return tr
}

// Replay is Replay, reusing the memory of a trace given back with Put when
// the pool has one. The trace it returns is identical to Replay's.
func (p *TracePool) Replay(h *hand.Hand, rs *Ruleset) *Trace {
	return replayInto(p.get(), h, rs, false)
}

// ReplayTerse is Replay without the engine's plain words: the trace has
// Terse set, its notes and reasons are empty or a fixed phrase (none is
// built from amounts or names), and shown hands have no description or
// best five cards; nor has it the stacks and windows the checks do not
// read (see Trace.Terse). Every other number, status, window, pot, award
// and citation key is identical to Replay's, so checks find exactly the
// same findings on it; only their messages would lack the engine's
// reasons. It is for the
// many hands that turn out clean: a caller that finds anything on a terse
// trace replays the hand again with Replay to report it.
func (p *TracePool) ReplayTerse(h *hand.Hand, rs *Ruleset) *Trace {
	return replayInto(p.get(), h, rs, true)
}

// Put gives tr's memory back to the pool (see TracePool for what may not
// be used after), and tr itself. A nil trace, or one that is not from
// TracePool.Replay, is ignored. Putting the same trace back twice is a bug:
// two later hands would share it.
func (p *TracePool) Put(tr *Trace) {
	if tr == nil || !tr.pooled {
		return
	}
	p.giveMem(tr) // and the slices go with the rest:
	*tr = Trace{pooled: true}
	p.batches().Put(tr)
}

// Release gives tr's memory back to the pool now, and keeps the trace's
// totals (Trace.Totals): every slice (Steps, Pots, Awards, ...) becomes
// nil. A worker that
// finds a hand clean releases its trace at once: the memory is then
// reused by its next hand while still in the core's caches, where it
// would otherwise come back cold after the writer is done with the hand.
// Put still gives back the trace itself; Release on a released trace, or
// on one not from a TracePool, does nothing.
func (p *TracePool) Release(tr *Trace) {
	if p.giveMem(tr) {
		tr.keepTotals() // *tr = tr.Totals(), keeping pooled
	}
}

// giveMem is Release but for dropping the trace's slices: it gives the
// memory back and reports whether tr had any.
func (p *TracePool) giveMem(tr *Trace) bool {
	if tr == nil || tr.mem == nil {
		return false
	}
	mem := tr.mem
	// Slices that grew by appending may have outgrown the pooled memory.
	keepLarger(&mem.awards, tr.Awards)
	keepLarger(&mem.returns, tr.Returns)
	keepLarger(&mem.shown, tr.Shown)
	// Drop what points into this hand's memory, so that a pooled trace
	// does not keep a finished hand alive. Only the elements this trace
	// used hold anything: the rest were cleared when last used, or by
	// dropHands after a failed replay.
	clear(tr.Shown)
	clear(tr.Boards)
	if p.src != nil && p.mem == nil {
		p.mem = mem // for this goroutine's next replay
	} else {
		p.shared().mems.Put(mem)
	}
	return true
}

// dropHands clears every shown hand and board of the pooled memory, for a
// replay that failed with some of them written but not in its trace.
func (mem *traceMem) dropHands() {
	if mem != nil {
		clear(mem.shown[:cap(mem.shown)])
		clear(mem.boards[:cap(mem.boards)])
	}
}

// traceMem is the memory a pooled trace keeps between hands: the whole
// capacity of every slice the engine makes for a trace. A trace from
// Replay has none (Trace.mem is nil), and each method then allocates, as
// plain Replay always has.
type traceMem struct {
	steps    []Step
	amounts  []hand.Amount // every Step's Stacks, then Committed and FinishingStacks
	pots     []Pot
	eligible []int // every Pot's Eligible
	awards   []Award
	returns  []Return
	shown    []ShownHand
	boards   [][]cards.Card
	cards    []cards.Card // the boards' cards, when the record lists no boards

	// machine is the replay machine (8.5 KB) of a terse trace's replay,
	// kept to replay the next hand without a sync.Pool Get and Put of its
	// own (see keepMachine); nil otherwise.
	machine *machine
}

// The methods below return n elements (or an empty slice with room for n)
// of the pooled memory, growing it when short; with no pooled memory they
// allocate (zeroed). They do not clear what they reuse: the engine writes
// every step, amount and pot it takes before anyone reads it, and appends
// to the empty slices.

func (mem *traceMem) stepsFor(n int) []Step {
	if mem == nil {
		return make([]Step, n)
	}
	return reuse(&mem.steps, n)[:n:n]
}

func (mem *traceMem) amountsFor(n int) []hand.Amount {
	if mem == nil {
		return make([]hand.Amount, n)
	}
	return reuse(&mem.amounts, n)
}

func (mem *traceMem) potsFor(n int) []Pot {
	if mem == nil {
		return make([]Pot, n)
	}
	return reuse(&mem.pots, n)[:n:n]
}

func (mem *traceMem) eligibleFor(n int) []int {
	if mem == nil {
		return make([]int, 0, n)
	}
	return reuse(&mem.eligible, n)[:0]
}

func (mem *traceMem) cardsFor(n int) []cards.Card {
	if mem == nil {
		return make([]cards.Card, 0, n)
	}
	return reuse(&mem.cards, n)[:0]
}

func (mem *traceMem) boardsFor(n int) [][]cards.Card {
	if mem == nil {
		return make([][]cards.Card, 0, n)
	}
	return reuse(&mem.boards, n)[:0]
}

func (mem *traceMem) awardsFor(n int) []Award {
	if mem == nil {
		return make([]Award, 0, n)
	}
	return reuse(&mem.awards, n)[:0]
}

func (mem *traceMem) returnsFor(n int) []Return {
	if mem == nil {
		return make([]Return, 0, n)
	}
	return reuse(&mem.returns, n)[:0]
}

func (mem *traceMem) shownFor(n int) []ShownHand {
	if mem == nil {
		return make([]ShownHand, 0, n)
	}
	return reuse(&mem.shown, n)[:0]
}

// reuse returns n elements of *buf, as the last user left them, replacing
// it by a larger array when it is too small. The new array's length is the
// next power of two: a pooled trace meets hands of every size, and growing
// by size classes lets it settle at the largest it meets in a few steps
// instead of growing again at each hand longer than any before.
func reuse[T any](buf *[]T, n int) []T {
	if cap(*buf) < n {
		*buf = make([]T, 1<<bits.Len(uint(n-1)))
	}
	return (*buf)[:n]
}

// keepLarger keeps used's array as the pooled memory when appending made
// it larger than *buf.
func keepLarger[T any](buf *[]T, used []T) {
	if cap(used) > cap(*buf) {
		*buf = used[:0]
	}
}

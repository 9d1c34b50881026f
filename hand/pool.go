package hand

import (
	"slices"

	"github.com/handaudit/handaudit/cards"
	"github.com/handaudit/handaudit/internal/batchpool"
)

// A Pool recycles hands, so that a long run does not allocate every hand's
// seats, actions, cards and outcome again: a reader fills a hand from Get,
// and whoever is last to use the hand gives it back with Put.
//
// Lifetime: after Put, neither the hand nor any of its slices (Seats,
// Actions and their Cards, Boards, Straddles, the Outcome's slices) may be
// used again by anyone: the next hand read into it overwrites them. Strings
// are never reused and stay valid. A caller that cannot be sure nothing
// refers to a hand any more simply does not put it back.
//
// Hands are kept in batches (see batchpool): a goroutine that gets or puts
// many hands does it through a pool of its own from Local, which takes and
// gives them a whole batch at a time.
//
// A nil *Pool is valid: Get allocates and Put does nothing. A Pool is safe
// for concurrent use, but one from Local is not; the zero Pool is ready to
// use.
type Pool batchpool.Pool[Hand]

// PoolBatch is the most hands a Pool keeps in one batch, and so the most a
// pool from Local holds back from the others.
const PoolBatch = batchpool.Batch

// hands returns p as the batch pool it is.
func (p *Pool) hands() *batchpool.Pool[Hand] {
	return (*batchpool.Pool[Hand])(p)
}

// Local returns a pool for one goroutine in front of p (or in front of the
// pool p is in front of): it holds at most PoolBatch hands of its own, and
// must not be used by two goroutines at once. Local of a nil pool is nil.
func (p *Pool) Local() *Pool {
	if p == nil {
		return nil
	}
	return (*Pool)(p.hands().Local())
}

// Get returns an empty hand (as after Reset), reusing one given back with
// Put when the pool has one.
func (p *Pool) Get() *Hand {
	if p == nil {
		return new(Hand)
	}
	if h := p.hands().Get(); h != nil {
		return h
	}
	return new(Hand)
}

// Put empties h and keeps it for a later Get. See Pool for what may not be
// used after. A nil hand is ignored.
func (p *Pool) Put(h *Hand) {
	if p == nil || h == nil {
		return
	}
	h.Reset()
	p.hands().Put(h)
}

// Reset empties h so that another hand can be read into it, keeping the
// memory of its slices: Seats, Actions, Boards, Stakes.Straddles, the
// Outcome's slices, and the card memory NewCards cuts from. Everything h
// held before is gone: slices taken from it must not be used after.
func (h *Hand) Reset() {
	clear(h.Boards[:cap(h.Boards)]) // they point into card memory about to be reused
	clear(h.cardMem)                // what NewCards cut: the card memory is zero past its length
	// The slices are kept aside and h is zeroed in place: a composite
	// literal assigned to *h is built whole on the stack and then copied,
	// twice the stores of the hand's 600 bytes.
	seats, actions, boards, straddles := h.Seats[:0], h.Actions[:0], h.Boards[:0], h.Stakes.Straddles[:0]
	out := &h.Outcome
	pots, fees, stacks, winnings, cashOuts := out.Pots[:0], out.Fees[:0], out.FinishingStacks[:0], out.Winnings[:0], out.CashOuts[:0]
	cardMem := h.cardMem[:0]
	*h = Hand{}
	h.Seats, h.Actions, h.Boards, h.Stakes.Straddles = seats, actions, boards, straddles
	out.Pots, out.Fees, out.FinishingStacks, out.Winnings, out.CashOuts = pots, fees, stacks, winnings, cashOuts
	h.cardMem = cardMem
}

// NewCards returns n zeroed cards cut from h's own card memory, for the
// Cards of its actions and its Boards, so that a hand from a Pool does not
// allocate its cards again. The slice's capacity is n: appending to it
// never writes over another slice's cards.
//
// The card memory past what has been cut is always zero (a new block is,
// and Reset clears what was cut), so the cards need no clearing here: a
// cut is a few instructions, with no call.
func (h *Hand) NewCards(n int) []cards.Card {
	if n <= 0 {
		return nil
	}
	if len(h.cardMem)+n > cap(h.cardMem) {
		// Earlier slices keep the old block; the next Reset keeps this one.
		h.cardMem = make([]cards.Card, 0, max(2*cap(h.cardMem), 64, n))
	}
	start := len(h.cardMem)
	h.cardMem = h.cardMem[:start+n]
	return h.cardMem[start : start+n : start+n]
}

// NewCardsOf is NewCards with every card set to c (cards.Unknown for
// face-down cards, say), written eight at a time.
func (h *Hand) NewCardsOf(n int, c cards.Card) []cards.Card {
	s := h.NewCards(n)
	v, i := uint64(c)*0x0101010101010101, 0
	for ; i+8 <= len(s); i += 8 {
		// As binary.LittleEndian.PutUint64 writes: the compiler makes
		// the eight stores one.
		w := s[i : i+8 : i+8]
		w[0], w[1], w[2], w[3] = cards.Card(v), cards.Card(v>>8), cards.Card(v>>16), cards.Card(v>>24)
		w[4], w[5], w[6], w[7] = cards.Card(v>>32), cards.Card(v>>40), cards.Card(v>>48), cards.Card(v>>56)
	}
	if i+4 <= len(s) {
		w := s[i : i+4 : i+4]
		w[0], w[1], w[2], w[3] = cards.Card(v), cards.Card(v>>8), cards.Card(v>>16), cards.Card(v>>24)
		i += 4
	}
	for ; i < len(s); i++ {
		s[i] = c
	}
	return s
}

// Clone returns a deep copy of h that shares no memory a Pool reuses: a
// hand to keep after h goes back to its pool (the batch run keeps the
// hands whose rulings it writes at its end).
func (h *Hand) Clone() *Hand {
	c := *h
	c.cardMem = nil
	c.Seats = slices.Clone(h.Seats)
	c.Stakes.Straddles = slices.Clone(h.Stakes.Straddles)
	n := 0
	for i := range h.Actions {
		n += len(h.Actions[i].Cards)
	}
	for _, b := range h.Boards {
		n += len(b)
	}
	mem := make([]cards.Card, 0, n)
	cut := func(cs []cards.Card) []cards.Card {
		if cs == nil {
			return nil
		}
		mem = append(mem, cs...)
		return mem[len(mem)-len(cs) : len(mem) : len(mem)]
	}
	c.Actions = slices.Clone(h.Actions)
	for i := range c.Actions {
		c.Actions[i].Cards = cut(h.Actions[i].Cards)
	}
	if h.Boards != nil {
		c.Boards = make([][]cards.Card, len(h.Boards))
		for i, b := range h.Boards {
			c.Boards[i] = cut(b)
		}
	}
	o := &c.Outcome
	o.Pots = slices.Clone(h.Outcome.Pots)
	o.Fees = slices.Clone(h.Outcome.Fees)
	o.FinishingStacks = slices.Clone(h.Outcome.FinishingStacks)
	o.Winnings = slices.Clone(h.Outcome.Winnings)
	o.CashOuts = slices.Clone(h.Outcome.CashOuts)
	o.Misnamed = slices.Clone(h.Outcome.Misnamed)
	return &c
}

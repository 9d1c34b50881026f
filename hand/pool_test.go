package hand

import (
	"fmt"
	"testing"

	"github.com/handaudit/handaudit/cards"
)

func TestResetKeepsMemory(t *testing.T) {
	h := &Hand{ID: "1", Scale: 100}
	h.Seats = append(h.Seats, Seat{Number: 1, Player: "a"}, Seat{Number: 2, Player: "b"})
	c := h.NewCards(2)
	c[0], c[1] = cards.Card(5), cards.Card(7)
	h.Actions = append(h.Actions, Action{Kind: DealHole, Cards: c})
	h.Boards = append(h.Boards, h.NewCards(3))
	h.Outcome.Pots = append(h.Outcome.Pots, 10)
	seats, actions := &h.Seats[:1][0], &h.Actions[:1][0]

	h.Reset()
	if h.ID != "" || h.Scale != 0 || len(h.Seats) != 0 || len(h.Actions) != 0 || len(h.Boards) != 0 || len(h.Outcome.Pots) != 0 {
		t.Fatalf("Reset left contents: %+v", h)
	}
	if &h.Seats[:1][0] != seats || &h.Actions[:1][0] != actions || cap(h.Outcome.Pots) == 0 {
		t.Fatal("Reset dropped the memory of the slices")
	}
	if b := h.Boards[:1][0]; b != nil {
		t.Fatal("Reset kept a board pointing into reused card memory")
	}
	// The card memory is reused, zeroed, and slices never overlap.
	a := h.NewCards(2)
	if &a[0] != &c[0] || a[0] != 0 || a[1] != 0 {
		t.Fatalf("NewCards did not reuse the zeroed card memory: %v", a)
	}
	b := h.NewCards(100) // more than the block: a new block
	if len(b) != 100 || cap(b) != 100 || cap(a) != 2 {
		t.Fatalf("NewCards sizes: len %d cap %d, first cap %d", len(b), cap(b), cap(a))
	}
	// Two slices cut one after the other from the same block: appending
	// to the first must not write into the second.
	h.Reset()
	first, second := h.NewCards(2), h.NewCards(2)
	second[0] = 7
	first = append(first, 9)
	if second[0] != 7 || first[2] != 9 {
		t.Fatal("appending to one card slice wrote into another")
	}
}

// TestNewCardsOf cuts cards set to one value, of every length near the
// eight written at once, between zeroed cuts: each holds its own value,
// and after Reset the same memory comes back zeroed.
func TestNewCardsOf(t *testing.T) {
	h := new(Hand)
	for round := 0; round < 2; round++ {
		var cut [][]cards.Card
		for n := 0; n <= 20; n++ {
			cut = append(cut, h.NewCards(1), h.NewCardsOf(n, cards.Unknown))
		}
		for i, s := range cut {
			want := cards.Card(0)
			if i%2 == 1 {
				want = cards.Unknown
				if n := i / 2; len(s) != n || cap(s) != n {
					t.Fatalf("round %d: NewCardsOf(%d): len %d cap %d", round, n, len(s), cap(s))
				}
			}
			for j, c := range s {
				if c != want {
					t.Fatalf("round %d: cut %d card %d is %v, want %v", round, i, j, c, want)
				}
			}
		}
		h.Reset()
	}
}

func TestPoolGetPut(t *testing.T) {
	var nilPool *Pool
	if h := nilPool.Get(); h == nil {
		t.Fatal("nil pool: Get returned nil")
	}
	nilPool.Put(&Hand{}) // must not panic

	var p Pool
	h := p.Get()
	h.ID = "x"
	h.Seats = append(h.Seats, Seat{Player: "a"})
	p.Put(h)
	p.Put(nil)
	// sync.Pool may drop items; whatever Get returns must be empty.
	g := p.Get()
	if g.ID != "" || len(g.Seats) != 0 {
		t.Fatalf("Get returned a used hand: %+v", g)
	}
}

// TestLocalPool: a pool from Local (of a local pool, even) gives back the
// hands put into it, reset, each once, and new ones when it has none left.
// A batch's worth stays with the local pool, so no sync.Pool is in between.
func TestLocalPool(t *testing.T) {
	var shared Pool
	local := shared.Local().Local()
	put := map[*Hand]bool{}
	for i := range PoolBatch {
		h := &Hand{ID: fmt.Sprint(i), Seats: []Seat{{Player: "a"}}}
		local.Put(h)
		put[h] = true
	}
	for range PoolBatch {
		h := local.Get()
		if !put[h] {
			t.Fatal("the local pool handed out a hand not put back, or one twice")
		}
		if h.ID != "" || len(h.Seats) != 0 || cap(h.Seats) == 0 {
			t.Fatalf("Get returned a hand not reset: %+v", h)
		}
		delete(put, h)
	}
	if h := local.Get(); h == nil || h.ID != "" || cap(h.Seats) != 0 {
		t.Fatalf("an empty local pool returned %+v, want a new hand", h)
	}
	if (*Pool)(nil).Local() != nil {
		t.Fatal("Local of a nil pool is not nil")
	}
}

// TestClone: a clone is equal to its hand and keeps its contents when the
// hand is reset and its memory reused for another hand.
func TestClone(t *testing.T) {
	h := &Hand{ID: "1", Scale: 100, Stakes: Stakes{Straddles: []Amount{40}}}
	h.Seats = append(h.Seats, Seat{Number: 1, Player: "a", Stack: 100}, Seat{Number: 2, Player: "b", Stack: 200})
	c := h.NewCards(2)
	c[0], c[1] = cards.Card(5), cards.Card(7)
	h.Actions = append(h.Actions, Action{Kind: DealHole, Cards: c}, Action{Kind: Fold, Player: 1})
	board := h.NewCards(3)
	board[0], board[1], board[2] = 9, 10, 11
	h.Boards = append(h.Boards, board)
	h.Outcome.Pots = append(h.Outcome.Pots, 10)
	h.Outcome.FinishingStacks = append(h.Outcome.FinishingStacks, 90, 210)
	h.Outcome.Fees = append(h.Outcome.Fees, Fee{Name: "jackpot", Amount: 1})
	h.Outcome.CashOuts = append(h.Outcome.CashOuts, CashOut{Player: 1, Amount: 5})
	h.Outcome.Winnings = append(h.Outcome.Winnings, 0, 20)
	clone := h.Clone()
	hc := *h
	hc.cardMem = nil // the clone's cards are its own
	want := fmt.Sprintf("%+v", hc)
	if got := fmt.Sprintf("%+v", *clone); got != want {
		t.Fatalf("clone %s\nwant %s", got, want)
	}
	// Reuse every slice the pool keeps, with other contents.
	h.Reset()
	h.Seats = append(h.Seats, Seat{Number: 9, Player: "x"}, Seat{Number: 8, Player: "y"})
	x := h.NewCards(5)
	for i := range x {
		x[i] = 40
	}
	h.Actions = append(h.Actions, Action{Kind: Show, Cards: x[:2]}, Action{Kind: Bet})
	h.Boards = append(h.Boards, x[2:])
	h.Stakes.Straddles = append(h.Stakes.Straddles, 99)
	h.Outcome.Pots = append(h.Outcome.Pots, 77)
	h.Outcome.FinishingStacks = append(h.Outcome.FinishingStacks, 1, 2)
	h.Outcome.Fees = append(h.Outcome.Fees, Fee{Name: "other"})
	h.Outcome.CashOuts = append(h.Outcome.CashOuts, CashOut{Player: 0})
	h.Outcome.Winnings = append(h.Outcome.Winnings, 3, 4)
	if got := fmt.Sprintf("%+v", *clone); got != want {
		t.Errorf("the clone changed when its hand's memory was reused:\n%s\nwant %s", got, want)
	}
}

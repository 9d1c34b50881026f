package replay

import (
	"testing"

	"github.com/handaudit/handaudit/cards"
	"github.com/handaudit/handaudit/hand"
)

// hb builds hand.Hand values for tests, so that the engine's tests do not
// depend on a parser. Players are seat indices; the seats are numbered 1..n
// in table order and the button is a seat index.
type hb struct {
	h *hand.Hand
}

// newHand starts a hand of game g with the given stacks; the button is
// seat index button.
func newHand(v hand.Variant, s hand.Structure, button int, stacks ...hand.Amount) *hb {
	h := &hand.Hand{Format: "test", Scale: 1, Game: hand.Game{Variant: v, Structure: s}}
	switch v {
	case hand.Holdem:
		h.Game.HoleCards = 2
	default:
		h.Game.HoleCards = 4
	}
	for i, st := range stacks {
		h.Seats = append(h.Seats, hand.Seat{Number: i + 1, Player: string(rune('A' + i)), Stack: st})
	}
	h.Button = button + 1
	return &hb{h: h}
}

// nl is a no-limit hold'em hand.
func nl(button int, stacks ...hand.Amount) *hb {
	return newHand(hand.Holdem, hand.NoLimit, button, stacks...)
}

func (b *hb) stakes(sb, bb hand.Amount) *hb {
	b.h.Stakes.SmallBlind, b.h.Stakes.BigBlind, b.h.Stakes.MinBet = sb, bb, bb
	return b
}

func (b *hb) limits(small, big hand.Amount) *hb {
	b.h.Stakes.SmallBet, b.h.Stakes.BigBet = small, big
	return b
}

func (b *hb) add(a hand.Action) *hb {
	b.h.Actions = append(b.h.Actions, a)
	return b
}

func (b *hb) post(p int, k hand.PostKind, amt hand.Amount) *hb {
	return b.add(hand.Action{Kind: hand.Post, PostKind: k, Player: p, Amount: amt, HasAmount: true})
}

func (b *hb) sb(p int, amt hand.Amount) *hb { return b.post(p, hand.PostSmallBlind, amt) }
func (b *hb) bb(p int, amt hand.Amount) *hb { return b.post(p, hand.PostBigBlind, amt) }

func (b *hb) fold(p int) *hb  { return b.add(hand.Action{Kind: hand.Fold, Player: p}) }
func (b *hb) check(p int) *hb { return b.add(hand.Action{Kind: hand.Check, Player: p}) }

// cc is a PHH-style call: no amount, the engine resolves it.
func (b *hb) cc(p int) *hb { return b.add(hand.Action{Kind: hand.Call, Player: p}) }

// call is a PokerStars-style call with the chips added.
func (b *hb) call(p int, amt hand.Amount) *hb {
	return b.add(hand.Action{Kind: hand.Call, Player: p, Amount: amt, HasAmount: true})
}

func (b *hb) bet(p int, to hand.Amount) *hb {
	return b.add(hand.Action{Kind: hand.Bet, Player: p, To: to})
}

func (b *hb) raise(p int, to hand.Amount) *hb {
	return b.add(hand.Action{Kind: hand.Raise, Player: p, To: to})
}

func (b *hb) deal(p int, cs string) *hb {
	return b.add(hand.Action{Kind: hand.DealHole, Player: p, Cards: mustCards(cs)})
}

func (b *hb) board(cs string) *hb {
	c := mustCards(cs)
	if len(b.h.Boards) == 0 {
		b.h.Boards = [][]cards.Card{nil}
	}
	b.h.Boards[0] = append(b.h.Boards[0], c...)
	return b.add(hand.Action{Kind: hand.DealBoard, Player: hand.NoPlayer, Cards: c})
}

// board2 deals cards to the second run.
func (b *hb) board2(cs string) *hb {
	c := mustCards(cs)
	for len(b.h.Boards) < 2 {
		b.h.Boards = append(b.h.Boards, nil)
	}
	b.h.Boards[1] = append(b.h.Boards[1], c...)
	return b.add(hand.Action{Kind: hand.DealBoard, Player: hand.NoPlayer, Cards: c, Board: 1})
}

func (b *hb) show(p int, cs string) *hb {
	return b.add(hand.Action{Kind: hand.Show, Player: p, Cards: mustCards(cs)})
}

func (b *hb) muck(p int) *hb { return b.add(hand.Action{Kind: hand.Muck, Player: p}) }

func (b *hb) collect(p int, amt hand.Amount, pot int) *hb {
	return b.add(hand.Action{Kind: hand.Collect, Player: p, Amount: amt, HasAmount: true, Pot: pot})
}

func mustCards(s string) []cards.Card {
	cs, err := cards.ParseList(s)
	if err != nil {
		panic(err)
	}
	return cs
}

// replayed replays the hand under rs (nil: default) and fails the test if
// the engine could not.
func (b *hb) replayed(t *testing.T, rs *Ruleset) *Trace {
	t.Helper()
	tr := Replay(b.h, rs)
	if !tr.Supported {
		t.Fatalf("not replayed: %s", tr.Unsupported)
	}
	return tr
}

// last returns the step of the last action added.
func (b *hb) lastIndex() int { return len(b.h.Actions) - 1 }

// awardsBy sums the trace's awards per player.
func awardsBy(tr *Trace) map[int]hand.Amount {
	m := map[int]hand.Amount{}
	for _, a := range tr.Awards {
		m[a.Player] += a.Amount
	}
	return m
}

func ruleset(t *testing.T, name string) *Ruleset {
	t.Helper()
	rs, err := Preset(name)
	if err != nil {
		t.Fatal(err)
	}
	return &rs
}

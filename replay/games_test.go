package replay

import (
	"slices"
	"strings"
	"testing"

	"github.com/handaudit/handaudit/cards"
	"github.com/handaudit/handaudit/hand"
	"github.com/handaudit/handaudit/parser"
	"github.com/handaudit/handaudit/parser/phh"
)

// phhHand reads one PHH hand from src.
func phhHand(t *testing.T, src string) *hand.Hand {
	t.Helper()
	r, err := parser.Open(phh.Format, strings.NewReader(src), "t.phh")
	if err != nil {
		t.Fatal(err)
	}
	h, err := r.Next()
	if err != nil {
		t.Fatal(err)
	}
	return h
}

// studHand is a three-handed $5/$10 hand of variant (F7S, F7S/8 or FR),
// ante 1, bring-in 2, stacks 100, with the actions given.
func studHand(t *testing.T, variant string, stacks string, actions ...string) *Trace {
	t.Helper()
	if stacks == "" {
		stacks = "100, 100, 100"
	}
	src := `variant = "` + variant + `"
ante_trimming_status = false
antes = [1, 1, 1]
bring_in = 2
small_bet = 5
big_bet = 10
starting_stacks = [` + stacks + `]
actions = ["` + strings.Join(actions, `", "`) + `"]
`
	rs := Default()
	tr := Replay(phhHand(t, src), &rs)
	if !tr.Supported {
		t.Fatalf("not replayed: %s", tr.Unsupported)
	}
	return tr
}

// firstBetting is the step of the first betting action at or after step i.
func firstBetting(tr *Trace, i int) *Step {
	for ; i < len(tr.Steps); i++ {
		if tr.Steps[i].Betting {
			return &tr.Steps[i]
		}
	}
	return nil
}

// TestStudBringIn: the lowest up card brings in, suits breaking a tie
// (clubs lowest); in razz the highest, aces low (an ace never brings in),
// spades highest.
func TestStudBringIn(t *testing.T) {
	for _, c := range []struct {
		variant, p1, p2, p3 string
		want                int
	}{
		{"F7S", "KsKh4d", "5c6d3s", "8h8c3c", 2},   // 3c below 3s
		{"F7S", "KsKh2d", "5c6d3s", "8h8c3c", 0},   // the deuce
		{"F7S", "KsKh4h", "5c6d4d", "8h8c4s", 1},   // 4d: diamonds below hearts and spades
		{"F7S/8", "KsKhAd", "5c6d2s", "8h8c9c", 1}, // aces high in stud: the deuce
		{"FR", "As2hKd", "3c4dKs", "5h6h2c", 1},    // Ks above Kd
		{"FR", "As2hAd", "3c4d5s", "5h6h2c", 1},    // the ace is low in razz: 5s brings in
	} {
		tr := studHand(t, c.variant, "", "d dh p1 "+c.p1, "d dh p2 "+c.p2, "d dh p3 "+c.p3, "p1 f")
		st := firstBetting(tr, 0)
		if st.Window.ToAct != c.want {
			t.Errorf("%s %s/%s/%s: bring-in by p%d, want p%d", c.variant, c.p1, c.p2, c.p3, st.Window.ToAct+1, c.want+1)
		}
		// The bring-in is a bet less than a full bet: the completion is to the small bet.
		if st.Window.MinRaiseTo != 5 || st.Window.ToCall != 0 {
			t.Errorf("%s: bring-in window %+v, want completion to 5", c.variant, st.Window)
		}
	}
}

// TestStudBringInThenCompletion: after the bring-in of 2 the next player
// owes 2 and may complete to 5; after the completion a raise is to 10; the
// bring-in does not count toward the cap, the completion does.
func TestStudBringInThenCompletion(t *testing.T) {
	tr := studHand(t, "F7S", "", "d dh p1 KsKh4d", "d dh p2 5c6d7s", "d dh p3 8h8c3c",
		"p3 pb", "p1 cbr 5", "p2 cbr 10", "p3 f", "p1 cc")
	bi := &tr.Steps[6]
	if bi.Kind != hand.BringIn || bi.Added != 2 || !bi.HasExpected || bi.Expected != 2 {
		t.Fatalf("bring-in step %+v", bi)
	}
	comp := &tr.Steps[7]
	if w := comp.Window; w.ToAct != 0 || w.ToCall != 2 || w.MinRaiseTo != 5 || w.RaiseCount != 0 {
		t.Errorf("completion window %+v, want Ann to call 2 or complete to 5, no bet counted", w)
	}
	if !comp.FullRaise {
		t.Error("the completion is a full bet")
	}
	if w := tr.Steps[8].Window; w.MinRaiseTo != 10 || w.RaiseCount != 1 {
		t.Errorf("raise window %+v, want a raise to 10 after one bet", w)
	}
	if w := tr.Steps[9].Window; w.ToAct != 2 || w.ToCall != 8 {
		t.Errorf("Cat's window %+v, want Cat to act facing 8 more", w)
	}
}

// TestStudOpeners: after third street the best hand showing opens (a pair
// over any high card), of equals the first in seat order; in razz the
// lowest hand, a pair the worst; a player all-in does not act: the next
// does.
func TestStudOpeners(t *testing.T) {
	deal := []string{"d dh p1 KsKh4d", "d dh p2 5c6d7s", "d dh p3 8h8c3c", "p3 pb", "p1 cc", "p2 cc"}
	for _, c := range []struct {
		variant string
		fourth  []string
		want    int
	}{
		{"F7S", []string{"d dh p1 Qs", "d dh p2 2h", "d dh p3 3d"}, 2}, // Cat's pair of threes
		{"F7S", []string{"d dh p1 Qs", "d dh p2 Ah", "d dh p3 9d"}, 1}, // Bob's A-7
		{"F7S", []string{"d dh p1 7h", "d dh p2 4c", "d dh p3 9d"}, 2}, // 9-3 over 7-4 and 7-4: Cat
		{"F7S", []string{"d dh p1 7h", "d dh p2 4c", "d dh p3 2d"}, 0}, // 7-4 and 7-4 tie: Ann, first in seat order
		{"FR", []string{"d dh p1 Qs", "d dh p2 2h", "d dh p3 3d"}, 1},  // razz: Bob's 7-2; Cat's pair is worst
		{"FR", []string{"d dh p1 Ah", "d dh p2 9h", "d dh p3 9d"}, 0},  // razz: Ann's 4-A
		{"FR", []string{"d dh p1 7h", "d dh p2 Qh", "d dh p3 Kd"}, 0},  // razz: 7-4 below Q-7 and K-3
	} {
		tr := studHand(t, c.variant, "", append(append(slices.Clone(deal), c.fourth...), "p1 f")...)
		st := firstBetting(tr, len(deal)+3+3)
		if st.Street != FourthStreet || st.Window.ToAct != c.want {
			t.Errorf("%s %v: %v opened by p%d, want fourth street by p%d", c.variant, c.fourth, st.Street, st.Window.ToAct+1, c.want+1)
		}
	}
	// Cat shows the pair but is all-in: Ann, the next seat after him, opens.
	tr := studHand(t, "F7S", "100, 100, 3", append(slices.Clone(deal), "d dh p1 Qs", "d dh p2 2h", "d dh p3 3d", "p1 cc")...)
	if st := firstBetting(tr, 12); st.Window.ToAct != 0 {
		t.Errorf("with the pair all-in, p%d opens, want p1", st.Window.ToAct+1)
	}
}

// TestStudOpenPair: with an open pair on fourth street seven-card stud
// lets a bet be the small or the big bet, and after a big bet raises are
// big bets; stud high-low does not.
func TestStudOpenPair(t *testing.T) {
	acts := []string{"d dh p1 KsKh4d", "d dh p2 5c6d7s", "d dh p3 8h8c3c", "p3 pb", "p1 cc", "p2 f",
		"d dh p1 Qs", "d dh p3 3d", "p3 cbr 10", "p1 cbr 20", "p3 cc"}
	tr := studHand(t, "F7S", "", acts...)
	if w := tr.Steps[11].Window; w.MinRaiseTo != 5 || w.MaxRaiseTo != 10 {
		t.Errorf("stud, open pair: bet window %d to %d, want 5 or 10", w.MinRaiseTo, w.MaxRaiseTo)
	}
	if w := tr.Steps[12].Window; w.MinRaiseTo != 20 || w.FixedSize != 10 {
		t.Errorf("after the big bet: raise to %d (size %d), want to 20 by 10", w.MinRaiseTo, w.FixedSize)
	}
	tr = studHand(t, "F7S/8", "", acts...)
	if w := tr.Steps[11].Window; w.MinRaiseTo != 5 || w.MaxRaiseTo != 5 {
		t.Errorf("stud hi-lo, open pair: bet window %d to %d, want 5 only", w.MinRaiseTo, w.MaxRaiseTo)
	}
}

// TestStudUpCards: the third card of third street and the cards of the
// fourth to sixth streets are up, as Step.Up and UpCards say, unless the
// record says otherwise.
func TestStudUpCards(t *testing.T) {
	tr := studHand(t, "F7S", "", "d dh p1 KsKh4d", "d dh p2 5c6d7s", "d dh p3 8h8c3c", "p3 pb", "p1 cc", "p2 f",
		"d dh p1 Qs", "d dh p3 3d", "p3 cc", "p1 cc", "d dh p1 2h", "d dh p3 Td", "p3 cc", "p1 cc",
		"d dh p1 2s", "d dh p3 Tc", "p3 cc", "p1 cc", "d dh p1 9s", "d dh p3 9d", "p3 cc", "p1 cc")
	var ups []uint8
	for i := range tr.Hand.Actions {
		if tr.Hand.Actions[i].Kind == hand.DealHole {
			ups = append(ups, tr.Steps[i].Up)
		}
	}
	want := []uint8{0b100, 0b100, 0b100, 1, 1, 1, 1, 1, 1, 0, 0}
	if !slices.Equal(ups, want) {
		t.Errorf("up cards %b, want %b", ups, want)
	}
	if got := UpCards(hand.Stud, 0, 3); got != 0b100 {
		t.Errorf("UpCards(stud, 0, 3) = %b", got)
	}
	if got := UpCards(hand.Razz, 2, 5); got != 0b1111 {
		t.Errorf("UpCards(razz, 2, 5) = %b, want the 3rd to 6th cards", got)
	}
	if got := UpCards(hand.Holdem, 0, 2); got != 0 {
		t.Errorf("UpCards(holdem) = %b", got)
	}
	// A record that says which cards are up is followed: Ann shows her
	// first card, the Ks, and Bob's 7s is then the lowest but for Cat's 3c.
	h := tr.Hand
	first := slices.IndexFunc(h.Actions, func(a hand.Action) bool { return a.Kind == hand.DealHole })
	h.Actions[first].Up, h.Actions[first].UpRecorded = 0b001, true
	h.Actions[first+2].Up, h.Actions[first+2].UpRecorded = 0b001, true // Cat shows the 8h
	tr2 := Replay(h, nil)
	if tr2.Steps[first].Up != 0b001 {
		t.Errorf("recorded up cards: step says %b", tr2.Steps[first].Up)
	}
	if st := firstBetting(tr2, 0); st.Window.ToAct != 1 {
		t.Errorf("bring-in by p%d, want p2's 7s below Ks and 8h", st.Window.ToAct+1)
	}
}

// drawHand is a three-handed 2-7 triple draw $2/$4 hand (p1 small blind,
// p2 big blind, p3 button) with unknown cards.
func drawHand(t *testing.T, stacks string, actions ...string) *Trace {
	t.Helper()
	src := `variant = "F2L3D"
ante_trimming_status = false
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
small_bet = 2
big_bet = 4
starting_stacks = [` + stacks + `]
actions = ["` + strings.Join(actions, `", "`) + `"]
`
	tr := Replay(phhHand(t, src), nil)
	if !tr.Supported {
		t.Fatalf("not replayed: %s", tr.Unsupported)
	}
	return tr
}

// TestDraws: each player in the hand draws once in a draw, in order from
// the first seat left of the button; the betting rounds are named by the
// draw before them; all-in players draw too, and with no betting left the
// draws follow one another.
func TestDraws(t *testing.T) {
	deal := []string{"d dh p1 ??????????", "d dh p2 ??????????", "d dh p3 ??????????"}
	tr := drawHand(t, "100, 100, 100", append(slices.Clone(deal), "p3 cc", "p1 cc", "p2 cc",
		"p2 sd ??", "p1 sd", "p3 sd ??????", "d dh p2 ????", "d dh p3 ??????",
		"p1 cc", "p2 cbr 2", "p3 cc", "p1 f")...)
	var toAct []int
	for i := range tr.Steps {
		if tr.Steps[i].Kind == hand.Discard {
			toAct = append(toAct, tr.Steps[i].Window.ToAct)
		}
	}
	if !slices.Equal(toAct, []int{0, 0, 2}) {
		t.Errorf("next to draw %v, want p1 (Bob drew out of turn), p1, p3", toAct)
	}
	if s := tr.Steps[13]; s.Street != FirstDraw || s.Window.ToAct != 0 || s.Window.FixedSize != 2 {
		t.Errorf("after the first draw: %v, p%d to act, size %d; want first-draw, p1, the small bet", s.Street, s.Window.ToAct+1, s.Window.FixedSize)
	}
	// Everyone all-in before the draw: three draws without betting.
	tr = drawHand(t, "2, 2, 2", append(slices.Clone(deal), "p3 cc", "p1 cc", "p2 cc",
		"p1 sd ??", "p2 sd", "p3 sd", "d dh p1 ??",
		"p1 sd ??", "p2 sd ??", "p3 sd", "d dh p1 ??", "d dh p2 ??",
		"p1 sd", "p2 sd", "p3 sd ??", "d dh p3 ??",
		"p1 sm ??????????", "p2 sm ??????????", "p3 sm ??????????")...)
	var streets []Street
	for i := range tr.Steps {
		if tr.Steps[i].Kind == hand.Discard {
			streets = append(streets, tr.Steps[i].Street)
			if w := tr.Steps[i].Window.ToAct; w != tr.Steps[i].Player {
				t.Errorf("step %d: p%d drew, p%d was due", i, tr.Steps[i].Player+1, w+1)
			}
		}
	}
	if want := []Street{FirstDraw, FirstDraw, FirstDraw, SecondDraw, SecondDraw, SecondDraw, ThirdDraw, ThirdDraw, ThirdDraw}; !slices.Equal(streets, want) {
		t.Errorf("draws on %v, want %v", streets, want)
	}
	// A fourth draw is not due.
	tr = drawHand(t, "100, 100, 100", append(slices.Clone(deal), "p3 f", "p1 f",
		"p2 sd", "p2 sd", "p2 sd", "p2 sd")...)
	if w := tr.Steps[len(tr.Steps)-1].Window; w.ToAct != -1 {
		t.Errorf("a fourth draw: p%d due, want none", w.ToAct+1)
	}
}

// TestDrawHandAfterDiscards: the hand at the showdown is the cards dealt
// less the cards discarded, and wins by its game's ranking (deuce-to-seven:
// A-5-4-3-2 is ace high, no straight).
func TestDrawHandAfterDiscards(t *testing.T) {
	src := `variant = "F2L3D"
ante_trimming_status = false
antes = [0, 0]
blinds_or_straddles = [1, 2]
small_bet = 2
big_bet = 4
starting_stacks = [100, 100]
actions = ["d dh p1 As2c3d4hKs", "d dh p2 7c5d4s3h8c", "p2 cc", "p1 cc",
  "p1 sd Ks", "p2 sd 8c", "d dh p1 5s", "d dh p2 Kd", "p1 cc", "p2 cc",
  "p1 sd", "p2 sd Kd", "d dh p2 2d", "p1 cc", "p2 cc",
  "p1 sd", "p2 sd", "p1 cc", "p2 cc",
  "p1 sm As2c3d4h5s", "p2 sm 7c5d4s3h2d"]
`
	tr := Replay(phhHand(t, src), nil)
	var shown []string
	for _, s := range tr.Shown {
		shown = append(shown, cards.FormatList(s.Cards)+"="+s.Desc)
	}
	want := []string{"As2c3d4h5s=A-5-4-3-2 low", "7c5d4s3h2d=7-5-4-3-2 low"}
	if !slices.Equal(shown, want) {
		t.Errorf("shown %q, want %q", shown, want)
	}
	if len(tr.Awards) != 1 || tr.Awards[0].Player != 1 || tr.Awards[0].Amount != 4 {
		t.Errorf("awards %+v, want the pot of 4 to p2's 7-5-4-3-2", tr.Awards)
	}
}

// TestRoundsTable: the streets and board deals of each family.
func TestRoundsTable(t *testing.T) {
	for _, c := range []struct {
		v      hand.Variant
		rounds []Street
		board  []int
	}{
		{hand.Holdem, []Street{Preflop, Flop, Turn, River}, []int{3, 1, 1}},
		{hand.Courchevel, []Street{Preflop, Flop, Turn, River}, []int{1, 2, 1, 1}},
		{hand.Razz, []Street{ThirdStreet, FourthStreet, FifthStreet, SixthStreet, SeventhStreet}, nil},
		{hand.Deuce7Single, []Street{PreDraw, FirstDraw}, nil},
		{hand.Badugi, []Street{PreDraw, FirstDraw, SecondDraw, ThirdDraw}, nil},
	} {
		if got := Rounds(c.v); !slices.Equal(got, c.rounds) {
			t.Errorf("%v rounds %v, want %v", c.v, got, c.rounds)
		}
		if got := BoardDeals(c.v); !slices.Equal(got, c.board) {
			t.Errorf("%v board deals %v, want %v", c.v, got, c.board)
		}
	}
	for v := hand.Holdem; v <= hand.CourchevelHiLo; v++ {
		if Rounds(v) == nil {
			t.Errorf("%v has no rounds", v)
		}
	}
	if Rounds(hand.UnknownVariant) != nil {
		t.Error("the unknown game has rounds")
	}
}

// TestCourchevelFirstCard: Courchevel's first board card comes with the
// hole cards and opens no round; the flop's other two open the flop.
func TestCourchevelFirstCard(t *testing.T) {
	b := newHand(hand.Courchevel, hand.PotLimit, 2, 1000, 1000, 1000).stakes(5, 10).
		sb(0, 5).bb(1, 10).deal(0, "AsKsQsJs9d").deal(1, "2c3c4c5c6c").deal(2, "7h8h9hTh2d").
		board("Ad").cc(2).cc(0).check(1).board("Kd Qd").check(0).check(1).check(2)
	b.h.Game.HoleCards = 5
	tr := b.replayed(t, nil)
	if s := tr.Steps[5]; s.Street != Preflop || s.Note != "" {
		t.Errorf("first card: %v, note %q; want pre-flop, no note", s.Street, s.Note)
	}
	if s := tr.Steps[9]; s.Street != Flop {
		t.Errorf("the flop's two cards open %v", s.Street)
	}
	if w := tr.Steps[6].Window; w.ToAct != 2 {
		t.Errorf("pre-flop: p%d first, want p3", w.ToAct+1)
	}
	// The card closes no round: the big blind's 10 is not returned to
	// him as uncalled (the pot stays 15), and he owes nothing to check.
	if s := tr.Steps[5]; s.PotAfter != 15 {
		t.Errorf("pot after the first card %d, want 15", s.PotAfter)
	}
	if w := tr.Steps[8].Window; w.ToCall != 0 {
		t.Errorf("big blind's check: to call %d, want 0", w.ToCall)
	}
}

// TestButtonBlind: short deck's button blind is a live blind: the seat
// left of the button acts first and owes the blind.
func TestButtonBlind(t *testing.T) {
	b := newHand(hand.ShortDeck, hand.NoLimit, 3, 100, 100, 100).stakes(0, 0).
		post(2, hand.PostButtonBlind, 2).deal(0, "AhKh").deal(1, "TcAc").deal(2, "8s9s").cc(0).cc(1).check(2)
	b.h.Stakes.MinBet = 2
	tr := b.replayed(t, nil)
	w := tr.Steps[4].Window
	if w.ToAct != 0 || w.ToCall != 2 || w.MinRaiseTo != 4 {
		t.Errorf("first action window %+v, want p1 to call 2 or raise to 4", w)
	}
	if w := tr.Steps[6].Window; w.ToAct != 2 || w.ToCall != 0 {
		t.Errorf("button's window %+v, want the button to check its option", w)
	}
}

// TestStudCap: stud streets are capped as any fixed-limit street: the
// completion is the first bet, then three raises.
func TestStudCap(t *testing.T) {
	tr := studHand(t, "F7S", "", "d dh p1 KsKh4d", "d dh p2 5c6d7s", "d dh p3 8h8c3c",
		"p3 pb", "p1 cbr 5", "p2 cbr 10", "p3 cbr 15", "p1 cbr 20", "p2 cbr 25")
	if w := tr.Steps[len(tr.Steps)-1].Window; w.Cap != 4 || w.RaiseCount != 4 {
		t.Errorf("fifth bet's window: cap %d, %d bets; want a cap of 4 reached", w.Cap, w.RaiseCount)
	}
}

// TestRazzOddChip: tied razz lows split the pot; the odd chip goes to the
// high card by suit of the winning five (TDA 20-B): both play 7-5-4-2-A,
// and Bob's Seven of spades is above Ann's Seven of hearts, though Ann
// sits first.
func TestRazzOddChip(t *testing.T) {
	tr := studHand(t, "FR", "", "d dh p1 As2s7h", "d dh p2 Ad2d7s", "d dh p3 KcJhKh",
		"p3 pb", "p1 cc", "p2 cc", "d dh p1 4s", "d dh p2 4d", "d dh p3 Qc", "p1 cc", "p2 cc", "p3 f",
		"d dh p1 5s", "d dh p2 5d", "p1 cc", "p2 cc", "d dh p1 Qs", "d dh p2 Qd", "p1 cc", "p2 cc",
		"d dh p1 Qh", "d dh p2 Kd", "p1 cc", "p2 cc", "p1 sm As2s7h4s5sQsQh", "p2 sm Ad2d7s4d5dQdKd")
	// Pot: antes 3 and the bring-in of 2 called by both: 9; 4 each, the odd chip to Bob.
	got := awardsBy(tr)
	if got[0] != 4 || got[1] != 5 {
		t.Errorf("awards %v, want Ann 4, Bob 5 (the Seven of spades)", got)
	}
	for _, a := range tr.Awards {
		if a.Player == 1 && (a.OddChip != 1 || !strings.Contains(a.Reason, "high card by suit")) {
			t.Errorf("Bob's award %+v: want the odd chip by the high card by suit", a)
		}
	}
}

// TestFiveCardDraw: five-card draw is high: the hand after the draw, a
// pair of Kings, beats an ace high.
func TestFiveCardDraw(t *testing.T) {
	b := newHand(hand.FiveCardDraw, hand.NoLimit, 1, 100, 100).stakes(1, 2).
		sb(1, 1).bb(0, 2).deal(0, "AsKd9c5h2d").deal(1, "KhKc8s7d3c").cc(1).check(0).
		add(hand.Action{Kind: hand.Discard, Player: 0, Cards: mustCards("5h2d")}).
		add(hand.Action{Kind: hand.Discard, Player: 1, Cards: mustCards("3c")}).
		deal(0, "Jh4c").deal(1, "2s").check(0).check(1).
		show(0, "AsKd9cJh4c").show(1, "KhKc8s7d2s")
	b.h.Game.HoleCards = 5
	tr := b.replayed(t, nil)
	if got := awardsBy(tr); got[1] != 4 {
		t.Errorf("awards %v, want the pot of 4 to p2's Kings", got)
	}
	if s := tr.Steps[6]; s.Street != FirstDraw || s.Window.ToAct != 0 {
		t.Errorf("first discard: %v, p%d due; want the first draw, p1 (left of the button)", s.Street, s.Window.ToAct+1)
	}
}

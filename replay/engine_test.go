package replay

import (
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/handaudit/handaudit/cards"
	"github.com/handaudit/handaudit/hand"
)

// TestTDA2019Reopening: the 2019 text ("does not reopen the betting to a
// player who has already acted and is not facing at least a full raise when
// the action returns") already makes short all-ins count together, so
// tda-2019 reopens in the addendum's example 1 as tda-2024 does.
func TestTDA2019Reopening(t *testing.T) {
	for _, name := range []string{"tda-2019", "tda-2024"} {
		b := reopen1().cc(0)
		w := b.replayed(t, ruleset(t, name)).Steps[b.lastIndex()].Window
		if !w.Open || w.MinRaiseTo != 300 {
			t.Errorf("%s: Open %v MinRaiseTo %d, want reopened with a minimum of 300", name, w.Open, w.MinRaiseTo)
		}
	}
}

func TestHeadsUpUncapped(t *testing.T) {
	build := func() *hb {
		return newHand(hand.Holdem, hand.FixedLimit, 1, 1000, 1000).stakes(5, 10).limits(10, 20).
			sb(1, 5).bb(0, 10).raise(1, 20).raise(0, 30).raise(1, 40).cc(0)
	}
	b := build()
	if w := b.replayed(t, nil).Steps[b.lastIndex()].Window; w.Cap != 4 || w.MinRaiseTo != 0 {
		t.Errorf("TDA default: Cap %d MinRaiseTo %d, want capped at 4", w.Cap, w.MinRaiseTo)
	}
	rs := Default()
	rs.HeadsUpUncapped = true
	if w := b.replayed(t, &rs).Steps[b.lastIndex()].Window; w.Cap != 0 || w.MinRaiseTo != 50 {
		t.Errorf("heads-up uncapped: Cap %d MinRaiseTo %d, want no cap and a raise to 50", w.Cap, w.MinRaiseTo)
	}
}

func TestStraddleMinRaise(t *testing.T) {
	build := func() *hb {
		b := nl(3, 1000, 1000, 1000, 1000).stakes(1, 2).sb(0, 1).bb(1, 2)
		return b.post(2, hand.PostStraddle, 4).cc(3)
	}
	b := build()
	tr := b.replayed(t, nil)
	if w := tr.Steps[b.lastIndex()].Window; w.MinRaiseTo != 8 || w.ToAct != 3 {
		t.Errorf("straddle as a full raise: MinRaiseTo %d ToAct %d, want 8 and the seat after the straddler", w.MinRaiseTo, w.ToAct)
	}
	rs := Default()
	rs.StraddleMinRaise, rs.StraddlesAllowed = false, false
	tr = b.replayed(t, &rs)
	if w := tr.Steps[b.lastIndex()].Window; w.MinRaiseTo != 6 {
		t.Errorf("straddle as a raise of 2: MinRaiseTo %d, want 6", w.MinRaiseTo)
	}
	if !strings.Contains(tr.Steps[2].Note, "does not allow straddles") {
		t.Errorf("straddle where not allowed: note %q", tr.Steps[2].Note)
	}
}

// TestBigBlindAnteOrder: a big blind of 150 with a 100 big blind and a 100
// big-blind ante: TDA 2024 RP-11 takes the blind first (blind 100, ante
// 50); the 2019 procedure the ante first (ante 100, blind 50).
func TestBigBlindAnteOrder(t *testing.T) {
	b := nl(2, 1000, 150, 1000).stakes(50, 100)
	b.h.Stakes.Ante, b.h.Stakes.BigBlindAnte = 100, true
	b.post(1, hand.PostAnte, 100).sb(0, 50).bb(1, 50).cc(2)
	for _, c := range []struct {
		rs          string
		ante, blind hand.Amount
	}{{"tda-2024", 50, 100}, {"tda-2019", 100, 50}} {
		tr := b.replayed(t, ruleset(t, c.rs))
		if s := tr.Steps[0]; !s.HasExpected || s.Expected != c.ante {
			t.Errorf("%s: ante expected %d (%v), want %d", c.rs, s.Expected, s.HasExpected, c.ante)
		}
		if s := tr.Steps[2]; !s.HasExpected || s.Expected != c.blind {
			t.Errorf("%s: big blind expected %d, want %d", c.rs, s.Expected, c.blind)
		}
		if s := tr.Steps[1]; s.Expected != 50 {
			t.Errorf("%s: small blind expected %d", c.rs, s.Expected)
		}
	}
}

func TestUnsupported(t *testing.T) {
	for _, c := range []struct {
		h    *hand.Hand
		want string
	}{
		{nil, "no hand"},
		{&hand.Hand{Game: hand.Game{Variant: hand.UnknownVariant, Structure: hand.FixedLimit}}, "variant unknown"},
		{&hand.Hand{Game: hand.Game{Variant: hand.Variant(200), Structure: hand.NoLimit}}, "does not know the game"},
		{&hand.Hand{Game: hand.Game{Variant: hand.Stud, Structure: hand.FixedLimit}, Seats: make([]hand.Seat, 2)}, "without a bet size"},
		{&hand.Hand{Game: hand.Game{Variant: hand.Holdem}}, "unknown betting structure"},
		{&hand.Hand{Game: hand.Game{Variant: hand.Holdem, Structure: hand.NoLimit}, Seats: []hand.Seat{{}}}, "fewer than two"},
		{&hand.Hand{Game: hand.Game{Variant: hand.Omaha, Structure: hand.PotLimit, HoleCards: 7}, Seats: make([]hand.Seat, 2)}, "7 hole cards"},
	} {
		tr := Replay(c.h, nil)
		if tr.Supported || !strings.Contains(tr.Unsupported, c.want) {
			t.Errorf("Supported %v, %q; want unsupported: %q", tr.Supported, tr.Unsupported, c.want)
		}
	}
}

// TestUnsupportedNegativeStack: reset finds a negative starting stack (the
// first such seat, sitting out or not, and before a fixed-limit hand's
// missing bet size), in a pooled replay too, whose machine then replays
// the next hand as usual.
func TestUnsupportedNegativeStack(t *testing.T) {
	var pool TracePool
	for _, c := range []struct {
		h    *hand.Hand
		want string
	}{
		{nl(0, 100, -5, -7).h, "seat 2 has a negative starting stack"},
		{func() *hand.Hand { h := nl(0, 100, 0, -7).h; h.Seats[2].SittingOut = true; return h }(), "seat 3 has a negative starting stack"},
		{newHand(hand.Holdem, hand.FixedLimit, 0, 100, -1).h, "seat 2 has a negative starting stack"},
		{newHand(hand.Holdem, hand.FixedLimit, 0, 100, 100).h, "fixed-limit hand without a bet size"},
	} {
		for _, tr := range []*Trace{Replay(c.h, nil), pool.ReplayTerse(c.h, nil)} {
			if tr.Supported || tr.Unsupported != c.want && !strings.HasPrefix(tr.Unsupported, c.want) || tr.Button != -1 {
				t.Errorf("Supported %v, %q, button %d; want unsupported: %q", tr.Supported, tr.Unsupported, tr.Button, c.want)
			}
			pool.Put(tr)
		}
		ok := nl(0, 100, 100).stakes(1, 2).sb(1, 1).bb(0, 2).h
		tr := pool.ReplayTerse(ok, nil)
		if !tr.Supported || tr.TotalPot != 2 || tr.Button != 0 {
			t.Errorf("after an unsupported hand: Supported %v (%s), pot %d, button %d; want 2 (1 returned), 0", tr.Supported, tr.Unsupported, tr.TotalPot, tr.Button)
		}
		pool.Put(tr)
	}
}

// TestReplayNeverPanics throws random, often senseless hands at the engine:
// it must never panic (not even into its last-resort recover) and never
// make or lose a chip.
func TestReplayNeverPanics(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	kinds := []hand.ActionKind{hand.Post, hand.DealHole, hand.DealBoard, hand.Fold, hand.Check, hand.Call,
		hand.Bet, hand.Raise, hand.Show, hand.Muck, hand.UncalledReturn, hand.Collect, hand.Discard, hand.BringIn, 0, 99}
	variants := []hand.Variant{hand.Holdem, hand.Omaha, hand.OmahaHiLo}
	structures := []hand.Structure{hand.NoLimit, hand.PotLimit, hand.FixedLimit}
	n := 3000
	if testing.Short() {
		n = 300
	}
	for i := 0; i < n; i++ {
		seats := 2 + r.IntN(8)
		stacks := make([]hand.Amount, seats)
		for j := range stacks {
			stacks[j] = hand.Amount(r.IntN(2000))
		}
		b := newHand(variants[r.IntN(3)], structures[r.IntN(3)], r.IntN(seats+2)-1, stacks...).stakes(5, 10).limits(10, 20)
		if r.IntN(4) == 0 {
			b.h.Button = 0
		}
		for k := r.IntN(40); k > 0; k-- {
			a := hand.Action{Kind: kinds[r.IntN(len(kinds))], Player: r.IntN(seats+2) - 1,
				Amount: hand.Amount(r.IntN(600) - 50), To: hand.Amount(r.IntN(900) - 50), HasAmount: r.IntN(2) == 0,
				PostKind: hand.PostKind(r.IntN(8)), Board: r.IntN(4) - 1, Pot: r.IntN(4) - 1}
			for c := r.IntN(6); c > 0; c-- {
				a.Cards = append(a.Cards, cards.Card(r.IntN(60)))
			}
			b.add(a)
		}
		if r.IntN(3) == 0 {
			b.h.Boards = [][]cards.Card{mustCards("2c3d4hKsQd"), mustCards("5c")}
		}
		b.h.Outcome.Rake = hand.Amount(r.IntN(30))
		tr := Replay(b.h, nil)
		if !tr.Supported {
			if strings.Contains(tr.Unsupported, "internal error") {
				t.Fatalf("hand %d: %s\n%+v", i, tr.Unsupported, b.h.Actions)
			}
			continue
		}
		if msg := conservation(tr); msg != "" {
			t.Fatalf("hand %d: %s\n%+v", i, msg, b.h.Actions)
		}
		for _, s := range tr.FinishingStacks {
			if s < 0 {
				t.Fatalf("hand %d: negative finishing stack %v", i, tr.FinishingStacks)
			}
		}
	}
}

// TestReplayConcurrent: Replay may run on many goroutines at once (the
// batch pipeline does) and gives the same trace as a sequential run.
func TestReplayConcurrent(t *testing.T) {
	hs := []*hand.Hand{oddChipHand().h, reopen1().cc(0).cc(2).h}
	want := make([][]hand.Amount, len(hs))
	boards := make([]int, len(hs))
	for i, h := range hs {
		tr := Replay(h, nil)
		want[i], boards[i] = tr.FinishingStacks, len(tr.Boards[0])
	}
	done := make(chan string)
	for g := 0; g < 8; g++ {
		go func() {
			msg := ""
			for k := 0; k < 200 && msg == ""; k++ {
				i := k % len(hs)
				tr := Replay(hs[i], nil)
				if !slices.Equal(tr.FinishingStacks, want[i]) || len(tr.Boards) == 0 || len(tr.Boards[0]) != boards[i] {
					msg = "concurrent replay differs"
				}
			}
			done <- msg
		}()
	}
	for g := 0; g < 8; g++ {
		if msg := <-done; msg != "" {
			t.Error(msg)
		}
	}
}

// TestBigBlindAnteIsDeadMoney: the big blind's ante is posted for the whole
// table: it is dead money in the main pot, not a contribution level that
// only the big blind reaches (WSOP 2023 #43 day 5, 03-02-41, scaled down:
// the big blind is all-in for ante 225 + 3,350; the winner takes it all).
func TestBigBlindAnteIsDeadMoney(t *testing.T) {
	b := nl(2, 2275, 3575, 18050).stakes(75, 150)
	b.h.Stakes.Ante, b.h.Stakes.BigBlindAnte = 225, true
	b.deal(0, "8d3s").deal(1, "9d9c").deal(2, "AcKc").
		post(1, hand.PostAnte, 225).sb(0, 75).bb(1, 150).raise(2, 300).fold(0).raise(1, 3350).cc(2).
		show(1, "9d9c").show(2, "AcKc").board("2c8cTh").board("Ah").board("6d")
	tr := b.replayed(t, nil)
	if len(tr.Pots) != 1 || tr.Pots[0].Amount != 7000 || !slices.Equal(tr.Pots[0].Eligible, []int{1, 2}) {
		t.Fatalf("pots %+v, want one pot of 7000 (ante 225, blinds 75 + 3350, 3350) for seats 1 and 2", tr.Pots)
	}
	if fs := tr.FinishingStacks; fs[1] != 0 || fs[2] != 18050-3350+7000 {
		t.Errorf("finishing stacks %v, want the big blind busted", fs)
	}
	for _, a := range tr.Awards {
		if c := Cite(nil, a.Rule); strings.Contains(c.Title, "unknown") {
			t.Errorf("award rule %q is not in the citation table", a.Rule)
		}
	}
}

// TestHoleCardsOverSeveralDeals: hole cards dealt over two actions are one
// hand, and a deal of no cards before the real one does not hide it.
func TestHoleCardsOverSeveralDeals(t *testing.T) {
	b := nl(0, 100, 100).stakes(1, 2).sb(0, 1).bb(1, 2)
	b.deal(0, "As").deal(0, "Ah")
	b.add(hand.Action{Kind: hand.DealHole, Player: 1})
	b.deal(1, "Kc Kd")
	b.cc(0).check(1).board("2c 3d 7h").check(1).check(0).board("9s").check(1).check(0).board("Jc").check(1).check(0)
	tr := b.replayed(t, nil)
	if len(tr.Shown) != 2 {
		t.Fatalf("shown hands: %+v, want both", tr.Shown)
	}
	for _, s := range tr.Shown {
		want := map[int]string{0: "AsAh", 1: "KcKd"}[s.Player]
		if got := cards.FormatList(s.Cards); got != want {
			t.Errorf("player %d shows %q, want %q", s.Player, got, want)
		}
	}
	if got := awardsBy(tr); got[0] != 4 || got[1] != 0 {
		t.Errorf("awards %v, want the pot of 4 to player 0", got)
	}
}

// TestAwardFieldsWrittenInPlace guards give, which writes a single
// winner's award field by field into memory a pooled trace may have used:
// a field added to Award must be written there too, or it would keep an
// earlier hand's value.
func TestAwardFieldsWrittenInPlace(t *testing.T) {
	if n := reflect.TypeFor[Award]().NumField(); n != 9 {
		t.Fatalf("Award has %d fields, give writes 9: write the new ones in give, then update this test", n)
	}
}

// TestShortAnteCapsMainPot: a player all-in for part of his ante contests
// a main pot of what he matched of each ante: eight antes of 15 with one
// player all-in for 11 make a main pot of 8 x 11 = 88, not every ante
// (116); the rest goes to the side pot, and the bet to call stays the big
// blind.
func TestShortAnteCapsMainPot(t *testing.T) {
	stacks := []hand.Amount{1000, 1000, 11, 1000, 1000, 1000, 1000, 1000}
	b := nl(7, stacks...).stakes(50, 100)
	b.h.Stakes.Ante = 15
	for p := range stacks {
		b.post(p, hand.PostAnte, min(15, stacks[p]))
	}
	b.sb(0, 50).bb(1, 100)
	b.fold(3).fold(4).fold(5).fold(6).fold(7).cc(0).check(1)
	b.board("2c7d9h").check(0).check(1).board("Js").check(0).check(1).board("3c").check(0).check(1)
	b.show(0, "KsKh").show(1, "QsQh").show(2, "AsAh")
	tr := b.replayed(t, nil)
	if len(tr.Pots) != 2 || tr.Pots[0].Amount != 88 || !slices.Equal(tr.Pots[0].Eligible, []int{0, 1, 2}) ||
		tr.Pots[1].Amount != 7*4+200 || !slices.Equal(tr.Pots[1].Eligible, []int{0, 1}) {
		t.Fatalf("pots %+v, want a main pot of 88 for seats 0-2 and a side pot of 228 for seats 0 and 1", tr.Pots)
	}
	if st := tr.Steps[len(stacks)+2+5]; st.Window.ToCall != 50 || st.Window.CurrentBet != 100 {
		t.Errorf("the small blind faces %d to call a bet of %d, want 50 and 100", st.Window.ToCall, st.Window.CurrentBet)
	}
	if got := awardsBy(tr); got[2] != 88 || got[0] != 228 {
		t.Errorf("awards %v, want the aces 88 and the kings 228", got)
	}
}

// TestCallOfWhatCanBeWon: a call short of the bet, of what the other
// players left in the hand can match when the bettor has folded since (a
// player sitting out whose all-in big blind the room folds), is all that
// could be won: the step keeps that amount as its Expected, and the rest of
// the bet goes back uncalled. While the bettor, or a player with chips who
// could still call, is in the hand, the whole bet is owed.
func TestCallOfWhatCanBeWon(t *testing.T) {
	build := func(fold bool, extra ...hand.Amount) *hb {
		b := nl(2, append([]hand.Amount{180, 300, 5000}, extra...)...).stakes(150, 300).sb(0, 150).bb(1, 300)
		if fold {
			b.fold(1)
		}
		return b.call(2, 180)
	}
	b := build(true)
	i := b.lastIndex()
	b.call(0, 30)
	tr := b.replayed(t, nil)
	st := tr.Steps[i]
	if !st.HasExpected || st.Expected != 180 || st.Window.ToCall != 300 || !strings.Contains(st.Note, "come back uncalled") {
		t.Errorf("bettor folded: Expected %d (%v), ToCall %d, note %q; want 180 of 300 owed", st.Expected, st.HasExpected, st.Window.ToCall, st.Note)
	}
	if len(tr.Returns) != 1 || tr.Returns[0].Player != 1 || tr.Returns[0].Amount != 120 {
		t.Errorf("returns %+v, want 120 back to the folded big blind", tr.Returns)
	}
	for name, b := range map[string]*hb{
		"the all-in big blind still in the hand": build(false),
		"a player with chips yet to act":         build(true, 5000),
	} {
		st := b.replayed(t, nil).Steps[b.lastIndex()]
		if st.HasExpected || !strings.Contains(st.Note, "was owed") {
			t.Errorf("%s: Expected %d (%v), note %q; want the whole bet owed", name, st.Expected, st.HasExpected, st.Note)
		}
	}
}

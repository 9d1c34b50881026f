package replay

import (
	"slices"
	"strings"
	"testing"

	"github.com/handaudit/handaudit/hand"
)

// windowCase checks the betting window of one step of a built hand.
type windowCase struct {
	name  string
	build func() *hb // the hand; the window checked is that of its last action
	rs    string     // preset ("" default)
	want  func(t *testing.T, w Window, tr *Trace)
}

func runWindowCases(t *testing.T, cases []windowCase) {
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			b := c.build()
			tr := b.replayed(t, ruleset(t, c.rs))
			st := tr.Steps[b.lastIndex()]
			if !st.Betting {
				t.Fatalf("last step is not a betting step: %+v", st)
			}
			c.want(t, st.Window, tr)
		})
	}
}

func wantMinRaise(want hand.Amount) func(*testing.T, Window, *Trace) {
	return func(t *testing.T, w Window, _ *Trace) {
		t.Helper()
		if w.MinRaiseTo != want {
			t.Errorf("MinRaiseTo = %d, want %d (window %+v)", w.MinRaiseTo, want, w)
		}
	}
}

// TestMinimumRaiseExamples are the worked examples of the TDA illustration
// addendum for the raise-amount rule (seed 000, "第 42 条规则", examples 1,
// 2, 3, 4-A and 4-B; the same in seed 001, "规则 43:加注差额"; TDA 2024
// Rule 43).
func TestMinimumRaiseExamples(t *testing.T) {
	const big = 100000
	runWindowCases(t, []windowCase{
		{
			// NLHE 100-200. Post-flop A bets 600, B raises 1000 to 1600, C
			// raises 2000 to 3600: D must raise at least 2000, to 5600.
			name: "42 example 1: 600, 1600, 3600 -> 5600",
			build: func() *hb {
				return nl(3, big, big, big, big).stakes(100, 200).
					sb(0, 100).bb(1, 200).cc(2).cc(3).cc(0).check(1).
					board("2c7d9h").bet(0, 600).raise(1, 1600).raise(2, 3600).cc(3)
			},
			want: func(t *testing.T, w Window, tr *Trace) {
				wantMinRaise(5600)(t, w, tr)
				if w.FullRaise != 2000 || w.CurrentBet != 3600 || w.ToCall != 3600 {
					t.Errorf("window %+v, want full raise 2000, current bet 3600, to call 3600", w)
				}
			},
		},
		{
			// NLHE 50-100. Pre-flop A goes all-in for 150 (50 more): the
			// blind's 100 is still the largest bet or raise, so B must raise
			// at least 100, to 250.
			name: "42 example 2: short all-in 150 over the 100 blind -> 250",
			build: func() *hb {
				return nl(3, big, big, 150, big).stakes(50, 100).
					sb(0, 50).bb(1, 100).raise(2, 150).cc(3)
			},
			want: func(t *testing.T, w Window, tr *Trace) {
				wantMinRaise(250)(t, w, tr)
				a := tr.Steps[2]
				if a.FullRaise || !a.AllIn {
					t.Errorf("A's 150: FullRaise %v AllIn %v, want a short all-in", a.FullRaise, a.AllIn)
				}
			},
		},
		{
			// NLHE 100-200. On the turn A bets 300, B makes it 1000 (700
			// more): C's minimum raise is 700, to 1700.
			name: "42 example 3: 300 then 1000 -> 1700",
			build: func() *hb {
				return nl(2, big, big, big).stakes(100, 200).
					sb(0, 100).bb(1, 200).cc(2).cc(0).check(1).
					board("2c7d9h").check(0).check(1).check(2).
					board("Js").bet(0, 300).raise(1, 1000).cc(2)
			},
			want: wantMinRaise(1700),
		},
		{
			// NLHE 25-50. A raises 75 to 125, B 75 to 200, C 300 to 500: D
			// must raise at least 300, to 800.
			name: "42 example 4-A: 125, 200, 500 -> 800",
			build: func() *hb {
				return nl(5, big, big, big, big, big, big).stakes(25, 50).
					sb(0, 25).bb(1, 50).raise(2, 125).raise(3, 200).raise(4, 500).cc(5)
			},
			want: wantMinRaise(800),
		},
		{
			// Same, but A raises 450 to 500 and B and C call: D must raise
			// at least 450, to 950.
			name: "42 example 4-B: 500 called twice -> 950",
			build: func() *hb {
				return nl(5, big, big, big, big, big, big).stakes(25, 50).
					sb(0, 25).bb(1, 50).raise(2, 500).cc(3).cc(4).cc(5)
			},
			want: func(t *testing.T, w Window, tr *Trace) {
				wantMinRaise(950)(t, w, tr)
				if w.ToCall != 500 {
					t.Errorf("ToCall = %d, want 500", w.ToCall)
				}
			},
		},
	})
}

// reopen1 is the addendum's reopening example 1 (seed 000, "第 43 条规则",
// example 1): NLHE 50-100, post-flop A opens for 100, B is all-in for 125,
// C calls 125, D is all-in for 200 and E calls 200. Seats: A is the small
// blind, the sixth seat the button.
func reopen1() *hb {
	const big = 100000
	return nl(5, big, 225, big, 300, big, big).stakes(50, 100).
		sb(0, 50).bb(1, 100).cc(2).cc(3).cc(4).fold(5).cc(0).check(1).
		board("2c7d9h").bet(0, 100).raise(1, 125).cc(2).raise(3, 200).cc(4)
}

// TestReopeningExamples are the addendum's reopening examples (seed 000,
// "第 43 条规则", examples 1, 1-A, 1-B, 2-A, 2-B; the same in seed 001,
// "规则 44:重新打开下注轮"; TDA 2024 Rule 47-A) and the Wikipedia example
// of cumulative short all-ins (seed 002).
func TestReopeningExamples(t *testing.T) {
	open := func(want bool, toCall hand.Amount, minRaise hand.Amount, reason string) func(*testing.T, Window, *Trace) {
		return func(t *testing.T, w Window, _ *Trace) {
			t.Helper()
			if w.Open != want || w.ToCall != toCall || w.MinRaiseTo != minRaise {
				t.Errorf("Open %v ToCall %d MinRaiseTo %d, want %v %d %d (reason %q)",
					w.Open, w.ToCall, w.MinRaiseTo, want, toCall, minRaise, w.OpenReason)
			}
			if reason != "" && w.OpenReason != reason {
				t.Errorf("OpenReason = %q\nwant         %q", w.OpenReason, reason)
			}
		}
	}
	runWindowCases(t, []windowCase{
		{
			// B's 25 and D's 75 are each short, but together A faces a full
			// raise of 100: betting is reopened for A.
			name:  "43 example 1: cumulative short all-ins reopen for A",
			build: func() *hb { return reopen1().cc(0) },
			want: open(true, 100, 300,
				"betting reopened: the short all-ins since the player acted at 100 add up to 100, at least a full raise of 100"),
		},
		{
			// A just calls 200; C called 125 and now faces only D's 75: not
			// reopened, C may only call or fold.
			name:  "43 example 1-A: C faces only 75 after A calls",
			build: func() *hb { return reopen1().cc(0).cc(2) },
			want: open(false, 75, 0,
				"betting not reopened: the short all-in of 200 is 75 over the 125 bet, less than a full raise of 100"),
		},
		{
			// A min-raises 100 to 300: C faces 175 more, a full raise: reopened.
			name:  "43 example 1-B: A's min-raise to 300 reopens for C",
			build: func() *hb { return reopen1().raise(0, 300).cc(2) },
			want: func(t *testing.T, w Window, tr *Trace) {
				open(true, 175, 400, "")(t, w, tr)
				if a := tr.Steps[len(tr.Steps)-2]; !a.FullRaise || a.Window.MinRaiseTo != 300 {
					t.Errorf("A's raise to 300: FullRaise %v, MinRaiseTo %d; want a full raise with minimum 300", a.FullRaise, a.Window.MinRaiseTo)
				}
			},
		},
		{
			// The wording: one short all-in over a bet of 100.
			name: "single short all-in does not reopen",
			build: func() *hb {
				const big = 100000
				return nl(5, big, 225, big, big, big, big).stakes(50, 100).
					sb(0, 50).bb(1, 100).cc(2).cc(3).cc(4).fold(5).cc(0).check(1).
					board("2c7d9h").bet(0, 100).raise(1, 125).cc(2).fold(3).fold(4).cc(0)
			},
			want: open(false, 25, 0,
				"betting not reopened: the short all-in of 125 is 25 over the 100 bet, less than a full raise of 100"),
		},
	})

	// Example 2: NLHE 2000-4000. A calls 4000, B folds, C is all-in for
	// 7500 (3500 more), the small blind folds. Seats: SB, BB, A, B, C (button).
	ex2 := func() *hb {
		const big = 1000000
		return nl(4, big, big, big, big, 7500).stakes(2000, 4000).
			sb(0, 2000).bb(1, 4000).cc(2).fold(3).raise(4, 7500).fold(0)
	}
	runWindowCases(t, []windowCase{
		{
			// The big blind has not acted: may fold, call 3500 or raise to at least 11500.
			name:  "43 example 2-A: the big blind may raise to 11500",
			build: func() *hb { return ex2().cc(1) },
			want:  open(true, 3500, 11500, "betting open: the player has not acted on this street"),
		},
		{
			// The big blind calls; A faces 3500, not a full raise: call or fold only.
			name:  "43 example 2-A: A may not raise after the big blind calls",
			build: func() *hb { return ex2().cc(1).cc(2) },
			want: open(false, 3500, 0,
				"betting not reopened: the short all-in of 7500 is 3500 over the 4000 bet, less than a full raise of 4000"),
		},
		{
			// The big blind raises the minimum to 11500: A faces 7500, more than a full raise.
			name:  "43 example 2-B: the big blind's raise reopens for A",
			build: func() *hb { return ex2().raise(1, 11500).cc(2) },
			want:  open(true, 7500, 15500, "betting reopened: a raise to 11500 since the player acted at 4000"),
		},
	})

	// Seed 002 (Wikipedia): A bets 500, B raises to 1,000, C calls, D is
	// all-in for 1,300 (300 more) and E all-in for 1,700 (400 more). Under
	// the cumulative rule B and C may raise again: call to 1,700 or raise to
	// 2,200 or more (the last full raise is 500).
	wiki := func() *hb {
		const big = 100000
		return nl(4, big, big, big, 1400, 1800).stakes(50, 100).
			sb(0, 50).bb(1, 100).cc(2).cc(3).cc(4).cc(0).check(1).
			board("2c7d9h").bet(0, 500).raise(1, 1000).cc(2).raise(3, 1300).raise(4, 1700).cc(0)
	}
	runWindowCases(t, []windowCase{
		{name: "wiki: B may re-raise to 2200", build: func() *hb { return wiki().cc(1) }, want: open(true, 700, 2200, "")},
		{name: "wiki: C may re-raise to 2200", build: func() *hb { return wiki().cc(1).cc(2) }, want: open(true, 700, 2200, "")},
	})
}

// TestPotLimitExample is the seed's pot-limit example (seed 002, 彩池限注):
// "目前彩池为$1000,大盲注为$100,上家下注$100 ... 此次加注最大总金额为
// $100+$1200=$1300,加注后彩池为$2400,再下家可加注之最大上限为
// $1300(跟注)+$3700=$5000,总彩池变为$7400" — pot $1,000, a $100 bet:
// the largest raise totals $1,300, the pot is then $2,400; the next
// player's largest raise totals $5,000 and the pot becomes $7,400.
func TestPotLimitExample(t *testing.T) {
	const big = 100000
	b := newHand(hand.Holdem, hand.PotLimit, 3, big, big, big, big).stakes(50, 100).
		sb(0, 50).bb(1, 100).raise(2, 250).cc(3).cc(0).cc(1). // pot 1000
		board("2c7d9h").bet(0, 100)
	iBet := b.lastIndex()
	b.raise(1, 1300)
	iRaise := b.lastIndex()
	b.raise(2, 5000)
	iNext := b.lastIndex()
	tr := b.replayed(t, nil)

	if got := tr.Steps[iBet].PotBefore; got != 1000 {
		t.Fatalf("pot before the $100 bet = %d, want 1000", got)
	}
	if w := tr.Steps[iRaise].Window; w.PotLimitMax != 1300 || w.MaxRaiseTo != 1300 {
		t.Errorf("largest raise after the $100 bet: PotLimitMax %d MaxRaiseTo %d, want 1300", w.PotLimitMax, w.MaxRaiseTo)
	}
	if got := tr.Steps[iRaise].PotAfter; got != 2400 {
		t.Errorf("pot after the raise to $1,300 = %d, want 2400", got)
	}
	if w := tr.Steps[iNext].Window; w.PotLimitMax != 5000 || w.ToCall != 1300 {
		t.Errorf("next player's largest raise: PotLimitMax %d (to call %d), want 5000 (1300)", w.PotLimitMax, w.ToCall)
	}
	if got := tr.Steps[iNext].PotAfter; got != 7400 {
		t.Errorf("pot after the raise to $5,000 = %d, want 7400", got)
	}
}

// TestPotLimitShortBlind: a short all-in big blind does not change the
// pre-flop pot-limit calculation (TDA 2024 54-B): with blinds 50-100 and
// the big blind all-in for 60, the first player may raise to 350, as if
// the whole blind were posted, and must still call a full 100.
func TestPotLimitShortBlind(t *testing.T) {
	b := newHand(hand.Holdem, hand.PotLimit, 3, 1000, 60, 1000, 1000).stakes(50, 100).
		sb(0, 50).bb(1, 60).cc(2)
	w := b.replayed(t, nil).Steps[2].Window
	if w.PotLimitMax != 350 || w.ToCall != 100 || w.MinRaiseTo != 200 {
		t.Errorf("window %+v, want PotLimitMax 350, ToCall 100, MinRaiseTo 200", w)
	}
}

// TestHeadsUpOrder: heads-up the button posts the small blind, acts first
// pre-flop and last after the flop (TDA 2024 Rule 34).
func TestHeadsUpOrder(t *testing.T) {
	b := nl(1, 1000, 1000).stakes(50, 100).sb(1, 50).bb(0, 100).cc(1).check(0).
		board("2c7d9h").check(0).check(1)
	tr := b.replayed(t, nil)
	for i, want := range map[int]int{2: 1, 3: 0, 5: 0, 6: 1} {
		if got := tr.Steps[i].Window.ToAct; got != want {
			t.Errorf("step %d (%v by %d): ToAct = %d, want %d", i, tr.Steps[i].Kind, tr.Steps[i].Player, got, want)
		}
	}
	if tr.Button != 1 {
		t.Errorf("Button = %d, want 1", tr.Button)
	}
}

// TestOutOfTurnNoCascade: after a player acts out of turn the next player
// to act is worked out from what the record says happened.
func TestOutOfTurnNoCascade(t *testing.T) {
	b := nl(3, 1000, 1000, 1000, 1000).stakes(5, 10).sb(0, 5).bb(1, 10).
		cc(3). // out of turn: seat 2 is first to act
		cc(2).cc(0).check(1)
	tr := b.replayed(t, nil)
	if w := tr.Steps[2].Window; w.ToAct != 2 {
		t.Fatalf("first pre-flop action: ToAct %d, want 2", w.ToAct)
	}
	if w := tr.Steps[3].Window; w.ToAct != 2 {
		t.Errorf("after seat 3 acted out of turn, ToAct = %d, want 2 (still owed)", w.ToAct)
	}
	if w := tr.Steps[4].Window; w.ToAct != 0 {
		t.Errorf("after seat 2 acted, ToAct = %d, want 0", w.ToAct)
	}
}

// TestUnderRaiseNoCascade: an under-minimum raise is flagged by its note
// and the replay goes on from it: the next raise is measured from it.
func TestUnderRaiseNoCascade(t *testing.T) {
	b := nl(2, 1000, 1000, 1000).stakes(50, 100).sb(0, 50).bb(1, 100).
		raise(2, 150). // under the minimum of 200, not all-in
		raise(0, 250)
	tr := b.replayed(t, nil)
	if st := tr.Steps[2]; st.FullRaise || !strings.Contains(st.Note, "less than the minimum") {
		t.Errorf("under-raise step: FullRaise %v note %q", st.FullRaise, st.Note)
	}
	if w := tr.Steps[3].Window; w.MinRaiseTo != 250 || !w.Open {
		t.Errorf("after the under-raise: MinRaiseTo %d Open %v, want 250 true", w.MinRaiseTo, w.Open)
	}
}

// TestFixedLimitReopening: in limit, half a full bet reopens the betting
// for players who already acted (TDA 2024 Rule 47-B).
func TestFixedLimitReopening(t *testing.T) {
	fl := func(bStack hand.Amount, allIn hand.Amount) *hb {
		return newHand(hand.Holdem, hand.FixedLimit, 3, 1000, bStack, 1000, 1000).stakes(5, 10).limits(10, 20).
			sb(0, 5).bb(1, 10).cc(2).cc(3).cc(0).check(1).
			board("2c7d9h").bet(0, 10).raise(1, allIn).cc(2).fold(3).cc(0)
	}
	tr := fl(25, 15).replayed(t, nil)
	w := tr.Steps[len(tr.Steps)-1].Window
	if !w.Open || w.ToCall != 5 || w.MinRaiseTo != 25 {
		t.Errorf("all-in of 5 over a 10 bet (half): Open %v ToCall %d MinRaiseTo %d (%s), want reopened, raise to 25", w.Open, w.ToCall, w.MinRaiseTo, w.OpenReason)
	}
	tr = fl(24, 14).replayed(t, nil)
	w = tr.Steps[len(tr.Steps)-1].Window
	want := "betting not reopened: the short all-in of 14 is 4 over the 10 bet, less than half of a full bet of 10"
	if w.Open || w.OpenReason != want {
		t.Errorf("all-in of 4 over a 10 bet: Open %v reason %q, want %q", w.Open, w.OpenReason, want)
	}
}

// TestFixedLimitReopeningOwnAction: TDA 47-B measures, for each player who
// already acted, what he faces since his own last action, as 47-A does in
// no limit. A bets 10, B is all-in for 14 (short of half a bet), C calls
// 14, D is all-in for 17: 7 over the bet A acted on (reopened to A), but
// only 3 over what C called (not reopened to C), although D's all-in is
// half a bet over the last full bet.
func TestFixedLimitReopeningOwnAction(t *testing.T) {
	b := newHand(hand.Holdem, hand.FixedLimit, 4, 1000, 24, 1000, 27, 1000).stakes(5, 10).limits(10, 20).
		sb(0, 5).bb(1, 10).cc(2).cc(3).cc(4).cc(0).check(1).
		board("2c7d9h").bet(0, 10).raise(1, 14).cc(2).raise(3, 17).fold(4).cc(0)
	at := len(b.h.Actions) - 1 // A calls 17
	b.cc(2)                    // C calls 17
	tr := b.replayed(t, nil)
	if w := tr.Steps[at].Window; !w.Open || w.MinRaiseTo != 27 {
		t.Errorf("A, who bet 10, faces 17: Open %v MinRaiseTo %d (%s), want reopened, a raise to 27", w.Open, w.MinRaiseTo, w.OpenReason)
	}
	want := "betting not reopened: the short all-in of 17 is 3 over the 14 bet, less than half of a full bet of 10"
	if w := tr.Steps[at+1].Window; w.Open || w.OpenReason != want {
		t.Errorf("C, who called 14, faces 17: Open %v (%q), want not reopened: %q", w.Open, w.OpenReason, want)
	}
}

// TestFixedLimitCap: a bet and three raises cap the street (TDA 2024 Rule 48, default cap 4).
func TestFixedLimitCap(t *testing.T) {
	b := newHand(hand.Holdem, hand.FixedLimit, 3, 1000, 1000, 1000, 1000).stakes(5, 10).limits(10, 20).
		sb(0, 5).bb(1, 10).raise(2, 20).raise(3, 30).raise(0, 40).cc(1)
	tr := b.replayed(t, nil)
	w := tr.Steps[len(tr.Steps)-1].Window
	if w.RaiseCount != 4 || w.Cap != 4 || w.MinRaiseTo != 0 || w.ToCall != 30 {
		t.Errorf("window %+v, want RaiseCount 4, Cap 4, no raise allowed, ToCall 30", w)
	}
	if w := tr.Steps[3].Window; w.MinRaiseTo != 30 || w.MaxRaiseTo != 30 || w.FixedSize != 10 {
		t.Errorf("second raise window %+v, want exactly 30", w)
	}
	rs := Default()
	rs.HeadsUpUncapped = true // not heads-up here: the cap stays
	if w := b.replayed(t, &rs).Steps[len(tr.Steps)-1].Window; w.Cap != 4 {
		t.Errorf("four players with heads-up uncapped: Cap %d, want 4", w.Cap)
	}
}

// TestCallResolution: a PHH "cc" with nothing owed is a check; with chips
// owed it calls them, capped by the stack.
func TestCallResolution(t *testing.T) {
	b := nl(2, 1000, 1000, 120).stakes(50, 100).sb(0, 50).bb(1, 100).raise(0, 300).cc(1).cc(2).
		board("2c7d9h").cc(0)
	tr := b.replayed(t, nil)
	if st := tr.Steps[3]; st.Kind != hand.Call || st.Added != 200 {
		t.Errorf("cc facing 200: kind %v added %d, want call 200", st.Kind, st.Added)
	}
	if st := tr.Steps[4]; st.Added != 120 || !st.AllIn {
		t.Errorf("cc with 120 behind facing 300: added %d all-in %v, want 120 all-in", st.Added, st.AllIn)
	}
	if st := tr.Steps[6]; st.Kind != hand.Check || st.Added != 0 || st.Note != "" {
		t.Errorf("cc with nothing owed: kind %v added %d note %q, want a check", st.Kind, st.Added, st.Note)
	}
}

// TestUncalledBet: the part of a bet no one called goes back to the bettor.
func TestUncalledBet(t *testing.T) {
	b := nl(2, 1000, 1000, 400).stakes(5, 10).sb(0, 5).bb(1, 10).raise(2, 400).raise(0, 900).fold(1).cc(2)
	tr := b.replayed(t, nil)
	if len(tr.Returns) != 1 || tr.Returns[0] != (Return{Player: 0, Amount: 500, Step: 5}) {
		t.Fatalf("Returns = %+v, want 500 back to seat 0 after step 5", tr.Returns)
	}
	if tr.TotalPot != 810 || tr.Committed[0] != 400 {
		t.Errorf("TotalPot %d, committed[0] %d, want 810 and 400", tr.TotalPot, tr.Committed[0])
	}
}

// TestSidePotExample is the seed's side-pot example (seed 002, 彩池分配范例):
// A, B, C all-in for $50, $250, $350, D and E in for $800, F folds after
// putting in $500; total $2,750: main pot $300, side pots $1,000, $400, $450
// and $600. Hands rank F > A > B > D > E > C, F folded: A wins $300, B
// $1,000, D $1,450.
func TestSidePotExample(t *testing.T) {
	committed := []hand.Amount{50, 250, 350, 800, 800, 500}
	live := []bool{true, true, true, true, true, false}
	layers := PotLayers(committed, live)
	var amounts []hand.Amount
	var total hand.Amount
	for _, p := range layers {
		amounts = append(amounts, p.Amount)
		total += p.Amount
	}
	if total != 2750 || !slices.Equal(amounts, []hand.Amount{300, 1000, 400, 450, 600}) {
		t.Fatalf("layers %v (total %d), want main 300 and side pots 1000, 400, 450, 600 (2750)", amounts, total)
	}
	if !slices.Equal(layers[1].Eligible, []int{1, 2, 3, 4}) || !slices.Equal(layers[4].Eligible, []int{3, 4}) {
		t.Errorf("eligible: %v, %v", layers[1].Eligible, layers[4].Eligible)
	}

	// The same hand replayed: the dealer's pots merge the two layers above
	// C's all-in, which have the same eligible players (D, E).
	b := nl(5, 50, 250, 350, 2000, 2000, 1000).stakes(0, 0)
	b.h.Stakes.MinBet = 50
	b.deal(0, "KcKd").deal(1, "QcQd").deal(2, "4c5d").deal(3, "JcJd").deal(4, "8c8d").deal(5, "AcAd").
		bet(0, 50).raise(1, 250).raise(2, 350).raise(3, 500).cc(4).cc(5).
		board("2h7d9h").bet(3, 300).cc(4).fold(5).board("Ts").board("3s")
	tr := b.replayed(t, nil)
	var pots []hand.Amount
	for _, p := range tr.Pots {
		pots = append(pots, p.Amount)
	}
	if tr.TotalPot != 2750 || !slices.Equal(pots, []hand.Amount{300, 1000, 400, 1050}) {
		t.Fatalf("pots %v (total %d), want 300, 1000, 400, 1050", pots, tr.TotalPot)
	}
	got := awardsBy(tr)
	want := map[int]hand.Amount{0: 300, 1: 1000, 3: 1450}
	if len(got) != len(want) {
		t.Errorf("awards %v, want %v", got, want)
	}
	for p, a := range want {
		if got[p] != a {
			t.Errorf("%s wins %d, want %d", b.h.PlayerName(p), got[p], a)
		}
	}
	if fs := tr.FinishingStacks; !slices.Equal(fs, []hand.Amount{300, 1000, 0, 2650, 1200, 500}) {
		t.Errorf("finishing stacks %v", fs)
	}
}

// oddChipHand: A (button), B, C, D, E; C, D and E split the $1,000 pot with
// Broadway, A and B hold the lower straight (seed 002, 彩池无法均分时的小额筹码分配).
func oddChipHand() *hb {
	b := nl(0, 1000, 1000, 1000, 1000, 1000).stakes(100, 200).
		sb(1, 100).bb(2, 200).cc(3).cc(4).cc(0).cc(1).check(2).
		board("KhQdJc")
	for _, st := range []string{"Ts", "2s"} {
		b.check(1).check(2).check(3).check(4).check(0).board(st)
	}
	return b.check(1).check(2).check(3).check(4).check(0).
		show(1, "9d7h").show(2, "Ac3d").show(3, "Ad4c").show(4, "As6c").show(0, "9c8d")
}

// TestOddChipExample is the seed's odd-chip example (seed 002): with $10
// the smallest chip, C, D and E split $1,000: D and E get $330 each and the
// odd $10 goes to C, the winner closest left of the button A: $340.
func TestOddChipExample(t *testing.T) {
	cases := []struct {
		name    string
		chip    int64
		rule    OddChipRule
		c, d, e hand.Amount
	}{
		{"smallest chip $10", 10, OddChipLeftOfButton, 340, 330, 330},
		{"smallest chip $1", 0, OddChipLeftOfButton, 334, 333, 333},
		{"split evenly ignores the chip", 10, OddChipSplitEvenly, 334, 333, 333},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			rs := Default()
			rs.SmallestChip, rs.OddChip = HouseAmount{Units: c.chip}, c.rule
			tr := oddChipHand().replayed(t, &rs)
			got := awardsBy(tr)
			if got[2] != c.c || got[3] != c.d || got[4] != c.e || len(got) != 3 {
				t.Errorf("awards %v, want C %d, D %d, E %d", got, c.c, c.d, c.e)
			}
			for _, a := range tr.Awards {
				if (a.OddChip > 0) != (a.Player == 2 && c.c != c.d) {
					t.Errorf("award %+v: odd chip on the wrong player", a)
				}
			}
		})
	}
}

// TestHiLoSplit: the odd chip of a hi/lo pot goes to the high side (TDA 20-C);
// identical hands that win both halves split as evenly as possible (20-D,
// seed 000's example: 66 chips, 33 each, not 34 and 32).
func TestHiLoSplit(t *testing.T) {
	b := newHand(hand.OmahaHiLo, hand.NoLimit, 1, 1000, 1000).stakes(1, 2).
		sb(1, 1).bb(0, 2).raise(1, 33).cc(0).
		board("2c3d4h").check(0).check(1).board("Ks").check(0).check(1).board("Qd").check(0).check(1).
		show(0, "5c6d9h9s").show(1, "5d6hTcTh")
	tr := b.replayed(t, nil)
	if got := awardsBy(tr); got[0] != 33 || got[1] != 33 {
		t.Errorf("identical wheel-straight hands: awards %v, want 33 each", got)
	}

	// A flush wins high, B's 7-5-4-3-2 the low; C's folded ante makes the pot 67.
	b = newHand(hand.OmahaHiLo, hand.NoLimit, 2, 1000, 1000, 1000).stakes(1, 2)
	b.post(2, hand.PostAnte, 1).sb(0, 1).bb(1, 2).fold(2).raise(0, 33).cc(1).
		board("2c3c7c").check(1).check(0).board("Ks").check(1).check(0).board("Qd").check(1).check(0).
		show(0, "AcTc9h9s").show(1, "4d5hKhKd")
	tr = b.replayed(t, nil)
	var hi, lo Award
	for _, a := range tr.Awards {
		switch a.Half {
		case High:
			hi = a
		case Low:
			lo = a
		}
	}
	if hi.Player != 0 || hi.Amount != 34 || hi.OddChip != 0 || lo.Player != 1 || lo.Amount != 33 {
		t.Errorf("high %+v, low %+v: want seat 0 high 34 (the odd chip), seat 1 low 33", hi, lo)
	}
}

// TestRunItTwice: each pot is split between the runs, the odd chip to the first.
func TestRunItTwice(t *testing.T) {
	b := nl(2, 1000, 1000, 1000).stakes(5, 10)
	b.post(2, hand.PostAnte, 1).sb(0, 5).bb(1, 10).fold(2).raise(0, 1000).cc(1).
		board("2h7d9s").board("Tc").board("3h").board2("Kh5s6d8cJd").
		show(0, "AcAd").show(1, "KcKd")
	tr := b.replayed(t, nil)
	if len(tr.Boards) != 2 {
		t.Fatalf("boards %v", tr.Boards)
	}
	want := []Award{{Board: 0, Player: 0, Amount: 1001, OddChip: 1}, {Board: 1, Player: 1, Amount: 1000}}
	if len(tr.Awards) != 2 {
		t.Fatalf("awards %+v", tr.Awards)
	}
	for i, w := range want {
		a := tr.Awards[i]
		if a.Board != w.Board || a.Player != w.Player || a.Amount != w.Amount {
			t.Errorf("award %d = %+v, want %+v", i, a, w)
		}
	}
}

// TestShowdownOrder: the last aggressor on the river shows first; with no
// river bet, the first seat left of the button (TDA 2024 Rule 17-A).
func TestShowdownOrder(t *testing.T) {
	b := oddChipHand()
	tr := b.replayed(t, nil)
	if tr.ShowdownFirst != 1 || !strings.Contains(tr.ShowdownReason, "no bet on the river") {
		t.Errorf("ShowdownFirst %d (%q), want 1, the first seat left of the button", tr.ShowdownFirst, tr.ShowdownReason)
	}
	b = nl(2, 1000, 1000, 1000).stakes(5, 10).sb(0, 5).bb(1, 10).cc(2).cc(0).check(1).
		board("2h7d9s").check(0).check(1).check(2).board("Tc").check(0).check(1).check(2).
		board("3h").check(0).bet(1, 50).cc(2).fold(0).
		show(2, "AcAd").show(1, "KcKd")
	tr = b.replayed(t, nil)
	if tr.ShowdownFirst != 1 || tr.ShowdownReason != "last aggressor on the river: B, to 50" {
		t.Errorf("ShowdownFirst %d (%q), want B", tr.ShowdownFirst, tr.ShowdownReason)
	}
}

// TestAwardsWithoutShownCards: a player who mucks has no claim; one who
// did not table while another did has none by cards speak; when no hand
// is known the record's collect is followed and marked.
func TestAwardsWithoutShownCards(t *testing.T) {
	base := func() *hb {
		return nl(1, 1000, 1000).stakes(5, 10).sb(1, 5).bb(0, 10).raise(1, 100).cc(0).
			board("2h7d9s").check(0).check(1).board("Tc").check(0).check(1).board("3h").check(0).check(1)
	}
	// Seat 1 shows a worse hand, seat 0 mucks: seat 1 wins uncontested.
	tr := base().show(1, "4c5c").muck(0).replayed(t, nil)
	if a := tr.Awards; len(a) != 1 || a[0].Player != 1 || a[0].Amount != 200 || !strings.Contains(a[0].Reason, "mucked") {
		t.Errorf("awards %+v, want seat 1 uncontested", a)
	}
	// Nothing known: the record's collect decides, marked FromRecord.
	tr = base().collect(0, 200, 0).replayed(t, nil)
	if a := tr.Awards; len(a) != 1 || a[0].Player != 0 || !a[0].FromRecord {
		t.Errorf("awards %+v, want the recorded collect marked FromRecord", a)
	}
	// Nothing known and no collect: undecided, in no finishing stack.
	tr = base().replayed(t, nil)
	if len(tr.Awards) != 0 || !slices.Equal(tr.Undecided, []int{0}) || tr.FinishingStacks[0]+tr.FinishingStacks[1] != 1800 {
		t.Errorf("awards %+v undecided %v stacks %v", tr.Awards, tr.Undecided, tr.FinishingStacks)
	}
	// Cards known from the deal count for a player who neither showed nor
	// mucked (a record that omits the show at an all-in): cards speak.
	b := nl(1, 1000, 1000).stakes(5, 10).deal(0, "AcAd").deal(1, "KcKd").sb(1, 5).bb(0, 10).raise(1, 1000).cc(0).
		board("2h7d9s").board("Tc").board("3h")
	tr = b.replayed(t, nil)
	if a := tr.Awards; len(a) != 1 || a[0].Player != 0 || a[0].Amount != 2000 || a[0].FromRecord {
		t.Errorf("awards %+v, want seat 0 by cards speak", a)
	}
	// One contender tabled, the other's cards are unknown: the tabled hand
	// wins even though it is the worse hand on paper.
	b = base()
	b.h.Actions = append(b.h.Actions, hand.Action{Kind: hand.Show, Player: 1, Cards: mustCards("4c5c")})
	tr = b.replayed(t, nil)
	if a := tr.Awards; len(a) != 1 || a[0].Player != 1 || !strings.Contains(a[0].Reason, "did not table") {
		t.Errorf("awards %+v, want seat 1 as the only tabled hand", a)
	}
}

// TestRakeAllocation: the rake comes out of the pots as the record states
// them (PokerStars, GeneralHands/SidePot.txt: pots 31.80 and 7.98, rake
// 1.50, recorded main 30.37 and side 7.91), else from the main pot first.
func TestRakeAllocation(t *testing.T) {
	pots := func() []Pot { return []Pot{{Amount: 3180}, {Amount: 798}} }
	p := pots()
	allocateRake(p, 150, []hand.Amount{3037, 791}, nil)
	if p[0].Rake != 143 || p[1].Rake != 7 {
		t.Errorf("record's split: rakes %d, %d, want 143, 7", p[0].Rake, p[1].Rake)
	}
	// The collects from each pot say how the rake was shared, whatever the
	// listed pots say: here a side pot raked first.
	p = pots()
	allocateRake(p, 150, []hand.Amount{3037, 791}, []hand.Amount{3180, 648})
	if p[0].Rake != 0 || p[1].Rake != 150 {
		t.Errorf("collects' split: rakes %d, %d, want 0, 150", p[0].Rake, p[1].Rake)
	}
	// Collects that add up to another rake than the stated one, but agree
	// with the listed pots: the record's own split (the stated total is
	// what is wrong).
	p = pots()
	allocateRake(p, 150, []hand.Amount{3100, 700}, []hand.Amount{3100, 700})
	if p[0].Rake != 80 || p[1].Rake != 98 {
		t.Errorf("listed and collected agree: rakes %d, %d, want 80, 98", p[0].Rake, p[1].Rake)
	}
	// Collects over a pot are no split: the listed pots or main first.
	p = pots()
	allocateRake(p, 150, nil, []hand.Amount{3200, 628})
	if p[0].Rake != 150 || p[1].Rake != 0 {
		t.Errorf("collects over a pot: rakes %d, %d, want 150, 0", p[0].Rake, p[1].Rake)
	}
	p = pots()
	allocateRake(p, 150, nil, nil)
	if p[0].Rake != 150 || p[1].Rake != 0 {
		t.Errorf("main pot first: rakes %d, %d, want 150, 0", p[0].Rake, p[1].Rake)
	}
	p = pots()
	allocateRake(p, 3200, []hand.Amount{3000, 700}, nil)
	if p[0].Rake != 3180 || p[1].Rake != 20 {
		t.Errorf("rake over the main pot spills over: %d, %d", p[0].Rake, p[1].Rake)
	}

	// A raked hand: the winner gets the pot less the rake.
	b := nl(1, 1000, 1000).stakes(5, 10).sb(1, 5).bb(0, 10).raise(1, 100).fold(0)
	b.h.Outcome.Rake, b.h.Outcome.HasRake = 3, true
	b.h.Outcome.Fees = []hand.Fee{{Name: "jackpot", Amount: 1}}
	tr := b.replayed(t, nil)
	if tr.Rake != 4 || tr.FinishingStacks[1] != 1006 || tr.FinishingStacks[0] != 990 {
		t.Errorf("rake %d stacks %v, want rake 4, stacks 990 and 1006", tr.Rake, tr.FinishingStacks)
	}
}

// TestRecordedCallAmount: a call with a recorded amount (PokerStars) is
// applied as recorded; when it differs from what was owed the step says so.
func TestRecordedCallAmount(t *testing.T) {
	b := nl(2, 1000, 1000, 1000).stakes(5, 10).sb(0, 5).bb(1, 10).raise(2, 30).call(0, 25).call(1, 15)
	tr := b.replayed(t, nil)
	if st := tr.Steps[3]; st.Added != 25 || st.Note != "" || st.To != 30 {
		t.Errorf("exact call: added %d to %d note %q", st.Added, st.To, st.Note)
	}
	if st := tr.Steps[4]; st.Added != 15 || st.To != 25 || st.Note != "record calls 15 where 20 was owed: the record is followed" {
		t.Errorf("short call: added %d to %d note %q", st.Added, st.To, st.Note)
	}
}

// TestSingleBlindLimit: a limit game with one blind of a full small bet and
// no big blind (as in WSOP 2023 #43 hand 76, limit Omaha hi-lo): the blind
// is the opening bet, so the first raise is to two small bets.
func TestSingleBlindLimit(t *testing.T) {
	b := newHand(hand.Omaha, hand.FixedLimit, 3, 1000, 1000, 1000, 1000).stakes(250, 0).limits(250, 500).
		sb(0, 250).raise(1, 500).raise(2, 750)
	b.h.Stakes.MinBet = 250
	tr := b.replayed(t, nil)
	if w := tr.Steps[1].Window; w.CurrentBet != 250 || w.MinRaiseTo != 500 || w.MaxRaiseTo != 500 || w.RaiseCount != 1 {
		t.Errorf("first raise window %+v, want current bet 250, raise exactly to 500, raise count 1", w)
	}
	if w := tr.Steps[2].Window; w.MinRaiseTo != 750 || w.RaiseCount != 2 {
		t.Errorf("second raise window %+v, want raise to 750, raise count 2", w)
	}
}

// TestOddChipReadings: with two or more odd chips among three or more
// winners, TDA 20-A is read two ways; the replay awards them one each
// clockwise from the button unless the house requires all to the first
// winner left of it. With $200 the smallest chip, C, D and E split $1,000:
// five chips, one each and two odd.
func TestOddChipReadings(t *testing.T) {
	for _, c := range []struct {
		rule    OddChipRule
		c, d, e hand.Amount
	}{
		{OddChipLeftOfButton, 400, 400, 200},
		{OddChipOneEach, 400, 400, 200},
		{OddChipAllToFirst, 600, 200, 200},
	} {
		rs := Default()
		rs.SmallestChip, rs.OddChip = HouseAmount{Units: 200}, c.rule
		tr := oddChipHand().replayed(t, &rs)
		got := awardsBy(tr)
		if got[2] != c.c || got[3] != c.d || got[4] != c.e {
			t.Errorf("%s: awards %v, want C %d, D %d, E %d", c.rule, got, c.c, c.d, c.e)
		}
		if tr.ChipUnit != 200 {
			t.Errorf("%s: chip unit %d", c.rule, tr.ChipUnit)
		}
	}
}

// TestSmallestUnit: the unit comes from what was put in play, not from the
// awards or from the hand's scale.
func TestSmallestUnit(t *testing.T) {
	h := &hand.Hand{Scale: 10, Stakes: hand.Stakes{SmallBlind: 500, BigBlind: 1000},
		Seats:   []hand.Seat{{Stack: 100000}, {Stack: 100000}},
		Actions: []hand.Action{{Kind: hand.Raise, To: 2250}}}
	if u := SmallestUnit(h); u != 10 {
		t.Errorf("whole chips at scale 10: unit %d, want 10 (one chip)", u)
	}
	h.Actions = append(h.Actions, hand.Action{Kind: hand.Call, Amount: 1125})
	if u := SmallestUnit(h); u != 1 {
		t.Errorf("a bet of 112.5 chips: unit %d, want 1 (a tenth, its decimal place)", u)
	}
	h = &hand.Hand{Scale: 100, Currency: "USD", Stakes: hand.Stakes{SmallBlind: 100, BigBlind: 200}, Seats: []hand.Seat{{Stack: 10000}}}
	if u := SmallestUnit(h); u != 1 {
		t.Errorf("a dollar table pays cents: unit %d, want 1", u)
	}
	h.Scale, h.Stakes, h.Seats = 1000, hand.Stakes{SmallBlind: 1000, BigBlind: 2000}, []hand.Seat{{Stack: 100000}}
	if u := SmallestUnit(h); u != 10 {
		t.Errorf("a dollar table at scale 1000: unit %d, want 10 (a cent)", u)
	}
}

// TestBigBlindOptionAfterAllInCall: a player who calls all-in for exactly
// the big blind leaves the big blind his option: his check is in turn. A
// record that deals the flop without it is not out of order either.
func TestBigBlindOptionAfterAllInCall(t *testing.T) {
	b := nl(0, 100, 1000).stakes(50, 100).sb(0, 50).bb(1, 100).cc(0)
	at := len(b.h.Actions)
	b.check(1).board("2c7d9h").board("Js").board("3c")
	tr := b.replayed(t, nil)
	if w := tr.Steps[at].Window; w.ToAct != 1 {
		t.Errorf("the big blind's check: ToAct %d, want 1 (his option)", w.ToAct)
	}
	b = nl(0, 100, 1000).stakes(50, 100).sb(0, 50).bb(1, 100).cc(0).board("2c7d9h").board("Js").board("3c")
	tr = b.replayed(t, nil)
	if len(tr.Pots) != 1 || tr.Pots[0].Amount != 200 || len(tr.Returns) != 0 {
		t.Errorf("pots %+v, returns %+v: want one pot of 200", tr.Pots, tr.Returns)
	}
}

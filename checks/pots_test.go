package checks_test

import (
	"strings"
	"testing"

	"github.com/handaudit/handaudit/checks"
	"github.com/handaudit/handaudit/hand"
	"github.com/handaudit/handaudit/replay"
)

// These tests feed the pot checks a hand and a hand-made Trace, so that
// the classification of payout faults (which finding explains a wrong
// payout) is pinned down independently of the rules engine.

// headsUp is Ann (small blind, button) against Bob: Ann raises to 300, Bob
// folds. By the rules 200 is returned to Ann and she wins the 200 pot.
func headsUp() (*hand.Hand, *replay.Trace) {
	rs := replay.Default()
	h := &hand.Hand{
		Format: "test", ID: "h1", Scale: 100, Currency: "USD",
		Game:   hand.Game{Variant: hand.Holdem, Structure: hand.NoLimit, HoleCards: 2},
		Stakes: hand.Stakes{SmallBlind: 50, BigBlind: 100, MinBet: 100},
		Button: 1,
		Seats:  []hand.Seat{{Number: 1, Player: "Ann", Stack: 10000}, {Number: 2, Player: "Bob", Stack: 10000}},
		Actions: []hand.Action{
			{Kind: hand.Post, PostKind: hand.PostSmallBlind, Player: 0, Amount: 50, HasAmount: true},
			{Kind: hand.Post, PostKind: hand.PostBigBlind, Player: 1, Amount: 100, HasAmount: true},
			{Kind: hand.Raise, Player: 0, To: 300, Amount: 200, HasAmount: true},
			{Kind: hand.Fold, Player: 1},
		},
		Pos: hand.Pos{File: "t.txt", Line: 1},
	}
	h.Outcome.Pos = hand.Pos{File: "t.txt", Line: 20}
	tr := &replay.Trace{
		Hand: h, Rules: &rs, Supported: true,
		Steps: []replay.Step{
			{Index: 0, Kind: hand.Post, Player: 0, Added: 50, To: 50, Stacks: []hand.Amount{9950, 10000}, Expected: 50, HasExpected: true},
			{Index: 1, Kind: hand.Post, Player: 1, Added: 100, To: 100, Stacks: []hand.Amount{9950, 9900}, Expected: 100, HasExpected: true},
			{Index: 2, Kind: hand.Raise, Player: 0, Betting: true, Added: 250, To: 300, Stacks: []hand.Amount{9700, 9900},
				Window: replay.Window{ToAct: 0, ToCall: 50, CurrentBet: 100, MinRaiseTo: 200, MaxRaiseTo: 10000, FullRaise: 100, Open: true}},
			{Index: 3, Kind: hand.Fold, Player: 1, Betting: true, Stacks: []hand.Amount{9700, 9900},
				Window: replay.Window{ToAct: 1, ToCall: 200, CurrentBet: 300, MinRaiseTo: 500, MaxRaiseTo: 10000, FullRaise: 200, Open: true}},
		},
		Committed:       []hand.Amount{100, 100},
		Returns:         []replay.Return{{Player: 0, Amount: 200, Step: 3}},
		TotalPot:        200,
		Pots:            []replay.Pot{{Amount: 200, Level: 100, Eligible: []int{0}}},
		Awards:          []replay.Award{{Pot: 0, Player: 0, Amount: 200, Reason: "uncontested"}},
		ShowdownFirst:   -1,
		FinishingStacks: []hand.Amount{10100, 9900},
		Button:          0,
	}
	return h, tr
}

func addCollect(h *hand.Hand, p int, amt hand.Amount) {
	h.Actions = append(h.Actions, hand.Action{Kind: hand.Collect, Player: p, Amount: amt, HasAmount: true, Pot: 0, Pos: hand.Pos{File: "t.txt", Line: 10}})
}

func addReturn(h *hand.Hand, p int, amt hand.Amount) {
	h.Actions = append(h.Actions, hand.Action{Kind: hand.UncalledReturn, Player: p, Amount: amt, HasAmount: true, Pos: hand.Pos{File: "t.txt", Line: 9}})
}

// syncSteps gives the trace a step for every action added after the betting.
func syncSteps(h *hand.Hand, tr *replay.Trace) {
	for i := len(tr.Steps); i < len(h.Actions); i++ {
		a := &h.Actions[i]
		tr.Steps = append(tr.Steps, replay.Step{Index: i, Kind: a.Kind, Player: a.Player, Street: replay.Showdown,
			Stacks: tr.Steps[len(tr.Steps)-1].Stacks})
	}
}

type found struct {
	id       string
	action   int
	expected hand.Amount
	recorded hand.Amount
}

func run(t *testing.T, h *hand.Hand, tr *replay.Trace) []checks.Finding {
	t.Helper()
	syncSteps(h, tr)
	return checks.Run(h, tr, checks.All())
}

func assertFindings(t *testing.T, fs []checks.Finding, want ...found) {
	t.Helper()
	if len(fs) != len(want) {
		for _, f := range fs {
			t.Logf("got %s at %d: %s", f.CheckID, f.ActionIndex, f.Message)
		}
		t.Fatalf("got %d findings, want %d", len(fs), len(want))
	}
	for i, w := range want {
		f := fs[i]
		if f.CheckID != w.id || f.ActionIndex != w.action || f.Expected != w.expected || f.Recorded != w.recorded {
			t.Errorf("finding %d: %s at %d expected %d recorded %d (%s); want %s at %d expected %d recorded %d",
				i, f.CheckID, f.ActionIndex, f.Expected, f.Recorded, f.Message, w.id, w.action, w.expected, w.recorded)
		}
	}
}

func TestPotsCleanCollects(t *testing.T) {
	h, tr := headsUp()
	addReturn(h, 0, 200)
	addCollect(h, 0, 200)
	h.Outcome.TotalPot, h.Outcome.HasTotalPot = 200, true
	h.Outcome.Rake, h.Outcome.HasRake = 0, true
	assertFindings(t, run(t, h, tr))
}

func TestUncalledKeptAndCollected(t *testing.T) {
	// No "Uncalled bet returned" line: Ann collects 400, her own 200 with it.
	// One fault: the uncalled bet, not also a wrong award or a wrong total.
	h, tr := headsUp()
	addCollect(h, 0, 400)
	h.Outcome.TotalPot, h.Outcome.HasTotalPot = 400, true
	assertFindings(t, run(t, h, tr), found{"pot.uncalled-not-returned", 3, 200, 0})
}

func TestUncalledWrongAmount(t *testing.T) {
	h, tr := headsUp()
	addReturn(h, 0, 100)
	addCollect(h, 0, 300)
	h.Outcome.TotalPot, h.Outcome.HasTotalPot = 300, true
	assertFindings(t, run(t, h, tr), found{"pot.uncalled-not-returned", 4, 200, 100})
}

func TestRakeMissingChips(t *testing.T) {
	// Pot 200, rake 10 stated, only 180 collected: 10 chips vanished.
	h, tr := headsUp()
	addReturn(h, 0, 200)
	addCollect(h, 0, 180)
	h.Outcome.TotalPot, h.Outcome.HasTotalPot = 200, true
	h.Outcome.Rake, h.Outcome.HasRake = 10, true
	tr.Rake = 10
	tr.Pots[0].Rake = 10
	tr.Awards[0].Amount = 190
	tr.FinishingStacks[0] = 10090
	fs := run(t, h, tr)
	assertFindings(t, fs, found{"pot.rake-mismatch", -1, 20, 10})
	if !strings.Contains(fs[0].Message, "$2") || fs[0].Line != 20 {
		t.Errorf("message %q line %d", fs[0].Message, fs[0].Line)
	}
}

func TestTotalPotWrong(t *testing.T) {
	// The stated total is wrong but the collection is right: one finding.
	h, tr := headsUp()
	addReturn(h, 0, 200)
	addCollect(h, 0, 200)
	h.Outcome.TotalPot, h.Outcome.HasTotalPot = 250, true
	assertFindings(t, run(t, h, tr), found{"pot.total-mismatch", -1, 200, 250})

	// The collection follows the wrong total: still the one fault.
	h, tr = headsUp()
	addReturn(h, 0, 200)
	addCollect(h, 0, 250)
	h.Outcome.TotalPot, h.Outcome.HasTotalPot = 250, true
	assertFindings(t, run(t, h, tr), found{"pot.total-mismatch", -1, 200, 250})
}

func TestAwardToWrongPlayer(t *testing.T) {
	h, tr := headsUp()
	addReturn(h, 0, 200)
	addCollect(h, 1, 200)
	fs := run(t, h, tr)
	assertFindings(t, fs, found{"pot.award-mismatch", 5, 200, 0})
	if fs[0].Player != "Ann" || !strings.Contains(fs[0].Message, "Bob") {
		t.Errorf("finding names %q: %s", fs[0].Player, fs[0].Message)
	}
}

// split is a showdown hand in which Ann and Bob split a 301 pot; Ann, first
// left of the button, gets the odd chip.
func split() (*hand.Hand, *replay.Trace) {
	h, tr := headsUp()
	tr.Returns = nil
	tr.Committed = []hand.Amount{150, 151}
	tr.TotalPot = 301
	tr.Pots = []replay.Pot{{Amount: 301, Level: 151, Eligible: []int{0, 1}}}
	tr.Awards = []replay.Award{
		{Pot: 0, Player: 0, Amount: 151, OddChip: 1, Reason: "split; odd chip: first seat left of the button"},
		{Pot: 0, Player: 1, Amount: 150, Reason: "split"},
	}
	tr.FinishingStacks = []hand.Amount{10001, 9999}
	return h, tr
}

func TestOddChip(t *testing.T) {
	h, tr := split()
	h.Outcome.FinishingStacks, h.Outcome.HasFinishingStacks = []hand.Amount{10000, 10000}, true
	assertFindings(t, run(t, h, tr), found{"pot.odd-chip", -1, 151, 150})

	h, tr = split()
	h.Outcome.FinishingStacks, h.Outcome.HasFinishingStacks = []hand.Amount{10001, 9999}, true
	assertFindings(t, run(t, h, tr))

	// Two chips off is not an odd chip but a wrong split.
	h, tr = split()
	h.Outcome.FinishingStacks, h.Outcome.HasFinishingStacks = []hand.Amount{9999, 10001}, true
	assertFindings(t, run(t, h, tr), found{"pot.award-mismatch", -1, 151, 149})
}

func TestFinishingStacksUncalled(t *testing.T) {
	// Bob wins a called all-in, and the record also gives him Ann's
	// uncalled 200: one uncalled-bet finding, not an award finding.
	h, tr := headsUp()
	tr.Awards = []replay.Award{{Pot: 0, Player: 1, Amount: 200, Reason: "best hand"}}
	tr.FinishingStacks = []hand.Amount{9900, 10100}
	h.Outcome.FinishingStacks, h.Outcome.HasFinishingStacks = []hand.Amount{9700, 10300}, true
	assertFindings(t, run(t, h, tr), found{"pot.uncalled-not-returned", 3, 200, 0})
}

func TestWinnings(t *testing.T) {
	// PHH winnings: right, to the wrong player, and split by a wrong odd
	// chip.
	h, tr := headsUp()
	h.Outcome.Winnings, h.Outcome.HasWinnings = []hand.Amount{200, 0}, true
	assertFindings(t, run(t, h, tr))

	h, tr = headsUp()
	h.Outcome.Winnings, h.Outcome.HasWinnings = []hand.Amount{0, 200}, true
	assertFindings(t, run(t, h, tr), found{"pot.award-mismatch", -1, 200, 0})

	h, tr = split()
	h.Outcome.Winnings, h.Outcome.HasWinnings = []hand.Amount{150, 151}, true
	assertFindings(t, run(t, h, tr), found{"pot.odd-chip", -1, 151, 150})
}

func TestRunnerReusedAcrossPayouts(t *testing.T) {
	// A Runner keeps its per-seat state between hands: a wrong payout
	// must not leak into the next hand, nor a clean one hide the next
	// fault.
	hands := []func() (*hand.Hand, *replay.Trace){
		func() (*hand.Hand, *replay.Trace) { // award to the wrong player
			h, tr := headsUp()
			addReturn(h, 0, 200)
			addCollect(h, 1, 200)
			return h, tr
		},
		func() (*hand.Hand, *replay.Trace) { // clean
			h, tr := headsUp()
			addReturn(h, 0, 200)
			addCollect(h, 0, 200)
			return h, tr
		},
		func() (*hand.Hand, *replay.Trace) { // odd chip, by finishing stacks
			h, tr := split()
			h.Outcome.FinishingStacks, h.Outcome.HasFinishingStacks = []hand.Amount{10000, 10000}, true
			return h, tr
		},
		func() (*hand.Hand, *replay.Trace) { // uncalled bet kept
			h, tr := headsUp()
			addCollect(h, 0, 400)
			return h, tr
		},
	}
	want := [][]found{
		{{"pot.award-mismatch", 5, 200, 0}},
		nil,
		{{"pot.odd-chip", -1, 151, 150}},
		{{"pot.uncalled-not-returned", 3, 200, 0}},
	}
	var r checks.Runner
	for round := 0; round < 2; round++ {
		for k, mk := range hands {
			h, tr := mk()
			syncSteps(h, tr)
			assertFindings(t, r.Run(h, tr, checks.All()), want[k]...)
		}
	}
}

func TestHouseRake(t *testing.T) {
	h, tr := headsUp()
	addReturn(h, 0, 200)
	addCollect(h, 0, 190)
	h.Outcome.TotalPot, h.Outcome.HasTotalPot = 200, true
	h.Outcome.Rake, h.Outcome.HasRake = 10, true
	tr.Rake, tr.Pots[0].Rake, tr.Awards[0].Amount = 10, 10, 190
	tr.Rules.HasRakeRule, tr.Rules.RakeBasisPoints = true, 250
	tr.ExpectedRake, tr.HasExpectedRake = 5, true
	assertFindings(t, run(t, h, tr), found{"pot.rake-mismatch", -1, 5, 10})
}

func TestSidePotsAfterRake(t *testing.T) {
	base := func() (*hand.Hand, *replay.Trace) {
		h, tr := split()
		tr.Pots = []replay.Pot{{Amount: 201, Level: 100, Eligible: []int{0, 1}}, {Amount: 100, Level: 151, Eligible: []int{0, 1}}}
		return h, tr
	}
	// Pots listed after a rake of 3 taken from the main pot (the replay
	// takes the record's split: replay.allocateRake).
	h, tr := base()
	h.Outcome.Pots, h.Outcome.Rake, h.Outcome.HasRake = []hand.Amount{198, 100}, 3, true
	h.Outcome.TotalPot, h.Outcome.HasTotalPot = 301, true
	tr.Rake, tr.Pots[0].Rake = 3, 3
	assertFindings(t, run(t, h, tr))

	// A listed pot that agrees with the record's collects from it (no more
	// than the pot) is the record's own account of its rake.
	h, tr = base()
	h.Outcome.Pots, h.Outcome.Rake, h.Outcome.HasRake = []hand.Amount{201, 97}, 3, true
	h.Actions = append(h.Actions,
		hand.Action{Kind: hand.Collect, Player: 0, Amount: 97, HasAmount: true, Pot: 1},
		hand.Action{Kind: hand.Collect, Player: 0, Amount: 201, HasAmount: true, Pot: 0})
	tr.Rake = 3
	syncSteps(h, tr)
	if fs := run(t, h, tr); len(fs) != 0 && fs[0].CheckID == "pot.side-pot-mismatch" {
		t.Errorf("a listed pot that is its collects: %v", fs)
	}

	// Wrong side pot, with or without a rake: it is neither the pot, nor
	// the pot less its rake, nor what was collected from it.
	h, tr = base()
	h.Outcome.Pots = []hand.Amount{201, 90}
	assertFindings(t, run(t, h, tr), found{"pot.side-pot-mismatch", -1, 100, 90})
	h, tr = base()
	h.Outcome.Pots, h.Outcome.Rake, h.Outcome.HasRake = []hand.Amount{198, 99}, 3, true
	tr.Rake, tr.Pots[0].Rake = 3, 3
	assertFindings(t, run(t, h, tr), found{"pot.side-pot-mismatch", -1, 100, 99})
}

func TestSelectionFiltersOnly(t *testing.T) {
	// Skipping the check that explains a fault hides it; it does not make
	// another check report the same fault.
	h, tr := headsUp()
	addCollect(h, 0, 400)
	h.Outcome.TotalPot, h.Outcome.HasTotalPot = 400, true
	syncSteps(h, tr)
	sel, err := checks.Select(nil, []string{"pot.uncalled-not-returned"})
	if err != nil {
		t.Fatal(err)
	}
	if fs := checks.Run(h, tr, sel); len(fs) != 0 {
		t.Errorf("got %d findings with the explaining check skipped: %v", len(fs), fs)
	}
}

// TestUncalledInCollect: a room that pays an uncalled bet back within its
// owner's collect (888poker's preset, UncalledInCollect) is not faulted
// for it; the same record is, under rules that do not allow it, and a
// collect short of the bet is not taken for it.
func TestUncalledInCollect(t *testing.T) {
	rs, err := replay.Preset("888poker")
	if err != nil || !rs.UncalledInCollect {
		t.Fatalf("888poker preset: %v, uncalled_in_collect %v", err, rs.UncalledInCollect)
	}
	h, tr := headsUp()
	addCollect(h, 0, 400) // the pot, 200, and her uncalled 200
	assertFindings(t, run(t, h, tr), found{"pot.uncalled-not-returned", 3, 200, 0})
	for _, c := range []struct {
		collect hand.Amount
		want    []found
	}{
		{400, nil}, // returned within the collect
		{200, nil}, // returned silently, as 888 does an uncalled bet
		{300, []found{{"pot.uncalled-not-returned", 3, 200, 0}}},
	} {
		h, tr := headsUp()
		tr.Rules = &rs
		addCollect(h, 0, c.collect)
		fs := run(t, h, tr)
		if c.want == nil {
			assertFindings(t, fs)
		} else if len(fs) == 0 || fs[0].CheckID != c.want[0].id {
			t.Errorf("collect %d: findings %v, want %s first", c.collect, fs, c.want[0].id)
		}
	}
}

package checks_test

import (
	"strings"
	"testing"

	"github.com/handaudit/handaudit/cards"
	"github.com/handaudit/handaudit/checks"
	"github.com/handaudit/handaudit/hand"
)

// runTwice is a hold'em hand run twice whose second board is dealt as the
// given cards after the first board's 3d Kd 9h, 8h, 4s.
func runTwice(t *testing.T, second string) *hand.Hand {
	t.Helper()
	cs := func(s string) []cards.Card {
		var out []cards.Card
		for _, f := range strings.Fields(s) {
			c, err := cards.Parse(f)
			if err != nil {
				t.Fatal(err)
			}
			out = append(out, c)
		}
		return out
	}
	return &hand.Hand{
		Format: "test", ID: "rit", Scale: 100, Currency: "USD",
		Game:  hand.Game{Variant: hand.Holdem, Structure: hand.NoLimit, HoleCards: 2},
		Seats: []hand.Seat{{Number: 1, Player: "Ann", Stack: 10000}, {Number: 2, Player: "Bob", Stack: 10000}},
		Actions: []hand.Action{
			{Kind: hand.DealHole, Player: 0, Cards: cs("Ah Ad")},
			{Kind: hand.DealHole, Player: 1, Cards: cs("Qs Qc")},
			{Kind: hand.DealBoard, Player: hand.NoPlayer, Board: 0, Cards: cs("3d Kd 9h")},
			{Kind: hand.DealBoard, Player: hand.NoPlayer, Board: 0, Cards: cs("8h")},
			{Kind: hand.DealBoard, Player: hand.NoPlayer, Board: 0, Cards: cs("4s")},
			{Kind: hand.DealBoard, Player: hand.NoPlayer, Board: 1, Cards: cs(second)},
		},
		Pos: hand.Pos{File: "t.txt", Line: 1},
	}
}

// TestRunTwiceSharedCards: a second board may repeat the first board's
// cards in their order (the shared run-out) but no other card seen before.
func TestRunTwiceSharedCards(t *testing.T) {
	for _, tc := range []struct {
		second string
		dups   []string // the duplicated cards reported, in order
	}{
		{"Kc", nil},
		{"3d Kd 9h 8h Kc", nil},
		{"3d Kd 9h Tc 2c", nil},
		{"3d 9h Kd 8h Kc", []string{"9h", "Kd"}}, // shared cards out of order
		{"3d Kd 9h Ah Kc", []string{"Ah"}},       // a hole card
		{"Tc Jc 2c 4s 3s", []string{"4s"}},       // the first board's river, not shared
	} {
		var dups []string
		for _, f := range checks.Run(runTwice(t, tc.second), nil, checks.All()) {
			if f.CheckID == "cards.duplicate" {
				if f.ActionIndex != 5 {
					t.Errorf("second board %s: finding at action %d, want 5", tc.second, f.ActionIndex)
				}
				dups = append(dups, strings.Fields(f.Message)[1])
			}
		}
		if strings.Join(dups, " ") != strings.Join(tc.dups, " ") {
			t.Errorf("second board %s: duplicates %v, want %v", tc.second, dups, tc.dups)
		}
	}
}

// TestUnreplayedFoldEndsShowdown: on a hand the rules engine did not
// replay, the card checks still follow the folds: a board of three cards
// is short only if two players are left at the end.
func TestUnreplayedFoldEndsShowdown(t *testing.T) {
	for _, fold := range []bool{false, true} {
		h := runTwice(t, "Kc")
		h.Actions = h.Actions[:3] // the flop only
		if fold {
			h.Actions = append(h.Actions, hand.Action{Kind: hand.Fold, Player: 1})
		}
		short := 0
		for _, f := range checks.Run(h, nil, checks.All()) {
			if f.CheckID == "cards.wrong-count" && strings.Contains(f.Message, "showdown with 3 cards") {
				short++
			}
		}
		if want := map[bool]int{false: 1, true: 0}[fold]; short != want {
			t.Errorf("fold %v: %d short-board findings, want %d", fold, short, want)
		}
	}
}

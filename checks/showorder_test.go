package checks_test

import (
	"strings"
	"testing"

	"github.com/handaudit/handaudit/checks"
	"github.com/handaudit/handaudit/hand"
	"github.com/handaudit/handaudit/replay"
)

// TestShowOrderUnrecorded: the caller's hand tabled before the river
// bettor's is showdown.order under the TDA rules, and nothing under a
// ruleset whose records do not write the tabling order (the Winamax
// preset: its exports list the winner's hand last).
func TestShowOrderUnrecorded(t *testing.T) {
	h := &hand.Hand{
		Format: "test", ID: "order", Scale: 1, Button: 1,
		Game:   hand.Game{Variant: hand.Holdem, Structure: hand.NoLimit, HoleCards: 2},
		Stakes: hand.Stakes{SmallBlind: 1, BigBlind: 2, MinBet: 2},
		Seats:  []hand.Seat{{Number: 1, Player: "Ann", Stack: 100}, {Number: 2, Player: "Bob", Stack: 100}},
		Actions: []hand.Action{
			{Kind: hand.Post, PostKind: hand.PostSmallBlind, Player: 0, Amount: 1, HasAmount: true},
			{Kind: hand.Post, PostKind: hand.PostBigBlind, Player: 1, Amount: 2, HasAmount: true},
			{Kind: hand.DealHole, Player: 1, Cards: cardsOf(t, "2c 3d")},
			{Kind: hand.DealHole, Player: 0, Cards: cardsOf(t, "Ah Ad")},
			{Kind: hand.Call, Player: 0, Amount: 1, HasAmount: true},
			{Kind: hand.Check, Player: 1},
			{Kind: hand.DealBoard, Player: hand.NoPlayer, Cards: cardsOf(t, "Kc 9h 5s")},
			{Kind: hand.Check, Player: 1},
			{Kind: hand.Check, Player: 0},
			{Kind: hand.DealBoard, Player: hand.NoPlayer, Cards: cardsOf(t, "7d")},
			{Kind: hand.Check, Player: 1},
			{Kind: hand.Check, Player: 0},
			{Kind: hand.DealBoard, Player: hand.NoPlayer, Cards: cardsOf(t, "Jc")},
			{Kind: hand.Check, Player: 1},
			{Kind: hand.Bet, Player: 0, Amount: 4, To: 4, HasAmount: true},
			{Kind: hand.Call, Player: 1, Amount: 4, HasAmount: true},
			{Kind: hand.Show, Player: 1, Cards: cardsOf(t, "2c 3d")},
			{Kind: hand.Show, Player: 0, Cards: cardsOf(t, "Ah Ad")},
			{Kind: hand.Collect, Player: 0, Amount: 12, HasAmount: true},
		},
	}
	h.Outcome.TotalPot, h.Outcome.HasTotalPot, h.Outcome.HasRake = 12, true, true
	ids := func(rs replay.Ruleset) string {
		var out []string
		for _, f := range checks.Run(h, replay.Replay(h, &rs), checks.All()) {
			out = append(out, f.CheckID)
		}
		return strings.Join(out, ",")
	}
	if got := ids(replay.Default()); got != "showdown.order" {
		t.Errorf("TDA rules: findings %q, want showdown.order", got)
	}
	wm, err := replay.Preset("winamax")
	if err != nil {
		t.Fatal(err)
	}
	if got := ids(wm); got != "" {
		t.Errorf("Winamax preset: findings %q, want none", got)
	}
}

package checks_test

import (
	"strings"
	"testing"

	"github.com/handaudit/handaudit/cards"
	"github.com/handaudit/handaudit/checks"
	"github.com/handaudit/handaudit/hand"
	"github.com/handaudit/handaudit/replay"
)

// TestNotReplayed: a hand the engine cannot replay (here a game it does
// not know; no reader yields one, so there is no fixture) gives one
// hand.not-replayed finding with the engine's reason, and only its cards
// are checked (the repeated Ah is found).
func TestNotReplayed(t *testing.T) {
	h := &hand.Hand{
		Format: "test", ID: "odd-game", Scale: 1,
		Game:  hand.Game{Variant: hand.UnknownVariant, Structure: hand.FixedLimit},
		Seats: []hand.Seat{{Number: 1, Player: "Ann", Stack: 100}, {Number: 2, Player: "Bob", Stack: 100}},
		Actions: []hand.Action{
			{Kind: hand.DealHole, Player: 0, Cards: cardsOf(t, "Ah Kd")},
			{Kind: hand.DealHole, Player: 1, Cards: cardsOf(t, "Ah Qs")},
		},
	}
	rs := replay.Default()
	fs := checks.Run(h, replay.Replay(h, &rs), checks.All())
	var ids []string
	for _, f := range fs {
		ids = append(ids, f.CheckID)
		if f.CheckID == "hand.not-replayed" && !strings.Contains(f.Message, "does not know the game") {
			t.Errorf("message %q does not give the engine's reason", f.Message)
		}
	}
	if strings.Join(ids, ",") != "cards.duplicate,hand.not-replayed" {
		t.Errorf("findings %v, want cards.duplicate and hand.not-replayed", ids)
	}
}

// cardsOf reads cards written as "Ah Kd".
func cardsOf(t *testing.T, s string) []cards.Card {
	t.Helper()
	cs, err := cards.ParseList(s)
	if err != nil {
		t.Fatal(err)
	}
	return cs
}

package parser

import (
	"testing"

	"github.com/handaudit/handaudit/hand"
)

func TestUncalledBet(t *testing.T) {
	for _, c := range []struct {
		bets     []hand.Amount
		top      int
		uncalled hand.Amount
	}{
		{nil, -1, 0},
		{[]hand.Amount{50}, 0, 50},
		{[]hand.Amount{10, 200, 50, 0}, 1, 150},
		{[]hand.Amount{200, 50, 200}, 0, 0}, // called in full: the first of equals, nothing above
		{[]hand.Amount{0, 0}, 0, 0},
		{[]hand.Amount{30, 100, 80, 100, 120}, 4, 20},
		{[]hand.Amount{-5, -1}, 1, 0}, // never a negative excess
	} {
		top, x := UncalledBet(c.bets)
		if top != c.top || x != c.uncalled {
			t.Errorf("%v: %d, %d; want %d, %d", c.bets, top, x, c.top, c.uncalled)
		}
	}
}

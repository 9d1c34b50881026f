package partypoker

import (
	"bytes"
	"testing"

	"github.com/handaudit/handaudit/hand"
	"github.com/handaudit/handaudit/internal/readertest"
)

// FuzzPartyPoker feeds the reader arbitrary bytes: it must never panic,
// must stop, must return only *parser.Error parse errors naming a line of
// the input, and every hand it returns must hold together; a hand the
// writer writes must read back as one hand (not always the same: a start
// in the year 0 in local mean time does not).
func FuzzPartyPoker(f *testing.F) {
	f.Add([]byte(cashHand))
	f.Add(readertest.UTF16(cashHand, false))
	f.Add([]byte(cashHand[:len(cashHand)/2] + cashHand))
	f.Add([]byte(newerCash))
	readertest.AddFiles(f, "../../fixtures/partypoker", ".txt")
	check := readertest.Fuzz{
		Open:        readBack,
		Write:       func(h *hand.Hand) ([]byte, error) { return AppendHand(nil, h) },
		BackAsAHand: true,
		// An upper bound on the line count, whatever the line ends.
		LoneCR:     true,
		MaxResults: func(lines, _ int) int { return 2*lines + 1 },
		Check:      checkHand,
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		check.Run(t, data, NewReader(bytes.NewReader(data), readertest.FuzzName))
	})
}

// checkHand checks what is particular to PartyPoker in a hand read: the
// seats in table order.
func checkHand(t testing.TB, h *hand.Hand, lines int) {
	t.Helper()
	for i, s := range h.Seats {
		if i > 0 && s.Number <= h.Seats[i-1].Number {
			t.Fatalf("seats out of order: %+v", h.Seats)
		}
	}
}

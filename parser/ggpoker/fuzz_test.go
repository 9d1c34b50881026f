package ggpoker

import (
	"bytes"
	"testing"
	"testing/iotest"

	"github.com/handaudit/handaudit/hand"
	"github.com/handaudit/handaudit/internal/readertest"
	"github.com/handaudit/handaudit/parser"
)

// FuzzGGPoker feeds the reader arbitrary bytes: it must never panic, must
// stop, must return only *parser.Error parse errors naming a line of the
// input, every hand it returns must hold together, and reading one byte at
// a time must give the same results.
func FuzzGGPoker(f *testing.F) {
	f.Add([]byte(ggBase))
	f.Add(readertest.UTF16(ggBase, false))
	f.Add([]byte(ggBase[:len(ggBase)/2] + ggBase))
	// The shared corpus' files, when present (never required).
	readertest.AddFiles(f, "../../../shared/corpus/rooms/GGPoker", "")
	check := readertest.Fuzz{
		Open:       readBack,
		Write:      func(h *hand.Hand) ([]byte, error) { return AppendHand(nil, h) },
		MustWrite:  true,
		MaxResults: func(lines, _ int) int { return 2*lines + 1 },
		Check:      checkHand,
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		lim := parser.Limits{MaxHandBytes: 4000, MaxLineBytes: 300, MaxActions: 60}
		whole := check.Run(t, data, newReader(bytes.NewReader(data), readertest.FuzzName, lim, nil))
		bytewise := check.Run(t, data, newReader(iotest.OneByteReader(bytes.NewReader(data)), readertest.FuzzName, lim, new(hand.Pool)))
		if len(whole) != len(bytewise) {
			t.Fatalf("%d results read whole, %d a byte at a time", len(whole), len(bytewise))
		}
		for i := range whole {
			if d := readertest.ResultDiff(bytewise[i], whole[i]); d != "" {
				t.Fatalf("result %d: %s", i, d)
			}
		}
	})
}

// checkHand checks what is particular to GGPoker in a hand read: only
// the dealer deals a board, and every board dealt is the hand's.
func checkHand(t testing.TB, h *hand.Hand, lines int) {
	t.Helper()
	for i, a := range h.Actions {
		if a.Player == hand.NoPlayer && a.Kind != hand.DealBoard {
			t.Fatalf("action %d (%s) by no player", i, a.Kind)
		}
		if a.Kind == hand.DealBoard && (a.Board < 0 || a.Board >= len(h.Boards)) {
			t.Fatalf("action %d deals board %d of %d", i, a.Board, len(h.Boards))
		}
	}
}

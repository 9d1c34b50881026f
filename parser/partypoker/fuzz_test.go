package partypoker

import (
	"bytes"
	"errors"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/handaudit/handaudit/hand"
	"github.com/handaudit/handaudit/internal/readertest"
	"github.com/handaudit/handaudit/parser"
)

// FuzzPartyPoker feeds the reader arbitrary bytes: it must never panic,
// must stop, must return only *parser.Error parse errors naming a line of
// the input, and every hand it returns must hold together; a hand the
// writer writes must read back as one hand.
func FuzzPartyPoker(f *testing.F) {
	f.Add([]byte(cashHand))
	f.Add(readertest.UTF16(cashHand, false))
	f.Add([]byte(cashHand[:len(cashHand)/2] + cashHand))
	f.Add([]byte(newerCash))
	for _, dir := range []string{"../../fixtures/partypoker"} {
		filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
			if err == nil && !d.IsDir() && filepath.Ext(path) == ".txt" {
				if data, err := os.ReadFile(path); err == nil {
					f.Add(data)
				}
			}
			return nil
		})
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		decoded, err := io.ReadAll(parser.NewDecodedReader(bytes.NewReader(data)))
		if err != nil {
			t.Fatal(err)
		}
		// An upper bound on the line count, whatever the line ends.
		lines := 1 + bytes.Count(decoded, []byte{'\n'}) + bytes.Count(decoded, []byte{'\r'})
		r := NewReader(bytes.NewReader(data), "fuzz")
		for n := 0; ; n++ {
			if n > 2*lines+1 {
				t.Fatalf("reader returned %d results from %d lines", n, lines)
			}
			h, err := r.Next()
			if err == io.EOF {
				return
			}
			if err != nil {
				var pe *parser.Error
				if !errors.As(err, &pe) {
					t.Fatalf("error is not a *parser.Error: %v", err)
				}
				if pe.Line < 1 || pe.Line > lines || pe.File != "fuzz" || pe.Msg == "" {
					t.Fatalf("bad error position: %+v (input has at most %d lines)", pe, lines)
				}
				continue
			}
			checkHand(t, h, lines)
			if text, err := AppendHand(nil, h); err == nil {
				back, errs := readAll(t, text, "written")
				if len(back) != 1 || len(errs) > 0 {
					t.Fatalf("a written hand reads as %d hands, errors %v:\n%s", len(back), errs, text)
				}
			}
		}
	})
}

// checkHand checks that a hand read holds together: positions within the
// hand, players seated, the seats in table order.
func checkHand(t *testing.T, h *hand.Hand, lines int) {
	t.Helper()
	if h.Pos.Line < 1 || h.End < h.Pos.Line || h.End > lines {
		t.Fatalf("hand spans lines %d-%d of %d", h.Pos.Line, h.End, lines)
	}
	for i, s := range h.Seats {
		if i > 0 && s.Number <= h.Seats[i-1].Number {
			t.Fatalf("seats out of order: %+v", h.Seats)
		}
	}
	for i, a := range h.Actions {
		if a.Pos.Line < h.Pos.Line || a.Pos.Line > h.End {
			t.Fatalf("action %d at line %d, outside the hand's %d-%d", i, a.Pos.Line, h.Pos.Line, h.End)
		}
		if a.Player != hand.NoPlayer && (a.Player < 0 || a.Player >= len(h.Seats)) {
			t.Fatalf("action %d by player %d of %d", i, a.Player, len(h.Seats))
		}
		if a.Amount < 0 || a.To < 0 {
			t.Fatalf("action %d: negative amount %+v", i, a)
		}
	}
	if h.Scale < 1 {
		t.Fatalf("scale %d", h.Scale)
	}
}

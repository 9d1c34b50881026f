package ggpoker

import (
	"bytes"
	"errors"
	"io"
	"os"
	"path/filepath"
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
	if root, err := filepath.Abs("../../../shared/corpus/rooms/GGPoker"); err == nil {
		filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
			if err == nil && !d.IsDir() {
				if data, err := os.ReadFile(p); err == nil {
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
		lines := 1 + bytes.Count(decoded, []byte{'\n'})
		most := 2*lines + 1
		lim := parser.Limits{MaxHandBytes: 4000, MaxLineBytes: 300, MaxActions: 60}
		whole := drain(t, newReader(bytes.NewReader(data), "fuzz", lim, nil), lines, most)
		bytewise := drain(t, newReader(iotest.OneByteReader(bytes.NewReader(data)), "fuzz", lim, new(hand.Pool)), lines, most)
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

// drain reads every result of r, checking each.
func drain(t *testing.T, r *Reader, lines, most int) []readertest.ReadResult {
	var out []readertest.ReadResult
	for n := 0; ; n++ {
		if n > most {
			t.Fatalf("reader returned %d results from %d lines", n, lines)
		}
		h, err := r.Next()
		if err == io.EOF {
			return out
		}
		if err != nil {
			var pe *parser.Error
			if !errors.As(err, &pe) {
				t.Fatalf("error is not a *parser.Error: %v", err)
			}
			if pe.Line < 1 || pe.Line > lines || pe.File != "fuzz" || pe.Msg == "" {
				t.Fatalf("bad error position: %+v (input has %d lines)", pe, lines)
			}
			out = append(out, readertest.ReadResult{Err: pe})
			continue
		}
		checkHand(t, h, lines)
		// A copy: the pooled reader's hands are not given back, but the
		// comparison must not see later hands' memory.
		c := *h
		out = append(out, readertest.ReadResult{H: &c})
	}
}

// checkHand checks a hand read holds together: positions in the input,
// players seated, boards as dealt.
func checkHand(t *testing.T, h *hand.Hand, lines int) {
	t.Helper()
	if h.Pos.Line < 1 || h.End < h.Pos.Line || h.End > lines || h.Scale < 1 {
		t.Fatalf("hand lines %d-%d of %d, scale %d", h.Pos.Line, h.End, lines, h.Scale)
	}
	for i, a := range h.Actions {
		if a.Pos.Line < h.Pos.Line || a.Pos.Line > h.End {
			t.Fatalf("action %d at line %d, outside the hand's %d-%d", i, a.Pos.Line, h.Pos.Line, h.End)
		}
		if a.Player < hand.NoPlayer || a.Player >= len(h.Seats) || (a.Player == hand.NoPlayer && a.Kind != hand.DealBoard) {
			t.Fatalf("action %d by player %d of %d", i, a.Player, len(h.Seats))
		}
		if a.Amount < 0 || a.Amount > parser.MaxAmount || a.To < 0 || a.To > parser.MaxAmount {
			t.Fatalf("action %d amount %d to %d", i, a.Amount, a.To)
		}
		if a.Kind == hand.DealBoard && (a.Board < 0 || a.Board >= len(h.Boards)) {
			t.Fatalf("action %d deals board %d of %d", i, a.Board, len(h.Boards))
		}
	}
	// What the reader reads, the writer writes and the reader reads back.
	text, err := AppendHand(nil, h)
	if err != nil {
		t.Fatalf("hand read cannot be written: %v", err)
	}
	back, err := newReader(bytes.NewReader(text), "back", parser.Limits{}, nil).Next()
	if err != nil {
		t.Fatalf("written hand does not read: %v\n%s", err, text)
	}
	if d := readertest.HandDiff(h, back); d != nil {
		t.Fatalf("hand differs after a round trip: %v\n%s", d, text)
	}
}

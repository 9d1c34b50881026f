package pokerstars

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/handaudit/handaudit/hand"
	"github.com/handaudit/handaudit/internal/readertest"
	"github.com/handaudit/handaudit/parser"
)

// FuzzPokerStars feeds the reader arbitrary bytes: it must never panic,
// must stop, must return only *Error parse errors naming a line of the
// input, and every hand it returns must hold together.
func FuzzPokerStars(f *testing.F) {
	f.Add([]byte(psBase))
	f.Add(readertest.UTF16(psBase, false))
	f.Add([]byte(psBase[:len(psBase)/2] + psBase))
	f.Fuzz(func(t *testing.T, data []byte) {
		decoded, err := io.ReadAll(parser.NewDecodedReader(bytes.NewReader(data)))
		if err != nil {
			t.Fatal(err)
		}
		// An upper bound on the line count, whatever the line ends.
		lines := 1 + bytes.Count(decoded, []byte{'\n'}) + bytes.Count(decoded, []byte{'\r'})
		// Each line gives at most one result, plus one for every hand
		// header glued into it (a header is more than 16 bytes).
		most := lines + len(decoded)/16 + 1
		r := NewReader(bytes.NewReader(data), "fuzz")
		for n := 0; ; n++ {
			if n > most {
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
			psCheckHand(t, h, lines)
		}
	})
}

// FuzzPokerStarsLimits reads arbitrary bytes under small limits (so that
// fuzz inputs reach them): however the reads fall (whole, one byte at a
// time, 7 bytes at a time), the hands and errors must be the same, and no
// hand may break a limit.
func FuzzPokerStarsLimits(f *testing.F) {
	f.Add([]byte(psBase + "\n" + psBase))
	f.Add([]byte(psBase[:300] + strings.Repeat("x", 100) + "\n" + psBase))
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) > 1<<16 {
			return
		}
		lim := parser.Limits{MaxHandBytes: 700, MaxLineBytes: 60, MaxActions: 12}
		read := func(r io.Reader) string {
			var out []string
			pr := newReader(r, "fuzz", lim)
			for n := 0; n < 100000; n++ {
				h, err := pr.Next()
				if err == io.EOF {
					return strings.Join(out, "\n")
				}
				var pe *parser.Error
				switch {
				case errors.As(err, &pe):
					out = append(out, fmt.Sprintf("error %+v", *pe))
				case err != nil:
					t.Fatalf("not a parse error: %v", err)
				default:
					if len(h.Actions) > lim.MaxActions {
						t.Fatalf("hand %s of %d actions read under %+v", h.ID, len(h.Actions), lim)
					}
					out = append(out, fmt.Sprintf("hand %s %d-%d %d actions", h.ID, h.Pos.Line, h.End, len(h.Actions)))
				}
			}
			t.Fatal("reader does not stop")
			return ""
		}
		whole := read(bytes.NewReader(data))
		if one := read(iotest.OneByteReader(bytes.NewReader(data))); one != whole {
			t.Fatalf("one byte at a time differs:\n got %s\nwant %s", one, whole)
		}
		if seven := read(&psChunkReader{data: data, n: 7}); seven != whole {
			t.Fatalf("7 bytes at a time differs:\n got %s\nwant %s", seven, whole)
		}
	})
}

// psChunkReader returns data n bytes at a time.
type psChunkReader struct {
	data []byte
	n    int
}

func (c *psChunkReader) Read(p []byte) (int, error) {
	if len(c.data) == 0 {
		return 0, io.EOF
	}
	k := copy(p[:min(len(p), c.n)], c.data)
	c.data = c.data[k:]
	return k, nil
}

// psCheckHand checks that a hand read from an input of at most lines lines
// holds together.
func psCheckHand(t *testing.T, h *hand.Hand, lines int) {
	t.Helper()
	if len(h.Seats) == 0 {
		t.Fatal("hand without seats")
	}
	if h.Pos.Line < 1 || h.End < h.Pos.Line || h.End > lines {
		t.Fatalf("hand lines %d-%d outside 1-%d", h.Pos.Line, h.End, lines)
	}
	switch h.Scale {
	case 1, 10, 100, 1000, 10000, 100000, 1000000, 10000000, 100000000:
	default:
		t.Fatalf("scale %d", h.Scale)
	}
	for i, a := range h.Actions {
		if a.Player != hand.NoPlayer && (a.Player < 0 || a.Player >= len(h.Seats)) {
			t.Fatalf("action %d: player %d of %d seats", i, a.Player, len(h.Seats))
		}
		if a.Player == hand.NoPlayer && a.Kind != hand.DealBoard {
			t.Fatalf("action %d (%s) has no player", i, a.Kind)
		}
		if a.Pos.Line < h.Pos.Line || a.Pos.Line > h.End {
			t.Fatalf("action %d at line %d, outside the hand's %d-%d", i, a.Pos.Line, h.Pos.Line, h.End)
		}
		if a.Amount < 0 || a.To < 0 {
			t.Fatalf("action %d: negative amount", i)
		}
		for _, c := range a.Cards {
			// Cards are unknown where the record does not name them: a
			// player's, a draw's thrown cards, a street written "[]", a
			// card an export shows as "XX".
			switch a.Kind {
			case hand.DealHole, hand.Discard, hand.DealBoard, hand.Show:
			default:
				if !c.Known() {
					t.Fatalf("action %d: unknown card", i)
				}
			}
		}
	}
	if len(h.Boards) > 2 {
		t.Fatalf("%d boards", len(h.Boards))
	}
	for _, b := range h.Boards {
		if len(b) > 5 {
			t.Fatalf("board of %d cards", len(b))
		}
	}
	o := h.Outcome
	if !h.Cancelled && (!o.HasTotalPot || o.TotalPot < 0) {
		t.Fatal("hand without a total pot")
	}
	if o.HasWinnings && len(o.Winnings) != len(h.Seats) {
		t.Fatalf("%d winnings for %d seats", len(o.Winnings), len(h.Seats))
	}
}

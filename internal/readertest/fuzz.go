package readertest

import (
	"bytes"
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/handaudit/handaudit/hand"
	"github.com/handaudit/handaudit/parser"
)

// AddFiles adds every file under dir whose name ends with ext ("" for
// all) to f's seed corpus. A folder that is not there adds nothing: seeds
// from outside the repository are never required.
func AddFiles(f *testing.F, dir, ext string) {
	filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ext) {
			if data, err := os.ReadFile(p); err == nil {
				f.Add(data)
			}
		}
		return nil
	})
}

// Fuzz is what a reader's fuzz test asserts of any input: the reader
// does not panic and stops; every error is a *parser.Error naming the
// input and a line of it, with a message; every hand lies within the
// input's lines and each of its actions within the hand, by a seated
// player or none, of amounts from 0 to parser.MaxAmount, and the hand has
// a scale; a hand the writer writes reads back the same. What is
// particular to the format is in Check.
type Fuzz struct {
	// Open returns a reader, without limits, over r for the file name:
	// what reads back the hands the writer writes.
	Open func(r io.Reader, name string) parser.Reader
	// Write writes one hand; nil: no round trip.
	Write func(h *hand.Hand) ([]byte, error)
	// MustWrite: every hand read must be written; without it, the
	// writer may refuse a hand (what the format cannot express).
	MustWrite bool
	// BackAsAHand: a hand written need only read back as one hand, not
	// the same (a format whose writer is known not to keep everything).
	BackAsAHand bool
	// LoneCR counts a carriage return not before a line feed as a line
	// end too (the reader takes it as one).
	LoneCR bool
	// MaxResults is how many results the reader may give at the most, for
	// an input of lines lines and size bytes (decoded).
	MaxResults func(lines, size int) int
	// Check checks a hand read further, for the format; nil: nothing more.
	Check func(t testing.TB, h *hand.Hand, lines int)
	// Done is given each hand once checked (a pool's Put); nil: nothing.
	Done func(h *hand.Hand)
}

// Lines is how many lines data has at the most, decoded as the readers
// decode it.
func (f Fuzz) Lines(t testing.TB, data []byte) (lines, size int) {
	t.Helper()
	decoded, err := io.ReadAll(parser.NewDecodedReader(bytes.NewReader(data)))
	if err != nil {
		t.Fatal(err)
	}
	lines = 1 + bytes.Count(decoded, []byte{'\n'})
	if f.LoneCR {
		lines += bytes.Count(decoded, []byte{'\r'})
	}
	return lines, len(decoded)
}

// FuzzName is the file name a reader under fuzzing is given: each error
// must name it.
const FuzzName = "fuzz"

// Run reads data with r (the reader under test, over data for the file
// FuzzName) and checks every result. It returns the results, each hand a
// shallow copy of the one read (a comparison of two readings must not see
// later hands' memory), unless f.Done gives hands back to a pool.
func (f Fuzz) Run(t testing.TB, data []byte, r parser.Reader) []ReadResult {
	t.Helper()
	lines, size := f.Lines(t, data)
	most := f.MaxResults(lines, size)
	var out []ReadResult
	for n := 0; ; n++ {
		h, err := r.Next()
		if err == io.EOF {
			return out
		}
		if n >= most {
			t.Fatalf("reader returned more than %d results from %d lines", most, lines)
		}
		if err != nil {
			var pe *parser.Error
			if !errors.As(err, &pe) {
				t.Fatalf("error is not a *parser.Error: %v", err)
			}
			if pe.Line < 1 || pe.Line > lines || pe.File != FuzzName || pe.Msg == "" {
				t.Fatalf("bad error position: %+v (input has at most %d lines)", pe, lines)
			}
			out = append(out, ReadResult{Err: pe})
			continue
		}
		f.checkHand(t, h, lines)
		c := *h
		out = append(out, ReadResult{H: &c})
		if f.Done != nil {
			f.Done(h)
		}
	}
}

// checkHand checks one hand read from an input of lines lines.
func (f Fuzz) checkHand(t testing.TB, h *hand.Hand, lines int) {
	t.Helper()
	if h.Pos.Line < 1 || h.End < h.Pos.Line || h.End > lines || h.Scale < 1 {
		t.Fatalf("hand %s at lines %d-%d of %d, scale %d", h.ID, h.Pos.Line, h.End, lines, h.Scale)
	}
	for i, a := range h.Actions {
		if a.Pos.Line < h.Pos.Line || a.Pos.Line > h.End {
			t.Fatalf("hand %s: action %d at line %d, outside the hand's %d-%d", h.ID, i, a.Pos.Line, h.Pos.Line, h.End)
		}
		if a.Player < hand.NoPlayer || a.Player >= len(h.Seats) {
			t.Fatalf("hand %s: action %d by player %d of %d", h.ID, i, a.Player, len(h.Seats))
		}
		if a.Amount < 0 || a.Amount > parser.MaxAmount || a.To < 0 || a.To > parser.MaxAmount {
			t.Fatalf("hand %s: action %d amount %d to %d", h.ID, i, a.Amount, a.To)
		}
	}
	if f.Check != nil {
		f.Check(t, h, lines)
	}
	if f.Write == nil {
		return
	}
	// What the reader reads, the writer writes and the reader reads back.
	text, err := f.Write(h)
	if err != nil {
		if f.MustWrite {
			t.Fatalf("hand read cannot be written: %v", err)
		}
		return
	}
	back, errs := Read(t, f.Open(bytes.NewReader(text), "back"), "back")
	if len(back) != 1 || len(errs) > 0 {
		t.Fatalf("written hand reads back as %d hands, errors %v:\n%s", len(back), errs, text)
	}
	if d := HandDiff(h, back[0]); d != nil && !f.BackAsAHand {
		t.Fatalf("written hand reads back different: %v\n%s", d, text)
	}
}

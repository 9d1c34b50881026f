package pacific

import (
	"bytes"
	"errors"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/handaudit/handaudit/hand"
	"github.com/handaudit/handaudit/internal/readertest"
	"github.com/handaudit/handaudit/internal/testenv"
	"github.com/handaudit/handaudit/parser"
)

// FuzzPacific reads arbitrary bytes: no panic, every error a
// *parser.Error at a line of the input, every hand's positions inside
// it, every hand the writer writes read back the same.
func FuzzPacific(f *testing.F) {
	f.Add([]byte(cashHand))
	f.Add([]byte(withHeader("***** 888.ro BLAST Hand History for Game 1 *****", "42.797,60 $/0 $ Blinds No Limit Holdem - ***",
		"Tournament #2 13,95 $ + 1,05 $ - Table #1 4 Max (Real Money)")))
	if !testenv.CI() {
		if dir, err := filepath.Abs(filepath.Join(testenv.RepoRoot(f), "..", "shared", "corpus", "rooms", "Pacific")); err == nil {
			filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
				if err == nil && !d.IsDir() {
					if b, err := os.ReadFile(p); err == nil {
						f.Add(b)
					}
				}
				return nil
			})
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		lines := bytes.Count(data, []byte("\n")) + bytes.Count(data, []byte("\r")) + 1
		r := newReader(bytes.NewReader(data), "f", parser.Limits{MaxHandBytes: 1 << 16, MaxLineBytes: 1 << 12, MaxActions: 500})
		var pool hand.Pool
		r.pool = &pool
		for i := 0; ; i++ {
			h, err := r.Next()
			if err == io.EOF {
				return
			}
			if i > len(data)+1 {
				t.Fatal("reader does not stop")
			}
			if err != nil {
				var pe *parser.Error
				if !errors.As(err, &pe) {
					t.Fatalf("error %v is not a *parser.Error", err)
				}
				if pe.Line < 1 || pe.Line > lines {
					t.Fatalf("error at line %d of %d: %v", pe.Line, lines, pe)
				}
				continue
			}
			if h.Pos.Line < 1 || h.End < h.Pos.Line || h.End > lines {
				t.Fatalf("hand at lines %d-%d of %d", h.Pos.Line, h.End, lines)
			}
			for _, a := range h.Actions {
				if a.Pos.Line < h.Pos.Line || a.Pos.Line > h.End {
					t.Fatalf("action at line %d outside the hand's %d-%d", a.Pos.Line, h.Pos.Line, h.End)
				}
			}
			if text, err := AppendHand(nil, h); err == nil {
				back := NewReader(bytes.NewReader(text), "back")
				h2, err := back.Next()
				if err != nil {
					t.Fatalf("written hand does not read: %v\n%s", err, text)
				}
				if d := readertest.HandDiff(h, h2); d != nil {
					t.Fatalf("written hand differs: %v\n%s", d, text)
				}
			}
			pool.Put(h)
		}
	})
}

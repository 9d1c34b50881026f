package ipoker

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/handaudit/handaudit/hand"
	"github.com/handaudit/handaudit/internal/readertest"
	"github.com/handaudit/handaudit/internal/testenv"
	"github.com/handaudit/handaudit/parser"
)

// fuzzSeeds adds testdata's sessions, broken ways, and the shared corpus's
// files when they are there.
func fuzzSeeds(f *testing.F) {
	base, err := os.ReadFile("testdata/sessions.xml")
	if err != nil {
		f.Fatal(err)
	}
	f.Add(base)
	f.Add(base[:len(base)/2])
	f.Add(bytes.ReplaceAll(base, []byte("\n"), []byte("\r\n")))
	f.Add(bytes.Replace(base, []byte(`player="Alice"`), []byte(`player=Alice`), 1))
	f.Add(readertest.UTF16(string(base), false))
	root := filepath.Join(testenv.RepoRoot(f), "..", "shared", "corpus", "rooms", "IPoker")
	filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			if data, err := os.ReadFile(p); err == nil {
				f.Add(data)
			}
		}
		return nil
	})
}

// FuzzIPoker feeds the reader arbitrary bytes: it must never panic, must
// stop, must return only *parser.Error parse errors naming a line of the
// input, and every hand must hold together: positions in the input,
// actions by seated players, as many finishing stacks as seats.
func FuzzIPoker(f *testing.F) {
	fuzzSeeds(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		decoded, err := io.ReadAll(parser.NewDecodedReader(bytes.NewReader(data)))
		if err != nil {
			t.Fatal(err)
		}
		lines := 1 + bytes.Count(decoded, []byte{'\n'}) + bytes.Count(decoded, []byte{'\r'})
		res := readAll(t, data, "fuzz", false, 0, parser.Limits{}, nil)
		if len(res) > len(decoded)/6+1 {
			t.Fatalf("%d results from %d bytes", len(res), len(decoded))
		}
		for _, r := range res {
			if r.Err != nil {
				if e := r.Err; e.Line < 1 || e.Line > lines || e.File != "fuzz" || e.Msg == "" {
					t.Fatalf("bad error: %+v (input has at most %d lines)", e, lines)
				}
				continue
			}
			checkHand(t, r.H, lines)
		}
	})
}

func checkHand(t *testing.T, h *hand.Hand, lines int) {
	t.Helper()
	if h.Pos.Line < 1 || h.Pos.Line > lines || h.End < h.Pos.Line || h.End > lines {
		t.Fatalf("hand %s at lines %d-%d of %d", h.ID, h.Pos.Line, h.End, lines)
	}
	if h.Scale < 1 || len(h.Outcome.FinishingStacks) != len(h.Seats) {
		t.Fatalf("hand %s: scale %d, %d finishing stacks for %d seats", h.ID, h.Scale, len(h.Outcome.FinishingStacks), len(h.Seats))
	}
	for i, a := range h.Actions {
		if a.Pos.Line < h.Pos.Line || a.Pos.Line > h.End {
			t.Fatalf("hand %s: action %d at line %d, outside the hand (%d-%d)", h.ID, i, a.Pos.Line, h.Pos.Line, h.End)
		}
		if a.Player < hand.NoPlayer || a.Player >= len(h.Seats) {
			t.Fatalf("hand %s: action %d by player %d of %d", h.ID, i, a.Player, len(h.Seats))
		}
		if a.Amount < 0 || a.To < 0 || a.Amount > parser.MaxAmount || a.To > parser.MaxAmount {
			t.Fatalf("hand %s: action %d amounts %d, %d", h.ID, i, a.Amount, a.To)
		}
	}
}

// FuzzIPokerQuick reads arbitrary bytes with the fast path and without,
// whole and in small reads, under small limits: the hands and errors must
// be the same.
func FuzzIPokerQuick(f *testing.F) {
	fuzzSeeds(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) > 1<<16 {
			return
		}
		for _, lim := range []parser.Limits{{}, {MaxHandBytes: 900, MaxLineBytes: 90, MaxActions: 12}} {
			want := readAll(t, data, "fuzz", true, 0, lim, nil)
			for _, chunk := range []int{0, 7} {
				got := readAll(t, data, "fuzz", false, chunk, lim, nil)
				if len(got) != len(want) {
					t.Fatalf("limits %+v, reads of %d: %d results with the fast path, %d without", lim, chunk, len(got), len(want))
				}
				for i := range got {
					if d := readertest.ResultDiff(got[i], want[i]); d != "" {
						t.Fatalf("limits %+v, reads of %d: result %d: %s", lim, chunk, i, strings.TrimSpace(d))
					}
				}
			}
		}
	})
}

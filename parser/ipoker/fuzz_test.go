package ipoker

import (
	"bytes"
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
	readertest.AddFiles(f, filepath.Join(testenv.RepoRoot(f), "..", "shared", "corpus", "rooms", "IPoker"), "")
}

// FuzzIPoker feeds the reader arbitrary bytes: it must never panic, must
// stop, must return only *parser.Error parse errors naming a line of the
// input, and every hand must hold together: positions in the input,
// actions by seated players, as many finishing stacks as seats.
func FuzzIPoker(f *testing.F) {
	fuzzSeeds(f)
	check := readertest.Fuzz{
		Open:       readBack,
		LoneCR:     true,
		MaxResults: func(_, size int) int { return size/6 + 1 },
		Check:      checkHand,
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		check.Run(t, data, newReader(bytes.NewReader(data), readertest.FuzzName, parser.Limits{}, nil))
	})
}

// checkHand checks what is particular to iPoker in a hand read: as many
// finishing stacks as seats.
func checkHand(t testing.TB, h *hand.Hand, _ int) {
	t.Helper()
	if len(h.Outcome.FinishingStacks) != len(h.Seats) {
		t.Fatalf("hand %s: %d finishing stacks for %d seats", h.ID, len(h.Outcome.FinishingStacks), len(h.Seats))
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

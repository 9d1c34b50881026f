package checks_test

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/handaudit/handaudit/internal/testenv"
	"github.com/handaudit/handaudit/parser/phh"

	"github.com/handaudit/handaudit/checks"
	"github.com/handaudit/handaudit/hand"
	"github.com/handaudit/handaudit/parser"
	"github.com/handaudit/handaudit/replay"
)

// corpusDir returns ../shared/corpus/phh relative to the repo root, or
// skips the test when it is absent (fails instead under CI=true).
func corpusDir(t *testing.T) string {
	t.Helper()
	return testenv.CorpusDir(t, "phh")
}

// corpusGame reports whether a hand is one the corpus test covers: every
// game the rules engine replays (hold'em, short deck, Omaha, stud, razz,
// the draw games and badugi).
func corpusGame(h *hand.Hand) bool {
	return replay.Rounds(h.Game.Variant) != nil
}

// corpusCounts are the findings per check over the hands of
// ../shared/corpus/phh. A change to any count must be explained before
// this table (and testdata/corpus_findings.jsonl) is updated.
//
// Every hold'em and Omaha hand of the corpus is a televised or AI-session
// hand whose record agrees with the rules but four: Pluribus sessions
// (32/23, 41b/204, 60/88, 75b/76) that play whole chips and split an odd
// pot into half chips (a 20,775 pot paid 10,387.5 and 10,387.5). The
// smallest unit in play is one chip, so the record broke the odd chip that
// TDA 20-A gives to the first winner left of the button: pot.odd-chip.
// (WSOP 2023 #43 day 5 hand 76, limit Omaha hi-lo with a single blind of
// one small bet, used to raise bet.wrong-limit-size through a replay bug:
// the lone blind was not treated as the opening bet. replay's
// TestSingleBlindLimit covers it.)
var corpusCounts = map[string]int{
	"pot.odd-chip": 4,
}

// corpusHands is how many hands the corpus holds (of every game: the WSOP
// 2023 #43 day 5 stud, razz and draw hands among them).
const corpusHands = 4805

// TestCorpus runs every check over the real hands of the PHH corpus and asserts the exact number of findings per check, and the
// findings themselves against testdata/corpus_findings.jsonl, so that any
// change in what is reported is noticed.
func TestCorpus(t *testing.T) {
	dir := corpusDir(t)
	rs := replay.Default()
	var paths []string
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() && (strings.HasSuffix(p, ".phh") || strings.HasSuffix(p, ".phhs")) {
			paths = append(paths, p)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(paths)

	counts := map[string]int{}
	var out bytes.Buffer
	hands, unsupported := 0, 0
	var runner checks.Runner
	for _, p := range paths {
		f, err := os.Open(p)
		if err != nil {
			t.Fatal(err)
		}
		rel, _ := filepath.Rel(dir, p)
		r := phh.NewReader(f, filepath.ToSlash(rel))
		for {
			h, err := r.Next()
			if err == io.EOF {
				break
			}
			if err != nil {
				var pe *parser.Error
				if !errors.As(err, &pe) {
					t.Fatal(err)
				}
				fd := checks.ParseErrorFinding(pe)
				counts[fd.CheckID]++
				if err := checks.WriteJSONL(&out, &fd); err != nil {
					t.Fatal(err)
				}
				continue
			}
			if !corpusGame(h) {
				continue
			}
			hands++
			tr := replay.Replay(h, &rs)
			if !tr.Supported {
				unsupported++
				t.Errorf("%s: hand not replayed: %s", rel, tr.Unsupported)
			}
			for _, fd := range runner.Run(h, tr, checks.All()) {
				counts[fd.CheckID]++
				if err := checks.WriteJSONL(&out, &fd); err != nil {
					t.Fatal(err)
				}
			}
		}
		f.Close()
	}
	t.Logf("%d hands, %d not replayed; findings: %v", hands, unsupported, counts)

	golden := filepath.Join("testdata", "corpus_findings.jsonl")
	if *update {
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(golden, out.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		t.Logf("wrote %s; now update corpusCounts and corpusHands:\n%s", golden, countsLiteral(counts, hands))
		return
	}
	if hands != corpusHands {
		t.Errorf("corpus has %d hands, want %d", hands, corpusHands)
	}
	for id, n := range counts {
		if corpusCounts[id] != n {
			t.Errorf("%s: %d findings, want %d", id, n, corpusCounts[id])
		}
	}
	for id, n := range corpusCounts {
		if counts[id] == 0 && n != 0 {
			t.Errorf("%s: no findings, want %d", id, n)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatalf("%v (run with -update to create it)", err)
	}
	if !bytes.Equal(want, out.Bytes()) {
		t.Errorf("findings differ from %s (run go test -run TestCorpus -update ./checks/ and review the diff)", golden)
	}
}

func countsLiteral(counts map[string]int, hands int) string {
	ids := make([]string, 0, len(counts))
	for id := range counts {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	var b strings.Builder
	fmt.Fprintf(&b, "const corpusHands = %d\nvar corpusCounts = map[string]int{\n", hands)
	for _, id := range ids {
		fmt.Fprintf(&b, "\t%q: %d,\n", id, counts[id])
	}
	b.WriteString("}\n")
	return b.String()
}

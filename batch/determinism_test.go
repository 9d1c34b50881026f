package batch

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
)

// bigPHH writes a .phhs of n hands built from the corpus's Pluribus hands,
// numbered uniquely, so that one input spans many chunks.
func bigPHH(t *testing.T, dir string, n int) string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(corpusDir(t), "phh", "data", "pluribus", "*", "*.phh"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no Pluribus hands in the corpus (%v)", err)
	}
	sort.Strings(files)
	handLine := regexp.MustCompile(`(?m)^hand = .*$`)
	var b strings.Builder
	for i := 0; i < n; i++ {
		text, err := os.ReadFile(files[i%len(files)])
		if err != nil {
			t.Fatal(err)
		}
		fmt.Fprintf(&b, "[%d]\n%s\n\n", i+1, handLine.ReplaceAllString(strings.TrimSpace(string(text)), fmt.Sprintf("hand = %d", i+1)))
	}
	p := filepath.Join(dir, "big.phhs")
	if err := os.WriteFile(p, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// determinismInputs are the fixtures, part of the corpus (PokerStars
// exports over several days, some PHH hands) and one input of many chunks.
func determinismInputs(t *testing.T) []string {
	corpus := corpusDir(t)
	return []string{"fixtures", filepath.Join(corpus, "rooms", "PokerStars"),
		filepath.Join(corpus, "phh", "data", "pluribus", "30"), bigPHH(t, t.TempDir(), 1000)}
}

// TestDeterministicOutputs runs the same inputs with 1 and with 4 workers
// and requires every output file, the manifest included, to be
// byte-identical: Parquet, Arrow, JSONL, HTML, SARIF, JUnit.
func TestDeterministicOutputs(t *testing.T) {
	chdirRoot(t)
	inputs := determinismInputs(t)
	for _, partition := range []string{"none", "day"} {
		t.Run(partition, func(t *testing.T) {
			dir := t.TempDir()
			var outs []string
			for _, w := range []int{1, 4} {
				out := filepath.Join(dir, fmt.Sprintf("w%d", w))
				o := auditOpts(out, inputs...)
				o.Workers = w
				o.Partition = partition
				res := mustAudit(t, o)
				if res.Summary.Hands < 1000 {
					t.Fatalf("only %d hands", res.Summary.Hands)
				}
				outs = append(outs, out)
			}
			files := readTree(t, outs[0])
			for _, want := range []string{"report.html", "results.sarif", "junit.xml", "manifest.json"} {
				if files[want] == nil {
					t.Errorf("%s not written", want)
				}
			}
			n := 0
			for name := range files {
				if strings.HasSuffix(name, ".parquet") || strings.HasSuffix(name, ".arrow") || strings.HasSuffix(name, ".jsonl") {
					n++
				}
			}
			if partition == "none" && n != 7 || partition == "day" && n < 12 { // findings and hands in three formats, settlements.parquet, sessions.parquet
				t.Errorf("%d table files", n)
			}
			sameTrees(t, outs[0], outs[1])
		})
	}
}

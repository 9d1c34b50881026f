package checks_test

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/handaudit/handaudit/checks"
	"github.com/handaudit/handaudit/hand"
	"github.com/handaudit/handaudit/parser/phh"
	"github.com/handaudit/handaudit/replay"
)

// BenchmarkRun measures the checks alone (parsing and replay done before
// the timer) over real no-limit hands of the corpus, most of them clean:
// the common path of a nightly run.
func BenchmarkRun(b *testing.B) {
	dir := filepath.Join(repoRoot(b), "..", "shared", "corpus", "phh", "data", "pluribus", "30")
	paths, _ := filepath.Glob(filepath.Join(dir, "*.phh"))
	if len(paths) == 0 {
		b.Skip("corpus not found")
	}
	rs := replay.Default()
	type pair struct {
		h  *hand.Hand
		tr *replay.Trace
	}
	var hands []pair
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			b.Fatal(err)
		}
		r := phh.NewReader(bytes.NewReader(data), p)
		for {
			h, err := r.Next()
			if err == io.EOF {
				break
			}
			if err != nil {
				continue
			}
			hands = append(hands, pair{h, replay.Replay(h, &rs)})
		}
	}
	var runner checks.Runner
	sel := checks.All()
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		p := hands[i%len(hands)]
		runner.Run(p.h, p.tr, sel)
	}
}

package reports

import (
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"testing"

	"github.com/handaudit/handaudit/checks"
	"github.com/handaudit/handaudit/internal/testhands"
	"github.com/handaudit/handaudit/parser"
	"github.com/handaudit/handaudit/parser/phh"
	"github.com/handaudit/handaudit/parser/pokerstars"
	"github.com/handaudit/handaudit/replay"
)

// corpusResults reads the corpus bench/ generates for format f (in
// $BENCH_CORPUS, BENCH_HANDS hands) and audits it as the pipeline does:
// terse replay for clean hands, full replay for flagged ones.
func corpusResults(b *testing.B, f parser.Format) []*HandResult {
	root := os.Getenv("BENCH_CORPUS")
	n, _ := strconv.Atoi(os.Getenv("BENCH_HANDS"))
	if root == "" || n == 0 {
		b.Skip("set BENCH_CORPUS and BENCH_HANDS to a corpus bench/ generated")
	}
	dir := filepath.Join(root, string(f)+"-"+strconv.Itoa(n))
	paths, err := filepath.Glob(filepath.Join(dir, "[^.]*")) // not the .complete mark
	if err != nil || len(paths) == 0 {
		b.Skipf("no corpus in %s", dir)
	}
	rs := replay.Default()
	sel := checks.All()
	var runner checks.Runner
	var traces replay.TracePool // never given back: every trace is kept
	var out []*HandResult
	for _, h := range testhands.Files(b, f, paths...) {
		tr := traces.ReplayTerse(h, &rs)
		fs := runner.Run(h, tr, sel)
		if len(fs) > 0 {
			tr = replay.Replay(h, &rs)
			fs = slices.Clone(runner.Run(h, tr, sel))
		} else {
			fs = nil
		}
		out = append(out, &HandResult{Hand: h, Trace: tr, Findings: fs, File: h.Pos.File, Line: h.Pos.Line, Format: string(f)})
	}
	if len(out) != n {
		b.Fatalf("%d hands read from %s, want %d", len(out), dir, n)
	}
	return out
}

// BenchmarkWriteCorpus writes the Parquet and HTML reports of a bench/
// corpus, as `audit run --format parquet,html` does: the report writers'
// whole share of a run (WriteHand and Close).
func BenchmarkWriteCorpus(b *testing.B) {
	for _, f := range []parser.Format{pokerstars.Format, phh.Format} {
		b.Run(string(f), func(b *testing.B) {
			results := corpusResults(b, f)
			b.ReportAllocs()
			b.ResetTimer()
			for b.Loop() {
				m := Multi{NewParquet(), NewHTML(HTMLOptions{})}
				if err := m.Open(b.TempDir(), testInfo()); err != nil {
					b.Fatal(err)
				}
				for _, r := range results {
					if err := m.WriteHand(r); err != nil {
						b.Fatal(err)
					}
				}
				if err := m.Close(); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(len(results))*float64(b.N)/b.Elapsed().Seconds(), "hands/s")
		})
	}
}

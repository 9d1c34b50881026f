package bench

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/handaudit/handaudit/batch"
	"github.com/handaudit/handaudit/checks"
	"github.com/handaudit/handaudit/gen"
	"github.com/handaudit/handaudit/parser"
)

// stateHands is the corpus size of BenchmarkState (BENCH_STATE_HANDS
// overrides): 200,000 hands, the size at which issue 25 measured re-runs.
func stateHands() int {
	if n, err := strconv.Atoi(os.Getenv("BENCH_STATE_HANDS")); err == nil && n > 0 {
		return n
	}
	return 200000
}

// stateCorpus generates (once per process and size, or once for good
// under BENCH_CORPUS) n hands of format f in shards of 10,000 and returns
// the folder.
func stateCorpus(b *testing.B, f parser.Format, n int) string {
	b.Helper()
	root, keep := os.LookupEnv("BENCH_CORPUS")
	if !keep {
		corporaMu.Lock()
		if tmpRoot == "" {
			var err error
			if tmpRoot, err = os.MkdirTemp("", "handaudit-bench"); err != nil {
				b.Fatal(err)
			}
		}
		root = tmpRoot
		corporaMu.Unlock()
	}
	dir := filepath.Join(root, fmt.Sprintf("state-%s-%d", f, n))
	if _, err := os.Stat(filepath.Join(dir, ".complete")); err == nil {
		return dir
	}
	os.RemoveAll(dir)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		b.Fatal(err)
	}
	g, err := gen.New(gen.Config{Seed: 1, Format: f, Violations: 0.02})
	if err != nil {
		b.Fatal(err)
	}
	if _, err := g.Write(context.Background(), gen.Output{Hands: n, Dir: dir, ShardSize: 10000}); err != nil {
		b.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, ".complete"), nil, 0o644); err != nil {
		b.Fatal(err)
	}
	return dir
}

// BenchmarkState compares, on 200,000 generated hands, a fresh `audit run`
// (no --state) with re-runs with --state: nothing changed since the last
// run (the outputs are verified and left in place: inputs and outputs are
// read once, to hash them), and one input of twenty changed (that input is
// parsed, the others' stored results are decoded, every output is written
// again). Parquet and HTML, as BenchmarkAudit.
//
//	go test -run '^$' -bench BenchmarkState -benchtime 5x ./bench/
func BenchmarkState(b *testing.B) {
	for _, f := range formats {
		n := stateHands()
		b.Run(string(f), func(b *testing.B) {
			dir := stateCorpus(b, f, n)
			audit := func(b *testing.B, out, state string) *batch.Outcome {
				res, err := batch.Audit(context.Background(), batch.Options{
					Args: []string{dir}, OutDir: out, StateDir: state, Formats: []string{"parquet", "html"},
					FailOn: checks.Error, Rules: "tda-2024", Lang: "en", Stdout: io.Discard, Stderr: io.Discard,
				})
				if err != nil {
					b.Fatal(err)
				}
				if res.Summary.Hands != int64(n) {
					b.Fatalf("%d hands, want %d", res.Summary.Hands, n)
				}
				return res
			}
			b.Run("fresh", func(b *testing.B) {
				out := b.TempDir()
				for b.Loop() {
					audit(b, out, "")
				}
				b.ReportMetric(float64(n)*float64(b.N)/b.Elapsed().Seconds(), "hands/s")
			})
			b.Run("rerun-unchanged", func(b *testing.B) {
				out, state := b.TempDir(), b.TempDir()
				audit(b, out, state)
				b.ResetTimer()
				for b.Loop() {
					if res := audit(b, out, state); res.Summary.Parsed != 0 {
						b.Fatalf("an unchanged re-run parsed %d inputs", res.Summary.Parsed)
					}
				}
				b.ReportMetric(float64(n)*float64(b.N)/b.Elapsed().Seconds(), "hands/s")
			})
			b.Run("rerun-one-changed", func(b *testing.B) {
				out, state := b.TempDir(), b.TempDir()
				ents, err := os.ReadDir(dir)
				if err != nil {
					b.Fatal(err)
				}
				var victim string
				for _, e := range ents {
					if e.Name()[0] != '.' {
						victim = filepath.Join(dir, e.Name())
					}
				}
				orig, err := os.ReadFile(victim)
				if err != nil {
					b.Fatal(err)
				}
				defer os.WriteFile(victim, orig, 0o644)
				audit(b, out, state)
				b.ResetTimer()
				i := 0
				for b.Loop() {
					// Each run sees the file changed since the last one: a
					// comment of its own at the end.
					b.StopTimer()
					i++
					changed := append(append([]byte(nil), orig...), fmt.Sprintf("\n\n# run %d\n", i)...)
					if err := os.WriteFile(victim, changed, 0o644); err != nil {
						b.Fatal(err)
					}
					b.StartTimer()
					if res := audit(b, out, state); res.Summary.Parsed != 1 {
						b.Fatalf("one input changed: %d parsed, %d reused", res.Summary.Parsed, res.Summary.Reused)
					}
				}
				b.ReportMetric(float64(n)*float64(b.N)/b.Elapsed().Seconds(), "hands/s")
			})
		})
	}
}

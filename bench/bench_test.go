package bench

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"sync"
	"testing"

	"github.com/handaudit/handaudit/batch"
	"github.com/handaudit/handaudit/checks"
	"github.com/handaudit/handaudit/gen"
	"github.com/handaudit/handaudit/hand"
	"github.com/handaudit/handaudit/parser"
	"github.com/handaudit/handaudit/parser/phh"
	"github.com/handaudit/handaudit/parser/pokerstars"
	"github.com/handaudit/handaudit/replay"
)

// benchHands is the corpus size per format (BENCH_HANDS overrides).
func benchHands() int {
	if n, err := strconv.Atoi(os.Getenv("BENCH_HANDS")); err == nil && n > 0 {
		return n
	}
	return 100000
}

type corpus struct {
	dir   string
	files [][]byte
	bytes int64
	hands int
}

var (
	corpora   = map[parser.Format]*corpus{}
	corporaMu sync.Mutex
	tmpRoot   string
)

// corpusFor generates (once per process) the corpus of format f: 2% of
// the hands with an injected violation, in shards of 10,000 hands so that
// the pipeline reads files in parallel.
func corpusFor(b *testing.B, f parser.Format) *corpus {
	corporaMu.Lock()
	defer corporaMu.Unlock()
	if c := corpora[f]; c != nil {
		return c
	}
	if tmpRoot == "" {
		var err error
		if tmpRoot, err = os.MkdirTemp("", "handaudit-bench"); err != nil {
			b.Fatal(err)
		}
	}
	n := benchHands()
	// BENCH_CORPUS keeps generated corpora between runs (and out of a
	// CPU profile of the audit): a folder per format and size.
	root, keep := os.LookupEnv("BENCH_CORPUS")
	if !keep {
		root = tmpRoot
	}
	dir := filepath.Join(root, fmt.Sprintf("%s-%d", f, n))
	done := filepath.Join(dir, ".complete")
	if _, err := os.Stat(done); err != nil {
		if err := os.RemoveAll(dir); err != nil {
			b.Fatal(err)
		}
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
		if err := os.WriteFile(done, nil, 0o644); err != nil {
			b.Fatal(err)
		}
	}
	c := &corpus{dir: dir, hands: n}
	ents, err := os.ReadDir(dir)
	if err != nil {
		b.Fatal(err)
	}
	for _, e := range ents {
		if e.Name()[0] == '.' {
			continue
		}
		data, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			b.Fatal(err)
		}
		c.files = append(c.files, data)
		c.bytes += int64(len(data))
	}
	corpora[f] = c
	return c
}

func TestMain(m *testing.M) {
	code := m.Run()
	if tmpRoot != "" {
		os.RemoveAll(tmpRoot)
	}
	os.Exit(code)
}

var formats = []parser.Format{pokerstars.Format, phh.Format}

// BenchmarkAudit is `audit run CORPUS --format parquet,html`: reading,
// replay, checks and both reports, on all cores.
func BenchmarkAudit(b *testing.B) {
	for _, f := range formats {
		b.Run(string(f), func(b *testing.B) {
			c := corpusFor(b, f)
			out := b.TempDir()
			b.SetBytes(c.bytes)
			b.ResetTimer()
			for b.Loop() {
				res, err := batch.Audit(context.Background(), batch.Options{
					Args: []string{c.dir}, OutDir: out, Formats: []string{"parquet", "html"},
					FailOn: checks.Error, Rules: "tda-2024", Lang: "en", Stdout: io.Discard, Stderr: io.Discard,
				})
				if err != nil {
					b.Fatal(err)
				}
				if res.Summary.Hands != int64(c.hands) || res.Summary.ParseErrors != 0 {
					b.Fatalf("%d hands, %d parse errors; want %d and 0", res.Summary.Hands, res.Summary.ParseErrors, c.hands)
				}
			}
			b.ReportMetric(float64(c.hands)*float64(b.N)/b.Elapsed().Seconds(), "hands/s")
		})
	}
}

// BenchmarkStages times each stage alone on one core, cumulatively: parse,
// parse+replay, parse+replay+checks. The differences say what each stage
// costs per hand; BenchmarkAudit less the last is the reports and the
// pipeline.
func BenchmarkStages(b *testing.B) {
	for _, f := range formats {
		for _, stage := range []string{"parse", "replay", "checks"} {
			b.Run(string(f)+"/"+stage, func(b *testing.B) {
				c := corpusFor(b, f)
				rs := replay.Default()
				sel := checks.All()
				var runner checks.Runner
				// As in the pipeline: hands and traces are given back
				// once done with, and their memory reused.
				var hands hand.Pool
				var traces replay.TracePool
				b.SetBytes(c.bytes)
				b.ResetTimer()
				for b.Loop() {
					for _, data := range c.files {
						r, err := parser.OpenPooled(f, bytes.NewReader(data), "bench", parser.Limits{}, &hands)
						if err != nil {
							b.Fatal(err)
						}
						for {
							h, err := r.Next()
							if err == io.EOF {
								break
							}
							if err != nil {
								b.Fatal(err)
							}
							if stage != "parse" {
								tr := traces.ReplayTerse(h, &rs)
								if stage == "checks" {
									runner.Run(h, tr, sel)
								}
								traces.Put(tr)
							}
							hands.Put(h)
						}
					}
				}
				b.ReportMetric(float64(c.hands)*float64(b.N)/b.Elapsed().Seconds(), "hands/s")
			})
		}
	}
}

// BenchmarkReplayChecks is the replay and checks of BenchmarkStages alone,
// on hands parsed beforehand (terse replay, as the pipeline does first).
func BenchmarkReplayChecks(b *testing.B) {
	for _, f := range formats {
		b.Run(string(f), func(b *testing.B) {
			c := corpusFor(b, f)
			var hs []*hand.Hand
			for _, data := range c.files {
				r, err := parser.Open(f, bytes.NewReader(data), "bench")
				if err != nil {
					b.Fatal(err)
				}
				for {
					h, err := r.Next()
					if err == io.EOF {
						break
					}
					if err != nil {
						b.Fatal(err)
					}
					hs = append(hs, h)
				}
			}
			rs := replay.Default()
			sel := checks.All()
			var runner checks.Runner
			var traces replay.TracePool
			b.ResetTimer()
			for b.Loop() {
				for _, h := range hs {
					tr := traces.ReplayTerse(h, &rs)
					runner.Run(h, tr, sel)
					traces.Put(tr)
				}
			}
			b.ReportMetric(float64(len(hs))*float64(b.N)/b.Elapsed().Seconds(), "hands/s")
		})
	}
}

// BenchmarkGenerate is `audit gen` writing to memory, on all cores.
func BenchmarkGenerate(b *testing.B) {
	for _, f := range formats {
		b.Run(string(f), func(b *testing.B) {
			g, err := gen.New(gen.Config{Seed: 1, Format: f, Violations: 0.02})
			if err != nil {
				b.Fatal(err)
			}
			const n = 20000
			var out bytes.Buffer
			b.ResetTimer()
			for b.Loop() {
				out.Reset()
				if _, err := g.Write(context.Background(), gen.Output{Hands: n, W: &out}); err != nil {
					b.Fatal(err)
				}
			}
			b.SetBytes(int64(out.Len()))
			b.ReportMetric(float64(n)*float64(b.N)/b.Elapsed().Seconds(), "hands/s")
		})
	}
}

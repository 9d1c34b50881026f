package batch

import (
	"context"
	"os"
	"testing"

	"github.com/handaudit/handaudit/replay"
)

// BenchmarkRunLargeFile runs the pipeline over one large PHH file
// ($HANDAUDIT_BENCH_FILE, e.g. the PHH corpus concatenated many times) to
// measure how one input is spread over the workers.
func BenchmarkRunLargeFile(b *testing.B) {
	name := os.Getenv("HANDAUDIT_BENCH_FILE")
	if name == "" {
		b.Skip("set HANDAUDIT_BENCH_FILE to a large .phhs file")
	}
	st, err := os.Stat(name)
	if err != nil {
		b.Fatal(err)
	}
	rs, _ := replay.Preset("tda-2024")
	b.SetBytes(st.Size())
	for b.Loop() {
		var hands int64
		_, err := Run(context.Background(), Config{Inputs: []Input{{Name: name, Path: name, Size: st.Size()}}, Rules: &rs},
			func(r *Result) error { hands++; return nil })
		if err != nil {
			b.Fatal(err)
		}
		b.ReportMetric(float64(hands), "hands/op")
	}
}

// benchmarkHashSet adds 2M keys in chunks as the collector does, with or
// without loading each chunk's slots first (peek), as collector.keyChunk
// does.
func benchmarkHashSet(b *testing.B, peek bool) {
	const n = 2_000_000
	keys := make([]uint64, n)
	x := uint64(1)
	for i := range keys {
		x = mix64(x + uint64(i))
		keys[i] = x
	}
	var sink uint64
	for b.Loop() {
		var s hashSet
		for i := 0; i < n; i += 32 {
			if peek {
				for _, k := range keys[i : i+32] {
					sink += s.peek(k)
				}
			}
			for j, k := range keys[i : i+32] {
				s.add(k, 0, i+j)
			}
		}
		s.free()
	}
	_ = sink
}

func BenchmarkHashSetPlain(b *testing.B) { benchmarkHashSet(b, false) }
func BenchmarkHashSetPeek(b *testing.B)  { benchmarkHashSet(b, true) }

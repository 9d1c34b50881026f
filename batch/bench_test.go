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

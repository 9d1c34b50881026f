package reports

import (
	"fmt"
	"testing"

	"github.com/handaudit/handaudit/checks"
	"github.com/handaudit/handaudit/hand"
)

// benchResults is 1,000 hands with 10 findings each, with varied players,
// tables, messages and amounts; benchmarks cycle through it.
func benchResults() []*HandResult {
	ids := []string{"raise.under-minimum", "pot.total-mismatch", "stack.finish-mismatch", "showdown.order", "action.out-of-turn"}
	out := make([]*HandResult, 1000)
	for i := range out {
		h, tr := buildHand(fmt.Sprintf("B-%08d", i), fmt.Sprintf("Table %03d", i%150), fmt.Sprintf("logs/day-%02d.txt", i%30),
			1+i*30, t0.Add(0), [3]string{fmt.Sprintf("player%04d", i%997), fmt.Sprintf("player%04d", (i+3)%997), fmt.Sprintf("player%04d", (i+7)%997)})
		r := &HandResult{Hand: h, Trace: tr, File: h.Pos.File, Line: h.Pos.Line, Format: "pokerstars"}
		for j := 0; j < 10; j++ {
			ai := []int{2, 4, 6, 7, -1}[j%5]
			f := finding(h, ids[(i+j)%len(ids)], checks.Severity((i+j)%3), ai,
				fmt.Sprintf("player%04d raised to %d.00 on the flop; the minimum raise was to %d.00", (i+j)%997, 2+j, 4+j))
			f.Expected, f.HasExpected = hand.Amount(400+j*100), true
			f.Recorded, f.HasRecorded = hand.Amount(200+j*100), j%2 == 0
			r.Findings = append(r.Findings, f)
		}
		out[i] = r
	}
	return out
}

// BenchmarkParquetFindings writes 1,000,000 findings (and their 100,000
// hand rows) to Parquet per iteration and reports findings rows per second.
func BenchmarkParquetFindings(b *testing.B) {
	results := benchResults()
	const total = 1_000_000
	b.ReportAllocs()
	b.ResetTimer()
	for n := 0; n < b.N; n++ {
		dir := b.TempDir()
		w := NewParquet()
		if err := w.Open(dir, testInfo()); err != nil {
			b.Fatal(err)
		}
		for written := 0; written < total; {
			r := results[(written/10)%len(results)]
			if err := w.WriteHand(r); err != nil {
				b.Fatal(err)
			}
			written += len(r.Findings)
		}
		if err := w.Close(); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(total)*float64(b.N)/b.Elapsed().Seconds(), "rows/s")
}

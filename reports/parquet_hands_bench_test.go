package reports

import (
	"fmt"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/handaudit/handaudit/checks"
	"github.com/handaudit/handaudit/hand"
)

// processCPU is the CPU time (user and system) the process has used so far:
// the encoder runs on goroutines of its own, so wall-clock time on a shared
// machine says little about its cost.
func processCPU(b *testing.B) time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		b.Fatal(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// benchHands is what BenchmarkParquetHands writes: like the synthetic
// corpus of bench/, files of 10,000 hands whose tables, games and stakes
// change from one hand to the next, 2% of the hands with a finding.
type benchHands struct {
	templates []*HandResult
	ids       []string
	files     []string
}

func newBenchHands(total int) *benchHands {
	bh := &benchHands{templates: make([]*HandResult, 1000), ids: make([]string, total)}
	games := []hand.Variant{hand.Holdem, hand.Omaha, hand.OmahaHiLo}
	for i := range bh.templates {
		h, tr := buildHand("", fmt.Sprintf("Synthetic %c", 'A'+i%26), "", 1,
			t0, [3]string{fmt.Sprintf("player%04d", i%997), fmt.Sprintf("player%04d", (i+3)%997), fmt.Sprintf("player%04d", (i+7)%997)})
		h.Game.Variant = games[i%len(games)]
		h.Stakes.SmallBlind, h.Stakes.BigBlind = hand.Amount(5*(1+i%4)), hand.Amount(10*(1+i%4))
		h.Stakes.Ante = hand.Amount(10 * (i % 2))
		h.Outcome.HasRake = i%3 != 0
		h.Outcome.Rake = hand.Amount(i % 50)
		r := &HandResult{Hand: h, Trace: tr, Format: "pokerstars"}
		if i%50 == 0 {
			f := finding(h, "pot.total-mismatch", checks.Error, -1, "the record claims a total pot of 11.50; the players put in 12.00")
			f.Expected, f.HasExpected, f.Recorded, f.HasRecorded = 1200, true, 1150, true
			r.Findings = append(r.Findings, f)
		}
		bh.templates[i] = r
	}
	for i := range bh.ids {
		bh.ids[i] = fmt.Sprintf("1001%08d", i)
	}
	for i := 0; i < total; i += 10000 {
		bh.files = append(bh.files, fmt.Sprintf("corpus/hands-%06d.txt", i/10000))
	}
	return bh
}

// result is hand i, made from a template that the next call changes: rows
// are built inside WriteHand.
func (bh *benchHands) result(i int) *HandResult {
	r := bh.templates[i%len(bh.templates)]
	h := r.Hand
	h.ID, h.Start = bh.ids[i], t0.Add(time.Duration(i)*37*time.Second)
	h.Pos.File, r.File = bh.files[i/10000], bh.files[i/10000]
	h.Pos.Line, h.End, r.Line = 1+25*(i%10000), 20+25*(i%10000), 1+25*(i%10000)
	h.Outcome.TotalPot = hand.Amount(1150 + i%700)
	return r
}

// benchHandsData is made once per process: instruction counts under
// valgrind compare best without it.
var (
	benchHandsOnce sync.Once
	benchHandsData *benchHands
)

// BenchmarkHandRow is the building of hand rows alone.
func BenchmarkHandRow(b *testing.B) {
	bh := newBenchHands(10000)
	var mem rowMem
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		row := handRow(bh.result(i%10000), &mem)
		mem.reset()
		if row.Status == "" {
			b.Fatal("no status")
		}
	}
}

// BenchmarkParquetHands writes 200,000 hands with ParquetWriter and reports
// the CPU time per hand: nearly all of it goes to hands.parquet.
func BenchmarkParquetHands(b *testing.B) {
	const total = 200_000
	benchHandsOnce.Do(func() { benchHandsData = newBenchHands(total) })
	bh := benchHandsData
	b.ReportAllocs()
	b.ResetTimer()
	cpu0 := processCPU(b)
	for n := 0; n < b.N; n++ {
		dir := b.TempDir()
		w := NewParquet()
		if err := w.Open(dir, testInfo()); err != nil {
			b.Fatal(err)
		}
		for i := range total {
			if err := w.WriteHand(bh.result(i)); err != nil {
				b.Fatal(err)
			}
		}
		if err := w.Close(); err != nil {
			b.Fatal(err)
		}
	}
	cpu := processCPU(b) - cpu0
	b.ReportMetric(float64(cpu.Nanoseconds())/float64(total*b.N), "cpu-ns/hand")
	b.ReportMetric(float64(total)*float64(b.N)/b.Elapsed().Seconds(), "hands/s")
}

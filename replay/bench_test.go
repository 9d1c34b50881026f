package replay

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/handaudit/handaudit/hand"
	"github.com/handaudit/handaudit/internal/testenv"
)

// benchHands returns corpus-like hands for the benchmark: the PHH corpus's
// hold'em and Omaha hands when the corpus is present (mostly 6-max no-limit
// hold'em, some with showdowns), else built hands of the same shape.
func benchHands(b *testing.B) []*hand.Hand {
	var hs []*hand.Hand
	if dir, err := filepath.Abs("../../shared/corpus"); err == nil {
		if _, err := os.Stat(dir); err == nil {
			for _, ch := range readPHHCorpus(b, dir) {
				if v := ch.h.Game.Variant; v.IsBoardGame() && v != hand.ShortDeck {
					hs = append(hs, ch.h)
				}
			}
		}
	}
	if len(hs) > 0 {
		return hs
	}
	for i := 0; i < 64; i++ {
		hs = append(hs, oddChipHand().h, reopen1().cc(0).cc(2).h)
	}
	return hs
}

// BenchmarkReplay measures replay alone (no parsing) in hands per second
// on one core:
//
//	go test -run '^$' -bench Replay -benchmem -cpu 1 ./replay/
//
// hands/cpu-s counts the process's CPU time (the benchmark and the garbage
// collector): on a shared machine it is the steadier figure, as time spent
// descheduled counts against hands/s only.
func BenchmarkReplay(b *testing.B) {
	hs := benchHands(b)
	rs := Default()
	b.ReportAllocs()
	m := startRate(b)
	n := 0
	for b.Loop() {
		tr := Replay(hs[n%len(hs)], &rs)
		if !tr.Supported {
			b.Fatal(tr.Unsupported)
		}
		n++
	}
	m.stop(b, n)
}

// BenchmarkReplayPool is BenchmarkReplay with a TracePool, each trace put
// back as soon as it is made (a pipeline puts it back after writing it):
//
//	go test -run '^$' -bench ReplayPool -benchmem -cpu 1 ./replay/
func BenchmarkReplayPool(b *testing.B) {
	hs := benchHands(b)
	rs := Default()
	var pool TracePool
	b.ReportAllocs()
	m := startRate(b)
	n := 0
	for b.Loop() {
		tr := pool.Replay(hs[n%len(hs)], &rs)
		if !tr.Supported {
			b.Fatal(tr.Unsupported)
		}
		pool.Put(tr)
		n++
	}
	m.stop(b, n)
}

// rateMeter reports hands per second of wall-clock time and, where the OS
// gives it, per second of process CPU time.
type rateMeter struct {
	cpu0 time.Duration
	ok   bool
}

func startRate(b *testing.B) rateMeter {
	b.ResetTimer()
	c, ok := testenv.CPUTime()
	return rateMeter{c, ok}
}

func (m rateMeter) stop(b *testing.B, hands int) {
	c, ok := testenv.CPUTime()
	b.StopTimer()
	b.ReportMetric(float64(hands)/b.Elapsed().Seconds(), "hands/s")
	if m.ok && ok && c > m.cpu0 {
		b.ReportMetric(float64(hands)/(c-m.cpu0).Seconds(), "hands/cpu-s")
	}
}

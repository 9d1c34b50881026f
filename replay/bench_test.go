package replay

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/handaudit/handaudit/hand"
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
func BenchmarkReplay(b *testing.B) {
	hs := benchHands(b)
	rs := Default()
	b.ReportAllocs()
	b.ResetTimer()
	n := 0
	for b.Loop() {
		tr := Replay(hs[n%len(hs)], &rs)
		if !tr.Supported {
			b.Fatal(tr.Unsupported)
		}
		n++
	}
	b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "hands/s")
}

package gen

import (
	"testing"

	"github.com/handaudit/handaudit/parser"
	"github.com/handaudit/handaudit/parser/ipoker"
	"github.com/handaudit/handaudit/parser/pacific"
	"github.com/handaudit/handaudit/parser/phh"
	"github.com/handaudit/handaudit/parser/pokerstars"
)

// BenchmarkHand measures generating one hand (and writing its text), with
// the share of injected violations the CLI examples use.
func BenchmarkHand(b *testing.B) {
	for _, f := range []parser.Format{pokerstars.Format, phh.Format, ipoker.Format, pacific.Format} {
		for _, rate := range []float64{0, 0.2} {
			name := string(f)
			if rate > 0 {
				name += "/violations"
			}
			b.Run(name, func(b *testing.B) {
				g, err := New(Config{Seed: 1, Format: f, Violations: rate})
				if err != nil {
					b.Fatal(err)
				}
				var buf []byte
				var bytes int64
				b.ReportAllocs()
				for i := 0; b.Loop(); i++ {
					buf, _, err = g.Encode(buf[:0], i, 1)
					if err != nil {
						b.Fatal(err)
					}
					bytes += int64(len(buf))
				}
				b.SetBytes(bytes / int64(max(b.N, 1)))
			})
		}
	}
}

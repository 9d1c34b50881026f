package pokerstars

import (
	"bufio"
	"bytes"
	"io"
	"os"
	"testing"

	"github.com/handaudit/handaudit/hand"
	"github.com/handaudit/handaudit/parser"
)

// BenchmarkPokerStarsPooled reads one file of hands through a pooled
// reader, giving every hand back, as the pipeline does. The file is
// $PS_BENCH_FILE (a shard of the bench corpus, e.g.
// /tmp/bc/pokerstars-100000/hands-000000.txt), else the corpus's cash
// hands repeated. It reports CPU time per hand, which other jobs on a
// shared machine disturb less than wall time.
func BenchmarkPokerStarsPooled(b *testing.B) {
	var input []byte
	if name := os.Getenv("PS_BENCH_FILE"); name != "" {
		data, err := os.ReadFile(name)
		if err != nil {
			b.Fatal(err)
		}
		input = data
	} else {
		dir := psCorpusDir(b, "rooms/PokerStars/CashGame/MultipleHandsTests")
		data, err := os.ReadFile(dir + "/10MultipleHands.txt")
		if err != nil {
			b.Fatal(err)
		}
		input, _ = psBenchInput(b, data, 4<<20)
	}
	// As the input reaches the reader: straight, or decoded first as the
	// batch pipeline does (with a bufio.Reader to detect the format, or
	// with the DecodedReader's own Peek).
	inputs := map[string]func() io.Reader{
		"direct": func() io.Reader { return bytes.NewReader(input) },
		"decoded+bufio": func() io.Reader {
			br := bufio.NewReaderSize(parser.NewDecodedReader(bytes.NewReader(input)), 64<<10)
			br.Peek(8192)
			return br
		},
		"decoded+peek": func() io.Reader {
			dr := parser.NewDecodedReader(bytes.NewReader(input))
			dr.Peek(8192)
			return dr
		},
	}
	for _, name := range []string{"direct", "decoded+bufio", "decoded+peek"} {
		b.Run(name, func(b *testing.B) {
			var pool hand.Pool
			read := func() int {
				r, err := parser.OpenPooled(Format, inputs[name](), "bench", parser.Limits{}, &pool)
				if err != nil {
					b.Fatal(err)
				}
				n := 0
				for {
					h, err := r.Next()
					if err == io.EOF {
						return n
					}
					if err != nil {
						b.Fatal(err)
					}
					pool.Put(h)
					n++
				}
			}
			n := read() // warms the pool
			b.SetBytes(int64(len(input)))
			b.ReportAllocs()
			b.ResetTimer()
			cpu0, cpuOK := psCPUTime()
			for b.Loop() {
				read()
			}
			hands := float64(n) * float64(b.N)
			b.ReportMetric(b.Elapsed().Seconds()*1e9/hands, "ns/hand")
			if cpu1, ok := psCPUTime(); ok && cpuOK && cpu1 > cpu0 {
				b.ReportMetric(float64((cpu1-cpu0).Nanoseconds())/hands, "cpu-ns/hand")
			}
		})
	}
}

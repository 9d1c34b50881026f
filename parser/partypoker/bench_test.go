package partypoker

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/handaudit/handaudit/hand"
	"github.com/handaudit/handaudit/internal/testenv"
	"github.com/handaudit/handaudit/parser"
)

// benchInput repeats the given hands to about size bytes.
func benchInput(b *testing.B, hands []byte, size int) ([]byte, int) {
	b.Helper()
	per := 0
	r := NewReader(bytes.NewReader(hands), "bench")
	for {
		_, err := r.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			b.Fatalf("benchmark input does not parse: %v", err)
		}
		per++
	}
	var buf bytes.Buffer
	n := 0
	for buf.Len() < size {
		buf.Write(hands)
		buf.WriteString("\n\n")
		n += per
	}
	return buf.Bytes(), n
}

// BenchmarkReader reads ordinary cash hands (the corpus's two multi-hand
// cash files: 15 NL hold'em hands, 8 MiB of them repeated) on one
// goroutine, hands from a pool as the pipeline reads them, and reports
// hands per second and per CPU-second.
func BenchmarkReader(b *testing.B) {
	dir := testenv.CorpusDir(b, "rooms/PartyPoker/CashGame/MultipleHandsTests")
	var hands []byte
	for _, name := range []string{"5MultipleHands.txt", "10MultipleHands.txt"} {
		data, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			b.Fatal(err)
		}
		hands = append(hands, data...)
		hands = append(hands, '\n')
	}
	input, n := benchInput(b, hands, 8<<20)
	b.SetBytes(int64(len(input)))
	b.ReportAllocs()
	pool := new(hand.Pool).Local()
	b.ResetTimer()
	cpu0, cpuOK := cpuTime()
	for i := 0; i < b.N; i++ {
		r := newReader(bytes.NewReader(input), "bench", parser.Limits{})
		r.pool = pool
		got := 0
		for {
			h, err := r.Next()
			if err == io.EOF {
				break
			}
			if err != nil {
				b.Fatal(err)
			}
			pool.Put(h)
			got++
		}
		if got != n {
			b.Fatalf("read %d hands, want %d", got, n)
		}
	}
	sec := b.Elapsed().Seconds()
	b.ReportMetric(float64(n)*float64(b.N)/sec, "hands/s")
	b.ReportMetric(0, "ns/op")
	// On a shared machine wall time counts other jobs too; CPU time (the
	// process's, so it includes the collector) does not.
	if cpu1, ok := cpuTime(); ok && cpuOK && cpu1 > cpu0 {
		b.ReportMetric(float64(n)*float64(b.N)/(cpu1-cpu0).Seconds(), "hands/cpu-s")
	}
}

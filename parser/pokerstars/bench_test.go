package pokerstars

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"testing"
)

// psBenchInput repeats the given hands to about size bytes.
func psBenchInput(b *testing.B, hands []byte, size int) ([]byte, int) {
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

// BenchmarkPokerStars reads ordinary cash hands (the corpus's two
// multi-hand cash files: 68 NL hold'em hands, 8 MiB of them repeated) on
// one goroutine, and reports hands and megabytes per second.
func BenchmarkPokerStars(b *testing.B) {
	dir := psCorpusDir(b, "rooms/PokerStars/CashGame/MultipleHandsTests")
	var hands []byte
	for _, name := range []string{"NoNewLinesMultipleHands.txt", "10MultipleHands.txt"} {
		data, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			b.Fatal(err)
		}
		hands = append(hands, data...)
		hands = append(hands, '\n')
	}
	input, n := psBenchInput(b, hands, 8<<20)
	b.SetBytes(int64(len(input)))
	b.ReportAllocs()
	b.ResetTimer()
	cpu0, cpuOK := psCPUTime()
	for i := 0; i < b.N; i++ {
		r := NewReader(bytes.NewReader(input), "bench")
		got := 0
		for {
			_, err := r.Next()
			if err == io.EOF {
				break
			}
			if err != nil {
				b.Fatal(err)
			}
			got++
		}
		if got != n {
			b.Fatalf("read %d hands, want %d", got, n)
		}
	}
	sec := b.Elapsed().Seconds()
	b.ReportMetric(float64(n)*float64(b.N)/sec, "hands/s")
	b.ReportMetric(float64(len(input))*float64(b.N)/sec/1e6, "MB/s")
	b.ReportMetric(0, "ns/op")
	// On a shared machine wall time counts other jobs too; CPU time (the
	// process's, so it includes the collector) does not.
	if cpu1, ok := psCPUTime(); ok && cpuOK && cpu1 > cpu0 {
		b.ReportMetric(float64(n)*float64(b.N)/(cpu1-cpu0).Seconds(), "hands/cpu-s")
	}
}

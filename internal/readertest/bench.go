package readertest

import (
	"bytes"
	"io"
	"testing"

	"github.com/handaudit/handaudit/hand"
	"github.com/handaudit/handaudit/internal/testenv"
	"github.com/handaudit/handaudit/parser"
)

// Repeat writes hands, then sep, over and over until the input has at
// least size bytes; it returns the input and how many copies it holds.
func Repeat(hands []byte, sep string, size int) ([]byte, int) {
	var b bytes.Buffer
	n := 0
	for b.Len() < size {
		b.Write(hands)
		b.WriteString(sep)
		n++
	}
	return b.Bytes(), n
}

// BenchmarkReader reads input, which holds n hands, with a reader open
// returns, over and over on one goroutine; every hand goes back to pool
// (nil: none) as the pipeline gives it back. It reports hands per second
// of wall time and of CPU time (which other jobs on a shared machine
// disturb less: it is the process's, so it counts the collector), and
// fails if a read does not give the n hands.
func BenchmarkReader(b *testing.B, input []byte, n int, pool *hand.Pool, open func(io.Reader) parser.Reader) {
	b.SetBytes(int64(len(input)))
	b.ReportAllocs()
	b.ResetTimer()
	cpu0, cpuOK := testenv.CPUTime()
	for range b.N {
		r := open(bytes.NewReader(input))
		got := 0
		for {
			h, err := r.Next()
			if err == io.EOF {
				break
			}
			if err != nil {
				b.Fatal(err)
			}
			if pool != nil {
				pool.Put(h)
			}
			got++
		}
		if got != n {
			b.Fatalf("read %d hands, want %d", got, n)
		}
	}
	b.StopTimer()
	hands := float64(n) * float64(b.N)
	b.ReportMetric(hands/b.Elapsed().Seconds(), "hands/s")
	b.ReportMetric(0, "ns/op")
	if cpu1, ok := testenv.CPUTime(); ok && cpuOK && cpu1 > cpu0 {
		b.ReportMetric(hands/(cpu1-cpu0).Seconds(), "hands/cpu-s")
	}
}

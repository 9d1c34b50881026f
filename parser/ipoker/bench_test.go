package ipoker

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/handaudit/handaudit/internal/testenv"
)

// benchInput repeats the games of a session to about size bytes, in one
// session, as a long export writes them; it returns the input and its
// number of hands.
func benchInput(b *testing.B, session []byte, size int) ([]byte, int) {
	b.Helper()
	first := bytes.Index(session, []byte("<game "))
	last := bytes.LastIndex(session, []byte("</game>"))
	if first < 0 || last < 0 {
		b.Fatal("benchmark input has no games")
	}
	head, games, tail := session[:first], session[first:last+len("</game>")], session[last+len("</game>"):]
	per := bytes.Count(games, []byte("<game "))
	var buf bytes.Buffer
	buf.Write(head)
	n := 0
	for buf.Len() < size {
		buf.Write(games)
		buf.WriteByte('\n')
		n += per
	}
	buf.Write(tail)
	return buf.Bytes(), n
}

// BenchmarkReader reads ordinary cash hands (the corpus's ten pot-limit
// Omaha hands of one session, repeated to 8 MiB in one session) on one
// goroutine, and reports hands and megabytes per second, and hands per
// CPU-second.
func BenchmarkReader(b *testing.B) {
	dir := testenv.CorpusDir(b, "rooms/IPoker/CashGame/MultipleHandsTests")
	data, err := os.ReadFile(filepath.Join(dir, "10MultipleHands.txt"))
	if err != nil {
		b.Fatal(err)
	}
	input, n := benchInput(b, data, 8<<20)
	b.SetBytes(int64(len(input)))
	b.ReportAllocs()
	b.ResetTimer()
	cpu0, cpuOK := cpuTime()
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
	if cpu1, ok := cpuTime(); ok && cpuOK && cpu1 > cpu0 {
		b.ReportMetric(float64(n)*float64(b.N)/(cpu1-cpu0).Seconds(), "hands/cpu-s")
	}
}

package pacific

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/handaudit/handaudit/hand"
	"github.com/handaudit/handaudit/internal/testenv"
)

// benchFiles are the corpus's ordinary cash hands: no-limit, pot-limit
// and fixed-limit hold'em and Omaha, 2 to 9 players.
var benchFiles = []string{
	"Tables/Table1.txt", "Tables/Table2.txt", "Tables/Table3.txt", "Tables/Table4.txt", "Tables/Table5.txt",
	"HandActionTests/3BetHand.txt", "HandActionTests/AllInHandWithShowdown.txt", "HandActionTests/BasicHand.txt",
	"HandActionTests/FoldedPreflop.txt", "HandActionTests/PostingDead.txt", "HandActionTests/OmahaHiLo.txt",
	"GameTypeTests/FixedLimitHoldem.txt", "GameTypeTests/PotLimitOmaha.txt", "StreetTests/River.txt",
	"StreetTests/Turn.txt", "StreetTests/Flop.txt", "StreetTests/Preflop.txt", "Seats/6 Max.txt",
	"PlayerTests/OmahaShowdown.txt", "PlayerTests/WithShowdown.txt",
}

// BenchmarkReader reads ordinary cash hands (benchFiles, repeated to 8
// MiB) on one goroutine, hands taken from a pool and given back as the
// pipeline does, and reports hands per second and per CPU-second.
func BenchmarkReader(b *testing.B) {
	dir := testenv.CorpusDir(b, "rooms/Pacific/CashGame")
	var hands []byte
	per := 0
	for _, name := range benchFiles {
		data, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			b.Fatal(err)
		}
		hands = append(append(hands, data...), "\n\n\n"...)
		per++
	}
	var input []byte
	n := 0
	for len(input) < 8<<20 {
		input = append(input, hands...)
		n += per
	}
	b.SetBytes(int64(len(input)))
	b.ReportAllocs()
	var pool hand.Pool
	b.ResetTimer()
	cpu0, cpuOK := cpuTime()
	for i := 0; i < b.N; i++ {
		r := newReader(bytes.NewReader(input), "bench", testLimits)
		r.pool = &pool
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
	b.StopTimer()
	b.ReportMetric(float64(n*b.N)/b.Elapsed().Seconds(), "hands/s")
	if cpu1, ok := cpuTime(); ok && cpuOK {
		b.ReportMetric(float64(n*b.N)/(cpu1-cpu0).Seconds(), "hands/cpu-s")
	}
}

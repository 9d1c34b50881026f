package pacific

import (
	"io"
	"path/filepath"
	"testing"

	"github.com/handaudit/handaudit/hand"
	"github.com/handaudit/handaudit/internal/readertest"
	"github.com/handaudit/handaudit/internal/testenv"
	"github.com/handaudit/handaudit/parser"
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
		hands = append(append(hands, readertest.ReadFile(b, filepath.Join(dir, name))...), "\n\n\n"...)
		per++
	}
	input, copies := readertest.Repeat(hands, "", 8<<20)
	var pool hand.Pool
	readertest.BenchmarkReader(b, input, copies*per, &pool, func(r io.Reader) parser.Reader {
		pr := newReader(r, "bench", testLimits)
		pr.pool = &pool
		return pr
	})
}

package partypoker

import (
	"io"
	"path/filepath"
	"testing"

	"github.com/handaudit/handaudit/hand"
	"github.com/handaudit/handaudit/internal/readertest"
	"github.com/handaudit/handaudit/internal/testenv"
	"github.com/handaudit/handaudit/parser"
)

// BenchmarkReader reads ordinary cash hands (the corpus's two multi-hand
// cash files: 15 NL hold'em hands, 8 MiB of them repeated) on one
// goroutine, hands from a pool as the pipeline reads them, and reports
// hands per second and per CPU-second.
func BenchmarkReader(b *testing.B) {
	dir := testenv.CorpusDir(b, "rooms/PartyPoker/CashGame/MultipleHandsTests")
	var hands []byte
	for _, name := range []string{"5MultipleHands.txt", "10MultipleHands.txt"} {
		hands = append(hands, readertest.ReadFile(b, filepath.Join(dir, name))...)
		hands = append(hands, '\n')
	}
	per, errs := readAll(b, hands, "bench")
	if len(errs) > 0 {
		b.Fatalf("benchmark input does not parse: %v", errs)
	}
	input, copies := readertest.Repeat(hands, "\n\n", 8<<20)
	pool := new(hand.Pool).Local()
	readertest.BenchmarkReader(b, input, copies*len(per), pool, func(r io.Reader) parser.Reader {
		pr := newReader(r, "bench", parser.Limits{})
		pr.pool = pool
		return pr
	})
}

package ggpoker

import (
	"bytes"
	"io"
	"strconv"
	"strings"
	"testing"

	"github.com/handaudit/handaudit/hand"
	"github.com/handaudit/handaudit/internal/readertest"
	"github.com/handaudit/handaudit/parser"
)

// ggCash is an ordinary 6-max cash hand: blinds, a raise and calls, three
// streets, a showdown.
const ggCash = `Poker Hand #HD582731: Hold'em No Limit ($0.5/$1) - 2018/12/11 16:21:51
Table 'NLHGold7' 6-max Seat #6 is the button
Seat 1: xnvdam1 ($103.5 in chips)
Seat 2: 3fak3jfj2 ($106.89 in chips)
Seat 3: Hero ($100.23 in chips)
Seat 4: 62dfdfaf ($105.63 in chips)
Seat 5: fdafscsa ($100 in chips)
Seat 6: 123dca2d ($133.34 in chips)
xnvdam1: posts small blind $0.5
3fak3jfj2: posts big blind $1
*** HOLE CARDS ***
Dealt to xnvdam1
Dealt to 3fak3jfj2
Dealt to Hero [Tc Ks]
Dealt to 62dfdfaf
Dealt to fdafscsa
Dealt to 123dca2d
Hero: folds
62dfdfaf: raises $2 to $3
fdafscsa: folds
123dca2d: folds
xnvdam1: calls $2.5
3fak3jfj2: folds
*** FLOP *** [Th Jh 7d]
xnvdam1: checks
62dfdfaf: bets $4.5
xnvdam1: calls $4.5
*** TURN *** [Th Jh 7d] [Ac]
xnvdam1: checks
62dfdfaf: checks
*** RIVER *** [Th Jh 7d Ac] [2s]
xnvdam1: bets $10
62dfdfaf: calls $10
xnvdam1: shows [Qh Kd] (a straight, Ten to Ace)
62dfdfaf: shows [Jc Js] (three of a kind, Jacks)
*** SHOWDOWN ***
xnvdam1 collected $34.2 from pot
*** SUMMARY ***
Total pot $36 | Rake $1.8 | Jackpot $0 | Bingo $0 | Fortune $0 | Tax $0
Board [Th Jh 7d Ac 2s]
Seat 1: xnvdam1 (small blind) showed [Qh Kd] and won ($34.2) with a straight, Ten to Ace
Seat 2: 3fak3jfj2 (big blind) folded before Flop
Seat 3: Hero folded before Flop (didn't bet)
Seat 4: 62dfdfaf showed [Jc Js] and lost with three of a kind, Jacks
Seat 5: fdafscsa folded before Flop (didn't bet)
Seat 6: 123dca2d (button) folded before Flop (didn't bet)
`

// benchInput is n copies of the ordinary cash hand, numbered apart.
func benchInput(n int) []byte {
	var b bytes.Buffer
	for i := range n {
		b.WriteString(strings.Replace(ggCash, "#HD582731", "#HD"+strconv.Itoa(582731+i), 1))
		b.WriteString("\n\n")
	}
	return b.Bytes()
}

// BenchmarkReader reads ordinary cash hands (ggCash, 20,000 of them) on
// one goroutine, pooled as the pipeline reads them, and reports hands per
// second of wall time and of CPU time. The goal is 150,000 hands per
// CPU-second (-cpu 1).
func BenchmarkReader(b *testing.B) {
	const n = 20000
	pool := new(hand.Pool)
	readertest.BenchmarkReader(b, benchInput(n), n, pool, func(r io.Reader) parser.Reader {
		return newReader(r, "bench", parser.Limits{}, pool)
	})
}

// TestBenchHand: the benchmark's hand reads, and is the hand it claims.
func TestBenchHand(t *testing.T) {
	hs, errs := readAll(t, bytes.NewReader(benchInput(3)), "b", parser.Limits{}, nil)
	if len(hs) != 3 || len(errs) > 0 || hs[2].ID != "HD582733" || len(hs[0].Actions) != 27 || hs[0].Outcome.TotalPot != 3600 {
		t.Fatalf("%d hands, errors %v", len(hs), errs)
	}
}

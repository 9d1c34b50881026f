package cards

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/handaudit/handaudit/internal/testenv"
)

// rateMeter reports evaluations per second of wall-clock time and, where
// the OS gives it, per second of CPU time. On a shared machine the CPU
// rate is the steadier figure: time the benchmark spends descheduled
// counts against the wall-clock rate only.
type rateMeter struct {
	cpu0 int64
	ok   bool
}

func startRate(b *testing.B) rateMeter {
	b.ResetTimer()
	c, ok := testenv.CPUTime()
	return rateMeter{int64(c), ok}
}

func (m rateMeter) stop(b *testing.B) {
	c, ok := testenv.CPUTime()
	b.StopTimer()
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "evals/s")
	if m.ok && ok && int64(c) > m.cpu0 {
		b.ReportMetric(float64(b.N)/(float64(int64(c)-m.cpu0)/1e9), "evals/cpu-s")
	}
}

// benchHands is a fixed pool of random 7-card hands, large enough that
// neither the branch predictor nor the caches can learn it.
const benchHands = 1 << 16

func randomSevens(n int) [][7]Card {
	r := rand.New(rand.NewPCG(2024, 47))
	hs := make([][7]Card, n)
	for i := range hs {
		copy(hs[i][:], randomHand(r, 7))
	}
	return hs
}

// BenchmarkEval7 measures the hold'em fast path. Run it on one core:
//
//	go test -run XXX -bench Eval7 -benchtime 2s -cpu 1 ./cards/
func BenchmarkEval7(b *testing.B) {
	hs := randomSevens(benchHands)
	var sink HandRank
	m := startRate(b)
	for i := 0; i < b.N; i++ {
		sink += Eval7(&hs[i&(benchHands-1)])
	}
	m.stop(b)
	benchSink = sink
}

// BenchmarkEvalHigh7 is EvalHigh on the same hands: Eval7 plus the input
// checks.
func BenchmarkEvalHigh7(b *testing.B) {
	hs := randomSevens(benchHands)
	var sink HandRank
	m := startRate(b)
	for i := 0; i < b.N; i++ {
		sink += EvalHigh(hs[i&(benchHands-1)][:])
	}
	m.stop(b)
	benchSink = sink
}

// BenchmarkEvalOmaha evaluates 4 hole cards against a 5-card board (the
// first four and last five cards of two 7-card hands).
func BenchmarkEvalOmaha(b *testing.B) {
	r := rand.New(rand.NewPCG(5, 6))
	type deal struct{ hole, board []Card }
	ds := make([]deal, 4096)
	for i := range ds {
		cs := randomHand(r, 9)
		ds[i] = deal{cs[:4:4], cs[4:9:9]}
	}
	var sink HandRank
	m := startRate(b)
	for i := 0; i < b.N; i++ {
		d := ds[i&(len(ds)-1)]
		sink += EvalOmaha(d.hole, d.board)
	}
	m.stop(b)
	benchSink = sink
}

// BenchmarkEvalOmahaLow8 is the Omaha eight-or-better low on the same kind
// of deals.
func BenchmarkEvalOmahaLow8(b *testing.B) {
	r := rand.New(rand.NewPCG(5, 6))
	type deal struct{ hole, board []Card }
	ds := make([]deal, 4096)
	for i := range ds {
		cs := randomHand(r, 9)
		ds[i] = deal{cs[:4:4], cs[4:9:9]}
	}
	var sink LowRank
	m := startRate(b)
	for i := 0; i < b.N; i++ {
		d := ds[i&(len(ds)-1)]
		l, _ := EvalOmahaLow8(d.hole, d.board)
		sink += l
	}
	m.stop(b)
	benchSink = HandRank(sink)
}

// BenchmarkBuildHighTables is the init cost of the high-hand tables.
func BenchmarkBuildHighTables(b *testing.B) {
	for i := 0; i < b.N; i++ {
		buildHighTables()
	}
}

var benchSink HandRank

// BenchmarkEval7Chained makes each evaluation pick the next hand from the
// last result, so evaluations cannot overlap: this is the latency of one
// Eval7, where BenchmarkEval7 measures throughput.
func BenchmarkEval7Chained(b *testing.B) {
	hs := randomSevens(benchHands)
	v := HandRank(0)
	m := startRate(b)
	for i := 0; i < b.N; i++ {
		v = Eval7(&hs[(i+int(v&1))&(benchHands-1)])
	}
	m.stop(b)
	benchSink = v
}

// benchDeals is a pool of random n-card hands from the cards of deck.
func benchDeals(n int, deck []Card, seed uint64) [][]Card {
	r := rand.New(rand.NewPCG(seed, 1))
	hs := make([][]Card, benchHands)
	for i := range hs {
		d := slices.Clone(deck)
		for j := range n {
			k := j + r.IntN(len(d)-j)
			d[j], d[k] = d[k], d[j]
		}
		hs[i] = d[:n:n]
	}
	return hs
}

func fullDeck() []Card {
	d := make([]Card, 52)
	for i := range d {
		d[i] = Card(i)
	}
	return d
}

// BenchmarkEvalShortDeck evaluates 7 short-deck cards (two hole cards and
// the board).
func BenchmarkEvalShortDeck(b *testing.B) {
	hs := benchDeals(7, fullDeck()[firstShortDeckCard:], 36)
	var sink ShortDeckRank
	m := startRate(b)
	for i := 0; i < b.N; i++ {
		sink += EvalShortDeck(hs[i&(benchHands-1)], ShortDeckStraightBeatsTrips)
	}
	m.stop(b)
	benchSink = HandRank(sink)
}

// BenchmarkEvalLowA5 evaluates a razz hand, the best ace-to-five low of
// seven cards.
func BenchmarkEvalLowA5(b *testing.B) {
	hs := benchDeals(7, fullDeck(), 7)
	var sink LowRank
	m := startRate(b)
	for i := 0; i < b.N; i++ {
		sink += EvalLowA5(hs[i&(benchHands-1)])
	}
	m.stop(b)
	benchSink = HandRank(sink)
}

// BenchmarkEvalLow27 evaluates a five-card deuce-to-seven hand.
func BenchmarkEvalLow27(b *testing.B) {
	hs := benchDeals(5, fullDeck(), 27)
	var sink Low27Rank
	m := startRate(b)
	for i := 0; i < b.N; i++ {
		sink += EvalLow27(hs[i&(benchHands-1)])
	}
	m.stop(b)
	benchSink = HandRank(sink)
}

// BenchmarkEvalBadugi evaluates a four-card badugi hand.
func BenchmarkEvalBadugi(b *testing.B) {
	hs := benchDeals(4, fullDeck(), 4)
	var sink BadugiRank
	m := startRate(b)
	for i := 0; i < b.N; i++ {
		sink += EvalBadugi(hs[i&(benchHands-1)])
	}
	m.stop(b)
	benchSink = HandRank(sink)
}

// BenchmarkStudShowing values four up cards (sixth street) for the first
// to act in stud.
func BenchmarkStudShowing(b *testing.B) {
	hs := benchDeals(4, fullDeck(), 6)
	var sink Showing
	m := startRate(b)
	for i := 0; i < b.N; i++ {
		sink += StudHigh.Showing(hs[i&(benchHands-1)])
	}
	m.stop(b)
	benchSink = HandRank(sink)
}

package cards

import (
	"cmp"
	"math/bits"
	"slices"
	"testing"
)

// TestAllSevenCardHands evaluates every one of the 133,784,560 seven-card
// hands and checks the category counts, the 4,824 distinct values, and
// that Eval7 agrees with the incremental evaluation on every hand.
//
// The enumeration carries the partial key and the per-suit rank masks
// from one nesting level to the next, so the innermost step is one add,
// the flush test and the flush lookup or evalCounts, as in Eval7 itself.
func TestAllSevenCardHands(t *testing.T) {
	if testing.Short() {
		t.Skip("evaluates all 133,784,560 seven-card hands; skipped in -short mode")
	}
	var counts [9]int
	seen := make([]uint64, 9<<20/64) // one bit per (category, ranks) value
	mismatches := 0
	var h [7]Card
	// suitMask is a card's bit in a 4x16-bit word of per-suit rank masks.
	suitMask := func(c int) uint64 { return 1 << (16*(c&3) + c>>2) }
	for a := 0; a < 52; a++ {
		ka, ma := keyBase+cardKey[a], suitMask(a)
		h[0] = Card(a)
		for b := a + 1; b < 52; b++ {
			kb, mb := ka+cardKey[b], ma|suitMask(b)
			h[1] = Card(b)
			for c := b + 1; c < 52; c++ {
				kc, mc := kb+cardKey[c], mb|suitMask(c)
				h[2] = Card(c)
				for d := c + 1; d < 52; d++ {
					kd, md := kc+cardKey[d], mc|suitMask(d)
					h[3] = Card(d)
					for e := d + 1; e < 52; e++ {
						ke, me := kd+cardKey[e], md|suitMask(e)
						h[4] = Card(e)
						for f := e + 1; f < 52; f++ {
							kf, mf := ke+cardKey[f], me|suitMask(f)
							h[5] = Card(f)
							for g := f + 1; g < 52; g++ {
								k := kf + cardKey[g]
								var v HandRank
								if k&flushBits != 0 {
									s := (bits.TrailingZeros64(k&flushBits) - suitShift) >> 2
									v = flushTab[(mf|suitMask(g))>>(16*s)&(1<<13-1)]
								} else {
									v = evalCounts(k)
								}
								counts[v>>26]++
								i := uint(v>>26)<<20 | uint(v&(1<<20-1))
								seen[i/64] |= 1 << (i % 64)
								h[6] = Card(g)
								if Eval7(&h) != v {
									mismatches++
								}
							}
						}
					}
				}
			}
		}
	}
	want := [9]int{23294460, 58627800, 31433400, 6461620, 6180020, 4047644, 3473184, 224848, 41584}
	for cat := range counts {
		if counts[cat] != want[cat] {
			t.Errorf("%v: %d hands, want %d", Category(cat), counts[cat], want[cat])
		}
	}
	distinct := 0
	for _, w := range seen {
		distinct += bits.OnesCount64(w)
	}
	if distinct != 4824 {
		t.Errorf("%d distinct 7-card values, want 4824", distinct)
	}
	if mismatches != 0 {
		t.Errorf("Eval7 disagreed with the incremental evaluation on %d hands", mismatches)
	}
}

// TestAllSixCardHands checks the 20,358,520 six-card hands' category
// counts and that each equals the best of its six five-card subsets.
func TestAllSixCardHands(t *testing.T) {
	if testing.Short() {
		t.Skip("evaluates all 20,358,520 six-card hands; skipped in -short mode")
	}
	var counts [9]int
	var h [6]Card
	bad := 0
	for a := Card(0); a < 52; a++ {
		h[0] = a
		for b := a + 1; b < 52; b++ {
			h[1] = b
			for c := b + 1; c < 52; c++ {
				h[2] = c
				for d := c + 1; d < 52; d++ {
					h[3] = d
					for e := d + 1; e < 52; e++ {
						h[4] = e
						for f := e + 1; f < 52; f++ {
							h[5] = f
							v := evalKnown(h[:])
							counts[v.Category()]++
							if f%7 == 0 { // a sample: checking all takes six times as long
								best := NoHand
								var five [5]Card
								for skip := range 6 {
									copy(five[:skip], h[:skip])
									copy(five[skip:], h[skip+1:])
									best = max(best, evalKnown(five[:]))
								}
								if best != v {
									bad++
								}
							}
						}
					}
				}
			}
		}
	}
	want := [9]int{6612900, 9730740, 2532816, 732160, 361620, 205792, 165984, 14664, 1844}
	if counts != want {
		t.Errorf("6-card category counts %v, want %v", counts, want)
	}
	if bad != 0 {
		t.Errorf("%d six-card hands differ from their best five-card subset", bad)
	}
}

// TestAllShortDeckHands checks the short-deck evaluator on every hand of
// the 36-card deck, under both ShortDeckRules, against the slow reference
// (shortdeck_test.go):
//
//   - all 376,992 five-card hands: the reference's category and ranks, the
//     category counts worked out by hand below, and the order of the
//     distinct values, which must be the reference order value for value;
//   - all 1,947,792 six-card and 8,347,680 seven-card hands: the value of
//     the subset of five the reference ranks best, found through a table
//     of the five-card hands by their combinatorial index.
func TestAllShortDeckHands(t *testing.T) {
	if testing.Short() {
		t.Skip("evaluates all 10,672,464 five- to seven-card short-deck hands; skipped in -short mode")
	}
	const deck = 36
	var binom [deck + 1][6]int32 // binom[n][k] = n choose k
	for n := range binom {
		binom[n][0] = 1
		for k := 1; k < 6 && k <= n; k++ {
			binom[n][k] = binom[n-1][k-1] + binom[n-1][k]
		}
	}
	// index is the colex index of five increasing short-deck cards.
	index := func(f *[5]Card) int32 {
		var i int32
		for k, c := range f {
			i += binom[c-firstShortDeckCard][k+1]
		}
		return i
	}
	rulesList := []ShortDeckRules{ShortDeckStraightBeatsTrips, ShortDeckTripsBeatStraight}
	n5 := binom[deck][5]
	var refKey, value [2][]uint32 // by rules, by five-card index
	for _, rules := range rulesList {
		refKey[rules] = make([]uint32, n5)
		value[rules] = make([]uint32, n5)
	}
	var counts [9]int
	var f [5]Card
	for a := Card(16); a < 52; a++ {
		f[0] = a
		for b := a + 1; b < 52; b++ {
			f[1] = b
			for c := b + 1; c < 52; c++ {
				f[2] = c
				for d := c + 1; d < 52; d++ {
					f[3] = d
					for e := d + 1; e < 52; e++ {
						f[4] = e
						cat, rs := refShortDeckFive(f[:])
						i := index(&f)
						for _, rules := range rulesList {
							v := EvalShortDeck(f[:], rules)
							want := refShortDeckKey(cat, rs, rules)
							if shortDeckKeyOf(v, rules) != want {
								t.Fatalf("%s (rules %d): %v, reference %v %v", FormatList(f[:]), rules, v.Describe(), cat, rs)
							}
							refKey[rules][i], value[rules][i] = want, uint32(v)
						}
						counts[cat]++
					}
				}
			}
		}
	}
	// Five ranks in a row: A-6-7-8-9 and six more up to T-J-Q-K-A; nine
	// ranks, C(9,5) = 126 sets of five distinct ranks, 4^5 = 1,024 suit
	// patterns of which 4 are one suit.
	want := [9]int{
		HighCard:      (126 - 6) * (1024 - 4),
		OnePair:       9 * 6 * 56 * 64, // pair rank and suits, three kicker ranks and suits
		TwoPair:       36 * 36 * 7 * 4, // two pair ranks, their suits, the kicker
		ThreeOfAKind:  9 * 4 * 28 * 16, // trips rank and suits, two kickers
		Straight:      6 * (1024 - 4),
		Flush:         (126 - 6) * 4,
		FullHouse:     9 * 4 * 8 * 6,
		FourOfAKind:   9 * 8 * 4, // quads rank, the kicker
		StraightFlush: 6 * 4,
	}
	if counts != want {
		t.Errorf("five-card category counts %v, want %v", counts, want)
	}
	for _, rules := range rulesList {
		// The value order is the reference order: sorting the five-card
		// hands by reference key sorts their values, and equal keys have
		// equal values.
		order := make([]int32, n5)
		for i := range order {
			order[i] = int32(i)
		}
		slices.SortFunc(order, func(x, y int32) int { return cmp.Compare(refKey[rules][x], refKey[rules][y]) })
		for j := 1; j < len(order); j++ {
			x, y := order[j-1], order[j]
			kx, ky, vx, vy := refKey[rules][x], refKey[rules][y], value[rules][x], value[rules][y]
			if (kx == ky) != (vx == vy) || (kx < ky) != (vx < vy) {
				t.Fatalf("rules %d: reference keys %x, %x but values %x, %x", rules, kx, ky, vx, vy)
			}
		}
	}
	// Six and seven cards: the best five by the reference.
	checked := 0
	var h []Card
	var rec func(from Card)
	rec = func(from Card) {
		if len(h) >= 6 {
			for _, rules := range rulesList {
				var bestKey, bestValue uint32
				forEachSubset5(h, &f, func() bool {
					if i := index(&f); refKey[rules][i] > bestKey {
						bestKey, bestValue = refKey[rules][i], value[rules][i]
					}
					return false
				})
				if v := EvalShortDeck(h, rules); uint32(v) != bestValue {
					t.Fatalf("%s (rules %d): %v, reference best five %v", FormatList(h), rules,
						v.Describe(), ShortDeckRank(bestValue).Describe())
				}
			}
			checked++
			if len(h) == 7 {
				return
			}
		}
		for c := from; c < 52; c++ {
			h = append(h, c)
			rec(c + 1)
			h = h[:len(h)-1]
		}
	}
	rec(firstShortDeckCard)
	if checked != 1947792+8347680 {
		t.Errorf("checked %d six- and seven-card hands, want %d", checked, 1947792+8347680)
	}
}

package cards

import (
	"math/bits"
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

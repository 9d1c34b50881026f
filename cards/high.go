package cards

import (
	"fmt"
	"math/bits"
)

// How the high evaluator works.
//
// Each card adds its key, cardKey, to a 64-bit sum. The low 39 bits are
// thirteen 3-bit counters, one per rank (a card of rank r adds 1<<(3r)), so
// the sum holds the hand's rank counts; with at most four cards of a rank a
// counter never carries into the next. Bits 40 to 55 are four suit
// counters, each starting at 3 so that its top bit is set exactly when a
// suit reaches five cards. A flush hand is looked up by the flush suit's
// 13-bit rank mask; with at most seven cards a flush rules out quads and
// full houses, so the flush value is the answer. Any other hand is worked
// out from the rank counters with bit operations (evalCounts): the pairs,
// trips and quads are bit masks of the counters, the best hand is read off
// with a few leading-zero counts. There is no big table to look up:
// a 7-card rank table takes hundreds of KB that the rest of a pipeline
// evicts between showdowns, and then its lookups cost more than the
// arithmetic (the Omaha table, omaha.go, is small enough to stay cached).

// NoHand is the HandRank of something that is not a hand: fewer than five
// cards, an Unknown card, or a card given twice. It ranks below every real
// hand and prints as "no hand".
const NoHand HandRank = 0

// suitShift is the bit of the first suit counter in a card key.
const suitShift = 40

const (
	// rankLows has the low bit of each rank counter: bit 3r for rank r.
	rankLows uint64 = 0o1111111111111
	// keyBase starts each suit counter at 3, so that five cards of a suit
	// set the counter's bit 3.
	keyBase   uint64 = 0x3333 << suitShift
	flushBits uint64 = 0x8888 << suitShift
)

// cardKey is each card's key: one on its rank counter and one on its suit
// counter. Indices 52..255 (Unknown and invalid cards) are zero, so that no
// byte value can index out of range.
var cardKey [256]uint64

// flushTab is the best flush or straight flush by a suit's rank mask of at
// least five cards; it is filled at init.
var flushTab [1 << 13]HandRank

func init() { buildHighTables() }

// buildHighTables fills cardKey, flushTab and the Omaha tables.
func buildHighTables() {
	for c := Card(0); c < 52; c++ {
		cardKey[c] = 1<<(3*uint(c.Rank())) | 1<<(suitShift+4*uint(c.Suit()))
	}
	for m := 0; m < len(flushTab); m++ {
		if bits.OnesCount(uint(m)) >= 5 {
			flushTab[m] = evalSuited(uint16(m))
		}
	}
	buildOmahaTables()
}

// forEachRankMultiset calls fn with the rank counts of every multiset of n
// ranks with at most four of each rank, in a fixed order.
func forEachRankMultiset(n int, fn func(counts *[13]uint8)) {
	var counts [13]uint8
	var rec func(r, left int)
	rec = func(r, left int) {
		if r == 12 {
			if left <= 4 {
				counts[12] = uint8(left)
				fn(&counts)
			}
			return
		}
		for c := 0; c <= 4 && c <= left; c++ {
			counts[r] = uint8(c)
			rec(r+1, left-c)
		}
	}
	rec(0, n)
}

// topRank returns the highest rank with a bit in m, a mask of rank
// counter bits (bit 3r for rank r), and clears that bit. An empty mask
// gives Two and stays empty.
func topRank(m *uint64) Rank {
	i := uint(bits.Len64(*m)) - 1
	*m &^= 1 << i
	return Rank(i / 3)
}

// evalCounts returns the best hand, ignoring flushes, of five to seven
// cards whose key (the sum of their cardKey) is k. It gives the same
// values as evalRankCounts, the reference (TestEvalCounts).
func evalCounts(k uint64) HandRank {
	// A counter holds 0 to 4: 000, 001, 010, 011, 100.
	b0 := k & rankLows
	b1 := k >> 1 & rankLows
	quads := k >> 2 & rankLows
	present := b0 | b1 | quads
	if quads != 0 {
		q := topRank(&quads)
		rest := present &^ (1 << (3 * uint(q)))
		return makeRank(FourOfAKind, q, q, q, q, topRank(&rest))
	}
	trips := b0 & b1
	pairs := b1 &^ b0
	if trips != 0 {
		rest := trips
		t := topRank(&rest)
		// A second trips plays as the full house's pair.
		if rest |= pairs; rest != 0 {
			p := topRank(&rest)
			return makeRank(FullHouse, t, t, t, p, p)
		}
	}
	// w is present one counter up, with the Ace also below the Two: a run
	// of five counters starting at counter j of w is a straight to rank
	// j+3 (to the Five when j is 0, the wheel).
	w := present<<3 | present>>(3*uint(Ace))
	if run := w & (w >> 3) & (w >> 6) & (w >> 9) & (w >> 12); run != 0 {
		return straightRank(Straight, Rank((bits.Len64(run)-1)/3+3))
	}
	rest := present
	switch {
	case trips != 0:
		t := topRank(&trips)
		rest &^= 1 << (3 * uint(t))
		k0 := topRank(&rest)
		return makeRank(ThreeOfAKind, t, t, t, k0, topRank(&rest))
	case pairs&(pairs-1) != 0: // two pairs or more
		p0 := topRank(&pairs)
		p1 := topRank(&pairs)
		rest &^= 1<<(3*uint(p0)) | 1<<(3*uint(p1))
		return makeRank(TwoPair, p0, p0, p1, p1, topRank(&rest))
	case pairs != 0:
		p := topRank(&pairs)
		rest &^= 1 << (3 * uint(p))
		k0 := topRank(&rest)
		k1 := topRank(&rest)
		return makeRank(OnePair, p, p, k0, k1, topRank(&rest))
	}
	k0 := topRank(&rest)
	k1 := topRank(&rest)
	k2 := topRank(&rest)
	k3 := topRank(&rest)
	return makeRank(HighCard, k0, k1, k2, k3, topRank(&rest))
}

// flushHigh returns the best hand of cs given that its key k shows a suit
// with five or more cards.
func flushHigh(k uint64, cs []Card) HandRank {
	return flushTab[flushMask(k, cs)]
}

// flushMask returns the rank mask of the flush suit's cards in cs, given
// that its key k shows a suit with five or more cards.
func flushMask(k uint64, cs []Card) uint16 {
	s := Card(bits.TrailingZeros64(k&flushBits)-suitShift) >> 2
	var m uint16
	for _, c := range cs {
		if c&3 == s && c < 52 {
			m |= 1 << (c >> 2)
		}
	}
	return m & (1<<13 - 1)
}

// Eval7 returns the value of the best five-card hand among seven cards. It
// is the fast path for hold'em and takes no time to check its input: the
// cards must be known and distinct (EvalHigh checks). It never panics; bad
// input gives a meaningless value.
func Eval7(h *[7]Card) HandRank {
	k := keyBase + cardKey[h[0]] + cardKey[h[1]] + cardKey[h[2]] + cardKey[h[3]] +
		cardKey[h[4]] + cardKey[h[5]] + cardKey[h[6]]
	if k&flushBits != 0 {
		return flushHigh(k, h[:])
	}
	return evalCounts(k)
}

// EvalHigh returns the value of the best five-card high hand that can be
// made from cs. It is meant for 5, 6 or 7 cards (any number of at least
// five works). It returns NoHand if cs has fewer than five cards, an
// Unknown card or a repeated card; CheckCards says which.
func EvalHigh(cs []Card) HandRank {
	if len(cs) < 5 || !knownDistinct(cs, nil) {
		return NoHand
	}
	if len(cs) > 7 {
		return evalMany(cs)
	}
	return evalKnown(cs)
}

// evalKnown evaluates 5 to 7 known, distinct cards.
func evalKnown(cs []Card) HandRank {
	k := keyBase
	for _, c := range cs {
		k += cardKey[c]
	}
	if k&flushBits != 0 {
		return flushHigh(k, cs)
	}
	return evalCounts(k)
}

// evalMany evaluates more than seven known, distinct cards directly from
// their rank counts and suit masks (no table covers such hands, and several
// suits may make flushes).
func evalMany(cs []Card) HandRank {
	var counts [13]uint8
	var suits [4]uint16
	for _, c := range cs {
		counts[c.Rank()]++
		suits[c.Suit()] |= 1 << c.Rank()
	}
	best := evalRankCounts(&counts)
	for _, m := range suits {
		if bits.OnesCount16(m) >= 5 {
			best = max(best, flushTab[m])
		}
	}
	return best
}

// knownDistinct is the allocation-free form of CheckCards(a, b) == nil.
func knownDistinct(a, b []Card) bool {
	var seen uint64
	for _, g := range [2][]Card{a, b} {
		for _, c := range g {
			bit := uint64(1) << (c & 63)
			if c >= 52 || seen&bit != 0 {
				return false
			}
			seen |= bit
		}
	}
	return true
}

// CheckCards reports the first Unknown card or card that appears more than
// once across the groups (say a player's hole cards and the board), or nil.
func CheckCards(groups ...[]Card) error {
	var seen Set
	for _, g := range groups {
		for _, c := range g {
			if !c.Known() {
				return fmt.Errorf("unknown card")
			}
			if seen.Has(c) {
				return fmt.Errorf("card %s appears twice", c)
			}
			seen = seen.Add(c)
		}
	}
	return nil
}

// BestFive returns the five cards of cs that make its best high hand, in
// order of significance (the cards of the largest group first, then by
// rank; a wheel ends with its Ace): two pair Aces and Kings with a Queen
// prints "AhAsKdKcQs". When several choices tie (a kicker held in two
// suits), the one earliest in cs wins. It returns nil when EvalHigh would
// return NoHand.
func BestFive(cs []Card) []Card {
	v := EvalHigh(cs)
	if v == NoHand {
		return nil
	}
	var pick [5]Card
	found := false
	forEachSubset5(cs, &pick, func() bool {
		found = evalKnown(pick[:]) == v
		return found
	})
	if !found {
		return nil
	}
	return orderBySignificance(v, pick[:])
}

// forEachSubset5 sets pick to each five-card subset of cs in lexicographic
// index order and calls fn until it returns true.
func forEachSubset5(cs []Card, pick *[5]Card, fn func() bool) bool {
	n := len(cs)
	for a := 0; a < n; a++ {
		pick[0] = cs[a]
		for b := a + 1; b < n; b++ {
			pick[1] = cs[b]
			for c := b + 1; c < n; c++ {
				pick[2] = cs[c]
				for d := c + 1; d < n; d++ {
					pick[3] = cs[d]
					for e := d + 1; e < n; e++ {
						pick[4] = cs[e]
						if fn() {
							return true
						}
					}
				}
			}
		}
	}
	return false
}

// orderBySignificance returns the five cards in the order of v's ranks.
func orderBySignificance(v HandRank, five []Card) []Card {
	out := make([]Card, 0, 5)
	var used [5]bool
	for _, r := range v.Ranks() {
		for i, c := range five {
			if !used[i] && c.Rank() == r {
				used[i] = true
				out = append(out, c)
				break
			}
		}
	}
	return out
}

// makeRank builds a HandRank: the category in the top bits, then the five
// ranks of the hand in order of significance, four bits each. Comparing
// these tuples within a category is exactly poker's tie-break (pair rank,
// then kickers; a wheel's tuple 5-4-3-2-A sorts below 6-5-4-3-2).
func makeRank(cat Category, r0, r1, r2, r3, r4 Rank) HandRank {
	return HandRank(cat)<<26 | HandRank(r0)<<16 | HandRank(r1)<<12 |
		HandRank(r2)<<8 | HandRank(r3)<<4 | HandRank(r4)
}

// straightTop returns the top rank of the best straight in a 13-bit rank
// mask (Five for a wheel).
func straightTop(m uint16) (Rank, bool) {
	for top := Ace; top >= Six; top-- {
		run := uint16(0x1f) << (top - 4)
		if m&run == run {
			return top, true
		}
	}
	const wheel = 1<<Ace | 0xf
	if m&wheel == wheel {
		return Five, true
	}
	return 0, false
}

func straightRank(cat Category, top Rank) HandRank {
	if top == Five {
		return makeRank(cat, Five, Four, Three, Two, Ace)
	}
	return makeRank(cat, top, top-1, top-2, top-3, top-4)
}

// topRanks returns the n highest ranks in mask, highest first.
func topRanks(m uint16, n int) [5]Rank {
	var out [5]Rank
	for i := 0; i < n && m != 0; i++ {
		r := Rank(15 - bits.LeadingZeros16(m))
		out[i] = r
		m &^= 1 << r
	}
	return out
}

// evalSuited evaluates a suit's rank mask of five or more cards: a
// straight flush or a flush.
func evalSuited(m uint16) HandRank {
	if top, ok := straightTop(m); ok {
		return straightRank(StraightFlush, top)
	}
	t := topRanks(m, 5)
	return makeRank(Flush, t[0], t[1], t[2], t[3], t[4])
}

// evalRankCounts returns the best hand, ignoring flushes, that five or more
// cards with these rank counts make. It is the reference the tables are
// built from.
func evalRankCounts(counts *[13]uint8) HandRank {
	var present, pairs, trips, quads uint16
	for r, n := range counts {
		bit := uint16(1) << r
		if n >= 1 {
			present |= bit
		}
		switch n {
		case 2:
			pairs |= bit
		case 3:
			trips |= bit
		case 4:
			quads |= bit
		}
	}
	if quads != 0 {
		q := topRanks(quads, 1)[0]
		k := topRanks(present&^(1<<q), 1)[0]
		return makeRank(FourOfAKind, q, q, q, q, k)
	}
	if trips != 0 && (bits.OnesCount16(trips) > 1 || pairs != 0) {
		t := topRanks(trips, 1)[0]
		p := topRanks((trips|pairs)&^(1<<t), 1)[0]
		return makeRank(FullHouse, t, t, t, p, p)
	}
	if top, ok := straightTop(present); ok {
		return straightRank(Straight, top)
	}
	if trips != 0 {
		t := topRanks(trips, 1)[0]
		k := topRanks(present&^(1<<t), 2)
		return makeRank(ThreeOfAKind, t, t, t, k[0], k[1])
	}
	if bits.OnesCount16(pairs) >= 2 {
		p := topRanks(pairs, 2)
		k := topRanks(present&^(1<<p[0]|1<<p[1]), 1)[0]
		return makeRank(TwoPair, p[0], p[0], p[1], p[1], k)
	}
	if pairs != 0 {
		p := topRanks(pairs, 1)[0]
		k := topRanks(present&^(1<<p), 3)
		return makeRank(OnePair, p, p, k[0], k[1], k[2])
	}
	k := topRanks(present, 5)
	return makeRank(HighCard, k[0], k[1], k[2], k[3], k[4])
}

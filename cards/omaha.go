package cards

import (
	"cmp"
	"fmt"
	"math/bits"
	"slices"
)

// Omaha hands play exactly two hole cards with exactly three board cards.
// The evaluators below try every such pair and triple: at most 15 pairs
// (six hole cards) times 10 triples (five board cards).

// omahaShapeOK reports whether hole and board have Omaha sizes: 4 to 6 hole
// cards, 3 to 5 board cards.
func omahaShapeOK(hole, board []Card) bool {
	return len(hole) >= 4 && len(hole) <= 6 && len(board) >= 3 && len(board) <= 5
}

// How the Omaha high tables work.
//
// Five cards without a flush are worth what their ranks are worth. Each
// rank has a multiplier, omahaMult; a hole pair's key and a board
// triple's key are the sums of their ranks' multipliers, and the sum of
// the two names the five ranks exactly. There are 6,175 five-rank
// multisets over keys up to omahaMaxKey, so the key is compressed by row
// displacement: cut into a row (high bits) and a column (low bits), with
// rows overlaid at per-row offsets (generated, tables_gen.go) chosen so
// that no two keys share a slot. A slot holds the hand's ordinal among the
// 6,175 values, which orders as the values do; the best ordinal of a hand
// is turned into its HandRank once, at the end. The tables take about
// 45 KB, and an Omaha showdown reads dozens of slots, so they stay in the
// CPU's caches (the table for any five or six cards it replaces took 235
// KB, and in a pipeline its reads missed).

// omahaMult are the smallest increasing multipliers (found greedily) whose
// sums over multisets of exactly five ranks, at most four of each, are all
// distinct. TestOmahaMultUnique checks this.
var omahaMult = [13]uint32{1, 2, 6, 23, 95, 313, 993, 2423, 5625, 12523, 19999, 43259, 79416}

// omahaMaxKey bounds the key of any five ranks (at most five of a rank,
// which distinct cards cannot make, still indexes in range).
const omahaMaxKey = 5 * 79416

// omahaHandCount is the number of five-rank multisets, each its own value.
const omahaHandCount = 6175

var (
	// omahaOrdinals holds, by compressed key, the ordinal (1 up) of the
	// five ranks' value among omahaHands; 0 in unused slots.
	omahaOrdinals [omahaValuesLen]uint16
	// omahaHands is the value of each ordinal, weakest first; 0 is NoHand.
	omahaHands [omahaHandCount + 1]HandRank
)

// tableErr records an inconsistency found while building the tables (two
// keys in one slot). It cannot happen with correct generated offsets;
// TestTables checks it is nil.
var tableErr error

// buildOmahaTables fills omahaOrdinals and omahaHands.
func buildOmahaTables() {
	type entry struct {
		key uint32
		v   HandRank
	}
	es := make([]entry, 0, omahaHandCount)
	forEachRankMultiset(5, func(counts *[13]uint8) {
		es = append(es, entry{omahaKey(counts), evalRankCounts(counts)})
	})
	slices.SortFunc(es, func(a, b entry) int { return cmp.Compare(a.v, b.v) })
	for i, e := range es {
		if i >= omahaHandCount || (i > 0 && es[i-1].v == e.v) {
			tableErr = fmt.Errorf("cards: %d five-rank values, want %d distinct", len(es), omahaHandCount)
			return
		}
		s := omahaSlot(e.key)
		if omahaOrdinals[s] != 0 && tableErr == nil {
			tableErr = fmt.Errorf("cards: Omaha table slot %d used twice", s)
		}
		omahaOrdinals[s] = uint16(i + 1)
		omahaHands[i+1] = e.v
	}
}

// omahaKey is the Omaha table key of five ranks given by their counts.
func omahaKey(counts *[13]uint8) uint32 {
	var key uint32
	for r, n := range counts {
		key += uint32(n) * omahaMult[r]
	}
	return key
}

// omahaOrdinal is the ordinal of the value of a five-rank key.
func omahaOrdinal(key uint32) uint32 {
	return uint32(omahaOrdinals[omahaSlot(key)])
}

// maxOrdinal is max(a, b) for ordinals, without a branch: the compiler
// compiles max in this loop to a branch, which mispredicts about as often
// as a new best turns up.
func maxOrdinal(a, b uint32) uint32 {
	d := a - b                        // wraps when b > a (ordinals are below 1<<16)
	return a - d&uint32(int32(d)>>31) // a - (a - b) = b when b > a
}

// omahaSlot is the compressed index of a five-rank key up to omahaMaxKey.
func omahaSlot(key uint32) uint32 {
	return uint32(omahaOffsets[key>>omahaShift]) + key&(1<<omahaShift-1)
}

// EvalOmaha returns the value of the best Omaha high hand: exactly two of
// the 4, 5 or 6 hole cards with exactly three of the 3 to 5 board cards. It
// returns NoHand for other sizes, Unknown cards or a repeated card.
//
// Five cards without a flush are worth what their ranks are worth, so
// every hole pair meets every board triple in the rank table (pairs or
// triples of the same ranks once); flushes are looked up apart, only for
// the suit the board holds three times.
func EvalOmaha(hole, board []Card) HandRank {
	var b OmahaBoard
	b.Set(board)
	return b.Eval(hole)
}

// OmahaBoard is a board made ready to value many Omaha high hands on it,
// as at a showdown: its rank triples and its flush cards are worked out
// once rather than for every hand. The zero OmahaBoard values no hand.
type OmahaBoard struct {
	ok      bool   // 3 to 5 known cards, none twice
	cards   uint64 // bit c: card c is on the board
	nt      int
	triples [10]uint32 // rank keys of the board triples, each rank multiset once
	// The suit the board holds three times or more (at most one: at most
	// five cards), or 4 for none, and the rank bits of its cards of it.
	flushSuit Suit
	nb        int
	flushBits [5]uint16
}

// Set makes b ready for board.
func (b *OmahaBoard) Set(board []Card) {
	*b = OmahaBoard{flushSuit: 4}
	if len(board) < 3 || len(board) > 5 {
		return
	}
	var bk [5]uint32
	var ranks uint16
	var count [4]uint8
	for i, c := range board {
		bit := uint64(1) << (c & 63)
		if c >= 52 || b.cards&bit != 0 {
			return
		}
		b.cards |= bit
		bk[i] = omahaMult[c.Rank()]
		ranks |= 1 << c.Rank()
		count[c.Suit()]++
	}
	b.ok = true
	// With no rank twice, no two triples have the same ranks.
	dedupe := bits.OnesCount16(ranks) < len(board)
	for i := 0; i < len(board); i++ {
		for j := i + 1; j < len(board); j++ {
			for k := j + 1; k < len(board); k++ {
				b.nt = addKey(b.triples[:], b.nt, bk[i]+bk[j]+bk[k], dedupe)
			}
		}
	}
	b.flushSuit = 0
	for b.flushSuit < 4 && count[b.flushSuit] < 3 {
		b.flushSuit++
	}
	for _, c := range board {
		if c.Suit() == b.flushSuit {
			b.flushBits[b.nb] = 1 << c.Rank()
			b.nb++
		}
	}
}

// Eval is EvalOmaha of hole on b's board.
func (b *OmahaBoard) Eval(hole []Card) HandRank {
	if !b.ok || len(hole) < 4 || len(hole) > 6 {
		return NoHand
	}
	seen := b.cards
	for _, c := range hole {
		bit := uint64(1) << (c & 63)
		if c >= 52 || seen&bit != 0 {
			return NoHand
		}
		seen |= bit
	}
	var pairs [15]uint32
	np := omahaPairKeys(hole, &pairs)
	var best uint32 // ordinal
	for _, t := range b.triples[:b.nt] {
		for _, p := range pairs[:np] {
			best = maxOrdinal(best, omahaOrdinal(p+t))
		}
	}
	return max(omahaHands[best], b.flush(hole))
}

// omahaPairKeys returns the rank keys (sums of omahaMult) of the hole
// pairs, each rank multiset once.
func omahaPairKeys(hole []Card, pairs *[15]uint32) (np int) {
	var hk [6]uint32
	var ranks uint16
	for i, c := range hole {
		hk[i] = omahaMult[c.Rank()]
		ranks |= 1 << c.Rank()
	}
	// With no rank twice, no two pairs have the same ranks.
	dedupe := bits.OnesCount16(ranks) < len(hole)
	for i := 0; i < len(hole); i++ {
		for j := i + 1; j < len(hole); j++ {
			np = addKey(pairs[:], np, hk[i]+hk[j], dedupe)
		}
	}
	return np
}

// addKey sets keys[n] to key and returns n+1, or, when dedupe is set and
// key is among keys[:n] already, returns n.
func addKey(keys []uint32, n int, key uint32, dedupe bool) int {
	if dedupe {
		for _, k := range keys[:n] {
			if k == key {
				return n
			}
		}
	}
	keys[n] = key
	return n + 1
}

// flush returns the best flush or straight flush of two hole cards and
// three board cards, or NoHand when there is none.
func (b *OmahaBoard) flush(hole []Card) HandRank {
	if b.flushSuit == 4 {
		return NoHand
	}
	var hm [6]uint16 // rank bits of the hole cards of the suit
	nh := 0
	for _, c := range hole {
		if c.Suit() == b.flushSuit {
			hm[nh] = 1 << c.Rank()
			nh++
		}
	}
	if nh < 2 {
		return NoHand
	}
	bm, nb := &b.flushBits, b.nb
	best := NoHand
	for i := 0; i < nh; i++ {
		for j := i + 1; j < nh; j++ {
			two := hm[i] | hm[j]
			for x := 0; x < nb; x++ {
				for y := x + 1; y < nb; y++ {
					for z := y + 1; z < nb; z++ {
						best = max(best, flushTab[two|bm[x]|bm[y]|bm[z]])
					}
				}
			}
		}
	}
	return best
}

// BestOmahaFive returns the two hole cards and three board cards that make
// the best Omaha high hand, ordered as BestFive orders them. Among equal
// choices the earliest hole pair, then the earliest board triple, wins. It
// returns nil when EvalOmaha would return NoHand.
func BestOmahaFive(hole, board []Card) []Card {
	v := EvalOmaha(hole, board)
	if v == NoHand {
		return nil
	}
	for i := 0; i < len(hole); i++ {
		for j := i + 1; j < len(hole); j++ {
			for a := 0; a < len(board); a++ {
				for b := a + 1; b < len(board); b++ {
					for c := b + 1; c < len(board); c++ {
						five := []Card{hole[i], hole[j], board[a], board[b], board[c]}
						if evalKnown(five) == v {
							return orderBySignificance(v, five)
						}
					}
				}
			}
		}
	}
	return nil
}

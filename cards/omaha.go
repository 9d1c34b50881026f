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
// is turned into its HandRank once, at the end. The keyed tables take
// about 45 KB; only init reads them now (see below).

// How Eval reads the ordinals. A hole pair's ranks are one of 91 two-rank
// multisets and a board triple's one of 455 three-rank multisets, so init
// lays out the ordinal of every pair with every triple, from the keyed
// table, as 455 rows of 91 columns, omahaPairTriple (116 KB with the rows
// padded to 128). Set finds each board triple's row once for all players,
// Eval each hole pair's column, and then each pair and triple costs one
// load and a max, where a key cost an add and two dependent loads (offset,
// then slot). A showdown reads at most three cache lines of each of the
// board's ten rows, rather than slots scattered over the keyed table, so
// the reads stay cached (the table for any five or six cards the keyed
// table replaced took 235 KB, and in a pipeline its reads missed).

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

	// omahaPairTriple holds, by a triple's row and a pair's column, the
	// ordinal of the five ranks they make; 0 for five of a rank. Rows are
	// 128 columns wide (91 used) so that a column masked to 7 bits needs
	// no bounds check.
	omahaPairTriple [omahaTripleRows][128]uint16
	// omahaPairCol is the column of the hole pair of ranks r1, r2, at
	// r1<<4 | r2 in either order.
	omahaPairCol [13 << 4]uint8
	// omahaTripleRow is the row in omahaPairTriple of the board triple of
	// ranks r1, r2, r3, at (r1*13+r2)*13+r3 in any order.
	omahaTripleRow [13 * 13 * 13]uint16
)

const (
	omahaPairCols   = 91  // two-rank multisets
	omahaTripleRows = 455 // three-rank multisets
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
	buildOmahaPairTriple()
}

// buildOmahaPairTriple fills omahaPairTriple, omahaPairCol and
// omahaTripleRow from the keyed table.
func buildOmahaPairTriple() {
	type multiset struct {
		key    uint32
		counts [13]uint8
		ranks  [3]Rank // lowest first; a pair's third is unused
	}
	var pairs, triples []multiset
	forEachRankMultiset(2, func(counts *[13]uint8) {
		pairs = append(pairs, multiset{omahaKey(counts), *counts, ranksOf(counts)})
	})
	forEachRankMultiset(3, func(counts *[13]uint8) {
		triples = append(triples, multiset{omahaKey(counts), *counts, ranksOf(counts)})
	})
	if len(pairs) != omahaPairCols || len(triples) != omahaTripleRows {
		tableErr = fmt.Errorf("cards: %d pairs and %d triples of ranks, want %d and %d",
			len(pairs), len(triples), omahaPairCols, omahaTripleRows)
		return
	}
	for col, p := range pairs {
		r := p.ranks
		omahaPairCol[r[0]<<4|r[1]] = uint8(col)
		omahaPairCol[r[1]<<4|r[0]] = uint8(col)
	}
	for row, t := range triples {
		r := t.ranks
		for _, o := range [6][3]int{{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}} {
			omahaTripleRow[(int(r[o[0]])*13+int(r[o[1]]))*13+int(r[o[2]])] = uint16(row)
		}
		for col, p := range pairs {
			// Skip five of a rank (two in the pair, three in the
			// triple), which distinct cards cannot make.
			if pr := p.ranks; pr[0] != pr[1] || t.counts[pr[0]] < 3 {
				omahaPairTriple[row][col] = uint16(omahaOrdinal(t.key + p.key))
			}
		}
	}
}

// ranksOf lists the ranks of a multiset of two or three ranks given by
// its counts, lowest first.
func ranksOf(counts *[13]uint8) [3]Rank {
	var rs [3]Rank
	i := 0
	for r, n := range counts {
		for range n {
			rs[i] = Rank(r)
			i++
		}
	}
	return rs
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
	ok    bool   // 3 to 5 known cards, none twice
	cards uint64 // bit c: card c is on the board
	nt    int
	rows  [10]uint16 // rows in omahaPairTriple of the board triples, each rank multiset once
	// The suit the board holds three times or more (at most one: at most
	// five cards), or 4 for none, and the rank bits of its cards of it.
	flushSuit Suit
	nb        int
	flushBits [5]uint16
}

// boardTriples are the triples of board card indices, by their largest
// index: the first boardTripleCount[n] are the triples of n cards.
var boardTriples = [10][3]uint8{
	{0, 1, 2},
	{0, 1, 3}, {0, 2, 3}, {1, 2, 3},
	{0, 1, 4}, {0, 2, 4}, {0, 3, 4}, {1, 2, 4}, {1, 3, 4}, {2, 3, 4},
}

var boardTripleCount = [6]int{3: 1, 4: 4, 5: 10}

// Set makes b ready for board.
func (b *OmahaBoard) Set(board []Card) {
	*b = OmahaBoard{flushSuit: 4}
	if len(board) < 3 || len(board) > 5 {
		return
	}
	var ranks uint16
	var count [4]uint8
	var rk [5]int
	for i, c := range board {
		bit := uint64(1) << (c & 63)
		if c >= 52 || b.cards&bit != 0 {
			return
		}
		b.cards |= bit
		ranks |= 1 << c.Rank()
		count[c.Suit()]++
		rk[i] = int(c.Rank())
	}
	b.ok = true
	// With no rank twice, no two triples have the same ranks.
	dedupe := bits.OnesCount16(ranks) < len(board)
	var rows [10]uint16
	nt := 0
	for _, t := range boardTriples[:boardTripleCount[len(board)]] {
		row := omahaTripleRow[(rk[t[0]]*13+rk[t[1]])*13+rk[t[2]]]
		if !dedupe || !slices.Contains(rows[:nt], row) {
			rows[nt] = row
			nt++
		}
	}
	b.rows, b.nt = rows, nt
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
	// The columns of the hole pairs, in groups of six: the pairs of four
	// hole cards, the common case; the 10 or 15 pairs of five or six are
	// padded with repeats to 12 or 18. A group's columns stay in registers
	// across the board's rows, so each pair and triple costs one load and
	// a max. Pairs of the same ranks are not merged: a repeated column
	// costs less than looking for repeats.
	var cols [18]uint8
	np := 0
	for i := 0; i < len(hole); i++ {
		ri := hole[i].Rank() << 4
		for j := i + 1; j < len(hole); j++ {
			cols[np] = omahaPairCol[ri|hole[j].Rank()]
			np++
		}
	}
	for np%6 != 0 {
		cols[np] = cols[0]
		np++
	}
	best := bestOrdinal(b.rows[:b.nt], cols[:np])
	return max(omahaHands[best], b.flush(hole))
}

// bestOrdinal returns the best ordinal in omahaPairTriple at any of the
// rows and any of the columns, which come in groups of six.
func bestOrdinal(rows []uint16, cols []uint8) uint32 {
	var best uint32
	for g := 0; g+6 <= len(cols); g += 6 {
		c := (*[6]uint8)(cols[g:])
		// Masked to the row width once here, not at every load; as uint,
		// so that the compiler keeps them masked in registers.
		c0, c1, c2 := uint(c[0])&127, uint(c[1])&127, uint(c[2])&127
		c3, c4, c5 := uint(c[3])&127, uint(c[4])&127, uint(c[5])&127
		for _, row := range rows {
			ords := &omahaPairTriple[row]
			best = max(best, uint32(max(ords[c0], ords[c1], ords[c2], ords[c3], ords[c4], ords[c5])))
		}
	}
	return best
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

package cards

import "math/bits"

// Omaha hands play exactly two hole cards with exactly three board cards.
// The evaluators below try every such pair and triple: at most 15 pairs
// (six hole cards) times 10 triples (five board cards).

// omahaShapeOK reports whether hole and board have Omaha sizes: 4 to 6 hole
// cards, 3 to 5 board cards.
func omahaShapeOK(hole, board []Card) bool {
	return len(hole) >= 4 && len(hole) <= 6 && len(board) >= 3 && len(board) <= 5
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
	if !omahaShapeOK(hole, board) || !knownDistinct(hole, board) {
		return NoHand
	}
	var pairs [15]uint32
	var triples [10]uint32
	np, nt := omahaRankKeys(hole, board, &pairs, &triples)
	best := NoHand
	for _, t := range triples[:nt] {
		for _, p := range pairs[:np] {
			best = max(best, lookup56(p+t))
		}
	}
	return max(best, omahaFlush(hole, board))
}

// omahaRankKeys returns the rank keys (sums of rankMult) of the hole pairs
// and board triples, each rank multiset once.
func omahaRankKeys(hole, board []Card, pairs *[15]uint32, triples *[10]uint32) (np, nt int) {
	var hk [6]uint32
	var seen uint16
	for i, c := range hole {
		hk[i] = rankMult[c.Rank()]
		seen |= 1 << c.Rank()
	}
	// With no rank twice, no two pairs have the same ranks.
	dedupe := bits.OnesCount16(seen) < len(hole)
	for i := 0; i < len(hole); i++ {
		for j := i + 1; j < len(hole); j++ {
			np = addKey(pairs[:], np, hk[i]+hk[j], dedupe)
		}
	}
	var bk [5]uint32
	seen = 0
	for i, c := range board {
		bk[i] = rankMult[c.Rank()]
		seen |= 1 << c.Rank()
	}
	dedupe = bits.OnesCount16(seen) < len(board)
	for i := 0; i < len(board); i++ {
		for j := i + 1; j < len(board); j++ {
			for k := j + 1; k < len(board); k++ {
				nt = addKey(triples[:], nt, bk[i]+bk[j]+bk[k], dedupe)
			}
		}
	}
	return np, nt
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

// omahaFlush returns the best flush or straight flush of two hole cards
// and three board cards, or NoHand when there is none.
func omahaFlush(hole, board []Card) HandRank {
	// At most five board cards: at most one suit three times or more.
	var count [4]uint8
	for _, c := range board {
		count[c.Suit()]++
	}
	suit := Suit(0)
	for suit < 4 && count[suit] < 3 {
		suit++
	}
	if suit == 4 {
		return NoHand
	}
	var hm [6]uint16 // rank bits of the hole cards of the suit
	nh := 0
	for _, c := range hole {
		if c.Suit() == suit {
			hm[nh] = 1 << c.Rank()
			nh++
		}
	}
	if nh < 2 {
		return NoHand
	}
	var bm [5]uint16
	nb := 0
	for _, c := range board {
		if c.Suit() == suit {
			bm[nb] = 1 << c.Rank()
			nb++
		}
	}
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

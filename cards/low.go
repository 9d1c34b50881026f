package cards

import (
	"math/bits"
	"strings"
)

// Ace-to-five low, eight or better: a low is five cards of distinct ranks,
// all eight or below, aces counting low; straights and flushes do not
// count against it. A LowRank holds the five ranks' face values (Ace 1 ...
// Eight 8) highest first, four bits each, so that 8-6-4-2-A is 0x86421 and a
// smaller value is a better low, as the type's contract requires.
//
// The evaluators work on 8-bit masks of the low ranks present (bit 0 Ace,
// bit 7 Eight). For five-bit masks, comparing the masks as integers
// compares the lows, so the search keeps the smallest mask and converts
// once at the end.

// NoLow is the LowRank of a hand with no qualifying low. It is larger (worse)
// than every real low and prints as "no low".
const NoLow LowRank = 1<<32 - 1

// lowBit is each card's bit in a low-rank mask; high cards (nine and up),
// Unknown and invalid bytes have none.
var lowBit [256]uint8

// lowOfMask is the best low in a mask of low ranks (its lowest five), or
// NoLow if it has fewer than five.
var lowOfMask [256]LowRank

func init() {
	for c := Card(0); c < 52; c++ {
		switch r := c.Rank(); {
		case r == Ace:
			lowBit[c] = 1
		case r <= Eight:
			lowBit[c] = 1 << (r + 1)
		}
	}
	for m := range lowOfMask {
		lowOfMask[m] = lowFromMask(uint8(m))
	}
}

// lowFromMask keeps the lowest five ranks of m and encodes them.
func lowFromMask(m uint8) LowRank {
	if bits.OnesCount8(m) < 5 {
		return NoLow
	}
	for bits.OnesCount8(m) > 5 {
		m &^= 1 << (7 - bits.LeadingZeros8(m))
	}
	var l LowRank
	for i := 7; i >= 0; i-- {
		if m&(1<<i) != 0 {
			l = l<<4 | LowRank(i+1)
		}
	}
	return l
}

// lowest3 keeps the three lowest set bits of m.
func lowest3(m uint8) uint8 {
	a := m & -m
	m &^= a
	b := m & -m
	m &^= b
	return a | b | m&-m
}

// EvalLow8 returns the best ace-to-five eight-or-better low among cs, as in
// stud or razz-style hands with any number of cards. ok is false (and the
// rank NoLow) when there are not five distinct ranks of eight or below, or
// cs has an Unknown or repeated card.
func EvalLow8(cs []Card) (LowRank, bool) {
	if !knownDistinct(cs, nil) {
		return NoLow, false
	}
	var m uint8
	for _, c := range cs {
		m |= lowBit[c]
	}
	l := lowOfMask[m]
	return l, l != NoLow
}

// omahaLowMask returns the smallest (best) five-rank low mask made of two
// hole cards and three board cards, the hole indices used, and ok=false if
// there is none.
func omahaLowMask(hole, board []Card) (best uint8, hi, hj int, ok bool) {
	var bm uint8
	for _, c := range board {
		bm |= lowBit[c]
	}
	for i := 0; i < len(hole); i++ {
		a := lowBit[hole[i]]
		if a == 0 {
			continue
		}
		for j := i + 1; j < len(hole); j++ {
			b := lowBit[hole[j]]
			if b == 0 || b == a {
				continue
			}
			rest := bm &^ (a | b)
			if bits.OnesCount8(rest) < 3 {
				continue
			}
			if m := a | b | lowest3(rest); !ok || m < best {
				best, hi, hj, ok = m, i, j, true
			}
		}
	}
	return best, hi, hj, ok
}

// EvalOmahaLow8 returns the best Omaha eight-or-better low: exactly two of
// the 4 to 6 hole cards with exactly three of the 3 to 5 board cards, all
// five of distinct ranks eight or below. A hole card paired with a board
// card is counterfeit only in that it cannot be used twice. ok is false
// (rank NoLow) when there is no such low, or for bad sizes, Unknown or
// repeated cards.
func EvalOmahaLow8(hole, board []Card) (LowRank, bool) {
	if !omahaShapeOK(hole, board) || !knownDistinct(hole, board) {
		return NoLow, false
	}
	m, _, _, ok := omahaLowMask(hole, board)
	if !ok {
		return NoLow, false
	}
	return lowOfMask[m], true
}

// BestLow8 returns the five cards of cs that make its best eight-or-better
// low, highest rank first (the first card of each rank in cs), or nil when
// EvalLow8 finds none.
func BestLow8(cs []Card) []Card {
	l, ok := EvalLow8(cs)
	if !ok {
		return nil
	}
	return pickLowCards(l, nil, cs)
}

// BestOmahaLow8 returns the two hole cards and three board cards that make
// the best Omaha eight-or-better low, highest rank first, or nil when
// EvalOmahaLow8 finds none. Among equal choices the earliest hole pair wins.
func BestOmahaLow8(hole, board []Card) []Card {
	if !omahaShapeOK(hole, board) || !knownDistinct(hole, board) {
		return nil
	}
	m, i, j, ok := omahaLowMask(hole, board)
	if !ok {
		return nil
	}
	return pickLowCards(lowOfMask[m], []Card{hole[i], hole[j]}, board)
}

// pickLowCards orders the low l's cards, taking the ranks of fixed first
// and the rest from the first matching card of from.
func pickLowCards(l LowRank, fixed, from []Card) []Card {
	out := make([]Card, 0, 5)
	for _, r := range l.Ranks() {
		out = append(out, firstOfRank(r, fixed, from))
	}
	return out
}

// firstOfRank returns the first card of rank r in a, else in b.
func firstOfRank(r Rank, a, b []Card) Card {
	for _, g := range [2][]Card{a, b} {
		for _, c := range g {
			if c.Rank() == r {
				return c
			}
		}
	}
	return Unknown
}

// valid reports whether l encodes five distinct low ranks, highest first.
func (l LowRank) valid() bool {
	prev := LowRank(9)
	for i := 0; i < 5; i++ {
		v := l >> (16 - 4*i) & 15
		if v == 0 || v >= prev {
			return false
		}
		prev = v
	}
	return l>>20 == 0
}

// Ranks returns the low's five ranks, highest first (Ace last). NoLow has
// none.
func (l LowRank) Ranks() []Rank {
	if !l.valid() {
		return nil
	}
	out := make([]Rank, 5)
	for i := range out {
		v := l >> (16 - 4*i) & 15
		if v == 1 {
			out[i] = Ace
		} else {
			out[i] = Rank(v - 2)
		}
	}
	return out
}

// String prints the low highest card first: "8-6-4-2-A low", "7-5-4-3-2
// low"; the best low prints "wheel (5-4-3-2-A)" and NoLow "no low".
func (l LowRank) String() string {
	if l == NoLow {
		return "no low"
	}
	if !l.valid() {
		return "invalid low"
	}
	var b strings.Builder
	for i := 0; i < 5; i++ {
		if i > 0 {
			b.WriteByte('-')
		}
		v := l >> (16 - 4*i) & 15
		if v == 1 {
			b.WriteByte('A')
		} else {
			b.WriteByte(byte('0' + v))
		}
	}
	if l == 0x54321 {
		return "wheel (" + b.String() + ")"
	}
	return b.String() + " low"
}

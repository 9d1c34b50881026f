package cards

import (
	"math/bits"
	"strings"
)

// Ace-to-five low: aces count low and straights and flushes do not count
// against a hand. Razz plays it unqualified, best five of seven: a pair is
// worse than any five distinct ranks, two pair worse than one pair, and so
// on up to four of a kind. The eight-or-better games (stud and Omaha
// hi-lo) want five distinct ranks, all eight or below.
//
// A LowRank holds the five ranks' face values (Ace 1 ... King 13) in order
// of significance, four bits each, with the hand's Category above them
// (bits 20 to 23; HighCard, 0, for five distinct ranks): 8-6-4-2-A is
// 0x86421, a pair of Fours with 7-3-A 0x144731. Comparing the values is
// comparing the lows: the category first, then the paired ranks, then the
// kickers from the highest down; a smaller value is a better low, as the
// type's contract requires.
//
// The evaluators work on ace-low rank masks, bit v-1 for face value v
// (bit 0 Ace, bit 7 Eight, bit 12 King). The lowest five ranks of a mask
// are its best unpaired low; for five-rank masks of low cards, comparing
// the masks as integers compares the lows, so the eight-or-better search
// keeps the smallest mask and converts once at the end.

// NoLow is the LowRank of a hand with no qualifying low. It is larger (worse)
// than every real low and prints as "no low".
const NoLow LowRank = 1<<32 - 1

// faceBit is each card's bit in an ace-low rank mask; Unknown and invalid
// bytes have none.
var faceBit [256]uint16

// lowBit is faceBit for the cards eight and below, in eight bits; high
// cards (nine and up), Unknown and invalid bytes have none.
var lowBit [256]uint8

// lowOfMask is the best low in a mask of low ranks (its lowest five), or
// NoLow if it has fewer than five.
var lowOfMask [256]LowRank

func init() {
	for c := Card(0); c < 52; c++ {
		f := uint16(1) << (c.Rank() + 1)
		if c.Rank() == Ace {
			f = 1
		}
		faceBit[c] = f
		if f <= 1<<7 {
			lowBit[c] = uint8(f)
		}
	}
	for m := range lowOfMask {
		lowOfMask[m] = lowestFive(uint16(m))
	}
}

// lowestFive encodes the best unpaired low of an ace-low rank mask, its
// lowest five ranks, or returns NoLow if it has fewer than five.
func lowestFive(m uint16) LowRank {
	if bits.OnesCount16(m) < 5 {
		return NoLow
	}
	var l LowRank
	for i := 0; i < 5; i++ {
		l |= LowRank(bits.TrailingZeros16(m)+1) << (4 * i)
		m &= m - 1
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

// EvalLowA5 returns the best unqualified ace-to-five low among five or
// more cards, as razz plays it: the lowest five distinct ranks if there
// are five, else the hand with the fewest and lowest paired cards (one
// pair, then two pair, three of a kind, full house, four of a kind; within
// each, the paired ranks first, then the kickers from the highest down).
// It returns NoLow for fewer than five cards or an Unknown or repeated card.
func EvalLowA5(cs []Card) LowRank {
	if len(cs) < 5 || !knownDistinct(cs, nil) {
		return NoLow
	}
	// Masks of the ranks held at least once, twice, three and four times.
	var one, two, three, four uint16
	for _, c := range cs {
		b := faceBit[c]
		four |= three & b
		three |= two & b
		two |= one & b
		one |= b
	}
	switch bits.OnesCount16(one) {
	case 4: // one pair: the lowest rank held twice
		p := two & -two
		return groupedLow(OnePair, p, 2, 0, 0, one&^p)
	case 3:
		if two&(two-1) != 0 { // two pair: the two lowest ranks held twice
			lo := two & -two
			hi := two &^ lo & -(two &^ lo)
			return groupedLow(TwoPair, hi, 2, lo, 2, one&^(lo|hi))
		}
		return groupedLow(ThreeOfAKind, three, 3, 0, 0, one&^three)
	case 2:
		t := three & -three // the lower rank held three times
		if o := one &^ t; two&o != 0 {
			return groupedLow(FullHouse, t, 3, o, 2, 0)
		}
		return groupedLow(FourOfAKind, four, 4, 0, 0, one&^four)
	}
	return lowestFive(one)
}

// groupedLow encodes a paired low: the rank of the single-rank mask first
// played n1 times, then second's n2 times, then the ranks of kickers once
// each, the highest first.
func groupedLow(cat Category, first uint16, n1 int, second uint16, n2 int, kickers uint16) LowRank {
	l := LowRank(cat)
	for range n1 {
		l = l<<4 | LowRank(bits.Len16(first))
	}
	for range n2 {
		l = l<<4 | LowRank(bits.Len16(second))
	}
	for ; kickers != 0; kickers &^= 1 << (bits.Len16(kickers) - 1) {
		l = l<<4 | LowRank(bits.Len16(kickers))
	}
	return l
}

// BestLowA5 returns the five cards of cs that make its best ace-to-five
// low (EvalLowA5), in order of significance (the first cards of each rank
// in cs), or nil when EvalLowA5 returns NoLow.
func BestLowA5(cs []Card) []Card {
	l := EvalLowA5(cs)
	if l == NoLow {
		return nil
	}
	return pickLowCards(l, nil, cs)
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

// pickLowCards orders the low l's cards, in order of significance, taking
// each rank from fixed first and then from the first matching card of
// from not yet taken.
func pickLowCards(l LowRank, fixed, from []Card) []Card {
	out := make([]Card, 0, 5)
	var taken Set
	for _, r := range l.Ranks() {
		c := firstOfRank(r, taken, fixed, from)
		taken = taken.Add(c)
		out = append(out, c)
	}
	return out
}

// firstOfRank returns the first card of rank r not in taken in a, else in b.
func firstOfRank(r Rank, taken Set, a, b []Card) Card {
	for _, g := range [2][]Card{a, b} {
		for _, c := range g {
			if c.Known() && c.Rank() == r && !taken.Has(c) {
				return c
			}
		}
	}
	return Unknown
}

// face returns the i-th face value of l, the most significant first.
func (l LowRank) face(i int) LowRank { return l >> (16 - 4*i) & 15 }

// valid reports whether l encodes a low: five face values of 1 to 13
// grouped and ordered as its category requires.
func (l LowRank) valid() bool {
	if l>>24 != 0 {
		return false
	}
	var v [5]LowRank
	for i := range v {
		if v[i] = l.face(i); v[i] < 1 || v[i] > 13 {
			return false
		}
	}
	switch l.Category() {
	case HighCard:
		return v[0] > v[1] && v[1] > v[2] && v[2] > v[3] && v[3] > v[4]
	case OnePair:
		return v[0] == v[1] && v[2] > v[3] && v[3] > v[4] && v[0] != v[2] && v[0] != v[3] && v[0] != v[4]
	case TwoPair:
		return v[0] == v[1] && v[2] == v[3] && v[0] > v[2] && v[4] != v[0] && v[4] != v[2]
	case ThreeOfAKind:
		return v[0] == v[1] && v[1] == v[2] && v[3] > v[4] && v[0] != v[3] && v[0] != v[4]
	case FullHouse:
		return v[0] == v[1] && v[1] == v[2] && v[3] == v[4] && v[0] != v[3]
	case FourOfAKind:
		return v[0] == v[1] && v[1] == v[2] && v[2] == v[3] && v[4] != v[0]
	}
	return false
}

// Category returns the low's category: HighCard for five distinct ranks
// (every eight-or-better low), OnePair up to FourOfAKind for a razz hand
// that has to play paired cards.
func (l LowRank) Category() Category { return Category(l >> 20 & 15) }

// Ranks returns the low's five ranks in order of significance: for five
// distinct ranks the highest first (Ace last); for paired hands the
// groups first, as HandRank.Ranks. NoLow has none.
func (l LowRank) Ranks() []Rank {
	if !l.valid() {
		return nil
	}
	out := make([]Rank, 5)
	for i := range out {
		out[i] = faceRank(uint8(l.face(i)))
	}
	return out
}

// faceRank is the Rank of face value v (Ace 1, Two 2 ... King 13).
func faceRank(v uint8) Rank {
	if v == 1 {
		return Ace
	}
	return Rank(v - 2)
}

// String prints the low highest card first: "8-6-4-2-A low", "7-5-4-3-2
// low", "K-Q-J-T-9 low"; the best low prints "wheel (5-4-3-2-A)" and NoLow
// "no low". A paired razz hand prints as "pair of Fours, 7-3-A", "two
// pair, Fours and Twos, 7", "three of a kind, Fours, 7-3", "full house,
// Fours full of Twos", "four of a kind, Fours, 7".
func (l LowRank) String() string {
	if l == NoLow {
		return "no low"
	}
	if !l.valid() {
		return "invalid low"
	}
	rs := l.Ranks()
	if l.Category() != HighCard {
		return describeGroups(l.Category(), rs)
	}
	if l == 0x54321 {
		return "wheel (" + rankList(rs) + ")"
	}
	return rankList(rs) + " low"
}

// rankList joins rank letters with dashes: "7-5-4-3-A".
func rankList(rs []Rank) string {
	var b strings.Builder
	for i, r := range rs {
		if i > 0 {
			b.WriteByte('-')
		}
		b.WriteString(r.String())
	}
	return b.String()
}

// describeGroups describes ranks in order of significance, the groups as
// players name them and the kickers by letter: "pair of Fours, 7-3-A",
// "two pair, Kings and Sevens", "three of a kind, Fours, 7", "full house,
// Fours full of Twos", "four of a kind, Fours"; unpaired ranks are just
// listed, "K-9-7". It serves lows and stud up cards, where hands may have
// fewer than five cards; rs has at least what cat needs.
func describeGroups(cat Category, rs []Rank) string {
	kickers := func(ks []Rank) string {
		if len(ks) == 0 {
			return ""
		}
		return ", " + rankList(ks)
	}
	switch cat {
	case OnePair:
		return "pair of " + rs[0].Plural() + kickers(rs[2:])
	case TwoPair:
		return "two pair, " + rs[0].Plural() + " and " + rs[2].Plural() + kickers(rs[4:])
	case ThreeOfAKind:
		return "three of a kind, " + rs[0].Plural() + kickers(rs[3:])
	case FullHouse:
		return "full house, " + rs[0].Plural() + " full of " + rs[3].Plural()
	case FourOfAKind:
		return "four of a kind, " + rs[0].Plural() + kickers(rs[4:])
	}
	return rankList(rs)
}

package cards

import "math/bits"

// Badugi: a player holds four cards and plays the largest set of them with
// no two cards of a suit and no two of a rank, aces low. A four-card hand
// (a badugi) beats every three-card hand, a three-card hand every two-card
// hand and so on; hands of the same size compare by their highest card,
// the lower winning, then the next highest, and so on. The best hand is
// the badugi 4-3-2-A.
//
// PokerKit (pokerkit/hands.py, BadugiHand.from_game, in the version read)
// builds the hand greedily, taking the cards from the lowest rank up while
// their rank and suit are new. That can miss the largest set: with As Ah
// 2s 3d, taking As first leaves A-3, where Ah 2s 3d makes the three-card
// 3-2-A. Here every subset is tried.

// BadugiRank is the value of a badugi hand: a SMALLER BadugiRank is better,
// equal values tie. Bits 16 and 17 hold four minus the number of cards
// played, below them are the played cards' face values (Ace 1 ... King 13)
// highest first, four bits each: the badugi 6-4-3-A is 0x6431, the
// three-card K-3-A 0x10D31. NoBadugi is worse than every hand.
type BadugiRank uint32

// NoBadugi is the BadugiRank of something that is not a badugi hand: not
// exactly four cards, an Unknown or a repeated card. It prints as "no
// hand".
const NoBadugi BadugiRank = 1<<32 - 1

// EvalBadugi returns the value of the best badugi hand in exactly four
// cards, or NoBadugi for any other number, an Unknown or a repeated card.
func EvalBadugi(cs []Card) BadugiRank {
	if len(cs) != 4 || !knownDistinct(cs, nil) {
		return NoBadugi
	}
	v, _ := bestBadugi(cs)
	return v
}

// BestBadugi returns the cards that make the best badugi hand of four
// cards, highest rank first, or nil when EvalBadugi returns NoBadugi.
// When several sets tie (a rank held in two suits that both fit), the one
// with the earlier cards in cs wins.
func BestBadugi(cs []Card) []Card {
	if len(cs) != 4 || !knownDistinct(cs, nil) {
		return nil
	}
	v, set := bestBadugi(cs)
	var out []Card
	for _, r := range v.Ranks() {
		for i, c := range cs {
			if set&(1<<i) != 0 && c.Rank() == r {
				out = append(out, c)
			}
		}
	}
	return out
}

// bestBadugi tries the fifteen non-empty subsets of four known, distinct
// cards and returns the best value with its subset (bit i for cs[i]). The
// subsets are tried in the order of their bits: among equal hands the one
// of the earliest cards is kept.
func bestBadugi(cs []Card) (BadugiRank, uint8) {
	best, bestSet := NoBadugi, uint8(0)
	for set := uint8(1); set < 16; set++ {
		var faces uint16
		var suits uint8
		for i, c := range cs {
			if set&(1<<i) != 0 {
				faces |= faceBit[c]
				suits |= 1 << c.Suit()
			}
		}
		n := bits.OnesCount8(set)
		if bits.OnesCount16(faces) != n || bits.OnesCount8(suits) != n {
			continue // two cards share a rank or a suit
		}
		if v := badugiOf(faces); v < best || (v == best && earlier(set, bestSet)) {
			best, bestSet = v, set
		}
	}
	return best, bestSet
}

// earlier reports whether subset a holds earlier cards than b, of the same
// size: the first card where they differ is in a.
func earlier(a, b uint8) bool {
	d := a ^ b
	return a&d&-d != 0
}

// badugiOf encodes the hand of the distinct ranks in an ace-low mask.
func badugiOf(faces uint16) BadugiRank {
	v := BadugiRank(4-bits.OnesCount16(faces)) << 16
	for i := 0; faces != 0; i++ {
		v |= BadugiRank(bits.TrailingZeros16(faces)+1) << (4 * i)
		faces &= faces - 1
	}
	return v
}

// Size returns the number of cards the hand plays, 1 to 4 (0 for
// NoBadugi or any other value no hand has).
func (b BadugiRank) Size() int {
	n := 4 - int(b>>16)
	if n < 1 || n > 4 {
		return 0
	}
	prev := BadugiRank(14)
	for i := n - 1; i >= 0; i-- {
		v := b >> (4 * i) & 15
		if v == 0 || v >= prev {
			return 0
		}
		prev = v
	}
	if b>>(4*n)&(1<<(16-4*n)-1) != 0 {
		return 0 // stray bits between the ranks and the size
	}
	return n
}

// Ranks returns the played ranks, highest first (Ace last). NoBadugi has
// none.
func (b BadugiRank) Ranks() []Rank {
	n := b.Size()
	if n == 0 {
		return nil
	}
	out := make([]Rank, n)
	for i := range out {
		out[i] = faceRank(uint8(b >> (4 * (n - 1 - i)) & 15))
	}
	return out
}

var badugiSizes = [5]string{"no hand", "one-card ", "two-card ", "three-card ", "badugi "}

// String prints the hand by its size and ranks, highest first: "badugi
// 6-4-3-A", "three-card 8-4-A", "two-card 5-2", "one-card K"; NoBadugi
// prints "no hand".
func (b BadugiRank) String() string {
	n := b.Size()
	if n == 0 {
		return badugiSizes[0]
	}
	return badugiSizes[n] + rankList(b.Ranks())
}

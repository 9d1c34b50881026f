package cards

// Deuce-to-seven low, the low of 2-7 single draw and 2-7 triple draw: the
// five cards held are read as a high hand with the ace always high, and
// the worst high hand is the best low. Pairs, straights and flushes count
// against a hand; A-2-3-4-5 is no straight but ace high (it beats any pair
// and loses to any king high), and suited it is an ace-high flush. The
// best hand is 7-5-4-3-2 of more than one suit.
//
// PokerKit (pokerkit/hands.py, StandardLowHand, the hand type of its 2-7
// games) reads A-2-3-4-5 as a five-high straight (issue #44 of
// uoftcprg/pokerkit), so that it loses to every pair where here it beats
// them; the game as rooms and the WSOP play it has the ace high only.

// Low27Rank is the value of a deuce-to-seven low: a SMALLER Low27Rank is a
// better low, and equal values tie. It holds the HandRank of the five
// cards read with the ace high only (category, then the ranks in order of
// significance), so that comparing values compares the hands as high
// hands, and the lowest wins. NoLow27 is worse than every hand.
type Low27Rank uint32

// NoLow27 is the Low27Rank of something that is not a deuce-to-seven hand:
// not exactly five cards, an Unknown or a repeated card. It prints as "no
// hand".
const NoLow27 Low27Rank = 1<<32 - 1

// EvalLow27 returns the deuce-to-seven value of exactly five cards, or
// NoLow27 for any other number, an Unknown card or a repeated card.
func EvalLow27(cs []Card) Low27Rank {
	if len(cs) != 5 || !knownDistinct(cs, nil) {
		return NoLow27
	}
	switch v := evalKnown(cs); v {
	case straightRank(Straight, Five):
		return Low27Rank(makeRank(HighCard, Ace, Five, Four, Three, Two))
	case straightRank(StraightFlush, Five):
		return Low27Rank(makeRank(Flush, Ace, Five, Four, Three, Two))
	default:
		return Low27Rank(v)
	}
}

// High returns the hand as a high hand with the ace high only: the
// HandRank whose category, ranks and descriptions it shares. NoLow27 gives
// NoHand.
func (l Low27Rank) High() HandRank {
	if l == NoLow27 {
		return NoHand
	}
	return HandRank(l)
}

// Category returns the hand's category (HighCard for five unpaired cards
// that make no straight or flush).
func (l Low27Rank) Category() Category { return l.High().Category() }

// Ranks returns the hand's five ranks in order of significance, as
// HandRank.Ranks (A-5-4-3-2 is Ace, Five, Four, Three, Two). NoLow27 has
// none.
func (l Low27Rank) Ranks() []Rank { return l.High().Ranks() }

// String prints an unpaired hand highest card first, "7-5-4-3-2 low",
// "A-5-4-3-2 low", and any other hand as HandRank.Describe: "pair of
// Twos, Seven-Five-Four kickers", "straight, Seven high", "flush,
// Eight-Six-Five-Three-Two". NoLow27 prints "no hand".
func (l Low27Rank) String() string {
	if l.Category() == HighCard && l != NoLow27 {
		return rankList(l.Ranks()) + " low"
	}
	return l.High().Describe()
}

package cards

// Short-deck (6+) hold'em is played with the 36 cards from Six to Ace, each
// player making the best five of two hole cards and five board cards. Two
// rules differ from hold'em's: a flush beats a full house (with four ranks
// gone, a flush is the rarer hand), and the ace plays low below the Six,
// so that A-6-7-8-9 is the lowest straight and, suited, the lowest
// straight flush.
//
// Rooms differ on three of a kind against a straight. PokerKit's
// ShortDeckHoldemHand (pokerkit/lookups.py, ShortDeckHoldemLookup),
// PokerStars' and GGPoker's 6+ hold'em rank the straight higher, as in
// hold'em: high card, pair, two pair, three of a kind, straight, full
// house, flush, four of a kind, straight flush (ShortDeckStraightBeatsTrips,
// the zero value). Some live series and rooms rank three of a kind above
// the straight instead (ShortDeckTripsBeatStraight).
//
// The evaluator reuses the hold'em machinery (high.go). With at most seven
// cards a flush still rules out full houses and quads, so the flush suit
// alone decides a flush hand; the only change there is the suited
// A-6-7-8-9. Without a flush, evalCounts gives the hold'em hand, which
// differs only where A-6-7-8-9 makes a straight that hold'em does not see
// and, under ShortDeckTripsBeatStraight, where a straight hides three of a
// kind.

// ShortDeckRules says how a short-deck game ranks three of a kind against
// a straight. Both rank a flush above a full house.
type ShortDeckRules uint8

const (
	// ShortDeckStraightBeatsTrips ranks a straight above three of a kind
	// (PokerKit, PokerStars, GGPoker).
	ShortDeckStraightBeatsTrips ShortDeckRules = iota
	// ShortDeckTripsBeatStraight ranks three of a kind above a straight.
	ShortDeckTripsBeatStraight
)

// ShortDeckRank is the value of a short-deck high hand under one
// ShortDeckRules: a larger ShortDeckRank beats a smaller one and equal
// values tie; values made under different rules do not compare. The top
// bits (24 up) are the category's strength under the rules, then come the
// Category (bits 20 to 23) and the five ranks in order of significance,
// four bits each, as in a HandRank. A-6-7-8-9 is the straight Nine, Eight,
// Seven, Six, Ace. NoShortDeckHand (0) ranks below every hand.
type ShortDeckRank uint32

// NoShortDeckHand is the ShortDeckRank of something that is not a
// short-deck hand: fewer than five or more than seven cards, a card below
// the Six, an Unknown or a repeated card. It prints as "no hand".
const NoShortDeckHand ShortDeckRank = 0

// shortDeckStrength is each Category's place, from 1 up, in the order of
// each ShortDeckRules.
var shortDeckStrength = [2][9]ShortDeckRank{
	ShortDeckStraightBeatsTrips: {HighCard: 1, OnePair: 2, TwoPair: 3, ThreeOfAKind: 4, Straight: 5,
		FullHouse: 6, Flush: 7, FourOfAKind: 8, StraightFlush: 9},
	ShortDeckTripsBeatStraight: {HighCard: 1, OnePair: 2, TwoPair: 3, Straight: 4, ThreeOfAKind: 5,
		FullHouse: 6, Flush: 7, FourOfAKind: 8, StraightFlush: 9},
}

const (
	// shortDeckWheel is the ranks of A-6-7-8-9 as a 13-bit rank mask.
	shortDeckWheel = 1<<Ace | 1<<Six | 1<<Seven | 1<<Eight | 1<<Nine
	// shortDeckWheelLows is the low bit of the same ranks' counters in a
	// card key (see high.go).
	shortDeckWheelLows uint64 = 1<<(3*Ace) | 1<<(3*Six) | 1<<(3*Seven) | 1<<(3*Eight) | 1<<(3*Nine)
	// firstShortDeckCard is the lowest card of the short deck, the Six of
	// clubs: the cards from it up to 51 are the deck.
	firstShortDeckCard = Card(Six) * 4
)

// shortDeckStraight is the straight (or straight flush) A-6-7-8-9.
func shortDeckStraight(cat Category) HandRank {
	return makeRank(cat, Nine, Eight, Seven, Six, Ace)
}

// EvalShortDeck returns the value of the best five-card short-deck hand
// among five to seven cards (two hole cards and the board), ranked by
// rules. It returns NoShortDeckHand for fewer than five or more than seven
// cards, a card below the Six, an Unknown or a repeated card, or unknown
// rules.
func EvalShortDeck(cs []Card, rules ShortDeckRules) ShortDeckRank {
	if len(cs) < 5 || len(cs) > 7 || rules > ShortDeckTripsBeatStraight || !knownDistinct(cs, nil) {
		return NoShortDeckHand
	}
	for _, c := range cs {
		if c < firstShortDeckCard {
			return NoShortDeckHand
		}
	}
	return evalShortDeck(cs, rules)
}

// evalShortDeck evaluates 5 to 7 known, distinct short-deck cards.
func evalShortDeck(cs []Card, rules ShortDeckRules) ShortDeckRank {
	k := keyBase
	for _, c := range cs {
		k += cardKey[c]
	}
	if k&flushBits != 0 {
		m := flushMask(k, cs)
		v := flushTab[m]
		if v.Category() == Flush && m&shortDeckWheel == shortDeckWheel {
			v = shortDeckStraight(StraightFlush)
		}
		return shortDeckValue(v, rules)
	}
	v := evalCounts(k)
	present := (k | k>>1 | k>>2) & rankLows
	if v.Category() < Straight && present&shortDeckWheelLows == shortDeckWheelLows &&
		(v.Category() != ThreeOfAKind || rules == ShortDeckStraightBeatsTrips) {
		return shortDeckValue(shortDeckStraight(Straight), rules)
	}
	if v.Category() == Straight && rules == ShortDeckTripsBeatStraight {
		// Seven cards hold a straight and three of a kind at most (a full
		// house as well would take eight), and these rules prefer the
		// three of a kind.
		if trips := k & rankLows & (k >> 1); trips != 0 {
			t := topRank(&trips)
			rest := present &^ (1 << (3 * uint(t)))
			k0 := topRank(&rest)
			v = makeRank(ThreeOfAKind, t, t, t, k0, topRank(&rest))
		}
	}
	return shortDeckValue(v, rules)
}

// shortDeckValue places the hand v (category and ranks as a HandRank) in
// the order of rules.
func shortDeckValue(v HandRank, rules ShortDeckRules) ShortDeckRank {
	cat := v.Category()
	return shortDeckStrength[rules][cat]<<24 | ShortDeckRank(cat)<<20 | ShortDeckRank(v&(1<<20-1))
}

// BestShortDeck returns the five cards of cs that make its best short-deck
// hand under rules, in order of significance as BestFive orders them
// (A-6-7-8-9 ends with its Ace). When several choices tie, the one
// earliest in cs wins. It returns nil when EvalShortDeck would return
// NoShortDeckHand.
func BestShortDeck(cs []Card, rules ShortDeckRules) []Card {
	v := EvalShortDeck(cs, rules)
	if v == NoShortDeckHand {
		return nil
	}
	var pick [5]Card
	if !forEachSubset5(cs, &pick, func() bool { return evalShortDeck(pick[:], rules) == v }) {
		return nil
	}
	return orderBySignificance(v.High(), pick[:])
}

// Category returns the hand's category.
func (r ShortDeckRank) Category() Category { return Category(r >> 20 & 15) }

// High returns the hand's category and ranks as a HandRank, for reading
// and describing it (HandRanks order hands by hold'em's rules, not short
// deck's). NoShortDeckHand gives NoHand.
func (r ShortDeckRank) High() HandRank {
	if r == NoShortDeckHand {
		return NoHand
	}
	return HandRank(r.Category())<<26 | HandRank(r&(1<<20-1))
}

// Ranks returns the five ranks in order of significance, as HandRank.Ranks;
// A-6-7-8-9 is Nine, Eight, Seven, Six, Ace. NoShortDeckHand has none.
func (r ShortDeckRank) Ranks() []Rank { return r.High().Ranks() }

// String describes the hand as HandRank.String does: "flush, Ace high",
// "straight, Nine high" (A-6-7-8-9).
func (r ShortDeckRank) String() string { return r.High().String() }

// Describe describes the hand with its kickers, as HandRank.Describe.
func (r ShortDeckRank) Describe() string { return r.High().Describe() }

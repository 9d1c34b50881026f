package cards

import "strings"

var rankNames = [13]string{"Two", "Three", "Four", "Five", "Six", "Seven", "Eight",
	"Nine", "Ten", "Jack", "Queen", "King", "Ace"}

var rankPlurals = [13]string{"Twos", "Threes", "Fours", "Fives", "Sixes", "Sevens", "Eights",
	"Nines", "Tens", "Jacks", "Queens", "Kings", "Aces"}

// Name returns the rank's English name: "Two" ... "Ten", "Jack", "Queen",
// "King", "Ace".
func (r Rank) Name() string {
	if r > Ace {
		return "?"
	}
	return rankNames[r]
}

// Plural returns the rank's plural name: "Twos" ... "Sixes" ... "Aces".
func (r Rank) Plural() string {
	if r > Ace {
		return "?"
	}
	return rankPlurals[r]
}

// Ranks returns the five ranks of the hand in order of significance: the
// largest group first, then kickers from high to low; a straight from its
// top card, with the wheel as Five, Four, Three, Two, Ace. NoHand has no
// ranks.
func (r HandRank) Ranks() []Rank {
	if r == NoHand {
		return nil
	}
	return []Rank{Rank(r >> 16 & 15), Rank(r >> 12 & 15), Rank(r >> 8 & 15), Rank(r >> 4 & 15), Rank(r & 15)}
}

// String describes the hand as players say it, without kickers: "high
// card, Ace", "pair of Jacks", "two pair, Aces and Kings", "three of a
// kind, Sevens", "straight, Five high", "flush, Ace high", "full house,
// Kings full of Tens", "four of a kind, Queens", "straight flush, King
// high", "royal flush". Describe adds the kickers.
func (r HandRank) String() string {
	if r == NoHand {
		return "no hand"
	}
	k := r.Ranks()
	switch r.Category() {
	case HighCard:
		return "high card, " + k[0].Name()
	case OnePair:
		return "pair of " + k[0].Plural()
	case TwoPair:
		return "two pair, " + k[0].Plural() + " and " + k[2].Plural()
	case ThreeOfAKind:
		return "three of a kind, " + k[0].Plural()
	case Straight:
		return "straight, " + k[0].Name() + " high"
	case Flush:
		return "flush, " + k[0].Name() + " high"
	case FullHouse:
		return "full house, " + k[0].Plural() + " full of " + k[3].Plural()
	case FourOfAKind:
		return "four of a kind, " + k[0].Plural()
	case StraightFlush:
		if k[0] == Ace {
			return "royal flush"
		}
		return "straight flush, " + k[0].Name() + " high"
	}
	return "invalid hand"
}

// Describe is String with every card that matters, so that two different
// values never read the same: "high card, Ace-King-Nine-Seven-Four", "pair
// of Jacks, Ace-King-Nine kickers", "two pair, Aces and Kings, Queen
// kicker", "three of a kind, Sevens, Ace-Queen kickers", "flush,
// Ace-King-Nine-Seven-Four", "four of a kind, Queens, Ace kicker".
// Straights, full houses and straight flushes read as in String.
func (r HandRank) Describe() string {
	if r == NoHand {
		return r.String()
	}
	k := r.Ranks()
	switch r.Category() {
	case HighCard:
		return "high card, " + joinNames(k)
	case OnePair:
		return r.String() + ", " + joinNames(k[2:]) + " kickers"
	case TwoPair:
		return r.String() + ", " + k[4].Name() + " kicker"
	case ThreeOfAKind:
		return r.String() + ", " + joinNames(k[3:]) + " kickers"
	case Flush:
		return "flush, " + joinNames(k)
	case FourOfAKind:
		return r.String() + ", " + k[4].Name() + " kicker"
	}
	return r.String()
}

func joinNames(rs []Rank) string {
	var b strings.Builder
	for i, r := range rs {
		if i > 0 {
			b.WriteByte('-')
		}
		b.WriteString(r.Name())
	}
	return b.String()
}

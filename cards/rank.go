package cards

// Category is the class of a five-card high hand.
type Category uint8

// Categories, weakest first.
const (
	HighCard Category = iota
	OnePair
	TwoPair
	ThreeOfAKind
	Straight
	Flush
	FullHouse
	FourOfAKind
	StraightFlush
)

var categoryNames = [...]string{"high card", "pair", "two pair", "three of a kind", "straight",
	"flush", "full house", "four of a kind", "straight flush"}

func (c Category) String() string {
	if int(c) < len(categoryNames) {
		return categoryNames[c]
	}
	return "unknown"
}

// HandRank is the value of a high hand: a larger HandRank beats a smaller
// one and equal values tie. The category is in the top bits so that values
// compare across categories; Category() extracts it. Below the category
// are the hand's five ranks in order of significance, four bits each (see
// Ranks), so equal categories compare by pair rank, then kickers. NoHand
// (0) is no hand and ranks below every hand.
type HandRank uint32

// Category returns the hand's category.
func (r HandRank) Category() Category { return Category(r >> 26) }

// LowRank is the value of an ace-to-five low hand: a SMALLER LowRank is a
// better low. Only the five ranks count (suits and straights are ignored).
// It holds the ranks' face values (Ace 1 ... King 13) in order of
// significance, four bits each, under the hand's Category (HighCard for
// five distinct ranks, the only kind an eight-or-better low can be):
// 8-6-4-2-A is 0x86421 (see low.go). NoLow is worse than every low.
type LowRank uint32

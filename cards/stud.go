package cards

// Stud games deal some cards face up, and the up cards decide who acts
// first. On third street the worst up card brings in: in seven-card stud
// and stud eight-or-better the lowest (deuces lowest, aces high), in razz
// the highest (aces low, kings highest). Cards of the same rank are told
// apart by suit, clubs lowest, then diamonds, hearts and spades (the WSOP's
// and card rooms' stud rules; PokerKit's state.py orders them the same):
// in stud the Two of clubs is the lowest card of all, in razz the King of
// spades the highest.
//
// From fourth street on, the best showing hand acts first: in stud the
// highest (pairs, two pair, trips and four of a kind, then high cards;
// straights and flushes on board do not count), in razz the lowest (aces
// low, any pair worse than no pair). Ties between equal showing hands go
// by position, which is the engine's to decide.

// StudGame is how a stud game reads up cards.
type StudGame uint8

const (
	// StudHigh is seven-card stud, stud eight-or-better and five-card
	// stud: the lowest up card brings in, the highest showing hand acts
	// first.
	StudHigh StudGame = iota
	// Razz: the highest up card brings in and the lowest showing hand
	// acts first, aces low.
	Razz
)

// order is c's rank in the game's order, 1 up: StudHigh Two 2 ... Ace 14,
// Razz Ace 1, Two 2 ... King 13.
func (g StudGame) order(c Card) uint32 {
	if g == Razz && c.Rank() == Ace {
		return 1
	}
	return uint32(c.Rank()) + 2
}

// BringInKey orders up cards for the bring-in: the card with the largest
// key brings in. The 52 cards have the keys 0 to 51, all different: in
// StudHigh the Two of clubs has 51 and the Ace of spades 0, in Razz the
// King of spades has 51 and the Ace of clubs 0. It returns -1 for an
// Unknown card or an unknown game.
func (g StudGame) BringInKey(c Card) int {
	if !c.Known() || g > Razz {
		return -1
	}
	if g == StudHigh {
		return 51 - int(c)
	}
	return int(g.order(c)-1)*4 + int(c.Suit())
}

// BringIn returns the index in up, one up card per player, of the card
// that brings in, or -1 if up is empty or has an Unknown or repeated card
// (an up card the record does not show might be the one that brings in;
// BringInKey compares the known ones).
func (g StudGame) BringIn(up []Card) int {
	if len(up) == 0 || g > Razz || !knownDistinct(up, nil) {
		return -1
	}
	best := 0
	for i, c := range up {
		if g.BringInKey(c) > g.BringInKey(up[best]) {
			best = i
		}
	}
	return best
}

// Showing is the value of a stud player's up cards, one to four of them,
// for the order of play from fourth street on: in both games the player
// whose Showing is the LARGEST acts first, and equal values are equal
// showing hands (the same ranks; suits never count). Values of different
// games do not compare. Hands of different sizes, which do not meet in a
// stud hand, order by category and then by size (the larger first in
// stud, the smaller first in razz), as PokerKit orders them. NoShowing
// (0) is below every hand.
//
// A StudHigh value holds the Category (bits 20 to 23), the number of
// cards (bits 16 to 18) and the ranks (Two 2 ... Ace 14) in order of
// significance from bit 12 down, four bits each; larger is better. A Razz
// value has bit 31 set and holds the same fields, with ranks ace-low
// (Ace 1 ... King 13), subtracted from showingMask, so that the lowest
// hand has the largest value.
type Showing uint32

// NoShowing is the Showing of something that is not a stud showing hand:
// no up cards or more than four, an Unknown or a repeated card, or an
// unknown game. It prints as "nothing showing".
const NoShowing Showing = 0

const (
	razzShowing Showing = 1 << 31
	showingMask Showing = 1<<23 - 1
)

// Showing returns the value of the up cards up (one to four) in game g.
func (g StudGame) Showing(up []Card) Showing {
	if len(up) == 0 || len(up) > 4 || g > Razz || !knownDistinct(up, nil) {
		return NoShowing
	}
	var count [15]uint8
	for _, c := range up {
		count[g.order(c)]++
	}
	return g.showingOf(&count, len(up))
}

// showingOf is the Showing of n cards with these counts by order value.
func (g StudGame) showingOf(count *[15]uint8, n int) Showing {
	key := Showing(n) << 16
	shift, pairs, most := 12, 0, uint8(1)
	for size := uint8(4); size >= 1; size-- {
		for v := 14; v >= 1; v-- {
			if count[v] != size {
				continue
			}
			for range size {
				key |= Showing(v) << shift
				shift -= 4
			}
			most = max(most, size)
			if size == 2 {
				pairs++
			}
		}
	}
	cat := [5]Category{1: HighCard, 2: OnePair, 3: ThreeOfAKind, 4: FourOfAKind}[most]
	if pairs == 2 {
		cat = TwoPair
	}
	key |= Showing(cat) << 20
	if g == Razz {
		return razzShowing | (showingMask - key)
	}
	return key
}

// fields returns the game, category and order values (in order of
// significance) of s, with ok=false for NoShowing and any value that no
// showing hand has.
func (s Showing) fields() (g StudGame, cat Category, vals []uint32, ok bool) {
	key := s
	if s&razzShowing != 0 {
		if s&^razzShowing > showingMask {
			return 0, 0, nil, false
		}
		g, key = Razz, showingMask-(s&^razzShowing)
	}
	n := int(key >> 16 & 15)
	if n < 1 || n > 4 {
		return 0, 0, nil, false
	}
	var count [15]uint8
	for i := range n {
		v := uint32(key >> (12 - 4*i) & 15)
		if v < 1 || v > 14 || count[v] == 4 {
			return 0, 0, nil, false
		}
		count[v]++
		vals = append(vals, v)
	}
	// The value must be what these cards make (and order values must be
	// the game's: Razz has no 14, StudHigh no 1).
	if count[1] != 0 && g == StudHigh || count[14] != 0 && g == Razz || g.showingOf(&count, n) != s {
		return 0, 0, nil, false
	}
	return g, Category(key >> 20 & 15), vals, true
}

// Category returns the showing hand's category: HighCard, OnePair,
// TwoPair, ThreeOfAKind or FourOfAKind (HighCard for NoShowing).
func (s Showing) Category() Category {
	_, cat, _, _ := s.fields()
	return cat
}

// Ranks returns the up cards' ranks in order of significance: the groups
// first, then the other cards from the highest down (in razz's order, so
// an Ace last). NoShowing has none.
func (s Showing) Ranks() []Rank {
	g, _, vals, ok := s.fields()
	if !ok {
		return nil
	}
	out := make([]Rank, len(vals))
	for i, v := range vals {
		if g == Razz {
			out[i] = faceRank(uint8(v))
		} else {
			out[i] = Rank(v - 2)
		}
	}
	return out
}

// String describes the showing hand: "A-K-7", "7-4-A" (razz), "pair of
// Kings, 7", "two pair, Kings and Sevens", "three of a kind, Fours",
// "four of a kind, Twos"; NoShowing prints "nothing showing".
func (s Showing) String() string {
	_, cat, _, ok := s.fields()
	if !ok {
		return "nothing showing"
	}
	return describeGroups(cat, s.Ranks())
}

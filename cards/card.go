// Package cards holds playing cards, sets of cards and the hand evaluators
// the rules engine uses to decide who wins a pot and who acts first.
//
// A Card is a small integer so that hands can be stored and compared
// cheaply; Unknown stands for a card the record does not show ("??").
//
// Each evaluator returns a value of its own type that compares with < and
// ==, prints as players say the hand, and comes with the cards that make
// it where the game picks five or more:
//
//   - hold'em and stud high: EvalHigh, Eval7 (the allocation-free hold'em
//     path), BestFive; Omaha: EvalOmaha, BestOmahaFive. HandRank, larger
//     is better: "full house, Kings full of Tens".
//   - short deck (6+): EvalShortDeck, BestShortDeck. ShortDeckRank, larger
//     is better; ShortDeckRules says whether three of a kind beats a
//     straight.
//   - ace-to-five low: EvalLow8, BestLow8, EvalOmahaLow8, BestOmahaLow8
//     (eight or better, for the hi-lo games) and EvalLowA5, BestLowA5
//     (razz, unqualified). LowRank, smaller is better: "8-6-4-2-A low".
//   - deuce-to-seven low (2-7 draw): EvalLow27. Low27Rank, smaller is
//     better: "7-5-4-3-2 low".
//   - badugi: EvalBadugi, BestBadugi. BadugiRank, smaller is better:
//     "badugi 6-4-3-A".
//   - stud's order of play: StudGame's BringInKey and BringIn (who brings
//     in) and Showing (who acts first from fourth street; the largest
//     Showing acts first).
//
// Evaluators never panic: wrong card counts, Unknown or repeated cards give
// the type's no-hand value (NoHand, NoLow, ...), and CheckCards says what
// is wrong. The high evaluator works from rank counters and a flush table
// (see high.go); TestAllSevenCardHands checks it against all 133,784,560
// seven-card hands, and every other evaluator has an exhaustive or
// property test against a slow reference.
package cards

import (
	"fmt"
	"strings"
)

// Rank is a card rank, Two (0) through Ace (12).
type Rank uint8

// Ranks, lowest first.
const (
	Two Rank = iota
	Three
	Four
	Five
	Six
	Seven
	Eight
	Nine
	Ten
	Jack
	Queen
	King
	Ace
)

// Suit is a card suit.
type Suit uint8

// Suits in the order used for card indices.
const (
	Clubs Suit = iota
	Diamonds
	Hearts
	Spades
)

// Card is one card: rank*4 + suit, 0..51. Unknown is a face-down or unrecorded card.
type Card uint8

// Unknown is a card whose face is not known ("??" in hand records).
const Unknown Card = 0xFF

const rankChars = "23456789TJQKA"
const suitChars = "cdhs"

// New returns the card of rank r and suit s.
func New(r Rank, s Suit) Card { return Card(uint8(r)*4 + uint8(s)) }

// Rank returns the card's rank. It must not be called on Unknown.
func (c Card) Rank() Rank { return Rank(c >> 2) }

// Suit returns the card's suit. It must not be called on Unknown.
func (c Card) Suit() Suit { return Suit(c & 3) }

// Known reports whether the card is a real card (not Unknown).
func (c Card) Known() bool { return c < 52 }

// String prints the card as rank then suit, "Ah", "Td"; Unknown prints "??".
func (c Card) String() string {
	if !c.Known() {
		return "??"
	}
	return string([]byte{rankChars[c.Rank()], suitChars[c.Suit()]})
}

// String prints the rank as one character: "2".."9", "T", "J", "Q", "K", "A".
func (r Rank) String() string {
	if r > Ace {
		return "?"
	}
	return rankChars[r : r+1]
}

// String prints the suit letter: "c", "d", "h", "s".
func (s Suit) String() string {
	if s > Spades {
		return "?"
	}
	return suitChars[s : s+1]
}

// Parse reads one card: "Ah", "Td", "10d" (ten), "??" (Unknown). Rank and
// suit letters are case-insensitive.
func Parse(s string) (Card, error) {
	c, n, err := parseOne(s)
	if err != nil {
		return Unknown, err
	}
	if n != len(s) {
		return Unknown, fmt.Errorf("card %q: trailing characters", s)
	}
	return c, nil
}

// parseOne reads one card at the start of s and returns it with the number
// of bytes it used.
func parseOne(s string) (Card, int, error) {
	if len(s) < 2 {
		return Unknown, 0, fmt.Errorf("card %q: too short", s)
	}
	if s[0] == '?' && s[1] == '?' {
		return Unknown, 2, nil
	}
	var r int
	n := 1
	switch ch := s[0]; {
	case ch == '1' && s[1] == '0':
		r, n = int(Ten), 2
	default:
		r = strings.IndexByte(rankChars, upper(ch))
		if r < 0 {
			return Unknown, 0, fmt.Errorf("card %q: bad rank %q", s, ch)
		}
	}
	if len(s) <= n {
		return Unknown, 0, fmt.Errorf("card %q: missing suit", s)
	}
	su := strings.IndexByte(suitChars, lower(s[n]))
	if su < 0 {
		return Unknown, 0, fmt.Errorf("card %q: bad suit %q", s, s[n])
	}
	return New(Rank(r), Suit(su)), n + 1, nil
}

func upper(b byte) byte {
	if 'a' <= b && b <= 'z' {
		return b - 'a' + 'A'
	}
	return b
}

func lower(b byte) byte {
	if 'A' <= b && b <= 'Z' {
		return b - 'A' + 'a'
	}
	return b
}

// ParseList reads cards written together or separated by spaces or commas:
// "AhKd", "Ah Kd", "Ah,Kd", "????". An empty string gives no cards.
func ParseList(s string) ([]Card, error) {
	var out []Card
	for i := 0; i < len(s); {
		switch s[i] {
		case ' ', ',', '\t':
			i++
			continue
		}
		c, n, err := parseOne(s[i:])
		if err != nil {
			return nil, err
		}
		out = append(out, c)
		i += n
	}
	return out, nil
}

// FormatList prints cards joined without separators, as PHH writes them ("AhKd").
func FormatList(cs []Card) string {
	var b strings.Builder
	for _, c := range cs {
		b.WriteString(c.String())
	}
	return b.String()
}

// Set is a set of known cards, one bit per card index.
type Set uint64

// SetOf returns the set of the known cards in cs; Unknown cards are ignored.
func SetOf(cs ...Card) Set {
	var s Set
	for _, c := range cs {
		if c.Known() {
			s |= 1 << c
		}
	}
	return s
}

// Has reports whether c is in the set.
func (s Set) Has(c Card) bool { return c.Known() && s&(1<<c) != 0 }

// Add returns the set with c added (Unknown is ignored).
func (s Set) Add(c Card) Set {
	if !c.Known() {
		return s
	}
	return s | 1<<c
}

// Count returns the number of cards in the set.
func (s Set) Count() int {
	n := 0
	for x := uint64(s); x != 0; x &= x - 1 {
		n++
	}
	return n
}

// Cards lists the set's cards in index order.
func (s Set) Cards() []Card {
	var out []Card
	for x := uint64(s); x != 0; x &= x - 1 {
		i := 0
		for y := x & -x; y > 1; y >>= 1 {
			i++
		}
		out = append(out, Card(i))
	}
	return out
}

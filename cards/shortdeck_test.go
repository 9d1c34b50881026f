package cards

import (
	"math/rand/v2"
	"slices"
	"testing"
)

func TestEvalShortDeck(t *testing.T) {
	cases := []struct {
		cards, desc, best string
		cat               Category
	}{
		{"Ah 6d 7c 8s 9h Kc Kd", "straight, Nine high", "9h8s7c6dAh", Straight},
		{"Ah 6h 7h 8h 9h Kc Kd", "straight flush, Nine high", "9h8h7h6hAh", StraightFlush},
		{"Ah 6h 7h 8h 9h Kh Kd", "straight flush, Nine high", "9h8h7h6hAh", StraightFlush}, // not the ace-high flush
		{"Th 6d 7c 8s 9h Ac Kd", "straight, Ten high", "Th9h8s7c6d", Straight},
		{"Ah Kh Qh Jh Th 9s 9d", "royal flush", "AhKhQhJhTh", StraightFlush},
		{"Ah 9h 7h Th 6h Ks Kd", "flush, Ace-Ten-Nine-Seven-Six", "AhTh9h7h6h", Flush},
		{"Kh Kd Kc Ts Th 6c 7d", "full house, Kings full of Tens", "KhKdKcTsTh", FullHouse},
		{"Qh Qd Qc Qs Ah 6c 7d", "four of a kind, Queens, Ace kicker", "QhQdQcQsAh", FourOfAKind},
		{"Ah Ad 6c 6s Th 7c 8d", "two pair, Aces and Sixes, Ten kicker", "AhAd6c6sTh", TwoPair},
		{"Ah Kd Qc Js 9h 7c 6d", "high card, Ace-King-Queen-Jack-Nine", "AhKdQcJs9h", HighCard},
	}
	for _, c := range cases {
		cs := mustCards(t, c.cards)
		for _, rules := range []ShortDeckRules{ShortDeckStraightBeatsTrips, ShortDeckTripsBeatStraight} {
			v := EvalShortDeck(cs, rules)
			if v.Category() != c.cat || v.Describe() != c.desc {
				t.Errorf("%s (rules %d): %v %q, want %v %q", c.cards, rules, v.Category(), v.Describe(), c.cat, c.desc)
			}
			if got := FormatList(BestShortDeck(cs, rules)); got != c.best {
				t.Errorf("%s (rules %d): BestShortDeck %s, want %s", c.cards, rules, got, c.best)
			}
		}
	}
	// A straight with three of a kind: the rules decide.
	cs := mustCards(t, "6h 6d 6c 7s 8h 9c Td")
	if v := EvalShortDeck(cs, ShortDeckStraightBeatsTrips); v.String() != "straight, Ten high" {
		t.Errorf("straight over trips: %v", v)
	}
	if v := EvalShortDeck(cs, ShortDeckTripsBeatStraight); v.Describe() != "three of a kind, Sixes, Ten-Nine kickers" ||
		FormatList(BestShortDeck(cs, ShortDeckTripsBeatStraight)) != "6h6d6cTd9c" {
		t.Errorf("trips over straight: %v", v.Describe())
	}
	cs = mustCards(t, "Ah Ad Ac 6s 7h 8c 9d")
	if v := EvalShortDeck(cs, ShortDeckTripsBeatStraight); v.Describe() != "three of a kind, Aces, Nine-Eight kickers" {
		t.Errorf("trips over A-6-7-8-9: %v", v.Describe())
	}
	if v := EvalShortDeck(cs, ShortDeckStraightBeatsTrips); v.String() != "straight, Nine high" {
		t.Errorf("A-6-7-8-9 over trips: %v", v)
	}
}

func TestShortDeckOrdering(t *testing.T) {
	// Each hand beats the one before it, under each rules' order.
	common := []string{"6c7d8h9sJc", "AcKdQhJs9c", "6c6d7h8s9c", "AcAdKhQsJc", "6c6d7h7s8c", "AcAdKhKsQc"}
	trips := []string{"6c6d6h7s8c", "AcAdAhKsQc"}
	straights := []string{"Ac6d7h8s9c", "6c7d8h9sTc", "TcJdQhKsAc"}
	top := []string{
		"6c6d6h7s7c", "AcAdAhKsKc", // full houses
		"6c7c8c9cJc", "AcKcQcJc9c", // flushes beat them
		"6c6d6h6s7c", "AcAdAhAsKc",
		"Ac6c7c8c9c", "6c7c8c9cTc", "TcJcQcKcAc",
	}
	for _, o := range []struct {
		rules  ShortDeckRules
		ladder []string
	}{
		{ShortDeckStraightBeatsTrips, slices.Concat(common, trips, straights, top)},
		{ShortDeckTripsBeatStraight, slices.Concat(common, straights, trips, top)},
	} {
		prev := NoShortDeckHand
		for _, s := range o.ladder {
			v := EvalShortDeck(mustCards(t, s), o.rules)
			if v <= prev {
				t.Errorf("rules %d: %s (%v) does not beat the hand before it (%v)", o.rules, s, v.Describe(), prev.Describe())
			}
			prev = v
		}
	}
}

func TestEvalShortDeckBadInput(t *testing.T) {
	for _, s := range []string{"", "AhKhQhJh", "AhKhQhJh??", "AhKhQhJhAh", "AhKhQhJhTh9h8h7h", "AhKhQhJh5h", "Ah2h3h4h5h"} {
		cs := mustCards(t, s)
		if v := EvalShortDeck(cs, ShortDeckStraightBeatsTrips); v != NoShortDeckHand || v.String() != "no hand" {
			t.Errorf("EvalShortDeck(%s) = %v, want no hand", s, v)
		}
		if b := BestShortDeck(cs, ShortDeckStraightBeatsTrips); b != nil {
			t.Errorf("BestShortDeck(%s) = %v, want nil", s, b)
		}
	}
	if v := EvalShortDeck(mustCards(t, "AhKhQhJhTh"), ShortDeckRules(2)); v != NoShortDeckHand {
		t.Errorf("unknown rules: %v", v)
	}
	if NoShortDeckHand.Ranks() != nil || NoShortDeckHand.High() != NoHand {
		t.Error("NoShortDeckHand reads as a hand")
	}
}

// refShortDeckOrder is each rules' order of categories, weakest first,
// written out from the rules' text.
var refShortDeckOrder = [2][]Category{
	{HighCard, OnePair, TwoPair, ThreeOfAKind, Straight, FullHouse, Flush, FourOfAKind, StraightFlush},
	{HighCard, OnePair, TwoPair, Straight, ThreeOfAKind, FullHouse, Flush, FourOfAKind, StraightFlush},
}

// refShortDeckFive is the slow reference reading of five short-deck cards:
// the category and the ranks (Six 6 ... Ace 14) by group size and rank,
// highest first; a straight is five ranks in a row, or A-6-7-8-9, and
// lists only its top card.
func refShortDeckFive(five []Card) (Category, [5]int) {
	var n [15]int
	suited := true
	for _, c := range five {
		n[int(c.Rank())+2]++
		suited = suited && c.Suit() == five[0].Suit()
	}
	var rs [5]int
	i := 0
	for size := 4; size >= 1; size-- {
		for v := 14; v >= 6; v-- {
			if n[v] == size {
				for range size {
					rs[i] = v
					i++
				}
			}
		}
	}
	distinct := n[rs[0]] == 1 && n[rs[1]] == 1
	straight := distinct && rs[0]-rs[4] == 4
	if distinct && rs == [5]int{14, 9, 8, 7, 6} {
		straight = true
		rs[0] = 9
	}
	if straight {
		rs = [5]int{rs[0]}
	}
	top, next := n[rs[0]], 0
	if top < 5 && top > 0 && !straight {
		next = n[rs[top%5]]
	}
	switch {
	case straight && suited:
		return StraightFlush, rs
	case top == 4:
		return FourOfAKind, rs
	case top == 3 && next == 2:
		return FullHouse, rs
	case suited:
		return Flush, rs
	case straight:
		return Straight, rs
	case top == 3:
		return ThreeOfAKind, rs
	case top == 2 && next == 2:
		return TwoPair, rs
	case top == 2:
		return OnePair, rs
	}
	return HighCard, rs
}

// refShortDeckKey packs the reference reading in the order of rules:
// the category's place, then the ranks, four bits each; larger is better.
func refShortDeckKey(cat Category, rs [5]int, rules ShortDeckRules) uint32 {
	k := uint32(slices.Index(refShortDeckOrder[rules], cat))
	for _, r := range rs {
		k = k<<4 | uint32(r)
	}
	return k
}

// shortDeckKeyOf reads an evaluator value as the reference does.
func shortDeckKeyOf(v ShortDeckRank, rules ShortDeckRules) uint32 {
	var rs [5]int
	for i, r := range v.Ranks() {
		rs[i] = int(r) + 2
	}
	if c := v.Category(); c == Straight || c == StraightFlush {
		rs = [5]int{rs[0]}
	}
	return refShortDeckKey(v.Category(), rs, rules)
}

// TestShortDeckMatchesReference compares the evaluator with the slow
// reference on random 5- to 7-card short-deck hands.
func TestShortDeckMatchesReference(t *testing.T) {
	n := 50000
	if testing.Short() {
		n = 5000
	}
	r := rand.New(rand.NewPCG(6, 36))
	deck := make([]Card, 36)
	for i := range deck {
		deck[i] = firstShortDeckCard + Card(i)
	}
	for i := range n {
		r.Shuffle(len(deck), func(a, b int) { deck[a], deck[b] = deck[b], deck[a] })
		cs := deck[:5+i%3]
		for _, rules := range []ShortDeckRules{ShortDeckStraightBeatsTrips, ShortDeckTripsBeatStraight} {
			var want uint32
			var pick [5]Card
			forEachSubset5(cs, &pick, func() bool {
				cat, rs := refShortDeckFive(pick[:])
				want = max(want, refShortDeckKey(cat, rs, rules))
				return false
			})
			v := EvalShortDeck(cs, rules)
			if got := shortDeckKeyOf(v, rules); got != want {
				t.Fatalf("%s (rules %d): %v (%x), reference %x", FormatList(cs), rules, v.Describe(), got, want)
			}
			best := BestShortDeck(cs, rules)
			if len(best) != 5 || EvalShortDeck(best, rules) != v || SetOf(best...)&^SetOf(cs...) != 0 {
				t.Fatalf("%s: BestShortDeck %s does not make %v", FormatList(cs), FormatList(best), v.Describe())
			}
		}
	}
}

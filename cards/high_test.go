package cards

import (
	"cmp"
	"math/rand/v2"
	"slices"
	"testing"
)

func TestEvalHighDescriptions(t *testing.T) {
	cases := []struct {
		cards, str, long, best string
		cat                    Category
	}{
		{"AhKd9c7s4h2c3d", "high card, Ace", "high card, Ace-King-Nine-Seven-Four", "AhKd9c7s4h", HighCard},
		{"JhJdAc9s4hKc2d", "pair of Jacks", "pair of Jacks, Ace-King-Nine kickers", "JhJdAcKc9s", OnePair},
		{"AhAdKcKs7hQc2d", "two pair, Aces and Kings", "two pair, Aces and Kings, Queen kicker", "AhAdKcKsQc", TwoPair},
		{"AhAdKcKsQhQc2d", "two pair, Aces and Kings", "two pair, Aces and Kings, Queen kicker", "AhAdKcKsQh", TwoPair},
		{"7h7d7cAsQh3c2d", "three of a kind, Sevens", "three of a kind, Sevens, Ace-Queen kickers", "7h7d7cAsQh", ThreeOfAKind},
		{"Ah2d3c4s5hKcKd", "straight, Five high", "straight, Five high", "5h4s3c2dAh", Straight},
		{"6h2d3c4s5hAcKd", "straight, Six high", "straight, Six high", "6h5h4s3c2d", Straight},
		{"AhKdQcJsTh9c2d", "straight, Ace high", "straight, Ace high", "AhKdQcJsTh", Straight},
		{"Ah9h7h4h2hKsKd", "flush, Ace high", "flush, Ace-Nine-Seven-Four-Two", "Ah9h7h4h2h", Flush},
		{"KhKdKcTsTh2c2d", "full house, Kings full of Tens", "full house, Kings full of Tens", "KhKdKcTsTh", FullHouse},
		{"KhKdKcTsThTc2d", "full house, Kings full of Tens", "full house, Kings full of Tens", "KhKdKcTsTh", FullHouse},
		{"QhQdQcQsAh2c2d", "four of a kind, Queens", "four of a kind, Queens, Ace kicker", "QhQdQcQsAh", FourOfAKind},
		{"QhQdQcQsKhKcKd", "four of a kind, Queens", "four of a kind, Queens, King kicker", "QhQdQcQsKh", FourOfAKind},
		{"KsQsJsTs9s8s2d", "straight flush, King high", "straight flush, King high", "KsQsJsTs9s", StraightFlush},
		{"AsKsQsJsTs9s2d", "royal flush", "royal flush", "AsKsQsJsTs", StraightFlush},
		{"As2s3s4s5sKsKd", "straight flush, Five high", "straight flush, Five high", "5s4s3s2sAs", StraightFlush},
		{"2c3d4h5s7c", "high card, Seven", "high card, Seven-Five-Four-Three-Two", "7c5s4h3d2c", HighCard},
		{"2c3d4h5s6cTs", "straight, Six high", "straight, Six high", "6c5s4h3d2c", Straight},
	}
	for _, c := range cases {
		cs := mustCards(t, c.cards)
		v := EvalHigh(cs)
		if v.Category() != c.cat || v.String() != c.str || v.Describe() != c.long {
			t.Errorf("%s: %v / %q / %q, want %v / %q / %q", c.cards, v.Category(), v, v.Describe(), c.cat, c.str, c.long)
		}
		if got := FormatList(BestFive(cs)); got != c.best {
			t.Errorf("%s: BestFive = %s, want %s", c.cards, got, c.best)
		}
		if len(cs) == 7 {
			if e := Eval7((*[7]Card)(cs)); e != v {
				t.Errorf("%s: Eval7 %v != EvalHigh %v", c.cards, e, v)
			}
		}
	}
}

func TestHighOrdering(t *testing.T) {
	// Each hand beats the one before it.
	ladder := []string{
		"7c5d4h3s2c", // worst hand
		"8c5d4h3s2c", // higher top card
		"8c6d4h3s2c", // second card decides
		"AcKdQhJs9c", // best high card
		"2c2d3h4s5c", // lowest pair
		"2c2dAhKsQc", // better kickers
		"3c3d4h5s6c", // higher pair
		"AcAdKhQsJc", // best pair
		"3c3d2h2s4c", // lowest two pair
		"3c3d2h2sAc", // kicker decides two pair
		"4c4d2h2s3c", // top pair decides
		"4c4d3h3s2c", // second pair decides
		"AcAdKhKsQc", // best two pair
		"2c2d2h3s4c", // lowest trips
		"2c2d2hAsKc", // kickers
		"AcAdAhKsQc", // best trips
		"Ac2d3h4s5c", // wheel
		"2c3d4h5s6c", // six-high straight beats the wheel
		"TcJdQhKsAc", // Broadway
		"2c3c4c5c7c", // worst flush
		"2c3c4c5c8c", // higher top card
		"AcKcQcJc9c", // best flush
		"2c2d2h3s3c", // lowest full house
		"2c2d2hAsAc", // pair part decides only on equal trips
		"3c3d3h2s2c", // trips part decides first
		"AcAdAhKsKc", // best full house
		"2c2d2h2s3c", // lowest quads
		"2c2d2h2sAc", // kicker
		"AcAdAhAsKc", // best quads
		"Ac2c3c4c5c", // steel wheel
		"2c3c4c5c6c", // six-high straight flush
		"TcJcQcKcAc", // royal flush
	}
	prev := NoHand
	for _, s := range ladder {
		v := EvalHigh(mustCards(t, s))
		if v <= prev {
			t.Errorf("%s (%v) does not beat the hand before it (%v)", s, v.Describe(), prev.Describe())
		}
		prev = v
	}
	// Suits never matter outside flushes.
	if EvalHigh(mustCards(t, "AcKdQhJs9c")) != EvalHigh(mustCards(t, "AsKhQdJc9h")) {
		t.Error("same ranks, different suits, different values")
	}
	// Sixth and seventh cards beyond the best five do not count.
	if EvalHigh(mustCards(t, "AcAdKhQsJc3d2h")) != EvalHigh(mustCards(t, "AhAsKcQdJh")) {
		t.Error("cards outside the best five changed the value")
	}
}

func TestEvalHighBadInput(t *testing.T) {
	for _, s := range []string{"", "AhKh", "AhKhQhJh", "AhKhQhJh??", "AhKhQhJhAh", "AhKhQhJhTh9hAh"} {
		cs := mustCards(t, s)
		if v := EvalHigh(cs); v != NoHand {
			t.Errorf("EvalHigh(%s) = %v, want NoHand", s, v)
		}
		if b := BestFive(cs); b != nil {
			t.Errorf("BestFive(%s) = %v, want nil", s, b)
		}
	}
	if NoHand.String() != "no hand" || NoHand.Ranks() != nil {
		t.Error("NoHand description wrong")
	}
	// Eval7 must not panic on any bytes (bad input gives a meaningless value).
	r := rand.New(rand.NewPCG(1, 2))
	for range 10000 {
		var h [7]Card
		for i := range h {
			h[i] = Card(r.IntN(256))
		}
		_ = Eval7(&h)
	}
	junk := [7]Card{Unknown, Unknown, Unknown, Unknown, Unknown, Unknown, Unknown}
	_ = Eval7(&junk)
}

func TestEvalHighMoreThanSeven(t *testing.T) {
	// Two flushes among nine cards: the better one counts.
	cs := mustCards(t, "Ah9h7h4h2h Ks8s6s3s")
	if v := EvalHigh(cs); v.Describe() != "flush, Ace-Nine-Seven-Four-Two" {
		t.Errorf("9 cards: %v", v.Describe())
	}
	cs = mustCards(t, "AhAdAcAs KhKdKcKs 2c")
	if v := EvalHigh(cs); v.Describe() != "four of a kind, Aces, King kicker" {
		t.Errorf("9 cards: %v", v.Describe())
	}
}

// refHand is an independent, slow reference: the best five of cs by
// checking every subset with a sort-based five-card evaluator.
type refHand struct {
	cat   Category
	ranks [5]Rank // in order of significance
}

func (a refHand) compare(b refHand) int {
	if c := cmp.Compare(a.cat, b.cat); c != 0 {
		return c
	}
	return slices.Compare(a.ranks[:], b.ranks[:])
}

func refFive(five []Card) refHand {
	type group struct {
		r Rank
		n int
	}
	var gs []group
	flush := true
	for _, c := range five {
		if c.Suit() != five[0].Suit() {
			flush = false
		}
		i := slices.IndexFunc(gs, func(g group) bool { return g.r == c.Rank() })
		if i < 0 {
			gs = append(gs, group{c.Rank(), 1})
		} else {
			gs[i].n++
		}
	}
	slices.SortFunc(gs, func(a, b group) int {
		if a.n != b.n {
			return b.n - a.n
		}
		return int(b.r) - int(a.r)
	})
	var h refHand
	i := 0
	for _, g := range gs {
		for range g.n {
			h.ranks[i] = g.r
			i++
		}
	}
	straight := len(gs) == 5 && h.ranks[0]-h.ranks[4] == 4
	if len(gs) == 5 && h.ranks == [5]Rank{Ace, Five, Four, Three, Two} {
		straight = true
		h.ranks = [5]Rank{Five, Four, Three, Two, Ace}
	}
	switch {
	case straight && flush:
		h.cat = StraightFlush
	case gs[0].n == 4:
		h.cat = FourOfAKind
	case gs[0].n == 3 && gs[1].n == 2:
		h.cat = FullHouse
	case flush:
		h.cat = Flush
	case straight:
		h.cat = Straight
	case gs[0].n == 3:
		h.cat = ThreeOfAKind
	case gs[0].n == 2 && gs[1].n == 2:
		h.cat = TwoPair
	case gs[0].n == 2:
		h.cat = OnePair
	}
	return h
}

func refBest(cs []Card) refHand {
	var best refHand
	var pick [5]Card
	first := true
	forEachSubset5(cs, &pick, func() bool {
		if h := refFive(pick[:]); first || h.compare(best) > 0 {
			best, first = h, false
		}
		return false
	})
	return best
}

func randomHand(r *rand.Rand, n int) []Card {
	deck := make([]Card, 52)
	for i := range deck {
		deck[i] = Card(i)
	}
	for i := range n {
		j := i + r.IntN(52-i)
		deck[i], deck[j] = deck[j], deck[i]
	}
	return deck[:n]
}

// TestEvalHighMatchesReference compares the table evaluator with the slow
// reference, category and all five ranks, on random 5-, 6-, 7- and 8-card
// hands, and compares random pairs of 7-card hands.
func TestEvalHighMatchesReference(t *testing.T) {
	n := 200000
	if testing.Short() {
		n = 20000
	}
	r := rand.New(rand.NewPCG(7, 11))
	for i := range n {
		cs := randomHand(r, 5+i%4)
		v, ref := EvalHigh(cs), refBest(cs)
		if v.Category() != ref.cat || !slices.Equal(v.Ranks(), ref.ranks[:]) {
			t.Fatalf("%s: evaluator %v %v, reference %v %v", FormatList(cs), v.Category(), v.Ranks(), ref.cat, ref.ranks)
		}
		if len(cs) == 7 {
			if e := Eval7((*[7]Card)(cs)); e != v {
				t.Fatalf("%s: Eval7 %v, EvalHigh %v", FormatList(cs), e, v)
			}
		}
		if best := BestFive(cs); len(best) != 5 || EvalHigh(best) != v || SetOf(best...)&^SetOf(cs...) != 0 {
			t.Fatalf("%s: BestFive %s does not make %v", FormatList(cs), FormatList(best), v)
		}
	}
	for range n / 4 {
		a, b := randomHand(r, 7), randomHand(r, 7)
		if got, want := cmp.Compare(EvalHigh(a), EvalHigh(b)), refBest(a).compare(refBest(b)); got != want {
			t.Fatalf("%s vs %s: evaluator says %d, reference %d", FormatList(a), FormatList(b), got, want)
		}
	}
}

// TestFiveCardClasses evaluates all 2,598,960 five-card hands: the
// category counts and the 7,462 distinct values are the textbook figures.
func TestFiveCardClasses(t *testing.T) {
	var counts [9]int
	distinct := map[HandRank]bool{}
	var h [5]Card
	for a := Card(0); a < 52; a++ {
		h[0] = a
		for b := a + 1; b < 52; b++ {
			h[1] = b
			for c := b + 1; c < 52; c++ {
				h[2] = c
				for d := c + 1; d < 52; d++ {
					h[3] = d
					for e := d + 1; e < 52; e++ {
						h[4] = e
						v := evalKnown(h[:])
						counts[v.Category()]++
						distinct[v] = true
					}
				}
			}
		}
	}
	want := [9]int{1302540, 1098240, 123552, 54912, 10200, 5108, 3744, 624, 40}
	if counts != want {
		t.Errorf("5-card category counts %v, want %v", counts, want)
	}
	if len(distinct) != 7462 {
		t.Errorf("%d distinct 5-card values, want 7462", len(distinct))
	}
	perCat := [9]int{}
	for v := range distinct {
		perCat[v.Category()]++
	}
	if wantCat := [9]int{1277, 2860, 858, 858, 10, 1277, 156, 156, 10}; perCat != wantCat {
		t.Errorf("distinct values per category %v, want %v", perCat, wantCat)
	}
}

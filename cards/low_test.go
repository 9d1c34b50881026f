package cards

import (
	"math/rand/v2"
	"slices"
	"testing"
)

func TestEvalLow8(t *testing.T) {
	cases := []struct {
		cards, want, best string
		ok                bool
	}{
		{"Ah 2c 3d 4s 8h Kc Kd", "8-4-3-2-A low", "8h4s3d2cAh", true},
		{"Ah 2c 3d 4s 5h Kc Kd", "wheel (5-4-3-2-A)", "5h4s3d2cAh", true},
		{"As Ah 2c 3d 4s 5h", "wheel (5-4-3-2-A)", "5h4s3d2cAs", true},
		{"7c 6d 5h 4s 3c", "7-6-5-4-3 low", "7c6d5h4s3c", true},    // a straight is no obstacle
		{"2h 4h 6h 7h 8h Ks", "8-7-6-4-2 low", "8h7h6h4h2h", true}, // nor a flush
		{"Ah 2c 3d 3s 9h Kc Kd", "no low", "", false},              // four low ranks only
		{"Ah 2c 3d 4s 9h", "no low", "", false},                    // nine is not low
		{"8c 7c 6c 5c 4c 3c 2c", "6-5-4-3-2 low", "6c5c4c3c2c", true},
		{"Ah 2c 3d 4s ??", "no low", "", false},
		{"Ah 2c 3d 4s 5h Ah", "no low", "", false},
	}
	for _, c := range cases {
		cs := mustCards(t, c.cards)
		l, ok := EvalLow8(cs)
		if ok != c.ok || l.String() != c.want {
			t.Errorf("%s: %v %v, want %q %v", c.cards, l, ok, c.want, c.ok)
		}
		if got := FormatList(BestLow8(cs)); got != c.best {
			t.Errorf("%s: BestLow8 %s, want %s", c.cards, got, c.best)
		}
	}
}

func TestLowOrdering(t *testing.T) {
	// Each low is worse than (greater than) the one before it.
	ladder := []string{"5c4d3h2sAc", "6c4d3h2sAc", "6c5d3h2sAc", "6c5d4h3s2c",
		"7c4d3h2sAc", "7c6d5h4s3c", "8c4d3h2sAc", "8c6d4h2sAc", "8c6d5h2sAc", "8c7d6h5s4c"}
	prev := LowRank(0)
	for _, s := range ladder {
		l, ok := EvalLow8(mustCards(t, s))
		if !ok || l <= prev {
			t.Errorf("%s (%v) is not worse than the low before it (%v)", s, l, prev)
		}
		prev = l
	}
	if prev >= NoLow {
		t.Error("NoLow must be worse than every low")
	}
	if LowRank(0x86421).String() != "8-6-4-2-A low" || LowRank(0x12345).String() != "invalid low" {
		t.Error("LowRank strings wrong")
	}
}

func TestEvalOmahaLow8(t *testing.T) {
	cases := []struct {
		name, hole, board, want, best string
	}{
		{"plain low", "Ah 2h Kc Kd", "3c 4d 8s Ks Qd", "8-4-3-2-A low", "8s4d3c2hAh"},
		{"counterfeit deuce: the board's deuce cannot play twice",
			"Ah 2d Kc Kd", "2c 4h 6s 8d Qc", "8-6-4-2-A low", "8d6s4h2dAh"},
		{"fully counterfeited: A-2 in hand, board A-2-7-8",
			"Ah 2d Kc Kd", "Ac 2h 7s 8d Kh", "no low", ""},
		{"must use two hole cards: four low hole cards, two low board cards",
			"Ah 2d 3c 4s", "5c 8d Kh Kc Qs", "no low", ""},
		{"paired low hole cards count once", "Ah Ad Kc Kd", "2c 3d 4h", "no low", ""},
		{"the best two of four hole cards", "Ah 2d 3c Kd", "2c 4h 6s 9d Tc", "6-4-3-2-A low", "6s4h3c2cAh"},
		{"flop wheel", "Ah 2d Kc Kd", "3c 4d 5h", "wheel (5-4-3-2-A)", "5h4d3c2dAh"},
		{"six hole cards", "9h 9d 7c 6c Kd Qs", "Ac 2h 3s Jd Tc", "7-6-3-2-A low", "7c6c3s2hAc"},
	}
	for _, c := range cases {
		hole, board := mustCards(t, c.hole), mustCards(t, c.board)
		l, ok := EvalOmahaLow8(hole, board)
		if l.String() != c.want || ok != (c.want != "no low") {
			t.Errorf("%s: %v %v, want %q", c.name, l, ok, c.want)
		}
		if got := FormatList(BestOmahaLow8(hole, board)); got != c.best {
			t.Errorf("%s: BestOmahaLow8 %s, want %s", c.name, got, c.best)
		}
	}
}

// refLow is the slow reference for a five-card low: the ace-low face
// values highest first, or ok=false.
func refLow(five []Card) ([]int, bool) {
	var vs []int
	for _, c := range five {
		v := int(c.Rank()) + 2
		if c.Rank() == Ace {
			v = 1
		}
		if v > 8 || slices.Contains(vs, v) {
			return nil, false
		}
		vs = append(vs, v)
	}
	slices.SortFunc(vs, func(a, b int) int { return b - a })
	return vs, true
}

func lowValues(l LowRank) []int {
	var vs []int
	for _, r := range l.Ranks() {
		v := int(r) + 2
		if r == Ace {
			v = 1
		}
		vs = append(vs, v)
	}
	return vs
}

func TestLowMatchesReference(t *testing.T) {
	n := 30000
	if testing.Short() {
		n = 3000
	}
	r := rand.New(rand.NewPCG(8, 9))
	for i := range n {
		// Any-cards low (5 to 8 cards).
		cs := randomHand(r, 5+i%4)
		var best []int
		var pick [5]Card
		forEachSubset5(cs, &pick, func() bool {
			if vs, ok := refLow(pick[:]); ok && (best == nil || slices.Compare(vs, best) < 0) {
				best = vs
			}
			return false
		})
		l, ok := EvalLow8(cs)
		if ok != (best != nil) || (ok && !slices.Equal(lowValues(l), best)) {
			t.Fatalf("%s: EvalLow8 %v %v, reference %v", FormatList(cs), l, ok, best)
		}
		// Omaha low.
		nh, nb := 4+i%3, 3+i%3
		cs = randomHand(r, nh+nb)
		hole, board := cs[:nh], cs[nh:]
		best = nil
		for a := 0; a < nh; a++ {
			for b := a + 1; b < nh; b++ {
				for x := 0; x < nb; x++ {
					for y := x + 1; y < nb; y++ {
						for z := y + 1; z < nb; z++ {
							vs, ok := refLow([]Card{hole[a], hole[b], board[x], board[y], board[z]})
							if ok && (best == nil || slices.Compare(vs, best) < 0) {
								best = vs
							}
						}
					}
				}
			}
		}
		l, ok = EvalOmahaLow8(hole, board)
		if ok != (best != nil) || (ok && !slices.Equal(lowValues(l), best)) {
			t.Fatalf("%s / %s: EvalOmahaLow8 %v %v, reference %v", FormatList(hole), FormatList(board), l, ok, best)
		}
		if ok {
			five := BestOmahaLow8(hole, board)
			inHole := SetOf(five...) & SetOf(hole...)
			if vs, ok5 := refLow(five); !ok5 || !slices.Equal(vs, best) || inHole.Count() != 2 ||
				(SetOf(five...)&^inHole)&^SetOf(board...) != 0 {
				t.Fatalf("%s / %s: BestOmahaLow8 %s does not make %v", FormatList(hole), FormatList(board), FormatList(five), l)
			}
		}
	}
}

func TestEvalLowA5(t *testing.T) {
	cases := []struct {
		cards, want, best string
		cat               Category
	}{
		{"7c 5d 4h 3s 2c Kd Kh", "7-5-4-3-2 low", "7c5d4h3s2c", HighCard},
		{"Ah 2c 3d 4s 5h Kc Kd", "wheel (5-4-3-2-A)", "5h4s3d2cAh", HighCard},
		{"5c 4c 3c 2c Ac", "wheel (5-4-3-2-A)", "5c4c3c2cAc", HighCard}, // suited and straight: still the wheel
		{"Kc Qd Jh Ts 9c Kd Qh", "K-Q-J-T-9 low", "KcQdJhTs9c", HighCard},
		{"9c 8d 6h 4s 2c Kd Qh", "9-8-6-4-2 low", "9c8d6h4s2c", HighCard},
		// Four ranks: the lowest rank held twice pairs.
		{"Ac Ad 2c 2d 7h 3s 7s", "pair of Aces, 7-3-2", "AcAd7h3s2c", OnePair},
		{"Kc Kd Kh 4s 4c 3d 2h", "pair of Fours, K-3-2", "4s4cKc3d2h", OnePair},
		// Three ranks: two pair on the two lowest pairs, else trips.
		{"Ac Ad 5c 5d 9h 9s 5h", "two pair, Fives and Aces, 9", "5c5dAcAd9h", TwoPair},
		{"Ac Ad Ah 5c 9d", "three of a kind, Aces, 9-5", "AcAdAh9d5c", ThreeOfAKind},
		// Two ranks: a full house on the lower trips, four of a kind only
		// when nothing else plays.
		{"Kc Kd Kh Ks Ac Ad Ah", "full house, Aces full of Kings", "AcAdAhKcKd", FullHouse},
		{"Kc Kd Kh Ks 2c 2d", "full house, Kings full of Twos", "KcKdKh2c2d", FullHouse},
		{"Qc Qd Qh Qs 3c", "four of a kind, Queens, 3", "QcQdQhQs3c", FourOfAKind},
		{"Ac 2c 3d 4s", "no low", "", HighCard},
		{"Ac 2c 3d 4s ?? 6h", "no low", "", HighCard},
		{"Ac 2c 3d 4s 6h Ac", "no low", "", HighCard},
	}
	for _, c := range cases {
		cs := mustCards(t, c.cards)
		l := EvalLowA5(cs)
		if l.String() != c.want || (l != NoLow && l.Category() != c.cat) {
			t.Errorf("%s: %v (%v), want %q (%v)", c.cards, l, l.Category(), c.want, c.cat)
		}
		if got := FormatList(BestLowA5(cs)); got != c.best {
			t.Errorf("%s: BestLowA5 %s, want %s", c.cards, got, c.best)
		}
		// An eight-or-better low is the same value.
		if l8, ok := EvalLow8(cs); ok && l8 != l {
			t.Errorf("%s: EvalLow8 %v, EvalLowA5 %v", c.cards, l8, l)
		}
	}
}

func TestLowA5Ordering(t *testing.T) {
	// Each hand is a worse low than the one before it.
	ladder := []string{"5c4d3h2sAc", "6c4d3h2sAc", "8c7d6h5s4c", "9c4d3h2sAc", "Kc4d3h2sAc", "KcQdJhTs9c",
		"AcAd4h3s2c", "AcAdKhQsJc", "2c2d4h3sAc", "KcKdQhJsTc", "2c2dAhAs3c", "2c2dAhAsKc", "3c3dAhAs2c",
		"KcKdQhQsJc", "AcAdAh3s2c", "2c2d2hKsQc", "AcAdAh2s2c", "KcKdKhQsQc", "AcAdAhAs2c", "KcKdKhKsQc"}
	prev := LowRank(0)
	for _, s := range ladder {
		l := EvalLowA5(mustCards(t, s))
		if l <= prev {
			t.Errorf("%s (%v) is not worse than the low before it (%v)", s, l, prev)
		}
		prev = l
	}
	if prev >= NoLow {
		t.Error("NoLow must be worse than every low")
	}
	for _, l := range []LowRank{0x112345, 0x1144331, 0x254321, 0x755555, 0xE5432, 0x654320} {
		if l.String() != "invalid low" || l.Ranks() != nil {
			t.Errorf("%#x reads as %q", uint32(l), l)
		}
	}
}

// refLowA5Key is the slow reference value of five cards as an ace-to-five
// low: the class (0 no pair, 1 pair, 2 two pair, 3 trips, 4 full house,
// 5 quads), then the face values by group size and value, highest first.
// A smaller key is a better low.
func refLowA5Key(five []Card) [6]int {
	var n [14]int
	for _, c := range five {
		v := int(c.Rank()) + 2
		if c.Rank() == Ace {
			v = 1
		}
		n[v]++
	}
	var faces []int
	for size := 4; size >= 1; size-- {
		for v := 13; v >= 1; v-- {
			if n[v] == size {
				for range size {
					faces = append(faces, v)
				}
			}
		}
	}
	shape := map[[2]int]int{{1, 1}: 0, {2, 1}: 1, {2, 2}: 2, {3, 1}: 3, {3, 2}: 4, {4, 1}: 5}
	var key [6]int
	key[0] = shape[[2]int{n[faces[0]], n[faces[n[faces[0]]]]}]
	copy(key[1:], faces)
	return key
}

// refBestLowA5 is the best key of any five of cs.
func refBestLowA5(cs []Card) [6]int {
	var best [6]int
	first := true
	var pick [5]Card
	forEachSubset5(cs, &pick, func() bool {
		if k := refLowA5Key(pick[:]); first || slices.Compare(k[:], best[:]) < 0 {
			best, first = k, false
		}
		return false
	})
	return best
}

// lowA5Key reads a LowRank as a reference key.
func lowA5Key(l LowRank) [6]int {
	class := map[Category]int{HighCard: 0, OnePair: 1, TwoPair: 2, ThreeOfAKind: 3, FullHouse: 4, FourOfAKind: 5}
	key := [6]int{class[l.Category()]}
	for i, r := range l.Ranks() {
		key[i+1] = int(r) + 2
		if r == Ace {
			key[i+1] = 1
		}
	}
	return key
}

// cardsOfRanks deals one card set with the rank counts given: each rank's
// cards take the suits in order. Suits never matter to an ace-to-five low.
func cardsOfRanks(counts *[13]uint8) []Card {
	var cs []Card
	for r, n := range counts {
		for s := range n {
			cs = append(cs, New(Rank(r), Suit(s)))
		}
	}
	return cs
}

// TestLowA5AllRankMultisets checks EvalLowA5 against the reference on
// every multiset of five, six and seven ranks (6,175 + 18,395 + 49,205):
// an ace-to-five low depends on the ranks alone, so this covers every
// razz hand. On the five-rank multisets it also checks that the LowRank
// order is the reference order, value for value.
func TestLowA5AllRankMultisets(t *testing.T) {
	type pair struct {
		key [6]int
		l   LowRank
	}
	var fives []pair
	for n := 5; n <= 7; n++ {
		forEachRankMultiset(n, func(counts *[13]uint8) {
			cs := cardsOfRanks(counts)
			l, want := EvalLowA5(cs), refBestLowA5(cs)
			if lowA5Key(l) != want {
				t.Fatalf("%s: EvalLowA5 %v, reference %v", FormatList(cs), l, want)
			}
			if best := BestLowA5(cs); len(best) != 5 || EvalLowA5(best) != l || SetOf(best...)&^SetOf(cs...) != 0 {
				t.Fatalf("%s: BestLowA5 %s does not make %v", FormatList(cs), FormatList(best), l)
			}
			if n == 5 {
				fives = append(fives, pair{want, l})
			}
		})
	}
	slices.SortFunc(fives, func(a, b pair) int { return slices.Compare(a.key[:], b.key[:]) })
	for i := 1; i < len(fives); i++ {
		if fives[i].l <= fives[i-1].l {
			t.Fatalf("%v (%v) sorts after %v (%v) in the reference but not as a LowRank",
				fives[i].key, fives[i].l, fives[i-1].key, fives[i-1].l)
		}
	}
	if len(fives) != 6175 {
		t.Errorf("%d five-rank multisets, want 6175", len(fives))
	}
}

// TestLowA5MatchesReference compares EvalLowA5 with the reference on
// random 5- to 8-card hands, suits and all.
func TestLowA5MatchesReference(t *testing.T) {
	n := 20000
	if testing.Short() {
		n = 2000
	}
	r := rand.New(rand.NewPCG(21, 5))
	for i := range n {
		cs := randomHand(r, 5+i%4)
		if l, want := EvalLowA5(cs), refBestLowA5(cs); lowA5Key(l) != want {
			t.Fatalf("%s: EvalLowA5 %v, reference %v", FormatList(cs), l, want)
		}
	}
}

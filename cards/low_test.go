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

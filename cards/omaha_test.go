package cards

import (
	"math/rand/v2"
	"slices"
	"testing"
)

func TestEvalOmaha(t *testing.T) {
	cases := []struct {
		name, hole, board, long, best string
	}{
		{"board flush, one suited hole card: no flush",
			"Qh Js Ts 3d", "Ah Kh 7h 4h 2c", "high card, Ace-King-Queen-Jack-Seven", "AhKhQhJs7h"},
		{"two suited hole cards make the flush",
			"Qh 3h Js Ts", "Ah Kh 7h 4h 2c", "flush, Ace-King-Queen-Seven-Three", "AhKhQh7h3h"},
		{"four to a straight on board needs two hole cards",
			"Kd 8s 4s 5h", "9c Ts Jd Qh 2c", "high card, King-Queen-Jack-Ten-Eight", "KdQhJdTs8s"},
		{"two hole cards complete the straight",
			"Qd 8s 4s 5h", "9c Ts Jd 2h 3c", "straight, Queen high", "QdJdTs9c8s"},
		{"board quads play as trips",
			"Ks Kd 9h 9c", "Ah Ad Ac As 2d", "full house, Aces full of Kings", "AhAdAcKsKd"},
		{"four aces in the hole make one pair",
			"Ah Ad Ac As", "2c 7d 9s Jh Qd", "pair of Aces, Queen-Jack-Nine kickers", "AhAdQdJh9s"},
		{"hole trips cannot be used",
			"7h 7d 7c 2s", "Kc Qd 3h 4s 9c", "pair of Sevens, King-Queen-Nine kickers", "7h7dKcQd9c"},
		{"flop only, three board cards",
			"Ah Kh Qd Jd", "Th 9h 2h", "flush, Ace-King-Ten-Nine-Two", "AhKhTh9h2h"},
		{"five hole cards (Big O)",
			"2s 3s 8d 8c Kh", "8h 4s 5s Jc Jd", "full house, Eights full of Jacks", "8d8c8hJcJd"},
		{"six hole cards",
			"As Ks 2c 3d 4h 5c", "Qs Js Ts 9d 9h", "royal flush", "AsKsQsJsTs"},
	}
	for _, c := range cases {
		hole, board := mustCards(t, c.hole), mustCards(t, c.board)
		v := EvalOmaha(hole, board)
		if v.Describe() != c.long {
			t.Errorf("%s: %q, want %q", c.name, v.Describe(), c.long)
		}
		best := BestOmahaFive(hole, board)
		if c.best != "" && FormatList(best) != c.best {
			t.Errorf("%s: BestOmahaFive %s, want %s", c.name, FormatList(best), c.best)
		}
	}
}

func TestEvalOmahaBadInput(t *testing.T) {
	cases := []struct{ hole, board string }{
		{"AhKh", "2c3c4c5c6c"},           // hold'em hole cards
		{"AhKhQh", "2c3c4c5c6c"},         // three hole cards
		{"AhKhQhJhTh9h8h", "2c3c4c5c6c"}, // seven hole cards
		{"AhKhQhJh", "2c3c"},             // two board cards
		{"AhKhQhJh", "2c3c4c5c6c7c"},     // six board cards
		{"AhKhQhJh", "2c3c4c5cAh"},       // Ah twice
		{"AhKhQh??", "2c3c4c5c6c"},       // unknown hole card
		{"AhKhQhJh", "2c3c4c5c??"},       // unknown board card
	}
	for _, c := range cases {
		hole, board := mustCards(t, c.hole), mustCards(t, c.board)
		if v := EvalOmaha(hole, board); v != NoHand {
			t.Errorf("EvalOmaha(%s, %s) = %v, want NoHand", c.hole, c.board, v)
		}
		if b := BestOmahaFive(hole, board); b != nil {
			t.Errorf("BestOmahaFive(%s, %s) = %v, want nil", c.hole, c.board, b)
		}
		if l, ok := EvalOmahaLow8(hole, board); ok || l != NoLow {
			t.Errorf("EvalOmahaLow8(%s, %s) = %v, %v; want NoLow", c.hole, c.board, l, ok)
		}
	}
}

// TestEvalOmahaMatchesReference checks random deals against the slow
// reference applied to every two-plus-three choice.
func TestEvalOmahaMatchesReference(t *testing.T) {
	n := 30000
	if testing.Short() {
		n = 3000
	}
	r := rand.New(rand.NewPCG(3, 4))
	for i := range n {
		nh, nb := 4+i%3, 3+i%3
		cs := randomHand(r, nh+nb)
		hole, board := cs[:nh], cs[nh:]
		var ref refHand
		first := true
		for a := 0; a < nh; a++ {
			for b := a + 1; b < nh; b++ {
				for x := 0; x < nb; x++ {
					for y := x + 1; y < nb; y++ {
						for z := y + 1; z < nb; z++ {
							h := refFive([]Card{hole[a], hole[b], board[x], board[y], board[z]})
							if first || h.compare(ref) > 0 {
								ref, first = h, false
							}
						}
					}
				}
			}
		}
		v := EvalOmaha(hole, board)
		if v.Category() != ref.cat || !slices.Equal(v.Ranks(), ref.ranks[:]) {
			t.Fatalf("%s / %s: evaluator %v, reference %v %v", FormatList(hole), FormatList(board), v.Describe(), ref.cat, ref.ranks)
		}
		best := BestOmahaFive(hole, board)
		inHole := SetOf(best...) & SetOf(hole...)
		if EvalHigh(best) != v || inHole.Count() != 2 || (SetOf(best...)&^inHole)&^SetOf(board...) != 0 {
			t.Fatalf("%s / %s: BestOmahaFive %s is not two hole and three board cards making %v",
				FormatList(hole), FormatList(board), FormatList(best), v.Describe())
		}
	}
}

// TestEvalOmahaCrowdedDeals compares EvalOmaha with the best EvalHigh of
// every two-plus-three choice on deals from a small deck (two suits, seven
// ranks), where paired ranks, repeated pairs and triples, and flushes,
// which EvalOmaha treats apart, are the rule rather than the exception.
func TestEvalOmahaCrowdedDeals(t *testing.T) {
	var deck []Card
	for _, s := range []Suit{1, 3} {
		for r := Rank(3); r <= 12; r += 2 {
			deck = append(deck, New(r, s))
		}
		deck = append(deck, New(0, s), New(1, s))
	}
	r := rand.New(rand.NewPCG(7, 8))
	n := 20000
	if testing.Short() {
		n = 2000
	}
	for i := range n {
		nh, nb := 4+i%3, 3+(i/3)%3
		r.Shuffle(len(deck), func(a, b int) { deck[a], deck[b] = deck[b], deck[a] })
		hole, board := deck[:nh:nh], deck[nh:nh+nb:nh+nb]
		want := NoHand
		for a := 0; a < nh; a++ {
			for b := a + 1; b < nh; b++ {
				for x := 0; x < nb; x++ {
					for y := x + 1; y < nb; y++ {
						for z := y + 1; z < nb; z++ {
							want = max(want, EvalHigh([]Card{hole[a], hole[b], board[x], board[y], board[z]}))
						}
					}
				}
			}
		}
		if got := EvalOmaha(hole, board); got != want {
			t.Fatalf("%s / %s: EvalOmaha %v, want %v", FormatList(hole), FormatList(board), got.Describe(), want.Describe())
		}
	}
}

// TestOmahaBoardReused values many hands on one OmahaBoard, as a showdown
// does, and checks each against EvalOmaha on its own: setting the board up
// once must not let one hand's value depend on another's.
func TestOmahaBoardReused(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for i := range 2000 {
		nb := 3 + i%3
		cs := randomHand(r, nb+4*6)
		board := cs[:nb]
		var b OmahaBoard
		b.Set(board)
		for k := range 6 {
			nh := 4 + (i+k)%3
			hole := cs[nb+4*k : nb+4*k+nh]
			if got, want := b.Eval(hole), EvalOmaha(hole, board); got != want {
				t.Fatalf("%s / %s: board reused %v, EvalOmaha %v", FormatList(hole), FormatList(board), got.Describe(), want.Describe())
			}
		}
		// A hole card on the board is a repeated card.
		if v := b.Eval([]Card{board[0], cs[nb], cs[nb+1], cs[nb+2]}); v != NoHand {
			t.Fatalf("%s: a hole card on the board gave %v, want NoHand", FormatList(board), v.Describe())
		}
	}
	var zero OmahaBoard
	if v := zero.Eval(randomHand(r, 4)); v != NoHand {
		t.Errorf("zero OmahaBoard gave %v, want NoHand", v.Describe())
	}
}

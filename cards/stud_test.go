package cards

import (
	"cmp"
	"slices"
	"sort"
	"testing"
)

func TestBringIn(t *testing.T) {
	cases := []struct {
		game StudGame
		up   string
		want int
	}{
		{StudHigh, "Kc 2d 7h 2c", 3}, // the lowest card; clubs lowest of the deuces
		{StudHigh, "Ah Kd Ks", 1},    // aces are high: the King of diamonds
		{StudHigh, "3s 3h 3d 4c", 2}, // diamonds below hearts and spades
		{Razz, "Kc 2d Ks 7h", 2},     // the highest card; spades highest of the Kings
		{Razz, "Ac 2d 2h", 2},        // aces are low: a deuce brings in
		{Razz, "7c 3s Qd Qc Jh", 2},  // the Queen of diamonds, over clubs
		{StudHigh, "7c", 0},
		{StudHigh, "", -1},
		{StudHigh, "7c ?? 2d", -1},
		{Razz, "7c 2d 7c", -1},
		{StudGame(2), "7c 2d", -1},
	}
	for _, c := range cases {
		if got := c.game.BringIn(mustCards(t, c.up)); got != c.want {
			t.Errorf("game %d, %s: bring-in %d, want %d", c.game, c.up, got, c.want)
		}
	}
}

// TestBringInKeys checks every pair of cards against the rule: in stud
// the lower rank brings in (aces high), in razz the higher (aces low), and
// on equal ranks the lower suit in stud, the higher in razz, clubs lowest,
// then diamonds, hearts, spades. The keys of each game are 0 to 51.
func TestBringInKeys(t *testing.T) {
	suitOrder := map[Suit]int{Clubs: 0, Diamonds: 1, Hearts: 2, Spades: 3}
	for _, g := range []StudGame{StudHigh, Razz} {
		var seen [52]bool
		for a := Card(0); a < 52; a++ {
			k := g.BringInKey(a)
			if k < 0 || k > 51 || seen[k] {
				t.Fatalf("game %d: %v has key %d, out of range or taken", g, a, k)
			}
			seen[k] = true
			for b := Card(0); b < 52; b++ {
				ra, rb := int(a.Rank()), int(b.Rank())
				sa, sb := suitOrder[a.Suit()], suitOrder[b.Suit()]
				var aFirst bool // a brings in ahead of b
				if g == StudHigh {
					aFirst = ra < rb || ra == rb && sa < sb
				} else {
					if a.Rank() == Ace {
						ra = -1
					}
					if b.Rank() == Ace {
						rb = -1
					}
					aFirst = ra > rb || ra == rb && sa > sb
				}
				if aFirst != (g.BringInKey(a) > g.BringInKey(b)) {
					t.Fatalf("game %d: %v against %v: the keys %d, %d disagree with the rule", g, a, b, g.BringInKey(a), g.BringInKey(b))
				}
			}
		}
	}
	if StudHigh.BringInKey(Unknown) != -1 || StudGame(3).BringInKey(0) != -1 {
		t.Error("bad input has a key")
	}
}

func TestShowing(t *testing.T) {
	cases := []struct {
		game StudGame
		up   string
		want string
		cat  Category
	}{
		{StudHigh, "Ah", "A", HighCard},
		{StudHigh, "7c Ah Kd", "A-K-7", HighCard},
		{StudHigh, "9s Ts Js Qs", "Q-J-T-9", HighCard}, // no straight, no flush on board
		{StudHigh, "7c Kh Kd", "pair of Kings, 7", OnePair},
		{StudHigh, "7c Kh 7d Kd", "two pair, Kings and Sevens", TwoPair},
		{StudHigh, "4c 4h 4d", "three of a kind, Fours", ThreeOfAKind},
		{StudHigh, "4c 4h 4d As", "three of a kind, Fours, A", ThreeOfAKind},
		{StudHigh, "2c 2h 2d 2s", "four of a kind, Twos", FourOfAKind},
		{Razz, "7c 4h Ad", "7-4-A", HighCard},
		{Razz, "Ac Ad 3h", "pair of Aces, 3", OnePair},
		{StudHigh, "", "nothing showing", HighCard},
		{StudHigh, "Ac Kd Qh Js Tc", "nothing showing", HighCard},
		{Razz, "Ac ??", "nothing showing", HighCard},
		{Razz, "Ac Ac", "nothing showing", HighCard},
	}
	for _, c := range cases {
		s := c.game.Showing(mustCards(t, c.up))
		if s.String() != c.want || s.Category() != c.cat {
			t.Errorf("game %d, %s: %q (%v), want %q (%v)", c.game, c.up, s, s.Category(), c.want, c.cat)
		}
	}
	for _, s := range []Showing{1, 0x10000, 0x1_0000_0000 - 1, 0x12E00, 0x22EE0, 0x13EE00, 0x21DDE0, razzShowing | showingMask, razzShowing | 1<<24} {
		if s.String() != "nothing showing" || s.Ranks() != nil {
			t.Errorf("%#x reads as %q", uint32(s), s)
		}
	}
}

func TestShowingOrder(t *testing.T) {
	// Each showing hand acts ahead of the one before it.
	ladders := map[StudGame][]string{
		StudHigh: {"2c3d", "Ac2d", "AcKd", "2c2d", "AcAd", "2c2d3h3s", "AcAdKhKs", "2c2d2h", "AcAdAh",
			"2c2d2h2s", "AcAdAhAs"},
		Razz: {"KcKdKhKs", "AcAdAhAs", "KcKdKh", "AcAdAh", "KcKdQhQs", "2c2dAhAs", "KcKd", "AcAd", "KcQd", "7c6d",
			"7c2d", "3c2d", "2cAd"},
	}
	for g, ladder := range ladders {
		prev := NoShowing
		for _, s := range ladder {
			v := g.Showing(mustCards(t, s))
			if v <= prev {
				t.Errorf("game %d: %s (%v) does not act ahead of the hand before it (%v)", g, s, v, prev)
			}
			prev = v
		}
	}
	// Suits never count.
	if StudHigh.Showing(mustCards(t, "Kc7d")) != StudHigh.Showing(mustCards(t, "Kh7s")) {
		t.Error("the same ranks in other suits show differently")
	}
}

// refShowingKey is the reference reading of up cards, by a different
// route than the evaluator's: the ranks (in the game's order: Two 2 ...
// Ace 14 in stud, Ace 1 ... King 13 in razz) sorted by how often they
// appear and then by rank, the class by the two largest groups (high
// card 0, pair 1, two pair 2, trips 3, quads 4) and the number of cards.
// In stud the larger key acts first, in razz the smaller.
func refShowingKey(g StudGame, up []Card) []int {
	n := map[int]int{}
	var rs []int
	for _, c := range up {
		r := int(c.Rank()) + 2
		if g == Razz && c.Rank() == Ace {
			r = 1
		}
		n[r]++
		rs = append(rs, r)
	}
	sort.Slice(rs, func(i, j int) bool {
		if n[rs[i]] != n[rs[j]] {
			return n[rs[i]] > n[rs[j]]
		}
		return rs[i] > rs[j]
	})
	class := 0
	switch first, second := n[rs[0]], 0; {
	case first == 4:
		class = 4
	case first == 3:
		class = 3
	case first == 2:
		if len(rs) == 4 {
			second = n[rs[2]]
		}
		class = 1
		if second == 2 {
			class = 2
		}
	}
	return append([]int{class, len(up)}, rs...)
}

// TestShowingMatchesReference checks every set of one to four up cards
// (294,203) in both games: equal values exactly for equal reference keys,
// and the order of the values the order of the keys.
func TestShowingMatchesReference(t *testing.T) {
	type entry struct {
		key []int
		s   Showing
	}
	for _, g := range []StudGame{StudHigh, Razz} {
		var es []entry
		var up []Card
		var rec func(from Card)
		rec = func(from Card) {
			if len(up) > 0 {
				s := g.Showing(up)
				if s == NoShowing || len(s.Ranks()) != len(up) {
					t.Fatalf("game %d, %s: %v", g, FormatList(up), s)
				}
				es = append(es, entry{refShowingKey(g, up), s})
			}
			if len(up) == 4 {
				return
			}
			for c := from; c < 52; c++ {
				up = append(up, c)
				rec(c + 1)
				up = up[:len(up)-1]
			}
		}
		rec(0)
		if len(es) != 52+1326+22100+270725 {
			t.Fatalf("%d up-card sets", len(es))
		}
		slices.SortFunc(es, func(a, b entry) int {
			c := slices.Compare(a.key, b.key)
			if g == Razz {
				c = -c // the lowest hand acts first
			}
			return c
		})
		for i := 1; i < len(es); i++ {
			a, b := es[i-1], es[i]
			if keySame := slices.Equal(a.key, b.key); keySame != (a.s == b.s) || cmp.Less(b.s, a.s) {
				t.Fatalf("game %d: reference %v then %v, values %v (%#x) then %v (%#x)", g, a.key, b.key, a.s, uint32(a.s), b.s, uint32(b.s))
			}
		}
	}
}

package cards

import (
	"math/bits"
	"slices"
	"testing"
)

func TestEvalBadugi(t *testing.T) {
	cases := []struct {
		cards, want, best string
		size              int
	}{
		{"Ac 2d 3h 4s", "badugi 4-3-2-A", "4s3h2dAc", 4},
		{"6c 4d 3h As", "badugi 6-4-3-A", "6c4d3hAs", 4},
		{"Kc Qd Jh Ts", "badugi K-Q-J-T", "KcQdJhTs", 4},
		{"Ac 2c 3d 4h", "three-card 4-3-A", "4h3dAc", 3}, // two clubs: the Ace plays
		{"As Ah 2s 3d", "three-card 3-2-A", "3d2sAh", 3}, // the As would block the 2s
		{"Ac Ad 3h 4s", "three-card 4-3-A", "4s3hAc", 3}, // a pair plays once; the earlier Ace
		{"Kc 2c 3c 4c", "one-card 2", "2c", 1},           // four of a suit
		{"Kc Kd Kh Ks", "one-card K", "Kc", 1},           // four of a rank
		{"5c 5d 2c 2d", "two-card 5-2", "5c2d", 2},       // 5c 2d and 5d 2c tie: the earlier cards
		{"8h 7h 6s 2s", "two-card 7-2", "7h2s", 2},       // one heart, one spade
		{"Kc Qc Jd 9d", "two-card Q-9", "Qc9d", 2},
	}
	for _, c := range cases {
		cs := mustCards(t, c.cards)
		v := EvalBadugi(cs)
		if v.String() != c.want || v.Size() != c.size {
			t.Errorf("%s: %v (%d cards), want %q (%d)", c.cards, v, v.Size(), c.want, c.size)
		}
		if got := FormatList(BestBadugi(cs)); got != c.best {
			t.Errorf("%s: BestBadugi %s, want %s", c.cards, got, c.best)
		}
	}
	for _, s := range []string{"Ac 2d 3h", "Ac 2d 3h 4s 5c", "Ac 2d 3h ??", "Ac 2d 3h Ac"} {
		cs := mustCards(t, s)
		if v := EvalBadugi(cs); v != NoBadugi || v.String() != "no hand" || BestBadugi(cs) != nil {
			t.Errorf("%s: %v, want no hand", s, v)
		}
	}
	for _, v := range []BadugiRank{0x4321 | 1<<16, 0x1234, 0x14321, 0x4E21, 0x0432, 0x40000, 0x31, 1 << 20} {
		if v.Size() != 0 || v.Ranks() != nil || v.String() != "no hand" {
			t.Errorf("%#x reads as %q", uint32(v), v)
		}
	}
}

// refBadugiKey is the slow reference value of four cards as a badugi: of
// every subset with no suit or rank twice, the one of the most cards,
// then of the lowest face values compared from the highest down (Ace 1).
// The key is four minus the size, then those faces, highest first; a
// smaller key is better.
func refBadugiKey(four []Card) [5]int {
	best := [5]int{99}
	for size := 4; size >= 1; size-- {
		var rec func(from int, chosen []Card)
		rec = func(from int, chosen []Card) {
			if len(chosen) == size {
				suits, faces := map[Suit]bool{}, []int{}
				for _, c := range chosen {
					f := int(c.Rank()) + 2
					if c.Rank() == Ace {
						f = 1
					}
					if suits[c.Suit()] || slices.Contains(faces, f) {
						return
					}
					suits[c.Suit()] = true
					faces = append(faces, f)
				}
				slices.Sort(faces)
				slices.Reverse(faces)
				key := [5]int{4 - size}
				copy(key[1:], faces)
				if slices.Compare(key[:], best[:]) < 0 {
					best = key
				}
				return
			}
			for i := from; i < len(four); i++ {
				rec(i+1, append(chosen, four[i]))
			}
		}
		rec(0, nil)
	}
	return best
}

// TestAllBadugiHands evaluates all 270,725 four-card hands against the
// reference, checks that BestBadugi makes the value, that 17,160 hands
// (13*12*11*10 ranks by suit) are four-card badugis, and that the
// BadugiRank order of the distinct values is the reference order.
func TestAllBadugiHands(t *testing.T) {
	byKey := map[[5]int]BadugiRank{}
	var sizes [5]int
	var h [4]Card
	for a := Card(0); a < 52; a++ {
		h[0] = a
		for b := a + 1; b < 52; b++ {
			h[1] = b
			for c := b + 1; c < 52; c++ {
				h[2] = c
				for d := c + 1; d < 52; d++ {
					h[3] = d
					v, key := EvalBadugi(h[:]), refBadugiKey(h[:])
					got := [5]int{4 - v.Size()}
					for i, r := range v.Ranks() {
						got[i+1] = int(r) + 2
						if r == Ace {
							got[i+1] = 1
						}
					}
					if got != key {
						t.Fatalf("%s: %v, reference %v", FormatList(h[:]), v, key)
					}
					best := BestBadugi(h[:])
					if len(best) != v.Size() || SetOf(best...)&^SetOf(h[:]...) != 0 {
						t.Fatalf("%s: BestBadugi %s for %v", FormatList(h[:]), FormatList(best), v)
					}
					var suits, faces uint16
					for _, c := range best {
						suits |= 1 << c.Suit()
						faces |= faceBit[c]
					}
					if badugiOf(faces) != v || bits.OnesCount16(suits) != len(best) {
						t.Fatalf("%s: BestBadugi %s does not make %v", FormatList(h[:]), FormatList(best), v)
					}
					byKey[key] = v
					sizes[v.Size()]++
				}
			}
		}
	}
	if sizes[4] != 17160 || sizes[0] != 0 || sizes[1]+sizes[2]+sizes[3]+sizes[4] != 270725 {
		t.Errorf("hands by size %v, want 17160 four-card badugis of 270725", sizes)
	}
	keys := make([][5]int, 0, len(byKey))
	for k := range byKey {
		keys = append(keys, k)
	}
	slices.SortFunc(keys, func(a, b [5]int) int { return slices.Compare(a[:], b[:]) })
	for i := 1; i < len(keys); i++ {
		if byKey[keys[i]] <= byKey[keys[i-1]] {
			t.Fatalf("%v sorts after %v in the reference but %v <= %v", keys[i], keys[i-1], byKey[keys[i]], byKey[keys[i-1]])
		}
	}
}

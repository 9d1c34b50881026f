package cards

import (
	"slices"
	"testing"
)

func TestEvalLow27(t *testing.T) {
	cases := []struct {
		cards, want string
		cat         Category
	}{
		{"7c 5d 4h 3s 2c", "7-5-4-3-2 low", HighCard},
		{"8c 6d 5h 3s 2c", "8-6-5-3-2 low", HighCard},
		{"Ac 5d 4h 3s 2c", "A-5-4-3-2 low", HighCard}, // no straight: the ace is high only
		{"Ac 5c 4c 3c 2c", "flush, Ace-Five-Four-Three-Two", Flush},
		{"7c 5c 4c 3c 2c", "flush, Seven-Five-Four-Three-Two", Flush},
		{"6c 5d 4h 3s 2c", "straight, Six high", Straight},
		{"2c 2d 7h 5s 3c", "pair of Twos, Seven-Five-Three kickers", OnePair},
		{"6c 5c 4c 3c 2c", "straight flush, Six high", StraightFlush},
		{"7c 5d 4h 3s", "no hand", HighCard},
		{"7c 5d 4h 3s 2c 8c", "no hand", HighCard},
		{"7c 5d 4h 3s ??", "no hand", HighCard},
		{"7c 5d 4h 3s 7c", "no hand", HighCard},
	}
	for _, c := range cases {
		l := EvalLow27(mustCards(t, c.cards))
		if l.String() != c.want || l.Category() != c.cat {
			t.Errorf("%s: %v (%v), want %q (%v)", c.cards, l, l.Category(), c.want, c.cat)
		}
	}
	if NoLow27.Ranks() != nil || NoLow27.High() != NoHand {
		t.Error("NoLow27 reads as a hand")
	}
}

func TestLow27Ordering(t *testing.T) {
	// Each hand is a worse deuce-to-seven low than the one before it.
	ladder := []string{
		"7c5d4h3s2c", "7c6d4h3s2c", "7c6d5h4s2c", "8c5d4h3s2c", "8c6d5h4s3c", "9c5d4h3s2c",
		"KcQdJhTs8c", // the worst king high
		"Ac5d4h3s2c", // the best ace high
		"AcKdQhJs9c", // the worst unpaired hand
		"2c2d5h4s3c", "AcAdKhQsJc", "2c2d3h3s4c", "AcAdAhKsQc",
		"6c5d4h3s2c", // the best straight: A-2-3-4-5 is none
		"AcKdQhJsTc",
		"7c5c4c3c2c", "Ac5c4c3c2c", "AcKcQcJc9c", "2c2d2h3s3c", "2c2d2h2s3c",
		"6c5c4c3c2c", "AcKcQcJcTc",
	}
	prev := Low27Rank(0)
	for _, s := range ladder {
		l := EvalLow27(mustCards(t, s))
		if l <= prev {
			t.Errorf("%s (%v) is not worse than the hand before it (%v)", s, l, prev)
		}
		prev = l
	}
	if prev >= NoLow27 {
		t.Error("NoLow27 must be worse than every hand")
	}
}

// refLow27Key is the slow reference value of five cards as a high hand
// with the ace high only: the class (high card 0 ... straight flush 8, as
// Category), then the ranks (Two 2 ... Ace 14) by group size and rank,
// highest first. A larger key is a better high hand, so a worse 2-7 low.
func refLow27Key(five []Card) [6]int {
	var n [15]int
	suited := true
	for _, c := range five {
		n[int(c.Rank())+2]++
		suited = suited && c.Suit() == five[0].Suit()
	}
	var rs []int
	for size := 4; size >= 1; size-- {
		for v := 14; v >= 2; v-- {
			if n[v] == size {
				for range size {
					rs = append(rs, v)
				}
			}
		}
	}
	straight := n[rs[0]] == 1 && n[rs[1]] == 1 && rs[0]-rs[4] == 4 // five distinct in a row
	var class int
	switch top, next := n[rs[0]], n[rs[n[rs[0]]%5]]; {
	case straight && suited:
		class = 8
	case top == 4:
		class = 7
	case top == 3 && next == 2:
		class = 6
	case suited:
		class = 5
	case straight:
		class = 4
	case top == 3:
		class = 3
	case top == 2 && next == 2:
		class = 2
	case top == 2:
		class = 1
	}
	return [6]int{class, rs[0], rs[1], rs[2], rs[3], rs[4]}
}

// TestAllFiveCardLow27 evaluates all 2,598,960 five-card hands: each value
// has the reference's category and ranks, the category counts are the
// high-hand counts with the 1,024 A-2-3-4-5 hands moved from straights to
// high cards and flushes, and the Low27Rank order of the 7,462 distinct
// values is the reference order.
func TestAllFiveCardLow27(t *testing.T) {
	var counts [9]int
	byKey := map[[6]int]Low27Rank{}
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
						l, key := EvalLow27(h[:]), refLow27Key(h[:])
						got := [6]int{int(l.Category())}
						for i, r := range l.Ranks() {
							got[i+1] = int(r) + 2
						}
						if got != key {
							t.Fatalf("%s: %v, reference %v", FormatList(h[:]), l, key)
						}
						if old, ok := byKey[key]; ok && old != l {
							t.Fatalf("%s: %v, but the same hand elsewhere was %v", FormatList(h[:]), l, old)
						}
						byKey[key] = l
						counts[l.Category()]++
					}
				}
			}
		}
	}
	want := [9]int{1302540 + 1020, 1098240, 123552, 54912, 10200 - 1020, 5108 + 4, 3744, 624, 40 - 4}
	if counts != want {
		t.Errorf("category counts %v, want %v", counts, want)
	}
	keys := make([][6]int, 0, len(byKey))
	for k := range byKey {
		keys = append(keys, k)
	}
	slices.SortFunc(keys, func(a, b [6]int) int { return slices.Compare(a[:], b[:]) })
	for i := 1; i < len(keys); i++ {
		if byKey[keys[i]] <= byKey[keys[i-1]] {
			t.Fatalf("%v sorts after %v in the reference but %v <= %v", keys[i], keys[i-1], byKey[keys[i]], byKey[keys[i-1]])
		}
	}
	if len(keys) != 7462 {
		t.Errorf("%d distinct values, want 7462", len(keys))
	}
}

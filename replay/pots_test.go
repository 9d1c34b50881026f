package replay

import (
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/handaudit/handaudit/hand"
)

// TestSinglePotSameAsSidePots: where singlePot takes a hand, it builds
// exactly the pots of SidePots, with and without pooled memory.
func TestSinglePotSameAsSidePots(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	mem := new(traceMem)
	taken := 0
	for range 20000 {
		n := 2 + r.IntN(9)
		committed := make([]hand.Amount, n)
		live := make([]bool, n)
		level := hand.Amount(r.IntN(4) * 50)
		for i := range committed {
			live[i] = r.IntN(3) > 0
			switch r.IntN(6) {
			case 0:
				committed[i] = hand.Amount(r.IntN(300))
			case 1:
				committed[i] = 0
			default:
				committed[i] = level
			}
			if !live[i] && r.IntN(2) == 0 {
				committed[i] = min(committed[i], level)
			}
		}
		dead := hand.Amount(r.IntN(3) * 10)
		var liveMask uint64
		for i, l := range live {
			if l {
				liveMask |= 1 << uint(i)
			}
		}
		for _, m := range []*traceMem{nil, mem} {
			got, ok := singlePot(committed, liveMask, dead, m)
			if !ok {
				continue
			}
			taken++
			want := SidePots(committed, live, dead)
			if len(got) == 0 && len(want) == 0 {
				continue
			}
			if !reflect.DeepEqual(got, want) {
				t.Fatalf("committed %v live %v dead %d: singlePot %+v, SidePots %+v", committed, live, dead, got, want)
			}
		}
	}
	if taken < 1000 {
		t.Fatalf("singlePot took only %d cases", taken)
	}
}

// sidePotsBefore is SidePots (merge) and PotLayers (no merge) as they were
// built before layers: a level's mask and its chips in separate passes.
func sidePotsBefore(committed []hand.Amount, live []bool, dead hand.Amount, merge bool) []Pot {
	var levels []hand.Amount
	if merge && dead > 0 {
		levels = append(levels, 0)
	}
	for _, c := range committed {
		if c <= 0 {
			continue
		}
		j := len(levels)
		for j > 0 && levels[j-1] > c {
			j--
		}
		if j > 0 && levels[j-1] == c {
			continue
		}
		levels = append(levels, 0)
		copy(levels[j+1:], levels[j:])
		levels[j] = c
	}
	if len(levels) == 0 {
		return nil
	}
	type group struct {
		mask          uint64
		amount, level hand.Amount
	}
	var gs []group
	var prev hand.Amount
	for k, l := range levels {
		var mask uint64
		var amt hand.Amount
		for i, c := range committed {
			if live[i] && c >= l {
				mask |= 1 << uint(i)
			}
			amt += min(c, l) - min(c, prev)
		}
		if k == 0 {
			amt += dead
		}
		prev = l
		if merge && len(gs) > 0 && (mask == gs[len(gs)-1].mask || mask == 0) {
			gs[len(gs)-1].amount += amt
			gs[len(gs)-1].level = l
			continue
		}
		gs = append(gs, group{mask, amt, l})
	}
	pots := make([]Pot, len(gs))
	for k, g := range gs {
		pots[k] = Pot{Amount: g.amount, Level: g.level, Eligible: []int{}}
		for i := range committed {
			if g.mask&(1<<uint(i)) != 0 {
				pots[k].Eligible = append(pots[k].Eligible, i)
			}
		}
	}
	return pots
}

// TestSidePotsSameAsBefore: the layers built in one pass per level give
// the pots of the two-pass construction.
func TestSidePotsSameAsBefore(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for range 50000 {
		n := 2 + r.IntN(11)
		committed := make([]hand.Amount, n)
		live := make([]bool, n)
		for i := range committed {
			live[i] = r.IntN(3) > 0
			committed[i] = hand.Amount(r.IntN(8)*25 - 10*r.IntN(2))
		}
		dead := hand.Amount(r.IntN(3) * 10)
		for _, merge := range []bool{false, true} {
			var got, want []Pot
			if merge {
				got, want = SidePots(committed, live, dead), sidePotsBefore(committed, live, dead, true)
			} else {
				got, want = PotLayers(committed, live), sidePotsBefore(committed, live, 0, false)
			}
			if len(got) == 0 && len(want) == 0 {
				continue
			}
			if !reflect.DeepEqual(got, want) {
				t.Fatalf("committed %v live %v dead %d merge %v: got %+v, want %+v", committed, live, dead, merge, got, want)
			}
		}
	}
}

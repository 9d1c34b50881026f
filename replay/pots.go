package replay

import (
	"math/bits"

	"github.com/handaudit/handaudit/hand"
)

// PotLayers splits the chips put in (committed, by seat) into one layer per
// distinct contribution level, folded players' levels included: each layer
// holds, from every player, the chips between the previous level and its
// own. Eligible are the live players (live[i]: not folded) who reached the
// level. This is how the seeds' worked example lays the pots out (seed
// 002: $2,750 in main $300 and side pots $1,000, $400, $450, $600).
func PotLayers(committed []hand.Amount, live []bool) []Pot {
	masks, levels := layerMasks(committed, live, false, nil, nil)
	return buildPots(committed, masks, levels, 0, false, nil)
}

// SidePots builds the main and side pots a dealer makes (TDA 21) from the
// live chips each player put in (committed, not counting dead money) and
// the dead money (antes, dead blinds), which goes to the main pot: every
// live player contests it, as the big blind's ante is posted for the whole
// table. Layers with the same eligible players are one pot, so a side pot
// starts only where a live player is all-in; chips of folded players stay
// in the pots they reached. Chips above every live player's level (only in
// a broken record) go to the last pot.
func SidePots(committed []hand.Amount, live []bool, dead hand.Amount) []Pot {
	masks, levels := layerMasks(committed, live, dead > 0, nil, nil)
	return buildPots(committed, masks, levels, dead, true, nil)
}

// layerMasks returns, per distinct contribution level in ascending order,
// the bit set of live players who reached it. Level 0 is included when
// zero is set (dead money that every live player contests).
func layerMasks(committed []hand.Amount, live []bool, zero bool, masks []uint64, levels []hand.Amount) ([]uint64, []hand.Amount) {
	levels = levels[:0]
	if zero {
		levels = append(levels, 0)
	}
	for _, c := range committed {
		if c <= 0 {
			continue
		}
		// Insert c into the sorted distinct levels.
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
	masks = masks[:0]
	for _, l := range levels {
		var mask uint64
		for i, c := range committed {
			if live[i] && c >= l {
				mask |= 1 << uint(i)
			}
		}
		masks = append(masks, mask)
	}
	return masks, levels
}

// buildPots turns layers into Pots, the dead money into the first, merging
// layers with the same eligible set when merge is set. The pots take their
// memory from mem (nil: newly allocated).
func buildPots(committed []hand.Amount, masks []uint64, levels []hand.Amount, dead hand.Amount, merge bool, mem *traceMem) []Pot {
	if len(levels) == 0 {
		return nil
	}
	// Decide the groups first so that one backing array holds every
	// Eligible slice.
	type group struct {
		mask   uint64
		amount hand.Amount
		level  hand.Amount
	}
	// Hands have few pots: the groups fit a stack array.
	var gbuf [16]group
	gs := gbuf[:0]
	var prev hand.Amount
	for k, l := range levels {
		var amt hand.Amount
		for _, c := range committed {
			amt += min(c, l) - min(c, prev)
		}
		if k == 0 {
			amt += dead
		}
		prev = l
		if merge && len(gs) > 0 && (masks[k] == gs[len(gs)-1].mask || masks[k] == 0) {
			gs[len(gs)-1].amount += amt
			gs[len(gs)-1].level = l
			continue
		}
		gs = append(gs, group{mask: masks[k], amount: amt, level: l})
	}
	total := 0
	for _, g := range gs {
		total += bits.OnesCount64(g.mask)
	}
	backing := mem.eligibleFor(total)
	pots := mem.potsFor(len(gs))
	for k, g := range gs {
		start := len(backing)
		for x := g.mask; x != 0; x &= x - 1 {
			backing = append(backing, bits.TrailingZeros64(x))
		}
		pots[k] = Pot{Amount: g.amount, Level: g.level, Eligible: backing[start:len(backing):len(backing)]}
	}
	return pots
}

// allocateRake takes the claimed rake (and fees) out of the pots. When the
// record states its pots and they differ from the built pots by exactly the
// rake, that per-pot split is the record's own (PokerStars takes its
// percentage from the main pot first, then the side pots, up to the cap);
// otherwise the rake comes from the main pot first, then each side pot.
func allocateRake(pots []Pot, rake hand.Amount, recorded []hand.Amount) {
	if rake <= 0 || len(pots) == 0 {
		return
	}
	if len(recorded) == len(pots) {
		var sum hand.Amount
		ok := true
		for k := range pots {
			d := pots[k].Amount - recorded[k]
			if d < 0 {
				ok = false
				break
			}
			sum += d
		}
		if ok && sum == rake {
			for k := range pots {
				pots[k].Rake = pots[k].Amount - recorded[k]
			}
			return
		}
	}
	left := rake
	for k := range pots {
		take := min(left, pots[k].Amount)
		pots[k].Rake = take
		left -= take
		if left == 0 {
			return
		}
	}
}

// ExpectedRake is the rake the ruleset's rake rule gives for a pot of
// total chips: the percentage rounded down to the smallest unit, capped,
// and nothing without a flop under no flop, no drop. ok is false when the
// ruleset has no rake rule.
func (rs *Ruleset) ExpectedRake(total hand.Amount, sawFlop bool) (rake hand.Amount, ok bool) {
	if !rs.HasRakeRule {
		return 0, false
	}
	if rs.NoFlopNoDrop && !sawFlop {
		return 0, true
	}
	// total*bp/10000 without overflow for any realistic pot.
	r := hand.Amount(int64(total) / 10000 * rs.RakeBasisPoints)
	r += hand.Amount(int64(total) % 10000 * rs.RakeBasisPoints / 10000)
	if rs.RakeCap > 0 {
		r = min(r, hand.Amount(rs.RakeCap))
	}
	return r, true
}

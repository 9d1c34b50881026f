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
	return buildPots(layers(committed, live, false, nil), 0, false, nil)
}

// SidePots builds the main and side pots a dealer makes (TDA 21) from the
// chips each player put in (committed, antes included, dead money not) and
// the dead money (dead blinds, the big blind's ante), which goes to the
// main pot: every live player contests it, as the big blind's ante is
// posted for the whole table. Layers with the same eligible players are one pot, so a side pot
// starts only where a live player is all-in; chips of folded players stay
// in the pots they reached. Chips above every live player's level (only in
// a broken record) go to the last pot.
func SidePots(committed []hand.Amount, live []bool, dead hand.Amount) []Pot {
	return buildPots(layers(committed, live, dead > 0, nil), dead, true, nil)
}

// singlePot is SidePots for the common hand without a side pot: every live
// player (live: bit i for seat i) put in the same live chips and no one
// more. Every layer then has the same eligible players, so SidePots would
// merge them all into one pot of every chip; singlePot builds it without
// sorting the levels. ok is false for any other hand.
func singlePot(committed []hand.Amount, live uint64, dead hand.Amount, mem *traceMem) (pots []Pot, ok bool) {
	if live == 0 || bits.Len64(live) > len(committed) {
		return nil, false
	}
	level := committed[bits.TrailingZeros64(live)]
	if level < 0 {
		return nil, false
	}
	for x := live; x != 0; x &= x - 1 {
		if committed[bits.TrailingZeros64(x)] != level {
			return nil, false
		}
	}
	var amount hand.Amount
	for _, c := range committed {
		if uint64(c) > uint64(level) { // c < 0 or c > level (level >= 0)
			return nil, false
		}
		amount += c
	}
	if level == 0 && dead == 0 {
		return nil, true // no chips, no pot
	}
	nLive := bits.OnesCount64(live)
	eligible := mem.eligibleFor(nLive)
	for x := live; x != 0; x &= x - 1 {
		eligible = append(eligible, bits.TrailingZeros64(x))
	}
	pots = mem.potsFor(1)
	pots[0] = Pot{Amount: amount + dead, Level: level, Eligible: eligible[:nLive:nLive]}
	return pots, true
}

// layer is the chips between one contribution level and the one below it.
type layer struct {
	level  hand.Amount
	amount hand.Amount // the chips of every player between the level below and this one
	mask   uint64      // the live players who reached the level
}

// layers returns one layer per distinct contribution level, in ascending
// order, in ls's memory. Level 0 is included when zero is set (dead money
// that every live player contests).
func layers(committed []hand.Amount, live []bool, zero bool, ls []layer) []layer {
	ls = ls[:0]
	if zero {
		ls = append(ls, layer{})
	}
	// Insert each level into the sorted distinct levels, its layer
	// counting (in amount) the players who put in just that level and
	// masking the live ones among them.
	var zeroMask uint64 // the live players who put in no live chips
	for i, c := range committed {
		var bit uint64
		if live[i] {
			bit = 1 << uint(i)
		}
		if c <= 0 {
			if c == 0 {
				zeroMask |= bit
			}
			continue
		}
		j := len(ls)
		for j > 0 && ls[j-1].level > c {
			j--
		}
		if j > 0 && ls[j-1].level == c {
			ls[j-1].amount++
			ls[j-1].mask |= bit
			continue
		}
		ls = append(ls, layer{})
		copy(ls[j+1:], ls[j:])
		ls[j] = layer{level: c, amount: 1, mask: bit}
	}
	// A layer is reached by every player at or above its level, counted
	// from the top down. No one put in chips strictly between two levels,
	// so a layer holds its height from each of them.
	var reached hand.Amount
	var mask uint64
	for k := len(ls) - 1; k >= 0; k-- {
		reached += ls[k].amount
		mask |= ls[k].mask
		var below hand.Amount
		if k > 0 {
			below = ls[k-1].level
		}
		ls[k].mask = mask
		ls[k].amount = (ls[k].level - below) * reached
	}
	if zero {
		ls[0].mask |= zeroMask // level 0 is reached by everyone who put in no live chips too
	}
	return ls
}

// buildPots turns layers into Pots, the dead money into the first, merging
// layers with the same eligible set when merge is set (in ls's memory). The
// pots take their memory from mem (nil: newly allocated).
func buildPots(ls []layer, dead hand.Amount, merge bool, mem *traceMem) []Pot {
	if len(ls) == 0 {
		return nil
	}
	// Merge first so that one backing array holds every Eligible slice.
	gs := ls[:0]
	for k, l := range ls {
		if k == 0 {
			l.amount += dead
		}
		if merge && len(gs) > 0 && (l.mask == gs[len(gs)-1].mask || l.mask == 0) {
			gs[len(gs)-1].amount += l.amount
			gs[len(gs)-1].level = l.level
			continue
		}
		gs = append(gs, l)
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

// allocateRake takes the claimed rake (and fees) out of the pots. A record
// states the rake as a total: how the room shared it among the pots is
// read from the record, never assumed. In order:
//
//   - collected, the record's collects from each pot (nil when they do not
//     name their pots): each pot's rake is what the record says was
//     collected from it less the pot, when none is negative and they add
//     up to the rake, or to what the record's listed pots say (listed pots
//     that agree with the collects: then the stated total is what is wrong,
//     and pot.rake-mismatch says so once);
//   - recorded, the record's listed pots, after rake: each pot's rake is
//     the pot less its listed amount, when they add up to the rake;
//   - otherwise the main pot first, then each side pot.
func allocateRake(pots []Pot, rake hand.Amount, recorded, collected []hand.Amount) {
	if rake <= 0 || len(pots) == 0 {
		return
	}
	if len(collected) == len(pots) && len(pots) > 1 {
		var sum hand.Amount
		ok, listed := true, len(recorded) == len(pots)
		for k := range pots {
			d := pots[k].Amount - collected[k]
			ok = ok && d >= 0
			listed = listed && recorded[k] == collected[k]
			sum += d
		}
		if ok && (sum == rake || listed) {
			for k := range pots {
				pots[k].Rake = pots[k].Amount - collected[k]
			}
			return
		}
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

// collectedByPot is what the record's collects take from each of n pots,
// in buf's memory, or nil when a collect does not name its pot (or names
// one the rules do not make) or the record has none.
func collectedByPot(actions []hand.Action, n int, buf []hand.Amount) []hand.Amount {
	buf = grow(buf, n)
	seen := false
	for i := range actions {
		a := &actions[i]
		if a.Kind != hand.Collect {
			continue
		}
		if a.Pot < 0 || a.Pot >= n {
			return nil
		}
		buf[a.Pot] += a.Amount
		seen = true
	}
	if !seen {
		return nil
	}
	return buf
}

// ExpectedRake is the rake the ruleset's rake rule gives for a pot of
// total chips in a hand of the given scale: the percentage rounded down to
// the smallest unit, capped (the cap is in the currency's or the chips' own
// unit), and nothing without a flop under no flop, no drop. ok is false
// when the ruleset has no rake rule.
func (rs *Ruleset) ExpectedRake(total hand.Amount, sawFlop bool, scale int64) (rake hand.Amount, ok bool) {
	if !rs.HasRakeRule {
		return 0, false
	}
	if rs.NoFlopNoDrop && !sawFlop {
		return 0, true
	}
	// total*bp/10000 without overflow for any realistic pot.
	r := hand.Amount(int64(total) / 10000 * rs.RakeBasisPoints)
	r += hand.Amount(int64(total) % 10000 * rs.RakeBasisPoints / 10000)
	if !rs.RakeCap.IsZero() {
		c, _ := rs.RakeCap.In(scale)
		r = min(r, c)
	}
	return r, true
}

// ImplausibleRake says why an implied rake is not one a room plausibly
// takes, with no house rake rule to judge it by, or "" when it is: more
// than a tenth of the pot, or any rake on a pot won uncontested before the
// flop (no flop, no drop). The replay reads a record's payouts by it
// (notReturned) as the checks note implied rakes by it (pot.implied-rake).
func ImplausibleRake(pot, rake hand.Amount, flop, contested bool) string {
	switch {
	case rake <= 0:
		return ""
	case !flop && !contested:
		return "a pot won uncontested before the flop, where no room takes a rake"
	case rake*10 > pot:
		return "more than a tenth of the pot"
	}
	return ""
}

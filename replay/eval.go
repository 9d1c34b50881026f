package replay

import (
	"math/bits"

	"github.com/handaudit/handaudit/cards"
	"github.com/handaudit/handaudit/hand"
)

// handValue is one player's evaluated hand on one board.
type handValue struct {
	done   bool // evaluated: the rest is set
	known  bool
	high   cards.HandRank
	low    cards.LowRank
	hasLow bool
	desc   string // describeHigh(high), for the award's reason
}

// eval evaluates p's tabled hand on board b (cards speak, TDA 12), once per
// player and board, and records it in Trace.Shown.
func (m *machine) eval(p, b int) *handValue {
	v := &m.evals[b][p]
	if !v.done {
		m.evaluate(v, p, b)
	}
	return v
}

// evaluate is eval without the memory: it fills v, which pushChips
// cleared, in place (a handValue returned would be copied, its string
// through a write barrier).
func (m *machine) evaluate(v *handValue, p, b int) {
	v.done = true
	if !m.boardReady[b] {
		return
	}
	hole := m.handCards(p)
	if hole == nil {
		return
	}
	// The board is read where it is used: held across the calls below, it was saved and reloaded.
	var high cards.HandRank
	var best []cards.Card
	switch m.h.Game.Variant {
	case hand.Holdem:
		// handCards and boardReady make these seven known cards, so only a
		// card repeated between hand and board is left to rule out before
		// the unchecked seven-card evaluator.
		var all [7]cards.Card
		copy(all[:2], hole)
		copy(all[2:], m.tr.Boards[b])
		high = cards.NoHand
		if distinct(all[:]) {
			high = cards.Eval7(&all)
			if !m.tr.Terse {
				best = cards.BestFive(all[:])
			}
		}
	default:
		high = m.omaha[b].Eval(hole) // EvalOmaha(hole, board): pushChips set the board up
		if high != cards.NoHand && !m.tr.Terse {
			best = cards.BestOmahaFive(hole, m.tr.Boards[b])
		}
		if m.h.Game.Variant == hand.OmahaHiLo {
			v.low, v.hasLow = cards.EvalOmahaLow8(hole, m.tr.Boards[b])
		}
	}
	if high == cards.NoHand {
		// A card repeated between the hand and the board: the record's
		// cards cannot be read as a hand, so they make no claim.
		v.low, v.hasLow = 0, false
		return
	}
	v.known, v.high = true, high
	if m.tr.Shown == nil {
		// At most every live player on every board is shown.
		m.tr.Shown = m.tr.mem.shownFor(m.countIn() * max(len(m.tr.Boards), 1))
	}
	m.tr.Shown = append(m.tr.Shown, ShownHand{Player: p, Cards: hole, Board: b, High: high, Low: v.low, HasLow: v.hasLow, Best: best})
	if !m.tr.Terse {
		v.desc = describeHigh(high)
		desc := v.desc
		if v.hasLow {
			desc += "; low " + describeLow(v.low)
		}
		m.tr.Shown[len(m.tr.Shown)-1].Desc = desc
	}
}

// distinct reports whether the known cards cs hold no card twice: as many
// cards as bits set (no branch a card).
func distinct(cs []cards.Card) bool {
	var seen uint64
	for _, c := range cs {
		seen |= 1 << (c & 63)
	}
	return bits.OnesCount64(seen) == len(cs)
}

func allKnown(cs []cards.Card) bool {
	for _, c := range cs {
		if !c.Known() {
			return false
		}
	}
	return true
}

func describeHigh(r cards.HandRank) string { return r.Describe() }

func describeLow(r cards.LowRank) string { return r.String() }

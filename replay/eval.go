package replay

import (
	"math/bits"

	"github.com/handaudit/handaudit/cards"
)

// handValue is one player's evaluated hand on one board.
type handValue struct {
	done   bool // evaluated: the rest is set
	known  bool
	hasLow bool
	// score is the hand's value for the pot (the high half of a hi/lo
	// pot): a larger score wins. It is the high hand's HandRank in the
	// high games, and an inverted low in razz and the low draw games.
	// (The fields are in this order so that a handValue is 32 bytes.)
	score uint32
	high  cards.HandRank // the high hand (NoHand in the low-only games)
	low   cards.LowRank  // the eight-or-better low of a hi/lo game
	desc  string         // the hand in words, for the award's reason
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
	switch m.game.score {
	case scoreHoldem:
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
	case scoreOmaha:
		high = m.omaha[b].Eval(hole) // EvalOmaha(hole, board): pushChips set the board up
		if high != cards.NoHand && !m.tr.Terse {
			best = cards.BestOmahaFive(hole, m.tr.Boards[b])
		}
		if m.game.hiLo {
			v.low, v.hasLow = cards.EvalOmahaLow8(hole, m.tr.Boards[b])
		}
	default:
		// The games without a board, and short deck (eval_games.go).
		best, ok := m.evaluateGame(v, hole, b)
		if ok {
			m.shownHand(v, p, b, hole, best)
		}
		return
	}
	if high == cards.NoHand {
		// A card repeated between the hand and the board: the record's
		// cards cannot be read as a hand, so they make no claim.
		v.low, v.hasLow = 0, false
		return
	}
	v.known, v.high, v.score = true, high, uint32(high)
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

// shownHand records p's hand v on board b, valued by evaluateGame, in
// Trace.Shown, with best, the cards that make it. (evaluate does the same
// for hold'em and Omaha in place: a call there costs on every showdown.)
func (m *machine) shownHand(v *handValue, p, b int, hole, best []cards.Card) {
	if m.tr.Shown == nil {
		m.tr.Shown = m.tr.mem.shownFor(m.countIn() * max(len(m.tr.Boards), 1))
	}
	m.tr.Shown = append(m.tr.Shown, ShownHand{Player: p, Cards: hole, Board: b, High: v.high, Low: v.low, HasLow: v.hasLow, Best: best})
	if !m.tr.Terse {
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

package replay

import (
	"slices"

	"github.com/handaudit/handaudit/cards"
)

// evaluateGame values p's tabled cards hole (known, as many as the game's
// hand holds) in the games evaluate does not: short deck on board b, and
// the games without a board, where the hand is the player's own cards. It
// fills v and returns the cards that make the hand (nil in a terse trace)
// and whether the cards make one (a repeated card makes none).
func (m *machine) evaluateGame(v *handValue, hole []cards.Card, b int) (best []cards.Card, ok bool) {
	terse := m.tr.Terse
	switch m.game.score {
	case scoreShortDeck:
		all := make([]cards.Card, 0, 7)
		all = append(append(all, hole...), m.tr.Boards[b]...)
		r := cards.EvalShortDeck(all, cards.ShortDeckStraightBeatsTrips)
		if r == cards.NoShortDeckHand {
			return nil, false
		}
		v.score, v.high = uint32(r), r.High()
		if !terse {
			v.desc, best = r.Describe(), cards.BestShortDeck(all, cards.ShortDeckStraightBeatsTrips)
		}
	case scoreStud, scoreDrawHigh:
		r := cards.EvalHigh(hole)
		if r == cards.NoHand {
			return nil, false
		}
		v.score, v.high = uint32(r), r
		if m.game.hiLo {
			v.low, v.hasLow = cards.EvalLow8(hole)
		}
		if !terse {
			v.desc, best = describeHigh(r), cards.BestFive(hole)
		}
	case scoreRazz:
		l := cards.EvalLowA5(hole)
		if l == cards.NoLow {
			return nil, false
		}
		v.score = ^uint32(l) // the lowest wins
		if !terse {
			v.desc, best = l.String(), cards.BestLowA5(hole)
		}
	case scoreDeuceSeven:
		l := cards.EvalLow27(hole)
		if l == cards.NoLow27 {
			return nil, false
		}
		v.score = ^uint32(l)
		if !terse {
			v.desc, best = l.String(), slices.Clone(hole)
		}
	case scoreBadugi:
		l := cards.EvalBadugi(hole)
		if l == cards.NoBadugi {
			return nil, false
		}
		v.score = ^uint32(l)
		if !terse {
			v.desc, best = l.String(), cards.BestBadugi(hole)
		}
	default:
		return nil, false
	}
	v.known = true
	return best, true
}

// studOddChipOrder orders the winners ws of one half of a pot for
// the odd chips of a stud game (TDA 20-B): the player whose five-card
// winning hand holds the high card by suit first. The high card is the
// highest-ranking card of the five (aces low in razz and in a low half),
// and of two such cards the higher suit: spades, hearts, diamonds, clubs.
func (m *machine) studOddChipOrder(ws []int, half Half) {
	key := func(p int) int {
		hole := m.handCards(p)
		var five []cards.Card
		aceLow := false
		switch {
		case half == Low:
			five, aceLow = cards.BestLow8(hole), true
		case m.game.score == scoreRazz:
			five, aceLow = cards.BestLowA5(hole), true
		default:
			five = cards.BestFive(hole)
		}
		top := -1
		for _, c := range five {
			r := int(c.Rank())
			if aceLow {
				r = (r + 1) % 13
			}
			top = max(top, r*4+int(c.Suit()))
		}
		return top
	}
	slices.SortStableFunc(ws, func(x, y int) int { return key(y) - key(x) })
}

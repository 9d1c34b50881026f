package pokerstars

// The lines of the stud and draw games, in the order a hand is written:
// the deals ("*** 3rd STREET ***" to "*** 6th STREET ***" and stud's
// "*** RIVER ***"; the draw games' "*** DEALING HANDS ***" and "*** FIRST
// DRAW ***"...), the cards each player is dealt ("Dealt to NAME [3s]
// [Kh]"), the bring-in and its completion ("brings in for $0.02",
// "completes it to $0.04") and the draws ("discards 2 cards [Kh Th]",
// "stands pat").
//
// A deal is recorded as the rules engine replays it (see hand.Action):
// on each stud street, a DealHole to each player still in the hand of the
// cards that street gives (three on third street, then one), unknown
// until a "Dealt to" line names them; in a draw, a Discard of the cards
// thrown (unknown where the record does not show them) and a DealHole of
// as many replacements. Up cards are not marked (UpRecorded stays false):
// PokerStars deals them where the game's rules say (the engine's table).

import (
	"bytes"

	"github.com/handaudit/handaudit/cards"
	"github.com/handaudit/handaudit/hand"
)

// studDrawMarker reads the section lines of a stud or draw game (v)
// that are not those of the board games, and reports whether it did.
func (p *psParser) studDrawMarker(v hand.Variant, name, tail []byte, n int) (bool, error) {
	switch {
	case v.IsStud() && string(name) == "RIVER" && len(tail) > 0:
		// Seventh street with too few cards left for every player: one
		// card dealt face up to the board, which all share.
		if p.state != psBetting || len(p.boards[0]) > 0 || tail[0] != ' ' {
			return true, psErrorf("misplaced *** RIVER ***")
		}
		cs, err := p.bracketCards(tail[1:], true)
		if err != nil {
			return true, err
		}
		p.bringInOpen = false
		return true, p.streetDealt(name, 0, 1, cs, nil, n)
	case v.IsStud() && (psStudStreet(name) || string(name) == "RIVER"):
		if len(tail) > 0 {
			return true, psErrorf("unexpected text after the street")
		}
		return true, p.studStreet(name, n)
	case v.IsDraw() && string(name) == "DEALING HANDS":
		if p.state != psPreDeal || len(tail) > 0 {
			return true, psErrorf("misplaced *** DEALING HANDS ***")
		}
		p.state = psBetting
		p.dealHoles(n)
		return true, nil
	case v.IsDraw() && (string(name) == "FIRST DRAW" || string(name) == "SECOND DRAW" || string(name) == "THIRD DRAW"):
		// The draw itself is told by its discards (see discard).
		if p.state != psBetting || len(tail) > 0 {
			return true, psErrorf("misplaced *** %s ***", name)
		}
		return true, nil
	}
	return false, nil
}

// studStreet reads a stud street line ("3rd STREET" ... "6th STREET", and
// "RIVER", seventh street, without cards): it deals each player still in
// the hand his cards of the street, unknown until "Dealt to" names them.
func (p *psParser) studStreet(name []byte, n int) error {
	if name[0] == '3' {
		if p.state != psPreDeal {
			return psErrorf("misplaced *** 3rd STREET ***")
		}
		p.state = psBetting
		p.dealRound(n, 3, func(i int) bool { return !p.seats[i].SittingOut })
		p.bringInOpen = false
		return nil
	}
	if p.state != psBetting {
		return psErrorf("street dealt outside the betting rounds")
	}
	in := p.stillIn()
	p.dealRound(n, 1, func(i int) bool { return in[i] })
	p.bringInOpen = false
	return nil
}

// psStudStreet reports whether name is a stud street's section name.
func psStudStreet(name []byte) bool {
	switch string(name) {
	case "3rd STREET", "4th STREET", "5th STREET", "6th STREET":
		return true
	}
	return false
}

// stillIn says, by seat index, who is still in the hand: dealt in and not
// folded since.
func (p *psParser) stillIn() []bool {
	in := make([]bool, len(p.seats))
	for i := range p.actions {
		a := &p.actions[i]
		if a.Player < 0 || a.Player >= len(in) {
			continue
		}
		switch a.Kind {
		case hand.DealHole:
			in[a.Player] = true
		case hand.Fold:
			in[a.Player] = false
		}
	}
	return in
}

// dealRound adds a DealHole of count unknown cards, at line n, for each
// seat that in says is dealt, in dealing order from the left of the
// button (in seat order where there is none, as in stud).
func (p *psParser) dealRound(n, count int, in func(i int) bool) {
	start := 0
	for i := range p.seats {
		if p.seats[i].Number == p.h.Button {
			start = i + 1
		}
	}
	for k := range p.seats {
		i := (start + k) % len(p.seats)
		if !in(i) {
			continue
		}
		p.actions = append(p.actions, hand.Action{Kind: hand.DealHole, Player: i,
			Cards: p.h.NewCardsOf(count, cards.Unknown), Pos: hand.Pos{File: p.r.file, Line: n}})
	}
}

// dealtMore reads "Dealt to NAME [cards]" or "Dealt to NAME [cards so
// far] [new cards]" of a stud or draw game, if rest starts with sn's name
// and a bracket: the new cards (the last bracket's) are those of sn's
// latest deal (its last ones: on third street the other players' up
// card). It reports true when it read the line (with or without error).
func (p *psParser) dealtMore(sn *psSeatName, rest []byte, n int) (bool, error) {
	l := len(sn.name)
	if len(rest) <= l+2 || string(rest[:l]) != sn.name || rest[l] != ' ' || rest[l+1] != '[' {
		return false, nil
	}
	b := rest[l+1:]
	if k := bytes.Index(b, []byte("] [")); k >= 0 {
		if _, err := p.bracketCards(b[:k+1], true); err != nil {
			return true, err
		}
		b = b[k+2:]
	}
	cs, err := p.bracketCards(b, true)
	if err != nil {
		return true, err
	}
	for i := len(p.actions) - 1; i >= 0; i-- {
		a := &p.actions[i]
		if a.Kind != hand.DealHole || a.Player != sn.seat {
			continue
		}
		if len(cs) > len(a.Cards) {
			if !p.h.Game.Variant.IsDraw() || !psAllUnknown(a.Cards) {
				return true, psErrorf("%d cards dealt to %s, who was dealt %d", len(cs), sn.name, len(a.Cards))
			}
			// More cards in a draw than were thrown: the record's deal,
			// which the card checks judge (cards.wrong-count...).
			a.Cards = cs
			return true, nil
		}
		at := a.Cards[len(a.Cards)-len(cs):]
		for j, c := range cs {
			if at[j] != cards.Unknown && at[j] != c {
				return true, psErrorf("cards dealt to %s differ from those dealt before", sn.name)
			}
		}
		copy(at, cs)
		a.Pos.Line = n
		return true, nil
	}
	return true, psErrorf("cards dealt to %s, who was not dealt in", sn.name)
}

// bringIn reads "brings in for $0.02[ and is all-in]" into a.
func (p *psParser) bringIn(a *hand.Action, rest []byte) error {
	if p.state != psBetting || !p.h.Game.Variant.IsStud() {
		return psErrorf("bring-in outside a stud game's betting")
	}
	v, err := p.amountThenSuffix(rest, a)
	if err != nil {
		return err
	}
	a.Kind, a.Amount, a.HasAmount = hand.BringIn, v, true
	if !a.AllIn && p.bringInAmt == 0 {
		p.bringInAmt = v
	}
	p.bringInOpen = true
	return nil
}

// complete reads "completes it to $0.04[ and is all-in]" into a: a raise
// of the bring-in to the small bet, or a bet where no one brought in.
func (p *psParser) complete(a *hand.Action, rest []byte) error {
	if p.state != psBetting || !p.h.Game.Variant.IsStud() {
		return psErrorf("completion outside a stud game's betting")
	}
	to, err := p.amountThenSuffix(rest, a)
	if err != nil {
		return err
	}
	a.Kind, a.To, a.Amount, a.HasAmount = hand.Bet, to, to, true
	if p.bringInOpen {
		if to < p.bringInAmt {
			return psErrorf("completes to less than the bring-in")
		}
		a.Kind, a.Amount = hand.Raise, to-p.bringInAmt
		p.bringInOpen = false
	}
	return nil
}

// discard reads "discards 2 cards[ [Kh Th]]" by seat, or "stands pat[ on
// [cards]]" (pat): a Discard of the cards thrown, unknown where not
// shown, and a DealHole of as many unknown replacements, which a "Dealt
// to" line may name (see dealtMore).
func (p *psParser) discard(seat int, rest []byte, pat bool, n int) error {
	if p.state != psBetting || !p.h.Game.Variant.IsDraw() {
		return psErrorf("draw outside a draw game's betting")
	}
	pos := hand.Pos{File: p.r.file, Line: n}
	if pat {
		if len(rest) > 0 {
			if !psHas(rest, " on [") {
				return psErrorf("cannot read the stand pat")
			}
			if _, err := p.bracketCards(rest[4:], true); err != nil {
				return err
			}
		}
		p.actions = append(p.actions, hand.Action{Kind: hand.Discard, Player: seat, Pos: pos})
		return nil
	}
	i := 0
	for i < len(rest) && rest[i] >= '0' && rest[i] <= '9' {
		i++
	}
	count := psNum(rest[:i])
	tail := rest[i:]
	switch {
	case count == 1 && psHas(tail, " card"):
		tail = tail[5:]
	case count > 1 && psHas(tail, " cards"):
		tail = tail[6:]
	default:
		return psErrorf("cannot read the number of cards discarded")
	}
	if count > 52 {
		// More than the game holds is the checks' to judge
		// (draw.too-many-cards); more than a deck is no record.
		return psErrorf("%d cards discarded", count)
	}
	thrown := p.h.NewCardsOf(count, cards.Unknown)
	if string(tail) == " []" {
		// The thrown cards not written (2012's records): unknown.
		tail = nil
	}
	if len(tail) > 0 {
		if !psHas(tail, " [") {
			return psErrorf("unexpected text after the discard")
		}
		cs, err := p.bracketCards(tail[1:], true)
		if err != nil {
			return err
		}
		if len(cs) != count {
			return psErrorf("discards %d cards but shows %d", count, len(cs))
		}
		thrown = cs
	}
	// The replacements are not written (but for the hero's, see
	// dealtMore): as many as thrown, and no more than a hand holds, so
	// that a discard of too many is one fault (draw.too-many-cards).
	p.actions = append(p.actions,
		hand.Action{Kind: hand.Discard, Player: seat, Cards: thrown, Pos: pos},
		hand.Action{Kind: hand.DealHole, Player: seat, Cards: p.h.NewCardsOf(min(count, p.holeN), cards.Unknown), Pos: pos})
	return nil
}

// psAllUnknown reports whether no card of cs is known.
func psAllUnknown(cs []cards.Card) bool {
	for _, c := range cs {
		if c != cards.Unknown {
			return false
		}
	}
	return true
}

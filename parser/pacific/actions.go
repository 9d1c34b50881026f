package pacific

// Player lines before the summary: posts, "Dealt to", and the betting.
//
//	FCSM_1935 posts small blind [$0.05]
//	silas_tomkyn posts big blind [$0.10]
//	GYAMEPRO posts dead blind [$1 + $2]
//	gmartin2011 posts ante [$15]
//	Dealt to Hero [ 8d, 8h ]
//	FCSM_1935 calls [$0.05]
//	silas_tomkyn checks
//	FCSM_1935 bets [$0.10]
//	Hero raises [$2.50]
//	silas_tomkyn folds
//
// Every amount in brackets is the chips the action puts in: a raise's is
// what the player adds, not the total he raises to ("posts small blind
// [$0.50]" then "raises [$2.50]" is a raise to $3). 888 writes no all-in
// marks and no uncalled-bet returns (the uncalled part of a bet goes back
// silently, and the winner's collect leaves it out).

import (
	"bytes"
	"errors"

	"github.com/handaudit/handaudit/hand"
)

// Action verbs, after the player's name and a space.
const (
	verbFold     = "folds"
	verbCheck    = "checks"
	verbCall     = "calls ["
	verbBet      = "bets ["
	verbRaise    = "raises ["
	verbPostSB   = "posts small blind ["
	verbPostBB   = "posts big blind ["
	verbPostDead = "posts dead blind ["
	verbPostAnte = "posts ante ["
)

// knownAction reports whether rest (a line after a player's name) is a
// betting-stage action.
func knownAction(rest []byte) bool {
	if len(rest) == 0 {
		return false
	}
	switch rest[0] {
	case 'f':
		return string(rest) == verbFold
	case 'c':
		return string(rest) == verbCheck || hasPrefix(rest, verbCall)
	case 'b':
		return hasPrefix(rest, verbBet)
	case 'r':
		return hasPrefix(rest, verbRaise)
	case 'p':
		return hasPrefix(rest, "posts ")
	}
	return false
}

// bracketAmount reads "[AMT]" (all of b).
func (p *handParser) bracketAmount(b []byte) (hand.Amount, error) {
	if len(b) < 3 || b[0] != '[' || b[len(b)-1] != ']' {
		return 0, errors.New("cannot read the amount in brackets")
	}
	return p.amount(b[1 : len(b)-1])
}

// action reads a player's post or betting action.
func (p *handParser) action(b []byte, n int) error {
	seat, rest, ok := p.seatOf(b, knownAction)
	if !ok {
		return errors.New("unknown line: not a seated player's action")
	}
	h := p.h
	a := hand.Action{Player: seat, Pos: p.pos(n)}
	switch rest[0] {
	case 'p':
		return p.post(a, rest)
	case 'f':
		a.Kind = hand.Fold
	case 'c':
		if rest[1] == 'h' {
			a.Kind = hand.Check
			break
		}
		v, err := p.bracketAmount(rest[len(verbCall)-1:])
		if err != nil {
			return err
		}
		a.Kind, a.Amount, a.HasAmount = hand.Call, v, true
		p.contrib[seat] += v
	case 'b', 'r':
		k := len(verbBet) - 1
		a.Kind = hand.Bet
		if rest[0] == 'r' {
			k, a.Kind = len(verbRaise)-1, hand.Raise
		}
		v, err := p.bracketAmount(rest[k:])
		if err != nil {
			return err
		}
		p.contrib[seat] += v
		a.To = p.contrib[seat]
	}
	p.dealIfNot(n)
	p.betting = true
	h.Actions = append(h.Actions, a)
	return nil
}

// post reads "posts small blind [$0.05]", "posts big blind [$0.10]",
// "posts dead blind [$1 + $2]" (a small blind dead and a big blind live,
// as a player coming in between the blinds posts) or "posts ante [$15]".
func (p *handParser) post(a hand.Action, rest []byte) error {
	if p.betting || p.street > 0 {
		return errors.New("a forced bet after the betting began")
	}
	a.Kind, a.HasAmount = hand.Post, true
	var err error
	switch {
	case hasPrefix(rest, verbPostSB):
		a.PostKind = hand.PostSmallBlind
		a.Amount, err = p.bracketAmount(rest[len(verbPostSB)-1:])
		p.contrib[a.Player] += a.Amount
	case hasPrefix(rest, verbPostBB):
		a.PostKind = hand.PostBigBlind
		a.Amount, err = p.bracketAmount(rest[len(verbPostBB)-1:])
		p.contrib[a.Player] += a.Amount
	case hasPrefix(rest, verbPostAnte):
		a.PostKind = hand.PostAnte
		a.Amount, err = p.bracketAmount(rest[len(verbPostAnte)-1:])
		p.h.Stakes.Ante = max(p.h.Stakes.Ante, a.Amount)
	case hasPrefix(rest, verbPostDead):
		b := rest[len(verbPostDead)-1:]
		plus := bytes.Index(b, []byte(" + "))
		if plus < 0 || b[len(b)-1] != ']' {
			return errors.New("cannot read the dead blind (\"[$1 + $2]\")")
		}
		var sb, bb hand.Amount
		if sb, err = p.amount(b[1:plus]); err != nil {
			return err
		}
		if bb, err = p.amount(b[plus+3 : len(b)-1]); err != nil {
			return err
		}
		// Both parts: the big blind live, the small dead. One part
		// alone is that blind.
		switch {
		case sb > 0 && bb > 0:
			a.PostKind, a.Amount = hand.PostBothBlind, sb+bb
			p.contrib[a.Player] += bb
		case bb > 0:
			a.PostKind, a.Amount = hand.PostBigBlind, bb
			p.contrib[a.Player] += bb
		default:
			a.PostKind, a.Amount = hand.PostDead, sb
		}
	default:
		return errors.New("unknown forced bet")
	}
	if err != nil {
		return err
	}
	p.h.Actions = append(p.h.Actions, a)
	return nil
}

// dealtTo reads "Dealt to NAME [ c1, c2 ]": the cards of the player whose
// hand the export is from.
func (p *handParser) dealtTo(b []byte, n int) error {
	seat, rest, ok := p.seatOf(b, func(rest []byte) bool { return len(rest) > 0 && rest[0] == '[' })
	if !ok {
		return errors.New("cards dealt to a player not seated")
	}
	if p.street > 0 {
		return errors.New("hole cards dealt after the flop")
	}
	p.dealIfNot(n)
	cs, err := bracketCards(p.h, rest)
	if err != nil {
		return err
	}
	if len(cs) != p.h.Game.HoleCards {
		return errorf("%d hole cards dealt; the game deals %d", len(cs), p.h.Game.HoleCards)
	}
	for i := range p.h.Actions {
		if a := &p.h.Actions[i]; a.Kind == hand.DealHole && a.Player == seat {
			a.Cards = cs
			return nil
		}
	}
	return errors.New("hole cards for a player not dealt in")
}

package pacific

// The summary: who showed, who mucked, who collected what.
//
//	** Summary **
//	hank1967 shows [ 5c, 8h, 2h, Kd ]
//	(Hi: 5c, 5d, Th, Kd, As)
//	(Lo: 2h, 5d, 6d, 8h, As)
//	vallemos50 mucks [ Kc, Qh, Js, 2d ]
//	Karwendel1 did not show his hand
//	hank1967 collected [ $0.95 ]
//
// A collect does not say which pot it is from, and is after the rake:
// 888 states no pot total and no rake.

import (
	"errors"

	"github.com/handaudit/handaudit/hand"
)

// knownSummary reports whether rest (a line after a player's name) is a
// summary line.
func knownSummary(rest []byte) bool {
	return hasPrefix(rest, "shows [") || hasPrefix(rest, "mucks [") || hasPrefix(rest, "collected [") ||
		string(rest) == "did not show his hand"
}

// summaryLine reads one line of the summary.
func (p *handParser) summaryLine(b []byte, n int) error {
	if b[0] == '(' && (hasPrefix(b, "(Hi: ") || hasPrefix(b, "(Lo: ")) && b[len(b)-1] == ')' {
		return nil // the hand a shown hand makes, for people
	}
	seat, rest, ok := p.seatOf(b, knownSummary)
	if !ok {
		return errors.New("unknown line in the summary")
	}
	h := p.h
	a := hand.Action{Player: seat, Pos: p.pos(n)}
	switch rest[0] {
	case 's', 'm':
		a.Kind = hand.Show
		if rest[0] == 'm' {
			a.Kind = hand.Muck
		}
		cs, err := bracketCards(h, rest[len("shows "):])
		if err != nil {
			return err
		}
		a.Cards = cs // as many as shown: cards.wrong-count judges them
	case 'd':
		a.Kind = hand.Muck
	case 'c':
		b := rest[len("collected "):]
		if len(b) < 5 || b[1] != ' ' || b[len(b)-2] != ' ' || b[len(b)-1] != ']' {
			return errors.New("cannot read the amount collected (\"collected [ $1.50 ]\")")
		}
		v, err := p.amount(b[2 : len(b)-2])
		if err != nil {
			return err
		}
		a.Kind, a.Amount, a.HasAmount, a.Pot = hand.Collect, v, true, -1
	}
	p.dealIfNot(n)
	h.Actions = append(h.Actions, a)
	return nil
}

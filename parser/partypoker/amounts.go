package partypoker

// Amounts ("$1,234.56", "$24,72" with a decimal comma, tournament chips
// "1,200" or "1.200") into the hand's minor units, and the hand's scale,
// raised when an amount has finer fractions.

import (
	"github.com/handaudit/handaudit/hand"
	"github.com/handaudit/handaudit/parser"
)

const (
	errNoAmount = "cannot read the amount"
	errTooLarge = "amount too large"
)

// The syntaxes of PartyPoker's numbers. A comma followed by exactly three
// digits separates thousands, any other comma or a point starts the
// fraction ("$1,234.56", "$24,72"); in chips (which have no fraction) a
// point followed by exactly three digits separates thousands too
// ("Blinds-Antes(1.200/2.400 -400)").
var (
	moneySyntax = parser.NewDecimalSyntax(",", ".,", parser.KeepZeros)
	chipsSyntax = parser.NewDecimalSyntax(",.", ".,", parser.KeepZeros)
)

// money reads an amount at the start of b: an optional currency sign,
// the number, and an optional " USD" (any currency code) or " chips".
// It returns the amount in the hand's units and the bytes used.
func (p *handParser) money(b []byte) (hand.Amount, int, string) {
	i := 0
	switch {
	case hasPrefix(b, "$"):
		i = 1
	case hasPrefix(b, "€"), hasPrefix(b, "£"):
		i = len("€")
		if hasPrefix(b, "£") {
			i = len("£")
		}
	}
	for i < len(b) && b[i] == ' ' {
		i++
	}
	syntax := moneySyntax
	if p.chips {
		syntax = chipsSyntax
	}
	d, n, err := syntax.Parse(b[i:])
	switch err {
	case nil:
	case parser.ErrNegative:
		return 0, 0, "amount is negative"
	default:
		return 0, 0, errNoAmount
	}
	i += n
	v, msg := p.units(d)
	if msg != "" {
		return 0, 0, msg
	}
	if i+4 <= len(b) && b[i] == ' ' && isCode(b[i+1:i+4]) && (i+4 == len(b) || b[i+4] < 'A' || b[i+4] > 'Z') {
		i += 4
	} else if hasPrefix(b[i:], " chips") {
		i += 6
	}
	return v, i, ""
}

// amount reads b, which must be an amount and nothing else.
func (p *handParser) amount(b []byte) (hand.Amount, string) {
	v, n, msg := p.money(b)
	if msg == "" && n != len(b) {
		msg = errNoAmount
	}
	return v, msg
}

// bracketed reads "[$0.05 USD]", "[ $0,25 USD ]" or "[1,200]" at the start
// of b, and returns the amount and what follows the bracket.
func (p *handParser) bracketed(b []byte) (hand.Amount, []byte, string) {
	closing := byte(']')
	switch {
	case len(b) > 0 && b[0] == '(' && p.newer:
		closing = ')' // the newer export: "calls (1.80)"
	case len(b) == 0 || b[0] != '[':
		return 0, nil, "expected an amount in brackets"
	}
	i := 1
	for i < len(b) && b[i] == ' ' {
		i++
	}
	v, n, msg := p.money(b[i:])
	if msg != "" {
		return 0, nil, msg
	}
	i += n
	for i < len(b) && b[i] == ' ' {
		i++
	}
	if i >= len(b) || b[i] != closing {
		return 0, nil, "expected \"" + string(closing) + "\" after the amount"
	}
	return v, b[i+1:], ""
}

// units converts d to the hand's units, raising the hand's scale if d is
// finer.
func (p *handParser) units(d parser.Decimal) (hand.Amount, string) {
	if d.Places > p.scale {
		if d.Places >= len(pow10) {
			return 0, "amount has too many decimals"
		}
		if !p.rescale(d.Places) {
			return 0, errTooLarge
		}
	}
	v, ok := d.Scaled(p.scale)
	if !ok {
		return 0, errTooLarge
	}
	return hand.Amount(v), ""
}

var pow10 = [...]int64{1, 10, 100, 1000, 10000, 100000, 1000000}

// rescale raises the hand's scale to digits decimals, converting every
// amount read so far. It reports false if an amount would be too large.
func (p *handParser) rescale(digits int) bool {
	f := hand.Amount(pow10[digits-p.scale])
	ok := true
	mul := func(a *hand.Amount) {
		if *a > parser.MaxAmount/f {
			ok = false
			return
		}
		*a *= f
	}
	st := &p.h.Stakes
	for _, a := range []*hand.Amount{&st.Ante, &st.SmallBlind, &st.BigBlind, &st.BringIn, &st.SmallBet,
		&st.BigBet, &st.MinBet, &p.stakeA, &p.stakeB, &p.buyIn, &p.streetMax} {
		mul(a)
	}
	for i := range p.h.Seats {
		mul(&p.h.Seats[i].Stack)
	}
	for i := range p.acts {
		mul(&p.acts[i].Amount)
		mul(&p.acts[i].To)
	}
	mul(&p.statedRake)
	for i := range p.balances {
		if p.balances[i] > 0 {
			mul(&p.balances[i])
		}
	}
	for i := range p.h.Outcome.CashOuts {
		mul(&p.h.Outcome.CashOuts[i].Amount)
	}
	for i := range p.streetBet {
		mul(&p.streetBet[i])
		mul(&p.total[i])
		mul(&p.dead[i])
	}
	p.scale = digits
	return ok
}

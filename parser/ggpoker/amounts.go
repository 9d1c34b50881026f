package ggpoker

// Amounts ("$1,234.56", "$0.5", "10,000") into milli-units while the hand
// is read, and the hand's scale, set at its end from the decimals its
// amounts used: cents for money (or finer, if an amount is finer), whole
// chips for tournaments (or finer). Every amount is then converted.

import (
	"github.com/handaudit/handaudit/hand"
	"github.com/handaudit/handaudit/parser"
)

// milli is the most decimals an amount may have: amounts are read in
// thousandths.
const milli = 3

// currencies maps the currency symbols GGPoker writes to ISO codes.
var currencies = map[string]string{"$": "USD", "€": "EUR", "£": "GBP", "¥": "CNY", "₹": "INR"}

// symbolAt returns the currency symbol b starts with, or "".
func symbolAt(b []byte) string {
	switch {
	case has(b, "$"):
		return "$"
	case has(b, "€"):
		return "€"
	case has(b, "£"):
		return "£"
	case has(b, "¥"):
		return "¥"
	case has(b, "₹"):
		return "₹"
	}
	return ""
}

// decimalSyntax is how GGPoker writes numbers: "1,234.5".
var decimalSyntax = parser.NewDecimalSyntax(",", ".", parser.KeepZeros)

// amount reads an amount at the start of b into milli-units, and returns
// the bytes it used.
func (p *handParser) amount(b []byte) (hand.Amount, int, error) {
	n := 0
	if sym := symbolAt(b); sym != "" {
		if p.symbol == "" {
			p.symbol = sym
		} else if sym != p.symbol {
			return 0, 0, errorf("amount in another currency than the stakes'")
		}
		n = len(sym)
	}
	d, m, err := decimalSyntax.Parse(b[n:])
	switch {
	case err == parser.ErrNegative:
		return 0, 0, errorf("amount is negative")
	case err == parser.ErrNoDigits:
		return 0, 0, errorf("cannot read the amount")
	case d.Places > milli:
		return 0, 0, errorf("amount has more than %d decimals", milli)
	}
	p.digits = max(p.digits, d.Places)
	// At most parser.MaxAmount units (and any thousandths written).
	most := parser.MaxAmount * pow10[milli]
	if d.Places == milli {
		most += pow10[milli] - 1
	}
	if err != nil || d.Units > most/pow10[milli-d.Places] {
		return 0, 0, errorf("amount too large")
	}
	return hand.Amount(d.Units * pow10[milli-d.Places]), n + m, nil
}

// amountAll reads b, which must be one amount and nothing else.
func (p *handParser) amountAll(b []byte) (hand.Amount, error) {
	v, n, err := p.amount(b)
	if err != nil {
		return 0, err
	}
	if n != len(b) {
		return 0, errorf("unexpected text after the amount")
	}
	return v, nil
}

// amountIn reads "(AMOUNT)" that is all of b.
func (p *handParser) amountIn(b []byte) (hand.Amount, error) {
	if len(b) < 3 || b[0] != '(' || b[len(b)-1] != ')' {
		return 0, errorf("expected an amount in parentheses")
	}
	return p.amountAll(b[1 : len(b)-1])
}

// pow10[k] is 10^k.
var pow10 = [...]int64{1, 10, 100, 1000}

// setScale sets the hand's scale from the decimals its amounts use (at
// least the base: cents for money) and converts every amount from
// milli-units to it.
func (p *handParser) setScale() error {
	h := p.h
	digits := max(p.digits, p.base)
	h.Scale = pow10[digits]
	div := hand.Amount(pow10[milli-digits])
	bad := false
	conv := func(v *hand.Amount) {
		*v /= div
		if *v > parser.MaxAmount {
			bad = true
		}
	}
	st := &h.Stakes
	conv(&h.PotAdded)
	conv(&st.Ante)
	conv(&st.SmallBlind)
	conv(&st.BigBlind)
	conv(&st.BringIn)
	conv(&st.SmallBet)
	conv(&st.BigBet)
	conv(&st.MinBet)
	conv(&st.Cap)
	for i := range st.Straddles {
		conv(&st.Straddles[i])
	}
	for i := range h.Seats {
		conv(&h.Seats[i].Stack)
	}
	for i := range h.Actions {
		conv(&h.Actions[i].Amount)
		conv(&h.Actions[i].To)
	}
	o := &h.Outcome
	conv(&o.TotalPot)
	conv(&o.Rake)
	for i := range o.Pots {
		conv(&o.Pots[i])
	}
	for i := range o.Fees {
		conv(&o.Fees[i].Amount)
	}
	for i := range o.CashOuts {
		conv(&o.CashOuts[i].Amount)
		conv(&o.CashOuts[i].Fee)
	}
	if bad {
		return errorf("amount too large")
	}
	return nil
}

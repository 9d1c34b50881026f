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

// amount reads an amount at the start of b into milli-units, and returns
// the bytes it used. Digits may be grouped by commas ("1,234.5").
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
	var v int64
	digits, frac := 0, -1
	for n < len(b) {
		c := b[n]
		switch {
		case c >= '0' && c <= '9':
			if frac >= 0 {
				frac++
				if frac > milli {
					return 0, 0, errorf("amount has more than %d decimals", milli)
				}
			}
			if v > (parser.MaxAmount*1000)/10 {
				return 0, 0, errorf("amount too large")
			}
			v = v*10 + int64(c-'0')
			digits++
		case c == ',' && frac < 0 && digits > 0 && n+3 < len(b) && isDigits(b[n+1:n+4]) && (n+4 == len(b) || b[n+4] < '0' || b[n+4] > '9'):
			// a thousands separator: three digits follow
		case c == '.' && frac < 0 && digits > 0 && n+1 < len(b) && b[n+1] >= '0' && b[n+1] <= '9':
			frac = 0
		default:
			goto done
		}
		n++
	}
done:
	if digits == 0 {
		if n < len(b) && b[n] == '-' {
			return 0, 0, errorf("amount is negative")
		}
		return 0, 0, errorf("cannot read the amount")
	}
	if frac < 0 {
		frac = 0
	}
	p.digits = max(p.digits, frac)
	for f := frac; f < milli; f++ {
		if v > parser.MaxAmount*100 {
			return 0, 0, errorf("amount too large")
		}
		v *= 10
	}
	if v/1000 > parser.MaxAmount {
		return 0, 0, errorf("amount too large")
	}
	return hand.Amount(v), n, nil
}

// isDigits reports whether b is all decimal digits.
func isDigits(b []byte) bool {
	for _, c := range b {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
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

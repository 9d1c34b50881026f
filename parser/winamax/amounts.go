package winamax

// Amounts ("0.10€", "€0.10", "1500", "0.50" in play money) into the hand's
// minor units, and the hand's scale, raised when an amount has finer
// fractions.

import (
	"fmt"

	"github.com/handaudit/handaudit/hand"
	"github.com/handaudit/handaudit/parser"
)

// pow10 are the scales a hand may have: up to 10^6 minor units a unit.
var pow10 = [...]int64{1, 10, 100, 1000, 10_000, 100_000, 1_000_000}

// currencies are the currency signs amounts are written with, and their
// ISO codes.
var currencies = [...]struct{ sign, code string }{{"€", "EUR"}, {"$", "USD"}, {"£", "GBP"}}

// currencyOf returns the ISO code of the currency sign before or after the
// number at the start of b ("" for none), and the lengths of the sign
// before it and of the sign after it.
func currencyOf(b []byte) (code string, before, after int) {
	for _, c := range currencies {
		if hasPrefix(b, c.sign) {
			return c.code, len(c.sign), 0
		}
	}
	i := 0
	for i < len(b) && (b[i] >= '0' && b[i] <= '9' || b[i] == '.' || b[i] == ',') {
		i++
	}
	for _, c := range currencies {
		if hasPrefix(b[i:], c.sign) {
			return c.code, 0, len(c.sign)
		}
	}
	return "", 0, 0
}

// errTooLarge explains an amount past parser.MaxAmount.
var errTooLarge = fmt.Errorf("amount too large (over %d minor units)", parser.MaxAmount)

// amount reads the amount at the start of b into the hand's minor units,
// and returns the bytes it used. Its currency sign must be the hand's (none
// for chips and play money). A fraction finer than the hand's scale raises
// the scale of the whole hand.
func (p *handParser) amount(b []byte) (hand.Amount, int, error) {
	cur, before := "", 0
	for _, c := range currencies {
		if hasPrefix(b, c.sign) {
			cur, before = c.code, len(c.sign)
		}
	}
	mant, frac, n, err := number(b[before:])
	if err != nil {
		return 0, 0, err
	}
	n += before
	if cur == "" {
		for _, c := range currencies {
			if hasPrefix(b[n:], c.sign) {
				cur = c.code
				n += len(c.sign)
			}
		}
	}
	if cur != p.currency {
		if cur == "" {
			return 0, 0, errorf("amount without the hand's currency sign")
		}
		return 0, 0, errorf("amount in %s in a hand in %s", cur, currencyName(p.currency))
	}
	if frac > p.digits {
		if err := p.rescale(frac); err != nil {
			return 0, 0, err
		}
	}
	v, ok := parser.Decimal{Units: mant, Places: frac}.Scaled(p.digits)
	if !ok {
		return 0, 0, errTooLarge
	}
	return hand.Amount(v), n, nil
}

// currencyName names a currency code in messages.
func currencyName(code string) string {
	if code == "" {
		return "chips or play money"
	}
	return code
}

// decimalSyntax is how Winamax writes numbers: thousands commas, a
// decimal point ("1,234.50"); a zero at the end of a fraction makes no
// finer scale.
var decimalSyntax = parser.NewDecimalSyntax(",", ".", parser.TrimZeros)

// number reads the number at the start of b: its digits as an integer,
// how many were significant after the point ("12.50" needs one), and the
// bytes used.
func number(b []byte) (mant int64, frac, n int, err error) {
	d, n, err := decimalSyntax.Parse(b)
	switch err {
	case nil:
	case parser.ErrNegative:
		return 0, 0, 0, errorf("amount is negative")
	case parser.ErrTooManyDigits:
		return 0, 0, 0, errTooLarge
	default:
		return 0, 0, 0, errNoAmount
	}
	if d.Places >= len(pow10) {
		return 0, 0, 0, errorf("amount has too many decimals")
	}
	return d.Units, d.Places, n, nil
}

// rescale raises the hand's scale to digits decimals, converting every
// amount read so far.
func (p *handParser) rescale(digits int) error {
	f := hand.Amount(pow10[digits-p.digits])
	ok := true
	mul := func(a *hand.Amount) {
		if *a > parser.MaxAmount/f {
			ok = false
			return
		}
		*a *= f
	}
	h := p.h
	st := &h.Stakes
	for _, a := range [...]*hand.Amount{&st.Ante, &st.SmallBlind, &st.BigBlind, &st.BringIn, &st.SmallBet,
		&st.BigBet, &st.MinBet, &st.Cap, &p.sbPosted, &p.bbPosted, &h.Outcome.TotalPot, &h.Outcome.Rake} {
		mul(a)
	}
	for i := range st.Straddles {
		mul(&st.Straddles[i])
	}
	for i := range h.Seats {
		mul(&h.Seats[i].Stack)
	}
	for i := range h.Actions {
		mul(&h.Actions[i].Amount)
		mul(&h.Actions[i].To)
	}
	for i := range p.winnings {
		mul(&p.winnings[i])
	}
	if !ok {
		return errTooLarge
	}
	p.digits = digits
	return nil
}

// since converts v, an amount read when the hand had sc decimal digits, to
// the hand's scale now (an amount read later may have raised it).
func (p *handParser) since(v hand.Amount, sc int) hand.Amount {
	if sc == p.digits {
		return v
	}
	return v * hand.Amount(pow10[p.digits-sc])
}

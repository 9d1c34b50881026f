package pokerstars

// Amounts ("$1,234.56", "€0.50", "1500") into the hand's minor units,
// and the hand's scale, raised when an amount has finer fractions. The
// usual amount is read by quick_amount.go.

import (
	"bytes"
	"errors"
	"fmt"

	"github.com/handaudit/handaudit/hand"
	"github.com/handaudit/handaudit/parser"
)

// amount reads an amount at the start of b ("$1,234.56", "€0.50", "1500")
// into the hand's minor units, and returns the bytes it used. A fraction
// finer than the hand's scale raises the scale of the whole hand.
func (p *psParser) amount(b []byte) (hand.Amount, int, error) {
	if v, n, ok := psPlainAmount(b, p.scale); ok && !p.noQuick {
		return v, n, nil
	}
	return p.amountSlow(b)
}

// amountSlow is amount for any amount.
func (p *psParser) amountSlow(b []byte) (hand.Amount, int, error) {
	mant, frac, n, ok := psNumber(b)
	if !ok {
		if n < 0 {
			return 0, 0, errPSTooLarge
		}
		if bytes.HasPrefix(b, []byte("-")) || bytes.HasPrefix(b, []byte("$-")) {
			return 0, 0, psErrorf("amount is negative")
		}
		return 0, 0, errPSNoAmount
	}
	if frac > p.scale {
		if frac >= len(psPow10) {
			return 0, 0, psErrorf("amount has too many decimals")
		}
		if !p.rescale(frac) {
			return 0, 0, errPSTooLarge
		}
	}
	v, ok := parser.Decimal{Units: mant, Places: frac}.Scaled(p.scale)
	if !ok {
		return 0, 0, errPSTooLarge
	}
	return hand.Amount(v), n, nil
}

// errPSNoAmount explains an amount that does not parse.
var errPSNoAmount = errors.New("cannot read the amount")

var errPSTooLarge = fmt.Errorf("amount too large (over %d minor units)", parser.MaxAmount)

// psDecimal is how PokerStars writes numbers: thousands commas, a decimal
// point ("1,234.50"); a zero at the end of a fraction makes no finer
// scale ("12.50" needs one decimal).
var psDecimal = parser.NewDecimalSyntax(",", ".", parser.TrimZeros)

// psNumber reads a currency sign (optional) and the number after it. It
// returns the digits as an integer, how many were significant after the
// point, and the bytes used. A number of more than 18 digits is not read:
// n is then -1.
func psNumber(b []byte) (mant int64, frac, n int, ok bool) {
	i := 0
	switch {
	case len(b) > 0 && b[0] == '$':
		i = 1
	case len(b) > 1 && (b[0] == 0xC2 && (b[1] == 0xA3 || b[1] == 0xA5)): // £ ¥
		i = 2
	case len(b) > 2 && b[0] == 0xE2 && b[1] == 0x82 && (b[2] == 0xAC || b[2] == 0xB9): // € ₹
		i = 3
	}
	d, m, err := psDecimal.Parse(b[i:])
	switch err {
	case nil:
		return d.Units, d.Places, i + m, true
	case parser.ErrTooManyDigits:
		return 0, 0, -1, false
	}
	return 0, 0, 0, false
}

// rescale raises the hand's scale to digits decimals, converting every
// amount read so far. It reports false if the scale would be too fine.
func (p *psParser) rescale(digits int) bool {
	if digits >= len(psPow10) {
		return false
	}
	f := hand.Amount(psPow10[digits-p.scale])
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
		&st.BigBet, &st.MinBet, &st.Cap, &p.sbPosted, &p.bbPosted, &p.antes,
		&p.h.Outcome.TotalPot, &p.h.Outcome.Rake} {
		mul(a)
	}
	for i := range st.Straddles {
		mul(&st.Straddles[i])
	}
	for i := range p.seats {
		mul(&p.seats[i].Stack)
	}
	for i := range p.actions {
		mul(&p.actions[i].Amount)
		mul(&p.actions[i].To)
	}
	for i := range p.pots {
		mul(&p.pots[i])
	}
	for i := range p.fees {
		mul(&p.fees[i].Amount)
	}
	for i := range p.winnings {
		mul(&p.winnings[i])
	}
	for i := range p.cashOuts {
		mul(&p.cashOuts[i].Amount)
		mul(&p.cashOuts[i].Fee)
	}
	p.scale = digits
	return ok
}

// since converts an amount read at scale sc to the hand's scale now, for
// an amount held while a later one on the same line raised the scale.
func (p *psParser) since(v hand.Amount, sc int) hand.Amount {
	for ; sc < p.scale; sc++ {
		v *= 10
	}
	return v
}

// psPow10[k] is 10^k: the Scale of a hand of k decimals.
var psPow10 = [...]int64{1, 10, 100, 1000, 10000, 100000, 1000000, 10000000, 100000000}

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
	for f := frac; f < p.scale; f++ {
		if mant > parser.MaxAmount/10 {
			return 0, 0, errPSTooLarge
		}
		mant *= 10
	}
	if mant > parser.MaxAmount {
		return 0, 0, errPSTooLarge
	}
	return hand.Amount(mant), n, nil
}

// errPSNoAmount explains an amount that does not parse.
var errPSNoAmount = errors.New("cannot read the amount")

var errPSTooLarge = fmt.Errorf("amount too large (over %d minor units)", parser.MaxAmount)

// psNumber reads a currency sign (optional), digits with optional
// thousands commas, and an optional decimal fraction. It returns the
// digits as an integer, how many were after the point, and the bytes used.
// A number of more than 18 digits is not read: n is then -1.
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
	start := i
	// Digits are counted, and a number of too many refused, at the end:
	// what overflowed meanwhile is not used.
	digits := 0
	for i < len(b) {
		if d := b[i] - '0'; d <= 9 {
			mant = mant*10 + int64(d)
			digits++
			i++
			continue
		}
		// A thousands comma: between digits, followed by exactly three.
		if b[i] == ',' && i > start && i+3 < len(b) && psDigit3(b[i+1:]) {
			i++
			continue
		}
		break
	}
	if i == start {
		return 0, 0, 0, false
	}
	if i+1 < len(b) && b[i] == '.' && b[i+1]-'0' <= 9 {
		i++
		// "12.50" needs no finer scale than "12.5": zeros are counted, and
		// added only when a digit other than zero follows them.
		zeros := 0
		for i < len(b) {
			d := b[i] - '0'
			if d > 9 {
				break
			}
			digits++
			i++
			if d == 0 {
				zeros++
				continue
			}
			for ; zeros > 0; zeros-- {
				mant *= 10
				frac++
			}
			mant = mant*10 + int64(d)
			frac++
		}
	}
	if digits > 18 {
		return 0, 0, -1, false
	}
	return mant, frac, i, true
}

// psDigit3 reports whether b starts with exactly three digits.
func psDigit3(b []byte) bool {
	if len(b) < 3 {
		return false
	}
	for _, c := range b[:3] {
		if c < '0' || c > '9' {
			return false
		}
	}
	return len(b) == 3 || b[3] < '0' || b[3] > '9'
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

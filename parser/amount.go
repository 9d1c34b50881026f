package parser

import (
	"strconv"

	"github.com/handaudit/handaudit/hand"
)

// MaxAmount bounds every amount in minor units, in every format, so that
// sums over a table of players can never overflow an int64 (10^15 minor
// units is 10^11 currency units even at the finest scale). A reader
// reports a larger amount as a parse error.
const MaxAmount = 1_000_000_000_000_000

// AppendDecimal appends v units of 1/scale as a decimal number: places is
// log10(scale). With fixed, a fraction always has all places ("1.50");
// without, trailing zeros are dropped ("1.5"). A whole amount has no point.
func AppendDecimal(b []byte, v int64, scale int64, places int, fixed bool) []byte {
	if v < 0 {
		b = append(b, '-')
		v = -v
	}
	if scale <= 1 {
		return strconv.AppendInt(b, v, 10)
	}
	b = strconv.AppendInt(b, v/scale, 10)
	frac := v % scale
	if frac == 0 {
		return b
	}
	var digits [20]byte
	k := places
	for i := k - 1; i >= 0; i-- {
		digits[i] = byte('0' + frac%10)
		frac /= 10
	}
	if !fixed {
		for k > 0 && digits[k-1] == '0' {
			k--
		}
	}
	b = append(b, '.')
	return append(b, digits[:k]...)
}

// UncalledBet finds the bet no one called in full: which of bets (each
// player's chips in, by seat) is the highest, the first of equal ones,
// and by how much it is above every other. It returns -1 and 0 for no
// bets, and 0 when no bet is above the rest.
func UncalledBet(bets []hand.Amount) (top int, uncalled hand.Amount) {
	top, second := -1, hand.Amount(0)
	for i, v := range bets {
		switch {
		case top < 0 || v > bets[top]:
			if top >= 0 {
				second = max(second, bets[top])
			}
			top = i
		default:
			second = max(second, v)
		}
	}
	if top < 0 {
		return -1, 0
	}
	return top, max(bets[top]-second, 0)
}

package parser

import "strconv"

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

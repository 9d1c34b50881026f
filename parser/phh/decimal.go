package phh

import (
	"errors"

	"github.com/handaudit/handaudit/parser"
)

// PHH amounts are TOML integers or floats ("1259450.25"), or decimal words
// inside action strings ("cbr 3.50"). They are read here from their text,
// never through float64, so that 0.1 stays exactly one tenth.

// phhMaxDecimals is the most decimal places a PHH amount may have: the
// hand's Scale is at most 10^phhMaxDecimals.
const phhMaxDecimals = 4

var phhPow10 = [...]int64{1, 10, 100, 1000, 10000, 100000}

// phhDecimal is the exact value mant / 10^places with places in
// [0, phhMaxDecimals] and no trailing zero in the fraction.
type phhDecimal struct {
	mant   int64
	places int8
}

var (
	errPHHNegative    = errors.New("is negative")
	errPHHNotNumber   = errors.New("is not a number")
	errPHHTooPrecise  = errors.New("has more than 4 decimal places")
	errPHHTooLarge    = errors.New("is too large")
	errPHHInfinite    = errors.New("is infinite (an unknown amount); the audit needs exact amounts")
	errPHHNotANumber  = errors.New("is NaN")
	errPHHNonPositive = errors.New("must be positive")
)

// phhParseDecimal reads a non-negative decimal number: TOML integer syntax
// (underscores between digits, a leading '+', 0x/0o/0b prefixes) or TOML
// float syntax (fraction and/or exponent). It refuses negative numbers,
// inf and nan, and values needing more than phhMaxDecimals places.
func phhParseDecimal(b []byte) (phhDecimal, error) {
	// Most amounts are plain digits ("10000"): read those directly.
	if len(b) > 0 && len(b) <= 15 && (b[0] != '0' || len(b) == 1) {
		var v int64
		i := 0
		for ; i < len(b) && phhIsDigit(b[i]); i++ {
			v = v*10 + int64(b[i]-'0')
		}
		if i == len(b) {
			if v > parser.MaxAmount {
				return phhDecimal{}, errPHHTooLarge
			}
			return phhDecimal{mant: v}, nil
		}
	}
	// Next come amounts with a short fraction ("53.42"). At most 12+4
	// digits cannot overflow; anything else goes the long way.
	if n := len(b); n >= 3 && n <= 17 {
		var v int64
		i := 0
		for ; i < n && phhIsDigit(b[i]); i++ {
			v = v*10 + int64(b[i]-'0')
		}
		if i > 0 && i <= 12 && i < n-1 && n-i-1 <= phhMaxDecimals && b[i] == '.' {
			j := i + 1
			for ; j < n && phhIsDigit(b[j]); j++ {
				v = v*10 + int64(b[j]-'0')
			}
			if j == n {
				places := n - i - 1
				for places > 0 && v%10 == 0 {
					v /= 10
					places--
				}
				if v <= parser.MaxAmount {
					return phhDecimal{mant: v, places: int8(places)}, nil
				}
			}
		}
	}
	return phhParseDecimalSlow(b)
}

// phhParseDecimalSlow is phhParseDecimal without its shortcuts for the
// usual forms; it reads every form and words every error.
func phhParseDecimalSlow(b []byte) (phhDecimal, error) {
	if len(b) == 0 {
		return phhDecimal{}, errPHHNotNumber
	}
	neg := false
	switch b[0] {
	case '+':
		b = b[1:]
	case '-':
		neg = true
		b = b[1:]
	}
	if len(b) == 0 {
		return phhDecimal{}, errPHHNotNumber
	}
	switch string(b) {
	case "inf":
		return phhDecimal{}, errPHHInfinite
	case "nan":
		return phhDecimal{}, errPHHNotANumber
	}
	if len(b) > 2 && b[0] == '0' && (b[1] == 'x' || b[1] == 'o' || b[1] == 'b') {
		if neg {
			return phhDecimal{}, errPHHNegative
		}
		return phhParseRadix(b[2:], b[1])
	}

	// Split into integer digits, fraction digits and exponent.
	i := 0
	intStart := i
	for i < len(b) && (phhIsDigit(b[i]) || b[i] == '_') {
		i++
	}
	intPart := b[intStart:i]
	var frac []byte
	if i < len(b) && b[i] == '.' {
		i++
		fs := i
		for i < len(b) && (phhIsDigit(b[i]) || b[i] == '_') {
			i++
		}
		frac = b[fs:i]
		if len(frac) == 0 {
			return phhDecimal{}, errPHHNotNumber
		}
	}
	exp := 0
	if i < len(b) && (b[i] == 'e' || b[i] == 'E') {
		i++
		eneg := false
		if i < len(b) && (b[i] == '+' || b[i] == '-') {
			eneg = b[i] == '-'
			i++
		}
		es := i
		for i < len(b) && (phhIsDigit(b[i]) || b[i] == '_') {
			if b[i] != '_' {
				exp = exp*10 + int(b[i]-'0')
				if exp > 1000 {
					return phhDecimal{}, errPHHTooLarge
				}
			}
			i++
		}
		if i == es {
			return phhDecimal{}, errPHHNotNumber
		}
		if eneg {
			exp = -exp
		}
	}
	if i != len(b) || len(intPart) == 0 {
		return phhDecimal{}, errPHHNotNumber
	}
	if !phhDigitsOK(intPart) || (frac != nil && !phhDigitsOK(frac)) {
		return phhDecimal{}, errPHHNotNumber
	}
	// Drop the fraction's trailing zeros: they do not change the value and
	// would only push the scale up ("3.00" is 3).
	for len(frac) > 0 && (frac[len(frac)-1] == '0' || frac[len(frac)-1] == '_') {
		frac = frac[:len(frac)-1]
	}

	var mant int64
	for _, part := range [2][]byte{intPart, frac} {
		for _, c := range part {
			if c == '_' {
				continue
			}
			if mant > parser.MaxAmount*100 { // far past any acceptable value; stop before int64 overflows
				return phhDecimal{}, errPHHTooLarge
			}
			mant = mant*10 + int64(c-'0')
		}
	}
	places := len(frac) - phhCountUnderscores(frac) - exp
	for places < 0 {
		if mant > parser.MaxAmount {
			return phhDecimal{}, errPHHTooLarge
		}
		mant *= 10
		places++
	}
	for places > 0 && mant%10 == 0 {
		mant /= 10
		places--
	}
	if mant == 0 {
		places = 0
	}
	if neg && mant != 0 {
		return phhDecimal{}, errPHHNegative
	}
	if places > phhMaxDecimals {
		return phhDecimal{}, errPHHTooPrecise
	}
	if mant > parser.MaxAmount {
		return phhDecimal{}, errPHHTooLarge
	}
	return phhDecimal{mant: mant, places: int8(places)}, nil
}

// phhParseRadix reads the digits of a 0x, 0o or 0b TOML integer.
func phhParseRadix(b []byte, kind byte) (phhDecimal, error) {
	base := int64(16)
	switch kind {
	case 'o':
		base = 8
	case 'b':
		base = 2
	}
	if len(b) == 0 || b[0] == '_' || b[len(b)-1] == '_' {
		return phhDecimal{}, errPHHNotNumber
	}
	var v int64
	for i, c := range b {
		var d int64
		switch {
		case c == '_':
			if b[i-1] == '_' {
				return phhDecimal{}, errPHHNotNumber
			}
			continue
		case '0' <= c && c <= '9':
			d = int64(c - '0')
		case 'a' <= c && c <= 'f':
			d = int64(c-'a') + 10
		case 'A' <= c && c <= 'F':
			d = int64(c-'A') + 10
		default:
			return phhDecimal{}, errPHHNotNumber
		}
		if d >= base {
			return phhDecimal{}, errPHHNotNumber
		}
		v = v*base + d
		if v > parser.MaxAmount {
			return phhDecimal{}, errPHHTooLarge
		}
	}
	return phhDecimal{mant: v}, nil
}

// phhDigitsOK reports whether b is digits with single underscores between
// digits (TOML's rule), and not empty.
func phhDigitsOK(b []byte) bool {
	if len(b) == 0 || b[0] == '_' || b[len(b)-1] == '_' {
		return false
	}
	for i := 1; i < len(b); i++ {
		if b[i] == '_' && b[i-1] == '_' {
			return false
		}
	}
	return true
}

func phhCountUnderscores(b []byte) int {
	n := 0
	for _, c := range b {
		if c == '_' {
			n++
		}
	}
	return n
}

func phhIsDigit(c byte) bool { return '0' <= c && c <= '9' }

// scaled returns the value in minor units of a hand whose scale is
// 10^places; places must be at least d.places.
func (d phhDecimal) scaled(places int8) (int64, error) {
	k := places - d.places
	if d.mant > phhMaxScaled[k] {
		return 0, errPHHTooLarge
	}
	return d.mant * phhPow10[k], nil
}

// phhMaxScaled[k] is the largest mantissa that can be scaled by 10^k:
// a table, since a division in every amount would cost more than the rest.
var phhMaxScaled = func() (t [len(phhPow10)]int64) {
	for k, m := range phhPow10 {
		t[k] = parser.MaxAmount / m
	}
	return t
}()

// phhInt reads a non-negative TOML integer (or integral number).
func phhInt(b []byte) (int, bool) {
	d, err := phhParseDecimal(b)
	if err != nil {
		return 0, false
	}
	return phhIntOf(d)
}

// phhIntOf is phhInt of a number already read.
func phhIntOf(d phhDecimal) (int, bool) {
	if d.places != 0 || d.mant > 1<<31 {
		return 0, false
	}
	return int(d.mant), true
}

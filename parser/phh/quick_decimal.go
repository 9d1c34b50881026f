package phh

// Fast path: the usual number, up to 7 digits and a fraction, read
// eight bytes at a time. phhQuickDecimal shortcuts phhParseDecimal
// (decimal.go) in the fast TOML reader (quick_toml.go) and actionsUsual
// (quick_actions.go). TestPHHQuickDecimalWords (shortcut_test.go) checks
// the words against the digits one at a time; the reads of whole hands
// against the general code are those of quick_toml.go.

import (
	"encoding/binary"
	"math/bits"

	"github.com/handaudit/handaudit/parser"
)

// phhQuickDecimal reads at data[pos] a number of the usual forms: up to
// 15 digits without a leading zero (or a lone 0), or up to 12 such digits,
// a '.' and 1 to 4 digits. It returns the number as phhParseDecimal would,
// where it ends and whether it has a fraction; false for any other form
// (which may still be a number: the caller reads it the long way).
//
// Numbers of up to 7 digits and their fractions are read eight bytes at a
// time, without a loop whose end the processor would guess wrong for
// every other length; phhQuickDecimalLoop reads the others.
func phhQuickDecimal(data []byte, pos int) (d phhDecimal, end int, frac, ok bool) {
	if pos+8 > len(data) {
		return phhQuickDecimalLoop(data, pos)
	}
	x := binary.LittleEndian.Uint64(data[pos:])
	n := phhDigits8(x)
	if n == 8 {
		return phhQuickDecimalLong(data, pos, x)
	}
	if n == 0 || (n > 1 && data[pos] == '0') {
		return phhDecimal{}, 0, false, false
	}
	v := int64(phhDigitsValue(x, n))
	i := pos + n
	if data[i] != '.' {
		return phhDecimal{mant: v}, i, false, true
	}
	if i+9 > len(data) {
		return phhQuickDecimalLoop(data, pos)
	}
	y := binary.LittleEndian.Uint64(data[i+1:])
	k := phhDigits8(y)
	if k == 0 || k > phhMaxDecimals {
		return phhDecimal{}, 0, false, false
	}
	// At most 7+4 digits: no overflow, and far below parser.MaxAmount.
	v = v*phhPow10[k] + int64(phhDigitsValue(y, k))
	end = i + 1 + k
	for k > 0 && v%10 == 0 {
		v /= 10
		k--
	}
	return phhDecimal{mant: v, places: int8(k)}, end, true, true
}

// phhDigits8 returns how many of the eight bytes packed in x, from the
// first, are ASCII digits. A byte below '0' sets the top bit of its byte
// of x-'0'.. &^ x; one above '9', that of x+0x46.. (or of x itself, from
// 0x80); the first such byte is found exactly.
func phhDigits8(x uint64) int {
	m := ((x-phhOnes*'0')&^x | (x + phhOnes*0x46) | x) & phhHighs
	return bits.TrailingZeros64(m) / 8
}

// phhDigitsValue returns the value of the first n (1 to 8) bytes packed in
// x, which are ASCII digits, the first the most significant: moved to the
// top of the word (below them, zeros), the digits are combined in pairs,
// then fours, then eights.
func phhDigitsValue(x uint64, n int) uint64 {
	v := (x - phhOnes*'0') << (8 * (8 - n))
	v = (v*10 + v>>8) & 0x00FF00FF00FF00FF
	v = (v*100 + v>>16) & 0x0000FFFF0000FFFF
	return (v*10000 + v>>32) & 0xFFFFFFFF
}

// phhQuickDecimalLong is phhQuickDecimal for a number whose first eight
// bytes, x, are digits: an integer of up to 15 digits (hand numbers,
// large stacks) is read from two words; the rest a digit at a time.
func phhQuickDecimalLong(data []byte, pos int, x uint64) (d phhDecimal, end int, frac, ok bool) {
	if pos+16 > len(data) || byte(x) == '0' {
		return phhQuickDecimalLoop(data, pos)
	}
	y := binary.LittleEndian.Uint64(data[pos+8:])
	m := phhDigits8(y)
	if m == 8 || byte(y>>(8*m)) == '.' {
		return phhQuickDecimalLoop(data, pos)
	}
	v := int64(phhDigitsValue(x, 8))
	if m > 0 {
		v = v*phhPow10Digits[m] + int64(phhDigitsValue(y, m))
	}
	return phhDecimal{mant: v}, pos + 8 + m, false, true
}

// phhPow10Digits[m] is 10^m, for up to 7 digits.
var phhPow10Digits = [8]int64{1, 10, 100, 1000, 10000, 100000, 1000000, 10000000}

// phhQuickDecimalLoop is phhQuickDecimal a digit at a time, for long
// numbers and near the end of the text.
func phhQuickDecimalLoop(data []byte, pos int) (d phhDecimal, end int, frac, ok bool) {
	i := pos
	var v int64
	for ; i < len(data) && phhIsDigit(data[i]); i++ {
		if i-pos == 15 {
			return phhDecimal{}, 0, false, false
		}
		v = v*10 + int64(data[i]-'0')
	}
	n := i - pos
	if n == 0 || (n > 1 && data[pos] == '0') {
		return phhDecimal{}, 0, false, false
	}
	if i == len(data) || data[i] != '.' {
		return phhDecimal{mant: v}, i, false, true
	}
	if n > 12 {
		return phhDecimal{}, 0, false, false
	}
	j := i + 1
	for ; j < len(data) && phhIsDigit(data[j]); j++ {
		if j-i > phhMaxDecimals {
			return phhDecimal{}, 0, false, false
		}
		v = v*10 + int64(data[j]-'0')
	}
	places := j - i - 1
	if places == 0 {
		return phhDecimal{}, 0, false, false
	}
	for places > 0 && v%10 == 0 {
		v /= 10
		places--
	}
	if v > parser.MaxAmount {
		return phhDecimal{}, 0, false, false
	}
	return phhDecimal{mant: v, places: int8(places)}, j, true, true
}

package parser

// Decimal numbers as the rooms write their amounts ("1,234.56", "24,72",
// "1 430", "42.797,60"), read exactly into integers: never through a
// float. Each reader says how its room writes them (a DecimalSyntax) and
// keeps what is its own around the number: currency signs and codes, its
// messages, the scale of its hands.

import (
	"errors"
	"strings"
)

// DecimalSyntax is how a room writes the numbers of its amounts: the
// separators between groups of digits and the decimal marks.
type DecimalSyntax struct {
	// Group lists the separators that may stand between groups of digits
	// of the whole part (",", or ",", ".", " ", "\u00a0" where the locale
	// varies). One is taken as such only after a digit and before exactly
	// three digits that no other digit follows: "1,234" but not "1,23" or
	// "1,2345".
	Group []string
	// Marks holds the decimal marks ("." or ".,"): one followed by a digit
	// starts the fraction. A separator is a group separator if it can be
	// one ("1.234" is 1234 where "." is both), else a mark.
	Marks string
	// TrimZeros does not count the fraction's trailing zeros: "12.50" is
	// {Units: 125, Places: 1}, so that a zero written never makes a hand's
	// scale finer.
	TrimZeros bool
}

// Decimal is a number as written: Units at 10^-Places. "1,234.56" is
// {123456, 2}; "0.50" is {50, 2} (or {5, 1} with TrimZeros).
type Decimal struct {
	Units  int64
	Places int
}

// MaxDecimalDigits is the most digits a number may have (trailing and
// leading zeros count): any such number fits in an int64.
const MaxDecimalDigits = 18

// The reasons a number does not read.
var (
	ErrNoDigits      = errors.New("no digits")
	ErrNegative      = errors.New("a negative number")
	ErrTooManyDigits = errors.New("more than 18 digits")
)

// Parse reads the number at the start of b: digits, group separators
// between them, and a fraction after a decimal mark. It returns the number,
// how many bytes of b it used, and an error if there is no number there
// (ErrNegative if it starts with a minus sign, else ErrNoDigits) or it
// has more than MaxDecimalDigits digits (ErrTooManyDigits: the number and
// the bytes used are returned with it, Units then meaningless). What
// follows the number is the caller's.
func (s *DecimalSyntax) Parse(b []byte) (Decimal, int, error) {
	var d Decimal
	i, digits := 0, 0
	for i < len(b) {
		if c := b[i] - '0'; c <= 9 {
			d.Units = d.Units*10 + int64(c)
			digits++
			i++
			continue
		}
		if digits > 0 {
			if n := s.group(b[i:]); n > 0 && threeDigits(b[i+n:]) {
				i += n
				continue
			}
		}
		break
	}
	if digits == 0 {
		if len(b) > 0 && b[0] == '-' {
			return d, 0, ErrNegative
		}
		return d, 0, ErrNoDigits
	}
	if i+1 < len(b) && b[i+1]-'0' <= 9 && strings.IndexByte(s.Marks, b[i]) >= 0 {
		i++
		zeros := 0 // trailing zeros not yet counted (TrimZeros)
		for i < len(b) {
			c := b[i] - '0'
			if c > 9 {
				break
			}
			digits++
			i++
			if c == 0 && s.TrimZeros {
				zeros++
				continue
			}
			for ; zeros > 0; zeros-- {
				d.Units *= 10
				d.Places++
			}
			d.Units = d.Units*10 + int64(c)
			d.Places++
		}
	}
	if digits > MaxDecimalDigits {
		return d, i, ErrTooManyDigits
	}
	return d, i, nil
}

// group returns the length of the group separator b starts with, or 0.
func (s *DecimalSyntax) group(b []byte) int {
	for _, g := range s.Group {
		if len(b) >= len(g) && string(b[:len(g)]) == g {
			return len(g)
		}
	}
	return 0
}

// threeDigits reports whether b starts with exactly three digits.
func threeDigits(b []byte) bool {
	return len(b) >= 3 && b[0]-'0' <= 9 && b[1]-'0' <= 9 && b[2]-'0' <= 9 && (len(b) == 3 || b[3]-'0' > 9)
}

// Scaled returns d in units of 10^-places, and false if it is larger than
// MaxAmount or has more places than that.
func (d Decimal) Scaled(places int) (int64, bool) {
	if places < d.Places {
		return 0, false
	}
	v := d.Units
	for range places - d.Places {
		if v > MaxAmount/10 {
			return 0, false
		}
		v *= 10
	}
	return v, v <= MaxAmount
}

// Whole is d's whole part: "1,234.56" gives 1234.
func (d Decimal) Whole() int64 {
	w := d.Units
	for range d.Places {
		w /= 10
	}
	return w
}

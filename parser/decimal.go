package parser

// Decimal numbers as the rooms write their amounts ("1,234.56", "24,72",
// "1.200" in chips), read exactly into integers: never through a float. Each reader says how its room writes them (a DecimalSyntax) and
// keeps what is its own around the number: currency signs and codes, its
// messages, the scale of its hands.

import "errors"

// DecimalSyntax is how a room writes the numbers of its amounts: the
// separators between groups of digits and the decimal marks. A reader
// builds its own once, with NewDecimalSyntax.
type DecimalSyntax struct {
	class     [256]uint8 // what each byte may be besides a digit (the classes below)
	trimZeros FractionZeros
}

// The classes of the bytes of a DecimalSyntax.
const (
	classGroup = 1 << iota // a group separator
	classMark              // a decimal mark
)

// FractionZeros says whether a fraction's trailing zeros count as places.
type FractionZeros bool

const (
	// KeepZeros counts them: "12.50" is {Units: 1250, Places: 2}.
	KeepZeros FractionZeros = false
	// TrimZeros does not: "12.50" is {Units: 125, Places: 1}, so that a
	// zero written never makes a hand's scale finer.
	TrimZeros FractionZeros = true
)

// NewDecimalSyntax returns the syntax of the numbers whose groups of
// digits are separated by one of the bytes of group ("," or ",." or ", ")
// and whose fraction starts after one of the bytes of marks ("." or
// ".,"). A separator is taken as a group separator only after a digit and
// before exactly three digits that no other digit follows ("1,234" but not
// "1,23" or "1,2345"), and otherwise as a mark if it is one: "1.234" is
// 1234 where "." is both.
func NewDecimalSyntax(group, marks string, zeros FractionZeros) *DecimalSyntax {
	s := &DecimalSyntax{trimZeros: zeros}
	for i := range len(group) {
		s.class[group[i]] |= classGroup
	}
	for i := range len(marks) {
		s.class[marks[i]] |= classMark
	}
	return s
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
// has more than MaxDecimalDigits digits (ErrTooManyDigits: the bytes used
// and the digits after the mark, as Places, are returned with it; Units is
// then meaningless). What follows the number is the caller's.
func (s *DecimalSyntax) Parse(b []byte) (Decimal, int, error) {
	var units int64
	var k uint8 // the class of the byte that ends the whole part
	i := 0
	for ; i < len(b); i++ {
		c := b[i]
		if c-'0' <= 9 {
			units = units*10 + int64(c-'0')
			continue
		}
		if k = s.class[c]; k&classGroup == 0 || i == 0 || !threeDigits(b[i+1:]) {
			break
		}
	}
	if i == 0 {
		if len(b) > 0 && b[0] == '-' {
			return Decimal{}, 0, ErrNegative
		}
		return Decimal{}, 0, ErrNoDigits
	}
	places := 0
	if k&classMark != 0 && i+1 < len(b) && b[i+1]-'0' <= 9 {
		for i++; i < len(b); i++ {
			c := b[i] - '0'
			if c > 9 {
				break
			}
			units = units*10 + int64(c)
			places++
		}
	}
	// A number of 18 bytes or fewer has 18 digits or fewer.
	if i > MaxDecimalDigits && countDigits(b[:i]) > MaxDecimalDigits {
		return Decimal{Places: places}, i, ErrTooManyDigits
	}
	if s.trimZeros {
		for places > 0 && units%10 == 0 {
			units /= 10
			places--
		}
	}
	return Decimal{Units: units, Places: places}, i, nil
}

// countDigits counts the decimal digits in b.
func countDigits(b []byte) int {
	n := 0
	for _, c := range b {
		if c-'0' <= 9 {
			n++
		}
	}
	return n
}

// threeDigits reports whether b starts with exactly three digits.
func threeDigits(b []byte) bool {
	return len(b) >= 3 && b[0]-'0' <= 9 && b[1]-'0' <= 9 && b[2]-'0' <= 9 && (len(b) == 3 || b[3]-'0' > 9)
}

// pow10[k] is 10^k.
var pow10 = [...]int64{1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18}

// Scaled returns d in units of 10^-places, and false if it is larger than
// MaxAmount or has more places than that.
func (d Decimal) Scaled(places int) (int64, bool) {
	k := places - d.Places
	if k < 0 || k >= len(pow10) {
		return 0, false
	}
	if d.Units > MaxAmount/pow10[k] {
		return 0, false
	}
	return d.Units * pow10[k], true
}

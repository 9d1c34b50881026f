package pacific

// Amounts as 888poker writes them: "$0.05", "$ 10", "25 $", "1 430",
// "368,55", "$1,049", "1,459.13", "42.797,60 $". Exports follow the
// player's locale, so the same room writes a thousands separator as a
// comma, a point, a space or a non-breaking space, and the decimal mark as
// a point or a comma. The rule that reads them all without knowing the
// locale: 888 writes at most two decimals, so a point or comma followed by
// one or two digits that end the number is the decimal mark, and every
// other separator must be followed by a group of exactly three digits.
// Some exports encode their non-breaking space twice ("3Â 023,50 $"):
// that is read as the space it stands for.

import (
	"errors"

	"github.com/handaudit/handaudit/parser"
)

// currency symbols, as they may stand before or after an amount.
const (
	symDollar = "$"
	symEuro   = "\u20ac"
	symPound  = "\u00a3"
)

// amount is one amount read: its value in hundredths (cents, or
// hundredths of a chip) and whether it had a fraction.
type amount struct {
	cents int64
	frac  bool
	sym   string // the currency symbol written with it, "" if none
}

var (
	errAmount      = errors.New("cannot read the amount")
	errAmountLarge = errors.New("amount too large")
)

// decimalSyntax reads 888's numbers whatever the locale: a separator
// followed by exactly three digits separates thousands, a point or comma
// followed by other digits is the decimal mark (of at most two digits).
var decimalSyntax = parser.DecimalSyntax{
	Group: []string{",", ".", " ", "\u00a0", "\u00c2\u00a0"}, // the last: a no-break space encoded twice
	Marks: ".,",
}

// parseAmount reads one amount, with its currency symbol before or after
// it (a space between allowed), and nothing else.
func parseAmount(b []byte) (amount, error) {
	var a amount
	b, a.sym = cutSymbol(b)
	d, n, err := decimalSyntax.Parse(b)
	switch {
	case err == parser.ErrTooManyDigits || err == nil && d.Whole() > parser.MaxAmount/100:
		return a, errAmountLarge
	case err != nil || n != len(b) || d.Places > 2:
		return a, errAmount
	}
	a.cents = d.Units
	for range 2 - d.Places {
		a.cents *= 10
	}
	a.frac = d.Places > 0
	return a, nil
}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }

// cutSymbol removes a currency symbol before or after the amount (with a
// space, or a non-breaking one, between) and returns it.
func cutSymbol(b []byte) ([]byte, string) {
	for _, s := range [...]string{symDollar, symEuro, symPound} {
		if len(b) > len(s) && string(b[:len(s)]) == s {
			return trimSpaceLeft(b[len(s):]), s
		}
		if len(b) > len(s) && string(b[len(b)-len(s):]) == s {
			return trimSpaceRight(b[:len(b)-len(s)]), s
		}
	}
	return b, ""
}

func trimSpaceLeft(b []byte) []byte {
	switch {
	case len(b) > 0 && b[0] == ' ':
		return b[1:]
	case len(b) > 1 && b[0] == 0xC2 && b[1] == 0xA0:
		return b[2:]
	}
	return b
}

func trimSpaceRight(b []byte) []byte {
	n := len(b)
	switch {
	case n > 0 && b[n-1] == ' ':
		return b[:n-1]
	case n > 1 && b[n-2] == 0xC2 && b[n-1] == 0xA0:
		return b[:n-2]
	}
	return b
}

// currencyOf is the ISO code of a cash game's currency symbol. 888's
// Ontario site (888poker.ca-on) plays in Canadian dollars.
func currencyOf(sym, site string) string {
	switch sym {
	case symDollar:
		if len(site) >= 6 && site[len(site)-6:] == ".ca-on" {
			return "CAD"
		}
		return "USD"
	case symEuro:
		return "EUR"
	case symPound:
		return "GBP"
	}
	return ""
}

// symbolOf is the symbol the writer puts before a currency's amounts.
func symbolOf(currency string) string {
	switch currency {
	case "USD", "CAD":
		return symDollar
	case "EUR":
		return symEuro
	case "GBP":
		return symPound
	}
	return ""
}

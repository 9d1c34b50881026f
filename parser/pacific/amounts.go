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
// This reader keeps its own scan rather than parser.DecimalSyntax: its
// amounts are whole tokens whose decimal mark is known from their end, and
// reading them so takes far fewer instructions (the shared reader made the
// reader's benchmark 3.4% slower).

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

// parseAmount reads one amount, with its currency symbol before or after
// it (a space between allowed), and nothing else.
func parseAmount(b []byte) (amount, error) {
	var a amount
	b, a.sym = cutSymbol(b)
	if len(b) == 0 {
		return a, errAmount
	}
	// The decimal mark: the last point or comma, if one or two digits
	// follow it to the end.
	end := len(b)
	var frac int64
	if n := len(b); n >= 2 && isDigit(b[n-1]) {
		switch {
		case n >= 3 && (b[n-3] == '.' || b[n-3] == ',') && isDigit(b[n-2]):
			frac, end, a.frac = int64(b[n-2]-'0')*10+int64(b[n-1]-'0'), n-3, true
		case b[n-2] == '.' || b[n-2] == ',':
			frac, end, a.frac = int64(b[n-1]-'0')*10, n-2, true
		}
	}
	// The whole part: digits in groups of three after the first.
	var v int64
	digits, group := 0, -1 // digits in the current group; -1 before the first separator
	for i := 0; i < end; i++ {
		c := b[i]
		switch {
		case isDigit(c):
			if digits++; group >= 0 && digits > 3 {
				return a, errAmount
			}
			v = v*10 + int64(c-'0')
			if v > parser.MaxAmount/100 {
				return a, errAmountLarge
			}
			continue
		case c == ',' || c == '.' || c == ' ':
		case c == 0xC2 && i+1 < end && b[i+1] == 0xA0: // non-breaking space
			i++
		case c == 0xC3 && i+3 < end && b[i+1] == 0x82 && b[i+2] == 0xC2 && b[i+3] == 0xA0:
			// "Â ": a non-breaking space encoded in UTF-8
			// twice, as some exports write it.
			i += 3
		default:
			return a, errAmount
		}
		if digits == 0 || group >= 0 && digits != 3 {
			return a, errAmount
		}
		group, digits = 0, 0
	}
	if digits == 0 || group >= 0 && digits != 3 {
		return a, errAmount
	}
	a.cents = v*100 + frac
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

package ipoker

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/handaudit/handaudit/parser"
)

// Amounts. iPoker writes money with the table's currency sign before or
// after the number ("€0.05", "$1,000", "RSD2", "1 430 kr"), chips bare
// ("4000", "1,500"), with a point or a comma for decimals and a comma,
// point, space or non-breaking space between thousands. A hand's amounts
// are read as exact decimals (never floats) into minor units at the
// hand's scale, which is the finest precision any of its amounts uses
// (see handScale).

// maxPlaces is the most decimal places an amount may have.
const maxPlaces = 6

// parseDecimal reads one amount: the number, with any currency sign or
// code before or after it. The separator rule: with both a point and a
// comma, the last one is the decimal separator; with one kind only, it
// separates thousands when it appears more than once or once followed by
// exactly three digits after a non-zero whole part ("1,000", "1.500"),
// and decimals otherwise ("0,50", "368,55", "0.125"). Thousands
// separators may stand anywhere in the whole part ("1,00,000"), not only
// before groups of three digits as parser.DecimalSyntax reads them: so
// this reader keeps its own scan, and returns the Decimal the others do.
func parseDecimal(s string) (parser.Decimal, error) {
	num := trimCurrency(s)
	if num == "" {
		return parser.Decimal{}, fmt.Errorf("amount %q is not a number", s)
	}
	dec := decimalSeparator(num)
	var a parser.Decimal
	seenDec, digits := false, 0
	for i := 0; i < len(num); {
		c := num[i]
		switch {
		case c >= '0' && c <= '9':
			if a.Units > parser.MaxAmount {
				return parser.Decimal{}, fmt.Errorf("amount %q is too large", s)
			}
			a.Units = a.Units*10 + int64(c-'0')
			digits++
			if seenDec {
				a.Places++
			}
			i++
		case c == dec && !seenDec:
			seenDec = true
			i++
		case c == ',' || c == '.' || c == ' ' || c == '\'':
			if seenDec {
				return parser.Decimal{}, fmt.Errorf("amount %q is not a number", s)
			}
			i++
		default:
			r, n := utf8.DecodeRuneInString(num[i:])
			if r != '\u00a0' && r != '\u202f' && r != '\u2009' {
				return parser.Decimal{}, fmt.Errorf("amount %q is not a number", s)
			}
			i += n
		}
	}
	switch {
	case digits == 0:
		return parser.Decimal{}, fmt.Errorf("amount %q has no digits", s)
	case a.Places > maxPlaces:
		return parser.Decimal{}, fmt.Errorf("amount %q has more than %d decimal places", s, maxPlaces)
	}
	return a, nil
}

// decimalSeparator returns the byte that separates decimals in num
// (digits and separators only), or 0 if it has none (see parseDecimal).
func decimalSeparator(num string) byte {
	lastPoint, lastComma := strings.LastIndexByte(num, '.'), strings.LastIndexByte(num, ',')
	switch {
	case lastPoint >= 0 && lastComma >= 0:
		if lastPoint > lastComma {
			return '.'
		}
		return ','
	case lastPoint < 0 && lastComma < 0:
		return 0
	}
	sep, at := byte('.'), lastPoint
	if lastComma >= 0 {
		sep, at = ',', lastComma
	}
	if strings.IndexByte(num, sep) != at {
		return 0 // "1,000,000": thousands
	}
	whole, frac := num[:at], num[at+1:]
	if len(frac) == 3 && strings.Trim(whole, "0") != "" {
		return 0 // "1,000"
	}
	return sep
}

// trimCurrency returns the number in s without the currency sign or code
// before or after it ("€", "$", "£", "RSD", "kr"...) and spaces, or "" if
// what is around the number is not a currency.
func trimCurrency(s string) string {
	start := 0
	for start < len(s) && !isDigit(s[start]) {
		start++
	}
	end := len(s)
	for end > start && !isDigit(s[end-1]) {
		end--
	}
	if !isCurrencyMark(s[:start]) || !isCurrencyMark(s[end:]) {
		return ""
	}
	return s[start:end]
}

// isCurrencyMark reports whether s, with spaces around, is nothing, a
// currency sign or a currency code of two to four letters.
func isCurrencyMark(s string) bool {
	s = strings.TrimFunc(s, func(r rune) bool { return r == ' ' || r == '\u00a0' || r == '\u202f' })
	if s == "" {
		return true
	}
	if _, ok := currencySigns[s]; ok {
		return true
	}
	if len(s) < 2 || len(s) > 4 {
		return false
	}
	for _, c := range []byte(s) {
		if !(c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z') {
			return false
		}
	}
	return true
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// currencyOf returns the ISO code of the currency sign or code around an
// amount ("€0.05": EUR), or "" if it has none.
func currencyOf(s string) string {
	first := strings.IndexFunc(s, isDigitRune)
	if first < 0 {
		return ""
	}
	last := strings.LastIndexFunc(s, isDigitRune)
	for _, mark := range []string{strings.TrimSpace(s[:first]), strings.TrimSpace(s[last+1:])} {
		if mark != "" {
			if code, ok := currencySigns[mark]; ok {
				return code
			}
			return strings.ToUpper(mark)
		}
	}
	return ""
}

func isDigitRune(r rune) bool { return r >= '0' && r <= '9' }

// currencySigns maps the signs iPoker writes to ISO codes; a code written
// as letters ("RSD", "CNY") is taken as it is.
var currencySigns = map[string]string{
	"€": "EUR", "$": "USD", "£": "GBP", "kr": "SEK", "¥": "CNY", "₽": "RUB",
}

// pow10 returns 10^n.
func pow10(n int) int64 {
	p := int64(1)
	for range n {
		p *= 10
	}
	return p
}

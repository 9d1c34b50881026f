package parser

import (
	"errors"
	"fmt"
	"strings"
	"testing"
)

// The syntaxes of the rooms, as their readers declare them.
var (
	pointSyntax    = NewDecimalSyntax(",", ".", KeepZeros)
	trimSyntax     = NewDecimalSyntax(",", ".", TrimZeros)
	commaSyntax    = NewDecimalSyntax(",", ".,", KeepZeros)
	chipsSyntax    = NewDecimalSyntax(",.", ".,", KeepZeros)
	anyLocaleSyntx = NewDecimalSyntax(",. '", ".,", KeepZeros)
)

func TestDecimalParse(t *testing.T) {
	for _, c := range []struct {
		syntax *DecimalSyntax
		in     string
		want   string // "units/places n" or the error
	}{
		{pointSyntax, "0", "0/0 1"},
		{pointSyntax, "1500", "1500/0 4"},
		{pointSyntax, "1,234.56 USD", "123456/2 8"},
		{pointSyntax, "1,234,567", "1234567/0 9"},
		{pointSyntax, "0.50)", "50/2 4"},
		{pointSyntax, "12.", "12/0 2"},     // a point that no digit follows ends the number
		{pointSyntax, "12.x", "12/0 2"},    // likewise
		{pointSyntax, "1,23", "1/0 1"},     // two digits after a comma: not a group
		{pointSyntax, "1,2345", "1/0 1"},   // four: not a group
		{pointSyntax, ",123", "no digits"}, // a group separator after a digit only
		{pointSyntax, "1,234.5,678", "12345/1 7"},
		{pointSyntax, "24,72", "24/0 2"}, // no decimal comma here
		{pointSyntax, "-5", "a negative number"},
		{pointSyntax, "$5", "no digits"},
		{pointSyntax, "", "no digits"},
		{pointSyntax, "0.000001", "1/6 8"},
		{trimSyntax, "12.50", "125/1 5"},
		{trimSyntax, "12.00", "12/0 5"},
		{trimSyntax, "0.05", "5/2 4"},
		{trimSyntax, "1.0203", "10203/4 6"},
		{commaSyntax, "24,72", "2472/2 5"},
		{commaSyntax, "1,200", "1200/0 5"},
		{commaSyntax, "1.200", "1200/3 5"}, // in money, a point is a decimal point
		{chipsSyntax, "1.200/2.400", "1200/0 5"},
		{chipsSyntax, "1.20", "120/2 4"},
		{anyLocaleSyntx, "42.797,60 $", "4279760/2 9"},
		{anyLocaleSyntx, "1 430", "1430/0 5"},
		{anyLocaleSyntx, "3'023,50", "302350/2 8"},
		{anyLocaleSyntx, "3\u00a0023", "3/0 1"}, // a no-break space is not among its separators
		{anyLocaleSyntx, "1  000", "1/0 1"},
		{anyLocaleSyntx, "1,459.13", "145913/2 8"},
		{anyLocaleSyntx, "368,55", "36855/2 6"},
		{pointSyntax, "999999999999999999", "999999999999999999/0 18"},
		{pointSyntax, "1000000000000000000", "more than 18 digits"},
		{pointSyntax, "0000000000000000001", "more than 18 digits"},
		{trimSyntax, "1.000000000000000000", "more than 18 digits"}, // zeros written count
		{pointSyntax, "99,999,999,999,999,999,999.5", "more than 18 digits"},
	} {
		d, n, err := c.syntax.Parse([]byte(c.in))
		got := fmt.Sprintf("%d/%d %d", d.Units, d.Places, n)
		if err != nil {
			got = err.Error()
		}
		if got != c.want {
			t.Errorf("%q with %+v: %s, want %s", c.in, *c.syntax, got, c.want)
		}
	}
}

// TestDecimalTooManyDigits: the bytes used and the places come with the
// error, for a reader whose message depends on them.
func TestDecimalTooManyDigits(t *testing.T) {
	d, n, err := trimSyntax.Parse([]byte("12345678901234567890.50 more"))
	if !errors.Is(err, ErrTooManyDigits) || n != 23 || d.Places != 2 {
		t.Errorf("%+v, %d, %v", d, n, err)
	}
}

func TestDecimalScaled(t *testing.T) {
	for _, c := range []struct {
		d      Decimal
		places int
		want   int64
		ok     bool
	}{
		{Decimal{125, 1}, 2, 1250, true},
		{Decimal{125, 1}, 1, 125, true},
		{Decimal{125, 2}, 1, 0, false}, // finer than the scale
		{Decimal{MaxAmount, 0}, 0, MaxAmount, true},
		{Decimal{MaxAmount + 1, 0}, 0, 0, false},
		{Decimal{MaxAmount / 100, 0}, 2, MaxAmount, true},
		{Decimal{MaxAmount/100 + 1, 0}, 2, 0, false},
		{Decimal{999999999999999999, 0}, 6, 0, false}, // no overflow on the way
		{Decimal{1, 0}, 19, 0, false},
	} {
		v, ok := c.d.Scaled(c.places)
		if ok != c.ok || ok && v != c.want {
			t.Errorf("%+v at %d places: %d, %v; want %d, %v", c.d, c.places, v, ok, c.want, c.ok)
		}
	}
}

// FuzzDecimalParse checks the reading against its definition on any
// text: the number used is digits and separators only, with a digit
// first; its digits, in order, are the units (but trimmed zeros); a group
// separator stands before exactly three digits; and it reads the same
// with anything after it.
func FuzzDecimalParse(f *testing.F) {
	for _, s := range []string{"1,234.56", "42.797,60", "1 430", "0.50", "-1", "1,23", "12.", "3'023,50"} {
		f.Add(s, uint8(0))
	}
	syntaxes := []*DecimalSyntax{pointSyntax, trimSyntax, commaSyntax, chipsSyntax, anyLocaleSyntx}
	f.Fuzz(func(t *testing.T, s string, which uint8) {
		syn := syntaxes[int(which)%len(syntaxes)]
		d, n, err := syn.Parse([]byte(s))
		if err != nil && !errors.Is(err, ErrTooManyDigits) {
			if n != 0 || s != "" && s[0] >= '0' && s[0] <= '9' {
				t.Fatalf("%q: %v after %d bytes", s, err, n)
			}
			return
		}
		num := s[:n]
		if num[0] < '0' || num[0] > '9' || num[n-1] < '0' || num[n-1] > '9' {
			t.Fatalf("%q: number %q", s, num)
		}
		var digits strings.Builder
		for _, r := range num {
			if r >= '0' && r <= '9' {
				digits.WriteRune(r)
			}
		}
		if err != nil {
			if digits.Len() <= MaxDecimalDigits {
				t.Fatalf("%q: %v with %d digits", s, err, digits.Len())
			}
			return
		}
		want := strings.TrimLeft(digits.String(), "0")
		got := fmt.Sprint(d.Units)
		if d.Units == 0 {
			got = ""
		}
		// The units are the digits; with TrimZeros, but trailing zeros.
		if got != want && (syn.trimZeros == KeepZeros || !strings.HasPrefix(want, got) || strings.Trim(want[len(got):], "0") != "") {
			t.Fatalf("%q: units %d from digits %s", s, d.Units, digits.String())
		}
		again, m, err := syn.Parse([]byte(num + "x"))
		if err != nil || again != d || m != n {
			t.Fatalf("%q: %+v %d, and followed by x: %+v %d %v", s, d, n, again, m, err)
		}
	})
}

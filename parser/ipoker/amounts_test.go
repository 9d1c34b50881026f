package ipoker

import (
	"testing"

	"github.com/handaudit/handaudit/hand"
)

func TestParseDecimal(t *testing.T) {
	cases := []struct {
		in     string
		digits int64
		places int
		err    bool
	}{
		{"€0.05", 5, 2, false},
		{"$1,000", 1000, 0, false},
		{"$5,753.50", 575350, 2, false},
		{"€1.234,56", 123456, 2, false},
		{"368,55 €", 36855, 2, false},
		{"0,50", 50, 2, false},
		{"1.500", 1500, 0, false},
		{"0.125", 125, 3, false},
		{"1 430 kr", 1430, 0, false},
		{"1\u00a0430,50 €", 143050, 2, false},
		{"RSD2", 2, 0, false},
		{"£10.66", 1066, 2, false},
		{"1,000,000", 1000000, 0, false},
		{"4000", 4000, 0, false},
		{"€0.4x", 0, 0, true},
		{"N/A", 0, 0, true},
		{"", 0, 0, true},
		{"€", 0, 0, true},
		{"1.2.3,4,5", 0, 0, true},
		{"0.1234567", 0, 0, true},
		{"99999999999999999999", 0, 0, true},
		{"-5", 0, 0, true},
	}
	for _, c := range cases {
		got, err := parseDecimal(c.in)
		if (err != nil) != c.err {
			t.Errorf("parseDecimal(%q): error %v, want error %v", c.in, err, c.err)
			continue
		}
		if !c.err && (got.Units != c.digits || got.Places != c.places) {
			t.Errorf("parseDecimal(%q) = %+v, want %d with %d places", c.in, got, c.digits, c.places)
		}
	}
}

func TestCurrencyOf(t *testing.T) {
	for in, want := range map[string]string{"€0.05": "EUR", "$1": "USD", "£2": "GBP", "RSD1": "RSD", "10 kr": "SEK", "5": "", "CNY 3": "CNY"} {
		if got := currencyOf(in); got != want {
			t.Errorf("currencyOf(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestParseGameType(t *testing.T) {
	cases := []struct {
		in        string
		game      hand.Game
		lo, hi    int64 // stakes as written, in their own places
		hasStakes bool
		currency  string
		err       bool
	}{
		{"Holdem NL €0.05/€0.10", hand.Game{Variant: hand.Holdem, Structure: hand.NoLimit, HoleCards: 2, Code: "Holdem NL"}, 5, 10, true, "EUR", false},
		{"Omaha PL $3/$6", hand.Game{Variant: hand.Omaha, Structure: hand.PotLimit, HoleCards: 4, Code: "Omaha PL"}, 3, 6, true, "USD", false},
		{"Holdem NL", hand.Game{Variant: hand.Holdem, Structure: hand.NoLimit, HoleCards: 2, Code: "Holdem NL"}, 0, 0, false, "", false},
		{"Holdem БЛ €0.25/€0.50", hand.Game{Variant: hand.Holdem, Structure: hand.NoLimit, HoleCards: 2, Code: "Holdem БЛ"}, 25, 50, true, "EUR", false},
		{"Holdem SL $0.01/$0.02", hand.Game{Variant: hand.Holdem, Structure: hand.NoLimit, HoleCards: 2, Code: "Holdem SL"}, 1, 2, true, "USD", false},
		{"7 Card Stud Hi-Lo L €0.05/€0.10", hand.Game{Variant: hand.StudHiLo, Structure: hand.FixedLimit, HoleCards: 7, Code: "7 Card Stud Hi-Lo L"}, 5, 10, true, "EUR", false},
		{"PL €0.05/€0.10", hand.Game{Variant: hand.UnknownVariant, Structure: hand.PotLimit, Code: "PL"}, 5, 10, true, "EUR", false},
		{"Holdem NL RSD1/RSD2", hand.Game{Variant: hand.Holdem, Structure: hand.NoLimit, HoleCards: 2, Code: "Holdem NL"}, 1, 2, true, "RSD", false},
		{"LH 20/40 x2 Limit $10.00/$20.00", hand.Game{Variant: hand.Holdem, Structure: hand.FixedLimit, HoleCards: 2, Code: "LH"}, 1000, 2000, true, "USD", false},
		{"Holdem NL €1/€2 Ante €0.10", hand.Game{Variant: hand.Holdem, Structure: hand.NoLimit, HoleCards: 2, Code: "Holdem NL"}, 1, 2, true, "EUR", false},
		{"Pineapple NL $1/$2", hand.Game{}, 0, 0, false, "", true},
		{"Holdem $1/$2", hand.Game{}, 0, 0, false, "", true},
		{"Holdem NL $1-$2", hand.Game{}, 0, 0, false, "", true},
		{"", hand.Game{}, 0, 0, false, "", true},
	}
	for _, c := range cases {
		k, err := parseGameType(c.in)
		if (err != nil) != c.err {
			t.Errorf("parseGameType(%q): error %v, want error %v", c.in, err, c.err)
			continue
		}
		if c.err {
			continue
		}
		if k.game != c.game || k.hasStakes != c.hasStakes || k.low.Units != c.lo || k.high.Units != c.hi || k.currency != c.currency {
			t.Errorf("parseGameType(%q) = %+v", c.in, k)
		}
	}
}

func TestDetect(t *testing.T) {
	for in, want := range map[string]int{
		`<?xml version="1.0"?><session sessioncode="1"><general>`: 100,
		"  <game gamecode=\"5383392792\">\n":                      100,
		`<?xml version="1.0"?><session><general>`:                 0,
		`<game id="53363692-2070" starttime="20120417015848">`:    0,
		"PokerStars Hand #1: Hold'em No Limit ($0.01/$0.02)":      0,
	} {
		if got := detect([]byte(in)); got != want {
			t.Errorf("detect(%q) = %d, want %d", in, got, want)
		}
	}
}

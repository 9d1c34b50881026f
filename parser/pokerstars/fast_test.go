package pokerstars

import (
	"math/rand/v2"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/handaudit/handaudit/cards"
	"github.com/handaudit/handaudit/hand"
)

// TestPokerStarsTimeCache checks the zone-period cache against
// time.Date, in every zone the reader knows, over two years of times in
// order (as a file's hands come) and at random, with the hours around
// every transition (times that do not exist or exist twice) minute by
// minute.
func TestPokerStarsTimeCache(t *testing.T) {
	abbrs := make([]string, 0, len(psZones))
	for a := range psZones {
		abbrs = append(abbrs, a)
	}
	sort.Strings(abbrs)
	rng := rand.New(rand.NewPCG(1, 2))
	for _, abbr := range abbrs {
		loc := psLoc(abbr)
		if loc == nil {
			t.Fatalf("zone %s does not load", abbr)
		}
		var c psTimeCache
		check := func(f [6]int) {
			t.Helper()
			want := time.Date(f[0], time.Month(f[1]), f[2], f[3], f[4], f[5], 0, loc).UTC()
			if got := c.utc(f, loc); got != want {
				t.Fatalf("%s %v: got %v, want %v", abbr, f, got, want)
			}
		}
		fields := func(u time.Time) [6]int {
			return [6]int{u.Year(), int(u.Month()), u.Day(), u.Hour(), u.Minute(), u.Second()}
		}
		// Local clock times, in order, 37 minutes and 13 seconds apart.
		for u := time.Date(2013, 1, 1, 0, 0, 0, 0, time.UTC); u.Year() < 2015; u = u.Add(37*time.Minute + 13*time.Second) {
			check(fields(u))
		}
		// Around each transition, minute by minute.
		for u := time.Date(2013, 1, 1, 0, 0, 0, 0, loc); u.Year() < 2015; {
			_, end := u.ZoneBounds()
			if end.IsZero() {
				break
			}
			for m := -180; m <= 180; m++ {
				local := end.In(loc).Add(time.Duration(m) * time.Minute)
				check(fields(time.Date(local.Year(), local.Month(), local.Day(), local.Hour(), local.Minute(), local.Second(), 0, time.UTC)))
				// And the same wall clock read at the other offset.
				check(fields(end.Add(time.Duration(m) * time.Minute).UTC()))
			}
			u = end
		}
		for range 2000 {
			check([6]int{1990 + rng.IntN(60), 1 + rng.IntN(12), 1 + rng.IntN(31), rng.IntN(24), rng.IntN(60), rng.IntN(61)})
		}
	}
}

// TestPokerStarsSplitHeader checks the header split on every kind and on
// near misses.
func TestPokerStarsSplitHeader(t *testing.T) {
	for _, c := range []struct {
		line, site, id, rest string
		ok                   bool
	}{
		{"PokerStars Hand #12: x", "PokerStars", "12", " x", true},
		{"PokerStars Game #1:", "PokerStars", "1", "", true},
		{"PokerStars Zoom Hand #3: y", "PokerStars", "3", " y", true},
		{"PokerStars Zoom Game #3: y", "PokerStars", "3", " y", true},
		{"PokerStars Home Game Hand #45: {c}", "PokerStars", "45", " {c}", true},
		{"PokerStars Home Game #45: z", "PokerStars", "45", " z", true},
		{"PPPoker Hand #9: a", "PPPoker", "9", " a", true},
		{"PPPoker Zoom Hand #9:", "PPPoker", "9", "", true},
		{"PokerStars Hand #12", "", "", "", false},
		{"PokerStars Hand #:", "", "", "", false},
		{"PokerStars Hand #1x:", "", "", "", false},
		{"PokerStars Hand ", "", "", "", false},
		{"PokerStars Hand #", "", "", "", false},
		{"PokerStars ", "", "", "", false},
		{"PokerStars H", "", "", "", false},
		{"PokerStars Home Game", "", "", "", false},
		{"PokerStars Tournament #1:", "", "", "", false},
		{"PPPoker", "", "", "", false},
		{"Pokerstars Hand #1:", "", "", "", false},
		{"", "", "", "", false},
	} {
		site, id, rest, ok := psSplitHeader([]byte(c.line))
		if ok != c.ok || string(site) != c.site || string(id) != c.id || string(rest) != c.rest {
			t.Errorf("%q: got %q %q %q %v, want %q %q %q %v", c.line, site, id, rest, ok, c.site, c.id, c.rest, c.ok)
		}
	}
}

// psNumberSlow is the amount reader as first written, digit by digit with
// the digit limit checked as it goes, to check psNumber against.
func psNumberSlow(b []byte) (mant int64, frac, n int, ok bool) {
	i := 0
	switch {
	case len(b) > 0 && b[0] == '$':
		i = 1
	case len(b) > 1 && (b[0] == 0xC2 && (b[1] == 0xA3 || b[1] == 0xA5)):
		i = 2
	case len(b) > 2 && b[0] == 0xE2 && b[1] == 0x82 && (b[2] == 0xAC || b[2] == 0xB9):
		i = 3
	}
	start := i
	digits := 0
	for i < len(b) {
		c := b[i]
		if c >= '0' && c <= '9' {
			if digits >= 18 {
				return 0, 0, -1, false
			}
			mant = mant*10 + int64(c-'0')
			digits++
			i++
			continue
		}
		if c == ',' && i > start && i+3 < len(b) && psDigit3(b[i+1:]) {
			i++
			continue
		}
		break
	}
	if i == start {
		return 0, 0, 0, false
	}
	if i+1 < len(b) && b[i] == '.' && b[i+1] >= '0' && b[i+1] <= '9' {
		i++
		for i < len(b) && b[i] >= '0' && b[i] <= '9' {
			if digits >= 18 {
				return 0, 0, -1, false
			}
			mant = mant*10 + int64(b[i]-'0')
			digits++
			frac++
			i++
		}
		for frac > 0 && mant%10 == 0 {
			mant /= 10
			frac--
		}
	}
	return mant, frac, i, true
}

// psDigit3 reports whether b starts with exactly three digits.
func psDigit3(b []byte) bool {
	if len(b) < 3 {
		return false
	}
	for _, c := range b[:3] {
		if c < '0' || c > '9' {
			return false
		}
	}
	return len(b) == 3 || b[3] < '0' || b[3] > '9'
}

func TestPokerStarsNumber(t *testing.T) {
	inputs := []string{
		"", "$", "0", "$0", "$0.00", "12.50", "12.05", "100.00", "0.10", "1,234.50", "1,23", "1,2345",
		"12,345,678.9", ",123", "$1,000 USD", "€0.50", "£3", "¥5", "₹10", "1.", "1.x", ".5",
		"123456789012345678", "1234567890123456789", "12345678901234567.8", "1234567890123456.78",
		"1234567890123456.780", "0.000000000000000001", "0.0000000000000000001", "9,999,999,999,999,999.99",
		"00012.3400", "5 and", "1,000,000,000,000,000,000", "-5", "$-5",
	}
	rng := rand.New(rand.NewPCG(3, 4))
	const alphabet = "0123456789,.$ "
	for range 20000 {
		inputs = append(inputs, string(randomBytes(rng, alphabet, rng.IntN(24))))
	}
	for _, in := range inputs {
		m, f, n, ok := psNumber([]byte(in))
		wm, wf, wn, wok := psNumberSlow([]byte(in))
		if m != wm || f != wf || n != wn || ok != wok {
			t.Fatalf("psNumber(%q) = %d %d %d %v, want %d %d %d %v", in, m, f, n, ok, wm, wf, wn, wok)
		}
	}
}

func TestPokerStarsBracketCards(t *testing.T) {
	for _, c := range []struct {
		in, want string // want: the cards, or "error"
	}{
		{"[Ah Kd]", "AhKd"},
		{"[Ah]", "Ah"},
		{"[Ah Kd 5s 2c Td]", "AhKd5s2cTd"},
		{"[Ah  Kd]", "AhKd"},
		{"[ Ah Kd ]", "AhKd"},
		{"[AhKd]", "error"},
		{"[Ah Kx]", "error"},
		{"[Ah K]", "error"},
		{"[]", "error"},
		{"[ ]", "error"},
		{"[1h 2d]", "error"},
		{"[ah 2d]", "error"},
		{"[Ah Kd 5s 2c Td 9h]", "AhKd5s2cTd9h"},
	} {
		var p psParser
		p.h = new(hand.Hand)
		cs, err := p.bracketCards([]byte(c.in), true)
		got := "error"
		if err == nil {
			got = ""
			for _, x := range cs {
				got += x.String()
			}
			if cap(cs) != len(cs) && len(cs) == (len(c.in)-1)/3 {
				t.Errorf("%q: capacity %d for %d cards", c.in, cap(cs), len(cs))
			}
		}
		if got != c.want {
			t.Errorf("bracketCards(%q) = %q, want %q", c.in, got, c.want)
		}
	}
	for r := range 256 {
		for s := range 256 {
			c, ok := psCard(byte(r), byte(s))
			want, wok := psCardSlow(byte(r), byte(s))
			if ok != wok || c != want {
				t.Fatalf("psCard(%q, %q) = %v %v, want %v %v", byte(r), byte(s), c, ok, want, wok)
			}
		}
	}
}

// psCardSlow is psCard as first written, to check the tables against.
func psCardSlow(r, s byte) (cards.Card, bool) {
	rank := strings.IndexByte("23456789TJQKA", r)
	var suit cards.Suit
	switch s {
	case 'c':
		suit = cards.Clubs
	case 'd':
		suit = cards.Diamonds
	case 'h':
		suit = cards.Hearts
	case 's':
		suit = cards.Spades
	default:
		return cards.Unknown, false
	}
	if rank < 0 || r == 0 {
		return cards.Unknown, false
	}
	return cards.New(cards.Rank(rank), suit), true
}

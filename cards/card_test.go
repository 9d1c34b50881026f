package cards

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

func TestParse(t *testing.T) {
	good := []struct {
		in   string
		want Card
		str  string
	}{
		{"Ah", New(Ace, Hearts), "Ah"},
		{"Td", New(Ten, Diamonds), "Td"},
		{"10d", New(Ten, Diamonds), "Td"},
		{"2c", New(Two, Clubs), "2c"},
		{"ks", New(King, Spades), "Ks"},
		{"QH", New(Queen, Hearts), "Qh"},
		{"9s", New(Nine, Spades), "9s"},
		{"??", Unknown, "??"},
	}
	for _, g := range good {
		c, err := Parse(g.in)
		if err != nil {
			t.Errorf("Parse(%q): %v", g.in, err)
			continue
		}
		if c != g.want || c.String() != g.str {
			t.Errorf("Parse(%q) = %v (%d), want %s (%d)", g.in, c, c, g.str, g.want)
		}
	}
	bad := []struct{ in, msg string }{
		{"", "too short"},
		{"A", "too short"},
		{"Xh", "bad rank"},
		{"Ax", "bad suit"},
		{"10", "missing suit"},
		{"1d", "bad rank"},
		{"Ahh", "trailing"},
		{"??x", "trailing"},
		{"11d", "bad rank"},
	}
	for _, b := range bad {
		c, err := Parse(b.in)
		if err == nil {
			t.Errorf("Parse(%q) = %v, want error", b.in, c)
			continue
		}
		if !strings.Contains(err.Error(), b.msg) {
			t.Errorf("Parse(%q) error %q, want it to mention %q", b.in, err, b.msg)
		}
		if c != Unknown {
			t.Errorf("Parse(%q) returned card %v with error", b.in, c)
		}
	}
}

func TestParseAllCardsRoundTrip(t *testing.T) {
	for c := Card(0); c < 52; c++ {
		got, err := Parse(c.String())
		if err != nil || got != c {
			t.Errorf("Parse(%q) = %v, %v; want %v", c.String(), got, err, c)
		}
		if New(c.Rank(), c.Suit()) != c {
			t.Errorf("New(%v, %v) != %v", c.Rank(), c.Suit(), c)
		}
	}
	if Unknown.Known() || !New(Ace, Spades).Known() || New(Ace, Spades) != 51 {
		t.Error("Known / index layout wrong")
	}
}

func TestParseList(t *testing.T) {
	for _, in := range []string{"AhKd", "Ah Kd", "Ah,Kd", " Ah , Kd ", "AH\tkd"} {
		got, err := ParseList(in)
		if err != nil || !slices.Equal(got, []Card{New(Ace, Hearts), New(King, Diamonds)}) {
			t.Errorf("ParseList(%q) = %v, %v", in, got, err)
		}
	}
	got, err := ParseList("10s????Jc")
	if err != nil || FormatList(got) != "Ts????Jc" {
		t.Errorf("ParseList(10s????Jc) = %v, %v", got, err)
	}
	if got, err := ParseList(""); err != nil || got != nil {
		t.Errorf("ParseList(\"\") = %v, %v", got, err)
	}
	for _, in := range []string{"AhK", "Ah Zz", "Ah,,1"} {
		if got, err := ParseList(in); err == nil {
			t.Errorf("ParseList(%q) = %v, want error", in, got)
		}
	}
}

func TestSet(t *testing.T) {
	cs := mustCards(t, "2c Ah Ks")
	s := SetOf(append(cs, Unknown)...)
	if s.Count() != 3 || !s.Has(New(Ace, Hearts)) || s.Has(New(Ace, Spades)) || s.Has(Unknown) {
		t.Errorf("SetOf = %b", s)
	}
	if s.Add(Unknown) != s || s.Add(New(Ace, Hearts)) != s || s.Add(New(Two, Diamonds)).Count() != 4 {
		t.Error("Set.Add wrong")
	}
	if got := FormatList(s.Cards()); got != "2cKsAh" {
		t.Errorf("Cards() = %s, want index order 2cKsAh", got)
	}
}

func TestCheckCards(t *testing.T) {
	if err := CheckCards(mustCards(t, "AhKh"), mustCards(t, "2c3c4c")); err != nil {
		t.Errorf("distinct cards: %v", err)
	}
	if err := CheckCards(mustCards(t, "AhKh"), mustCards(t, "2cAh4c")); err == nil || !strings.Contains(err.Error(), "Ah") {
		t.Errorf("repeat across groups: %v", err)
	}
	if err := CheckCards(mustCards(t, "Ah??")); err == nil {
		t.Error("Unknown card accepted")
	}
}

func TestRankNames(t *testing.T) {
	if Six.Plural() != "Sixes" || Ace.Name() != "Ace" || Two.Plural() != "Twos" || Rank(13).Name() != "?" {
		t.Error("rank names wrong")
	}
}

// mustCards parses a card list or fails the test.
func mustCards(t testing.TB, s string) []Card {
	t.Helper()
	cs, err := ParseList(s)
	if err != nil {
		t.Fatalf("ParseList(%q): %v", s, err)
	}
	return cs
}

// TestEvaluatorsNeverPanic feeds every evaluator random bytes as cards and
// every value type random values: bad input must give a no-hand value or
// an "invalid"/"no hand" string, never a panic.
func TestEvaluatorsNeverPanic(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for range 20000 {
		cs := make([]Card, r.IntN(10))
		for i := range cs {
			cs[i] = Card(r.IntN(256))
			if r.IntN(2) == 0 {
				cs[i] &= 63 // mostly real cards, some repeated
			}
		}
		if CheckCards(cs) != nil {
			if EvalLowA5(cs) != NoLow || EvalLow27(cs) != NoLow27 || EvalBadugi(cs) != NoBadugi ||
				EvalShortDeck(cs, 0) != NoShortDeckHand || StudHigh.BringIn(cs) != -1 || Razz.Showing(cs) != NoShowing {
				t.Fatalf("%v: bad cards make a hand", cs)
			}
		}
		_ = EvalLowA5(cs).String() + EvalLow27(cs).String() + EvalBadugi(cs).String()
		BestLowA5(cs)
		BestBadugi(cs)
		for _, rules := range []ShortDeckRules{0, 1, 2} {
			_ = EvalShortDeck(cs, rules).Describe()
			BestShortDeck(cs, rules)
		}
		for _, g := range []StudGame{StudHigh, Razz, 2} {
			g.BringIn(cs)
			_ = g.Showing(cs).String()
			if len(cs) > 0 && cs[0] >= 52 && g.BringInKey(cs[0]) != -1 {
				t.Fatalf("%v has a bring-in key", cs[0])
			}
		}
		v := r.Uint32()
		for _, x := range []uint32{v, v & 0xFFFFFF, v & 0xFFFF, v | 1<<31, v &^ (1 << 31)} {
			_ = LowRank(x).String() + Low27Rank(x).String() + BadugiRank(x).String() + Showing(x).String() +
				ShortDeckRank(x).Describe()
			LowRank(x).Ranks()
			BadugiRank(x).Ranks()
			Showing(x).Ranks()
			ShortDeckRank(x).Ranks()
			Low27Rank(x).Ranks()
		}
	}
}

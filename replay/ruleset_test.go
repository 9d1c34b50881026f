package replay

import (
	"bytes"
	"slices"
	"strings"
	"testing"

	"github.com/handaudit/handaudit/hand"
)

func TestPresets(t *testing.T) {
	d, err := Preset("")
	if err != nil || d.Name != "tda-2024" || d.Version != "TDA 2024" {
		t.Fatalf("default preset %+v, %v", d, err)
	}
	if d.OddChip != OddChipLeftOfButton || d.LimitCap != 4 || d.HeadsUpUncapped || d.BBAnte != BigBlindFirst {
		t.Errorf("tda-2024 options %+v", d)
	}
	o, err := Preset("tda-2019")
	if err != nil || o.Version != "TDA 2019" || o.BBAnte != AnteFirst {
		t.Errorf("tda-2019 preset %+v, %v", o, err)
	}
	if _, err := Preset("tda-2030"); err == nil || !strings.Contains(err.Error(), "tda-2024, tda-2019") {
		t.Errorf("unknown preset error %v", err)
	}
}

func TestDigest(t *testing.T) {
	a, b := Default(), Default()
	if a.Digest() != b.Digest() || !strings.HasPrefix(a.Digest(), "sha256:") || len(a.Digest()) != 7+16 {
		t.Fatalf("digest %q / %q", a.Digest(), b.Digest())
	}
	// The digest is of the options: it must not change between releases
	// unless the options do (report metadata compares it across runs).
	const want = "preset=tda-2024;version=TDA 2024;house=;odd_chip=left-of-button;smallest_chip=0;limit_cap=4;" +
		"heads_up_uncapped=false;big_blind_ante=big-blind-first;straddles_allowed=true;straddle_min_raise=true;" +
		"dead_button=true;run_it_twice=true;rake=false;rake_basis_points=0;rake_cap=0;no_flop_no_drop=false"
	if got := a.Options(); got != want {
		t.Errorf("Options() = %q\nwant        %q", got, want)
	}
	b.SmallestChip = HouseAmount{Units: 10}
	if a.Digest() == b.Digest() {
		t.Error("different options, same digest")
	}
	o, _ := Preset("tda-2019")
	if o.Digest() == a.Digest() {
		t.Error("tda-2019 and tda-2024 have the same digest")
	}
}

func TestLoadHouse(t *testing.T) {
	src := `
preset = "tda-2019"
name = "Casino X cash"
odd_chip = "split-evenly"
smallest_chip = 25
big_blind_ante = "big-blind-first"
dead_button = false
run_it_twice = false

[limit]
cap = 5
heads_up_uncapped = true

[straddle]
allowed = false
min_raise_is_straddle = false

[rake]
percent = 4.5
cap = 3
no_flop_no_drop = true
`
	rs, err := LoadHouse(strings.NewReader(src), Default())
	if err != nil {
		t.Fatal(err)
	}
	want := Ruleset{Name: "tda-2019", Version: "TDA 2019", House: "Casino X cash", OddChip: OddChipSplitEvenly,
		SmallestChip: HouseAmount{Units: 25}, LimitCap: 5, HeadsUpUncapped: true, BBAnte: BigBlindFirst,
		RakeBasisPoints: 450, RakeCap: HouseAmount{Units: 3}, NoFlopNoDrop: true, HasRakeRule: true,
		Session: SessionRules{Button: ButtonMoving}} // dead_button = false, set by the file
	if rs != want {
		t.Errorf("LoadHouse = %+v\nwant       %+v", rs, want)
	}

	// Round trip.
	var buf bytes.Buffer
	if err := WriteHouse(&buf, &rs); err != nil {
		t.Fatal(err)
	}
	back, err := LoadHouse(&buf, Default())
	if err != nil || back != rs {
		t.Errorf("round trip: %+v, %v\nwant %+v", back, err, rs)
	}

	// Only what the file says changes.
	rs, err = LoadHouse(strings.NewReader("smallest_chip = 10\n"), Default())
	d := Default()
	d.SmallestChip = HouseAmount{Units: 10}
	if err != nil || rs != d {
		t.Errorf("partial file: %+v, %v", rs, err)
	}
}

func TestLoadHouseErrors(t *testing.T) {
	cases := []struct{ src, want string }{
		{"odd_chips = \"split-evenly\"\n", `unknown key "odd_chips" (line 1)`},
		{"[limit]\ncaps = 3\n", `unknown key "limit.caps" (line 2)`},
		{"[rake]\npercent = \"4.555\"\n", "at most two decimals"},
		{"[rake]\npercent = \"150\"\n", "over 100%"},
		{"odd_chip = \"random\"\n", `odd_chip "random": want one of "left-of-button", "split-evenly", "all-to-first" or "one-each"`},
		{"big_blind_ante = \"later\"\n", `big_blind_ante "later"`},
		{"preset = \"tda-1999\"\n", "unknown ruleset preset"},
		{"smallest_chip = -1\n", "negative"},
		{"smallest_chip = \"ten\"\n", `smallest_chip: "ten" is not an amount`},
		{"smallest_chip = \"0.123456789\"\n", "at most 8 decimals"},
		{"[rake]\ncap = -3\n", "rake.cap: -3 is negative"},
		{"smallest_chip = true\n", "want a number or a string"},
		{"[limit\n", "house rules: line 1"},
	}
	for _, c := range cases {
		_, err := LoadHouse(strings.NewReader(c.src), Default())
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("LoadHouse(%q) error %v, want it to mention %q", c.src, err, c.want)
		}
	}
}

func TestExpectedRake(t *testing.T) {
	rs := Default()
	if _, ok := rs.ExpectedRake(1000, true, 100); ok {
		t.Error("no rake rule, yet a rake")
	}
	rs.HasRakeRule, rs.RakeBasisPoints, rs.RakeCap, rs.NoFlopNoDrop = true, 450, HouseAmount{Units: 150, Places: 2}, true
	for _, c := range []struct {
		total   int64
		flop    bool
		want    int64
		comment string
	}{
		{3978, true, 150, "4.5% of 39.78 is 1.79, capped at 1.50"},
		{3180, true, 143, "4.5% of 31.80 is 1.431: rounded down"},
		{3180, false, 0, "no flop, no drop"},
		{99, true, 4, "4.455 rounded down"},
	} {
		got, _ := rs.ExpectedRake(hand.Amount(c.total), c.flop, 100)
		if int64(got) != c.want {
			t.Errorf("%s: got %d, want %d", c.comment, got, c.want)
		}
	}
}

// TestHouseAmount: house amounts are in the currency's or the chips' own
// unit and convert to each hand's minor units with its scale, so that the
// same smallest_chip means the same chip in every hand.
func TestHouseAmount(t *testing.T) {
	for _, c := range []struct {
		in    any
		want  HouseAmount
		str   string
		scale int64
		minor hand.Amount
		exact bool
	}{
		{"0.25", HouseAmount{25, 2}, "0.25", 100, 25, true},
		{0.25, HouseAmount{25, 2}, "0.25", 1000, 250, true},
		{int64(25), HouseAmount{25, 0}, "25", 1, 25, true},
		{int64(25), HouseAmount{25, 0}, "25", 10, 250, true},
		{"10", HouseAmount{10, 0}, "10", 1, 10, true},
		{"10", HouseAmount{10, 0}, "10", 100, 1000, true},
		{"3.50", HouseAmount{35, 1}, "3.5", 100, 350, true},
		{"0.005", HouseAmount{5, 3}, "0.005", 100, 1, false},
		{"0", HouseAmount{}, "0", 100, 0, true},
	} {
		got, err := ParseHouseAmount(c.in)
		if err != nil || got != c.want {
			t.Errorf("ParseHouseAmount(%v) = %+v, %v; want %+v", c.in, got, err, c.want)
			continue
		}
		if got.String() != c.str {
			t.Errorf("%+v prints %q, want %q", got, got.String(), c.str)
		}
		if v, exact := got.In(c.scale); v != c.minor || exact != c.exact {
			t.Errorf("%s at scale %d = %d (exact %t), want %d (%t)", c.str, c.scale, v, exact, c.minor, c.exact)
		}
	}
	// The same house file gives the same chip at every scale of a hand.
	rs, err := LoadHouse(strings.NewReader("smallest_chip = 10\n"), Default())
	if err != nil {
		t.Fatal(err)
	}
	for _, scale := range []int64{1, 10, 100} {
		if v, _ := rs.SmallestChip.In(scale); v != hand.Amount(10*scale) {
			t.Errorf("smallest_chip = 10 at scale %d is %d minor units, want %d", scale, v, 10*scale)
		}
	}
}

// TestRoomPresets: a room's preset is its house file over the TDA preset
// it names; it caps PokerStars fixed limit at a bet and four raises, and
// its findings cite it.
func TestRoomPresets(t *testing.T) {
	ps, err := Preset("pokerstars")
	if err != nil {
		t.Fatal(err)
	}
	if ps.Name != "pokerstars" || ps.Version != "TDA 2024" || ps.House != "PokerStars" || ps.LimitCap != 5 || !ps.Room() {
		t.Errorf("pokerstars preset %+v", ps)
	}
	gg, err := Preset("ggpoker")
	if err != nil {
		t.Fatal(err)
	}
	if gg.Name != "ggpoker" || gg.House != "GGPoker" || !gg.RunItTwice || !gg.StraddlesAllowed || !gg.StraddleMinRaise ||
		gg.Session.NoTopUps || gg.Session.ConsecutiveHandIDs || gg.HasRakeRule || !gg.Room() {
		t.Errorf("ggpoker preset %+v", gg)
	}
	d := Default()
	if d.Room() || d.CiteVersion() != "TDA 2024" {
		t.Errorf("tda-2024 is not a room's preset: %+v", d)
	}
	if got := Cite(&ps, "number-of-raises").String(); got != "TDA 2024 (pokerstars preset) Rule 48 (Number of Allowable Raises)" {
		t.Errorf("citation under the pokerstars preset: %q", got)
	}
	if !slices.Contains(PresetNames(), "pokerstars") {
		t.Errorf("PresetNames() = %v", PresetNames())
	}
	// A house file may build on a room's preset.
	rs, err := LoadHouse(strings.NewReader("preset = \"pokerstars\"\nname = \"My club\"\n[rake]\npercent = 5\ncap = 3\n"), d)
	if err != nil || rs.Name != "pokerstars" || rs.LimitCap != 5 || rs.House != "My club" || rs.RakeCap != (HouseAmount{Units: 3}) {
		t.Errorf("house over pokerstars: %+v, %v", rs, err)
	}
	// Winamax's records write no tabling order: its preset says so, and a
	// house file says it back.
	wm, err := Preset("winamax")
	if err != nil || !wm.ShowOrderUnrecorded || wm.House != "Winamax" || ps.ShowOrderUnrecorded || d.ShowOrderUnrecorded {
		t.Errorf("winamax preset: %+v, %v", wm, err)
	}
	var buf bytes.Buffer
	if err := WriteHouse(&buf, &wm); err != nil {
		t.Fatal(err)
	}
	if back, err := LoadHouse(&buf, d); err != nil || !back.ShowOrderUnrecorded || !strings.Contains(wm.Options(), "show_order_recorded=false") {
		t.Errorf("winamax preset written and read back: %q (%v)", back.Options(), err)
	}
	if strings.Contains(d.Options(), "show_order") {
		t.Errorf("options without the showdown option name it: %q", d.Options())
	}
	// Every room's preset file reads, and writes back to itself (the
	// session options too; dead_button only where a button rule is
	// required, since it sets one).
	for _, name := range PresetNames() {
		p, err := Preset(name)
		if err != nil {
			t.Errorf("preset %s: %v", name, err)
		}
		p.Session = SessionRules{NoTopUps: true, MaxBuyIn: HouseAmount{Units: 200}, ConsecutiveHandIDs: true}
		var buf bytes.Buffer
		if err := WriteHouse(&buf, &p); err != nil {
			t.Fatal(err)
		}
		if back, err := LoadHouse(&buf, Default()); err != nil || back.Options() != p.Options() {
			t.Errorf("preset %s written and read back:\n%s\nwant\n%s (%v)", name, back.Options(), p.Options(), err)
		}
	}
}

// TestRulebook: with no rules named, a hand is judged by the preset of the
// room its record names; with rules named, every hand by them.
func TestRulebook(t *testing.T) {
	d := Default()
	b, err := RoomRules(&d)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		site, format, want string
	}{
		{"PokerStars", "pokerstars", "pokerstars"},
		{"PokerStars Zoom", "pokerstars", "pokerstars"},
		{"pokerstars", "phh", "pokerstars"},
		{"", "pokerstars", "pokerstars"},
		{"PPPoker", "pokerstars", "tda-2024"},
		{"", "phh", "tda-2024"},
		{"handaudit-gen", "phh", "tda-2024"},
		{"888poker", "888poker", "888poker"},
		{"888.ro", "888poker", "888poker"},
		{"888poker.ca-on", "888poker", "888poker"},
		{"Cassava", "888poker", "888poker"},
		{"", "888poker", "888poker"},
		{"LuckyAcePoker.com", "888poker", "tda-2024"},
		{"Winamax", "winamax", "winamax"},
		{"", "winamax", "winamax"},
		{"PartyPoker", "partypoker", "partypoker"},
		{"", "partypoker", "partypoker"},
		{"WPN", "partypoker", "tda-2024"},
		{"iPoker", "ipoker", "ipoker"},
		{"", "ipoker", "ipoker"},
		{"GGPoker", "ggpoker", "ggpoker"},
		{"", "ggpoker", "ggpoker"},
	} {
		h := &hand.Hand{Site: c.site, Format: c.format}
		if got := b.For(h).Name; got != c.want {
			t.Errorf("site %q format %q: judged by %s, want %s", c.site, c.format, got, c.want)
		}
	}
	if all := b.All(); len(all) != 1+len(rooms) || all[0] != &d || all[1].Name != "pokerstars" {
		t.Errorf("All() = %v", all)
	}
	// The partypoker preset counts an out-of-position small blind live;
	// the option reads both ways and is in the options only when set.
	pp, err := Preset("partypoker")
	if err != nil || !pp.LiveExtraSmallBlind || !strings.Contains(pp.Options(), "extra_small_blind=live") || strings.Contains(d.Options(), "extra_small_blind") {
		t.Errorf("partypoker preset %+v, %v", pp, err)
	}
	for text, want := range map[string]bool{"[blinds]\nextra_small_blind = \"live\"\n": true, "preset = \"partypoker\"\n[blinds]\nextra_small_blind = \"dead\"\n": false} {
		if rs, err := LoadHouse(strings.NewReader(text), d); err != nil || rs.LiveExtraSmallBlind != want {
			t.Errorf("%q: %v, %v", text, rs.LiveExtraSmallBlind, err)
		}
	}
	if _, err := LoadHouse(strings.NewReader("[blinds]\nextra_small_blind = \"half\"\n"), d); err == nil {
		t.Error("extra_small_blind = \"half\" accepted")
	}
	// call_full_bet: off by default and out of the options; read, listed
	// and written back when set.
	if rs, err := LoadHouse(strings.NewReader("[betting]\ncall_full_bet = true\n"), d); err != nil || !rs.CallFullBet || !strings.Contains(rs.Options(), "call_full_bet=true") || strings.Contains(d.Options(), "call_full_bet") {
		t.Errorf("call_full_bet: %+v, %v", rs, err)
	} else {
		var buf bytes.Buffer
		if err := WriteHouse(&buf, &rs); err != nil {
			t.Fatal(err)
		}
		if back, err := LoadHouse(&buf, Default()); err != nil || back != rs {
			t.Errorf("call_full_bet written and read back: %+v, %v", back, err)
		}
	}
	// [antes] unmatched: "either" by default and out of the options;
	// "side-pot" read, listed and written back; anything else refused.
	if rs, err := LoadHouse(strings.NewReader("[antes]\nunmatched = \"side-pot\"\n"), d); err != nil || !rs.UnmatchedAnteSidePot || !strings.Contains(rs.Options(), "unmatched_ante=side-pot") || strings.Contains(d.Options(), "unmatched_ante") {
		t.Errorf("antes.unmatched: %+v, %v", rs, err)
	} else {
		var buf bytes.Buffer
		if err := WriteHouse(&buf, &rs); err != nil {
			t.Fatal(err)
		}
		if back, err := LoadHouse(&buf, Default()); err != nil || back != rs {
			t.Errorf("antes.unmatched written and read back: %+v, %v", back, err)
		}
	}
	if _, err := LoadHouse(strings.NewReader("[antes]\nunmatched = \"returned\"\n"), d); err == nil {
		t.Error("antes.unmatched = \"returned\" accepted")
	}
	// uncalled_silent: the partypoker preset sets it false; read, listed
	// only when false, written back.
	if !pp.UncalledNeverSilent || !strings.Contains(pp.Options(), "uncalled_silent=false") || strings.Contains(d.Options(), "uncalled_silent") {
		t.Errorf("partypoker preset: UncalledNeverSilent %v, options %s", pp.UncalledNeverSilent, pp.Options())
	}
	for text, want := range map[string]bool{"uncalled_silent = false\n": true, "preset = \"partypoker\"\nuncalled_silent = true\n": false} {
		rs, err := LoadHouse(strings.NewReader(text), d)
		if err != nil || rs.UncalledNeverSilent != want {
			t.Errorf("%q: %v, %v", text, rs.UncalledNeverSilent, err)
			continue
		}
		var buf bytes.Buffer
		if err := WriteHouse(&buf, &rs); err != nil {
			t.Fatal(err)
		}
		if back, err := LoadHouse(&buf, Default()); err != nil || back.Options() != rs.Options() {
			t.Errorf("%q written and read back: %s, %v", text, back.Options(), err)
		}
	}
	f := FixedRules(&d)
	if f.For(&hand.Hand{Site: "PokerStars"}) != &d || len(f.All()) != 1 {
		t.Error("a fixed rulebook judges every hand by its one ruleset")
	}
}

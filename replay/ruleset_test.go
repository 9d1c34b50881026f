package replay

import (
	"bytes"
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
	b.SmallestChip = 10
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
cap = 300
no_flop_no_drop = true
`
	rs, err := LoadHouse(strings.NewReader(src), Default())
	if err != nil {
		t.Fatal(err)
	}
	want := Ruleset{Name: "tda-2019", Version: "TDA 2019", House: "Casino X cash", OddChip: OddChipSplitEvenly,
		SmallestChip: 25, LimitCap: 5, HeadsUpUncapped: true, BBAnte: BigBlindFirst,
		RakeBasisPoints: 450, RakeCap: 300, NoFlopNoDrop: true, HasRakeRule: true}
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
	d.SmallestChip = 10
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
		{"odd_chip = \"random\"\n", `odd_chip "random"`},
		{"big_blind_ante = \"later\"\n", `big_blind_ante "later"`},
		{"preset = \"tda-1999\"\n", "unknown ruleset preset"},
		{"smallest_chip = -1\n", "negative"},
		{"smallest_chip = \"ten\"\n", "house rules: line 1"},
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
	if _, ok := rs.ExpectedRake(1000, true); ok {
		t.Error("no rake rule, yet a rake")
	}
	rs.HasRakeRule, rs.RakeBasisPoints, rs.RakeCap, rs.NoFlopNoDrop = true, 450, 150, true
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
		got, _ := rs.ExpectedRake(hand.Amount(c.total), c.flop)
		if int64(got) != c.want {
			t.Errorf("%s: got %d, want %d", c.comment, got, c.want)
		}
	}
}

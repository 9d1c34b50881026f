package replay

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/pelletier/go-toml/v2"
)

// DefaultPreset is the preset used when none is named.
const DefaultPreset = "tda-2024"

// PresetNames lists the named presets, default first: the TDA versions,
// then the rooms' presets.
func PresetNames() []string {
	names := []string{"tda-2024", "tda-2019"}
	for _, r := range rooms {
		names = append(names, r.preset)
	}
	return names
}

// Preset returns the named ruleset. "" means DefaultPreset.
//
// Both TDA presets follow the same betting mechanics (the TDA kept the
// substance of the betting rules from 2019 to 2024; reopening is decided by
// whether a player who already acted faces at least a full raise, which
// covers the cumulative short all-ins that 2024 Rule 47-A spells out). They
// differ in the rule numbers cited and in the short big blind with a
// big-blind ante: TDA 2024 RP-11 takes the big blind first, the 2019
// procedure the ante first.
//
// A room's preset ("pokerstars") is the room's house file, shipped with
// the tool (presets/NAME.toml), applied over the TDA preset it names: the
// room's conventions (its fixed-limit cap, its rake rule, ...) and nothing
// else.
func Preset(name string) (Ruleset, error) {
	rs := Ruleset{
		Name:             "tda-2024",
		Version:          "TDA 2024",
		OddChip:          OddChipLeftOfButton,
		LimitCap:         4,
		BBAnte:           BigBlindFirst,
		StraddlesAllowed: true,
		StraddleMinRaise: true,
		DeadButton:       true,
		RunItTwice:       true,
	}
	switch name {
	case "", "tda-2024":
	case "tda-2019":
		rs.Name, rs.Version = "tda-2019", "TDA 2019"
		rs.BBAnte = AnteFirst
	default:
		file, ok := roomPresetFiles[name]
		if !ok {
			return Ruleset{}, fmt.Errorf("unknown ruleset preset %q (known: %s)", name, strings.Join(PresetNames(), ", "))
		}
		return roomPreset(name, file)
	}
	return rs, nil
}

// roomPreset reads the room preset name from its house file: a house file
// that must name the TDA preset it builds on.
func roomPreset(name, file string) (Ruleset, error) {
	src, err := presetFiles.ReadFile(file)
	if err != nil {
		return Ruleset{}, fmt.Errorf("preset %s: %w", name, err)
	}
	var head struct {
		Preset *string `toml:"preset"`
	}
	if err := toml.Unmarshal(src, &head); err != nil || head.Preset == nil || roomPresetFiles[*head.Preset] != "" {
		return Ruleset{}, fmt.Errorf("preset %s: %s must name the TDA preset it builds on", name, file)
	}
	rs, err := LoadHouse(bytes.NewReader(src), Default())
	if err != nil {
		return Ruleset{}, fmt.Errorf("preset %s: %w", name, err)
	}
	rs.Name = name
	return rs, nil
}

// Default returns the default ruleset (DefaultPreset).
func Default() Ruleset {
	rs, _ := Preset(DefaultPreset)
	return rs
}

var oddChipNames = [...]string{OddChipLeftOfButton: "left-of-button", OddChipSplitEvenly: "split-evenly",
	OddChipAllToFirst: "all-to-first", OddChipOneEach: "one-each"}

func (o OddChipRule) String() string {
	if int(o) < len(oddChipNames) {
		return oddChipNames[o]
	}
	return "unknown"
}

var bbAnteNames = [...]string{BigBlindFirst: "big-blind-first", AnteFirst: "ante-first"}

func (b BBAnteOrder) String() string {
	if int(b) < len(bbAnteNames) {
		return bbAnteNames[b]
	}
	return "unknown"
}

// Options returns the ruleset's options as one canonical line of
// key=value pairs in a fixed order, for report metadata.
func (rs *Ruleset) Options() string {
	var b strings.Builder
	kv := func(k, v string) {
		if b.Len() > 0 {
			b.WriteByte(';')
		}
		b.WriteString(k)
		b.WriteByte('=')
		b.WriteString(v)
	}
	kv("preset", rs.Name)
	kv("version", rs.Version)
	kv("house", rs.House)
	kv("odd_chip", rs.OddChip.String())
	kv("smallest_chip", rs.SmallestChip.String())
	kv("limit_cap", strconv.Itoa(rs.LimitCap))
	kv("heads_up_uncapped", strconv.FormatBool(rs.HeadsUpUncapped))
	kv("big_blind_ante", rs.BBAnte.String())
	kv("straddles_allowed", strconv.FormatBool(rs.StraddlesAllowed))
	kv("straddle_min_raise", strconv.FormatBool(rs.StraddleMinRaise))
	kv("dead_button", strconv.FormatBool(rs.DeadButton))
	kv("run_it_twice", strconv.FormatBool(rs.RunItTwice))
	kv("rake", strconv.FormatBool(rs.HasRakeRule))
	kv("rake_basis_points", strconv.FormatInt(rs.RakeBasisPoints, 10))
	kv("rake_cap", rs.RakeCap.String())
	kv("no_flop_no_drop", strconv.FormatBool(rs.NoFlopNoDrop))
	if rs.UncalledInCollect {
		// Listed only when set, so that the rulesets without it keep
		// their digests.
		kv("uncalled_in_collect", "true")
	}
	if rs.UncalledNeverSilent {
		// Listed only when set, as uncalled_in_collect.
		kv("uncalled_silent", "false")
	}
	if rs.ShowOrderUnrecorded {
		// Only when set: the options (and digests) of rulesets without it
		// are as they were before it existed.
		kv("show_order_recorded", "false")
	}
	if rs.LiveExtraSmallBlind {
		// Listed only when set, as the session options below.
		kv("extra_small_blind", "live")
	}
	if rs.CallFullBet {
		// Listed only when set, as the options above.
		kv("call_full_bet", "true")
	}
	if rs.UnmatchedAnteSidePot {
		kv("unmatched_ante", "side-pot")
	}
	if ss := rs.Session; ss != (SessionRules{}) {
		// Listed only when set, so that rulesets without them keep the
		// digests they had before the session checks.
		kv("session_button", ss.Button.String())
		kv("session_no_top_ups", strconv.FormatBool(ss.NoTopUps))
		kv("session_max_buy_in", ss.MaxBuyIn.String())
		kv("session_consecutive_hand_ids", strconv.FormatBool(ss.ConsecutiveHandIDs))
	}
	return b.String()
}

// Digest is a short stable fingerprint of the ruleset's options
// ("sha256:" and 16 hex digits), the same for equal options on any machine.
func (rs *Ruleset) Digest() string {
	sum := sha256.Sum256([]byte(rs.Options()))
	return "sha256:" + hex.EncodeToString(sum[:8])
}

// houseFile is the TOML form of a house ruleset. Pointers tell set from unset.
type houseFile struct {
	Preset       *string `toml:"preset"`
	Name         *string `toml:"name"`
	OddChip      *string `toml:"odd_chip"`
	SmallestChip any     `toml:"smallest_chip"`
	BigBlindAnte *string `toml:"big_blind_ante"`
	DeadButton   *bool   `toml:"dead_button"`
	RunItTwice   *bool   `toml:"run_it_twice"`
	// UncalledInCollect: see Ruleset.UncalledInCollect.
	UncalledInCollect *bool `toml:"uncalled_in_collect"`
	// UncalledSilent: false is Ruleset.UncalledNeverSilent.
	UncalledSilent *bool `toml:"uncalled_silent"`
	Blinds         *struct {
		ExtraSmallBlind *string `toml:"extra_small_blind"`
	} `toml:"blinds"`
	Betting *struct {
		CallFullBet *bool `toml:"call_full_bet"`
	} `toml:"betting"`
	Antes *struct {
		Unmatched *string `toml:"unmatched"`
	} `toml:"antes"`
	Limit *struct {
		Cap             *int  `toml:"cap"`
		HeadsUpUncapped *bool `toml:"heads_up_uncapped"`
	} `toml:"limit"`
	Straddle *struct {
		Allowed          *bool `toml:"allowed"`
		MinRaiseStraddle *bool `toml:"min_raise_is_straddle"`
	} `toml:"straddle"`
	Rake *struct {
		Percent      any   `toml:"percent"`
		Cap          any   `toml:"cap"`
		NoFlopNoDrop *bool `toml:"no_flop_no_drop"`
	} `toml:"rake"`
	Showdown *struct {
		OrderRecorded *bool `toml:"order_recorded"`
	} `toml:"showdown"`
	Session *struct {
		TopUps             *bool `toml:"top_ups"`
		MaxBuyIn           any   `toml:"max_buy_in"`
		ConsecutiveHandIDs *bool `toml:"consecutive_hand_ids"`
	} `toml:"session"`
}

// LoadHouse reads a house rules file (TOML) and applies it over base.
// Unknown keys are errors, so that a misspelt option is never silently
// ignored. The file may name a preset to start from instead of base:
//
//	preset = "tda-2019"          # optional: start from this preset (a room's too: "pokerstars")
//	name = "Casino X cash"       # optional: the house's name for these rules
//	odd_chip = "left-of-button"  # TDA 20-A, either reading; or "all-to-first", "one-each", "split-evenly"
//	smallest_chip = "0.25"       # in the currency's or the chips' own unit: a quarter; 25 is 25 chips
//	big_blind_ante = "big-blind-first"  # or "ante-first"
//	dead_button = true
//	run_it_twice = true
//	uncalled_in_collect = true   # an uncalled bet may come back within its owner's collect
//	uncalled_silent = false      # an uncalled bet the record does not pay back was kept (no silent returns)
//	[blinds]
//	extra_small_blind = "dead"   # a small blind posted out of position; or "live" (counts toward the call)
//	[antes]
//	unmatched = "either"         # chips no one matched: a side pot or returned as uncalled; or "side-pot"
//	[betting]
//	call_full_bet = true         # a call facing a bet no one left can match in full is of the whole bet
//	[limit]
//	cap = 4                      # bets and raises per street; 0 = uncapped
//	heads_up_uncapped = false
//	[straddle]
//	allowed = true
//	min_raise_is_straddle = true # the straddle counts as a full raise
//	[rake]
//	percent = "5"                # up to two decimals: "4.5"
//	cap = 3                      # in the currency's or the chips' own unit ($3); 0 = no cap
//	no_flop_no_drop = true
//	[showdown]
//	order_recorded = false       # the records' show lines are not in tabling order
//	[session]
//	top_ups = true               # cash games: a player may add chips between hands
//	max_buy_in = 200             # in the currency's unit: the most a stack may be topped up to
//	consecutive_hand_ids = false # the room numbers each table's hands one by one
//
// dead_button, when the file sets it, is also the button rule the session
// checks require: true the dead button (TDA 32), false the moving button;
// unset, either is accepted.
func LoadHouse(r io.Reader, base Ruleset) (Ruleset, error) {
	var f houseFile
	dec := toml.NewDecoder(r).DisallowUnknownFields()
	if err := dec.Decode(&f); err != nil {
		var sm *toml.StrictMissingError
		if errors.As(err, &sm) {
			var keys []string
			for i := range sm.Errors {
				line, _ := sm.Errors[i].Position()
				keys = append(keys, fmt.Sprintf("%q (line %d)", strings.Join(sm.Errors[i].Key(), "."), line))
			}
			return Ruleset{}, fmt.Errorf("house rules: unknown key %s", strings.Join(keys, ", "))
		}
		var de *toml.DecodeError
		if errors.As(err, &de) {
			line, col := de.Position()
			return Ruleset{}, fmt.Errorf("house rules: line %d column %d: %s", line, col, de.Error())
		}
		return Ruleset{}, fmt.Errorf("house rules: %w", err)
	}
	rs := base
	if f.Preset != nil {
		p, err := Preset(*f.Preset)
		if err != nil {
			return Ruleset{}, fmt.Errorf("house rules: preset: %w", err)
		}
		rs = p
	}
	if f.Name != nil {
		rs.House = *f.Name
	}
	if f.OddChip != nil {
		k := slices.Index(oddChipNames[:], *f.OddChip)
		if k < 0 {
			return Ruleset{}, fmt.Errorf("house rules: odd_chip %q: want one of %s", *f.OddChip, quoteList(oddChipNames[:]))
		}
		rs.OddChip = OddChipRule(k)
	}
	if f.SmallestChip != nil {
		a, err := ParseHouseAmount(f.SmallestChip)
		if err != nil {
			return Ruleset{}, fmt.Errorf("house rules: smallest_chip: %w", err)
		}
		rs.SmallestChip = a
	}
	if f.BigBlindAnte != nil {
		switch *f.BigBlindAnte {
		case "big-blind-first":
			rs.BBAnte = BigBlindFirst
		case "ante-first":
			rs.BBAnte = AnteFirst
		default:
			return Ruleset{}, fmt.Errorf("house rules: big_blind_ante %q: want \"big-blind-first\" or \"ante-first\"", *f.BigBlindAnte)
		}
	}
	if f.DeadButton != nil {
		rs.DeadButton = *f.DeadButton
		rs.Session.Button = ButtonMoving
		if *f.DeadButton {
			rs.Session.Button = ButtonDead
		}
	}
	if ss := f.Session; ss != nil {
		if ss.TopUps != nil {
			rs.Session.NoTopUps = !*ss.TopUps
		}
		if ss.MaxBuyIn != nil {
			a, err := ParseHouseAmount(ss.MaxBuyIn)
			if err != nil {
				return Ruleset{}, fmt.Errorf("house rules: session.max_buy_in: %w", err)
			}
			rs.Session.MaxBuyIn = a
		}
		if ss.ConsecutiveHandIDs != nil {
			rs.Session.ConsecutiveHandIDs = *ss.ConsecutiveHandIDs
		}
	}
	if f.RunItTwice != nil {
		rs.RunItTwice = *f.RunItTwice
	}
	if f.UncalledInCollect != nil {
		rs.UncalledInCollect = *f.UncalledInCollect
	}
	if f.UncalledSilent != nil {
		rs.UncalledNeverSilent = !*f.UncalledSilent
	}
	if b := f.Blinds; b != nil && b.ExtraSmallBlind != nil {
		switch *b.ExtraSmallBlind {
		case "dead":
			rs.LiveExtraSmallBlind = false
		case "live":
			rs.LiveExtraSmallBlind = true
		default:
			return Ruleset{}, fmt.Errorf("house rules: blinds.extra_small_blind %q: want \"dead\" or \"live\"", *b.ExtraSmallBlind)
		}
	}
	if b := f.Betting; b != nil && b.CallFullBet != nil {
		rs.CallFullBet = *b.CallFullBet
	}
	if a := f.Antes; a != nil && a.Unmatched != nil {
		switch *a.Unmatched {
		case "either":
			rs.UnmatchedAnteSidePot = false
		case "side-pot":
			rs.UnmatchedAnteSidePot = true
		default:
			return Ruleset{}, fmt.Errorf("house rules: antes.unmatched %q: want \"either\" or \"side-pot\"", *a.Unmatched)
		}
	}
	if l := f.Limit; l != nil {
		if l.Cap != nil {
			if *l.Cap < 0 {
				return Ruleset{}, fmt.Errorf("house rules: limit.cap %d is negative", *l.Cap)
			}
			rs.LimitCap = *l.Cap
		}
		if l.HeadsUpUncapped != nil {
			rs.HeadsUpUncapped = *l.HeadsUpUncapped
		}
	}
	if s := f.Straddle; s != nil {
		if s.Allowed != nil {
			rs.StraddlesAllowed = *s.Allowed
		}
		if s.MinRaiseStraddle != nil {
			rs.StraddleMinRaise = *s.MinRaiseStraddle
		}
	}
	if k := f.Rake; k != nil {
		rs.HasRakeRule = true
		if k.Percent != nil {
			bp, err := percentBasisPoints(k.Percent)
			if err != nil {
				return Ruleset{}, fmt.Errorf("house rules: rake.percent: %w", err)
			}
			rs.RakeBasisPoints = bp
		}
		if k.Cap != nil {
			a, err := ParseHouseAmount(k.Cap)
			if err != nil {
				return Ruleset{}, fmt.Errorf("house rules: rake.cap: %w", err)
			}
			rs.RakeCap = a
		}
		if k.NoFlopNoDrop != nil {
			rs.NoFlopNoDrop = *k.NoFlopNoDrop
		}
	}
	if sd := f.Showdown; sd != nil && sd.OrderRecorded != nil {
		rs.ShowOrderUnrecorded = !*sd.OrderRecorded
	}
	return rs, nil
}

// percentBasisPoints turns a percentage with at most two decimals ("4.5",
// 5, 4.5) into basis points (450) without floating-point rounding.
func percentBasisPoints(v any) (int64, error) {
	var s string
	switch x := v.(type) {
	case string:
		s = strings.TrimSpace(x)
	case int64:
		s = strconv.FormatInt(x, 10)
	case float64:
		s = strconv.FormatFloat(x, 'f', -1, 64)
	default:
		return 0, fmt.Errorf("%v: want a number or a string such as \"4.5\"", v)
	}
	whole, frac, _ := strings.Cut(s, ".")
	if len(frac) > 2 {
		return 0, fmt.Errorf("%q: at most two decimals", s)
	}
	frac += strings.Repeat("0", 2-len(frac))
	w, err1 := strconv.ParseInt(whole, 10, 64)
	fr, err2 := strconv.ParseInt(frac, 10, 64)
	if err1 != nil || err2 != nil || w < 0 || strings.HasPrefix(frac, "-") {
		return 0, fmt.Errorf("%q is not a percentage", s)
	}
	bp := w*100 + fr
	if bp > 10000 {
		return 0, fmt.Errorf("%q is over 100%%", s)
	}
	return bp, nil
}

// WriteHouse writes rs as a house rules file that LoadHouse reads back to
// the same options.
func WriteHouse(w io.Writer, rs *Ruleset) error {
	var b bytes.Buffer
	fmt.Fprintf(&b, "preset = %q\n", rs.Name)
	if rs.House != "" {
		fmt.Fprintf(&b, "name = %q\n", rs.House)
	}
	fmt.Fprintf(&b, "odd_chip = %q\nsmallest_chip = %q\nbig_blind_ante = %q\nrun_it_twice = %t\n",
		rs.OddChip, rs.SmallestChip, rs.BBAnte, rs.RunItTwice)
	if rs.Session.Button != ButtonEither {
		// dead_button in a file is also the button rule the session checks
		// require: written only when one is required, so that a ruleset
		// accepting both reads back the same.
		fmt.Fprintf(&b, "dead_button = %t\n", rs.Session.Button == ButtonDead)
	}
	if rs.UncalledInCollect {
		b.WriteString("uncalled_in_collect = true\n")
	}
	// Always written: a file may start from a preset that sets it either way.
	fmt.Fprintf(&b, "uncalled_silent = %t\n", !rs.UncalledNeverSilent)
	if rs.UnmatchedAnteSidePot {
		b.WriteString("\n[antes]\nunmatched = \"side-pot\"\n")
	}
	if rs.CallFullBet {
		b.WriteString("\n[betting]\ncall_full_bet = true\n")
	}
	fmt.Fprintf(&b, "\n[limit]\ncap = %d\nheads_up_uncapped = %t\n", rs.LimitCap, rs.HeadsUpUncapped)
	fmt.Fprintf(&b, "\n[straddle]\nallowed = %t\nmin_raise_is_straddle = %t\n", rs.StraddlesAllowed, rs.StraddleMinRaise)
	if rs.HasRakeRule {
		fmt.Fprintf(&b, "\n[rake]\npercent = \"%d.%02d\"\ncap = %q\nno_flop_no_drop = %t\n",
			rs.RakeBasisPoints/100, rs.RakeBasisPoints%100, rs.RakeCap, rs.NoFlopNoDrop)
	}
	if rs.ShowOrderUnrecorded {
		fmt.Fprintf(&b, "\n[showdown]\norder_recorded = false\n")
	}
	if ss := rs.Session; ss.NoTopUps || !ss.MaxBuyIn.IsZero() || ss.ConsecutiveHandIDs {
		fmt.Fprintf(&b, "\n[session]\ntop_ups = %t\nconsecutive_hand_ids = %t\n", !ss.NoTopUps, ss.ConsecutiveHandIDs)
		if !ss.MaxBuyIn.IsZero() {
			fmt.Fprintf(&b, "max_buy_in = %q\n", ss.MaxBuyIn)
		}
	}
	_, err := w.Write(b.Bytes())
	return err
}

// quoteList is names quoted and joined: "a", "b" or "c".
func quoteList(names []string) string {
	q := make([]string, len(names))
	for i, n := range names {
		q[i] = strconv.Quote(n)
	}
	if len(q) < 2 {
		return strings.Join(q, "")
	}
	return strings.Join(q[:len(q)-1], ", ") + " or " + q[len(q)-1]
}

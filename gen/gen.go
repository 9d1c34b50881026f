// Package gen makes synthetic legal hands played by random agents through
// the rules engine, and injects known violations into some of them, so that
// a pipeline can be tested against hands whose faults are known.
//
// Every betting decision is taken from the legal window the rules engine
// (package replay) computes for the player to act: the generator replays the
// hand so far with the next action and reads that step's Window (who acts,
// what calling costs, the smallest and largest legal bet or raise, whether
// the betting is open), and an agent picks a legal action from it. The pots,
// the uncalled bets, the awards at showdown and the finishing stacks are the
// engine's too. Hands come in no-limit, pot-limit and fixed-limit hold'em
// and Omaha (high and hi/lo), two to nine players, with short stacks,
// all-ins, side pots and split pots, in what each output format can record.
//
// Hands are recorded as rooms record them: raked (PokerStars at 5% capped
// at $3, or the house rake rule of the rules they are played under, shared
// among the pots as a room might: main pot first, side pot first, or in
// proportion; PHH pays out after the house's rake and states none), split
// pots whose odd chips go by either reading of TDA 20-A, dead small blinds
// posted out of position, older PokerStars exports with no uncalled-bet
// lines, and beaten hands mucked at an all-in showdown with their cards in
// the summary: conventions the auditor must not take for faults. Each
// room's record is built as its reader gives it back (rooms.go): iPoker's
// bets and wins after an implied rake, 888's collects with the uncalled
// bets returned silently, and so on (docs/gen.md).
//
// A share of the hands gets exactly one injected violation of a check of the
// catalog (an under-minimum raise, a raise that was not reopened, a
// pot-limit overbet, a wrong award, ...), and a Label says which check must
// find it and at which action. Output is deterministic for a seed: hand i is
// generated from its own PCG stream seeded from (seed, i), so hands can be
// made in parallel in any order and come out the same.
package gen

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"time"

	"github.com/handaudit/handaudit/hand"
	"github.com/handaudit/handaudit/parser"
	"github.com/handaudit/handaudit/parser/phh"
	"github.com/handaudit/handaudit/replay"
)

// Config says what to generate.
type Config struct {
	Seed   uint64
	Format parser.Format // phh.Format or a room's format (pokerstars.Format, ipoker.Format, ...: Formats)
	// Violations is the share of hands, 0 to 1, that get one injected
	// violation.
	Violations float64
	// Rules is the ruleset hands are played under; nil is the ruleset
	// audit run picks for the format's hands when it is given no rules (the
	// pokerstars preset for PokerStars hands, the default preset for PHH).
	// Audit them with the same rules.
	Rules *replay.Ruleset
	// Games names the games to deal (GameNames lists them: "holdem",
	// "omaha", "short-deck", "stud", "stud-hi-lo", "razz",
	// "2-7-single-draw", "2-7-triple-draw", "badugi"); none is the format's
	// mix of hold'em and Omaha. The games past Omaha are PHH only for now,
	// but short deck, which iPoker writes too.
	Games []string
	// Sessions, if positive, writes table sessions of that many hands
	// (PokerStars, iPoker, 888poker: SessionFormats): consecutive hands at
	// one table, stacks carried over,
	// the button moving, players leaving, joining and sitting out, and the
	// session faults as the violations (session.go).
	Sessions int
}

// Label names the violation injected into one hand: the check that must
// report it and the action it must be reported at.
type Label struct {
	HandID  string `json:"hand_id"`
	CheckID string `json:"check_id"`
	// ActionIndex is the index into the hand's actions as the format's
	// reader reads them back (forced bets, deals and pushes included), or
	// -1 for a fault in the hand's stated outcome (pot, rake, payouts).
	ActionIndex int    `json:"action_index"`
	What        string `json:"what"` // what was injected, in plain words
	// File is the file the hand was written to, when writing a folder.
	File string `json:"file,omitempty"`
}

// Hand is one generated hand and its label (nil for a clean hand).
type Hand struct {
	Hand  *hand.Hand
	Label *Label
}

// Generator makes hands for one Config. It is safe for concurrent use.
type Generator struct {
	cfg   Config
	rules *replay.Ruleset
	// pool reuses the traces of the replays that query runs for every
	// decision (each is read and dropped at once); it is safe for
	// concurrent use by the generating goroutines.
	pool  replay.TracePool
	games []gameKind  // the games dealt, with their weights
	kinds []violation // the violations the format can express in those games

	sessions sessionCache // Config.Sessions: the sessions played lately
}

// New returns a generator for cfg.
func New(cfg Config) (*Generator, error) {
	if cfg.Format != phh.Format && roomTexts[cfg.Format] == nil {
		return nil, fmt.Errorf("gen: unknown format %q (formats: %s)", cfg.Format, formatList(Formats()))
	}
	if !(cfg.Violations >= 0 && cfg.Violations <= 1) {
		return nil, errors.New("gen: the violation rate must be between 0 and 1")
	}
	if cfg.Sessions < 0 {
		return nil, errors.New("gen: a negative session length")
	}
	if room := roomTexts[cfg.Format]; cfg.Sessions > 0 && (room == nil || !room.sessions) {
		why := "its hands have not been checked against the session checks yet"
		if room == nil {
			why = "PHH records name no table"
		}
		return nil, fmt.Errorf("gen: table sessions are written in %s only, not %s: %s", formatList(SessionFormats()), cfg.Format, why)
	}
	g := &Generator{cfg: cfg, rules: cfg.Rules}
	if g.rules == nil {
		d := replay.Default()
		book, err := replay.RoomRules(&d)
		if err != nil {
			return nil, err
		}
		g.rules = book.For(&hand.Hand{Site: siteOf(cfg.Format), Format: string(cfg.Format)})
	}
	games, err := gamesFor(cfg.Format, cfg.Games)
	if err != nil {
		return nil, err
	}
	g.games = games
	for _, v := range violations {
		if v.formats&formatBit(cfg.Format) != 0 && slices.ContainsFunc(games, v.needs.fit) {
			g.kinds = append(g.kinds, v)
		}
	}
	return g, nil
}

// Checks lists the check IDs the generator can inject in its format (a
// check may be injected in more than one way; it is listed once).
func (g *Generator) Checks() []string {
	var out []string
	if g.cfg.Sessions > 0 {
		for _, id := range sessionFaults {
			if id != "session.missing-hand" || g.handGaps() {
				out = append(out, id)
			}
		}
		return out
	}
	for _, v := range g.kinds {
		if !slices.Contains(out, v.check) {
			out = append(out, v.check)
		}
	}
	return out
}

// HandID is the ID of hand i: a number, as PokerStars IDs are, that
// depends on the seed so that corpora of different seeds do not share IDs.
func (g *Generator) HandID(i int) string {
	return strconv.FormatUint((g.cfg.Seed%9000+1000)*100_000_000+uint64(i), 10)
}

// maxAttempts bounds the deals tried for a hand that must carry a given
// violation before another violation is chosen.
const maxAttempts = 40

// Hand generates hand i (0-based). The same Config and i always give the
// same hand.
func (g *Generator) Hand(i int) (*Hand, error) {
	if g.cfg.Sessions > 0 {
		return g.sessionHand(i)
	}
	pick := rand.New(rand.NewPCG(g.cfg.Seed, mix(uint64(i), 0)))
	var want *violation
	if g.cfg.Violations > 0 && pick.Float64() < g.cfg.Violations && len(g.kinds) > 0 {
		want = &g.kinds[pick.IntN(len(g.kinds))]
	}
	st := stylePlain
	if want == nil {
		switch pick.IntN(40) {
		case 0:
			st = styleChop
		case 1:
			st = styleOldExport
		case 2:
			st = styleMuckShown
		}
	}
	for round := 0; ; round++ {
		for attempt := 0; attempt < maxAttempts; attempt++ {
			rng := rand.New(rand.NewPCG(g.cfg.Seed, mix(uint64(i), uint64(round*maxAttempts+attempt+1))))
			p := newPlay(g, i, rng, want, st)
			if err := p.run(); err != nil {
				return nil, fmt.Errorf("gen: hand %d: %w", i, err)
			}
			if want == nil || p.label != nil {
				return &Hand{Hand: p.h, Label: p.label}, nil
			}
		}
		// No deal gave the wanted violation a chance: pick another one,
		// from those every hand can carry.
		want = &g.kinds[pick.IntN(len(g.kinds))]
		if round > 3 {
			want = g.always()
		}
		if round > 5 {
			return nil, fmt.Errorf("gen: hand %d: no deal could carry a violation", i)
		}
	}
}

// always returns a violation every hand can carry.
func (g *Generator) always() *violation {
	for k := range g.kinds {
		if g.kinds[k].always {
			return &g.kinds[k]
		}
	}
	return &g.kinds[0]
}

// siteOf is the site generated hands of format f name.
func siteOf(f parser.Format) string {
	if room := roomTexts[f]; room != nil {
		return room.site
	}
	return "handaudit-gen"
}

// mix derives a stream number from a hand index and an attempt
// (splitmix64 finalizer), so neighbouring hands get unrelated streams.
func mix(i, attempt uint64) uint64 {
	z := i*0x9E3779B97F4A7C15 + attempt*0xD1B54A32D192ED03 + 0x632BE59BD9B4E019
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9
	z = (z ^ (z >> 27)) * 0x94D049BB133111EB
	return z ^ (z >> 31)
}

// epoch is when the first generated hand starts; hand i starts i*37
// seconds later.
var epoch = time.Date(2024, 3, 1, 17, 0, 0, 0, time.UTC)

func formatBit(f parser.Format) uint8 {
	if room := roomTexts[f]; room != nil {
		return room.bit
	}
	if f == phh.Format {
		return fPHH
	}
	return 0
}

// The formats a violation can be recorded in (violation.formats).
const (
	fPHH uint8 = 1 << iota
	fPS
	fWM                                         // Winamax
	fPP                                         // PartyPoker
	fGG                                         // GGPoker
	fIP                                         // iPoker XML
	f888                                        // 888poker
	fText  = fPS | fWM | fPP | fGG | fIP | f888 // the rooms' formats
	fAll   = fPHH | fText                       // every format
	fBoth  = fPHH | fPS | fGG                   // PHH, PokerStars and GGPoker, not Winamax (see violations)
	fCalls = fPS | fGG | fPP | fIP | f888       // the formats that record call amounts as their own
)

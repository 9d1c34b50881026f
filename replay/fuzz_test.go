package replay_test

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/handaudit/handaudit/internal/testenv"
	"github.com/handaudit/handaudit/parser/phh"

	"github.com/handaudit/handaudit/cards"
	"github.com/handaudit/handaudit/checks"
	"github.com/handaudit/handaudit/hand"
	"github.com/handaudit/handaudit/parser"
	"github.com/handaudit/handaudit/replay"
)

// FuzzReplay replays hands made from fuzz bytes and checks what must hold
// of every replay, whatever the record says:
//
//   - the engine does not panic (Replay turns a panic into an Unsupported
//     "internal error", which fails here), nor do the checks;
//   - when the hand is replayed (Supported), chips are conserved: the
//     finishing stacks plus the rake taken plus any undecided pot equal
//     the starting stacks; the pots hold exactly the chips committed; the
//     awards of each pot add up to the pot less its rake (or the pot is
//     undecided); no stack or commitment is negative;
//   - every finding names a catalog check and an action of the hand.
//
// The first byte chooses how the hand is made and the ruleset: with its
// low bit set the rest is read as PHH text (so the fixtures are seeds),
// otherwise the bytes are decoded straight into a hand.Hand (see
// handFromBytes), which reaches records no parser would produce: players
// acting out of range, unknown cards, collects from pots that do not
// exist, odd stakes.
//
// Seeds: testdata/fuzz/FuzzReplay and the PHH fixtures.
// Run: go test -run '^$' -fuzz '^FuzzReplay$' -parallel 1 ./replay/
func FuzzReplay(f *testing.F) {
	root := repoRootOf(f)
	paths, _ := filepath.Glob(filepath.Join(root, "fixtures", "phh", "*.phhs"))
	clean, _ := filepath.Glob(filepath.Join(root, "fixtures", "phh", "clean", "*.phh*"))
	games, _ := filepath.Glob(filepath.Join(root, "fixtures", "phh", "games", "*.phh*"))
	for _, p := range append(append(paths, clean...), games...) {
		if b, err := os.ReadFile(p); err == nil {
			f.Add(append([]byte{1}, b...))
		}
	}
	for _, seed := range builtSeeds() {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) == 0 || len(data) > 1<<16 {
			return
		}
		mode, rest := data[0], data[1:]
		rs := fuzzRuleset(mode)
		if mode&1 == 0 {
			checkReplay(t, handFromBytes(rest), &rs)
			return
		}
		r := phh.NewReader(bytes.NewReader(rest), "fuzz.phhs")
		for i := 0; i < 32; i++ {
			h, err := r.Next()
			if err == io.EOF {
				return
			}
			if err != nil {
				if !parser.IsParseError(err) {
					t.Fatalf("not a parse error: %v", err)
				}
				continue
			}
			checkReplay(t, h, &rs)
		}
	})
}

// fuzzRuleset varies the house options with the mode byte's upper bits.
func fuzzRuleset(mode byte) replay.Ruleset {
	name := "tda-2024"
	if mode&2 != 0 {
		name = "tda-2019"
	}
	rs, err := replay.Preset(name)
	if err != nil {
		panic(err)
	}
	if mode&4 != 0 {
		rs.OddChip = replay.OddChipSplitEvenly
	}
	if mode&8 != 0 {
		rs.SmallestChip = replay.HouseAmount{Units: 5}
	}
	if mode&16 != 0 {
		rs.LimitCap = 4
	}
	if mode&32 != 0 {
		rs.RunItTwice, rs.StraddlesAllowed, rs.DeadButton = true, true, true
	}
	if mode&64 != 0 {
		rs.HasRakeRule, rs.RakeBasisPoints, rs.RakeCap, rs.NoFlopNoDrop = true, 500, replay.HouseAmount{Units: 3}, true
	}
	if mode&128 != 0 {
		rs.BBAnte = replay.AnteFirst
	}
	return rs
}

// checkReplay replays h under rs and fails on any broken invariant.
func checkReplay(t *testing.T, h *hand.Hand, rs *replay.Ruleset) {
	t.Helper()
	tr := replay.Replay(h, rs)
	if tr == nil {
		t.Fatal("Replay returned nil")
	}
	if strings.Contains(tr.Unsupported, "internal error") {
		t.Fatalf("the engine panicked: %s", tr.Unsupported)
	}
	if tr.Supported {
		checkTrace(t, h, tr)
	}
	var runner checks.Runner
	for _, fd := range runner.Run(h, tr, checks.All()) {
		if checks.Lookup(fd.CheckID) == nil {
			t.Fatalf("unknown check %q", fd.CheckID)
		}
		if fd.ActionIndex < -1 || fd.ActionIndex >= len(h.Actions) {
			t.Fatalf("%s at action %d of %d", fd.CheckID, fd.ActionIndex, len(h.Actions))
		}
		ruled := fd.Rule != "" || checks.Lookup(fd.CheckID).RuleKey == "" // checks without a rule: hand.not-replayed
		if fd.Severity > checks.Error || fd.Message == "" || !ruled {
			t.Fatalf("%s: severity %d, message %q, rule %q", fd.CheckID, fd.Severity, fd.Message, fd.Rule)
		}
	}
}

// checkTrace checks the accounting of a replayed hand.
func checkTrace(t *testing.T, h *hand.Hand, tr *replay.Trace) {
	t.Helper()
	n := len(h.Seats)
	if len(tr.Steps) != len(h.Actions) {
		t.Fatalf("%d steps for %d actions", len(tr.Steps), len(h.Actions))
	}
	if len(tr.Committed) != n || len(tr.FinishingStacks) != n {
		t.Fatalf("%d committed, %d finishing stacks for %d seats", len(tr.Committed), len(tr.FinishingStacks), n)
	}
	var start, finish, committed, inPots, rake hand.Amount
	for i := 0; i < n; i++ {
		start += h.Seats[i].Stack
		finish += tr.FinishingStacks[i]
		committed += tr.Committed[i]
		if tr.Committed[i] < 0 || tr.Committed[i] > h.Seats[i].Stack {
			t.Fatalf("seat %d committed %d of a stack of %d", i, tr.Committed[i], h.Seats[i].Stack)
		}
		if tr.FinishingStacks[i] < 0 {
			t.Fatalf("seat %d finishes with %d", i, tr.FinishingStacks[i])
		}
	}
	for i, st := range tr.Steps {
		if len(st.Stacks) != n {
			t.Fatalf("step %d has %d stacks for %d seats", i, len(st.Stacks), n)
		}
		for p, s := range st.Stacks {
			if s < 0 {
				t.Fatalf("step %d: seat %d has a negative stack %d", i, p, s)
			}
		}
		// (Added is negative for chips given back, and an uncalled bet may
		// go back at the step that closes the round, so the pot need not
		// move by Added.)
		if st.PotAfter < 0 || st.PotAfter > start {
			t.Fatalf("step %d: pot %d -> %d with %d chips at the table", i, st.PotBefore, st.PotAfter, start)
		}
	}
	awarded := make([]hand.Amount, len(tr.Pots))
	for _, a := range tr.Awards {
		if a.Pot < 0 || a.Pot >= len(tr.Pots) || a.Player < 0 || a.Player >= n || a.Amount < 0 {
			t.Fatalf("bad award %+v (%d pots, %d seats)", a, len(tr.Pots), n)
		}
		if !a.FromRecord && !slices.Contains(tr.Pots[a.Pot].Eligible, a.Player) {
			t.Fatalf("award %+v to a player not eligible for pot %d (%v)", a, a.Pot, tr.Pots[a.Pot].Eligible)
		}
		awarded[a.Pot] += a.Amount
	}
	var undecided hand.Amount
	for k, p := range tr.Pots {
		if p.Amount < 0 || p.Rake < 0 || p.Rake > p.Amount {
			t.Fatalf("pot %d: amount %d, rake %d", k, p.Amount, p.Rake)
		}
		inPots += p.Amount
		rake += p.Rake
		net := p.Amount - p.Rake
		switch {
		case slices.Contains(tr.Undecided, k):
			if awarded[k] > net {
				t.Fatalf("undecided pot %d: %d awarded of %d", k, awarded[k], net)
			}
			undecided += net - awarded[k]
		case awarded[k] != net:
			t.Fatalf("pot %d: awards add up to %d, the pot less rake is %d (awards %+v)", k, awarded[k], net, tr.Awards)
		}
	}
	if inPots != committed || tr.TotalPot != committed {
		t.Fatalf("pots hold %d, total pot %d, players committed %d", inPots, tr.TotalPot, committed)
	}
	if undecided != tr.UndecidedAmount {
		t.Fatalf("undecided pots hold %d, trace says %d", undecided, tr.UndecidedAmount)
	}
	if finish+rake+tr.UndecidedAmount != start {
		t.Fatalf("chips not conserved: finishing %d + rake %d + undecided %d != starting %d",
			finish, rake, tr.UndecidedAmount, start)
	}
}

// byteSrc hands out fuzz bytes; past the end it gives zeros.
type byteSrc struct {
	b []byte
	i int
}

func (s *byteSrc) next() byte {
	if s.i >= len(s.b) {
		return 0
	}
	c := s.b[s.i]
	s.i++
	return c
}

func (s *byteSrc) left() int { return len(s.b) - s.i }

// amount is a chip amount: small ones are common (so that bets interact),
// large ones possible, up to the readers' cap of 10^15 minor units (sums
// over a hand must not overflow).
func (s *byteSrc) amount() hand.Amount {
	switch c := s.next(); c % 4 {
	case 0, 1:
		return hand.Amount(s.next())
	case 2:
		return hand.Amount(s.next()) * 25
	default:
		v := hand.Amount(s.next())<<8 | hand.Amount(s.next())<<16 | hand.Amount(c>>3)
		if c&4 != 0 {
			v = maxReadAmount - v
		}
		return v
	}
}

// maxReadAmount is the largest amount the readers accept.
const maxReadAmount = parser.MaxAmount

func (s *byteSrc) cards(max int) []cards.Card {
	k := int(s.next()) % (max + 1)
	if k == 0 {
		return nil
	}
	cs := make([]cards.Card, k)
	for i := range cs {
		c := s.next() % 53
		if c == 52 {
			cs[i] = cards.Unknown
		} else {
			cs[i] = cards.Card(c)
		}
	}
	return cs
}

// handFromBytes decodes a hand: game, seats and stakes from the first
// bytes, then actions until the bytes run out, then the claimed outcome.
// Amounts are never negative (no reader produces negative amounts), but
// anything else goes.
func handFromBytes(data []byte) *hand.Hand {
	s := &byteSrc{b: data}
	h := &hand.Hand{Format: "fuzz", ID: "fuzz", Scale: 1}
	flags := s.next()
	h.Game.Variant = []hand.Variant{hand.Holdem, hand.Omaha, hand.OmahaHiLo, hand.Holdem}[flags&3]
	h.Game.Structure = []hand.Structure{hand.NoLimit, hand.PotLimit, hand.FixedLimit, hand.NoLimit}[flags>>2&3]
	h.Game.HoleCards = 2
	if h.Game.Variant != hand.Holdem {
		h.Game.HoleCards = 4 + int(flags>>4&3)%3
	}
	if flags&0x80 != 0 {
		// The other games: short deck, stud, razz, the draws, badugi,
		// Courchevel, with their hands' sizes and a bring-in.
		others := []hand.Variant{hand.ShortDeck, hand.Stud, hand.StudHiLo, hand.Razz, hand.Deuce7Single,
			hand.Deuce7Triple, hand.Badugi, hand.FiveCardDraw, hand.Courchevel, hand.CourchevelHiLo}
		h.Game.Variant = others[int(flags&3|flags>>4&3<<2)%len(others)]
		h.Game.HoleCards = map[hand.Variant]int{hand.ShortDeck: 2, hand.Badugi: 4, hand.Stud: 7, hand.StudHiLo: 7, hand.Razz: 7}[h.Game.Variant]
		if h.Game.HoleCards == 0 {
			h.Game.HoleCards = 5
		}
		h.Stakes.BringIn = hand.Amount(flags >> 2 & 3)
	}
	if flags&0x40 != 0 {
		h.Scale = 100
	}
	n := 2 + int(s.next())%9
	for i := 0; i < n; i++ {
		st := s.amount()
		h.Seats = append(h.Seats, hand.Seat{Number: i + 1, Player: string(rune('A' + i)), Stack: st,
			SittingOut: st%16 == 15})
	}
	h.Button = int(s.next()) % (n + 2)
	h.Stakes.SmallBlind = hand.Amount(s.next() % 8)
	h.Stakes.BigBlind = hand.Amount(s.next() % 16)
	h.Stakes.MinBet = h.Stakes.BigBlind
	if c := s.next(); c%4 == 0 {
		h.Stakes.Ante = hand.Amount(c >> 5)
		h.Stakes.BigBlindAnte = c&16 != 0
	}
	if h.Game.Structure == hand.FixedLimit {
		h.Stakes.SmallBet = hand.Amount(s.next() % 16)
		h.Stakes.BigBet = 2 * h.Stakes.SmallBet
	}
	if c := s.next(); c%8 == 0 {
		h.Stakes.Straddles = []hand.Amount{hand.Amount(c >> 3)}
	}
	var boards [2][]cards.Card
	for s.left() > 8 && len(h.Actions) < 400 {
		c := s.next()
		a := hand.Action{Kind: hand.ActionKind(1 + c%14), Player: int(s.next())%(n+1) - 1, Pot: -1}
		if c >= 0xF0 {
			break // the outcome follows
		}
		switch a.Kind {
		case hand.Post:
			a.PostKind = hand.PostKind(1 + s.next()%6)
			a.Amount, a.HasAmount = s.amount(), true
		case hand.Call, hand.BringIn, hand.UncalledReturn:
			if c&0x80 != 0 {
				a.Amount, a.HasAmount = s.amount(), true
			}
		case hand.Bet, hand.Raise:
			a.To = s.amount()
			if c&0x80 != 0 {
				a.Amount, a.HasAmount = min(a.To, s.amount()), true
			}
		case hand.Collect:
			a.Amount, a.HasAmount = s.amount(), true
			a.Pot = int(s.next())%4 - 1
			a.Board = int(c>>7) & 1
		case hand.DealHole, hand.Show, hand.Muck, hand.Discard:
			a.Cards = s.cards(6)
		case hand.DealBoard:
			a.Player = hand.NoPlayer
			a.Cards = s.cards(3)
			a.Board = int(c>>7) & 1
			boards[a.Board] = append(boards[a.Board], a.Cards...)
		}
		a.AllIn = c&0x40 != 0 && a.Kind.IsBetting()
		a.Pos = hand.Pos{File: "fuzz", Line: 2 + len(h.Actions)}
		h.Actions = append(h.Actions, a)
	}
	if flags&0x80 != 0 {
		for _, b := range boards {
			if len(b) > 0 {
				h.Boards = append(h.Boards, b)
			}
		}
	}
	o := &h.Outcome
	if c := s.next(); c&1 != 0 {
		o.Rake, o.HasRake = hand.Amount(c>>1), true
	}
	if c := s.next(); c&1 != 0 {
		o.Fees = []hand.Fee{{Name: "jackpot", Amount: hand.Amount(c >> 1)}}
	}
	for k := int(s.next() % 4); k > 0; k-- {
		o.Pots = append(o.Pots, s.amount())
	}
	if c := s.next(); c&1 != 0 {
		o.TotalPot, o.HasTotalPot = s.amount(), true
	}
	if c := s.next(); c&1 != 0 {
		o.FinishingStacks, o.HasFinishingStacks = make([]hand.Amount, n), true
		for i := range o.FinishingStacks {
			o.FinishingStacks[i] = s.amount()
		}
	}
	h.Pos = hand.Pos{File: "fuzz", Line: 1}
	h.End = len(h.Actions) + 2
	return h
}

// builtSeeds are hands for handFromBytes: a heads-up all-in with a
// showdown, and a three-way hand with side pots.
func builtSeeds() [][]byte {
	card := func(s string) byte {
		c, err := cards.Parse(s)
		if err != nil {
			panic(err)
		}
		return byte(c)
	}
	const (
		post, hole, board, fold, check, call, bet, raise = 0, 1, 2, 3, 4, 5, 6, 7
		show, collect                                    = 10, 13
	)
	heads := []byte{
		0,              // mode: tda-2024, decoded
		0x80,           // hold'em no-limit, boards from the deals
		0,              // 2 seats
		0, 200, 0, 150, // stacks 200, 150
		1, 1, 2, 0, 1, // button seat 1, sb 1, bb 2, no ante, no straddle
		post, 1, 0, 0, 1,
		post, 2, 1, 0, 2,
		hole, 1, 2, card("Ah"), card("Kh"),
		hole, 2, 2, card("Qs"), card("Qd"),
		raise, 1, 0, 200,
		call, 2,
		board, 0, 3, card("2c"), card("7d"), card("9h"),
		board, 0, 1, card("Jc"),
		board, 0, 1, card("3s"),
		show, 1, 2, card("Ah"), card("Kh"),
		show, 2, 2, card("Qs"), card("Qd"),
		collect, 2, 0, 255, 1,
		0xFF, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	}
	three := []byte{
		4 | 8,
		0x81,
		1,
		0, 100, 0, 40, 0, 70,
		2, 1, 2, 0, 1,
		post, 2, 0, 0, 1,
		post, 3, 1, 0, 2,
		hole, 1, 4, card("Ah"), card("Ad"), card("Kc"), card("Kd"),
		hole, 2, 4, card("Qs"), card("Qd"), card("Jc"), card("Jd"),
		hole, 3, 4, card("9s"), card("8s"), card("7c"), card("6d"),
		raise, 1, 0, 7,
		call, 2,
		call, 3,
		board, 0, 3, card("2c"), card("3d"), card("4h"),
		bet, 2, 0, 20,
		call, 3,
		fold, 1,
		check, 2,
		0xFF, 0, 3, 0, 10, 0, 20, 0, 30, 0, 0, 0,
	}
	return [][]byte{heads, three}
}

// repoRootOf walks up from the package directory to go.mod.
func repoRootOf(tb testing.TB) string {
	tb.Helper()
	return testenv.RepoRoot(tb)
}

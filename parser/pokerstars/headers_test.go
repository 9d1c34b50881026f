package pokerstars

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/handaudit/handaudit/hand"
	"github.com/handaudit/handaudit/internal/testenv"
	"github.com/handaudit/handaudit/parser"
)

// TestPokerStarsHeaderFamilies reads fixtures/pokerstars/headers, a hand
// of each header PokerStars has written since 2005 (and the exports of
// tracking programs), and checks what each header says: the tournament,
// the game, the stakes, the currency and the time in UTC.
func TestPokerStarsHeaderFamilies(t *testing.T) {
	type want struct {
		tourn     string
		variant   hand.Variant
		structure hand.Structure
		code      string
		currency  string
		lo, hi    hand.Amount // the blinds, or a fixed-limit game's bets
		start     string      // UTC, "" for none
	}
	const nl, fl = hand.NoLimit, hand.FixedLimit
	wants := map[string]want{
		// The date and the time apart, the zone in parentheses (2007-2009).
		"310000000001": {"63000001", hand.Holdem, nl, "Hold'em No Limit", "", 15, 30, "2007-10-15T09:34:03Z"},
		"310000000002": {"", hand.Holdem, nl, "Hold'em No Limit", "USD", 100, 200, "2009-10-13T03:45:12Z"},
		"310000000003": {"", hand.Holdem, nl, "Hold'em No Limit", "USD", 100, 200, "2009-10-13T03:46:12Z"},
		// PokerTracker 2's capitals; a time without seconds or zone.
		"310000000010": {"", hand.Holdem, nl, "Hold'em No Limit", "USD", 200, 400, "2007-11-11T18:27:23Z"},
		"310000000011": {"169000001", hand.Holdem, nl, "Hold'em No Limit", "", 25, 50, ""},
		// Local zones, with and without the bracketed ET time.
		"310000000020": {"", hand.Holdem, nl, "Hold'em No Limit", "USD", 5, 10, "2019-07-06T15:30:30Z"},
		"310000000021": {"", hand.Holdem, nl, "Hold'em No Limit", "EUR", 5, 10, "2013-03-29T17:16:11Z"},
		"310000000022": {"", hand.Holdem, nl, "Hold'em No Limit", "GBP", 5, 10, "2013-03-29T16:16:11Z"},
		// FPP, freeroll, StarsCoin, match round, knockout, no buy-in, PL/NL.
		"310000000030": {"600000001", hand.Holdem, nl, "Hold'em No Limit", "", 25, 50, "2010-06-04T18:46:11Z"},
		"310000000031": {"600000002", hand.Holdem, nl, "Hold'em No Limit", "", 20, 40, "2012-09-22T17:59:56Z"},
		"310000000032": {"600000003", hand.Holdem, nl, "Hold'em No Limit", "", 600, 1200, "2015-12-20T18:25:19Z"},
		"310000000033": {"600000004", hand.Holdem, nl, "Hold'em No Limit", "", 10, 20, "2013-05-26T20:19:14Z"},
		"310000000034": {"600000005", hand.Holdem, nl, "Hold'em No Limit", "", 15, 30, "2016-11-26T18:08:48Z"},
		"310000000035": {"600000006", hand.Holdem, nl, "Hold'em No Limit", "", 15, 30, "2006-11-03T14:33:53Z"},
		"310000000036": {"600000007", hand.Holdem, nl, "Hold'em Pot Limit Pre-Flop, No Limit Post-Flop", "", 10, 20, "2012-09-05T16:59:52Z"},
		// Home games ({club}), mixed games (the game being played in parentheses).
		"310000000040": {"", hand.Holdem, nl, "Hold'em No Limit", "USD", 5, 10, "2014-01-06T12:22:02Z"},
		"310000000041": {"600000010", hand.Holdem, nl, "Hold'em No Limit", "", 20, 40, "2015-01-01T17:00:00Z"},
		"310000000042": {"", hand.Holdem, nl, "Hold'em No Limit", "USD", 10, 25, "2020-03-01T10:00:00Z"},
		"310000000043": {"600000011", hand.Holdem, nl, "Hold'em No Limit", "", 10, 20, "2010-01-01T17:00:00Z"},
		"310000000050": {"", hand.Holdem, nl, "Hold'em No Limit", "", 50, 100, "2016-05-20T12:39:15Z"},
		"310000000060": {"", hand.Razz, fl, "Razz Limit", "USD", 4, 8, "2020-03-01T17:05:00Z"},
		"310000000061": {"", hand.Razz, fl, "Razz Limit", "USD", 4, 8, "2020-03-01T17:06:00Z"},
		"310000000062": {"", hand.Deuce7Triple, fl, "Triple Draw 2-7 Lowball Limit", "USD", 10, 20, "2020-03-01T17:07:00Z"},
		// PokerStars.it: the regulator's number of the hand after the
		// stakes (AAMS, then ADM); a satellite's seat won; the tournament
		// lines that change no hand (a break skipped, rebuy stacks added).
		"310000000080": {"", hand.Holdem, nl, "Hold'em No Limit", "EUR", 5, 10, "2013-03-29T17:16:11Z"},
		"310000000081": {"", hand.Omaha, hand.PotLimit, "Omaha Pot Limit", "EUR", 25, 50, "2021-11-14T20:02:40Z"},
		"310000000082": {"600000020", hand.Holdem, nl, "Hold'em No Limit", "", 50, 100, "2014-02-09T21:10:05Z"},
		"310000000083": {"600000021", hand.Holdem, nl, "Hold'em No Limit", "", 10, 20, "2016-04-02T18:00:12Z"},
		// PokerStars' novelty hold'em tables, read as hold'em under their own name.
		"310000000090": {"", hand.Holdem, nl, "Showtime Hold'em No Limit", "USD", 5, 10, "2019-02-12T02:30:05Z"},
		"310000000091": {"", hand.Holdem, hand.PotLimit, "Swap Hold'em Pot Limit", "USD", 5, 10, "2020-03-31T22:02:44Z"},
		// A capped no-limit table, the cap in capitals and wider spaces.
		"310000000110": {"", hand.Holdem, nl, "Hold'em No Limit", "USD", 25, 50, "2020-02-08T09:04:48Z"},
		// Hands PokerStars sends on request: a title, then the zoom archive's layout.
		"310000000100": {"600000030", hand.Holdem, nl, "Hold'em No Limit", "", 10, 20, "2026-04-27T15:42:33Z"},
		"310000000101": {"600000030", hand.Holdem, nl, "Hold'em No Limit", "", 10, 20, "2026-04-27T15:43:10Z"},
		// The zoom archive: separators and indented lines.
		"310000000070": {"", hand.Holdem, nl, "Hold'em No Limit", "USD", 1, 2, "2013-01-08T21:28:42Z"},
		"310000000071": {"", hand.Holdem, nl, "Hold'em No Limit", "USD", 1, 2, "2013-01-08T21:29:42Z"},
	}
	files, err := filepath.Glob(filepath.Join(testenv.RepoRoot(t), "fixtures", "pokerstars", "headers", "*.txt"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no header fixtures: %v", err)
	}
	seen := map[string]bool{}
	for _, path := range files {
		f, err := os.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		hands, errs := psReadAll(t, f, filepath.Base(path))
		f.Close()
		for _, e := range errs {
			t.Errorf("%v", e)
		}
		for _, h := range hands {
			w, ok := wants[h.ID]
			if !ok {
				t.Errorf("%s: hand %s has no expectation", path, h.ID)
				continue
			}
			seen[h.ID] = true
			if bad := psLedger(h); len(bad) > 0 {
				t.Errorf("hand %s does not add up: %v", h.ID, bad)
			}
			lo, hi := h.Stakes.SmallBlind, h.Stakes.BigBlind
			if h.Game.Structure == hand.FixedLimit {
				lo, hi = h.Stakes.SmallBet, h.Stakes.BigBet
			}
			start := ""
			if !h.Start.IsZero() {
				start = h.Start.Format(time.RFC3339)
			}
			got := want{h.Tournament, h.Game.Variant, h.Game.Structure, h.Game.Code, h.Currency, lo, hi, start}
			if got != w {
				t.Errorf("hand %s:\n got %+v\nwant %+v", h.ID, got, w)
			}
			if h.Site != "PokerStars" {
				t.Errorf("hand %s: site %q", h.ID, h.Site)
			}
		}
	}
	for id := range wants {
		if !seen[id] {
			t.Errorf("hand %s not read", id)
		}
	}
}

// TestPokerStarsGameFixtures reads the clean fixture of each game
// (fixtures/pokerstars/clean) into testdata/games.golden, every field of
// every hand: each stud street's deals with the cards the Dealt to lines
// name, the bring-in and completion, the draws' discards and replacements,
// 6+ hold'em's button blind, Courchevel's first board card.
func TestPokerStarsGameFixtures(t *testing.T) {
	files, err := filepath.Glob(filepath.Join(testenv.RepoRoot(t), "fixtures", "pokerstars", "clean", "*.txt"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no clean fixtures: %v", err)
	}
	var golden strings.Builder
	for _, path := range files {
		f, err := os.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		hands, errs := psReadAll(t, f, filepath.Base(path))
		f.Close()
		for _, e := range errs {
			t.Errorf("%v", e)
		}
		for _, h := range hands {
			golden.WriteString(psDump(h))
		}
	}
	psGolden(t, "testdata/games.golden", golden.String())
}

// TestPokerStarsSummaryMisnamed: a summary line naming another player than
// the seat list's (even one the seat's name starts, or one that starts it)
// is read, noted in Outcome.Misnamed for the checks, and its result is
// the seat's.
func TestPokerStarsSummaryMisnamed(t *testing.T) {
	for _, c := range []struct{ line, name string }{
		{"Seat 1: Annie (button) collected ($0.62)", "Annie"},
		{"Seat 1: An (button) collected ($0.62)", "An"},
		{"Seat 1: Bob collected ($0.62)", "Bob"},
	} {
		in := strings.Replace(psBase, "Seat 1: Ann (button) collected ($0.62)", c.line, 1)
		hands, errs := psReadAll(t, strings.NewReader(in), "x")
		if len(errs) > 0 || len(hands) != 1 {
			t.Fatalf("%q: %d hands, errors %v", c.line, len(hands), errs)
		}
		o := hands[0].Outcome
		if len(o.Misnamed) != 1 || o.Misnamed[0].Player != 0 || o.Misnamed[0].Name != c.name || o.Misnamed[0].Pos.Line != 22 {
			t.Errorf("%q: misnamed %+v, want %q for seat index 0 at line 22", c.line, o.Misnamed, c.name)
		}
		if !o.HasWinnings || o.Winnings[0] != 62 {
			t.Errorf("%q: winnings %v, want 0.62 for the seat", c.line, o.Winnings)
		}
	}
	// 2025: "Seat 5: Player6 (didn't bet)" for Player5's seat.
	in := strings.Replace(psBase, "Seat 3: Çé:ñ (big blind) folded on the Flop", "Seat 3: Player6 (didn't bet)", 1)
	hands, errs := psReadAll(t, strings.NewReader(in), "x")
	if len(errs) > 0 || len(hands) != 1 {
		t.Fatalf("(didn't bet): %d hands, errors %v", len(hands), errs)
	}
	if m := hands[0].Outcome.Misnamed; len(m) != 1 || m[0].Player != 2 || m[0].Name != "Player6" {
		t.Errorf("(didn't bet): misnamed %+v", m)
	}
	hands, _ = psReadAll(t, strings.NewReader(psBase), "x")
	if len(hands) != 1 || len(hands[0].Outcome.Misnamed) != 0 {
		t.Errorf("the base hand's summary names its players: %+v", hands)
	}
}

// TestPokerStarsRoomLines: lines rooms and converted files write inside a
// hand that change nothing in it (a fold the room made on a disconnect,
// table deposits and cash-outs, a converted file's "Table leave user",
// stud's open-pair note) read as the hand without them reads, with the
// fast paths and without.
func TestPokerStarsRoomLines(t *testing.T) {
	base, errs := psReadAll(t, strings.NewReader(psBase), "x")
	if len(errs) > 0 || len(base) != 1 {
		t.Fatal(errs)
	}
	want := psDump(base[0])
	for _, c := range [][2]string{
		{"Bo Bo: folds\n", "Bo Bo: folds (disconnect)\n"},
		{"Bo Bo: folds\n", "Bo Bo: folds (timeout)\n"},
		{"Ann collected $0.62 from pot\n", "Ann collected $0.62 from pot\nBo Bo: Table deposit $347.50\n"},
		{"Ann collected $0.62 from pot\n", "Ann collected $0.62 from pot\nÇé:ñ: Table cash-out $8\n"},
		{"Bo Bo: folds\n", "Bo Bo: folds\nTable leave user\n"},
		{"Bo Bo: folds\n", "Bo Bo: folds\nAll players have agreed to skip the break. Game resuming.\n"},
		{"Bo Bo: folds\n", "Bo Bo: folds\nBo Bo adds 1500 chips (1 stack(s) of 1500 chips). Bo Bo has 2 stack(s) remaining.\n"},
		{"Ann collected $0.62 from pot\n", "Ann collected $0.62 from pot\nAnn wins an entry to tournament #600000099\n"},
		{"Bo Bo: folds\n", "Bo Bo: folds\nÇé:ñ [observer] said, \"hi\"\n"},
	} {
		in := strings.Replace(psBase, c[0], c[1], 1)
		hands, errs := psReadAll(t, strings.NewReader(in), "x")
		if len(errs) > 0 || len(hands) != 1 {
			t.Errorf("%q: %d hands, errors %v", c[1], len(hands), errs)
			continue
		}
		// The same hand, but for the lines after the one added.
		got := psDump(hands[0])
		if strings.Count(c[1], "\n") == 1 && got != want {
			t.Errorf("%q reads otherwise:\n%s\nwant\n%s", c[1], got, want)
		}
		if d := psQuickDiff(t, c[1], []byte(in), parser.Limits{}); d != "" {
			t.Errorf("%q: %s", c[1], d)
		}
	}
	// A deposit whose amount does not parse is an error.
	in := strings.Replace(psBase, "Ann collected $0.62 from pot\n", "Ann collected $0.62 from pot\nBo Bo: Table deposit lots\n", 1)
	if _, errs := psReadAll(t, strings.NewReader(in), "x"); len(errs) != 1 || errs[0].Msg != "cannot read the table deposit" {
		t.Errorf("bad deposit: %v", errs)
	}
}

// TestPokerStarsCourchevelGlued: the garbled lines of 2016's Courchevel
// tables (fixtures/pokerstars/clean/courchevel_2016_glued.txt) read as
// the pre-flop card and the flop, with the fast paths and without, and
// only where the card is the same in both places.
func TestPokerStarsCourchevelGlued(t *testing.T) {
	b, err := os.ReadFile(filepath.Join(testenv.RepoRoot(t), "fixtures", "pokerstars", "clean", "courchevel_2016_glued.txt"))
	if err != nil {
		t.Fatal(err)
	}
	in := string(b)
	hands, errs := psReadAll(t, strings.NewReader(in), "x")
	if len(errs) > 0 || len(hands) != 1 {
		t.Fatalf("%d hands, errors %v", len(hands), errs)
	}
	if got := fmt.Sprint(hands[0].Boards[0]); got != "[7d 5c Ts 2h Kd]" {
		t.Errorf("board %s", got)
	}
	if d := psQuickDiff(t, "glued", b, parser.Limits{}); d != "" {
		t.Error(d)
	}
	for _, c := range [][3]string{
		{"[7d]*** HOLE CARDSPRE-FLOP *** [7d]", "[7d]*** HOLE CARDSPRE-FLOP *** [8d]", "unexpected text after *** HOLE CARDS ***"},
		{"[7d]*** HOLE CARDSPRE-FLOP *** [7d]", "[7d]*** HOLE CARDS *** [7d]", "unexpected text after *** HOLE CARDS ***"},
		{"[7d] [7d5c Ts]", "[7d] [8d5c Ts]", `cannot read card "8d5"`},
	} {
		_, errs := psReadAll(t, strings.NewReader(strings.Replace(in, c[0], c[1], 1)), "x")
		if len(errs) != 1 || errs[0].Msg != c[2] {
			t.Errorf("%q: errors %v, want %q", c[1], errs, c[2])
		}
	}
}

// TestPokerStarsFusionRefused: PokerStars' Fusion deals hole cards on the
// flop and the turn; its hands are parse errors that say so, and the hand
// after one reads.
func TestPokerStarsFusionRefused(t *testing.T) {
	fusion := strings.Replace(psBase, "Hold'em No Limit", "Fusion Pot Limit", 1)
	hands, errs := psReadAll(t, strings.NewReader(fusion+"\n"+psBase), "x")
	if len(hands) != 1 || len(errs) != 1 || errs[0].Line != 1 || !strings.HasPrefix(errs[0].Msg, "Fusion is not read: ") {
		t.Errorf("%d hands, errors %v", len(hands), errs)
	}
}

// TestPokerStarsTranscriptTitle: the title of hands sent on request is
// no text outside a hand, at the start of a file or between two hands
// (transcripts joined), with the fast paths and without.
func TestPokerStarsTranscriptTitle(t *testing.T) {
	const title = "Transcript for tournament #600000030 requested by Ann (ann@example.com)\n\n"
	for _, in := range []string{title + psBase, psBase + "\n" + title + psBase, "\xEF\xBB\xBF" + title + psBase} {
		hands, errs := psReadAll(t, strings.NewReader(in), "x")
		if len(errs) > 0 || len(hands) != strings.Count(in, "PokerStars Hand #") {
			t.Errorf("%d hands, errors %v", len(hands), errs)
		}
		if d := psQuickDiff(t, "title", []byte(in), parser.Limits{}); d != "" {
			t.Error(d)
		}
	}
	// Not a title: a line that only starts like one.
	_, errs := psReadAll(t, strings.NewReader("Transcript for tournament #1\n"+psBase), "x")
	if len(errs) != 1 || errs[0].Line != 1 {
		t.Errorf("errors %v, want one at line 1", errs)
	}
}

// TestPokerStarsCapForms: capped no-limit stakes as written from 2011
// ("- $5 Cap -  USD") and with the cap in capitals and wider spaces
// ("-  $5 CAP  - USD"), read alike; a cap that does not read is an error.
func TestPokerStarsCapForms(t *testing.T) {
	for _, c := range []struct {
		stakes string
		cap    hand.Amount
		err    string
	}{
		{"($0.05/$0.10 - $5 Cap -  USD)", 500, ""},
		{"($0.05/$0.10 -  $5 CAP  - USD)", 500, ""},
		{"($0.05/$0.10 - $5 Cup -  USD)", 0, "cannot read the cap"},
		{"($0.05/$0.10 - $5 Cap - - USD)", 0, "cannot read the stakes"},
	} {
		in := strings.Replace(psBase, "($0.05/$0.10 USD)", c.stakes, 1)
		hands, errs := psReadAll(t, strings.NewReader(in), "x")
		switch {
		case c.err != "":
			if len(errs) != 1 || errs[0].Msg != c.err {
				t.Errorf("%s: errors %v, want %q", c.stakes, errs, c.err)
			}
		case len(errs) > 0 || len(hands) != 1:
			t.Errorf("%s: %d hands, errors %v", c.stakes, len(hands), errs)
		case hands[0].Stakes.Cap != c.cap || hands[0].Stakes.BigBlind != 10 || hands[0].Currency != "USD":
			t.Errorf("%s: stakes %+v currency %q", c.stakes, hands[0].Stakes, hands[0].Currency)
		}
	}
}

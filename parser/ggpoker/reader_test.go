package ggpoker

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/handaudit/handaudit/hand"
	"github.com/handaudit/handaudit/internal/readertest"
	"github.com/handaudit/handaudit/internal/testenv"
	"github.com/handaudit/handaudit/parser"
)

// ggBase is a cash hand with most of GGPoker's line kinds: a missed
// blind, a straddle re-straddled, hidden and shown deals, an all-in run
// twice, an EV cash-out, the summary's fees and both boards.
const ggBase = `Poker Hand #HD100: Hold'em No Limit ($0.5/$1) - 2021/04/08 01:31:11
Table 'NLHGold9' 6-max Seat #1 is the button
Seat 1: alice ($100 in chips)
Seat 2: bob ($1,250.5 in chips)
Seat 3: carol ($60 in chips)
Seat 5: dave ($80 in chips)
bob: posts small blind $0.5
carol: posts big blind $1
dave: posts missed blind $0.5
dave: straddle $2
dave: straddle $4
*** HOLE CARDS ***
Dealt to alice
Dealt to bob [Ac Ad]
Dealt to carol
Dealt to dave
alice: folds
bob: raises $8 to $12
carol: raises $48 to $60 and is all-in
dave: folds
bob: calls $48
bob: shows [Ac Ad]
carol: shows [Kc Kd]
*** FIRST FLOP *** [2d 3c 8s]
*** FIRST TURN *** [2d 3c 8s] [Jh]
*** FIRST RIVER *** [2d 3c 8s Jh] [3d]
*** SECOND FLOP *** [6d 4s 4h]
*** SECOND TURN *** [6d 4s 4h] [3h]
carol: Chooses to EV Cashout
*** SECOND RIVER *** [6d 4s 4h 3h] [Ts]
carol: Receives Cashout ($10.25)
*** FIRST SHOWDOWN ***
bob collected $60.75 from pot
*** SECOND SHOWDOWN ***
bob collected $60.75 from pot
*** SUMMARY ***
Total pot $124.5 | Rake $2 | Jackpot $1 | Bingo $0 | Fortune $0 | Tax $0
Hand was run two times
FIRST Board [2d 3c 8s Jh 3d]
SECOND Board [6d 4s 4h 3h Ts]
Seat 1: alice (button) folded before Flop (didn't bet)
Seat 2: bob (small blind) showed [Ac Ad] and won ($60.75) with Pair of Aces, and won ($60.75) with Pair of Aces
Seat 3: carol (big blind) showed [Kc Kd] and lost with Pair of Kings, and lost, EV Cashout ($10.25)
Seat 5: dave folded before Flop
`

// read reads text with the default limits and no pool.
func read(t *testing.T, text string) ([]*hand.Hand, []*parser.Error) {
	t.Helper()
	return readAll(t, strings.NewReader(text), "t.txt", parser.Limits{}, nil)
}

// readOne reads text, which must be one good hand.
func readOne(t *testing.T, text string) *hand.Hand {
	t.Helper()
	hs, errs := read(t, text)
	if len(errs) > 0 || len(hs) != 1 {
		t.Fatalf("read %d hands, errors %v; want one hand", len(hs), errs)
	}
	return hs[0]
}

func TestBaseHand(t *testing.T) {
	h := readOne(t, ggBase)
	if h.Format != "ggpoker" || h.Site != "GGPoker" || h.ID != "HD100" || h.Table != "NLHGold9" ||
		h.Currency != "USD" || h.Scale != 100 || h.MaxSeats != 6 || h.Button != 1 || h.Tournament != "" {
		t.Errorf("header fields: %+v", h)
	}
	if want := time.Date(2021, 4, 8, 1, 31, 11, 0, time.UTC); !h.Start.Equal(want) {
		t.Errorf("start %v, want %v", h.Start, want)
	}
	if h.Game != (hand.Game{Variant: hand.Holdem, Structure: hand.NoLimit, HoleCards: 2, Code: "Hold'em No Limit"}) {
		t.Errorf("game %+v", h.Game)
	}
	if st := h.Stakes; st.SmallBlind != 50 || st.BigBlind != 100 || st.MinBet != 100 || len(st.Straddles) != 2 ||
		st.Straddles[0] != 200 || st.Straddles[1] != 400 {
		t.Errorf("stakes %+v", st)
	}
	if len(h.Seats) != 4 || h.Seats[1].Player != "bob" || h.Seats[1].Stack != 125050 || h.Seats[3].Number != 5 {
		t.Errorf("seats %+v", h.Seats)
	}
	got := dump(h)
	for _, want := range []string{
		"  9 post p=3 dead amt=50\n",
		"  10 post p=3 straddle amt=200\n",
		"  11 post p=3 straddle amt=200\n", // "straddle $4" after "straddle $2": $2 more
		"  13 deal-hole p=0 [?? ??]\n",
		"  14 deal-hole p=1 [Ac Ad]\n",
		"  18 raise p=1 amt=800 to=1200\n",
		"  19 raise p=2 amt=4800 to=6000 all-in\n",
		"  21 call p=1 amt=4800\n",
		"  24 deal-board p=-1 [2d 3c 8s] board=0\n",
		"  28 deal-board p=-1 [3h] board=1\n",
		"  33 collect p=1 amt=6075 board=0 pot=-1\n",
		"  35 collect p=1 amt=6075 board=1 pot=-1\n",
		"  board 1 [6d 4s 4h 3h Ts]\n",
		"  outcome line=37 total=12450/true rake=200/true fees=[{Jackpot 100} {Bingo 0} {Fortune 0} {Tax 0}] pots=[]\n",
		"  cash-out line=29 p=2 amount=1025 fee=0 apart=true\n",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("hand lacks %q:\n%s", want, got)
		}
	}
	if h.End != 44 {
		t.Errorf("hand ends at line %d, want 44", h.End)
	}
}

func TestHeaders(t *testing.T) {
	rest := "Table 'T' 6-max Seat #1 is the button\nSeat 1: a (1,000 in chips)\nSeat 2: b ($2 in chips)\n"
	for _, tc := range []struct {
		header            string
		game              hand.Game
		tourn, cur        string
		sb, bb, ante, sca int64
	}{
		{"Poker Hand #RC1: Hold'em No Limit  ($0.05/$0.1) - 2018/03/30 03:44:33",
			hand.Game{Variant: hand.Holdem, Structure: hand.NoLimit, HoleCards: 2, Code: "Hold'em No Limit"}, "", "USD", 5, 10, 0, 100},
		{"Poker Hand #SD1: ShortDeck No Limit ($0.02) - 2021/03/02 18:22:40",
			hand.Game{Variant: hand.ShortDeck, Structure: hand.NoLimit, HoleCards: 2, Code: "ShortDeck No Limit"}, "", "USD", 0, 2, 2, 100},
		{"Poker Hand #OM1: PLO-5 ($25/$50) - 2021/04/08 01:31:11",
			hand.Game{Variant: hand.Omaha, Structure: hand.PotLimit, HoleCards: 5, Code: "PLO-5"}, "", "USD", 2500, 5000, 0, 100},
		{"Poker Hand #OM2: PLO-6 (€1/€2.5) - 2021/04/08 01:31:11",
			hand.Game{Variant: hand.Omaha, Structure: hand.PotLimit, HoleCards: 6, Code: "PLO-6"}, "", "EUR", 100, 250, 0, 100},
		{"Poker Hand #OM3: Omaha Pot Limit ($0.005/$0.01) - 2021/04/08 01:31:11",
			hand.Game{Variant: hand.Omaha, Structure: hand.PotLimit, HoleCards: 4, Code: "Omaha Pot Limit"}, "", "USD", 5, 10, 0, 1000},
		{"Poker Hand #TM1: Tournament #5259595, Daily Special $250 Hold'em No Limit - Level2 (60/120) - 2020/06/02 19:17:33",
			hand.Game{Variant: hand.Holdem, Structure: hand.NoLimit, HoleCards: 2, Code: "Hold'em No Limit"}, "5259595", "", 60, 120, 0, 1},
		{"Poker Hand #TM4: Tournament #25313425, Sunday Hold'em No Limit   - Level14(300/600) - 2021/04/04 16:06:27",
			hand.Game{Variant: hand.Holdem, Structure: hand.NoLimit, HoleCards: 2, Code: "Hold'em No Limit"}, "25313425", "", 300, 600, 0, 1},
		{"Poker Hand #TM2: Tournament #25942319, Omaholic Bounty $8.40 Omaha (NL postflop) - Level18(1,250/2,500) - 2021/04/15 11:12:42",
			hand.Game{Variant: hand.Omaha, Structure: hand.NoLimit, HoleCards: 4, Code: "Omaha (NL postflop)"}, "25942319", "", 1250, 2500, 0, 1},
		{"Poker Hand #TM3: Tournament #9364957, WSOP #77: $5,000 No Limit Hold'em Main Event [Flight W], $25M GTD Hold'em No Limit - Level10 (1,000/2,000/250) - 2020/08/30 15:49:08",
			hand.Game{Variant: hand.Holdem, Structure: hand.NoLimit, HoleCards: 2, Code: "Hold'em No Limit"}, "9364957", "", 1000, 2000, 250, 1},
	} {
		seats := rest
		if tc.cur == "" {
			seats = strings.ReplaceAll(seats, "$", "")
		} else if tc.cur == "EUR" {
			seats = strings.ReplaceAll(seats, "$", "€")
		}
		text := tc.header + "\n" + seats + "*** HOLE CARDS ***\n*** SHOWDOWN ***\n*** SUMMARY ***\nTotal pot 0\n"
		if tc.cur != "" {
			text = strings.Replace(text, "Total pot 0", "Total pot "+map[string]string{"USD": "$", "EUR": "€"}[tc.cur]+"0", 1)
		}
		h := readOne(t, text)
		st := h.Stakes
		if h.Game != tc.game || h.Tournament != tc.tourn || h.Currency != tc.cur || h.Scale != tc.sca ||
			int64(st.SmallBlind) != tc.sb || int64(st.BigBlind) != tc.bb || int64(st.Ante) != tc.ante {
			t.Errorf("%s:\n got game %+v tourn %q cur %q scale %d stakes %+v", tc.header, h.Game, h.Tournament, h.Currency, h.Scale, st)
		}
	}
}

// TestLineKinds reads lines the base hand lacks.
func TestLineKinds(t *testing.T) {
	text := `Poker Hand #SD2: ShortDeck No Limit ($0.02) - 2021/03/02 18:21:51
Table 'SDWhite20' 5-max Seat #2 is the button
Seat 1: f1 ($2.44 in chips)
Seat 2: b2 ($2.41 in chips)
Seat 3: h3 ($2 in chips)
Seat 5: s5 ($0.82 in chips) is sitting out
b2: posts the ante $0.02
f1: posts the ante $0.02
h3: posts the ante $0.02
b2: posts button blind $0.02
*** HOLE CARDS ***
Dealt to f1
Dealt to b2
Dealt to h3 [6s 9c]
h3: calls $0.02
f1: calls $0.02
b2: checks
*** FLOP *** [Ah 6d Ks]
f1: bets $0.14
b2: calls $0.14
h3: folds
*** TURN *** [6d Ah Ks] [Qc]
f1: checks
b2: checks
*** RIVER *** [Ah 6d Ks Qc] [8h]
f1: Bet & Muck $0.1
b2: calls $0.1
f1: Bet & Muck folds
b2: mucks hand
*** SHOWDOWN ***
b2 collected $0.6 from pot
*** SUMMARY ***
Total pot $0.62 | Rake $0.02
Board [Ks 6d Ah Qc 8h]
Seat 1: f1 folded on the River
Seat 2: b2 (button) collected ($0.6)
Seat 3: h3 folded on the Flop mucked [6s 9c]
Seat 5: s5 is sitting out
`
	h := readOne(t, text)
	if !h.Seats[3].SittingOut || h.Stakes.Ante != 2 || h.Stakes.BigBlind != 2 || h.Stakes.SmallBlind != 0 {
		t.Errorf("seats %+v stakes %+v", h.Seats, h.Stakes)
	}
	got := dump(h)
	for _, want := range []string{
		"  10 post p=1 big-blind amt=2\n",
		"  22 deal-board p=-1 [Qc] board=0\n", // the board so far in another order
		"  26 bet p=0 amt=10 to=10\n",
		"  28 muck p=0 board=0\n", // Bet & Muck's fold is a muck
		"  29 muck p=1 board=0\n",
		"  31 collect p=1 amt=60 board=0 pot=-1\n",
		"  37 muck p=2 [6s 9c] board=0\n",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("hand lacks %q:\n%s", want, got)
		}
	}
	if n := strings.Count(got, "deal-hole"); n != 3 {
		t.Errorf("%d deals, want 3 (the seat sitting out is not dealt):\n%s", n, got)
	}
}

// TestInsurance: GGPoker's all-in insurance is a cash-out apart from the
// pot, its premium the fee.
func TestInsurance(t *testing.T) {
	text := strings.Replace(ggBase, "carol: Chooses to EV Cashout", "carol: get an all-in insurance (premium ($0/$4/$0) for ($0/$10.8/$0) - (Mandatory/Main/Sub))", 1)
	text = strings.Replace(text, "carol: Receives Cashout ($10.25)", "carol: pay premium of all-in insurance ($4)", 1)
	h := readOne(t, text)
	if co := h.Outcome.CashOuts; len(co) != 1 || co[0].Player != 2 || co[0].Fee != 400 || co[0].Amount != 0 || !co[0].ApartFromPot || co[0].Pos.Line != 29 {
		t.Errorf("cash-outs %+v", co)
	}
}

// TestCashDrop: the room's money put in the pot is the hand's PotAdded.
func TestCashDrop(t *testing.T) {
	text := strings.Replace(ggBase, "bob: posts small blind", "Cash Drop to Pot : total $0.2\nbob: posts small blind", 1)
	text = strings.Replace(text, "Total pot $124.5", "Total pot $124.7", 1)
	h := readOne(t, text)
	if h.PotAdded != 20 || h.Outcome.TotalPot != 12470 {
		t.Errorf("pot added %d, total %d", h.PotAdded, h.Outcome.TotalPot)
	}
	out, err := AppendHand(nil, h)
	if err != nil || !bytes.Contains(out, []byte("\nCash Drop to Pot : total $0.2\n")) {
		t.Fatalf("written: %v\n%s", err, out)
	}
	if d := readertest.HandDiff(h, readOne(t, string(out))); d != nil {
		t.Errorf("round trip: %v", d)
	}
}

// TestUnlistedSeatSatOut: when the record lists its players' hidden deals,
// a seated player it does not list was not dealt in.
func TestUnlistedSeatSatOut(t *testing.T) {
	text := strings.Replace(ggBase, "Dealt to alice\n", "", 1)
	text = strings.Replace(text, "alice: folds\n", "", 1)
	h := readOne(t, text)
	if !h.Seats[0].SittingOut {
		t.Errorf("alice is dealt in")
	}
	for _, a := range h.Actions {
		if a.Kind == hand.DealHole && a.Player == 0 {
			t.Errorf("alice dealt cards: %+v", a)
		}
	}
}

func TestErrors(t *testing.T) {
	lines := strings.Split(ggBase, "\n")
	with := func(line int, text string) string {
		l := append([]string(nil), lines...)
		l[line-1] = text
		return strings.Join(l, "\n")
	}
	for _, tc := range []struct {
		name, text string
		line       int
		msg        string
	}{
		{"unknown action", with(17, "alice: dances"), 17, "unknown action"},
		{"stranger", with(17, "zed: folds"), 17, "unknown line"},
		{"bad amount", with(18, "bob: raises $8 to $x12"), 18, "cannot read the amount"},
		{"negative amount", with(21, "bob: calls $-48"), 21, "amount is negative"},
		{"too many decimals", with(21, "bob: calls $48.0001"), 21, "amount has more than 3 decimals"},
		{"huge amount", with(21, "bob: calls $99999999999999999999"), 21, "amount too large"},
		{"other currency", with(21, "bob: calls €48"), 21, "amount in another currency than the stakes'"},
		{"bad card", with(14, "Dealt to bob [Ac Ax]"), 14, "cannot read the cards in brackets"},
		{"wrong hole count", with(14, "Dealt to bob [Ac Ad Ah]"), 14, "3 hole cards dealt in a game of 2"},
		{"bad date", with(1, "Poker Hand #HD100: Hold'em No Limit ($0.5/$1) - 2021/13/08 01:31:11"), 1, "cannot read the date"},
		{"unknown game", with(1, "Poker Hand #HD100: Razz ($0.5/$1) - 2021/04/08 01:31:11"), 1, "unknown game"},
		{"no table", with(2, "Tablet"), 2, "expected the table line after the header"},
		{"seat order", with(4, "Seat 1: carol ($60 in chips)"), 4, "seat 1 out of order"},
		{"bad board", with(25, "*** FIRST TURN *** [2d 3c 9s] [Jh]"), 25, "the street does not follow the board dealt so far"},
		{"post after deal", with(17, "alice: posts small blind $0.5"), 17, "forced bet after \"*** HOLE CARDS ***\""},
		{"summary board", with(39, "FIRST Board [2d 3c 8s Jh 4d]"), 39, "the summary's board is not the board dealt"},
		{"summary seat", with(42, "Seat 2: zed (small blind) showed [Ac Ad]"), 42, "summary of seat 2 names another player than its seat line"},
		{"cut short", strings.Join(lines[:33], "\n"), 33, "hand cut short: no \"*** SUMMARY ***\" section"},
		{"empty seat", with(38, "Seat 9: nobody"), 38, "summary of seat 9, where no one sat"},
		{"cash drop late", strings.Replace(ggBase, "alice: folds", "Cash Drop to Pot : total $1\nalice: folds", 1), 17,
			"cash drop after \"*** HOLE CARDS ***\""},
	} {
		// The broken hand, then a good one: the error names its line, and
		// reading goes on with the next hand.
		text := tc.text + "\n\n" + strings.Replace(ggBase, "#HD100", "#HD101", 1)
		hs, errs := read(t, text)
		if len(errs) != 1 || len(hs) != 1 || hs[0].ID != "HD101" {
			t.Errorf("%s: %d hands, errors %v; want the error and the next hand", tc.name, len(hs), errs)
			continue
		}
		e := errs[0]
		if e.Line != tc.line || !strings.HasPrefix(e.Msg, tc.msg) || e.File != "t.txt" || e.HandIndex != 0 {
			t.Errorf("%s: error %+v; want line %d, %q", tc.name, *e, tc.line, tc.msg)
		}
	}
}

// TestOutsideAndGlued: text before the first header is one error; a hand
// cut short with the next header glued onto its last line is an error and
// the next hand is read.
func TestOutsideAndGlued(t *testing.T) {
	cut := strings.Join(strings.Split(ggBase, "\n")[:20], "\n")
	text := "junk\nmore junk\n" + cut + strings.Replace(ggBase, "#HD100", "#HD101", 1)
	hs, errs := read(t, text)
	if len(hs) != 1 || hs[0].ID != "HD101" || hs[0].Pos.Line != 22 || len(errs) != 2 {
		t.Fatalf("%d hands, errors %v", len(hs), errs)
	}
	if errs[0].Line != 1 || errs[0].HandIndex != -1 || !strings.HasPrefix(errs[0].Msg, "text outside a hand") {
		t.Errorf("first error %+v", *errs[0])
	}
	if errs[1].Line != 22 || errs[1].HandIndex != 0 || !strings.Contains(errs[1].Msg, "cut short") {
		t.Errorf("second error %+v", *errs[1])
	}
}

func TestLimits(t *testing.T) {
	two := ggBase + "\n" + strings.Replace(ggBase, "#HD100", "#HD101", 1)
	hs, errs := readAll(t, strings.NewReader(two), "t.txt", parser.Limits{MaxActions: 10}, nil)
	if len(hs) != 0 || len(errs) != 2 || !strings.HasPrefix(errs[0].Msg, "more than 10 actions") {
		t.Errorf("MaxActions: %d hands, errors %v", len(hs), errs)
	}
	hs, errs = readAll(t, strings.NewReader(two), "t.txt", parser.Limits{MaxHandBytes: 1000}, nil)
	if len(hs) != 0 || len(errs) != 2 || errs[0].Line != 1 || errs[1].Line != 46 || !strings.HasPrefix(errs[0].Msg, "hand longer than 1000 bytes") {
		t.Errorf("MaxHandBytes: %d hands, errors %v", len(hs), errs)
	}
	long := strings.Replace(ggBase, "alice: folds", "alice: folds"+strings.Repeat(" x", 100000), 1) + "\n" + strings.Replace(ggBase, "#HD100", "#HD101", 1)
	hs, errs = readAll(t, strings.NewReader(long), "t.txt", parser.Limits{MaxLineBytes: 1000}, nil)
	if len(hs) != 1 || len(errs) != 1 || errs[0].Line != 17 || !strings.HasPrefix(errs[0].Msg, "line longer than 1000 bytes") {
		t.Errorf("MaxLineBytes: %d hands, errors %v", len(hs), errs)
	}
	// A line of a gigabyte is never held whole.
	r := newReader(readertest.HugeLine(ggBase, 'x', 1<<30, "\n"+ggBase), "huge", parser.Limits{}, nil)
	got := readertest.DrainAny(t, r)
	if len(got) != 2 || !strings.Contains(got[0], "line longer than") || got[1] != "hand HD100" {
		t.Errorf("huge line: %q", got)
	}
}

// TestPooled: hands read into pooled hands, given back as read, equal the
// hands read without a pool.
func TestPooled(t *testing.T) {
	text := ggBase + "\n" + strings.Replace(ggBase, "Hold'em No Limit", "Razz", 1) + "\n"
	dir := testenv.CorpusDir(t, "rooms/GGPoker")
	filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			data, _ := os.ReadFile(p)
			text += string(data) + "\n"
		}
		return err
	})
	plain, perrs := readAll(t, strings.NewReader(text), "t", parser.Limits{}, nil)
	pool := new(hand.Pool)
	r := newReader(strings.NewReader(text), "t", parser.Limits{}, pool)
	i, k := 0, 0
	for {
		h, err := r.Next()
		if err != nil {
			if pe, ok := err.(*parser.Error); ok {
				if d := readertest.ResultDiff(readertest.ReadResult{Err: pe}, readertest.ReadResult{Err: perrs[k]}); d != "" {
					t.Errorf("error %d: %s", k, d)
				}
				k++
				continue
			}
			break
		}
		if d := readertest.HandContentDiff(h, plain[i]); d != nil {
			t.Errorf("hand %d differs pooled: %v", i, d)
		}
		pool.Put(h)
		i++
	}
	if i != len(plain) || k != len(perrs) || k != 1 {
		t.Errorf("pooled read %d hands %d errors, plain %d and %d", i, k, len(plain), len(perrs))
	}
}

func TestEncodings(t *testing.T) {
	want := readOne(t, ggBase)
	for name, data := range map[string][]byte{
		"utf-16le": readertest.UTF16(ggBase, false),
		"utf-16be": readertest.UTF16(ggBase, true),
		"bom":      append([]byte("\xEF\xBB\xBF"), ggBase...),
		"crlf":     []byte(strings.ReplaceAll(ggBase, "\n", "\r\n")),
	} {
		hs, errs := readAll(t, bytes.NewReader(data), "t.txt", parser.Limits{}, nil)
		if len(errs) > 0 || len(hs) != 1 {
			t.Errorf("%s: %d hands, errors %v", name, len(hs), errs)
			continue
		}
		if d := readertest.HandContentDiff(hs[0], want); d != nil {
			t.Errorf("%s: %v", name, d)
		}
	}
}

func TestDetect(t *testing.T) {
	if got := detect([]byte("\xEF\xBB\xBF" + ggBase)); got != parser.SignatureMatch {
		t.Errorf("GGPoker hand detected %d", got)
	}
	if got := parser.Detect([]byte(ggBase)); got != Format {
		t.Errorf("parser.Detect says %q", got)
	}
	for _, s := range []string{
		"PPPoker Hand #1: Hold'em No Limit ($0.05/$0.1) - 2018/03/30 03:44:33\n",
		"PokerStars Hand #1: Hold'em No Limit ($0.05/$0.10 USD) - 2018/03/30 03:44:33 ET\n",
		"x Poker Hand #1: Hold'em No Limit\n",
	} {
		if got := detect([]byte(s)); got != parser.NotThisFormat {
			t.Errorf("detect(%q) = %d", s, got)
		}
	}
	// No other format's fixture is taken for GGPoker.
	root := filepath.Join(testenv.RepoRoot(t), "fixtures")
	n := 0
	filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || strings.HasSuffix(p, ".json") || strings.Contains(filepath.ToSlash(p), "/ggpoker/") {
			return err
		}
		data, _ := os.ReadFile(p)
		if detect(data) != parser.NotThisFormat {
			t.Errorf("%s detected as GGPoker", p)
		}
		n++
		return nil
	})
	if n < 10 {
		t.Errorf("only %d fixtures of other formats", n)
	}
}

// TestWriteErrors: a hand GGPoker text cannot express is an error.
func TestWriteErrors(t *testing.T) {
	for name, change := range map[string]func(h *hand.Hand){
		"stud":      func(h *hand.Hand) { h.Game = hand.Game{Variant: hand.Stud, Structure: hand.FixedLimit, HoleCards: 7} },
		"side pots": func(h *hand.Hand) { h.Outcome.Pots = []hand.Amount{1, 2} },
		"no total":  func(h *hand.Hand) { h.Outcome.HasTotalPot = false },
		"stacks":    func(h *hand.Hand) { h.Outcome.HasFinishingStacks = true },
		"winnings": func(h *hand.Hand) {
			h.Outcome.HasWinnings, h.Outcome.Winnings = true, make([]hand.Amount, len(h.Seats))
		},
		"cash-out":    func(h *hand.Hand) { h.Outcome.CashOuts[0].ApartFromPot = false },
		"currency":    func(h *hand.Hand) { h.Currency = "XYZ" },
		"board count": func(h *hand.Hand) { h.Boards = append(h.Boards, nil, nil) },
	} {
		h := readOne(t, ggBase)
		change(h)
		if _, err := AppendHand(nil, h); err == nil {
			t.Errorf("%s: written", name)
		}
	}
	h := readOne(t, ggBase)
	text, err := AppendHand(nil, h)
	if err != nil {
		t.Fatal(err)
	}
	back := readOne(t, string(text))
	if d := readertest.HandDiff(h, back); d != nil {
		t.Errorf("round trip: %v\n%s", d, text)
	}
	if !bytes.Contains(text, []byte("dave: straddle $4\n")) || !bytes.Contains(text, []byte("*** SECOND RIVER *** [6d 4s 4h 3h] [Ts]\n")) {
		t.Errorf("written text:\n%s", text)
	}
}

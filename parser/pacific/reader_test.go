package pacific

import (
	"bytes"
	"fmt"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/handaudit/handaudit/cards"
	"github.com/handaudit/handaudit/hand"
	"github.com/handaudit/handaudit/internal/readertest"
	"github.com/handaudit/handaudit/parser"
)

// readAll reads every hand and parse error of text.
func readAll(t testing.TB, text string, lim parser.Limits, pool *hand.Pool) ([]*hand.Hand, []*parser.Error) {
	t.Helper()
	r := newReader(strings.NewReader(text), "t.txt", lim)
	r.pool = pool
	hs, errs := readertest.Read(t, r, "t.txt")
	if len(hs)+len(errs) > 10000 {
		t.Fatal("reader does not stop")
	}
	return hs, errs
}

// readBack is a reader without limits, for reading back what the writer
// wrote.
func readBack(r io.Reader, name string) parser.Reader { return NewReader(r, name) }

// cashHand is an ordinary cash hand: posts, a raise, a call, three
// streets, a silent uncalled bet, hole cards of the hero.
const cashHand = `#Game No : 349568376
***** 888poker Hand History for Game 349568376 *****
$0.05/$0.10 Blinds No Limit Holdem - *** 06 01 2014 00:02:01
Table Carson 9 Max (Real Money)
Seat 10 is the button
Total number of players : 4
Seat 1: hchcnona ( $10.25 )
Seat 2: laeufergott ( $7.71 )
Seat 3: Georgik 2008 ( $1,010 )
Seat 10: kultexx ( $9.50 )
hchcnona posts small blind [$0.05]
laeufergott posts big blind [$0.10]
Georgik 2008 posts big blind [$0.10]
** Dealing down cards **
Dealt to kultexx [ Ah, Kd ]
Georgik 2008 checks
kultexx raises [$0.45]
hchcnona raises [$1.35]
laeufergott folds
Georgik 2008 folds
kultexx calls [$0.95]
** Dealing flop ** [ 7d, Ks, 6s ]
hchcnona bets [$2.25]
kultexx calls [$2.25]
** Dealing turn ** [ 2c ]
hchcnona checks
kultexx checks
** Dealing river ** [ Tc ]
hchcnona bets [$1]
kultexx folds
** Summary **
hchcnona did not show his hand
hchcnona collected [ $7.12 ]
`

func TestCashHand(t *testing.T) {
	hs, errs := readAll(t, cashHand, testLimits, nil)
	if len(errs) != 0 || len(hs) != 1 {
		t.Fatalf("hands %d, errors %v", len(hs), errs)
	}
	h := hs[0]
	want := hand.Hand{Format: "888poker", Site: "888poker", ID: "349568376", Table: "Carson", Currency: "USD", Scale: 100,
		Start: time.Date(2014, 1, 6, 0, 2, 1, 0, time.UTC), MaxSeats: 9, Button: 10,
		Game:   hand.Game{Variant: hand.Holdem, Structure: hand.NoLimit, HoleCards: 2, Code: "No Limit Holdem"},
		Stakes: hand.Stakes{SmallBlind: 5, BigBlind: 10, MinBet: 10}}
	if h.Format != want.Format || h.Site != want.Site || h.ID != want.ID || h.Table != want.Table || h.Currency != want.Currency ||
		h.Scale != want.Scale || !h.Start.Equal(want.Start) || h.MaxSeats != want.MaxSeats || h.Button != want.Button ||
		h.Game != want.Game || fmt.Sprint(h.Stakes) != fmt.Sprint(want.Stakes) || h.Tournament != "" {
		t.Errorf("hand %+v", *h)
	}
	if h.Pos.Line != 1 || h.End != 33 || h.Outcome.Pos.Line != 31 {
		t.Errorf("positions: start %d, end %d, summary %d", h.Pos.Line, h.End, h.Outcome.Pos.Line)
	}
	seats := []hand.Seat{{Number: 1, Player: "hchcnona", Stack: 1025}, {Number: 2, Player: "laeufergott", Stack: 771},
		{Number: 3, Player: "Georgik 2008", Stack: 101000}, {Number: 10, Player: "kultexx", Stack: 950}}
	if fmt.Sprint(h.Seats) != fmt.Sprint(seats) {
		t.Errorf("seats %v", h.Seats)
	}
	var got []string
	for _, a := range h.Actions {
		s := fmt.Sprintf("%d %s p%d", a.Pos.Line, a.Kind, a.Player)
		switch a.Kind {
		case hand.Post:
			s += fmt.Sprintf(" %s %d", a.PostKind, a.Amount)
		case hand.Call, hand.Collect:
			s += fmt.Sprintf(" %d", a.Amount)
		case hand.Bet, hand.Raise:
			s += fmt.Sprintf(" to %d", a.To)
		}
		if len(a.Cards) > 0 {
			s += " " + cards.FormatList(a.Cards)
		}
		got = append(got, s)
	}
	wantActs := []string{
		"11 post p0 small-blind 5", "12 post p1 big-blind 10", "13 post p2 big-blind 10",
		"14 deal-hole p0 ????", "14 deal-hole p1 ????", "14 deal-hole p2 ????", "14 deal-hole p3 AhKd",
		"16 check p2", "17 raise p3 to 45", "18 raise p0 to 140", "19 fold p1", "20 fold p2", "21 call p3 95",
		"22 deal-board p-1 7dKs6s", "23 bet p0 to 225", "24 call p3 225",
		"25 deal-board p-1 2c", "26 check p0", "27 check p3",
		"28 deal-board p-1 Tc", "29 bet p0 to 100", "30 fold p3",
		"32 muck p0", "33 collect p0 712",
	}
	if strings.Join(got, "\n") != strings.Join(wantActs, "\n") {
		t.Errorf("actions:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(wantActs, "\n"))
	}
	if c := h.Actions[len(h.Actions)-1]; c.Pot != -1 || !c.HasAmount {
		t.Errorf("collect %+v: want Pot -1 (not named), HasAmount", c)
	}
	if cards.FormatList(h.Boards[0]) != "7dKs6s2cTc" || len(h.Boards) != 1 {
		t.Errorf("boards %v", h.Boards)
	}
	if o := h.Outcome; !o.HasWinnings || fmt.Sprint(o.Winnings) != "[712 0 0 0]" || o.HasRake || o.HasTotalPot {
		t.Errorf("outcome %+v", o)
	}
}

// header replaces the cash hand's first lines.
// withHeader is the cash hand under other first lines, without its
// "Dealt to" line, and with no "$" where the game line has none.
func withHeader(lines ...string) string {
	rest := cashHand[strings.Index(cashHand, "Seat 10 is the button"):]
	rest = strings.Replace(rest, "Dealt to kultexx [ Ah, Kd ]\n", "", 1)
	if !strings.Contains(strings.Join(lines, ""), "$") {
		rest = strings.ReplaceAll(rest, "$", "")
	}
	return strings.Join(lines, "\n") + "\n" + rest
}

func TestHeaderVariants(t *testing.T) {
	for _, c := range []struct {
		name                     string
		text                     string
		site, table, tourn, cur  string
		scale                    int64
		maxSeats                 int
		start                    string
		game                     hand.Game
		sb, bb, stack0, smallBet hand.Amount
	}{
		{"Cassava, no #Game No", withHeader("***** Cassava Hand History for Game 305277727 *****",
			"$ 10/$ 20 Blinds Pot Limit Omaha - *** 05 05 2014 21:32:10", "Table San Luis (Real Money)"),
			"Cassava", "San Luis", "", "USD", 100, 0, "2014-05-05T21:32:10Z",
			hand.Game{Variant: hand.Omaha, Structure: hand.PotLimit, HoleCards: 4, Code: "Pot Limit Omaha"}, 1000, 2000, 1025, 0},
		{"symbol after, spaces", withHeader("***** 888poker Hand History for Game 873818904 *****",
			"25 $/50 $ Blinds Pot Limit OmahaHL - *** 21 04 2016 16:34:37", "Table Kumanovo 6 Max (Real Money)"),
			"888poker", "Kumanovo", "", "USD", 100, 6, "2016-04-21T16:34:37Z",
			hand.Game{Variant: hand.OmahaHiLo, Structure: hand.PotLimit, HoleCards: 4, Code: "Pot Limit OmahaHL"}, 2500, 5000, 1025, 0},
		{"jackpot, fixed limit, Ontario", withHeader("***** 888poker.ca-on Hand History for Game 6551093 *****",
			"$0.50/$1 Blinds Fix Limit Holdem Jackpot table - *** 05 06 2022 23:06:24", "Table Saguenay 10 Max (Real Money)"),
			"888poker.ca-on", "Saguenay", "", "CAD", 100, 10, "2022-06-05T23:06:24Z",
			hand.Game{Variant: hand.Holdem, Structure: hand.FixedLimit, HoleCards: 2, Code: "Fix Limit Holdem Jackpot table"}, 50, 100, 1025, 100},
		{"tournament, whole chips, no date", withHeader("#Game No : 143941009", "***** Cassava Hand History for Game 143941009 *****",
			"10/20 Blinds No Limit Holdem - ***", "Tournament #28352940 10 + 1 - Table #1 (Practice Play)"),
			"Cassava", "1", "28352940", "", 100, 0, "", // the stacks have cents
			hand.Game{Variant: hand.Holdem, Structure: hand.NoLimit, HoleCards: 2, Code: "No Limit Holdem"}, 1000, 2000, 1025, 0},
		{"BLAST: the prize pool is no blind", withHeader("***** 888.ro BLAST Hand History for Game 1008664844 *****",
			"42.797,60 $/0 $ Blinds No Limit Holdem - ***", "Tournament #133514588 13,95 $ + 1,05 $ - Table #1 4 Max (Real Money)"),
			"888.ro", "1", "133514588", "", 100, 4, "",
			hand.Game{Variant: hand.Holdem, Structure: hand.NoLimit, HoleCards: 2, Code: "No Limit Holdem"}, 0, 0, 1025, 0},
		{"skin, play money", withHeader("***** LuckyAcePoker.com Hand History for Game 5512058461 *****",
			"1/2 Blinds No Limit Hold'em - *** 13 08 2013 17:22:18", "Table Gent (Play Money)"),
			"LuckyAcePoker.com", "Gent", "", "", 100, 0, "2013-08-13T17:22:18Z",
			hand.Game{Variant: hand.Holdem, Structure: hand.NoLimit, HoleCards: 2, Code: "No Limit Hold'em"}, 100, 200, 1025, 0},
	} {
		hs, errs := readAll(t, c.text, testLimits, nil)
		if len(errs) != 0 || len(hs) != 1 {
			t.Errorf("%s: hands %d, errors %v", c.name, len(hs), errs)
			continue
		}
		h := hs[0]
		start := ""
		if !h.Start.IsZero() {
			start = h.Start.Format(time.RFC3339)
		}
		if h.Site != c.site || h.Table != c.table || h.Tournament != c.tourn || h.Currency != c.cur || h.Scale != c.scale ||
			h.MaxSeats != c.maxSeats || start != c.start || h.Game != c.game || h.Stakes.SmallBlind != c.sb ||
			h.Stakes.BigBlind != c.bb || h.Seats[0].Stack != c.stack0 || h.Stakes.SmallBet != c.smallBet {
			t.Errorf("%s: got site %q table %q tournament %q currency %q scale %d max %d start %q game %+v stakes %+v stack %d",
				c.name, h.Site, h.Table, h.Tournament, h.Currency, h.Scale, h.MaxSeats, start, h.Game, h.Stakes, h.Seats[0].Stack)
		}
	}
}

func TestAmounts(t *testing.T) {
	for _, c := range []struct {
		in    string
		cents int64
		frac  bool
		sym   string
	}{
		{"$0.05", 5, true, "$"}, {"$ 10", 1000, false, "$"}, {"25 $", 2500, false, "$"}, {"1 430", 143000, false, ""},
		{"368,55", 36855, true, ""}, {"$1,049", 104900, false, "$"}, {"1,459.13", 145913, true, ""},
		{"42.797,60 $", 4279760, true, "$"}, {"$ 3.243", 324300, false, "$"}, {"0.5", 50, true, ""},
		{"2\u00a0250 \u20ac", 225000, false, "\u20ac"}, {"3\u00c2\u00a0023,50 $", 302350, true, "$"}, {"\u00a312", 1200, false, "\u00a3"},
		{"1 123 698", 112369800, false, ""},
	} {
		a, err := parseAmount([]byte(c.in))
		if err != nil || a.cents != c.cents || a.frac != c.frac || a.sym != c.sym {
			t.Errorf("parseAmount(%q) = %+v, %v; want %d %v %q", c.in, a, err, c.cents, c.frac, c.sym)
		}
	}
	for _, in := range []string{"", "$", "1,23,4", "12 34", "1..5", "1.", ",50", "abc", "1.2.", "12x", "$1$", "99999999999999999999"} {
		if a, err := parseAmount([]byte(in)); err == nil {
			t.Errorf("parseAmount(%q) = %+v, want an error", in, a)
		}
	}
}

func TestCards(t *testing.T) {
	var h hand.Hand
	for in, want := range map[string]string{
		"[ Jc, Kc, 3c ]":      "JcKc3c",
		"[ Hc, 8h, Td, 6h ]":  "Kc8hTd6h", // Dutch: heer
		"[ Vs, Bh ]":          "QsJh",     // Dutch: vrouw, boer
		"[ Knh, Ec, Dd, Kh ]": "JhAcQdKh", // Swedish: knekt, ess, dam, kung
		"[ 10s ]":             "Ts",
	} {
		cs, err := bracketCards(&h, []byte(in))
		if err != nil || cards.FormatList(cs) != want {
			t.Errorf("%s: %s, %v; want %s", in, cards.FormatList(cs), err, want)
		}
	}
	for _, in := range []string{"[ ]", "[Jc, Kc]", "[ Jc Kc ]", "[ Jx ]", "[ Zc ]", "[ Jc, ]", "[ 1c ]"} {
		if cs, err := bracketCards(&h, []byte(in)); err == nil {
			t.Errorf("%s: read %v, want an error", in, cs)
		}
	}
}

// TestErrors checks each kind of broken hand: its message and line, and
// that reading goes on with the next hand.
func TestErrors(t *testing.T) {
	lines := strings.Split(strings.TrimSuffix(cashHand, "\n"), "\n")
	edit := func(i int, s string) string {
		ls := append([]string(nil), lines...)
		if s == "" {
			ls = append(ls[:i], ls[i+1:]...)
		} else {
			ls[i] = s
		}
		return strings.Join(ls, "\n") + "\n"
	}
	for _, c := range []struct {
		text string
		line int
		msg  string
	}{
		{edit(2, "$0.05/$0.10 Blinds No Limit Stud - *** 06 01 2014 00:02:01"), 3, `unknown game "No Limit Stud"`},
		{edit(2, "$0.05/$0.10 Blinds No Limit Holdem - *** 31 02 2014 00:02:01"), 3, "cannot read the date"},
		{edit(2, "$0.05/$0,1x Blinds No Limit Holdem - ***"), 3, "cannot read the big blind"},
		{edit(3, "Table Carson 9 Max"), 4, "expected the table line"},
		{edit(4, "Seat ten is the button"), 5, "cannot read the button's seat"},
		{edit(8, "Seat 3:  ( $1,010 )"), 9, "seat 3 has no player name"},
		{edit(8, "Seat 3: hchcnona ( $1,010 )"), 9, `player "hchcnona" is seated twice`},
		{edit(8, "Seat 3: Georgik 2008 ( $1,0x )"), 9, `cannot read the amount: "$1,0x"`},
		{edit(8, "Seat 3: Georgik 2008 ( \u20ac1 )"), 9, "amount \"\u20ac1\" is not in the game's currency"},
		{edit(16, "Somebody raises [$0.45]"), 17, "unknown line: not a seated player's action"},
		{edit(16, "kultexx raises $0.45"), 17, "unknown line: not a seated player's action"},
		{edit(14, "Dealt to kultexx [ Ah ]"), 15, "1 hole cards dealt; the game deals 2"},
		{edit(21, "** Dealing flop ** [ 7d, Ks ]"), 22, "2 cards dealt on this street; want 3"},
		{edit(21, "** Dealing turn ** [ 7d ]"), 22, "the board is dealt out of order"},
		{edit(21, "** Dealing flop ** [ 7d, Ks, 7d ]"), -1, ""}, // repeated cards are the checks' to find
		{edit(22, "hchcnona posts big blind [$0.10]"), 23, "a forced bet after the betting began"},
		{edit(31, "hchcnona wins [ $7.12 ]"), 32, "unknown line in the summary"},
		{edit(32, "hchcnona collected [$7.12]"), 33, "cannot read the amount collected"},
		{strings.Join(lines[:30], "\n") + "\n", 30, "the hand ends before its summary (cut short)"},
		{strings.Join(lines[:2], "\n") + "\n", 2, "the hand ends in its header (cut short)"},
		{strings.Join(lines[:1], "\n") + "\n", 1, "\"#Game No\" is not followed by its hand (cut short)"},
		{"#Game No : 1\nHello\n", 2, "expected the hand's header after \"#Game No\""},
		{edit(1, "***** 888poker Hand History for Game 349568377 *****"), 2, "the header's game 349568377 is not the game 349568376"},
		{"Hello\n", 1, "text outside a hand: expected an 888poker hand header"},
		{"***** Hand History for Game 15258431574 *****\n", 1, "text outside a hand"},
	} {
		text := c.text + "\n" + cashHand // a good hand after: reading goes on
		hs, errs := readAll(t, text, testLimits, nil)
		if c.line < 0 {
			if len(errs) != 0 || len(hs) != 2 {
				t.Errorf("hands %d, errors %v; want two hands", len(hs), errs)
			}
			continue
		}
		if len(errs) != 1 || len(hs) != 1 || hs[0].ID != "349568376" {
			t.Errorf("want %d %q: hands %d, errors %v", c.line, c.msg, len(hs), errs)
			continue
		}
		e := errs[0]
		if e.Line != c.line || !strings.HasPrefix(e.Msg, c.msg) || e.File != "t.txt" {
			t.Errorf("error %s:%d %q; want line %d %q", e.File, e.Line, e.Msg, c.line, c.msg)
		}
		if e.Line > 2 && (e.HandID != "349568376" || e.HandIndex != 0) {
			t.Errorf("error %+v: want the hand's ID and index", *e)
		}
	}
}

// TestNotDealtIn: a player who folds before "** Dealing down cards **"
// was not dealt in; without that line, the folds are the hand's first
// actions.
func TestNotDealtIn(t *testing.T) {
	text := strings.Replace(cashHand, "** Dealing down cards **\n", "Georgik 2008 folds\n** Dealing down cards **\n", 1)
	text = strings.Replace(text, "Georgik 2008 checks\n", "", 1)
	text = strings.Replace(text, "Georgik 2008 folds\nkultexx calls", "kultexx calls", 1)
	hs, errs := readAll(t, text, testLimits, nil)
	if len(errs) != 0 || len(hs) != 1 {
		t.Fatalf("hands %d, errors %v", len(hs), errs)
	}
	h := hs[0]
	deals := 0
	for _, a := range h.Actions {
		if a.Kind == hand.DealHole {
			deals++
		}
		if a.Player == 2 && a.Kind != hand.Post {
			t.Errorf("an action of the player not dealt in: %+v", a)
		}
	}
	if !h.Seats[2].SittingOut || deals != 3 {
		t.Errorf("seat 3 sitting out %v, %d dealt; want true, 3", h.Seats[2].SittingOut, deals)
	}
	// No deal line: the cards are dealt before the first action.
	text = strings.Replace(cashHand, "** Dealing down cards **\n", "", 1)
	text = strings.Replace(text, "Dealt to kultexx [ Ah, Kd ]\n", "", 1)
	hs, errs = readAll(t, text, testLimits, nil)
	if len(errs) != 0 || len(hs) != 1 {
		t.Fatalf("hands %d, errors %v", len(hs), errs)
	}
	if a := hs[0].Actions[3]; a.Kind != hand.DealHole || a.Pos.Line != 14 {
		t.Errorf("action 3 %+v: want the deal, at the first action's line", a)
	}
}

func TestLimits(t *testing.T) {
	two := cashHand + "\n" + strings.Replace(cashHand, "349568376", "349568377", 2)
	// A hand too large is an error at its first line; the next is read.
	_, errs := readAll(t, strings.Replace(cashHand, "349568376", "1", 2)+"\n"+two, parser.Limits{MaxHandBytes: len(cashHand) - 100}, nil)
	if len(errs) != 3 || errs[0].Line != 1 || !strings.Contains(errs[0].Msg, "hand longer than") {
		t.Errorf("errors %v", errs)
	}
	hs, errs := readAll(t, two, parser.Limits{MaxLineBytes: 55}, nil)
	if len(hs) != 0 || len(errs) != 2 || !strings.Contains(errs[0].Msg, "line longer than 55 bytes") || errs[0].Line != 3 {
		t.Errorf("hands %d, errors %v", len(hs), errs)
	}
	hs, errs = readAll(t, two, parser.Limits{MaxActions: 10}, nil)
	if len(hs) != 0 || len(errs) != 2 || errs[0].Msg != "more than 10 actions in the hand" {
		t.Errorf("hands %d, errors %v", len(hs), errs)
	}
	// A huge line is never held whole, and the next hand is read.
	r := NewReader(readertest.HugeLine(cashHand+"kultexx ", 'x', 50<<20, "\n\n"+cashHand), "huge")
	got := readertest.DrainAny(t, r)
	if strings.Join(got, ";") != "error 34 line longer than 1048576 bytes;hand 349568376" {
		t.Errorf("got %q", got)
	}
}

// TestPooled: hands read into pooled memory equal those allocated.
func TestPooled(t *testing.T) {
	text := strings.Repeat(cashHand+"\n", 3) + withHeader("***** Cassava Hand History for Game 1 *****",
		"10/20 Blinds Pot Limit Omaha - ***", "Tournament #2 Free - Table #3 (Real Money)")
	want, _ := readAll(t, text, testLimits, nil)
	var pool hand.Pool
	r := newReader(strings.NewReader(text), "t.txt", testLimits)
	r.pool = &pool
	readertest.ComparePooled(t, r, &pool, want)
}

// TestEncodings: UTF-16 and CRLF read as UTF-8 does.
func TestEncodings(t *testing.T) {
	want, _ := readAll(t, cashHand, testLimits, nil)
	for name, data := range map[string][]byte{
		"utf16le": readertest.UTF16(cashHand, false),
		"utf16be": readertest.UTF16(cashHand, true),
		"crlf":    []byte(strings.ReplaceAll(cashHand, "\n", "\r\n")),
		"bom":     append([]byte("\uFEFF"), cashHand...),
	} {
		r := NewReader(bytes.NewReader(data), "t.txt")
		h, err := r.Next()
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		if d := readertest.HandContentDiff(h, want[0]); d != nil {
			t.Errorf("%s: %v", name, d)
		}
	}
}

// TestWholeChips: a tournament's chips written whole are read at scale 1;
// the file's end after "#Game No" is a hand cut short.
func TestWholeChips(t *testing.T) {
	text := withHeader("#Game No : 143941009", "***** Cassava Hand History for Game 143941009 *****",
		"10/20 Blinds No Limit Holdem - ***", "Tournament #28352940 10 + 1 - Table #1 (Practice Play)")
	text = strings.NewReplacer("10.25", "1,025", "7.71", "771", "1,010", "1,010", "9.50", "950", "7.12", "712").Replace(text)
	text = strings.NewReplacer("0.05]", "5]", "0.10]", "10]", "0.45]", "45]", "1.35]", "135]", "0.95]", "95]", "2.25]", "225]", "[1]", "[100]").Replace(text)
	hs, errs := readAll(t, text+"#Game No : 143941010\n", testLimits, nil)
	if len(hs) != 1 || len(errs) != 1 {
		t.Fatalf("hands %d, errors %v", len(hs), errs)
	}
	h := hs[0]
	if h.Scale != 1 || h.Stakes.BigBlind != 20 || h.Seats[0].Stack != 1025 || h.Seats[2].Stack != 1010 || h.Outcome.Winnings[0] != 712 {
		t.Errorf("scale %d stakes %+v seats %+v winnings %v", h.Scale, h.Stakes, h.Seats, h.Outcome.Winnings)
	}
	if e := errs[0]; e.Line != 33 || e.Msg != "the file ends after \"#Game No\": the hand is missing (cut short)" {
		t.Errorf("error %+v", *e)
	}
}

func TestDetect(t *testing.T) {
	for _, head := range []string{cashHand, withHeader("***** Cassava Hand History for Game 1 *****", "1/2 Blinds Pot Limit Holdem - ***"),
		"***** LuckyAcePoker.com Hand History for Game 5512058461 *****\n$2/$4 Blinds No Limit Holdem - *** 13 08 2013 17:22:18\n"} {
		if got := parser.Detect([]byte(head)); got != Format {
			t.Errorf("Detect(%.60q) = %q", head, got)
		}
	}
	for _, head := range []string{
		// PartyPoker: no site in the header, its own game line.
		"#Game No : 11614201072\n***** Hand History for Game 11614201072 *****\n$50 USD PL Texas Hold'em - Tuesday, April 03, 03:48:45 EDT 2012\n",
		"***** Hand History For Game 8812345 *****\n$10/$20 Texas Hold'em - Tuesday\n",
		"***** PartyPoker.com Hand History for Game 1 *****\nNL Texas Hold'em $22 USD Buy-in\n",
		"PokerStars Hand #1: Hold'em No Limit ($0.01/$0.02 USD) - 2020/01/01 00:00:00 ET\n",
	} {
		if detect([]byte(head)) != parser.NotThisFormat {
			t.Errorf("detect(%.60q) claims it", head)
		}
	}
}

package winamax

import (
	"bytes"
	"errors"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/handaudit/handaudit/cards"
	"github.com/handaudit/handaudit/hand"
	"github.com/handaudit/handaudit/internal/readertest"
	"github.com/handaudit/handaudit/parser"
)

// base is a cash hand with a showdown, the uncalled part of a raise and a
// side pot: every usual line kind.
const base = "Winamax Poker - CashGame - HandId: #5281577-471-1382586707 - Holdem no limit (0.50€/1€) - 2013/10/24 03:51:47 UTC\n" +
	"Table: 'Gold Coast-Tweed 13' 6-max (real money) Seat #2 is the button\n" +
	"Seat 1: Barthez91 (138.61€)\n" +
	"Seat 2: titi 63000 (16.40€)\n" +
	"Seat 3: away (50€)\n" +
	"Seat 5: Hero (40€)\n" +
	"*** ANTE/BLINDS ***\n" +
	"Hero posts small blind 0.50€\n" +
	"Barthez91 posts big blind 1€\n" +
	"Dealt to Hero [Ah Kd]\n" +
	"*** PRE-FLOP *** \n" +
	"titi 63000 raises 1.50€ to 2.50€\n" +
	"Hero calls 2€\n" +
	"Barthez91 raises 5€ to 7.50€\n" +
	"titi 63000 calls 5€\n" +
	"Hero folds\n" +
	"*** FLOP *** [3c 7d 2s]\n" +
	"Barthez91 bets 20€\n" +
	"titi 63000 calls 8.90€ and is all-in\n" +
	"*** TURN *** [3c 7d 2s][3h]\n" +
	"*** RIVER *** [3c 7d 2s 3h] [4c]\n" +
	"*** SHOW DOWN ***\n" +
	"Barthez91 shows [8s Td] (One pair : 3)\n" +
	"titi 63000 shows [8d Jd] (One pair : 3)\n" +
	"titi 63000 collected 34.30€ from pot\n" +
	"Barthez91 collected 11.10€ from pot\n" +
	"*** SUMMARY ***\n" +
	"Total pot 45.40€ | Rake 1€\n" +
	"Board: [3c 7d 2s 3h 4c]\n" +
	"Seat 1: Barthez91 (big blind) showed [8s Td] and lost with One pair : 3\n" +
	"Seat 2: titi 63000 (button) showed [8d Jd] and won 34.30€ with One pair : 3\n" +
	"Seat 5: Hero (small blind) folded on the pre-flop\n"

// readAll reads every hand and parse error of s.
func readAll(t testing.TB, s string) ([]*hand.Hand, []*parser.Error) {
	t.Helper()
	return readertest.Read(t, NewReader(strings.NewReader(s), "t.txt"), "t.txt")
}

// readBack is a reader without limits, for reading back what the writer
// wrote.
func readBack(r io.Reader, name string) parser.Reader { return NewReader(r, name) }

// readOne reads s, which must be one hand that parses.
func readOne(t testing.TB, s string) *hand.Hand {
	t.Helper()
	hs, errs := readAll(t, s)
	if len(errs) > 0 || len(hs) != 1 {
		t.Fatalf("read %d hands, errors %v", len(hs), errs)
	}
	return hs[0]
}

func cs(s string) []cards.Card {
	var out []cards.Card
	for _, f := range strings.Fields(s) {
		c, err := cards.Parse(f)
		if err != nil {
			panic(err)
		}
		out = append(out, c)
	}
	return out
}

func TestBaseHand(t *testing.T) {
	h := readOne(t, base)
	if h.Format != "winamax" || h.Site != "Winamax" || h.ID != "5281577-471-1382586707" || h.Table != "Gold Coast-Tweed 13" {
		t.Errorf("format %q site %q id %q table %q", h.Format, h.Site, h.ID, h.Table)
	}
	if want := time.Date(2013, 10, 24, 3, 51, 47, 0, time.UTC); !h.Start.Equal(want) {
		t.Errorf("start %v, want %v", h.Start, want)
	}
	if h.Currency != "EUR" || h.Scale != 100 || h.MaxSeats != 6 || h.Button != 2 || h.Tournament != "" {
		t.Errorf("currency %q scale %d max %d button %d tournament %q", h.Currency, h.Scale, h.MaxSeats, h.Button, h.Tournament)
	}
	g := h.Game
	if g.Variant != hand.Holdem || g.Structure != hand.NoLimit || g.HoleCards != 2 || g.Code != "Holdem no limit" {
		t.Errorf("game %+v", g)
	}
	if st := h.Stakes; st.SmallBlind != 50 || st.BigBlind != 100 || st.MinBet != 100 || st.Ante != 0 {
		t.Errorf("stakes %+v", st)
	}
	wantSeats := []hand.Seat{{Number: 1, Player: "Barthez91", Stack: 13861}, {Number: 2, Player: "titi 63000", Stack: 1640},
		{Number: 3, Player: "away", Stack: 5000, SittingOut: true}, {Number: 5, Player: "Hero", Stack: 4000}}
	if len(h.Seats) != len(wantSeats) {
		t.Fatalf("seats %+v", h.Seats)
	}
	for i, s := range wantSeats {
		if h.Seats[i] != s {
			t.Errorf("seat %d: %+v, want %+v", i, h.Seats[i], s)
		}
	}
	type act struct {
		kind       hand.ActionKind
		player     int
		amount, to hand.Amount
		allIn      bool
		post       hand.PostKind
		cards      string
		line, pot  int
		hasAmount  bool
	}
	want := []act{
		{hand.Post, 3, 50, 0, false, hand.PostSmallBlind, "", 8, 0, true},
		{hand.Post, 0, 100, 0, false, hand.PostBigBlind, "", 9, 0, true},
		// Dealt from the left of the button; "away" never appears: not dealt in.
		{hand.DealHole, 3, 0, 0, false, 0, "Ah Kd", 10, 0, false},
		{hand.DealHole, 0, 0, 0, false, 0, "?? ??", 10, 0, false},
		{hand.DealHole, 1, 0, 0, false, 0, "?? ??", 10, 0, false},
		{hand.Raise, 1, 150, 250, false, 0, "", 12, 0, true},
		{hand.Call, 3, 200, 0, false, 0, "", 13, 0, true},
		{hand.Raise, 0, 500, 750, false, 0, "", 14, 0, true},
		{hand.Call, 1, 500, 0, false, 0, "", 15, 0, true},
		{hand.Fold, 3, 0, 0, false, 0, "", 16, 0, false},
		{hand.DealBoard, hand.NoPlayer, 0, 0, false, 0, "3c 7d 2s", 17, 0, false},
		{hand.Bet, 0, 2000, 2000, false, 0, "", 18, 0, true},
		{hand.Call, 1, 890, 0, true, 0, "", 19, 0, true},
		// The bet's uncalled part, taken out of Barthez91's collect.
		{hand.UncalledReturn, 0, 1110, 0, false, 0, "", 26, 0, true},
		{hand.DealBoard, hand.NoPlayer, 0, 0, false, 0, "3h", 20, 0, false},
		{hand.DealBoard, hand.NoPlayer, 0, 0, false, 0, "4c", 21, 0, false},
		{hand.Show, 0, 0, 0, false, 0, "8s Td", 23, 0, false},
		{hand.Show, 1, 0, 0, false, 0, "8d Jd", 24, 0, false},
		{hand.Collect, 1, 3430, 0, false, 0, "", 25, 0, true},
	}
	if len(h.Actions) != len(want) {
		for _, a := range h.Actions {
			t.Logf("%+v", a)
		}
		t.Fatalf("%d actions, want %d", len(h.Actions), len(want))
	}
	for i, w := range want {
		a := h.Actions[i]
		got := act{a.Kind, a.Player, a.Amount, a.To, a.AllIn, a.PostKind, "", a.Pos.Line, a.Pot, a.HasAmount}
		var names []string
		for _, c := range a.Cards {
			names = append(names, c.String())
		}
		got.cards = strings.Join(names, " ")
		if got != w || a.Pos.File != "t.txt" {
			t.Errorf("action %d: %+v, want %+v", i, got, w)
		}
	}
	o := h.Outcome
	// "Total pot 45.40€ | Rake 1€": the pot after the rake, with the
	// uncalled 11.10€: the pot contested is 45.40 + 1 - 11.10.
	if !o.HasTotalPot || o.TotalPot != 3530 || !o.HasRake || o.Rake != 100 || o.Pos.Line != 28 {
		t.Errorf("outcome %+v", o)
	}
	if !o.HasWinnings || len(o.Winnings) != 4 || o.Winnings[1] != 3430 || o.Winnings[0] != 0 {
		t.Errorf("winnings %v", o.Winnings)
	}
	if len(h.Boards) != 1 || !equalCards(h.Boards[0], cs("3c 7d 2s 3h 4c")) {
		t.Errorf("boards %v", h.Boards)
	}
	if h.Pos.Line != 1 || h.End != 32 || h.Index != 0 {
		t.Errorf("pos %+v end %d index %d", h.Pos, h.End, h.Index)
	}
}

func equalCards(a, b []cards.Card) bool { return string(cardString(a)) == string(cardString(b)) }

func cardString(c []cards.Card) []byte {
	var b []byte
	for _, x := range c {
		b = append(b, byte(x))
	}
	return b
}

// TestHeaderVariants reads the kinds of header and table line.
func TestHeaderVariants(t *testing.T) {
	body := "Seat 1: A (1500)\nSeat 2: B (1500)\n*** ANTE/BLINDS ***\nA posts small blind 10\nB posts big blind 20\n*** PRE-FLOP ***\nA folds\nB collected 30 from pot\n*** SUMMARY ***\nTotal pot 30 | No rake\nSeat 2: B (big blind) won 30\n"
	cases := []struct {
		name, header, table string
		check               func(t *testing.T, h *hand.Hand)
	}{
		{"tournament", `Winamax Poker - Tournament "Quitte ou Double" buyIn: 0.93-0.07 level: 10 - HandId: #118267374808858625-31-1343075816 - Holdem no limit (10/20) - 2012/07/23 20:36:56 UTC`,
			"Table: 'Quitte ou Double(27536269)#0' 10-max (real money) Seat #2 is the button",
			func(t *testing.T, h *hand.Hand) {
				if h.Tournament != "27536269" || h.Currency != "" || h.Scale != 1 || h.MaxSeats != 10 || h.Table != "Quitte ou Double(27536269)#0" {
					t.Errorf("tournament %q currency %q scale %d max %d table %q", h.Tournament, h.Currency, h.Scale, h.MaxSeats, h.Table)
				}
			}},
		{"expresso, named only in the header", `Winamax Poker - Tournament "Expresso" buyIn: 0.46€ + 0.04€ level: 1 - HandId: #1-2-3 - Holdem no limit (10/20) - 2020/01/01 10:00:00 UTC`,
			"Table: 'Expresso' 3-max (real money) Seat #1 is the button",
			func(t *testing.T, h *hand.Hand) {
				if h.Tournament != "Expresso" || h.Currency != "" {
					t.Errorf("tournament %q currency %q", h.Tournament, h.Currency)
				}
			}},
		{"ante in the stakes", `Winamax Poker - Tournament "BOOSTER" buyIn: €4.50 + €4.50 + €1 level: 4 - HandId: #6-1-1 - Holdem no limit (5/10/20) - 2016/04/03 20:21:55 UTC`,
			"Table: 'BOOSTER(153100000)#052' 8-max (real money) Seat #8 is the button",
			func(t *testing.T, h *hand.Hand) {
				if st := h.Stakes; st.Ante != 5 || st.SmallBlind != 10 || st.BigBlind != 20 {
					t.Errorf("stakes %+v", st)
				}
			}},
		{"go fast, CET, no colon, padded button", `Winamax Poker - Go Fast "Buzau" - HandId: #9-2-1 - Omaha5 pot limit (10/20) - 2017/03/28 16:50:52 CET`,
			"Table 'Buzau' 2-max (play money) Seat 0000001 is the button",
			func(t *testing.T, h *hand.Hand) {
				if want := time.Date(2017, 3, 28, 15, 50, 52, 0, time.UTC); !h.Start.Equal(want) {
					t.Errorf("start %v, want %v", h.Start, want)
				}
				if h.Button != 1 || h.Game.Variant != hand.Omaha || h.Game.HoleCards != 5 || h.Game.Structure != hand.PotLimit || h.Currency != "" {
					t.Errorf("button %d game %+v currency %q", h.Button, h.Game, h.Currency)
				}
			}},
		{"hi/lo and an unknown zone kept as wall time", `Winamax Poker - CashGame - HandId: #9-2-1 - 5 Card Omaha Hi/Lo pot limit (10/20) - 2017/03/28 16:50:52 XYZ`,
			"Table: 'Marbella' 6-max (play money) Seat #1 is the button",
			func(t *testing.T, h *hand.Hand) {
				if want := time.Date(2017, 3, 28, 16, 50, 52, 0, time.UTC); !h.Start.Equal(want) {
					t.Errorf("start %v, want %v", h.Start, want)
				}
				if h.Game.Variant != hand.OmahaHiLo || h.Game.HoleCards != 5 {
					t.Errorf("game %+v", h.Game)
				}
			}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			c.check(t, readOne(t, c.header+"\n"+c.table+"\n"+body))
		})
	}
}

// TestLineKinds reads the lines the base hand does not have.
func TestLineKinds(t *testing.T) {
	const head = "Winamax Poker - CashGame - HandId: #1-1-1 - Holdem no limit (0.25€/0.50€) - 2013/11/07 03:53:58 UTC\n" +
		"Table: 'Milwaukee 02' 5-max (real money) Seat #5 is the button\n"
	t.Run("dead blinds and a denied big blind", func(t *testing.T) {
		h := readOne(t, head+"Seat 1: A (99.36€)\nSeat 2: B (64.76€)\nSeat 3: C (13.23€)\nSeat 4: D (20€)\nSeat 5: E ()\n*** ANTE/BLINDS ***\n"+
			"D denies big blind\nA posts small blind 0.25€\nB posts big blind 0.50€\nC posts small blind 0.25€ out of position\nC posts big blind 0.50€ out of position\n"+
			"*** PRE-FLOP ***\nC checks\nA folds\nB checks\n*** FLOP *** [4d Kc 9c]\nB checks\nC checks\n*** TURN *** [4d Kc 9c][2h]\nB checks\nC checks\n*** RIVER *** [4d Kc 9c 2h][3s]\nB checks\nC checks\n"+
			"*** SHOW DOWN ***\nB shows [Ah Ad] (One pair : Aces)\nC shows [Kh Kd] (Three of a kind : Kings)\nC collected 1.50€ from pot\n*** SUMMARY ***\nTotal pot 1.50€ | No rake\nBoard: [4d Kc 9c 2h 3s]\nSeat 3: C won 1.50€\n")
		if !h.Seats[3].SittingOut || !h.Seats[4].SittingOut || h.Seats[4].Stack != 0 || h.Seats[2].SittingOut {
			t.Errorf("seats %+v", h.Seats)
		}
		if a := h.Actions[2]; a.PostKind != hand.PostDead || a.Amount != 25 {
			t.Errorf("dead small blind: %+v", a)
		}
		if a := h.Actions[3]; a.PostKind != hand.PostBigBlind || a.Amount != 50 {
			t.Errorf("big blind out of position: %+v", a)
		}
		if h.Outcome.TotalPot != 150 {
			t.Errorf("total pot %d", h.Outcome.TotalPot)
		}
	})
	t.Run("side pots and hi/lo", func(t *testing.T) {
		h := readOne(t, strings.Replace(head, "Holdem no limit", "Omaha8 pot limit", 1)+
			"Seat 1: A (1€)\nSeat 2: B (5€)\nSeat 3: C (5€)\n*** ANTE/BLINDS ***\nA posts small blind 0.25€\nB posts big blind 0.50€\n*** PRE-FLOP ***\n"+
			"C raises 1€ to 1.50€\nA calls 0.75€ and is all-in\nB calls 1€\n*** FLOP *** [3h 4s 5h]\nB bets 2€\nC calls 2€\n*** TURN *** [3h 4s 5h][7c]\n*** RIVER *** [3h 4s 5h 7c][4c]\n"+
			"B checks\nC checks\n*** SHOW DOWN ***\nA shows [As 2s Kd Kc] (HI : One pair : Kings)\nA shows [As 2s Kd Kc] (LO : 5-4-3-2-A)\nB shows [Jd 7s Js 8c] (HI : Two pairs)\nC shows [Qd Qs Qh Qc] (HI : Trips)\n"+
			"C collected 1.50€ from main pot (HI)\nA collected 1.50€ from main pot (LO)\nC collected 4€ from side pot 1 (HI)\n*** SUMMARY ***\nTotal pot 7€ | No rake\nBoard: [3h 4s 5h 7c 4c]\n"+
			"Seat 1: A (small blind) showed [As 2s Kd Kc] and lost with HI : One pair : Kings\nSeat 1: A (small blind) showed [As 2s Kd Kc] and won 1.50€ with LO : 5-4-3-2-A\n"+
			"Seat 3: C showed [Qd Qs Qh Qc] and won 5.50€ with HI : Trips\n")
		shows, pots := 0, []int{}
		for _, a := range h.Actions {
			switch a.Kind {
			case hand.Show:
				shows++
			case hand.Collect:
				pots = append(pots, a.Pot)
			case hand.UncalledReturn:
				t.Errorf("no bet was uncalled: %+v", a)
			}
		}
		if shows != 3 || len(pots) != 3 || pots[0] != 0 || pots[1] != 0 || pots[2] != 1 {
			t.Errorf("%d shows (the same twice is one), pots %v", shows, pots)
		}
		if h.Game.Variant != hand.OmahaHiLo || h.Outcome.Winnings[0] != 150 || h.Outcome.Winnings[2] != 550 {
			t.Errorf("game %+v winnings %v", h.Game, h.Outcome.Winnings)
		}
	})
	t.Run("fixed limit blinds from the posts", func(t *testing.T) {
		h := readOne(t, strings.Replace(head, "Holdem no limit (0.25€/0.50€)", "Holdem fixed limit (0.05€/0.10€)", 1)+
			"Seat 1: A (10€)\nSeat 2: B (1€)\n*** ANTE/BLINDS ***\nB posts small blind 0.02€\nA posts big blind 0.05€\n*** PRE-FLOP ***\nB calls 0.03€\nA checks\n"+
			"*** FLOP *** [Qc 4d 4s]\nA bets 0.05€\nB folds\nA collected 0.14€ from pot\n*** SUMMARY ***\nTotal pot 0.14€ | Rake 0.01€\nBoard: [Qc 4d 4s]\nSeat 1: A (big blind) won 0.14€\n")
		if st := h.Stakes; st.SmallBet != 5 || st.BigBet != 10 || st.SmallBlind != 2 || st.BigBlind != 5 || st.MinBet != 0 {
			t.Errorf("stakes %+v", st)
		}
		// Collected 0.14 = the pot 0.10 less 0.01 rake, plus the uncalled 0.05.
		if h.Outcome.TotalPot != 10 || h.Outcome.Rake != 1 {
			t.Errorf("outcome %+v", h.Outcome)
		}
	})
	t.Run("bounties", func(t *testing.T) {
		h := readOne(t, `Winamax Poker - Tournament "TEA TIME" buyIn: 18€ + 2€ level: 11 - HandId: #2357799155578961958-128-1653325811 - Holdem no limit (140/600/1200) - 2022/05/23 17:10:11 UTC`+"\n"+
			"Table: 'TEA TIME(548967895)#0037' 6-max (real money) Seat #1 is the button\nSeat 1: A (18694, 9€ bounty)\nSeat 2: B (31472, 17.43€ bounty)\n"+
			"*** ANTE/BLINDS ***\nA posts ante 140\nB posts ante 140\nA posts small blind 600\nB posts big blind 1200\n*** PRE-FLOP ***\nA folds\nB collected 2080 from pot\n*** SUMMARY ***\nTotal pot 2080 | No rake\nSeat 2: B (big blind) won 2080\n")
		if h.Seats[0].Stack != 18694 || h.Seats[1].Stack != 31472 || h.Tournament != "548967895" || h.Stakes.Ante != 140 {
			t.Errorf("seats %+v tournament %q stakes %+v", h.Seats, h.Tournament, h.Stakes)
		}
		// B's big blind was uncalled beyond A's small blind: 600 back.
		if h.Outcome.TotalPot != 1480 {
			t.Errorf("total pot %d", h.Outcome.TotalPot)
		}
	})
}

// TestErrors checks each kind of bad hand: its line, its message, and that
// reading goes on with the next hand.
func TestErrors(t *testing.T) {
	lines := strings.SplitAfter(base, "\n")
	with := func(i int, repl string) string {
		l := append([]string(nil), lines...)
		l[i] = repl
		return strings.Join(l, "")
	}
	cases := []struct {
		name, input string
		line        int
		msg         string
	}{
		{"unknown line", with(12, "Barthez91 dances\n"), 13, "unknown action"},
		{"unseated player", with(12, "nobody folds\n"), 13, "unknown line: it names no seated player"},
		{"bad amount", with(12, "Hero calls x€\n"), 13, "cannot read the amount"},
		{"wrong currency", with(12, "Hero calls $2\n"), 13, "amount in USD in a hand in EUR"},
		{"raise without total", with(11, "titi 63000 raises 1.50€\n"), 12, "raise without a total"},
		{"board does not follow", with(19, "*** TURN *** [3c 7d 2h][3h]\n"), 20, "TURN does not follow the board dealt so far"},
		{"bad card", with(16, "*** FLOP *** [3c 7x 2s]\n"), 17, "cannot read the cards"},
		{"cut short", strings.Join(lines[:20], ""), 20, "hand ends without a *** SUMMARY ***"},
		{"no total pot", strings.Join(lines[:27], ""), 27, "hand ends without its \"Total pot\" line"},
		{"glued header", strings.Join(lines[:19], "") + "*** TURN *** [3c 7d 2s][3h]" + base, 20, "hand cut off: the next hand's header starts in the middle of this line"},
		{"seat out of the table", with(2, "Seat 7: Barthez91 (138.61€)\n"), 3, "seat number \"7\" is not a seat of this 6-max table"},
		{"summary board", with(28, "Board: [3c 7d 2s 3h 5c]\n"), 29, "the summary's board is not the board dealt"},
		{"summary seat", with(29, "Seat 1: Hero folded on the flop\n"), 30, "summary's seat 1 is not \"Barthez91\"'s"},
		{"bet before the deal", with(8, "Barthez91 bets 1€\n"), 9, "betting action before *** PRE-FLOP ***"},
		{"unknown game", strings.Replace(base, "Holdem no limit", "Courchevel no limit", 1), 1, "game \"Courchevel\" is not read by this reader"},
		{"text before", "hello\n", 1, "text outside a hand"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			hs, errs := readAll(t, c.input+"\n"+base)
			if len(errs) != 1 {
				t.Fatalf("errors %v", errs)
			}
			e := errs[0]
			if e.Line != c.line || !strings.Contains(e.Msg, c.msg) || e.File != "t.txt" {
				t.Errorf("error %v, want line %d %q", e, c.line, c.msg)
			}
			if len(hs) == 0 || hs[len(hs)-1].ID != "5281577-471-1382586707" {
				t.Errorf("reading did not go on with the next hand: %d hands", len(hs))
			}
		})
	}
}

// TestLimits checks the limits on a hand's bytes, a line's bytes and the
// actions.
func TestLimits(t *testing.T) {
	cases := []struct {
		lim  parser.Limits
		line int
		msg  string
	}{
		{parser.Limits{MaxHandBytes: 500}, 1, "hand is too large (over 500 bytes)"},
		{parser.Limits{MaxLineBytes: 100}, 1, ""}, // the header itself is too long: not a header
		{parser.Limits{MaxActions: 5}, 10, "hand has more than 5 actions"},
	}
	for _, c := range cases {
		r, err := parser.OpenLimited(Format, strings.NewReader(base+"\n"+base), "t.txt", c.lim)
		if err != nil {
			t.Fatal(err)
		}
		var errs []*parser.Error
		n := 0
		for {
			h, err := r.Next()
			if err == io.EOF {
				break
			}
			var pe *parser.Error
			if errors.As(err, &pe) {
				errs = append(errs, pe)
				continue
			}
			if err != nil {
				t.Fatal(err)
			}
			_ = h
			n++
		}
		if c.msg == "" {
			if n != 0 || len(errs) == 0 {
				t.Errorf("%+v: %d hands, errors %v", c.lim, n, errs)
			}
			continue
		}
		if n != 0 || len(errs) != 2 || errs[0].Line != c.line || !strings.Contains(errs[0].Msg, c.msg) {
			t.Errorf("%+v: %d hands, errors %v", c.lim, n, errs)
		}
	}
	// A long line in a hand fails that hand only.
	long := strings.Replace(base, "Hero folds\n", "Hero folds"+strings.Repeat(" x", 100)+"\n", 1)
	r, _ := parser.OpenLimited(Format, strings.NewReader(long+"\n"+base), "t.txt", parser.Limits{MaxLineBytes: 150})
	_, err := r.Next()
	var pe *parser.Error
	if !errors.As(err, &pe) || pe.Line != 16 || !strings.Contains(pe.Msg, "line is longer than 150 bytes") {
		t.Errorf("long line: %v", err)
	}
	if h, err := r.Next(); err != nil || h.ID != "5281577-471-1382586707" {
		t.Errorf("after the long line: %v", err)
	}
}

// TestEncodings reads the base hand in UTF-16 and Windows-1252, with CRLF
// line ends and a byte-order mark.
func TestEncodings(t *testing.T) {
	want := readOne(t, base)
	crlf := "\ufeff" + strings.ReplaceAll(base, "\n", "\r\n")
	cp1252 := bytes.ReplaceAll([]byte(base), []byte("€"), []byte{0x80})
	for name, in := range map[string][]byte{"crlf+bom": []byte(crlf), "cp1252": cp1252, "utf16le": readertest.UTF16(base, false), "utf16be": readertest.UTF16(base, true)} {
		hs, errs := readAll(t, string(in))
		if len(errs) > 0 || len(hs) != 1 {
			t.Errorf("%s: %d hands, errors %v", name, len(hs), errs)
			continue
		}
		if d := readertest.HandDiff(hs[0], want); d != nil {
			t.Errorf("%s: %v", name, d)
		}
	}
}

// TestDetect checks detection: Winamax text is detected as Winamax, at
// signature confidence; other text is not.
func TestDetect(t *testing.T) {
	if got := detect([]byte("\ufeff" + base)); got != parser.SignatureMatch {
		t.Errorf("detect(base) = %d", got)
	}
	for _, s := range []string{"PokerStars Hand #1: Hold'em No Limit ($0.01/$0.02)", "Winamax", "[1]\nvariant = \"NT\"\n", "Winaax Poker - CashGame"} {
		if got := detect([]byte(s)); got != parser.NotThisFormat {
			t.Errorf("detect(%q) = %d", s, got)
		}
	}
}

// TestStudAndDraw reads the mixed games' streets: stud's per-street deals
// with face-down cards, the bring-in and the completion, and 2-7 triple
// draw's bet and draw sections.
func TestStudAndDraw(t *testing.T) {
	stud := readOne(t, "Winamax Poker - CashGame - HandId: #9250793-470-1478990787 - 7-Card Stud fixed limit (5€/25€/50€) - 2016/11/12 22:46:27 UTC\n"+
		"Table: 'Pampelune' 6-max (real money)\nSeat 1: Hero (1749.22€)\nSeat 4: P0 (426.06€)\n*** ANTE/BLINDS ***\nHero posts ante 5€\nP0 posts ante 5€\n"+
		"*** 3rd STREET ***\nDealt to Hero [4h Ac Qd]\nDealt to P0 [X X 9h]\nP0 brings in 10€\nHero raises 25€ to 25€\nP0 calls 15€\n"+
		"*** 4th STREET ***\nDealt to Hero [4h Ac Qd] [3h]\nDealt to P0 [X X 9h] [Kh]\nP0 checks\nHero bets 25€\nP0 folds\n"+
		"Hero collected 85€ from pot\n*** SUMMARY ***\nTotal pot 85€ | No rake\nSeat 1: Hero won 85€\n")
	if g, st := stud.Game, stud.Stakes; g.Variant != hand.Stud || g.HoleCards != 7 || st.Ante != 500 || st.SmallBet != 2500 || st.BigBet != 5000 ||
		st.BringIn != 1000 || st.SmallBlind != 0 || st.BigBlind != 0 || stud.Button != 0 {
		t.Errorf("game %+v stakes %+v button %d", g, st, stud.Button)
	}
	var deals []string
	for _, a := range stud.Actions {
		if a.Kind == hand.DealHole {
			var s []string
			for _, c := range a.Cards {
				s = append(s, c.String())
			}
			deals = append(deals, stud.Seats[a.Player].Player+":"+strings.Join(s, " "))
		}
	}
	if got := strings.Join(deals, ","); got != "Hero:4h Ac Qd,P0:?? ?? 9h,Hero:3h,P0:Kh" {
		t.Errorf("deals %s", got)
	}
	if a := stud.Actions[4]; a.Kind != hand.BringIn || a.Amount != 1000 {
		t.Errorf("bring-in %+v", a)
	}
	// Hero's 25 on fourth street is returned from his collect.
	if stud.Outcome.TotalPot != 6000 {
		t.Errorf("total pot %d", stud.Outcome.TotalPot)
	}
	draw := readOne(t, "Winamax Poker - CashGame - HandId: #9250793-388-1478989461 - 2-7 Triple Draw fixed limit (25€/50€) - 2016/11/12 22:24:21 UTC\n"+
		"Table: 'Pampelune' 6-max (real money) Seat #4 is the button\nSeat 1: Hero (2047.50€)\nSeat 4: P0 (217.78€)\n*** ANTE/BLINDS ***\n"+
		"P0 posts small blind 12.50€\nHero posts big blind 25€\n*** FIRST-BET ***\nDealt to P0 [X X X X X]\nDealt to Hero [2h Td 8c 7c 8s]\n"+
		"P0 raises 25€ to 50€\nHero calls 25€\n*** FIRST-DRAW ***\nHero stands pat [2h Td 8c 7c 8s]\nP0 stands pat [X X X X X]\n"+
		"*** SECOND-BET ***\nHero checks\nP0 bets 25€\nHero folds\nP0 collected 123€ from pot\n*** SUMMARY ***\nTotal pot 123€ | Rake 2€\nSeat 4: P0 (small blind) (button) won 123€\n")
	if g, st := draw.Game, draw.Stakes; g.Variant != hand.Deuce7Triple || g.HoleCards != 5 || st.SmallBlind != 1250 || st.BigBlind != 2500 || st.SmallBet != 2500 {
		t.Errorf("game %+v stakes %+v", g, st)
	}
	discards := 0
	for _, a := range draw.Actions {
		if a.Kind == hand.Discard && len(a.Cards) == 0 {
			discards++
		}
	}
	if discards != 2 || draw.Outcome.TotalPot != 10000 {
		t.Errorf("%d stand-pats, total pot %d", discards, draw.Outcome.TotalPot)
	}
	// Sections of another game are errors.
	_, errs := readAll(t, strings.Replace(base, "*** PRE-FLOP ***", "*** 3rd STREET ***", 1))
	if len(errs) != 1 || !strings.Contains(errs[0].Msg, "*** 3rd STREET *** in a game of holdem") {
		t.Errorf("errors %v", errs)
	}
}

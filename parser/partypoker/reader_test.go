package partypoker

import (
	"bytes"
	"fmt"
	"io"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/handaudit/handaudit/cards"
	"github.com/handaudit/handaudit/hand"
	"github.com/handaudit/handaudit/internal/readertest"
	"github.com/handaudit/handaudit/parser"
)

// cashHand is a whole cash hand, as PartyPoker writes it.
const cashHand = `***** Hand History for Game 13550642683 *****
$0.05/$0.10 USD NL Texas Hold'em - Monday, January 06, 08:24:17 EST 2014
Table Karlsruhe (Real Money)
Seat 2 is the button
Total number of players : 4/6
Seat 5: BEZUMNI MAKS ( $3 USD )
Seat 4: Dr_ZeR0 ( $9.80 USD )
Seat 2: fabiank77 ( $9.90 USD )
Seat 1: hotchoc5 ( $10.28 USD )
Dr_ZeR0 posts small blind [$0.05 USD].
BEZUMNI MAKS posts big blind [$0.10 USD].
** Dealing down cards **
Dealt to hotchoc5 [  Kh 4c ]
hotchoc5 folds
fabiank77 calls [$0.10 USD]
Dr_ZeR0 calls [$0.05 USD]
BEZUMNI MAKS checks
** Dealing Flop ** [ Ah, 6h, 3s ]
Dr_ZeR0 checks
BEZUMNI MAKS checks
fabiank77 bets [$0.29 USD]
Dr_ZeR0 calls [$0.29 USD]
BEZUMNI MAKS folds
** Dealing Turn ** [ Qs ]
Dr_ZeR0 bets [$0.50 USD]
fabiank77 calls [$0.50 USD]
** Dealing River ** [ Jh ]
Dr_ZeR0 bets [$0.50 USD]
fabiank77 calls [$0.50 USD]
Dr_ZeR0 shows [ As, Kc ]a pair of Aces with King kicker.
fabiank77 doesn't show [ Ac, 8c ]a pair of Aces.
Dr_ZeR0 wins $2.74 USD from the main pot with a pair of Aces with King kicker.
`

// read reads text, failing on an I/O error.
func read(t *testing.T, text string) ([]*hand.Hand, []*parser.Error) {
	t.Helper()
	return readAll(t, []byte(text), "test.txt")
}

// one reads text that must be one hand.
func one(t *testing.T, text string) *hand.Hand {
	t.Helper()
	hs, errs := read(t, text)
	if len(errs) > 0 || len(hs) != 1 {
		t.Fatalf("read %d hands, errors %v; want one hand", len(hs), errs)
	}
	return hs[0]
}

// actionsOf lists a hand's actions in short: "kind player amount/to".
func actionsOf(h *hand.Hand) []string {
	var out []string
	for _, a := range h.Actions {
		s := fmt.Sprintf("%s %s", a.Kind, h.PlayerName(a.Player))
		switch a.Kind {
		case hand.Post:
			s += fmt.Sprintf(" %s %d", a.PostKind, a.Amount)
		case hand.Call, hand.UncalledReturn:
			s += fmt.Sprintf(" %d", a.Amount)
		case hand.Bet, hand.Raise:
			s += fmt.Sprintf(" to %d", a.To)
		case hand.Collect:
			s += fmt.Sprintf(" %d pot %d", a.Amount, a.Pot)
		case hand.DealBoard, hand.Show, hand.Muck:
			s += " " + cardList(a.Cards)
		case hand.DealHole:
			if len(a.Cards) > 0 && a.Cards[0].Known() {
				s += " " + cardList(a.Cards)
			}
		}
		if a.AllIn {
			s += " all-in"
		}
		out = append(out, strings.Join(strings.Fields(s), " "))
	}
	return out
}

// cardList writes cards apart: "Ah 6h 3s".
func cardList(cs []cards.Card) string {
	var parts []string
	for _, c := range cs {
		parts = append(parts, c.String())
	}
	return strings.Join(parts, " ")
}

func TestCashHand(t *testing.T) {
	h := one(t, cashHand)
	if h.Format != "partypoker" || h.Site != "PartyPoker" || h.ID != "13550642683" || h.Table != "Karlsruhe" ||
		h.Currency != "USD" || h.Scale != 100 || h.MaxSeats != 6 || h.Button != 2 || h.Tournament != "" {
		t.Errorf("header read as %+v", h)
	}
	if want := time.Date(2014, 1, 6, 13, 24, 17, 0, time.UTC); !h.Start.Equal(want) || h.Start.Location() != time.UTC {
		t.Errorf("start %v, want %v", h.Start, want)
	}
	if g := h.Game; g.Variant != hand.Holdem || g.Structure != hand.NoLimit || g.HoleCards != 2 || g.Code != "NL Texas Hold'em" {
		t.Errorf("game %+v", g)
	}
	if st := h.Stakes; st.SmallBlind != 5 || st.BigBlind != 10 || st.MinBet != 10 || st.Ante != 0 {
		t.Errorf("stakes %+v", st)
	}
	var seats []string
	for _, s := range h.Seats {
		seats = append(seats, fmt.Sprintf("%d %s %d %v", s.Number, s.Player, s.Stack, s.SittingOut))
	}
	if got, want := strings.Join(seats, "; "), "1 hotchoc5 1028 false; 2 fabiank77 990 false; 4 Dr_ZeR0 980 false; 5 BEZUMNI MAKS 300 false"; got != want {
		t.Errorf("seats %s, want %s", got, want)
	}
	want := []string{
		"post Dr_ZeR0 small-blind 5", "post BEZUMNI MAKS big-blind 10",
		"deal-hole Dr_ZeR0", "deal-hole BEZUMNI MAKS", "deal-hole hotchoc5 Kh 4c", "deal-hole fabiank77",
		"fold hotchoc5", "call fabiank77 10", "call Dr_ZeR0 5", "check BEZUMNI MAKS",
		"deal-board Ah 6h 3s", "check Dr_ZeR0", "check BEZUMNI MAKS", "bet fabiank77 to 29", "call Dr_ZeR0 29", "fold BEZUMNI MAKS",
		"deal-board Qs", "bet Dr_ZeR0 to 50", "call fabiank77 50",
		"deal-board Jh", "bet Dr_ZeR0 to 50", "call fabiank77 50",
		"show Dr_ZeR0 As Kc", "muck fabiank77 Ac 8c", "collect Dr_ZeR0 274 pot 0",
	}
	if got := actionsOf(h); strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("actions:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	// The pot is 288; 274 collected: no rake stated, the winnings (after
	// rake) from which the replay infers 14.
	if o := h.Outcome; o.HasRake || !o.HasWinnings || fmt.Sprint(o.Winnings) != "[0 0 274 0]" || o.HasTotalPot {
		t.Errorf("outcome %+v, want no rake stated and winnings of 274", o)
	}
	if len(h.Boards) != 1 || cardList(h.Boards[0]) != "Ah 6h 3s Qs Jh" {
		t.Errorf("boards %v", h.Boards)
	}
	if h.Pos.Line != 1 || h.End != 32 || h.Actions[len(h.Actions)-1].Pos.Line != 32 || h.Actions[2].Pos.Line != 12 {
		t.Errorf("positions: hand %v-%d, deal at %v", h.Pos, h.End, h.Actions[2].Pos)
	}
}

// withGame is cashHand with another game line, seats and actions.
func handText(game, seats, actions string) string {
	return "***** Hand History for Game 42 *****\n" + game + "\nTable Bern (Real Money)\nSeat 1 is the button\n" +
		"Total number of players : 2/6\n" + seats + actions
}

const twoSeats = "Seat 1: alice ( $10 USD )\nSeat 2: bob ( $10 USD )\n"

func TestGameLines(t *testing.T) {
	const blinds = "alice posts small blind [$0.02 USD].\nbob posts big blind [$0.05 USD].\n** Dealing down cards **\nalice folds\nbob wins $0.07 USD\n"
	const chipSeats = "Seat 1: alice ( 1,500 )\nSeat 2: bob ( 2,500 )\n"
	const chipBlinds = "alice posts small blind [10].\nbob posts big blind [20].\n** Dealing down cards **\nalice folds\nbob wins 30 chips\n"
	tests := []struct {
		game, seats, actions string
		want                 string // variant structure code currency scale trny sb bb smallbet bigbet ante start
	}{
		{"$0.05/$0.10 USD NL Texas Hold'em - Monday, January 06, 08:24:17 EST 2014", twoSeats, blinds,
			"holdem no-limit NL Texas Hold'em USD 100  5 10 0 0 0 2014-01-06T13:24:17Z"},
		{"$5 USD PL Omaha - Tuesday, April 03, 03:24:32 EDT 2012", twoSeats, blinds,
			"omaha pot-limit PL Omaha USD 100  2 5 0 0 0 2012-04-03T07:24:32Z"},
		{"$0.05/$0.10 USD FL Omaha Hi-Lo - Thursday, November 13, 11:24:19 CET 2013", twoSeats, blinds,
			"omaha-hi-lo fixed-limit FL Omaha Hi-Lo USD 100  2 5 5 10 0 2013-11-13T10:24:19Z"},
		{"$10 USD fastforward NL Texas Hold'em - Wednesday,August 31, 01:41:34 MESZ 2016", twoSeats, blinds,
			"holdem no-limit NL Texas Hold'em USD 100  2 10 0 0 0 2016-08-30T23:41:34Z"},
		{"$2.00 USD NL Holdem - Monday, January 07, 07:36:51 ET 2019", twoSeats, blinds,
			"holdem no-limit NL Holdem USD 100  2 2 0 0 0 2019-01-07T12:36:51Z"},
		{"$2.00 USD NL Holdem - Monday, July 07, 07:36:51 ET 2019", twoSeats, blinds,
			"holdem no-limit NL Holdem USD 100  2 2 0 0 0 2019-07-07T11:36:51Z"},
		// A zone not known: the record's wall time, unconverted.
		{"€0.05/€0.10 EUR NL Texas Hold'em - Monday, January 06, 08:24:17 XYZ 2014", twoSeats, blinds,
			"holdem no-limit NL Texas Hold'em EUR 100  5 10 0 0 0 2014-01-06T08:24:17Z"},
		{"NL Texas Hold'em $22 USD Buy-in Trny:125049467 Level:12  Blinds-Antes(1.200/2.400 -400) - Thursday, May 12, 17:41:57 EDT 2016",
			chipSeats, chipBlinds, "holdem no-limit NL Texas Hold'em  1 125049467 1200 2400 0 0 400 2016-05-12T21:41:57Z"},
		{"NL Texas Hold'em $30 Buy-in  + $3 Entry Fee  Trny:15286975 Level:4 Blinds(10/20) - Tuesday, August 30, 00:26:01 EDT 2005",
			chipSeats, chipBlinds, "holdem no-limit NL Texas Hold'em  1 15286975 10 20 0 0 0 2005-08-30T04:26:01Z"},
		{"PL Omaha Hi-Lo $22 USD Buy-in Trny: 105411156 Level: 2  Blinds(10/20) - Thursday, October 31, 16:04:15 EDT 2013",
			chipSeats, chipBlinds, "omaha-hi-lo pot-limit PL Omaha Hi-Lo  1 105411156 10 20 0 0 0 2013-10-31T20:04:15Z"},
	}
	for _, tt := range tests {
		h := one(t, handText(tt.game, tt.seats, tt.actions))
		st := h.Stakes
		got := fmt.Sprintf("%s %s %s %s %d %s %d %d %d %d %d %s", h.Game.Variant, h.Game.Structure, h.Game.Code, h.Currency,
			h.Scale, h.Tournament, st.SmallBlind, st.BigBlind, st.SmallBet, st.BigBet, st.Ante, h.Start.Format(time.RFC3339))
		if got != tt.want {
			t.Errorf("%s:\n got %s\nwant %s", tt.game, got, tt.want)
		}
	}
}

// TestLineKinds reads the lines of the rarer kinds: a second small
// blind, a dead blind, all-ins as call, bet and raise, a side pot of the
// uncalled bet, the low half, the table's events, chat and decimal commas.
func TestLineKinds(t *testing.T) {
	h := one(t, `#Game No : 13550918572
***** Hand History for Game 13550918572 *****
$100 USD PL Omaha Hi-Lo - Monday, January 06, 10:49:40 EST 2014
Table Paris ( Real Money )
Seat 6 is the button
Total number of players : 6/6
seat 3: MrGoldenCox ( $100 USD )
seat 1: anna ( $68 USD )
Seat 5: berndi ( $26 USD )
Seat 2: fist ( $30 USD )
Seat 4: prinz ( $84,98 USD )
Seat 6: robert ( $103.65 USD )
Seat 7: gone ( $0 USD )
anna posts small blind [$0.50 USD].
MrGoldenCox is sitting outfist posts big blind [$1 USD].
prinz posts big blind + dead [$1.50 USD].
** Dealing down cards **
gone has left the table.
newcomer has joined the table.
berndi will be using his time bank for this hand.
berndi folds
robert raises [$3.50 USD]
anna folds
fist raises [$10 USD]
prinz folds.
robert raises [$27.50 USD]
Your time bank will be activated in 6 secs. If you do not want it to be used, please act now.
fist is all-In  [$19 USD]
robert: nice hand
** Dealing Flop ** [ 5c, 2d, Jh ]
** Dealing Turn ** [ 4d ]
** Dealing River ** [ 9d ]
robert shows [ Kh, Kd, 4c, Ac ]a pair of Kings.
fist shows [ 8s, Qh, Ad, 7h ]high card Ace.
fist shows7,5,4,2,A  for low.
robert wins $1 USD from the side pot 1 with a pair of Kings.
robert wins $29.50 USD from the main pot with a pair of Kings.
fist wins Lo ($29.50 USD) from the main pot with 7,5,4,2,A.
Game #13550918573 starts.
`)
	want := []string{
		"post anna small-blind 50", "post fist big-blind 100", "post prinz small-and-big-blind 150",
		"deal-hole anna", "deal-hole fist", "deal-hole prinz", "deal-hole berndi", "deal-hole robert",
		"fold berndi", "raise robert to 350", "fold anna", "raise fist to 1100", "fold prinz", "raise robert to 3100",
		"call fist 1900 all-in",
		"deal-board 5c 2d Jh", "deal-board 4d", "deal-board 9d",
		"uncalled-return robert 100",
		"show robert Kh Kd 4c Ac", "show fist 8s Qh Ad 7h",
		"collect robert 2950 pot 0", "collect fist 2950 pot 0",
	}
	if got := actionsOf(h); strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("actions:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	// Not dealt in: sitting out, and no chips.
	for _, s := range h.Seats {
		if out := s.Player == "MrGoldenCox" || s.Player == "gone"; s.SittingOut != out {
			t.Errorf("%s sitting out %v", s.Player, s.SittingOut)
		}
	}
	if h.Seats[3].Stack != 8498 || h.Table != "Paris" {
		t.Errorf("decimal comma: %d; table %q", h.Seats[3].Stack, h.Table)
	}
	// 50 + 3100 + 3000 + 150 = 6300 put in; 100 returned, 5900 collected.
	// The uncalled "side pot 1" went back to robert: the main pot alone
	// is not listed.
	// No rake stated: the winnings imply 300.
	if o := h.Outcome; o.HasRake || !o.HasWinnings || fmt.Sprint(o.Winnings) != "[0 2950 0 0 0 2950 0]" || len(o.Pots) != 0 {
		t.Errorf("outcome %+v, want winnings that leave 300 and no pots listed", o)
	}
}

// TestUncalledInWin: the uncalled part of a raise no one called is paid
// back with the pot, in the one "wins" line; an all-in bet opens a street.
func TestUncalledInWin(t *testing.T) {
	h := one(t, handText("$0.05/$0.10 USD NL Texas Hold'em - Monday, January 06, 08:54:23 EST 2014",
		"Seat 1: Kelevra ( $22.85 USD )\nSeat 2: hulk ( $10.10 USD )\n", `Kelevra posts small blind [$0.05 USD].
hulk posts big blind [$0.10 USD].
** Dealing down cards **
Kelevra raises [$0.25 USD]
hulk raises [$0.70 USD]
Kelevra calls [$0.50 USD]
** Dealing Flop ** [ 9c, Kd, Qs ]
hulk is all-In  [$9.30 USD]
Kelevra folds
hulk does not show cards.
hulk wins $10.80 USD
`))
	want := []string{"post Kelevra small-blind 5", "post hulk big-blind 10", "deal-hole hulk", "deal-hole Kelevra",
		"raise Kelevra to 30", "raise hulk to 80", "call Kelevra 50", "deal-board 9c Kd Qs", "bet hulk to 930 all-in",
		"fold Kelevra", "uncalled-return hulk 930", "muck hulk", "collect hulk 150 pot -1"}
	if got := actionsOf(h); strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("actions:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	// 160 in the pot, 150 won: winnings that leave 10, no rake stated.
	if o := h.Outcome; o.HasRake || fmt.Sprint(o.Winnings) != "[0 150]" {
		t.Errorf("outcome %+v, want winnings of 150 and no rake stated", o)
	}
}

// TestUncalledSidePotEndsHand: a fuzzer's find. A side pot that is the
// uncalled bet and the record's last line (its showdown's first action and
// its last) becomes the return, on that line; the reader once indexed the
// showdown's start after dropping that collect, out of range.
func TestUncalledSidePotEndsHand(t *testing.T) {
	h := one(t, "***** Hand History for Game 0 *****\n0 AAA NL Texas Hold'em - ,March 1, 00:00:00 0 0\n"+
		"Table 0(Real Money)\nSeat 1:000(0)00000000000(0)\nSeat 2:Cat(2)\n** Dealing down cards **\n"+
		"Cat is all-In[2]\nCat wins 2from side pot1")
	want := []string{"deal-hole Cat", "bet Cat to 200 all-in", "uncalled-return Cat 200"}
	if got := actionsOf(h); strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("actions:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if n := len(h.Actions); n != 3 || h.Actions[2].Pos.Line != 8 {
		t.Errorf("the return is on line %d, want 8 (the side pot's)", h.Actions[n-1].Pos.Line)
	}
	if !h.Seats[0].SittingOut || h.Seats[1].SittingOut {
		t.Errorf("seats %+v: want the first sitting out (no action), Cat dealt in", h.Seats)
	}
}

// TestImpliedBlinds: an old tournament record states the blinds and
// writes no posts; the button posts the small blind heads-up.
func TestImpliedBlinds(t *testing.T) {
	h := one(t, `***** Hand History for Game 10315754293 *****
NL Texas Hold'em $11 USD Buy-in Trny: 59658935 Level: 7  Blinds(300/600) - Friday, April 01, 11:44:54 CEST 2011
Table Turbo #1646865 (Real Money)
Seat 5 is the button
Total number of players : 2/6
Seat 5: Player0 ( 4,520 )
Seat 4: Player1 ( 7,480 )
Trny: 59658935 Level: 7
Blinds(300/600)
** Dealing down cards **
Dealt to Player0 [  Jh Kh ]
Player0 is all-In  [4,220]
Player1 folds
Player0 does not show cards.
Player0 wins 5,120 chips
`)
	want := []string{"post Player0 small-blind 300", "post Player1 big-blind 600", "deal-hole Player1", "deal-hole Player0 Jh Kh",
		"raise Player0 to 4520 all-in", "fold Player1", "uncalled-return Player0 3920", "muck Player0", "collect Player0 1200 pot -1"}
	if got := actionsOf(h); strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("actions:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if o := h.Outcome; o.HasRake || fmt.Sprint(o.Winnings) != "[0 1200]" || h.Table != "Turbo #1646865" || h.Tournament != "59658935" {
		t.Errorf("outcome %+v, table %q, tournament %q", o, h.Table, h.Tournament)
	}
}

// TestErrors: each broken hand is a parse error with its line and
// reason, and reading goes on with the next hand.
func TestErrors(t *testing.T) {
	lines := strings.Split(strings.TrimSuffix(cashHand, "\n"), "\n")
	with := func(at int, repl ...string) string {
		out := append(append(append([]string(nil), lines[:at]...), repl...), lines[at+1:]...)
		return strings.Join(out, "\n") + "\n"
	}
	tests := []struct {
		text string
		line int
		msg  string
	}{
		{with(1, "$0.05/$0.10 USD NL Texas Hold'em Monday"), 2, "game line without a date"},
		{with(1, "$0.05/$0.10 USD NL Texas Hold'em - Moonday 06, 08:24:17 EST 2014"), 2, "cannot read the date"},
		{with(1, "$0.05/$0.10 USD XL Texas Hold'em - Monday, January 06, 08:24:17 EST 2014"), 2, `unknown betting structure "XL"`},
		{with(1, "$0.05/$0.10 USD NL Razz - Monday, January 06, 08:24:17 EST 2014"), 2, `game "Razz" is not read`},
		{with(1, "$0.05/$0.1x USD NL Texas Hold'em - Monday, January 06, 08:24:17 EST 2014"), 2, "cannot read the amount"},
		{with(2, "Tabel Karlsruhe"), 3, "expected the table line"},
		// A fuzzer's find: " -- Seat " and " is the button" overlapping.
		{with(2, "Table Karlsruhe -- Seat is the button"), 3, `table line without "(Real Money)"`},
		{with(2, "Table Karlsruhe (Real Money) -- Seat is the button"), 3, `table line without "(Real Money)"`},
		{with(5, "Seat 5: BEZUMNI MAKS ( $3,5,5 USD )"), 6, "cannot read the seat's stack"},
		{with(6, "Seat 5: twin ( $3 USD )"), 7, "seat listed twice"},
		{with(9, "Dr_ZeR0 posts small blind [$0.05 USD"), 10, `expected "]" after the amount`},
		{with(9, "Dr_ZeR0 posts straddle [$0.05 USD]"), 10, "unknown forced bet straddle"},
		{with(10, "BEZUMNI MAKS posts big blind [$-0.10 USD]."), 11, "amount is negative"},
		{with(10, "BEZUMNI MAKS posts big blind [$99999999999999999999 USD]."), 11, "cannot read the amount"},
		{with(13, "hotchoc5 sings"), 14, "unknown line"},
		{with(13, "stranger folds"), 14, "player stranger is not seated at the table"},
		{with(14, "fabiank77 calls [$0.10 USD] twice"), 15, "unexpected text after the amount"},
		{with(17, "** Dealing Flop ** [ Ah, 6h ]"), 18, "wrong number of cards for the Flop"},
		{with(17, "** Dealing Turn ** [ Qs ]"), 18, `"** Dealing Turn **" out of order`},
		{with(17, "** Dealing Flop ** [ Ah, 6h, 3x ]"), 18, "cannot read the cards"},
		{with(12, "Dealt to nobody [ Kh 4c ]"), 13, "cards dealt to a player not seated at the table"},
		{with(31, "Dr_ZeR0 wins $2.74 USD from the kitty"), 32, "unknown pot"},
		{with(11, "** Dealing up cards **"), 12, "unknown dealing line"},
		{with(11, "hotchoc5 folds"), 12, `betting action before "** Dealing down cards **"`},
		// Cut short: no one wins.
		{strings.Join(lines[:30], "\n") + "\n", 30, "hand cut short: it ends at its last line before anyone wins a pot"},
		{"***** Hand History for Game 1 *****\n", 1, "hand cut short: it ends at the hand's header before anyone wins a pot"},
		{"***** Hand History For Game 1770659766668ad-eb0 *****\n", 1, `game number "1770659766668ad-eb0" is not letters and digits`},
	}
	for _, tt := range tests {
		// The broken hand, then a good one: the good one is read.
		hs, errs := read(t, tt.text+"\n"+cashHand)
		if len(errs) != 1 || len(hs) != 1 {
			t.Errorf("%q: %d hands, errors %v; want 1 and 1", tt.msg, len(hs), errs)
			continue
		}
		e := errs[0]
		if e.Line != tt.line || !strings.HasPrefix(e.Msg, tt.msg) || e.File != "test.txt" || e.HandIndex != 0 {
			t.Errorf("error %v (line %d, hand %d), want line %d: %s", e, e.Line, e.HandIndex, tt.line, tt.msg)
		}
		if hs[0].Index != 1 || hs[0].ID != "13550642683" {
			t.Errorf("%q: next hand read as index %d, ID %s", tt.msg, hs[0].Index, hs[0].ID)
		}
	}
}

// TestOutsideAndGlued: text before a header is one error; a header glued
// to a hand's line cuts that hand and starts the next.
func TestOutsideAndGlued(t *testing.T) {
	got := readertest.DrainAny(t, NewReader(strings.NewReader("hello\nworld\n"+cashHand), "x"))
	if want := []string{`error 1 text outside a hand: expected "***** Hand History for Game N *****"`, "hand 13550642683"}; strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("got %q, want %q", got, want)
	}
	glued := strings.Replace(cashHand, "fabiank77 calls [$0.50 USD]\n** Dealing River", "fabiank77 calls [$0.50 USD]"+cashHand+"** Dealing River", 1)
	got = readertest.DrainAny(t, NewReader(strings.NewReader(glued), "x"))
	// The glued hand goes on with the first hand's river, after its own.
	if want := []string{"error 26 hand cut short: the next hand's header is glued to this line",
		`error 58 "** Dealing River **" out of order`}; strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("glued header: got %q, want %q", got, want)
	}
}

func TestLimits(t *testing.T) {
	text := cashHand + "\n" + cashHand
	tests := []struct {
		lim  parser.Limits
		want string
	}{
		{parser.Limits{MaxHandBytes: 600}, "hand longer than 600 bytes"},
		{parser.Limits{MaxLineBytes: 60}, "line longer than 60 bytes"},
		{parser.Limits{MaxActions: 10}, "more than 10 actions in one hand"},
	}
	for _, tt := range tests {
		got := readertest.DrainAny(t, NewReaderLimited(strings.NewReader(text), "x", tt.lim))
		if len(got) != 2 || !strings.Contains(got[0], tt.want) || !strings.Contains(got[1], tt.want) {
			t.Errorf("%+v: got %q, want two errors %q", tt.lim, got, tt.want)
		}
	}
	// A line far over the limit costs no more than the limit; it is
	// part of the hand before it, which ends at the next header.
	r := NewReaderLimited(readertest.HugeLine(cashHand+"\n", 'x', 10<<20, "\n"+cashHand), "x", parser.Limits{MaxLineBytes: 1 << 10})
	got := readertest.DrainAny(t, r)
	if len(got) != 2 || got[0] != "error 34 line longer than 1024 bytes" || got[1] != "hand 13550642683" {
		t.Errorf("huge line: got %q", got)
	}
}

// TestPooled: hands from a pool, put back after use, read the same as
// fresh ones.
func TestPooled(t *testing.T) {
	text := strings.Repeat(cashHand+"\n", 3) + handText("NL Texas Hold'em $1 Buy-in Trny:1 Level:1 Blinds(10/20) - Monday, January 06, 08:24:17 EST 2014",
		"Seat 1: a ( 100 )\nSeat 2: b ( 100 )\nSeat 3: c ( 100 )\n", "** Dealing down cards **\nb folds\nc folds\na wins 30 chips\n") + cashHand
	fresh, errs := read(t, text)
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	pool := new(hand.Pool).Local()
	r := newReader(strings.NewReader(text), "test.txt", parser.Limits{})
	r.pool = pool
	for i := 0; ; i++ {
		h, err := r.Next()
		if err == io.EOF {
			if i != len(fresh) {
				t.Errorf("%d pooled hands, want %d", i, len(fresh))
			}
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		if d := readertest.HandContentDiff(h, fresh[i]); d != nil {
			t.Errorf("hand %d: pooled differs: %v", i, d)
		}
		pool.Put(h)
	}
}

// TestEncodings: UTF-16 and Windows-1252 inputs read as UTF-8 does.
func TestEncodings(t *testing.T) {
	text := strings.Replace(cashHand, "Karlsruhe", "Almería", 1)
	want := one(t, text)
	cp1252 := bytes.ReplaceAll([]byte(text), []byte("í"), []byte{0xED})
	crlf := strings.ReplaceAll(text, "\n", "\r\n")
	cr := strings.ReplaceAll(text, "\n", "\r")
	for name, data := range map[string][]byte{"utf16le": readertest.UTF16(text, false), "utf16be": readertest.UTF16(text, true),
		"cp1252": cp1252, "bom": append([]byte("\xEF\xBB\xBF"), text...), "crlf": []byte(crlf), "cr": []byte(cr)} {
		hs, errs := readAll(t, data, "test.txt")
		if len(hs) != 1 || len(errs) > 0 {
			t.Errorf("%s: %d hands, errors %v", name, len(hs), errs)
			continue
		}
		if d := readertest.HandContentDiff(hs[0], want); d != nil {
			t.Errorf("%s: %v", name, d)
		}
	}
}

func TestDetect(t *testing.T) {
	for _, tt := range []struct {
		head string
		want int
	}{
		{cashHand, parser.SignatureMatch},
		{"\xEF\xBB\xBF#Game No : 1\n" + cashHand, parser.SignatureMatch},
		{"***** Hand History For Game 15755902748513x9bwt8w5zk *****\n20/40 Tourney", parser.SignatureMatch},
		// 888poker writes its name before "Hand History", and older 888
		// exports write its header with its own game line.
		{"***** 888poker Hand History for Game 539304607 *****\n$0.05/$0.10 Blinds No Limit Holdem - *** 06 01 2014 00:00:07\n", parser.NotThisFormat},
		{"***** Hand History for Game 539304607 *****\n$0.05/$0.10 Blinds No Limit Holdem - *** 06 01 2014 00:00:07\n", parser.NotThisFormat},
		{"PokerStars Hand #1: Hold'em No Limit ($0.01/$0.02 USD)\n", parser.NotThisFormat},
		{"text ***** Hand History for Game 1 *****\n", parser.NotThisFormat},
	} {
		if got := detect([]byte(tt.head)); got != tt.want {
			t.Errorf("detect(%.50q) = %d, want %d", tt.head, got, tt.want)
		}
	}
}

// TestWriterRefuses: what PartyPoker cannot write is an error.
func TestWriterRefuses(t *testing.T) {
	base := one(t, cashHand)
	for name, change := range map[string]func(h *hand.Hand){
		"stud":       func(h *hand.Hand) { h.Game.Variant = hand.Stud },
		"straddle":   func(h *hand.Hand) { h.Stakes.Straddles = []hand.Amount{20} },
		"run twice":  func(h *hand.Hand) { h.Actions[len(h.Actions)-1].Board = 1 },
		"discard":    func(h *hand.Hand) { h.Actions[10].Kind = hand.Discard },
		"rake":       func(h *hand.Hand) { h.Outcome.Rake, h.Outcome.HasRake = 1, true },
		"winnings":   func(h *hand.Hand) { h.Outcome.Winnings = slices.Clone(h.Outcome.Winnings); h.Outcome.Winnings[0]++ },
		"yen":        func(h *hand.Hand) { h.Currency = "JPY" },
		"id":         func(h *hand.Hand) { h.ID = "RC123" },
		"unseated":   func(h *hand.Hand) { h.Actions[6].Player = 9 },
		"cash-out":   func(h *hand.Hand) { h.Outcome.CashOuts = []hand.CashOut{{Player: 0, Amount: 1}} },
		"dead blind": func(h *hand.Hand) { h.Actions[0].PostKind = hand.PostDead },
	} {
		h := *base
		h.Actions = append([]hand.Action(nil), base.Actions...)
		change(&h)
		if out, err := AppendHand([]byte("x"), &h); err == nil || string(out) != "x" {
			t.Errorf("%s: written without an error (%v)", name, err)
		}
	}
	if out, err := AppendHand(nil, base); err != nil || !strings.HasPrefix(string(out), "***** Hand History for Game 13550642683 *****\n$0.05/$0.10 USD NL Texas Hold'em - Monday, January 06, 08:24:17 EST 2014\n") {
		t.Errorf("written as %q, %v", out, err)
	}
}

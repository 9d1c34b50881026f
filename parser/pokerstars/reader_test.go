package pokerstars

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/handaudit/handaudit/cards"
	"github.com/handaudit/handaudit/hand"
)

// psAct describes an action compactly for tests: kind, seat index and the
// amounts and flags that matter.
func psAct(a hand.Action) string {
	s := a.Kind.String()
	if a.Player != hand.NoPlayer {
		s += " p" + psItoa(a.Player)
	}
	if a.Kind == hand.Post {
		s += " " + a.PostKind.String()
	}
	if a.HasAmount {
		s += " " + psItoa(int(a.Amount))
	}
	if a.Kind == hand.Bet || a.Kind == hand.Raise {
		s += " to " + psItoa(int(a.To))
	}
	if a.AllIn {
		s += " all-in"
	}
	if len(a.Cards) > 0 {
		s += " [" + psCardList(a.Cards) + "]"
	}
	if a.Kind == hand.DealBoard || a.Kind == hand.Collect {
		s += " b" + psItoa(a.Board)
	}
	if a.Kind == hand.Collect {
		s += " pot" + psItoa(a.Pot)
	}
	return s
}

func psItoa(n int) string {
	if n < 0 {
		return "-" + psItoa(-n)
	}
	if n < 10 {
		return string(rune('0' + n))
	}
	return psItoa(n/10) + string(rune('0'+n%10))
}

// psParseFile reads one corpus file that must hold exactly one good hand.
func psParseFile(t *testing.T, rel string) *hand.Hand {
	t.Helper()
	dir := psCorpusDir(t, "rooms/PokerStars")
	f, err := os.Open(filepath.Join(dir, rel))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	hands, errs := psReadAll(t, f, rel)
	if len(errs) > 0 || len(hands) != 1 {
		t.Fatalf("%s: %d hands, errors %v; want one hand", rel, len(hands), errs)
	}
	return hands[0]
}

func psCardsOf(t *testing.T, s string) []cards.Card {
	t.Helper()
	cs, err := cards.ParseList(s)
	if err != nil {
		t.Fatal(err)
	}
	return cs
}

func psCheck[T comparable](t *testing.T, what string, got, want T) {
	t.Helper()
	if got != want {
		t.Errorf("%s = %v, want %v", what, got, want)
	}
}

func psCheckSlice[T comparable](t *testing.T, what string, got, want []T) {
	t.Helper()
	if len(got) != len(want) {
		t.Errorf("%s = %v, want %v", what, got, want)
		return
	}
	for i := range got {
		if got[i] != want[i] {
			t.Errorf("%s = %v, want %v", what, got, want)
			return
		}
	}
}

// psCheckActions compares the actions other than the hidden deals
// (DealHole with no known card) with want.
func psCheckActions(t *testing.T, h *hand.Hand, want []string) {
	t.Helper()
	var got []string
	for _, a := range h.Actions {
		if a.Kind == hand.DealHole && !a.Cards[0].Known() {
			continue
		}
		got = append(got, psAct(a))
	}
	for i := 0; i < len(got) || i < len(want); i++ {
		var g, w string
		if i < len(got) {
			g = got[i]
		}
		if i < len(want) {
			w = want[i]
		}
		if g != w {
			t.Errorf("action %d = %q, want %q", i, g, w)
		}
	}
}

// psCheckSeats compares seats with "#number name stack" strings.
func psCheckSeats(t *testing.T, h *hand.Hand, want []string) {
	t.Helper()
	var got []string
	for _, s := range h.Seats {
		g := "#" + psItoa(s.Number) + " " + s.Player + " " + psItoa(int(s.Stack))
		if s.SittingOut {
			g += " out"
		}
		got = append(got, g)
	}
	psCheckSlice(t, "seats", got, want)
}

func TestPokerStarsCorpusHands(t *testing.T) {
	et := func(s string) time.Time {
		t.Helper()
		loc, _ := time.LoadLocation("America/New_York")
		tm, err := time.ParseInLocation("2006/01/02 15:04:05", s, loc)
		if err != nil {
			t.Fatal(err)
		}
		return tm.UTC()
	}

	t.Run("cash NL side pot with antes", func(t *testing.T) {
		h := psParseFile(t, "CashGame/GeneralHands/SidePot.txt")
		psCheck(t, "ID", h.ID, "109690806574")
		psCheck(t, "Format", h.Format, "pokerstars")
		psCheck(t, "Site", h.Site, "PokerStars")
		psCheck(t, "Table", h.Table, "Skat III 100-250 bb, Ante")
		psCheck(t, "Start", h.Start, et("2014/01/06 11:19:47"))
		psCheck(t, "Start in UTC", h.Start.Format(time.RFC3339), "2014-01-06T16:19:47Z")
		psCheck(t, "Currency", h.Currency, "USD")
		psCheck(t, "Scale", h.Scale, 100)
		psCheck(t, "Game", h.Game, hand.Game{Variant: hand.Holdem, Structure: hand.NoLimit, HoleCards: 2, Code: "Hold'em No Limit"})
		psCheck(t, "SmallBlind", h.Stakes.SmallBlind, 5)
		psCheck(t, "BigBlind", h.Stakes.BigBlind, 10)
		psCheck(t, "Ante", h.Stakes.Ante, 2)
		psCheck(t, "MinBet", h.Stakes.MinBet, 10)
		psCheck(t, "MaxSeats", h.MaxSeats, 6)
		psCheck(t, "Button", h.Button, 5)
		psCheck(t, "Pos", h.Pos, hand.Pos{File: "CashGame/GeneralHands/SidePot.txt", Line: 1})
		psCheck(t, "End", h.End, 51)
		psCheckSeats(t, h, []string{"#1 Shupstix 1058", "#2 lold.lold 1112", "#3 T_Leroy 2596",
			"#4 SW_KaiZâ‚¬R 1580", "#5 pak87 2560", "#6 ilya44rus 1457"})
		psCheckActions(t, h, []string{
			"post p5 small-blind 5", "post p0 big-blind 10",
			"post p0 ante 2", "post p1 ante 2", "post p2 ante 2", "post p3 ante 2", "post p4 ante 2", "post p5 ante 2",
			"fold p1", "raise p2 10 to 20", "fold p3", "fold p4", "raise p5 70 to 90", "call p0 80",
			"raise p2 120 to 210", "call p5 120", "call p0 120",
			"deal-board [8c 6c 9s] b0", "bet p5 310 to 310", "raise p0 536 to 846 all-in", "call p2 846",
			"raise p5 399 to 1245 all-in", "call p2 399",
			"deal-board [7h] b0", "deal-board [3c] b0",
			"show p5 [Qd Qc]", "show p2 [Kc Ks]", "collect p2 791 b0 pot1", "muck p0", "collect p2 3037 b0 pot0",
		})
		// Six players dealt in, from the left of the button (seat 5 = index 4).
		var dealt []int
		for _, a := range h.Actions {
			if a.Kind == hand.DealHole {
				dealt = append(dealt, a.Player)
				psCheck(t, "hole cards", len(a.Cards), 2)
				psCheck(t, "deal line", a.Pos.Line, 17)
			}
		}
		psCheckSlice(t, "deal order", dealt, []int{5, 0, 1, 2, 3, 4})
		psCheckSlice(t, "board", h.Boards[0], psCardsOf(t, "8c 6c 9s 7h 3c"))
		psCheck(t, "boards", len(h.Boards), 1)
		o := h.Outcome
		psCheck(t, "TotalPot", o.TotalPot, 3978)
		psCheck(t, "HasTotalPot", o.HasTotalPot, true)
		psCheckSlice(t, "Pots", o.Pots, []hand.Amount{3037, 791})
		psCheck(t, "Rake", o.Rake, 150)
		psCheck(t, "HasRake", o.HasRake, true)
		psCheck(t, "HasWinnings", o.HasWinnings, true)
		psCheckSlice(t, "Winnings", o.Winnings, []hand.Amount{0, 0, 3828, 0, 0, 0})
		psCheck(t, "Outcome.Pos", o.Pos.Line, 44)
		psCheck(t, "Action Pos", h.Actions[0].Pos, hand.Pos{File: "CashGame/GeneralHands/SidePot.txt", Line: 9})
	})

	t.Run("tournament with antes and side pot", func(t *testing.T) {
		h := psParseFile(t, "MultiTableTournament/GameTypeTests/NoLimitHoldem.txt")
		psCheck(t, "ID", h.ID, "118723697322")
		psCheck(t, "Tournament", h.Tournament, "937193984")
		psCheck(t, "Table", h.Table, "937193984 7")
		psCheck(t, "Currency", h.Currency, "")
		psCheck(t, "Scale", h.Scale, 1)
		psCheck(t, "Start", h.Start, et("2014/07/13 18:48:13"))
		psCheck(t, "SmallBlind", h.Stakes.SmallBlind, 40)
		psCheck(t, "BigBlind", h.Stakes.BigBlind, 80)
		psCheck(t, "Ante", h.Stakes.Ante, 8)
		psCheck(t, "Button", h.Button, 4)
		psCheckSeats(t, h, []string{"#2 w11cked 980", "#3 siniakoza 952", "#4 super190 1156", "#6 TSte 3766",
			"#7 jas v121 422", "#8 colorado0054 514", "#9 kikax0 304"})
		psCheckActions(t, h, []string{
			"post p0 ante 8", "post p1 ante 8", "post p2 ante 8", "post p3 ante 8", "post p4 ante 8", "post p5 ante 8", "post p6 ante 8",
			"post p3 small-blind 40", "post p4 big-blind 80",
			"raise p5 426 to 506 all-in", "call p6 296 all-in", "fold p0", "fold p1", "fold p2", "fold p3",
			"call p4 334 all-in", "uncalled-return p5 92",
			"deal-board [5d 4d 7h] b0", "deal-board [Qd] b0", "deal-board [Jh] b0",
			"show p4 [4s 5h]", "show p5 [Jd Kd]", "collect p5 236 b0 pot1", "show p6 [As 9d]", "collect p5 984 b0 pot0",
		})
		psCheck(t, "TotalPot", h.Outcome.TotalPot, 1220)
		psCheckSlice(t, "Pots", h.Outcome.Pots, []hand.Amount{984, 236})
		psCheck(t, "Rake", h.Outcome.Rake, 0)
		psCheckSlice(t, "Winnings", h.Outcome.Winnings, []hand.Amount{0, 0, 0, 0, 0, 1220, 0})
	})

	t.Run("freeroll with players sitting out and one moved in", func(t *testing.T) {
		h := psParseFile(t, "MultiTableTournament/Buyins/Buyin1.txt")
		psCheck(t, "Tournament", h.Tournament, "910930978")
		// Tournament players sitting out are dealt in (and fold); a player
		// "out of hand" is not.
		psCheckSeats(t, h, []string{"#1 kindex05 1500", "#2 SaleSRB_86 1490", "#3 DISG17 3030 out",
			"#4 gornyk1973 1500", "#5 zsozso522 1500", "#6 ObamaCareasd 1500", "#7 Bogdan555 4510",
			"#8 NokDawnDE 1500", "#9 kostas123445 1500"})
		deals := 0
		for _, a := range h.Actions {
			if a.Kind == hand.DealHole {
				deals++
				if a.Player == 2 {
					t.Errorf("a player out of hand was dealt in")
				}
			}
		}
		psCheck(t, "deals", deals, 8)
		psCheckActions(t, h, []string{"post p3 small-blind 10", "post p4 big-blind 20", "deal-hole p5 [3h 4h]",
			"fold p5", "fold p6", "fold p7", "fold p8", "fold p0", "fold p1", "fold p3",
			"uncalled-return p4 10", "collect p4 20 b0 pot0", "muck p4"})
	})

	t.Run("5-card PLO", func(t *testing.T) {
		h := psParseFile(t, "CashGame/PlayerTests/FiveCardOmaha.txt")
		psCheck(t, "Game", h.Game, hand.Game{Variant: hand.Omaha, Structure: hand.PotLimit, HoleCards: 5, Code: "5 Card Omaha Pot Limit"})
		psCheck(t, "SmallBlind", h.Stakes.SmallBlind, 300)
		psCheck(t, "BigBlind", h.Stakes.BigBlind, 600)
		psCheckActions(t, h, []string{"post p0 small-blind 300", "post p1 big-blind 600",
			"raise p0 1200 to 1800", "call p1 1200", "deal-board [Ah 5c 8d] b0", "check p1", "check p0",
			"deal-board [Qc] b0", "check p1", "bet p0 2840 to 2840", "call p1 2840", "deal-board [4h] b0",
			"check p1", "check p0", "show p1 [9s 7c Tc Ac 3h]", "show p0 [As 5h 4s Ad Jd]", "collect p0 9230 b0 pot0"})
		psCheck(t, "TotalPot", h.Outcome.TotalPot, 9280)
		psCheck(t, "Rake", h.Outcome.Rake, 50)
	})

	t.Run("Omaha hi/lo split", func(t *testing.T) {
		h := psParseFile(t, "CashGame/GameTypeTests/NoLimitOmahaHiLo.txt")
		psCheck(t, "Game", h.Game, hand.Game{Variant: hand.OmahaHiLo, Structure: hand.NoLimit, HoleCards: 4, Code: "Omaha Hi/Lo No Limit"})
		var collects []string
		for _, a := range h.Actions {
			if a.Kind == hand.Collect {
				collects = append(collects, psAct(a))
			}
		}
		psCheckSlice(t, "collects", collects, []string{"collect p3 955 b0 pot0", "collect p1 478 b0 pot0", "collect p3 477 b0 pot0"})
		psCheckSlice(t, "Winnings", h.Outcome.Winnings, []hand.Amount{0, 478, 0, 1432, 0, 0})
		psCheck(t, "Rake", h.Outcome.Rake, 90)
	})

	t.Run("fixed limit blinds from the posts", func(t *testing.T) {
		h := psParseFile(t, "CashGame/ExtraHands/ShowsDownSingleCard.txt")
		psCheck(t, "Structure", h.Game.Structure, hand.FixedLimit)
		psCheck(t, "SmallBet", h.Stakes.SmallBet, 100)
		psCheck(t, "BigBet", h.Stakes.BigBet, 200)
		psCheck(t, "SmallBlind", h.Stakes.SmallBlind, 50)
		psCheck(t, "BigBlind", h.Stakes.BigBlind, 100)
		// Zaza5573 tables one card: "shows [Qc]".
		found := false
		for _, a := range h.Actions {
			if a.Kind == hand.Show && a.Player == 5 {
				found = true
				psCheckSlice(t, "one card shown", a.Cards, psCardsOf(t, "Qc"))
			}
		}
		psCheck(t, "partial show read", found, true)
	})

	t.Run("run it twice, two flops", func(t *testing.T) {
		h := psParseFile(t, "CashGame/RunItTwiceTests/RunItTwice2.txt")
		psCheck(t, "Cap", h.Stakes.Cap, 8000)
		psCheckActions(t, h, []string{"post p2 small-blind 200", "post p3 big-blind 400",
			"fold p4", "raise p5 400 to 800", "fold p0", "fold p1", "raise p2 7200 to 8000", "fold p3", "call p5 7200",
			"deal-board [Qd Qs 4h] b0", "deal-board [Ts] b0", "deal-board [7s] b0",
			"deal-board [6s 8h 6h] b1", "deal-board [Td] b1", "deal-board [6c] b1",
			"show p2 [Ad Ks]", "show p5 [Kh Ac]", "collect p2 4030 b0 pot0", "collect p5 4030 b0 pot0",
			"show p2 [Ad Ks]", "show p5 [Kh Ac]", "collect p2 4030 b1 pot0", "collect p5 4030 b1 pot0"})
		psCheck(t, "boards", len(h.Boards), 2)
		psCheckSlice(t, "board 0", h.Boards[0], psCardsOf(t, "Qd Qs 4h Ts 7s"))
		psCheckSlice(t, "board 1", h.Boards[1], psCardsOf(t, "6s 8h 6h Td 6c"))
		psCheck(t, "second show board", h.Actions[len(h.Actions)-3].Board, 1)
		psCheckSlice(t, "Winnings", h.Outcome.Winnings, []hand.Amount{0, 0, 8060, 0, 0, 8060})
	})

	t.Run("run it twice, shared turn", func(t *testing.T) {
		h := psParseFile(t, "CashGame/PlayerTests/RunItTwice.txt")
		psCheckSlice(t, "board 0", h.Boards[0], psCardsOf(t, "3d Kd 9h 8h 4s"))
		psCheckSlice(t, "board 1", h.Boards[1], psCardsOf(t, "3d Kd 9h 8h Kc"))
		var deals []string
		for _, a := range h.Actions {
			if a.Kind == hand.DealBoard {
				deals = append(deals, psAct(a))
			}
		}
		psCheckSlice(t, "deals", deals, []string{"deal-board [3d Kd 9h] b0", "deal-board [8h] b0",
			"deal-board [4s] b0", "deal-board [Kc] b1"})
		psCheckSlice(t, "Pots", h.Outcome.Pots, []hand.Amount{300700, 2000})
	})

	t.Run("euro side pots numbered", func(t *testing.T) {
		h := psParseFile(t, "CashGame/ExtraHands/SidePot.txt")
		psCheck(t, "Currency", h.Currency, "EUR")
		psCheckSlice(t, "Pots", h.Outcome.Pots, []hand.Amount{537, 750, 608})
		var pots []int
		for _, a := range h.Actions {
			if a.Kind == hand.Collect {
				pots = append(pots, a.Pot)
			}
		}
		psCheckSlice(t, "collect pots", pots, []int{2, 1, 0})
	})

	t.Run("odd names", func(t *testing.T) {
		h := psParseFile(t, "CashGame/ExtraHands/PlayerWithColon.txt")
		psCheck(t, "seat 1 name", h.Seats[1].Player, "wo_olly :D")
		psCheck(t, "BB poster", psAct(h.Actions[1]), "post p1 big-blind 25")
		h = psParseFile(t, "CashGame/ExtraHands/PlayerNameWithSlashesAndSquareBrackets.txt")
		psCheck(t, "seat 3 name", h.Seats[3].Player, `/\ntiHer[]`)
		psCheck(t, "Cap", h.Stakes.Cap, 1000)
		h = psParseFile(t, "CashGame/ExtraHands/TableNameWithDash.txt")
		psCheck(t, "Table", h.Table, "Isildur's PLO 50")
		psCheck(t, "MaxSeats", h.MaxSeats, 2)
		h = psParseFile(t, "CashGame/HandActionTests/OmahaHiLo.txt")
		psCheck(t, "second big blind", psAct(h.Actions[2]), "post p4 big-blind 100")
	})

	t.Run("CR line ends, GBP", func(t *testing.T) {
		h := psParseFile(t, "CashGame/Limits/GbpTable.txt")
		psCheck(t, "Currency", h.Currency, "GBP")
		psCheck(t, "End", h.End, 16)
		psCheck(t, "raise line", h.Actions[4].Pos.Line, 8)
		psCheck(t, "TotalPot", h.Outcome.TotalPot, 50)
	})

	t.Run("blank line after every line, EUR", func(t *testing.T) {
		h := psParseFile(t, "CashGame/Limits/EuroTable.txt")
		psCheck(t, "seats", len(h.Seats), 5)
		psCheck(t, "End", h.End, 61) // the last line has no newline
		psCheck(t, "Rake", h.Outcome.Rake, 61)
	})

	t.Run("yuan, no BOM", func(t *testing.T) {
		h := psParseFile(t, "CashGame/Limits/YuanTable.txt")
		psCheck(t, "Currency", h.Currency, "CNY")
		psCheck(t, "BigBlind", h.Stakes.BigBlind, 5000)
		psCheckActions(t, h, []string{"post p1 small-blind 2500", "post p2 big-blind 5000", "deal-hole p1 [Ad 9d 8c 6d]",
			"raise p0 12500 to 17500", "fold p1", "call p2 12500", "deal-board [5s 5c 8h] b0", "check p2",
			"bet p0 12800 to 12800", "fold p2", "uncalled-return p0 12800", "collect p0 36500 b0 pot0", "muck p0"})
		// Deal order starts left of the button (seat 3, index 0).
		psCheck(t, "first deal", psAct(h.Actions[2]), "deal-hole p1 [Ad 9d 8c 6d]")
	})

	t.Run("PPPoker: UTC time, cards only in the summary", func(t *testing.T) {
		h := psParseFile(t, "CashGame/PPPoker/PPPokerHand.txt")
		psCheck(t, "Site", h.Site, "PPPoker")
		psCheck(t, "Start", h.Start.Format(time.RFC3339), "2025-06-21T17:47:21Z")
		// "mucks hand" at showdown, cards from the summary's "showed [...]".
		var mucks []string
		for _, a := range h.Actions {
			if a.Kind == hand.Muck {
				mucks = append(mucks, psAct(a))
			}
		}
		psCheckSlice(t, "mucks", mucks, []string{"muck p3 [8d 2h 7s 5h Kd]", "muck p0 [As Ad 5d 6d 2c]", "muck p1 [4s Jh Ac Kh 6h]"})
		psCheck(t, "HasWinnings", h.Outcome.HasWinnings, false) // the summary claims none
	})

	t.Run("cash-out", func(t *testing.T) {
		h := psParseFile(t, "CashGame/HandActionTests/CashOut.txt")
		psCheck(t, "cash-outs", len(h.Outcome.CashOuts), 1)
		psCheck(t, "cash-out", h.Outcome.CashOuts[0], hand.CashOut{Player: 1, Amount: 2610, Fee: 26,
			Pos: hand.Pos{File: "CashGame/HandActionTests/CashOut.txt", Line: 24}})
		psCheckSlice(t, "Winnings", h.Outcome.Winnings, []hand.Amount{0, 3895, 0, 0, 0})
	})

	t.Run("summary shows a mucked hand", func(t *testing.T) {
		h := psParseFile(t, "CashGame/PlayerTests/MucksHandKnownHolecards.txt")
		for _, a := range h.Actions {
			if a.Kind == hand.Muck {
				psCheck(t, "muck", psAct(a), "muck p1 [7s Ks Kh Qc]")
				psCheck(t, "muck line", a.Pos.Line, 34)
			}
		}
	})

	t.Run("DST: summer ET is UTC-4", func(t *testing.T) {
		h := psParseFile(t, "CashGame/ExtraHands/DateIssue1.txt")
		// "2011/05/06 20:51:38 PT [2011/05/06 23:51:38 ET]": the ET time counts.
		psCheck(t, "Start", h.Start.Format(time.RFC3339), "2011-05-07T03:51:38Z")
	})
}

// psBase is a complete, consistent cash hand used to build test inputs.
const psBase = `PokerStars Hand #254000000001:  Hold'em No Limit ($0.05/$0.10 USD) - 2025/08/02 11:24:53 CET [2025/08/02 5:24:53 ET]
Table 'Juno' 6-max Seat #1 is the button
Seat 1: Ann ($10 in chips)
Seat 2: Bo Bo ($12.50 in chips)
Seat 3: Çé:ñ ($8 in chips)
Bo Bo: posts small blind $0.05
Çé:ñ: posts big blind $0.10
*** HOLE CARDS ***
Dealt to Ann [Ah Kd]
Ann: raises $0.20 to $0.30
Bo Bo: folds
Çé:ñ: calls $0.20
*** FLOP *** [2c 7d Jh]
Çé:ñ: checks
Ann: bets $0.40
Çé:ñ: folds
Uncalled bet ($0.40) returned to Ann
Ann collected $0.62 from pot
*** SUMMARY ***
Total pot $0.65 | Rake $0.03
Board [2c 7d Jh]
Seat 1: Ann (button) collected ($0.62)
Seat 2: Bo Bo (small blind) folded before Flop
Seat 3: Çé:ñ (big blind) folded on the Flop
`

func TestPokerStarsBaseHand(t *testing.T) {
	hands, errs := psReadAll(t, strings.NewReader(psBase), "base.txt")
	if len(errs) != 0 || len(hands) != 1 {
		t.Fatalf("hands %d errors %v", len(hands), errs)
	}
	h := hands[0]
	psCheck(t, "Start", h.Start.Format(time.RFC3339), "2025-08-02T09:24:53Z")
	psCheckSeats(t, h, []string{"#1 Ann 1000", "#2 Bo Bo 1250", "#3 Çé:ñ 800"})
	psCheckActions(t, h, []string{"post p1 small-blind 5", "post p2 big-blind 10", "deal-hole p0 [Ah Kd]",
		"raise p0 20 to 30", "fold p1", "call p2 20", "deal-board [2c 7d Jh] b0", "check p2", "bet p0 40 to 40",
		"fold p2", "uncalled-return p0 40", "collect p0 62 b0 pot0"})
	psCheck(t, "End", h.End, 24)
}

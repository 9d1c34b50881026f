package partypoker

import (
	"strings"
	"testing"
	"time"

	"github.com/handaudit/handaudit/hand"
)

// newerCash is a cash hand in the newer export: amounts in parentheses,
// "raises X to Y", "is all-In." apart, and a summary that states the
// rake and each player's balance.
const newerCash = `***** Hand History For Game 1699000000123abcde *****
0.25/0.50 Texas Holdem Game Table (NL) - Tue Mar 05 21:10:00 EST 2024
Table Table 1234567 (Real Money) -- Seat 3 is the button
Total number of players : 3/6
Seat 1: Anna ($50)
Seat 2: Ben ($20.00)
Seat 3: Cleo ($75.25)
Anna posts small blind (0.25)
Ben posts big blind (0.50)
** Dealing down cards **
Dealt to Cleo [ Ah, Kd ]
Cleo raises 1.50 to 1.50
Anna folds 
Ben raises 4.50 to 5
Cleo calls (3.50)
** Dealing Flop ** :  [ Ac, 7d, 9h ]
Ben bets (15)
Ben is all-In.
Cleo raises 30 to 30
Creating Main Pot with $ 40.25 with Ben, Cleo
** Dealing Turn ** :  [ Js ]
** Dealing River ** :  [ 3c ]
** Summary **
Main Pot: $38.75 Rake: $1.50
Board: [ Ac, 7d, 9h, Js, 3c ]
Anna balance $49.75, lost $0.25 (folded)
Ben balance $0, lost $20 [ Qs, Qd ] [ a pair of queens -- Qs,Qd,Ac,Js,9h ]
Cleo balance $94, bet $35, collected $53.75, net +$18.75 [ Ah, Kd ] [ a pair of aces -- Ah,Ac,Kd,Js,9h ]
`

func TestNewerExport(t *testing.T) {
	h := one(t, newerCash)
	if h.ID != "1699000000123abcde" || h.Table != "Table 1234567" || h.Button != 3 || h.Currency != "USD" || h.Scale != 100 ||
		h.Game.Code != "Texas Holdem" || h.Game.Variant != hand.Holdem || h.Game.Structure != hand.NoLimit ||
		h.Stakes.SmallBlind != 25 || h.Stakes.BigBlind != 50 {
		t.Errorf("header read as %+v", h)
	}
	if want := time.Date(2024, 3, 6, 2, 10, 0, 0, time.UTC); !h.Start.Equal(want) {
		t.Errorf("start %v, want %v", h.Start, want)
	}
	want := []string{"post Anna small-blind 25", "post Ben big-blind 50", "deal-hole Anna", "deal-hole Ben", "deal-hole Cleo Ah Kd",
		"raise Cleo to 150", "fold Anna", "raise Ben to 500", "call Cleo 350",
		"deal-board Ac 7d 9h", "bet Ben to 1500 all-in", "raise Cleo to 3000", "deal-board Js", "deal-board 3c",
		"uncalled-return Cleo 1500", "show Ben Qs Qd", "show Cleo Ah Kd", "collect Cleo 3875 pot -1"}
	if got := actionsOf(h); strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("actions:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	// The stated rake; the balances are the finishing stacks.
	o := h.Outcome
	if !o.HasRake || o.Rake != 150 || !o.HasFinishingStacks || len(o.FinishingStacks) != 3 ||
		o.FinishingStacks[0] != 4975 || o.FinishingStacks[1] != 0 || o.FinishingStacks[2] != 9400 {
		t.Errorf("outcome %+v", o)
	}

	// The room's equity cash-out: Ben sells his share of the pot to the
	// room for $18; Cleo still collects the pot.
	cashOut := strings.Replace(newerCash, "Creating Main Pot", "Ben Cash-out Premium % is 1.0\nBen opted for cash-out\nBen probabilty is 12.5\nBen Cashout Amount is 18\nCreating Main Pot", 1)
	cashOut = strings.Replace(cashOut, "Ben balance $0, lost $20 [", "Ben Cashed out  balance $18, bet $20, collected $18, net -$2[", 1)
	h = one(t, cashOut)
	if co := h.Outcome.CashOuts; len(co) != 1 || co[0].Player != 1 || co[0].Amount != 1800 || co[0].Pos.Line != 31 {
		t.Errorf("cash-outs %+v", co)
	}
	if got := actionsOf(h); strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("with a cash-out, actions:\n%s", strings.Join(got, "\n"))
	}
	// A raise whose total is not what was added.
	bad := strings.Replace(newerCash, "Ben raises 4.50 to 5", "Ben raises 4.50 to 6", 1)
	if _, errs := read(t, bad); len(errs) != 1 || errs[0].Line != 14 || !strings.HasPrefix(errs[0].Msg, "the raise's total") {
		t.Errorf("bad raise total: %v", errs)
	}
}

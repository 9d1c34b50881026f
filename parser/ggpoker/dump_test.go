package ggpoker

import (
	"fmt"
	"strings"

	"github.com/handaudit/handaudit/cards"
	"github.com/handaudit/handaudit/hand"
)

// dump writes a hand as one text block, every field the reader fills:
// the corpus test's golden file holds the dumps.
func dump(h *hand.Hand) string {
	var b strings.Builder
	fmt.Fprintf(&b, "hand %s %s site=%s table=%q start=%s cur=%q scale=%d tourn=%q max=%d button=%d lines=%d-%d\n",
		h.Format, h.ID, h.Site, h.Table, h.Start.Format("2006-01-02T15:04:05Z"), h.Currency, h.Scale, h.Tournament,
		h.MaxSeats, h.Button, h.Pos.Line, h.End)
	if h.PotAdded != 0 {
		fmt.Fprintf(&b, "  pot-added %d\n", h.PotAdded)
	}
	fmt.Fprintf(&b, "  game %s %s %d %q\n", h.Game.Variant, h.Game.Structure, h.Game.HoleCards, h.Game.Code)
	st := h.Stakes
	fmt.Fprintf(&b, "  stakes ante=%d sb=%d bb=%d straddles=%v minbet=%d small=%d big=%d\n",
		st.Ante, st.SmallBlind, st.BigBlind, st.Straddles, st.MinBet, st.SmallBet, st.BigBet)
	for _, s := range h.Seats {
		fmt.Fprintf(&b, "  seat %d %q %d out=%v\n", s.Number, s.Player, s.Stack, s.SittingOut)
	}
	for _, a := range h.Actions {
		fmt.Fprintf(&b, "  %d %s p=%d", a.Pos.Line, a.Kind, a.Player)
		if a.Kind == hand.Post {
			fmt.Fprintf(&b, " %s", a.PostKind)
		}
		if a.HasAmount {
			fmt.Fprintf(&b, " amt=%d", a.Amount)
		}
		if a.To != 0 {
			fmt.Fprintf(&b, " to=%d", a.To)
		}
		if a.AllIn {
			b.WriteString(" all-in")
		}
		if len(a.Cards) > 0 {
			fmt.Fprintf(&b, " [%s]", cardList(a.Cards))
		}
		if a.Kind == hand.DealBoard || a.Kind == hand.Collect || a.Kind == hand.Show || a.Kind == hand.Muck {
			fmt.Fprintf(&b, " board=%d", a.Board)
		}
		if a.Kind == hand.Collect {
			fmt.Fprintf(&b, " pot=%d", a.Pot)
		}
		b.WriteByte('\n')
	}
	for i, bd := range h.Boards {
		fmt.Fprintf(&b, "  board %d [%s]\n", i, cardList(bd))
	}
	o := h.Outcome
	fmt.Fprintf(&b, "  outcome line=%d total=%d/%v rake=%d/%v fees=%v pots=%v\n", o.Pos.Line, o.TotalPot, o.HasTotalPot, o.Rake, o.HasRake, o.Fees, o.Pots)
	for _, co := range o.CashOuts {
		fmt.Fprintf(&b, "  cash-out line=%d p=%d amount=%d fee=%d apart=%v\n", co.Pos.Line, co.Player, co.Amount, co.Fee, co.ApartFromPot)
	}
	return b.String()
}

// cardList writes cards as "Ah Kd", "??" for an unknown one.
func cardList(cs []cards.Card) string {
	s := make([]string, len(cs))
	for i, c := range cs {
		if c.Known() {
			s[i] = c.String()
		} else {
			s[i] = "??"
		}
	}
	return strings.Join(s, " ")
}

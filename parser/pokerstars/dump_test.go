package pokerstars

import (
	"fmt"
	"strings"
	"time"

	"github.com/handaudit/handaudit/cards"
	"github.com/handaudit/handaudit/hand"
)

// psDump prints every field of a hand, one fact per line, for golden files
// and readable test failures.
func psDump(h *hand.Hand) string {
	var b strings.Builder
	sc := h.Scale
	amt := func(a hand.Amount) string { return a.Format(sc) }
	fmt.Fprintf(&b, "hand %s #%d at %s:%d-%d site=%s table=%q tourn=%q\n", h.ID, h.Index, h.Pos.File, h.Pos.Line, h.End, h.Site, h.Table, h.Tournament)
	if h.Cancelled {
		b.WriteString("  cancelled\n")
	}
	start := "-"
	if !h.Start.IsZero() {
		start = h.Start.Format(time.RFC3339)
	}
	fmt.Fprintf(&b, "  start=%s currency=%q scale=%d game=%s/%s/%d code=%q max=%d button=%d\n",
		start, h.Currency, h.Scale, h.Game.Variant, h.Game.Structure, h.Game.HoleCards, h.Game.Code, h.MaxSeats, h.Button)
	st := h.Stakes
	fmt.Fprintf(&b, "  stakes sb=%s bb=%s ante=%s smallbet=%s bigbet=%s minbet=%s cap=%s",
		amt(st.SmallBlind), amt(st.BigBlind), amt(st.Ante), amt(st.SmallBet), amt(st.BigBet), amt(st.MinBet), amt(st.Cap))
	for _, s := range st.Straddles {
		fmt.Fprintf(&b, " straddle=%s", amt(s))
	}
	if st.BringIn != 0 {
		fmt.Fprintf(&b, " bringin=%s", amt(st.BringIn))
	}
	b.WriteString("\n")
	for i, s := range h.Seats {
		out := ""
		if s.SittingOut {
			out = " sitting-out"
		}
		fmt.Fprintf(&b, "  seat[%d] #%d %q %s%s\n", i, s.Number, s.Player, amt(s.Stack), out)
	}
	for _, a := range h.Actions {
		fmt.Fprintf(&b, "  L%d %s", a.Pos.Line, a.Kind)
		if a.Player != hand.NoPlayer {
			fmt.Fprintf(&b, " p%d", a.Player)
		}
		if a.Kind == hand.Post {
			fmt.Fprintf(&b, " %s", a.PostKind)
		}
		if a.HasAmount {
			fmt.Fprintf(&b, " amount=%s", amt(a.Amount))
		}
		if a.Kind == hand.Bet || a.Kind == hand.Raise {
			fmt.Fprintf(&b, " to=%s", amt(a.To))
		}
		if a.AllIn {
			b.WriteString(" all-in")
		}
		if len(a.Cards) > 0 {
			fmt.Fprintf(&b, " [%s]", psCardList(a.Cards))
		}
		if a.Kind == hand.DealBoard || a.Kind == hand.Collect || a.Board != 0 {
			fmt.Fprintf(&b, " board=%d", a.Board)
		}
		if a.Kind == hand.Collect {
			fmt.Fprintf(&b, " pot=%d", a.Pot)
		}
		b.WriteString("\n")
	}
	for i, bd := range h.Boards {
		fmt.Fprintf(&b, "  board[%d] [%s]\n", i, psCardList(bd))
	}
	o := h.Outcome
	fmt.Fprintf(&b, "  outcome L%d", o.Pos.Line)
	if o.HasTotalPot {
		fmt.Fprintf(&b, " total=%s", amt(o.TotalPot))
	}
	for i, p := range o.Pots {
		fmt.Fprintf(&b, " pot%d=%s", i, amt(p))
	}
	if o.HasRake {
		fmt.Fprintf(&b, " rake=%s", amt(o.Rake))
	}
	for _, f := range o.Fees {
		fmt.Fprintf(&b, " fee[%s]=%s", f.Name, amt(f.Amount))
	}
	if o.HasWinnings {
		b.WriteString(" won=")
		for i, w := range o.Winnings {
			if i > 0 {
				b.WriteString(",")
			}
			b.WriteString(amt(w))
		}
	}
	for _, c := range o.CashOuts {
		fmt.Fprintf(&b, " cashout[p%d L%d]=%s fee=%s", c.Player, c.Pos.Line, amt(c.Amount), amt(c.Fee))
	}
	b.WriteString("\n")
	return b.String()
}

func psCardList(cs []cards.Card) string {
	parts := make([]string, len(cs))
	for i, c := range cs {
		parts[i] = c.String()
	}
	return strings.Join(parts, " ")
}

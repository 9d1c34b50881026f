package checks

import (
	"github.com/handaudit/handaudit/hand"
	"github.com/handaudit/handaudit/replay"
)

// Settlement bases: what the record states about who got what, in order of
// preference (the pot checks and the dispute analyzer read it the same way).
const (
	SettleCollects  = "collects"         // chips collected and uncalled bets returned (and cash-outs), as recorded
	SettleFinishing = "finishing_stacks" // finishing stacks, as recorded
	SettleWinnings  = "winnings"         // amounts won, as recorded
)

// SeatSettlement is what one seat got from a hand by the record and by
// the rules, on the settlement's basis.
type SeatSettlement struct {
	Seat     int // index into Hand.Seats
	Recorded hand.Amount
	Due      hand.Amount
}

// Difference is what the record gave the seat beyond what the rules give
// it: positive, the player was paid too much; negative, too little.
func (s SeatSettlement) Difference() hand.Amount { return s.Recorded - s.Due }

// Settle compares, seat by seat, what the record h paid out with what the
// replay t pays out, on the first basis the record states (collects, else
// finishing stacks, else winnings). It returns the basis ("" when the
// record states no outcome or the hand was not replayed) and the seats,
// appended to buf[:0]. The seats' differences add up to the hand's
// discrepancy: what the record paid out less what the rules pay out.
func Settle(h *hand.Hand, t *replay.Trace, buf []SeatSettlement) (string, []SeatSettlement) {
	out := buf[:0]
	if h == nil || t == nil || !t.Supported {
		return "", out
	}
	n := len(h.Seats)
	o := &h.Outcome
	collects := len(o.CashOuts) > 0
	for i := range h.Actions {
		if k := h.Actions[i].Kind; k == hand.Collect || k == hand.UncalledReturn {
			collects = true
			break
		}
	}
	var basis string
	switch {
	case collects:
		basis = SettleCollects
	case o.HasFinishingStacks && len(o.FinishingStacks) == n && len(t.FinishingStacks) == n:
		basis = SettleFinishing
	case o.HasWinnings && len(o.Winnings) == n:
		basis = SettleWinnings
	default:
		return "", out
	}
	for i := range n {
		out = append(out, SeatSettlement{Seat: i})
	}
	awards := func() {
		for i := range t.Awards {
			if aw := &t.Awards[i]; uint(aw.Player) < uint(n) {
				out[aw.Player].Due += aw.Amount
			}
		}
	}
	switch basis {
	case SettleCollects:
		awards()
		for _, r := range t.Returns {
			if uint(r.Player) < uint(n) {
				out[r.Player].Due += r.Amount
			}
		}
		for i := range h.Actions {
			a := &h.Actions[i]
			if (a.Kind == hand.Collect || a.Kind == hand.UncalledReturn) && uint(a.Player) < uint(n) {
				out[a.Player].Recorded += a.Amount
			}
		}
		for _, co := range o.CashOuts {
			if uint(co.Player) < uint(n) {
				out[co.Player].Recorded += co.Amount + co.Fee
			}
		}
		// Older exports return an uncalled bet without a line: the
		// record paid it, as pot.uncalled-not-returned reads it.
		for p := range out {
			var returned hand.Amount
			for _, r := range t.Returns {
				if r.Player == p {
					returned += r.Amount
				}
			}
			if returned > 0 && ReturnedSilently(h, t, p, returned) {
				out[p].Recorded += returned
			}
		}
	case SettleFinishing:
		for i := range out {
			out[i].Recorded, out[i].Due = o.FinishingStacks[i], t.FinishingStacks[i]
		}
	case SettleWinnings:
		awards()
		for i := range out {
			out[i].Recorded = o.Winnings[i]
		}
	}
	return basis, out
}

package replay

import "github.com/handaudit/handaudit/hand"

// SmallestUnit is the smallest unit of hand h, in its minor units: the
// finest decimal place of what was put in play (the stakes, the starting
// stacks and every forced bet, call, bet and raise), never more than one
// chip or currency unit, and never more than a cent at a currency table
// (money is paid out in cents whatever the stakes). It is not taken from
// the awards: a record whose awards are finer than anything put in play
// (a 20,775 pot of whole chips paid 10,387.5 and 10,387.5) broke the odd
// chip, it did not play in half chips.
//
// A hand's scale follows the decimals it happens to contain (PHH), which
// may come only from its payouts; so the unit is worked out, not read from
// the scale. Most hands cost nothing: a chip table whose scale is 1, or a
// cents table, has a unit of 1 before anything is read.
func SmallestUnit(h *hand.Hand) hand.Amount {
	u := h.Scale
	if h.Currency != "" && u >= 100 {
		u /= 100 // a cent
	}
	if u <= 1 {
		return 1
	}
	fits := func(a hand.Amount) {
		for u > 1 && int64(a)%u != 0 {
			u /= 10
		}
	}
	st := &h.Stakes
	for _, a := range [...]hand.Amount{st.Ante, st.SmallBlind, st.BigBlind, st.BringIn, st.SmallBet, st.BigBet, st.MinBet, st.Cap} {
		fits(a)
	}
	for _, a := range st.Straddles {
		fits(a)
	}
	for i := range h.Seats {
		fits(h.Seats[i].Stack)
	}
	for i := range h.Actions {
		a := &h.Actions[i]
		switch a.Kind {
		case hand.Post, hand.Call, hand.Bet, hand.Raise, hand.BringIn:
			fits(a.Amount)
			fits(a.To)
		}
		if u == 1 {
			break
		}
	}
	return hand.Amount(u)
}

package checks

import (
	"fmt"

	"github.com/handaudit/handaudit/hand"
	"github.com/handaudit/handaudit/replay"
)

// checkShowdown runs the showdown checks. A showdown is two or more players
// still in when the betting is over. If one of them is all-in, TDA 16 has
// every hand tabled face up and the order does not matter; otherwise TDA 17
// sets the order.
func checkShowdown(c *Context) {
	seats := c.seats
	if c.live < 2 {
		return
	}
	// Is one of them all-in after the last step that moved chips into the
	// pot or was a betting decision?
	lastBet, allIn := c.lastBet, false
	// The stacks after the last bet, which even a terse trace keeps (see
	// stackBefore), are read here without a call for each player.
	var stacks []hand.Amount
	if lastBet >= 0 {
		stacks = c.T.Steps[lastBet].Stacks
	}
	for p := range seats {
		if seats[p].folded {
			continue // out of the hand, or not dealt in
		}
		var left hand.Amount
		if p < len(stacks) {
			left = stacks[p]
		} else {
			left = c.stackBefore(lastBet+1, p)
		}
		if left == 0 {
			allIn = true
			break
		}
	}
	if allIn {
		c.allInTabled()
		return
	}
	c.showdownOrder()
}

// allInTabled: at an all-in showdown every player still in must table (TDA
// 16). Online the software mucks a beaten hand at an all-in showdown and
// the summary shows its cards ("mucked [Tc Kd]"): a muck whose cards the
// record shows discloses the hand, which is what the rule is for. A player
// who mucks on both boards of a run-it-twice hand is one finding.
func (c *Context) allInTabled() {
	if !c.muck {
		return
	}
	var reported uint64 // seats already reported (seat indexes < 64 on a replayed hand)
	for i := range c.H.Actions {
		a := &c.H.Actions[i]
		if a.Kind != hand.Muck || a.Player < 0 || a.Player >= len(c.seats) || c.seats[a.Player].folded {
			continue
		}
		if c.seats[a.Player].showed {
			continue // tabled, then the record also says mucked
		}
		if c.disclosed(a) || reported&(1<<(uint(a.Player)&63)) != 0 {
			continue
		}
		reported |= 1 << (uint(a.Player) & 63)
		f := c.atAction(checkAllInNotTabled, i)
		f.Street = replay.Showdown.String()
		who := playerName(c.H, a.Player)
		state := "had called all the betting"
		if c.stackBefore(i, a.Player) == 0 {
			state = "was all-in"
		}
		f.Message = fmt.Sprintf("%s %s at an all-in showdown but mucked without tabling; every hand still in must be shown face up.",
			who, state)
		c.emit(checkAllInNotTabled, f)
	}
}

// disclosed reports whether a muck shows the player's whole hand: as many
// known cards as the game deals him.
func (c *Context) disclosed(a *hand.Action) bool {
	want := 2
	if g := c.H.Game; g.Variant != hand.Holdem {
		want = max(g.HoleCards, 4) // Omaha: 4, 5 or 6
	}
	if len(a.Cards) != want {
		return false
	}
	for _, cd := range a.Cards {
		if !cd.Known() {
			return false
		}
	}
	return true
}

// showdownOrder: the first hand tabled must be the one the rules call for
// (TDA 17-A), if that player tabled at all; a player who mucks instead
// forfeits and breaks no order. Under a ruleset whose records do not
// write the shows in tabling order (a room's preset, showdown.order_recorded
// = false) there is no order to judge.
func (c *Context) showdownOrder() {
	if c.rules().ShowOrderUnrecorded {
		return // the record's show lines are not in tabling order: they prove no order
	}
	first := c.T.ShowdownFirst
	if first < 0 || first >= len(c.H.Seats) {
		return
	}
	if c.firstShow < 0 || !c.seats[first].showed {
		return // no one tabled, or the player due to table first did not
	}
	shown := -1
	for i := c.firstShow; i < len(c.H.Actions); i++ {
		if c.H.Actions[i].Kind == hand.Show && !c.placed(i) {
			shown = i
			break
		}
	}
	if shown < 0 {
		return
	}
	a := &c.H.Actions[shown]
	if a.Player == first {
		return
	}
	f := c.atAction(checkShowdownOrder, shown)
	f.Street = replay.Showdown.String()
	why := c.T.ShowdownReason
	if why == "" {
		why = "the rules call for that order"
	}
	f.Message = fmt.Sprintf("%s tabled first at showdown, but %s had to table first (%s).",
		playerName(c.H, a.Player), playerName(c.H, first), why)
	c.emit(checkShowdownOrder, f)
}

// placed reports whether action i was put in place by the reader rather
// than read in play order: a later action comes from an earlier line of the
// same file. (PokerStars readers add the hands a summary says were shown
// before the pot is pushed; the summary lists them in seat order, which
// says nothing about who tabled first.)
func (c *Context) placed(i int) bool {
	a := &c.H.Actions[i]
	for j := i + 1; j < len(c.H.Actions); j++ {
		b := &c.H.Actions[j]
		if b.Pos.Line > 0 && b.Pos.Line < a.Pos.Line && b.Pos.File == a.Pos.File { // lines first: cheaper
			return true
		}
	}
	return false
}

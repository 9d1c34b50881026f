package checks

import (
	"fmt"

	"github.com/handaudit/handaudit/hand"
	"github.com/handaudit/handaudit/replay"
)

// Action checks. Each recorded action is judged against the betting window
// the replay computed for it. To report one fault once:
//
//   - action.after-fold wins over everything else about the action: a player
//     who is out of the hand cannot make a legal or illegal amount;
//   - action.out-of-turn is reported on its own, since acting out of turn
//     and betting a wrong amount are two faults;
//   - of the faults about a bet or raise, only the first that applies is
//     reported, in this order: raise.not-reopened and raise.cap-exceeded
//     (no raise was allowed at all, so its size is moot), bet.exceeds-stack
//     (the chips do not exist), then the size: raise.under-minimum,
//     raise.over-pot-limit or bet.wrong-limit-size;
//   - for a call, bet.exceeds-stack wins over bet.wrong-call-amount;
//   - for a post, bet.exceeds-stack wins over blind.wrong-amount.

// soundPost, inTurn and soundCall are the tests most posts, folds, checks
// and calls pass, after which no action check below can fault them: a post
// within what the replay took and of what the stakes require; a fold,
// check or call by the active player due to act; a call of what was owed.
// Context.walkReplayed makes them, each kind in its own arm, so that these
// actions, most of the record, need no call to step.
func soundPost(st *replay.Step, a *hand.Action) bool {
	return a.Amount <= st.Added && (!st.HasExpected || a.Amount == st.Expected)
}

func inTurn(st *replay.Step) bool {
	return st.StatusBefore == replay.Active && st.Window.ToAct == st.Player
}

func soundCall(st *replay.Step, a *hand.Action) bool {
	return !a.HasAmount || a.Amount == st.Window.ToCall
}

// step checks action i, a seated player's post or betting action, whose
// step is st. The tests that pass on most actions are made here before
// calling a check, which makes them again.
func (c *Context) step(i int, st *replay.Step, a *hand.Action) {
	switch a.Kind {
	case hand.Post:
		// exceedsStack's first test, made here: the replay took all the
		// record put in.
		if a.Amount > st.Added && c.exceedsStack(i, st, a) {
			return
		}
		if st.HasExpected && a.Amount != st.Expected {
			c.blindAmount(i, st, a)
		}
	case hand.Fold, hand.Check, hand.Call, hand.Bet, hand.Raise, hand.BringIn:
		if st.StatusBefore != replay.Active && c.afterFold(i, st, a) {
			return
		}
		if st.Window.ToAct != st.Player && !c.wrongBringIn(i, st, a) {
			c.outOfTurn(i, st, a)
		}
		switch a.Kind {
		case hand.Call:
			// A call of exactly what was owed is right, and within the
			// stack: Window.ToCall is capped by it.
			if a.HasAmount && a.Amount != st.Window.ToCall {
				_ = c.exceedsStack(i, st, a) || c.wrongCall(i, st, a)
			}
		case hand.BringIn:
			if st.Window.ToAct == st.Player {
				c.wrongBringIn(i, st, a) // a second bring-in
			}
			put := a.Amount
			if !a.HasAmount {
				put = st.Added
			}
			_ = c.exceedsStack(i, st, a) || c.bringInAmount(i, st, put)
		case hand.Bet, hand.Raise:
			// The first fault that applies, in the order above.
			g := c.H.Game.Structure
			switch {
			case notReopened(st):
				c.notReopenedFinding(i, st, a)
			case capExceeded(g, st):
				c.capExceededFinding(i, st, a)
			case betPut(st, a) > st.Added && c.exceedsStack(i, st, a):
				// reported; betPut is exceedsStack's first test
			case underMinimum(g, st, a):
				c.underMinimumFinding(i, st, a)
			case overPotLimit(g, st, a):
				c.overPotLimitFinding(i, st, a)
			case wrongLimitSize(g, st, a):
				c.limitSizeFinding(i, st, a)
			}
		}
	}
}

// did describes what the record says the player did: "raised to 250",
// "called 40", "folded".
func (c *Context) did(st *replay.Step, a *hand.Action) string {
	h := c.H
	switch a.Kind {
	case hand.Fold:
		return "folded"
	case hand.Check:
		return "checked"
	case hand.Call:
		amt := st.Added
		if a.HasAmount {
			amt = a.Amount
		}
		return "called " + money(h, amt)
	case hand.Bet:
		return "bet " + money(h, a.To)
	case hand.Raise:
		if st.Window.CurrentBet == 0 {
			return "bet " + money(h, a.To)
		}
		return "raised to " + money(h, a.To)
	case hand.BringIn:
		return "brought in for " + money(h, a.Amount)
	case hand.Post:
		return "posted " + postName(a.PostKind) + " of " + money(h, a.Amount)
	}
	return a.Kind.String()
}

func postName(k hand.PostKind) string {
	switch k {
	case hand.PostSmallBlind:
		return "a small blind"
	case hand.PostBigBlind:
		return "a big blind"
	case hand.PostAnte:
		return "an ante"
	case hand.PostStraddle:
		return "a straddle"
	case hand.PostDead:
		return "a dead blind"
	case hand.PostBothBlind:
		return "small and big blinds"
	}
	return "a forced bet"
}

// isRaise reports whether a bet-or-raise action raises an existing bet
// (PHH records both as "cbr", so the window, not the kind, decides).
func isRaise(st *replay.Step) bool { return st.Window.CurrentBet > 0 }

// afterFold: a betting action by a player who had folded, was all-in or was
// not dealt in.
func (c *Context) afterFold(i int, st *replay.Step, a *hand.Action) bool {
	if a.Kind == hand.Fold && c.deadBlind(i, st) {
		return true // the room folding a dead hand: no fault of anyone's
	}
	var why string
	switch st.StatusBefore {
	case replay.Folded:
		why = "had already folded"
		if j := c.lastStepOf(i, st.Player, hand.Fold); j >= 0 {
			why += " " + onStreet(c.T.Steps[j].Street)
		}
	case replay.AllIn:
		why = "was already all-in"
	case replay.SittingOut:
		why = "was not dealt in"
	default:
		return false
	}
	f := c.atAction(checkAfterFold, i)
	f.Message = fmt.Sprintf("%s %s %s, but %s.", playerName(c.H, st.Player), c.did(st, a),
		onStreet(st.Street), why)
	c.emit(checkAfterFold, f)
	return true
}

// deadBlind reports whether step i, a fold by a player who is out of the
// hand or all-in, is the room folding a hand that its forced bets put
// all-in: a player sitting out (blinded off) who has taken no betting
// action. The room's software folds that hand; its chips stay in the pots
// they reached.
func (c *Context) deadBlind(i int, st *replay.Step) bool {
	p := st.Player
	if st.StatusBefore != replay.AllIn && !(st.StatusBefore == replay.Folded && c.H.Seats[p].SittingOut) {
		return false
	}
	if c.stackBefore(i, p) != 0 {
		return false
	}
	for j := 0; j < i; j++ {
		if b := &c.H.Actions[j]; b.Player == p && b.Kind.IsBetting() {
			return false
		}
	}
	return true
}

// lastStepOf returns the index of player p's last action of kind k before
// step i, or -1.
func (c *Context) lastStepOf(i, p int, k hand.ActionKind) int {
	for j := i - 1; j >= 0; j-- {
		if s := &c.T.Steps[j]; s.Player == p && s.Kind == k {
			return j
		}
	}
	return -1
}

// outOfTurn: a betting action by someone other than the player due to act.
func (c *Context) outOfTurn(i int, st *replay.Step, a *hand.Action) bool {
	w := &st.Window
	if w.ToAct == st.Player {
		return false
	}
	f := c.atAction(checkOutOfTurn, i)
	who := playerName(c.H, st.Player)
	if w.ToAct < 0 {
		f.Message = fmt.Sprintf("%s %s %s, but no one was due to act: the betting round was already closed.",
			who, c.did(st, a), onStreet(st.Street))
	} else {
		f.Message = fmt.Sprintf("%s %s %s out of turn; %s was next to act.",
			who, c.did(st, a), onStreet(st.Street), playerName(c.H, w.ToAct))
	}
	c.emit(checkOutOfTurn, f)
	return true
}

// Most bet and raise checks are a test, which step makes for each bet or
// raise (the compiler inlines it), and a ...Finding method that reports the
// fault, called only when the test finds one.

// notReopened: a raise by a player to whom betting was not reopened (TDA 47).
func notReopened(st *replay.Step) bool { return !st.Window.Open }

func (c *Context) notReopenedFinding(i int, st *replay.Step, a *hand.Action) {
	w := &st.Window
	f := c.atAction(checkNotReopened, i)
	expect(&f, w.CurrentBet, a.To)
	reason := w.OpenReason
	if reason == "" {
		reason = "only all-ins short of a full raise had come since " + playerName(c.H, st.Player) + " acted"
	}
	f.Message = fmt.Sprintf("%s %s %s, but the betting was not reopened to %s (%s); %s could only call %s (making %s) or fold.",
		playerName(c.H, st.Player), c.did(st, a), onStreet(st.Street), playerName(c.H, st.Player),
		reason, playerName(c.H, st.Player), money(c.H, w.ToCall), money(c.H, w.CurrentBet))
	c.emit(checkNotReopened, f)
}

// capExceeded: a fixed-limit bet or raise after the street was capped (TDA 48).
func capExceeded(g hand.Structure, st *replay.Step) bool {
	w := &st.Window
	return g == hand.FixedLimit && w.Cap > 0 && w.RaiseCount >= w.Cap
}

func (c *Context) capExceededFinding(i int, st *replay.Step, a *hand.Action) {
	w := &st.Window
	f := c.atAction(checkCapExceeded, i)
	expect(&f, w.CurrentBet, a.To)
	f.Message = fmt.Sprintf("%s %s %s, which would be bet number %d, but the betting was capped at %d bets; %s could only call %s (making %s) or fold.",
		playerName(c.H, st.Player), c.did(st, a), onStreet(st.Street), w.RaiseCount+1, w.Cap,
		playerName(c.H, st.Player), money(c.H, w.ToCall), money(c.H, w.CurrentBet))
	c.emit(checkCapExceeded, f)
}

// exceedsStack: a post, call, bet or raise putting in more than the player had.
func (c *Context) exceedsStack(i int, st *replay.Step, a *hand.Action) bool {
	var put hand.Amount // chips the record says this action put in
	switch a.Kind {
	case hand.Bet, hand.Raise:
		put = betPut(st, a)
	case hand.Call, hand.Post, hand.BringIn:
		if !a.HasAmount && a.Kind == hand.Call {
			return false // the record gives no amount; the replay calls what is owed
		}
		put = a.Amount
	default:
		return false
	}
	if put <= st.Added {
		// The replay took what the record put in, or as much of it as the
		// player had: the record put in no more than he had.
		return false
	}
	have := c.stackBefore(i, st.Player)
	if put <= have {
		return false
	}
	c.stackSkew += put - have
	f := c.atAction(checkExceedsStack, i)
	expect(&f, have, put)
	what := playerName(c.H, st.Player) + " " + c.did(st, a) + " " + onStreet(st.Street)
	if a.Kind == hand.Bet || a.Kind == hand.Raise {
		what += ", putting in " + money(c.H, put)
	}
	f.Message = fmt.Sprintf("%s, but had only %s left.", what, money(c.H, have))
	c.emit(checkExceedsStack, f)
	return true
}

// betPut is the chips a bet or raise puts in by the record: from the
// player's street total before it to the total the record raises to.
func betPut(st *replay.Step, a *hand.Action) hand.Amount { return a.To - (st.To - st.Added) }

// wrongCall: a call, with its amount recorded, of other than what was owed
// (the amount to call, or the caller's whole stack if less). The skew is
// kept so that the chips it leaves uncalled are not reported again.
//
// A call short of the bet, of all the other players left in the hand can
// match (the replay's Expected: the bettor has folded since), is one of two
// ways rooms record it, the rest of the bet coming back uncalled: accepted
// unless the house requires the whole bet (call_full_bet), and then the
// message says which reading the record followed.
func (c *Context) wrongCall(i int, st *replay.Step, a *hand.Action) bool {
	if !a.HasAmount || a.Amount == st.Window.ToCall {
		return false
	}
	matched := st.HasExpected && a.Amount == st.Expected
	extraSB := matched && st.Street == replay.Preflop && c.extraSmallBlind(st.Player)
	if matched && !extraSB && !c.T.Rules.CallFullBet {
		return false
	}
	d := a.Amount - st.Window.ToCall
	if d < 0 {
		d = -d
	}
	c.callSkew += d
	if a.Amount > st.Window.ToCall && d <= c.stackSkew {
		// The call matches a bet the record made beyond the bettor's
		// stack: that one fault is bet.exceeds-stack, already reported.
		return true
	}
	f := c.atAction(checkWrongCall, i)
	expect(&f, st.Window.ToCall, a.Amount)
	f.Message = fmt.Sprintf("%s called %s %s, but owed %s to call the bet of %s.",
		playerName(c.H, st.Player), money(c.H, a.Amount), onStreet(st.Street),
		money(c.H, st.Window.ToCall), money(c.H, st.Window.CurrentBet))
	switch {
	case extraSB:
		f.Message += fmt.Sprintf(" The record counts the small blind %s posted out of position live (as PartyPoker does); these rules count it dead ([blinds] extra_small_blind).",
			playerName(c.H, st.Player))
	case matched:
		f.Message += " The record called what the other players left in the hand could match, all that could be won;" +
			" the house requires a call of the whole bet (call_full_bet)."
	}
	c.emit(checkWrongCall, f)
	return true
}

// extraSmallBlind reports whether p posted a small blind out of position:
// after another small blind or a big blind (as the replay reads the
// forced bets that open the record).
func (c *Context) extraSmallBlind(p int) bool {
	blind := false
	for i := range c.H.Actions {
		a := &c.H.Actions[i]
		if a.Kind != hand.Post {
			break
		}
		switch a.PostKind {
		case hand.PostSmallBlind:
			if a.Player == p && blind {
				return true
			}
			blind = true
		case hand.PostBigBlind:
			blind = true
		}
	}
	return false
}

// underMinimum: a no-limit or pot-limit bet or raise, not all-in, below the minimum (TDA 43).
func underMinimum(g hand.Structure, st *replay.Step, a *hand.Action) bool {
	w := &st.Window
	return g != hand.FixedLimit && !st.AllIn && w.MinRaiseTo > 0 && a.To < w.MinRaiseTo
}

func (c *Context) underMinimumFinding(i int, st *replay.Step, a *hand.Action) {
	w := &st.Window
	f := c.atAction(checkUnderMinimum, i)
	expect(&f, w.MinRaiseTo, a.To)
	who := playerName(c.H, st.Player)
	if isRaise(st) {
		f.Message = fmt.Sprintf("%s raised to %s %s; the minimum raise was to %s (last full raise %s).",
			who, money(c.H, a.To), onStreet(st.Street), money(c.H, w.MinRaiseTo), money(c.H, w.FullRaise))
	} else {
		f.Message = fmt.Sprintf("%s bet %s %s; the minimum bet was %s.",
			who, money(c.H, a.To), onStreet(st.Street), money(c.H, w.MinRaiseTo))
	}
	c.emit(checkUnderMinimum, f)
}

// overPotLimit: a pot-limit bet or raise above the pot-limit maximum (TDA 54).
func overPotLimit(g hand.Structure, st *replay.Step, a *hand.Action) bool {
	w := &st.Window
	return g == hand.PotLimit && w.PotLimitMax > 0 && a.To > w.PotLimitMax
}

func (c *Context) overPotLimitFinding(i int, st *replay.Step, a *hand.Action) {
	w := &st.Window
	f := c.atAction(checkOverPotLimit, i)
	expect(&f, w.PotLimitMax, a.To)
	who := playerName(c.H, st.Player)
	if isRaise(st) {
		f.Message = fmt.Sprintf("%s raised to %s %s; the pot-limit maximum was a raise to %s.",
			who, money(c.H, a.To), onStreet(st.Street), money(c.H, w.PotLimitMax))
	} else {
		f.Message = fmt.Sprintf("%s bet %s %s; the pot-limit maximum was a bet of %s.",
			who, money(c.H, a.To), onStreet(st.Street), money(c.H, w.PotLimitMax))
	}
	c.emit(checkOverPotLimit, f)
}

// wrongLimitSize: a fixed-limit bet or raise that is not the fixed size,
// unless the player is all-in for less. (MaxRaiseTo is the fixed size too,
// but on stud's fourth street with an open pair, where it is the big bet.)
func wrongLimitSize(g hand.Structure, st *replay.Step, a *hand.Action) bool {
	w := &st.Window
	if g != hand.FixedLimit || w.MinRaiseTo <= 0 {
		return false
	}
	return a.To != w.MinRaiseTo && a.To != w.MaxRaiseTo && !(st.AllIn && a.To < w.MinRaiseTo)
}

func (c *Context) wrongLimitSizeFinding(i int, st *replay.Step, a *hand.Action) {
	w := &st.Window
	f := c.atAction(checkWrongLimitSize, i)
	expect(&f, w.MinRaiseTo, a.To)
	who := playerName(c.H, st.Player)
	size := ""
	if w.FixedSize > 0 {
		size = " (the fixed size is " + money(c.H, w.FixedSize) + ")"
	}
	if isRaise(st) {
		f.Message = fmt.Sprintf("%s raised to %s %s; the fixed-limit raise was to %s%s.",
			who, money(c.H, a.To), onStreet(st.Street), money(c.H, w.MinRaiseTo), size)
	} else {
		f.Message = fmt.Sprintf("%s bet %s %s; the fixed-limit bet was %s.",
			who, money(c.H, a.To), onStreet(st.Street), money(c.H, w.MinRaiseTo))
	}
	c.emit(checkWrongLimitSize, f)
}

// blindAmount: a forced bet that differs from what the stakes require of
// the poster (the replay works that out, capping by the stack and following
// the ruleset's big-blind-ante order). A forced bet the stakes do not define
// is not judged.
func (c *Context) blindAmount(i int, st *replay.Step, a *hand.Action) bool {
	if !st.HasExpected || a.Amount == st.Expected {
		return false
	}
	if a.PostKind == hand.PostDead {
		// A dead blind may be the small or the big blind owed.
		s := &c.H.Stakes
		if have := c.stackBefore(i, st.Player); a.Amount == min(s.SmallBlind, have) || a.Amount == min(s.BigBlind, have) {
			return false
		}
	}
	f := c.atAction(checkBlindAmount, i)
	expect(&f, st.Expected, a.Amount)
	f.Message = fmt.Sprintf("%s posted %s of %s %s; the stakes (%s) call for %s.",
		playerName(c.H, st.Player), postName(a.PostKind), money(c.H, a.Amount), onStreet(st.Street),
		c.stakesText(), money(c.H, st.Expected))
	if have := c.stackBefore(i, st.Player); st.Expected == have {
		f.Message = fmt.Sprintf("%s posted %s of %s %s; with %s left the post is %s, all-in.",
			playerName(c.H, st.Player), postName(a.PostKind), money(c.H, a.Amount), onStreet(st.Street),
			money(c.H, have), money(c.H, have))
	}
	c.emit(checkBlindAmount, f)
	return true
}

// stakesText is the stakes as a reader knows them: "50/100, ante 10".
func (c *Context) stakesText() string {
	s := &c.H.Stakes
	t := money(c.H, s.SmallBlind) + "/" + money(c.H, s.BigBlind)
	if s.SmallBlind == 0 && s.BigBlind == 0 && s.SmallBet > 0 {
		t = money(c.H, s.SmallBet) + "/" + money(c.H, s.BigBet)
	}
	if s.Ante > 0 {
		t += ", ante " + money(c.H, s.Ante)
		if s.BigBlindAnte {
			t += " (big blind ante)"
		}
	}
	for _, x := range s.Straddles {
		t += ", straddle " + money(c.H, x)
	}
	return t
}

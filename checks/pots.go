package checks

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/handaudit/handaudit/hand"
	"github.com/handaudit/handaudit/replay"
)

// Pot checks compare what the record says was in the pots and who got it
// with what the replay computed.
//
// The record states its payout in one of three ways: explicit collections
// and uncalled-bet returns (PokerStars and most room logs), PHH winnings
// (collections only), or PHH finishing stacks (everything at once). For
// each player the checks work out how far what the record gives him is from
// what the rules give him, then explain that difference once, most specific
// explanation first:
//
//  1. pot.uncalled-not-returned: a player's uncalled bet was not (or not
//     exactly) returned. The chips left in the pot are then where the record
//     put them, so the winner who collected them is not blamed again.
//  2. pot.total-mismatch: the recorded total pot is not the chips put in; a
//     payout that matches the recorded total is not blamed again.
//  3. pot.rake-mismatch: the pot less what was collected is not the recorded
//     rake (chips vanished or were created), or the rake breaks the house
//     rule. A shortfall or excess that lies wholly with the winners is this
//     fault alone.
//  4. pot.odd-chip: what is left is a zero-sum shuffle of no more than the
//     odd chips among the co-winners of split pots.
//  5. pot.award-mismatch: anything else: chips went to the wrong player.
//
// Steps 4 and 5 need the replay to have decided every pot by the cards, and
// a record whose cards are sound: when a card appears twice
// (cards.duplicate), who won cannot be judged from them.
//
// pot.side-pot-mismatch compares the main and side pots the record lists,
// which rooms state after rake.
//
// A PHH record may give both winnings and finishing stacks: both are
// claims, and either can be the one that shows a fault. The finishing
// stacks are checked first; the winnings when the stacks showed none.
func checkPots(c *Context) {
	o := &c.H.Outcome
	before := c.found
	checkPotsBy(c, false)
	if o.HasFinishingStacks && o.HasWinnings && !c.collect && c.found == before && len(c.T.Committed) == len(c.H.Seats) {
		checkPotsBy(c, true)
	}
}

// checkPotsBy is checkPots by one account of the payout: the collects,
// else the finishing stacks (unless byWinnings), else the winnings.
func checkPotsBy(c *Context, byWinnings bool) {
	h, tr := c.H, c.T
	n := len(h.Seats)
	if len(tr.Committed) != n {
		return
	}
	o := &h.Outcome

	var recTake hand.Amount // rake and fees the record says the house took
	if o.HasRake {
		recTake = o.Rake
	}
	for _, fee := range o.Fees {
		recTake += fee.Amount
	}
	// A record that states no rake (PHH: its payouts are after rake)
	// implies one: the chips its payouts leave unaccounted (replay takes
	// them as the rake). It is judged against the house rule, or noted
	// when it is not a plausible rake (houseRake); never an error by itself.
	implied := !o.HasRake && len(o.Fees) == 0 && tr.HasImpliedRake && tr.ImpliedRake > 0
	if implied {
		recTake = tr.ImpliedRake
	}

	// How far what the record gives each player is from what the rules
	// give him: off gathers (by OR) each player's record less rules. When
	// it is zero, as on nearly every hand, there is nothing for steps 1, 4
	// and 5, and the per-seat amounts those read (payouts) are not needed.
	seats := c.seats[:n]
	mode := payoutNone
	var collected hand.Amount // what the record says winners collected
	var awarded hand.Amount   // what the rules award seated players
	var off hand.Amount
	switch {
	case c.collect:
		mode = payoutCollects
		collected = c.collected
		// The rules' awards and returns come off the record's collects
		// and returns, which leaves each seat's record less rules.
		for i := range tr.Awards {
			aw := &tr.Awards[i]
			if p := aw.Player; uint(p) < uint(n) {
				seats[p].collect -= aw.Amount
				awarded += aw.Amount
			}
		}
		for _, r := range tr.Returns {
			if p := r.Player; uint(p) < uint(n) {
				seats[p].ret -= r.Amount
			}
		}
		for p := range seats {
			off |= seats[p].collect | seats[p].ret
		}
	case !byWinnings && o.HasFinishingStacks && len(o.FinishingStacks) == n && len(tr.FinishingStacks) == n:
		mode = payoutFinishing
		awarded = seatedAwards(tr, n)
		// Finishing stacks net returns and collections: the sum of record
		// less rules is what was collected beyond the awards, less what
		// was not returned.
		collected = awarded
		recStacks, ruleStacks := o.FinishingStacks[:n], tr.FinishingStacks[:n]
		for p := range recStacks {
			x := recStacks[p] - ruleStacks[p]
			collected += x
			off |= x
		}
	case o.HasWinnings && len(o.Winnings) == n:
		mode = payoutWinnings
		awarded = seatedAwards(tr, n)
		for _, x := range o.Winnings {
			collected += x
		}
		off = 1 // to be found by payouts
	}
	var pay *payouts // made only when off
	if off != 0 {
		pay = c.payouts(mode)
		if mode == payoutWinnings {
			off = 0
			for _, x := range pay.d {
				off |= x
			}
		}
	}

	// 1. Uncalled bets. unreturned is what the record left in the pot;
	// inCollect what it paid back within a collect (UncalledInCollect),
	// which is then no part of what was collected from the pot.
	var unreturned, inCollect hand.Amount
	if off != 0 {
		unreturned, inCollect = c.uncalledBets(pay.d, pay.recRet, pay.expRet, mode)
		collected -= inCollect
	}
	if mode == payoutFinishing {
		collected += unreturned
	}
	// The chips a bettor did not get back went to whoever collected the pot.
	absorbed := false
	if unreturned != 0 {
		absorbed = absorb(pay.d, unreturned)
	}

	// 2. The total pot. Left-over uncalled chips may be counted in it or
	// not: either way that is the uncalled-bet fault, already reported.
	gross := tr.TotalPot + unreturned // the pot if the record left them in it
	pot := tr.TotalPot                // the pot the record states
	totalFired := false
	if o.HasTotalPot {
		pot = o.TotalPot
		// Chips the record put in beyond a stack (bet.exceeds-stack) are
		// in the pot it states: that fault is reported once.
		skewed := c.stackSkew > 0 && pot > tr.TotalPot && pot <= gross+c.stackSkew
		if pot != tr.TotalPot && pot != gross && !skewed {
			totalFired = true
			c.totalFinding(tr.TotalPot, pot, unreturned)
		}
	}
	c.sidePots(unreturned)
	if mode == payoutNone {
		c.houseRake(tr.TotalPot, recTake, 0)
		return
	}
	// A record that states no rake implies one from its payouts (888's
	// collects, iPoker's and PHH's stacks). When they pay beyond the pot
	// the rules make, an uncalled bet the record kept in the pot (step 1,
	// reported there) is chips that fault moved to the winners, not a
	// rake below nothing: the rake the record implies is what its payouts
	// leave of the pot as it keeps it, judged as any implied rake. Payouts
	// beyond even that pot are a fault of their own.
	var kept hand.Amount
	if unreturned > 0 && !o.HasRake && len(o.Fees) == 0 && tr.HasImpliedRake && collected > tr.TotalPot && gross >= collected {
		kept, recTake = unreturned, gross-collected
		if off != 0 && !absorbed {
			// The replay awarded the pots unraked (their payouts imply
			// no rake of the pot it makes): the player paid most beyond
			// his award took the bet in, less his share of the rake.
			absorbNetOfRake(pay.d, kept, recTake)
		}
	}

	// 3. The pot less what was collected must be the recorded take. A
	// payout that matches the real pot, or the pot as the record states or
	// keeps it, is at most the fault reported above.
	rakeFired := tr.TotalPot-collected != recTake && gross-collected != recTake && pot-collected != recTake
	if rakeFired && !o.HasRake && len(o.Fees) == 0 && c.skewExplains(tr.TotalPot-collected-recTake) {
		// A record that states no rake only implies one, from payouts
		// that net its own bets (iPoker's finishing stacks are its chips
		// less its bets plus its wins; 888's and PHH's payouts are after
		// rake): after a wrong call or a bet beyond a stack, reported
		// there, what they leave unaccounted is that fault's chips, and no
		// rake can be judged apart from it. A stated rake is a claim of
		// its own, judged below.
		if off == 0 || c.fouled || !awardsComplete(tr, awarded, recTake) {
			return
		}
		c.shares(pay, mode, false)
		return
	}
	if rakeFired {
		base := tr.TotalPot
		if unreturned > 0 && collected > tr.TotalPot-recTake {
			base = gross
		}
		c.rakeFinding(base, collected, recTake, mode)
	} else {
		// A rake that breaks the house rule explains a shortfall or an
		// excess that lies with the winners, as an accounting fault does.
		rakeFired = c.houseRake(tr.TotalPot, recTake, kept)
	}
	if off == 0 || c.fouled || !awardsComplete(tr, awarded, recTake) {
		return // off == 0: d is all zero (nothing was unreturned to absorb)
	}

	// 4, 5. What is left of d.
	c.shares(pay, mode, !(unreturned != 0 || totalFired || rakeFired))
}

// seatedAwards is what the rules award seated players.
func seatedAwards(tr *replay.Trace, n int) (awarded hand.Amount) {
	for i := range tr.Awards {
		if aw := &tr.Awards[i]; uint(aw.Player) < uint(n) {
			awarded += aw.Amount
		}
	}
	return awarded
}

// payouts is the per-seat amounts of checkPots' steps 1, 4 and 5, made
// only for a hand whose payout is off: d, what the record gives each
// player less what the rules give him; recRet, what the record returns to
// him as uncalled (collects only); expRet, the uncalled bets the rules
// return; expGot, the pot shares they award; and short, over and alt,
// zeroed, for the odd chips a split may move (oddChipOnly, otherReading).
type payouts struct {
	d, recRet, expRet, expGot []hand.Amount
	short, over, alt          []hand.Amount
	mem                       []hand.Amount // reused across hands
}

// payouts makes c.pay for the hand, under mode.
func (c *Context) payouts(mode payoutMode) *payouts {
	h, tr, seats, pay := c.H, c.T, c.seats, &c.pay
	n := len(seats)
	if cap(pay.mem) < 7*n {
		pay.mem = make([]hand.Amount, 7*n)
	}
	a := pay.mem[:7*n]
	clear(a)
	d, recRet, expRet, expGot := a[:n], a[n:2*n], a[2*n:3*n], a[3*n:4*n]
	pay.d, pay.recRet, pay.expRet, pay.expGot = d, recRet, expRet, expGot
	pay.short, pay.over, pay.alt = a[4*n:5*n], a[5*n:6*n], a[6*n:]
	for _, r := range tr.Returns {
		if uint(r.Player) < uint(n) {
			expRet[r.Player] += r.Amount
		}
	}
	for i := range tr.Awards {
		if aw := &tr.Awards[i]; uint(aw.Player) < uint(n) {
			expGot[aw.Player] += aw.Amount
		}
	}
	o := &h.Outcome
	switch mode {
	case payoutCollects:
		// checkPots took the rules' off the record's.
		for p := range seats {
			d[p] = seats[p].collect
			recRet[p] = seats[p].ret + expRet[p]
		}
	case payoutFinishing:
		for p := range d {
			d[p] = o.FinishingStacks[p] - tr.FinishingStacks[p]
		}
	case payoutWinnings:
		for p := range d {
			d[p] = o.Winnings[p] - expGot[p]
		}
	}
	return pay
}

// shares is steps 4 and 5 of checkPots, on a hand whose d is not all
// zero: it reports what is left of d. A deviation wholly explained by the
// accounting findings (unexplained is false when there are some) lies
// with the winners and has one sign.
func (c *Context) shares(pay *payouts, mode payoutMode, unexplained bool) {
	d, expGot := pay.d, pay.expGot
	if c.rules().OddChip == replay.OddChipLeftOfButton && c.followedOtherReading(d, pay.alt) {
		// The record split by the other reading of TDA 20-A, which is
		// accepted: what is left of d is judged (another fault, if any).
		for p := range d {
			d[p] -= pay.alt[p]
		}
		clear(pay.alt)
	}
	var sum hand.Amount
	mixed := false
	sign := 0
	for _, x := range d {
		if x == 0 {
			continue
		}
		sum += x
		s := 1
		if x < 0 {
			s = -1
		}
		if sign == 0 {
			sign = s
		} else if s != sign {
			mixed = true
		}
	}
	if sign == 0 {
		return
	}
	if !mixed && !unexplained {
		return
	}
	if c.stackSkew > 0 && c.withinStackSkew(d) {
		return // the chips of a bet beyond a stack, paid as the record believed: bet.exceeds-stack
	}
	if sum == 0 {
		clear(pay.alt)
		reading := c.otherReading(d, pay.alt)
		if reading != readingNone && c.rules().OddChip == replay.OddChipLeftOfButton {
			return // the record followed the other reading of TDA 20-A: both are accepted
		}
		if c.oddChipOnly(d, pay.short, pay.over) {
			c.oddChipFinding(d, expGot, mode, reading)
			return
		}
	}
	c.awardFinding(d, expGot, mode)
}

// skewExplains reports whether chips the payouts leave unaccounted (or,
// negative, pay beyond the pot) beside the take are no more than the chips
// by which recorded calls missed what was owed and the record put in beyond
// stacks: that one fault, already reported, not a rake.
func (c *Context) skewExplains(missing hand.Amount) bool {
	skew := c.callSkew + c.stackSkew
	return skew > 0 && abs(missing) <= skew
}

// withinStackSkew reports whether no player's payout is off by more than
// the chips the record put in beyond a stack (stackSkew): the record paid
// them as if they had been there.
func (c *Context) withinStackSkew(d []hand.Amount) bool {
	for _, x := range d {
		if abs(x) > c.stackSkew {
			return false
		}
	}
	return true
}

// awardsComplete reports whether the replay's awards are a full account
// of the pot: only if the replay could decide every pot; otherwise who got
// what is not judged.
func awardsComplete(tr *replay.Trace, awarded, recTake hand.Amount) bool {
	if len(tr.Undecided) != 0 {
		return false
	}
	var potRake hand.Amount
	for k := range tr.Pots {
		potRake += tr.Pots[k].Rake
	}
	return awarded+potRake == tr.TotalPot || awarded+tr.Rake == tr.TotalPot || awarded+recTake == tr.TotalPot
}

type payoutMode uint8

const (
	payoutNone      payoutMode = iota
	payoutCollects             // Collect and UncalledReturn actions
	payoutFinishing            // finishing stacks
	payoutWinnings             // PHH winnings
)

// uncalledBets is step 1 of checkPots: it reports each player whose
// uncalled bet the record did not return exactly, and returns what the
// record left in the pot. With finishing stacks a player short by exactly
// his uncalled bet did not get it back; his d is cleared, as that is the
// uncalled-bet fault.
func (c *Context) uncalledBets(d, recRet, expRet []hand.Amount, mode payoutMode) (unreturned, inCollect hand.Amount) {
	for p := range d {
		var rec hand.Amount
		switch mode {
		case payoutCollects:
			rec = recRet[p]
			switch x := expRet[p]; {
			case rec != 0 || x <= 0:
			case c.returnedSilently(p, x):
				rec = x
			case c.rules() != nil && c.rules().UncalledInCollect && d[p] >= x:
				// The room paid it back within the pot he collected:
				// his collect is x more than the pot he won.
				rec = x
				d[p] -= x
				inCollect += x
			}
		case payoutFinishing:
			// Finishing stacks do not say what was returned; a player
			// short by exactly his uncalled bet did not get it back.
			if expRet[p] == 0 || d[p] != -expRet[p] {
				continue
			}
			d[p] = 0
		default:
			return 0, 0 // winnings say nothing about returns
		}
		if rec == expRet[p] {
			continue
		}
		unreturned += expRet[p] - rec
		if miss := expRet[p] - rec; miss <= c.callSkew+c.stackSkew && -miss <= c.callSkew+c.stackSkew {
			continue // chips left over by a wrong call or a bet beyond a stack, reported there
		}
		unmatched := mode == payoutCollects && c.unmatchedReturned(p, rec-expRet[p], d)
		if unmatched && (c.rules() == nil || !c.rules().UnmatchedAnteSidePot) {
			continue // the other reading of chips no one matched: accepted
		}
		var asRake string
		if mode == payoutFinishing {
			asRake = c.notRakeReason(p, expRet[p])
		}
		c.uncalledFinding(p, expRet[p], rec, unmatched, asRake)
	}
	return unreturned, inCollect
}

// returnedSilently reports whether player p's uncalled bet x was given
// back although the record has no line returning it (ReturnedSilently).
func (c *Context) returnedSilently(p int, x hand.Amount) bool {
	return returnedSilently(c.H, c.T, c.collected, p, x)
}

// ReturnedSilently reports whether player p's uncalled bet x (as the
// replay t computed it) was given back although the record h has no line
// returning it, as older PokerStars exports write none: the record keeps
// it in the pot only if its stated total counts it, or if the collects
// and the rake take it out of the pot; never in a room whose records pay it
// back where it can be seen (UncalledNeverSilent). The dispute analyzer's
// settlement reads the record as pot.uncalled-not-returned does.
func ReturnedSilently(h *hand.Hand, t *replay.Trace, p int, x hand.Amount) bool {
	var collected hand.Amount
	for i := range h.Actions {
		if a := &h.Actions[i]; a.Kind == hand.Collect {
			collected += a.Amount
		}
	}
	return returnedSilently(h, t, collected, p, x)
}

func returnedSilently(h *hand.Hand, t *replay.Trace, collected hand.Amount, p int, x hand.Amount) bool {
	if t.Rules != nil && t.Rules.UncalledNeverSilent {
		return false // the room pays it back where it can be seen, or not at all
	}
	for i := range h.Actions {
		if a := &h.Actions[i]; a.Player == p && a.Kind == hand.UncalledReturn {
			return false // the record returned something: its amount is judged
		}
	}
	o := &h.Outcome
	take := o.Rake
	for _, f := range o.Fees {
		take += f.Amount
	}
	if o.HasTotalPot && o.TotalPot >= t.TotalPot+x {
		return false
	}
	return collected+take <= t.TotalPot
}

// absorb removes from d an amount m that went into the pot and was
// collected: if the players on m's side of d add up to m exactly, their
// share is cleared; otherwise the player furthest on m's side, if he alone
// covers it (the others' deviations, an odd chip say, are left to judge).
// It reports whether it removed m.
func absorb(d []hand.Amount, m hand.Amount) bool {
	if m == 0 {
		return false
	}
	var same hand.Amount
	one := -1
	for p, x := range d {
		if (m > 0 && x > 0) || (m < 0 && x < 0) {
			same += x
			if one < 0 || (m > 0 && x > d[one]) || (m < 0 && x < d[one]) {
				one = p
			}
		}
	}
	switch {
	case same == m:
		for p, x := range d {
			if (m > 0 && x > 0) || (m < 0 && x < 0) {
				d[p] = 0
			}
		}
	case one >= 0 && ((m > 0 && d[one] >= m) || (m < 0 && d[one] <= m)):
		d[one] -= m
	default:
		return false
	}
	return true
}

// absorbNetOfRake removes from d an uncalled bet kept that a winner took
// in, in a record whose payouts are after a rake (rake, in all) the replay
// did not award the pots net of: the player paid most beyond his award,
// when that is at least kept less the rake, took it in.
func absorbNetOfRake(d []hand.Amount, kept, rake hand.Amount) {
	one := -1
	for p, x := range d {
		if x > 0 && (one < 0 || x > d[one]) {
			one = p
		}
	}
	if one >= 0 && d[one] >= kept-rake {
		d[one] -= kept
	}
}

// firstAction returns the index of player p's first action of kind k, or -1.
func (c *Context) firstAction(p int, k hand.ActionKind) int {
	for i := range c.H.Actions {
		if a := &c.H.Actions[i]; a.Player == p && a.Kind == k {
			return i
		}
	}
	return -1
}

// unmatchedReturned reports whether the record returned to p, beyond his
// uncalled bet, x: the chips he put in that no other player matched (an
// ante over a short all-in one), which the rules leave in a side pot he
// alone contests and wins, and the record instead gives back as uncalled
// (PokerStars: "Uncalled bet (124) returned" of a 25 ante and a 100 big
// blind over a 1-chip all-in ante), collecting that much less. The same
// chips reach the same player: two readings, both accepted unless the
// house requires the side pot ([antes] unmatched = "side-pot").
func (c *Context) unmatchedReturned(p int, x hand.Amount, d []hand.Amount) bool {
	if x <= 0 || d[p] != -x {
		return false
	}
	var most hand.Amount // the most any other player put in
	for q, v := range c.T.Committed {
		if q != p {
			most = max(most, v)
		}
	}
	return c.T.Committed[p]-most == x
}

// notRakeReason is, for a winner p whose finishing stack is short by
// exactly his uncalled bet x in a record that implies its rake with no
// house rule to judge it, why the other reading (x given back and a rake
// of x more taken from his winnings, see replay's notReturned) was not
// taken: that rake would not be plausible. "" when there is no such
// reading.
func (c *Context) notRakeReason(p int, x hand.Amount) string {
	o := &c.H.Outcome
	if o.HasRake || len(o.Fees) != 0 || !c.T.HasImpliedRake || c.T.HasExpectedRake {
		return ""
	}
	var won hand.Amount
	for i := range c.T.Awards {
		if c.T.Awards[i].Player == p {
			won += c.T.Awards[i].Amount
		}
	}
	if won < x {
		return "" // no rake of x comes from him
	}
	rake := max(c.T.ImpliedRake, 0) + x
	return replay.ImplausibleRake(c.T.TotalPot, rake, len(c.T.Boards) > 0 && len(c.T.Boards[0]) >= 3, c.live >= 2)
}

// uncalledFinding reports p's uncalled bet want returned as got; asRake,
// if set, is why the record was not read as the bet given back and a rake
// of it taken (notRakeReason).
func (c *Context) uncalledFinding(p int, want, got hand.Amount, unmatched bool, asRake string) {
	ck := checkUncalled
	var f Finding
	if i := c.firstAction(p, hand.UncalledReturn); i >= 0 {
		f = c.atAction(ck, i)
	} else if j := c.returnStep(p); j >= 0 {
		f = c.atAction(ck, j) // where the bet should have come back
	} else {
		f = c.atOutcome(ck)
	}
	c.setPlayer(&f, p)
	expect(&f, want, got)
	who := playerName(c.H, p)
	switch {
	case got == 0:
		f.Message = fmt.Sprintf("%s's uncalled bet of %s was not returned to %s.", who, money(c.H, want), who)
	case want == 0:
		f.Message = fmt.Sprintf("%s was returned %s as an uncalled bet, but all of %s's bets were called.", who, money(c.H, got), who)
	default:
		f.Message = fmt.Sprintf("%s was returned %s as an uncalled bet; the uncalled part of %s's bet was %s.", who, money(c.H, got), who, money(c.H, want))
	}
	if asRake != "" {
		f.Message += fmt.Sprintf(" The finishing stacks leave %s exactly that much short of his winnings: read as the bet given back and %s more rake taken from them, the record's implied rake would be %s of a %s pot, not a plausible rake (%s); so the record is read as keeping the bet.",
			who, money(c.H, want-got), money(c.H, max(c.T.ImpliedRake, 0)+want-got), money(c.H, c.T.TotalPot), asRake)
	}
	if unmatched {
		f.Message += fmt.Sprintf(" The record returned as uncalled the %s %s put in that no one matched; the house requires it as a side pot he alone contests ([antes] unmatched = \"side-pot\").",
			money(c.H, got-want), who)
	}
	c.emit(ck, f)
}

// returnStep is the step after which the rules return p's uncalled bet, or -1.
func (c *Context) returnStep(p int) int {
	for _, r := range c.T.Returns {
		if r.Player == p && r.Step >= 0 && r.Step < len(c.H.Actions) {
			return r.Step
		}
	}
	return -1
}

func (c *Context) totalFinding(want, got, unreturned hand.Amount) {
	f := c.atOutcome(checkTotalPot)
	expect(&f, want, got)
	f.Message = fmt.Sprintf("The record states a total pot of %s, but the players put in %s.",
		money(c.H, got), money(c.H, want))
	if unreturned != 0 {
		f.Message = fmt.Sprintf("The record states a total pot of %s, but the players put in %s (%s with the uncalled %s the record did not return).",
			money(c.H, got), money(c.H, want), money(c.H, want+unreturned), money(c.H, unreturned))
	}
	c.emit(checkTotalPot, f)
}

func (c *Context) rakeFinding(pot, collected, rake hand.Amount, mode payoutMode) {
	f := c.atOutcome(checkRake)
	expect(&f, pot-collected, rake)
	what := "collected"
	if mode == payoutFinishing {
		what = "paid out by the finishing stacks"
	}
	stated := "the recorded rake is " + money(c.H, rake)
	if !c.H.Outcome.HasRake && len(c.H.Outcome.Fees) == 0 {
		stated = "the record states no rake"
	}
	missing := pot - collected
	if missing >= 0 {
		f.Message = fmt.Sprintf("Of a %s pot, %s was %s, leaving %s; %s.",
			money(c.H, pot), money(c.H, collected), what, money(c.H, missing), stated)
	} else {
		f.Message = fmt.Sprintf("Of a %s pot, %s was %s, %s more than the pot; %s.",
			money(c.H, pot), money(c.H, collected), what, money(c.H, -missing), stated)
	}
	c.emit(checkRake, f)
}

// houseRake checks the recorded rake against the house rake rule, when the
// ruleset has one (the replay computes what it takes) and the record
// states a rake or implies one (a PHH record's payouts are after rake). An
// implied rake with no house rule is noted (pot.implied-rake, info) only
// when it is not a plausible rake. kept is an uncalled bet the record kept
// in the pot (an implied rake is then what its payouts leave of pot and
// kept): the rake may be the house's on either pot, the one the rules make
// or the one the record kept, as the fault moved those chips, not the rake.
func (c *Context) houseRake(pot, rake, kept hand.Amount) (fired bool) {
	rs := c.rules()
	o := &c.H.Outcome
	// A record that states no rake but has payouts implies one (none, when
	// its payouts add up to the pot).
	implied := !o.HasRake && len(o.Fees) == 0 && c.T.HasImpliedRake && (c.T.ImpliedRake >= 0 || kept > 0)
	if rs == nil || !(o.HasRake || implied) {
		return false
	}
	if !c.T.HasExpectedRake {
		if implied && rake > 0 {
			c.impliedRake(pot, rake, kept)
		}
		return false
	}
	if want := c.T.ExpectedRake; rake != want {
		if kept > 0 {
			if alt, ok := rs.ExpectedRake(pot+kept, c.sawFlop(), c.H.Scale); ok && rake == alt {
				return false
			}
		}
		c.houseRakeFinding(pot, rake, want, rs, implied, kept)
		return true
	}
	return false
}

func (c *Context) houseRakeFinding(pot, rake, want hand.Amount, rs *replay.Ruleset, implied bool, kept hand.Amount) {
	f := c.atOutcome(checkRake)
	expect(&f, want, rake)
	rule := fmt.Sprintf("%d.%02d%% of the pot", rs.RakeBasisPoints/100, rs.RakeBasisPoints%100)
	if !rs.RakeCap.IsZero() {
		capped, _ := rs.RakeCap.In(c.H.Scale)
		rule += ", capped at " + money(c.H, capped)
	}
	if rs.NoFlopNoDrop {
		rule += ", no flop no drop"
	}
	stated := "The recorded rake is " + money(c.H, rake)
	if implied {
		stated = fmt.Sprintf("The record states no rake, but its %s leave %s of the pot unaccounted: its implied rake",
			c.payoutWord(), money(c.H, rake))
	}
	f.Message = fmt.Sprintf("%s; the house rule (%s) takes %s from a %s pot",
		stated, rule, money(c.H, want), money(c.H, pot))
	if kept > 0 {
		alt, _ := rs.ExpectedRake(pot+kept, c.sawFlop(), c.H.Scale)
		f.Message += fmt.Sprintf(", and %s from the %s pot with the uncalled %s the record kept in it", money(c.H, alt), money(c.H, pot+kept), money(c.H, kept))
	}
	f.Message += "."
	c.emit(checkRake, f)
}

// payoutWord names what a PHH record pays out with.
func (c *Context) payoutWord() string {
	if c.H.Outcome.HasFinishingStacks {
		return "finishing stacks"
	}
	return "winnings"
}

// impliedRake notes an implied rake that is not a plausible rake, with no
// house rule to judge it by: more than a tenth of the pot, or any rake on
// a pot won uncontested before the flop (no flop, no drop). kept is an
// uncalled bet the record kept in the pot, whose pot the rake is then of.
func (c *Context) impliedRake(pot, rake, kept hand.Amount) {
	pot += kept
	why := replay.ImplausibleRake(pot, rake, len(c.T.Boards) > 0 && len(c.T.Boards[0]) >= 3, c.live >= 2)
	if why == "" {
		return // a plausible rake: counted in the run's summary only
	}
	f := c.atOutcome(checkImpliedRake)
	expect(&f, 0, rake)
	f.HasExpected = false
	with := ""
	if kept > 0 {
		with = fmt.Sprintf(" (with the uncalled %s the record kept in it)", money(c.H, kept))
	}
	f.Message = fmt.Sprintf("The record states no rake, but its %s leave %s of a %s pot%s unaccounted: an implied rake that is not a plausible one (%s).",
		c.payoutWord(), money(c.H, rake), money(c.H, pot), with, why)
	c.emit(checkImpliedRake, f)
}

// sidePots compares the pots the record lists with the replay's. Rooms
// list pots after rake, and the record says what was taken from each pot
// only through what was collected from it: a listed pot is right when it
// is the pot the players' contributions make, or that pot less the rake
// the replay took from it (the record's own split, see
// replay.allocateRake), or what the record's collects from it add up to
// (no more than the pot). A pot is not blamed for an uncalled bet the
// record kept in it (unreturned): that is pot.uncalled-not-returned. The
// findings are made apart, so that this test stays small where checkPots
// inlines it.
func (c *Context) sidePots(unreturned hand.Amount) {
	rec := c.H.Outcome.Pots
	comp := c.T.Pots
	if len(rec) == 0 {
		return
	}
	if len(rec) != len(comp) {
		if unreturned > 0 && len(rec) == len(comp)+1 && rec[len(rec)-1] == unreturned {
			// The record keeps an uncalled bet as a pot of its own: that
			// is pot.uncalled-not-returned, already reported.
			rec = rec[:len(comp)]
		} else {
			c.potCountFinding(rec, comp)
			return
		}
	}
	// One pass finds whether any pot is other than the replay's, before or
	// after its rake, as none nearly always is.
	off := false
	comp = comp[:len(rec)]
	for k, x := range rec {
		want := comp[k].Amount
		off = off || (x != want && x != want-comp[k].Rake)
	}
	if off {
		c.sidePotsOff(rec, unreturned)
	}
}

// sidePotsOff reports the listed pots that are none of what sidePots
// accepts.
func (c *Context) sidePotsOff(rec []hand.Amount, unreturned hand.Amount) {
	comp := c.T.Pots
	collected := make([]hand.Amount, len(comp))
	has := make([]bool, len(comp))
	for i := range c.H.Actions {
		if a := &c.H.Actions[i]; a.Kind == hand.Collect && a.Pot >= 0 && a.Pot < len(comp) {
			collected[a.Pot] += a.Amount
			has[a.Pot] = true
		}
	}
	for k, x := range rec {
		want := comp[k].Amount
		switch {
		case x == want || x == want-comp[k].Rake:
		case has[k] && x == collected[k] && x <= want:
		case unreturned > 0 && (x == want+unreturned || has[k] && x == collected[k] && x <= want+unreturned):
		default:
			var col *hand.Amount
			if has[k] {
				col = &collected[k]
			}
			c.sidePotFinding(k, x, &comp[k], col)
		}
	}
}

// potCountFinding: the record lists another number of pots than the
// players' contributions make.
func (c *Context) potCountFinding(rec []hand.Amount, comp []replay.Pot) {
	f := c.atOutcome(checkSidePots)
	expect(&f, hand.Amount(len(comp)), hand.Amount(len(rec)))
	f.HasExpected, f.HasRecorded = false, false
	f.Message = fmt.Sprintf("The record lists %s; the players' contributions make %s.",
		c.potList(rec), c.potList(potAmounts(comp)))
	c.emit(checkSidePots, f)
}

// sidePotFinding: the record lists pot k as rec, and the replay computed
// comp; collected is what the record's collects take from it, if any.
func (c *Context) sidePotFinding(k int, rec hand.Amount, comp *replay.Pot, collected *hand.Amount) {
	want := comp.Amount
	f := c.atOutcome(checkSidePots)
	expect(&f, want, rec)
	name := potName(k)
	f.Message = fmt.Sprintf("The record lists the %s as %s; the players' contributions make it %s%s",
		name, money(c.H, rec), money(c.H, want), c.eligibleText(comp.Eligible))
	if collected != nil {
		f.Message += fmt.Sprintf(", and the record's collects from it add up to %s", money(c.H, *collected))
	}
	f.Message += "."
	c.emit(checkSidePots, f)
}

func potAmounts(ps []replay.Pot) []hand.Amount {
	out := make([]hand.Amount, len(ps))
	for i, p := range ps {
		out[i] = p.Amount
	}
	return out
}

func potName(k int) string {
	if k == 0 {
		return "main pot"
	}
	return fmt.Sprintf("side pot %d", k)
}

func (c *Context) potList(amts []hand.Amount) string {
	if len(amts) == 1 {
		return "one pot of " + money(c.H, amts[0])
	}
	parts := make([]string, len(amts))
	for k, x := range amts {
		parts[k] = potName(k) + " " + money(c.H, x)
	}
	return fmt.Sprintf("%d pots (%s)", len(amts), strings.Join(parts, ", "))
}

func (c *Context) eligibleText(el []int) string {
	if len(el) == 0 {
		return ""
	}
	names := make([]string, len(el))
	for i, p := range el {
		names[i] = playerName(c.H, p)
	}
	return " (contested by " + strings.Join(names, ", ") + ")"
}

// splitKey names the awards of one pot, board and half: one split.
type splitKey struct {
	pot, board int
	half       replay.Half
}

func keyOf(aw *replay.Award) splitKey { return splitKey{aw.Pot, aw.Board, aw.Half} }

// splitOdd is, for the split award i (the replay lists a split's awards
// together, the first winner left of the button first), the index of the
// split's first award, the number of its winners and the odd chips it
// gave in all.
func splitOdd(aw []replay.Award, i int) (first, winners int, odd hand.Amount) {
	k := keyOf(&aw[i])
	first = -1
	for j := range aw {
		if keyOf(&aw[j]) == k && aw[j].Amount > 0 {
			if first < 0 {
				first = j
			}
			winners++
			odd += aw[j].OddChip
		}
	}
	return first, winners, odd
}

// oddChipOnly reports whether the deviations d (which add up to zero) are
// confined to co-winners of split pots and are no more than the odd chips
// can move: a winner may get as little as his even share (less the odd
// chips the rules gave him) and as much as his even share and every odd
// chip of the split. A split paid more unequally than that (by the rake,
// say) is a wrong award, not an odd chip. short and over are per-seat
// scratch, zeroed, for those bounds.
func (c *Context) oddChipOnly(d, short, over []hand.Amount) bool {
	aw := c.T.Awards
	split := false
	for i := range aw {
		p := aw[i].Player
		if p < 0 || p >= len(short) || aw[i].Amount <= 0 {
			continue
		}
		_, winners, odd := splitOdd(aw, i)
		if winners < 2 {
			continue
		}
		split = true
		short[p] += aw[i].OddChip
		over[p] += odd - aw[i].OddChip
	}
	if !split {
		return false
	}
	for p, x := range d {
		if x < -short[p] || x > over[p] {
			return false
		}
	}
	return true
}

// oddReading says which reading of TDA 20-A a record's split followed.
type oddReading uint8

const (
	readingNone       oddReading = iota // neither the replay's nor the other
	readingAllToFirst                   // every odd chip to the first winner left of the button
	readingOneEach                      // one odd chip each, clockwise from the button
)

// followedOtherReading reports whether the record's splits follow the
// other reading of TDA 20-A rather than the replay's, whatever else is
// wrong with the record: taking the other reading's deltas off d brings no
// player's deviation further from zero and some nearer. alt, zeroed, gets
// the other reading's deltas.
func (c *Context) followedOtherReading(d, alt []hand.Amount) bool {
	if !c.otherDeltas(alt) {
		return false
	}
	nearer := false
	for p, x := range d {
		y := x - alt[p]
		if abs(y) > abs(x) {
			return false
		}
		nearer = nearer || abs(y) < abs(x)
	}
	return nearer
}

func abs(x hand.Amount) hand.Amount {
	if x < 0 {
		return -x
	}
	return x
}

// otherReading reports whether the record's split (d, the record less the
// replay's awards) is the other reading of TDA 20-A than the replay's:
// every odd chip to the first winner left of the button where the replay
// gave them one each, or one each where it gave them all to the first.
// The two differ only where a split leaves two or more odd chips among
// three or more winners. alt is per-seat scratch, zeroed.
func (c *Context) otherReading(d, alt []hand.Amount) oddReading {
	if !c.otherDeltas(alt) {
		return readingNone
	}
	for p, x := range d {
		if x != alt[p] {
			return readingNone
		}
	}
	if c.rules().OddChip == replay.OddChipAllToFirst {
		return readingOneEach
	}
	return readingAllToFirst
}

// otherDeltas writes into alt (zeroed) what the other reading of TDA 20-A
// gives each player less the replay's awards, and reports whether it
// differs anywhere.
func (c *Context) otherDeltas(alt []hand.Amount) bool {
	aw := c.T.Awards
	unit := max(c.T.ChipUnit, 1)
	allToFirst := c.rules().OddChip == replay.OddChipAllToFirst
	differs := false
	for i := range aw {
		p := aw[i].Player
		if p < 0 || p >= len(alt) || aw[i].Amount <= 0 {
			continue
		}
		first, winners, odd := splitOdd(aw, i)
		if winners < 3 || odd < 2*unit {
			continue
		}
		// What the other reading gives this winner, less the replay's award.
		var delta hand.Amount
		switch {
		case !allToFirst && i == first:
			delta = odd - aw[i].OddChip
		case !allToFirst:
			delta = -aw[i].OddChip
		case i == first:
			delta = -(odd/unit - 1) * unit // keeps one chip and a part of a chip
		default:
			// The winners after the first, in the replay's order, get one
			// each while odd chips are left.
			rank := 0
			for j := first; j < i; j++ {
				if keyOf(&aw[j]) == keyOf(&aw[i]) && aw[j].Amount > 0 {
					rank++
				}
			}
			if hand.Amount(rank) < odd/unit {
				delta = unit
			}
		}
		alt[p] += delta
		differs = differs || delta != 0
	}
	return differs
}

// subject picks the player a payout finding is about: the one shorted most,
// else the one overpaid most.
func subject(d []hand.Amount) int {
	best := -1
	for p, x := range d {
		if x < 0 && (best < 0 || x < d[best]) {
			best = p
		}
	}
	if best >= 0 {
		return best
	}
	for p, x := range d {
		if x > 0 && (best < 0 || x > d[best]) {
			best = p
		}
	}
	return best
}

// payoutFinding starts a finding about player p's payout, placed at p's
// collection when the record has one.
func (c *Context) payoutFinding(ck *Check, p int, d []hand.Amount, mode payoutMode) Finding {
	if mode == payoutCollects {
		i := c.firstAction(p, hand.Collect)
		if i < 0 {
			for q, x := range d {
				if x > 0 {
					if i = c.firstAction(q, hand.Collect); i >= 0 {
						break
					}
				}
			}
		}
		if i >= 0 {
			f := c.atAction(ck, i)
			f.Street = ""
			c.setPlayer(&f, p)
			if f.Seat == 0 {
				f.Player = ""
			}
			return f
		}
	}
	f := c.atOutcome(ck)
	c.setPlayer(&f, p)
	return f
}

// received is what the record gives p from the pots, for messages.
func received(d, expGot []hand.Amount, p int) hand.Amount { return expGot[p] + d[p] }

func (c *Context) oddChipFinding(d, expGot []hand.Amount, mode payoutMode, reading oddReading) {
	p := subject(d)
	f := c.payoutFinding(checkOddChip, p, d, mode)
	expect(&f, expGot[p], received(d, expGot, p))
	unit := max(c.T.ChipUnit, 1)
	var paid []string
	finer := false
	for q, x := range d {
		if x == 0 {
			continue
		}
		got := received(d, expGot, q)
		s := fmt.Sprintf("%s was due %s", playerName(c.H, q), money(c.H, expGot[q]))
		if len(c.T.Pots) > 1 {
			// The figures are the player's over every pot, not the split
			// pot's: say so, so they are not read as the split pot's.
			s += " over the whole hand"
		}
		if why := c.oddChipReason(q); why != "" {
			s += " (" + why + ")"
		}
		paid = append(paid, s+" but got "+money(c.H, got))
		finer = finer || got%unit != 0
	}
	chip := unitText(c.H, unit)
	f.Message = fmt.Sprintf("A split pot was divided wrongly by its odd chips (the smallest unit in play is %s): %s.",
		chip, strings.Join(paid, "; "))
	if finer {
		f.Message += " The record pays amounts finer than the smallest unit in play: it broke the odd chip instead of awarding it."
	}
	switch reading {
	case readingAllToFirst:
		f.Message += " The record gave every odd chip to the first winner left of the button; the house requires one each, clockwise from the button."
	case readingOneEach:
		f.Message += " The record gave the odd chips one each, clockwise from the button; the house requires them all to go to the first winner left of the button."
	default:
		if c.rules().OddChip == replay.OddChipLeftOfButton && c.manyOddChips() {
			f.Message += " The record follows neither reading of TDA 20-A (every odd chip to the first winner left of the button, or one each clockwise from the button)."
		}
	}
	c.emit(checkOddChip, f)
}

// unitText names a smallest unit: "1 chip", "25 chips", "$0.01", "$1".
func unitText(h *hand.Hand, unit hand.Amount) string {
	scale := max(h.Scale, 1)
	if int64(unit)%scale != 0 {
		return money(h, unit)
	}
	whole := int64(unit) / scale
	if h.Currency == "" {
		if whole == 1 {
			return "1 chip"
		}
		return group(strconv.FormatInt(whole, 10)) + " chips"
	}
	return money(&hand.Hand{Currency: h.Currency, Scale: 1}, hand.Amount(whole))
}

// oddChipReason is the replay's reason for the odd chips it gave p, if any.
func (c *Context) oddChipReason(p int) string {
	for _, aw := range c.T.Awards {
		if aw.Player == p && aw.OddChip > 0 && aw.Reason != "" {
			if _, why, ok := strings.Cut(aw.Reason, "; odd "); ok {
				return "odd " + why
			}
			return aw.Reason
		}
	}
	return ""
}

// manyOddChips reports whether a split left two or more odd chips among
// three or more winners: where the two readings of TDA 20-A differ.
func (c *Context) manyOddChips() bool {
	aw := c.T.Awards
	unit := max(c.T.ChipUnit, 1)
	for i := range aw {
		if aw[i].OddChip > 0 {
			if _, winners, odd := splitOdd(aw, i); winners >= 3 && odd >= 2*unit {
				return true
			}
		}
	}
	return false
}

func (c *Context) awardFinding(d, expGot []hand.Amount, mode payoutMode) {
	p := subject(d)
	f := c.payoutFinding(checkAward, p, d, mode)
	expect(&f, expGot[p], received(d, expGot, p))
	var parts []string
	for q, x := range d {
		if x == 0 {
			continue
		}
		s := fmt.Sprintf("%s was due %s", playerName(c.H, q), money(c.H, expGot[q]))
		if r := c.awardReason(q); r != "" {
			s += " (" + r + ")"
		}
		s += " but the record gives " + money(c.H, received(d, expGot, q))
		parts = append(parts, s)
	}
	how := "collections"
	switch mode {
	case payoutFinishing:
		how = "finishing stacks"
	case payoutWinnings:
		how = "winnings"
	}
	f.Message = fmt.Sprintf("The record's %s do not follow the pot awards: %s.", how, strings.Join(parts, "; "))
	c.emit(checkAward, f)
}

// awardReason is the replay's reason for p's first award, if any.
func (c *Context) awardReason(p int) string {
	for _, aw := range c.T.Awards {
		if aw.Player == p && aw.Reason != "" {
			return potName(aw.Pot) + ": " + aw.Reason
		}
	}
	return ""
}

// sawFlop reports whether the hand went past its first betting round (a
// flop dealt, or a later street), as the replay's rake rule reads "no flop,
// no drop".
func (c *Context) sawFlop() bool {
	if len(c.T.Boards) > 0 && len(c.T.Boards[0]) >= 3 {
		return true
	}
	steps := c.T.Steps
	return len(steps) > 0 && steps[len(steps)-1].Street != steps[0].Street
}

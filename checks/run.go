package checks

import (
	"slices"

	"github.com/handaudit/handaudit/hand"
	"github.com/handaudit/handaudit/replay"
)

// Run checks one hand against its replay and returns the selected findings,
// ordered by action index (hand-level findings, which have none, last) then
// check ID. It returns nil when the hand is clean.
//
// One violation gives one finding, at the step where it happened: the
// replay goes on from what the record says happened, and where several
// checks would describe the same wrong action or the same wrong payout,
// only the most specific one reports it (see the package documentation of
// each family below). Which finding describes a fault never depends on the
// selection; the selection only filters what is returned.
func Run(h *hand.Hand, tr *replay.Trace, sel Selection) []Finding {
	var r Runner
	return r.Run(h, tr, sel)
}

// Runner runs the checks over many hands, reusing its scratch space. A
// Runner is not safe for concurrent use; give each worker its own. The zero
// Runner is ready to use.
type Runner struct {
	c Context
}

// Run is like the package-level Run. The returned slice is the caller's.
func (r *Runner) Run(h *hand.Hand, tr *replay.Trace, sel Selection) []Finding {
	c := &r.c
	c.reset(h, tr, sel)
	if h == nil {
		return nil
	}
	replayed := tr != nil && tr.Supported && len(tr.Steps) == len(h.Actions)
	c.walk(replayed)
	if len(h.Outcome.Misnamed) > 0 {
		checkSummaryNames(c)
	}
	if replayed {
		checkPots(c)
		checkShowdown(c)
	} else {
		f := c.finding(checkNotReplayed)
		reason := "the rules engine did not replay it"
		if tr != nil && tr.Unsupported != "" {
			reason = tr.Unsupported
		}
		f.Message = "Hand " + h.ID + " (" + h.Game.Variant.String() + ", " + h.Game.Structure.String() +
			") was not replayed: " + reason + ". Only its cards were checked."
		c.emit(checkNotReplayed, f)
	}
	if len(c.out) == 0 {
		return nil
	}
	out := c.out
	c.out = nil
	slices.SortStableFunc(out, compareFindings)
	return out
}

// compareFindings orders by action index, hand-level (-1) last, then check ID.
func compareFindings(a, b Finding) int {
	ai, bi := a.ActionIndex, b.ActionIndex
	if ai < 0 {
		ai = int(^uint(0) >> 1)
	}
	if bi < 0 {
		bi = int(^uint(0) >> 1)
	}
	switch {
	case ai < bi:
		return -1
	case ai > bi:
		return 1
	}
	switch {
	case a.CheckID < b.CheckID:
		return -1
	case a.CheckID > b.CheckID:
		return 1
	}
	return 0
}

// Context is one hand under check: its record, its replay and what has been
// found so far.
type Context struct {
	H   *hand.Hand
	T   *replay.Trace
	sel Selection
	out []Finding

	// fouled: the record shows a card twice. Who won at showdown then rests
	// on cards that cannot all be right, so the award checks stand down and
	// cards.duplicate alone reports the fault.
	fouled bool
	// callSkew: chips by which recorded calls missed what was owed. The
	// replay follows the record, so those chips come back as uncalled bets
	// that bet.wrong-call-amount has already explained.
	callSkew hand.Amount
	// stackSkew: chips the record put in beyond players' stacks
	// (bet.exceeds-stack). The record goes on as if they were there: calls
	// that match them, the pot it states and the uncalled chips it keeps
	// follow from that one fault, which is not reported again.
	stackSkew hand.Amount
	// found counts the faults reported so far (emit), selected or not: a
	// check that depends on another's having found nothing asks it, so
	// that the selection only filters (see Run).
	found int

	// What walk gathers from the record for the checks after it, so that
	// none of them walks the record again: per seat, indexed like
	// Hand.Seats, in seats (with the card walk's), and for the hand:
	seats     []seatState
	collected hand.Amount // the sum of collects
	collect   bool        // the record has a collect
	firstShow int         // the first Show action, or -1
	muck      bool        // the record has a Muck action
	lastBet   int         // the last seated post or betting action, or -1 (replayed hands)
	cards     cardWalk
	game      []gameSeat // the card counts of a stud or draw hand (games.go)

	// full is a full replay of a hand whose trace is terse, made when a
	// check needs stacks the terse trace does not keep, from fullPool,
	// which takes it back at the next hand (only stacks are read of it).
	full     *replay.Trace
	fullPool replay.TracePool

	// live: the players dealt in who have not folded, for the card and
	// showdown checks: counted by reset, less each fold walk meets.
	live int

	// pay is the pot checks' amounts per seat, for the few hands whose
	// payout is off.
	pay payouts
}

// seatState is what walk gathers of one seat, in one piece so that reset
// writes it in one pass.
type seatState struct {
	// The card walk's (see cardWalk):
	hole  uint64 // the known cards dealt to (or shown from) him
	count int    // hole cards dealt to him (board games)
	// What the record's collects give him, and what it returns to him as
	// uncalled. checkPots takes the rules' off both.
	collect, ret hand.Amount
	// folded: not dealt in, or the record has him fold. On a replayed hand
	// this is also who the replay has out of the hand: it takes every
	// seated fold as a betting action, and has not dealt in just the seats
	// the record sits out.
	folded bool
	// showed: the record has him table his cards (for the showdown checks).
	showed bool
}

func (c *Context) reset(h *hand.Hand, tr *replay.Trace, sel Selection) {
	if c.full != nil {
		c.fullPool.Put(c.full)
	}
	c.H, c.T, c.sel, c.out, c.fouled, c.callSkew, c.stackSkew, c.full, c.found = h, tr, sel, nil, false, 0, 0, nil, 0
	c.collected, c.collect, c.firstShow, c.lastBet, c.muck = 0, false, -1, -1, false
	if h == nil {
		return
	}
	// The per-seat state is written in one pass over the seats (cheaper,
	// for the few seats of a hand, than clearing it first): a player the
	// record has sitting out is not dealt in, so he starts folded.
	seats := h.Seats
	n := len(seats)
	if n > cap(c.seats) {
		c.seats = make([]seatState, n, max(n, 10))
	}
	c.seats = c.seats[:n] // (a slice of itself: only the length is written)
	state := c.seats[:n]
	live := 0
	for p := range state {
		out := seats[p].SittingOut
		state[p] = seatState{folded: out}
		if !out {
			live++
		}
	}
	c.live = live
}

// walk goes through the record once, action by action: it runs the card
// checks and, on a replayed hand, the action checks, and gathers what the
// pot and showdown checks read.
func (c *Context) walk(replayed bool) {
	c.startCards()
	if replayed {
		c.walkReplayed()
	} else {
		c.walkRecord()
	}
	c.finishCards()
}

// walkReplayed is walk for a replayed hand, whose steps match its actions
// one for one.
//
// The loop keeps few values live and calls out only for what is less
// usual than a sound fold, check, call or post (see soundPost), so that the
// compiler keeps its values in registers.
func (c *Context) walkReplayed() {
	h := c.H
	actions := h.Actions
	steps := c.T.Steps[:len(actions)]
	n := len(h.Seats)
	seats := c.seats[:n]
	for i := range actions {
		a := &actions[i]
		p := a.Player
		seated := uint(p) < uint(n)
		switch a.Kind {
		// Only posts and betting actions have checks of their own, and the
		// replay takes each of a seated player as a post or a betting
		// action. Each kind's arm makes the tests most of them pass (see
		// soundPost) and calls step only for the rest.
		case 0:
			// No action has kind 0; this arm starts the jump table at 0,
			// so that it takes the kind as it is.
		case hand.Post:
			if seated {
				c.lastBet = i
				if st := &steps[i]; !soundPost(st, a) {
					c.step(i, st, a)
				}
			}
		case hand.Fold:
			if !seated {
				continue
			}
			c.lastBet = i
			if s := &seats[p]; !s.folded {
				s.folded = true
				c.live--
			}
			if st := &steps[i]; !inTurn(st) {
				c.step(i, st, a)
			}
		case hand.Check:
			if seated {
				c.lastBet = i
				if st := &steps[i]; !inTurn(st) {
					c.step(i, st, a)
				}
			}
		case hand.Call:
			if seated {
				c.lastBet = i
				if st := &steps[i]; !inTurn(st) || !soundCall(st, a) {
					c.step(i, st, a)
				}
			}
		case hand.Bet, hand.Raise, hand.BringIn:
			if seated {
				c.lastBet = i
				c.step(i, &steps[i], a)
			}
		// The card arms call dealCardsAt, not dealCards, after a fast path
		// that failed, so that a need not be kept across the first call.
		case hand.DealHole:
			if !c.dealHole(a) {
				c.dealCardsAt(i)
			}
		case hand.DealBoard:
			if !c.dealBoard(i, a) {
				c.dealCardsAt(i)
			}
		case hand.Discard:
			c.discardAt(i)
		case hand.Show:
			if !c.showCards(i, a) {
				c.dealCardsAt(i)
			}
			if c.firstShow < 0 {
				c.firstShow = i
			}
			if seated {
				seats[p].showed = true
			}
		case hand.Muck:
			c.dealCards(i, a)
			c.muck = true
		case hand.Collect:
			if seated {
				c.collect = true
				seats[p].collect += a.Amount
				c.collected += a.Amount
			}
		case hand.UncalledReturn:
			if seated {
				seats[p].ret += a.Amount
			}
		}
	}
}

// walkRecord is walk for a hand that was not replayed: only the card
// checks run after it, and of the rest they need only who folded.
func (c *Context) walkRecord() {
	actions := c.H.Actions
	seats := c.seats
	for i := range actions {
		a := &actions[i]
		switch a.Kind {
		case hand.Fold:
			if p := a.Player; uint(p) < uint(len(seats)) && !seats[p].folded {
				seats[p].folded = true
				c.live--
			}
		case hand.DealHole:
			if !c.dealHole(a) {
				c.dealCards(i, a)
			}
		case hand.DealBoard:
			if !c.dealBoard(i, a) {
				c.dealCards(i, a)
			}
		case hand.Show:
			if !c.showCards(i, a) {
				c.dealCards(i, a)
			}
		case hand.Discard, hand.Muck:
			c.dealCards(i, a)
		}
	}
}

// rules is the ruleset of the replay, or nil.
func (c *Context) rules() *replay.Ruleset {
	if c.T == nil {
		return nil
	}
	return c.T.Rules
}

// finding starts a finding of check ck with the hand's common fields. It is
// only called once a fault is found, so it may allocate.
func (c *Context) finding(ck *Check) Finding {
	h := c.H
	return Finding{
		CheckID:     ck.ID,
		Severity:    ck.Severity,
		Rule:        ck.Rule(c.rules(), h.Game.Structure),
		HandID:      h.ID,
		Table:       h.Table,
		StartedAt:   h.Start,
		File:        h.Pos.File,
		Line:        h.Pos.Line,
		ActionIndex: -1,
		Currency:    h.Currency,
		Scale:       h.Scale,
	}
}

// atAction starts a finding tied to action i of the hand.
func (c *Context) atAction(ck *Check, i int) Finding {
	f := c.finding(ck)
	a := &c.H.Actions[i]
	f.ActionIndex = i
	if a.Pos.File != "" {
		f.File = a.Pos.File
	}
	if a.Pos.Line > 0 {
		f.Line = a.Pos.Line
	}
	if c.T != nil && i < len(c.T.Steps) {
		f.Street = c.T.Steps[i].Street.String()
	}
	c.setPlayer(&f, a.Player)
	return f
}

// atOutcome starts a hand-level finding about the record's outcome (pots,
// rake, collections), placed at the record's summary when it has one.
func (c *Context) atOutcome(ck *Check) Finding {
	f := c.finding(ck)
	if p := c.H.Outcome.Pos; p.Line > 0 {
		if p.File != "" {
			f.File = p.File
		}
		f.Line = p.Line
	}
	return f
}

func (c *Context) setPlayer(f *Finding, p int) {
	if p >= 0 && p < len(c.H.Seats) {
		f.Seat = c.H.Seats[p].Number
		f.Player = c.H.Seats[p].Player
	}
}

// emit adds f if its check is selected. found counts every fault
// reported, selected or not.
func (c *Context) emit(ck *Check, f Finding) {
	c.found++
	if c.sel.on(ck) {
		c.out = append(c.out, f)
	}
}

func expect(f *Finding, expected, recorded hand.Amount) {
	f.Expected, f.HasExpected = expected, true
	f.Recorded, f.HasRecorded = recorded, true
}

// stackBefore is player p's stack just before step i, by the replay.
func (c *Context) stackBefore(i, p int) hand.Amount {
	steps := c.T.Steps
	if c.T.Terse && i > 0 && p >= len(steps[i-1].Stacks) {
		// A terse trace has one step's stacks (replay.Trace.Terse); the
		// others are needed only to word a finding, rarely: replay in full.
		steps = c.fullSteps()
	}
	for j := i - 1; j >= 0; j-- {
		if s := steps[j].Stacks; p < len(s) {
			return s[p]
		}
	}
	return c.H.Seats[p].Stack
}

// fullSteps returns the steps of a full replay of the hand (made once).
func (c *Context) fullSteps() []replay.Step {
	if c.full == nil {
		c.full = c.fullPool.Replay(c.H, c.T.Rules)
	}
	return c.full.Steps
}

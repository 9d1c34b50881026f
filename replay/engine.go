package replay

import (
	"fmt"
	"sync"

	"github.com/handaudit/handaudit/cards"
	"github.com/handaudit/handaudit/hand"
)

// Replay replays h under rs (nil: the default preset) and returns the
// trace. It never panics: a hand the engine cannot replay gives a Trace
// with Supported false and the reason.
func Replay(h *hand.Hand, rs *Ruleset) *Trace {
	return replayInto(new(Trace), h, rs, false)
}

// replayInto is Replay into tr, a new trace or one from a TracePool whose
// memory the engine reuses. Either way tr is zero but for that memory (Put
// clears a trace), so only the fields that do not start at zero are set.
func replayInto(tr *Trace, h *hand.Hand, rs *Ruleset, terse bool) (out *Trace) {
	if rs == nil {
		d := Default()
		rs = &d
	}
	mem := tr.mem
	tr.Hand, tr.Rules, tr.ShowdownFirst, tr.Button, tr.Terse = h, rs, -1, -1, terse
	// A panic in the engine (a bug in handaudit) is recovered and becomes
	// Trace.InternalError (recoverEngine). The deferred call keeps two
	// values, not the eight a closure captured and stored on every hand:
	// recoverEngine reads the rest from tr, which holds them by now, and
	// sets out, as a recovered panic would otherwise return nil.
	defer recoverEngine(tr, &out)
	if h == nil {
		tr.Unsupported = "no hand"
		return tr
	}
	if testHookReplay != nil {
		testHookReplay(h)
	}
	g := gameOf(h.Game.Variant)
	if why := unsupported(h, g); why != "" {
		tr.Unsupported = why
		return tr
	}
	m := mem.takeMachine()
	if neg := m.reset(h, g, rs, tr); neg >= 0 {
		// unsupported leaves this to reset, which reads the stacks anyway.
		m.release()
		mem.keepMachine(m, terse)
		tr.Unsupported = negativeStack(h, neg)
		return tr
	}
	m.run()
	m.release()
	mem.keepMachine(m, terse)
	tr.Supported = true
	return tr
}

// recoverEngine, deferred by replayInto, turns a panic in the engine into
// a trace that says so (InternalError), keeping what replayInto set up from
// its arguments (the engine never writes those fields), and makes it the
// result, *out.
func recoverEngine(tr *Trace, out **Trace) {
	if r := recover(); r != nil {
		mem := tr.mem
		mem.dropHands()
		*tr = Trace{Hand: tr.Hand, Rules: tr.Rules, ShowdownFirst: -1, Button: -1, Terse: tr.Terse, mem: mem, pooled: tr.pooled,
			Unsupported:   fmt.Sprintf("internal error while replaying: %v", r),
			InternalError: fmt.Sprint(r)}
		*out = tr
	}
}

// takeMachine returns the machine the pooled memory keeps, or one from
// machinePool.
func (mem *traceMem) takeMachine() *machine {
	if mem != nil && mem.machine != nil {
		m := mem.machine
		mem.machine = nil
		return m
	}
	return machinePool.Get().(*machine)
}

// keepMachine keeps m with the pooled memory of a terse trace, which is
// given back (Release or Put) as soon as the hand's checks have run: the
// next hand then finds both in one pool. A full trace may be kept long
// (until its writer is done), so its memory does not hold a machine.
func (mem *traceMem) keepMachine(m *machine, terse bool) {
	if mem != nil && terse {
		mem.machine = m
		return
	}
	machinePool.Put(m)
}

// unsupported says why the engine cannot replay h, or "", but for a
// negative starting stack, which reset finds as it reads the stacks
// (negativeStack). Where both apply, the negative stack is the reason.
func unsupported(h *hand.Hand, g *game) string {
	if h.Cancelled {
		return "the hand was cancelled (\"Hand cancelled\"): nothing was played, so there is nothing to judge"
	}
	if g == nil {
		return "variant " + h.Game.Variant.String() + " is not replayed: the engine does not know the game"
	}
	switch h.Game.Structure {
	case hand.NoLimit, hand.PotLimit, hand.FixedLimit:
	default:
		return "unknown betting structure"
	}
	if n := h.Game.HoleCards; g.score == scoreOmaha && n != 0 && (n < 4 || n > 6) {
		return fmt.Sprintf("Omaha with %d hole cards is not replayed (4, 5 or 6)", n)
	}
	if len(h.Seats) < 2 {
		return "fewer than two seats"
	}
	if len(h.Boards) > 2 {
		return "a board run three times is not replayed: the engine replays one or two boards"
	}
	if len(h.Seats) > maxSeats {
		return "more than 64 seats"
	}
	if h.Game.Structure == hand.FixedLimit && h.Stakes.SmallBet <= 0 && h.Stakes.BigBlind <= 0 {
		for i := range h.Seats {
			if h.Seats[i].Stack < 0 {
				return negativeStack(h, i)
			}
		}
		return "fixed-limit hand without a bet size (small bet or big blind)"
	}
	return ""
}

// negativeStack is why a hand whose seat i has a negative starting stack
// is not replayed.
func negativeStack(h *hand.Hand, i int) string {
	return fmt.Sprintf("seat %d has a negative starting stack", h.Seats[i].Number)
}

// phase is the machine's phase, as in PokerKit's state: forced bets are
// posted, cards dealt (in draw games, players draw), betting rounds
// played, hands shown, chips pushed.
type phase uint8

const (
	phasePosting phase = iota
	phaseDealing
	phaseDrawing
	phaseBetting
	phaseShowdown
	phasePushing
)

// shortAllIn is an all-in bet or raise that was less than a full raise:
// it does not reopen the betting by itself (TDA 47).
type shortAllIn struct {
	seq      int
	from, to hand.Amount
	player   int
}

// maxSeats is the most seats a hand may have to be replayed: the seat sets
// are 64-bit masks.
const maxSeats = 64

// seatState is the replay state of one seat (but its stack).
type seatState struct {
	bet       hand.Amount // live chips put in on this street
	committed hand.Amount // all chips put in this hand
	dead      hand.Amount // dead blinds and the big blind's ante for the table: money in the main pot, not a contribution level
	extraSB   hand.Amount // of dead, a small blind posted out of position (read live if the record's calls count it so: liveExtraSB)
	actedAt   hand.Amount // the street's bet level when the player last acted
	actedSeq  int         // m.seq when the player last acted
	claimed   hand.Amount // of the starting stack, the forced bets expected so far (expectedPost)
	status    Status
	acted     bool // acted on this street
	mucked    bool
	showed    bool
}

// seatCards are the cards the record deals one seat and has it show.
type seatCards struct {
	hole, shown []cards.Card
}

// machine is the replay state of one hand. It is pooled: its slices are
// reused from hand to hand, and only the Trace is new.
type machine struct {
	h  *hand.Hand
	rs *Ruleset
	tr *Trace
	n  int
	// game is the hand's row of the per-game table (games.go), and round
	// the index of the betting round in it; street is that round's name.
	game    *game
	round   int
	perDeal bool // game.perDeal: stud or draw
	isStud  bool // game.stud
	// of h, read on every betting action
	structure hand.Structure
	stakeCap  hand.Amount // Stakes.Cap

	// Per-seat state, indexed like Hand.Seats. Fixed arrays of the most
	// seats the engine replays: a hand clears its seats with one clear, and
	// an index masked to 63 needs no bounds check.
	seats      [maxSeats]seatState
	stack      [maxSeats]hand.Amount // on its own: every step copies the hand's stacks
	pot        hand.Amount           // sum of committed, kept as chips move (read twice per step)
	stackMoved bool                  // a stack changed since the last step's stacks were copied
	// active and inHand are the sets of seats (bit i: seat i) whose
	// status is Active, and Active or AllIn: who may act is asked after
	// every action. setStatus keeps them.
	active, inHand uint64
	seatCards      [maxSeats]seatCards   // release clears the hand's
	expected       [maxSeats]hand.Amount // scratch: expected forced bets per player
	posts          []int                 // indices of the hand's Post actions, with a big-blind ante
	bbAnte         bool                  // Stakes.BigBlindAnte

	phase      phase
	street     Street
	button     int
	level      hand.Amount // the amount a caller must match this street
	fullRaise  hand.Amount // the largest full bet or raise increment this street (TDA 43)
	lastFullTo hand.Amount // the street total of the last full bet or raise
	lastFull   int         // seq of the last bet or raise that reopened the betting
	raiseCount int
	capNow     int
	fixedSize  hand.Amount
	fixedMax   hand.Amount // the largest fixed-limit bet or raise increment: fixedSize but on stud's open pair
	studFlags  uint8       // bringInDue, openPair (stud.go)
	seq        int
	shorts     []shortAllIn
	toAct      int
	needFirst  bool // toAct must be computed at the street's first betting action
	closed     bool // the street's uncalled bet has been returned

	minBet, bb hand.Amount
	chip       hand.Amount // the chip odd amounts are broken into (smallestChip)
	blindShort hand.Amount // preflop: chips short all-in blinds did not post (TDA 54-B)
	bbPlayer   int
	lastBlind  int // the last live blind or straddle poster (preflop anchor)
	sbPlayer   int
	// The last aggressor of each round (-1: none) and his bet, read only
	// where aggressor is set (so reset leaves aggressorTo).
	aggressor   [8]int8
	aggressorTo [maxRounds]hand.Amount
	lastStep    int // index of the last betting step
	// The street's highest and second-highest bets (equal on a tie), and
	// a seat whose bet is the highest (-1: no bet), kept as chips go in:
	// the uncalled bet is their difference.
	topBet, secondBet hand.Amount
	topBettor         int
	// lastMove is the index of the last step that was a seated player's
	// forced bet or betting action, and returnsSinceMove the number of
	// returns made after it (the last of Trace.Returns): a terse trace
	// keeps the stacks of that step only (Trace.Terse).
	lastMove, returnsSinceMove int

	boards  [2][]cards.Card
	stud    studState // stud.go
	draw    drawState // draw.go
	txt     textBuf
	amounts []hand.Amount // the trace's Committed and FinishingStacks
	// stackRest is, while run replays the actions, the memory for the
	// steps' stacks not yet given out.
	stackRest []hand.Amount

	// settle scratch
	liveBuf                                      []bool
	liveChips                                    []hand.Amount
	potBuf                                       []hand.Amount // collects by pot (settle)
	paidBuf                                      []hand.Amount // the record's payouts by seat (impliedRake)
	layers                                       []layer
	evals                                        [2][]handValue      // by board and seat
	omaha                                        [2]cards.OmahaBoard // by board, in Omaha: set up once for every player
	boardReady                                   [2]bool             // by board: five known cards, so hands are evaluated on it
	aliveBuf, tabledBuf, winBuf, bestBuf, lowBuf []int
}

var machinePool = sync.Pool{New: func() any { return new(machine) }}

func grow[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, n)
	}
	s = s[:n]
	clear(s)
	return s
}

// reset sets m up to replay h into tr. It returns the index of the first
// seat with a negative starting stack, having written nothing to tr, or
// -1.
func (m *machine) reset(h *hand.Hand, g *game, rs *Ruleset, tr *Trace) (negative int) {
	n := len(h.Seats)
	m.h, m.rs, m.tr, m.n = h, rs, tr, n
	m.game, m.round, m.perDeal, m.isStud = g, 0, g.perDeal, g.stud
	m.structure, m.stakeCap, m.bbAnte = h.Game.Structure, h.Stakes.Cap, h.Stakes.BigBlindAnte
	clear(m.seats[:n]) // stack and expected are written before they are read
	m.pot = h.PotAdded // a cash drop is in the pot before any bet
	m.shorts = m.shorts[:0]
	m.boards[0], m.boards[1] = m.boards[0][:0], m.boards[1][:0]
	m.txt.scale, m.txt.terse = h.Scale, tr.Terse
	m.phase, m.street = phasePosting, g.street[0]
	m.level, m.fullRaise, m.lastFullTo, m.lastFull = 0, 0, 0, 0
	m.raiseCount, m.capNow, m.seq = 0, 0, 0
	m.toAct, m.needFirst, m.closed = -1, true, false
	m.blindShort, m.bbPlayer, m.lastBlind, m.sbPlayer = 0, -1, -1, -1
	m.lastStep, m.lastMove, m.returnsSinceMove = -1, -1, 0
	m.topBet, m.secondBet, m.topBettor = 0, 0, -1
	m.aggressor = [8]int8{-1, -1, -1, -1, -1, -1, -1, -1}
	// The stud flags betting reads in every game; the rest only stud and
	// draw games read (a pooled machine keeps the last hand's).
	m.studFlags = 0
	if g.perDeal {
		m.resetStudDraw()
	}

	st := &h.Stakes
	m.bb = st.BigBlind
	m.minBet = st.MinBet
	if m.minBet <= 0 {
		m.minBet = st.BigBlind
	}
	if h.Game.Structure == hand.FixedLimit {
		m.minBet = st.SmallBet
		if m.minBet <= 0 {
			m.minBet = st.BigBlind
		}
	}
	// Who is in the hand: every seat not sitting out, and any seat the
	// record has acting. A seat in the hand with no chips is all-in, for
	// what the blinds put in, if anything. The seat sets are built here
	// rather than by setStatus (one loop over the seats).
	sittingOut, seats, stacks := false, h.Seats[:n], m.stack[:n] // n <= maxSeats: bounds checked once
	var active, inHand uint64
	for i := range seats {
		stack := seats[i].Stack
		stacks[i] = stack
		bit := uint64(1) << uint(i)
		switch {
		case stack > 0 && !seats[i].SittingOut: // Active: the zero status clear left
			active |= bit
			inHand |= bit
		case stack < 0:
			return i
		case seats[i].SittingOut:
			m.seats[i].status = SittingOut
			sittingOut = true
		default:
			m.seats[i].status = AllIn
			inHand |= bit
		}
	}
	m.active, m.inHand = active, inHand
	for i := 0; sittingOut && i < len(h.Actions); i++ {
		if p := h.Actions[i].Player; p >= 0 && p < n && m.seats[p].status == SittingOut {
			switch h.Actions[i].Kind {
			case hand.Post, hand.DealHole, hand.Fold, hand.Check, hand.Call, hand.Bet, hand.Raise:
				s := Active
				if m.stack[p] == 0 {
					s = AllIn
				}
				m.setStatus(p, s)
			}
		}
	}
	m.posts = m.posts[:0] // run lists them
	if m.minBet <= 0 {
		// No stakes recorded: the largest blind posted sets the minimum bet.
		for i := range h.Actions {
			a := &h.Actions[i]
			if a.Kind == hand.Post && (a.PostKind == hand.PostBigBlind || a.PostKind == hand.PostSmallBlind) {
				m.minBet = max(m.minBet, a.Amount)
			}
		}
		if m.minBet <= 0 {
			m.minBet = 1
		}
	}
	if m.bb <= 0 {
		m.bb = m.minBet
	}
	m.fullRaise = m.minBet
	m.fixedSize = m.betSize(0)
	m.fixedMax = m.fixedSize
	m.chip = m.smallestChip()
	tr.ChipUnit = m.chip
	m.button = m.findButton()
	tr.Button = m.button
	return -1
}

// smallestChip is the chip odd amounts are broken into (TDA 20: "odd
// chips will be broken into the smallest denomination in play"): the
// house's smallest chip, converted with the hand's scale, or else the
// hand's smallest unit (SmallestUnit); split-evenly ignores the house's
// chip.
func (m *machine) smallestChip() hand.Amount {
	if c := m.rs.SmallestChip; !c.IsZero() && m.rs.OddChip != OddChipSplitEvenly {
		v, _ := c.In(m.h.Scale)
		return max(v, 1)
	}
	return SmallestUnit(m.h)
}

// release drops the references the pooled machine holds to the hand.
func (m *machine) release() {
	clear(m.seatCards[:m.n])
	m.h, m.rs, m.tr, m.amounts = nil, nil, nil, nil
}

// betSize is the fixed-limit bet of betting round r, as the game's table
// says: the small bet pre-flop and on the flop, the big bet on the turn
// and river; the small bet on third and fourth street, the big bet from
// fifth; in triple draw the small bet before and after the first draw.
func (m *machine) betSize(r int) hand.Amount {
	if m.structure != hand.FixedLimit {
		return 0
	}
	small, big := m.h.Stakes.SmallBet, m.h.Stakes.BigBet
	if small <= 0 {
		small = m.h.Stakes.BigBlind
	}
	if big <= 0 {
		big = 2 * small
	}
	if m.game.big&(1<<uint(r&7)) != 0 {
		return big
	}
	return small
}

// findButton returns the button's seat index: the recorded button, the
// seat before the first seat numbered after a dead button, or, with no
// button recorded, the seat before the small blind (the small blind itself
// heads-up, TDA 34).
func (m *machine) findButton() int {
	h := m.h
	if b := h.ButtonIndex(); b >= 0 {
		return b
	}
	if h.Button > 0 {
		// Dead button: the button is on an empty seat; the first seat left
		// of it acts first after the flop.
		for i := range h.Seats {
			if h.Seats[i].Number > h.Button {
				return (i - 1 + m.n) % m.n
			}
		}
		return m.n - 1
	}
	sb, bb := -1, -1
	for i := range h.Actions {
		a := &h.Actions[i]
		if a.Kind != hand.Post || a.Player < 0 || a.Player >= m.n {
			continue
		}
		if a.PostKind == hand.PostSmallBlind && sb < 0 {
			sb = a.Player
		}
		if a.PostKind == hand.PostBigBlind && bb < 0 {
			bb = a.Player
		}
	}
	inHand := 0
	for i := range m.n {
		if m.seats[i].status != SittingOut {
			inHand++
		}
	}
	switch {
	case sb >= 0 && inHand == 2:
		return sb
	case sb >= 0:
		return m.prevInHand(sb)
	case bb >= 0 && inHand == 2:
		return m.prevInHand(bb)
	case bb >= 0:
		return m.prevInHand(m.prevInHand(bb))
	}
	return -1
}

func (m *machine) prevInHand(p int) int {
	for k := 1; k <= m.n; k++ {
		q := (p - k + m.n) % m.n
		if m.seats[q].status != SittingOut {
			return q
		}
	}
	return p
}

// expectedPost works out the forced bet the stakes require of post a, by
// a seated player, capped by what is left of the stack after the forced
// bets expected of him before, into its step, as it is posted. That is
// expectedPosts without a big-blind ante.
func (m *machine) expectedPost(st *Step, a *hand.Action) {
	w, ok := m.forcedBet(a, -1)
	if !ok {
		return
	}
	s := &m.seats[a.Player]
	got := min(w, max(m.h.Seats[a.Player].Stack-s.claimed, 0))
	s.claimed += got
	st.Expected, st.HasExpected = got, true
}

// expectedPosts works out the forced bet the stakes require of each Post
// (the record's posts, listed in m.posts), capped by the stack, into its
// step. A big blind who also pays the big-blind ante and cannot cover both
// pays in the ruleset's order (TDA 2024 RP-11: the big blind first). It
// reads only the record, so it runs once run has listed the posts. (Without
// a big-blind ante, post does it post by post: see expectedPost.)
func (m *machine) expectedPosts(steps []Step) {
	h := m.h
	st := &h.Stakes
	bbPoster := -1
	for _, i := range m.posts {
		if a := &h.Actions[i]; a.PostKind == hand.PostBigBlind && a.Player >= 0 && a.Player < m.n {
			bbPoster = a.Player
			break
		}
	}
	left := m.expected[:m.n] // chips not yet claimed by a forced bet
	for i := range left {
		left[i] = h.Seats[i].Stack
	}
	// The big blind's first-paid forced bet is reserved before the rest.
	first := hand.PostKind(0)
	if bbPoster >= 0 && st.BigBlindAnte {
		first = hand.PostBigBlind
		if m.rs.BBAnte == AnteFirst {
			first = hand.PostAnte
		}
	}
	reserved := -1
	if first != 0 {
		for _, i := range m.posts {
			if a := &h.Actions[i]; a.Player == bbPoster && a.PostKind == first {
				if w, ok := m.forcedBet(a, bbPoster); ok {
					got := min(w, max(left[bbPoster], 0))
					left[bbPoster] -= got
					steps[i].Expected, steps[i].HasExpected = got, true
					reserved = i
				}
				break
			}
		}
	}
	for _, i := range m.posts {
		a := &h.Actions[i]
		if i == reserved || a.Player < 0 || a.Player >= m.n {
			continue
		}
		w, ok := m.forcedBet(a, bbPoster)
		if !ok {
			continue
		}
		got := min(w, max(left[a.Player], 0))
		left[a.Player] -= got
		steps[i].Expected, steps[i].HasExpected = got, true
	}
}

// forcedBet is what the stakes require of post a, uncapped (false when
// they do not say), bbPoster being the big blind's seat index (-1: none)
// where the big blind pays the ante for the table.
func (m *machine) forcedBet(a *hand.Action, bbPoster int) (hand.Amount, bool) {
	st := &m.h.Stakes
	switch a.PostKind {
	case hand.PostAnte:
		if st.BigBlindAnte && a.Player != bbPoster {
			return 0, bbPoster >= 0
		}
		return st.Ante, st.Ante > 0
	case hand.PostSmallBlind:
		return st.SmallBlind, st.SmallBlind > 0
	case hand.PostBigBlind:
		return st.BigBlind, st.BigBlind > 0
	case hand.PostBothBlind:
		return st.SmallBlind + st.BigBlind, st.BigBlind > 0
	}
	return 0, false
}

// run replays every action, each into its step, then settles the pots.
func (m *machine) run() {
	tr := m.tr
	n := m.n
	actions := m.h.Actions
	// Pooled steps are cleared in bulk (that costs less than a zeroed
	// literal per step), and the fields of a step that are not zero are
	// written below. Every amount a step or the trace refers to is written
	// before it is read, so that memory comes back uncleared.
	steps := tr.mem.stepsFor(len(actions))
	if tr.mem != nil {
		clearSteps(steps)
	}
	tr.Steps = steps
	// One allocation holds the steps' stacks (as many as needed: a step
	// after which no chips moved shares the stacks before it; a terse
	// trace keeps one step's), then the committed chips and the finishing
	// stacks.
	stepStacks := len(actions)
	if tr.Terse {
		stepStacks = 1
	}
	backing := tr.mem.amountsFor(stepStacks*n + 2*n)
	m.stackRest = backing[:stepStacks*n]
	m.amounts = backing[stepStacks*n:]
	// The loop keeps few values of its own: every action but a deal calls
	// out, and each value live across those calls is reloaded after them.
	// The rest is read from m as needed.
	steps = steps[:len(actions)] // so that steps[i] needs no bounds check
	for i := range actions {
		a := &actions[i]
		st := &steps[i]
		st.Index, st.Kind, st.Player, st.PotBefore = i, a.Kind, a.Player, m.pot
		// The action, by its kind (in the loop rather than in a method of
		// its own: a call per step costs more than the dispatch), betting
		// first: the most common.
		p := a.Player
		valid := uint(p) < uint(m.n)
		if valid {
			st.StatusBefore = m.seats[p&63].status // p < n <= 64
		}
		switch k := a.Kind; {
		case k >= hand.Fold && k <= hand.BringIn:
			if !valid {
				st.Note = "betting action by no seated player: ignored"
				break
			}
			if m.needFirst {
				// Here rather than in betting, which then keeps none of
				// its values across a call before its terse early return.
				if m.isStud {
					m.studFirstToAct(p)
					if !m.txt.terse {
						st.Note = m.studOpenNote()
					}
				} else {
					m.firstToAct()
				}
			}
			m.betting(i, st, a)
		case k == hand.DealHole:
			if m.perDeal {
				m.dealPerDeal(st, a)
			} else {
				m.dealHole(st, a)
			}
		case k == hand.Post:
			m.post(i, st, a)
		case k == hand.DealBoard:
			m.dealBoard(st, a)
		default:
			m.otherStep(st, a)
		}
		st.Street, st.PotAfter = m.street, m.pot
		if !m.txt.terse {
			m.keepStacks(i, st)
		}
	}
	m.finishSteps()
}

// otherStep replays an action of a rarer kind: a show or muck, a push, or
// one the engine ignores.
func (m *machine) otherStep(st *Step, a *hand.Action) {
	switch a.Kind {
	case hand.Show, hand.Muck:
		m.showOrMuck(st, a)
	case hand.UncalledReturn, hand.Collect:
		m.pushing(st, a)
	case hand.Discard:
		m.discard(st, a)
	default:
		st.Note = "unknown action kind: ignored"
	}
}

// finishSteps ends run once every action is replayed: a terse trace gets
// its one step's stacks, the expected forced bets are worked out with a
// big-blind ante, and the pots are settled.
func (m *machine) finishSteps() {
	tr, n := m.tr, m.n
	if tr.Terse && m.lastMove >= 0 {
		// The stacks after the last forced bet or betting action (who is
		// all-in at the showdown): since then only returned bets moved chips.
		s := m.stackRest[:n:n]
		copy(s, m.stack[:n])
		if k := m.returnsSinceMove; k > 0 {
			for _, r := range tr.Returns[len(tr.Returns)-k:] {
				s[r.Player] -= r.Amount
			}
		}
		tr.Steps[m.lastMove].Stacks = s
	}
	m.stackRest = nil
	if m.bbAnte {
		m.expectedPosts(tr.Steps)
	}
	m.settle()
}

// keepStacks gives step i of a full trace the stacks after it: its
// predecessor's when no chips moved, else a copy.
func (m *machine) keepStacks(i int, st *Step) {
	if i > 0 && !m.stackMoved {
		st.Stacks = m.tr.Steps[i-1].Stacks
		return
	}
	n := m.n
	st.Stacks, m.stackRest = m.stackRest[:n:n], m.stackRest[n:]
	copy(st.Stacks, m.stack[:n])
	m.stackMoved = false
}

// clearSteps zeroes steps in runs of 8 (1,664 bytes): the runtime clears
// less than 2 KB with a loop of vector stores, and more with REP STOSQ,
// which has a start-up cost and, counted as valgrind counts, many more
// instructions.
func clearSteps(steps []Step) {
	for len(steps) > 8 {
		clear(steps[:8])
		steps = steps[8:]
	}
	clear(steps)
}

// potTotal is every chip in the middle (the sum of committed, and the
// money the room put in).
func (m *machine) potTotal() hand.Amount { return m.pot }

// effStack is what the player may still put in: the stack, or less in
// capped no-limit (Stakes.Cap is the most a player may put in the hand).
func (m *machine) effStack(p int) hand.Amount {
	s := m.stack[p]
	if c := m.stakeCap; c > 0 {
		s = min(s, max(c-m.seats[p].committed, 0))
	}
	return s
}

// put moves live chips from p's stack to the middle: they count toward the
// street bet. (put and putDead repeat the few lines they share: a call
// from one to a common helper was not inlined into betting and post.)
func (m *machine) put(p int, amt hand.Amount) {
	if amt <= 0 {
		return
	}
	m.stack[p] -= amt
	m.seats[p].committed += amt
	m.pot += amt
	m.stackMoved = true
	b := m.seats[p].bet + amt
	m.seats[p].bet = b
	switch {
	case p == m.topBettor:
		m.topBet = b
	case b > m.topBet:
		m.secondBet, m.topBet, m.topBettor = m.topBet, b, p
	case b > m.secondBet:
		m.secondBet = b
	}
	if m.effStack(p) == 0 && m.seats[p].status == Active {
		m.setStatus(p, AllIn)
	}
}

// putDead moves dead chips (antes, dead blinds) from p's stack to the
// main pot: they are no betting level.
func (m *machine) putDead(p int, amt hand.Amount) {
	if amt <= 0 {
		return
	}
	m.stack[p] -= amt
	m.seats[p].committed += amt
	m.seats[p].dead += amt
	m.pot += amt
	m.stackMoved = true
	if m.effStack(p) == 0 && m.seats[p].status == Active {
		m.setStatus(p, AllIn)
	}
}

// putAnte moves a player's ante from his stack to the pot: no betting
// level of the street, but chips he contests the pots with. A player
// all-in for part of his ante contests a main pot of what he matched of
// each ante (eight antes of 15, one all-in for 11: a main pot of 8 x 11),
// the rest going to the side pot.
func (m *machine) putAnte(p int, amt hand.Amount) {
	if amt <= 0 {
		return
	}
	m.stack[p] -= amt
	m.seats[p].committed += amt
	m.pot += amt
	m.stackMoved = true
	if m.effStack(p) == 0 && m.seats[p].status == Active {
		m.setStatus(p, AllIn)
	}
}

// post applies a forced bet (the posting phase), and lists it with a
// big-blind ante (expectedPosts).
func (m *machine) post(i int, st *Step, a *hand.Action) {
	if m.bbAnte {
		m.posts = append(m.posts, i)
	}
	p := a.Player
	if uint(p) >= uint(m.n) {
		st.Note = "forced bet by no seated player: ignored"
		return
	}
	m.lastMove, m.returnsSinceMove = i, 0
	if m.phase > phaseDealing {
		st.Note = "forced bet after the betting began"
	}
	amt := a.Amount
	if amt < 0 {
		amt = 0
	}
	if amt > m.stack[p] {
		st.Note = m.txt.reset().s("forced bet of ").amt(amt).s(" is more than the ").amt(m.stack[p]).s(" the player has: all-in for that").str()
		amt = m.stack[p]
	}
	stakes := &m.h.Stakes
	switch a.PostKind {
	case hand.PostAnte:
		if m.bbAnte {
			m.putDead(p, amt) // the big blind's ante is for the whole table
		} else {
			m.putAnte(p, amt)
		}
	case hand.PostDead:
		m.putDead(p, amt)
	case hand.PostSmallBlind:
		if (m.sbPlayer >= 0 || m.bbPlayer >= 0) && !m.rs.LiveExtraSmallBlind {
			// A small blind posted out of position (a second one, or after
			// the big blind: a returning player's) is dead money: it does
			// not count toward the poster's call, unless the house counts
			// it live.
			m.putDead(p, amt)
			m.seats[p].extraSB += amt
			break
		}
		m.put(p, amt)
		if m.sbPlayer < 0 {
			m.sbPlayer = p
			if amt < stakes.SmallBlind && m.stack[p] == 0 {
				m.blindShort += stakes.SmallBlind - amt // TDA 54-B
			}
		}
		m.level = max(m.level, m.seats[p].bet)
		if m.lastBlind < 0 {
			m.lastBlind = p
		}
		if m.h.Stakes.BigBlind == 0 {
			// A game with a single blind: that blind is the opening bet,
			// so the first raise is to it plus a full bet (limit) or the blind.
			m.lastFullTo = m.level
			m.fullRaise = max(m.fullRaise, m.level)
			m.raiseCount = max(m.raiseCount, 1)
		}
	case hand.PostBigBlind:
		m.put(p, amt)
		if m.bbPlayer < 0 {
			m.bbPlayer = p
			m.lastBlind = p
			if amt < m.bb && m.stack[p] == 0 {
				m.blindShort += m.bb - amt // TDA 54-B
			}
			// A short all-in big blind: the others still owe a full big blind.
			m.level = max(m.level, m.bb)
			m.fullRaise = max(m.fullRaise, m.bb)
			m.raiseCount = max(m.raiseCount, 1)
		}
		m.level = max(m.level, m.seats[p].bet)
		m.lastFullTo = m.level
	case hand.PostStraddle:
		prev := m.level
		m.put(p, amt)
		m.level = max(m.level, m.seats[p].bet)
		if m.rs.StraddleMinRaise {
			m.fullRaise = max(m.fullRaise, m.seats[p].bet)
		} else {
			m.fullRaise = max(m.fullRaise, m.level-prev)
		}
		m.raiseCount++
		m.lastFullTo = m.level
		m.lastBlind = p
		if !m.rs.StraddlesAllowed {
			st.Note = "straddle posted where the house does not allow straddles"
		}
	case hand.PostButtonBlind:
		// Short deck's button blind: a live blind the others must call,
		// posted by the button, so the first seat left of it acts first.
		m.put(p, amt)
		m.level = max(m.level, m.seats[p].bet)
		m.fullRaise = max(m.fullRaise, m.level)
		m.raiseCount = max(m.raiseCount, 1)
		m.lastFullTo = m.level
		m.lastBlind = p
	case hand.PostBothBlind:
		live := min(amt, m.bb)
		m.put(p, live)
		m.putDead(p, amt-live)
		m.level = max(m.level, m.seats[p].bet)
	default:
		m.putDead(p, amt)
		st.Note = "forced bet of unknown kind: taken as dead money"
	}
	st.Added = amt
	st.To = m.seats[p].bet
	st.AllIn = m.stack[p] == 0
	if st.AllIn && m.h.Seats[p].SittingOut && m.seats[p].status == AllIn && !m.bets(p) {
		// A player sitting out who is all-in on his blind is folded by
		// the room's software: his hand is dead, his chips stay in the
		// pots they reached.
		m.setStatus(p, Folded)
		if st.Note == "" {
			st.Note = "sitting out and all-in on this forced bet: the room folds the hand; the chips stay in the pot"
		}
	}
	if !m.bbAnte {
		m.expectedPost(st, a)
	}
}

// bets reports whether the record has player p take a betting action.
func (m *machine) bets(p int) bool {
	for i := range m.h.Actions {
		if a := &m.h.Actions[i]; a.Player == p && a.Kind.IsBetting() {
			return true
		}
	}
	return false
}

func (m *machine) dealHole(st *Step, a *hand.Action) {
	if m.phase < phaseDealing {
		m.phase = phaseDealing
	}
	p := a.Player
	if p < 0 || p >= m.n {
		st.Note = "hole cards dealt to no seated player"
		return
	}
	if len(m.seatCards[p].hole) == 0 {
		m.seatCards[p].hole = a.Cards
	} else {
		m.seatCards[p].hole = append(m.seatCards[p].hole[:len(m.seatCards[p].hole):len(m.seatCards[p].hole)], a.Cards...)
	}
}

// dealPerDeal is dealHole in stud and draw games: a stud deal may open the
// next street and deals some cards up; a draw's deal replaces discards.
func (m *machine) dealPerDeal(st *Step, a *hand.Action) {
	if m.phase < phaseDealing {
		m.phase = phaseDealing
	}
	p := a.Player
	if p < 0 || p >= m.n {
		st.Note = "hole cards dealt to no seated player"
		return
	}
	held := len(m.seatCards[p].hole)
	if m.game.stud {
		m.studDeal(st, a, held) // which street this deal opens, which cards are up
	}
	if held == 0 {
		m.seatCards[p].hole = a.Cards
	} else {
		m.seatCards[p].hole = append(m.seatCards[p].hole[:held:held], a.Cards...)
	}
	if m.game.draw {
		m.drawDeal(st, a)
	}
}

// dealBoard deals community cards. On the first board it closes the
// betting round and opens the next street; the second board (run twice)
// only records cards.
func (m *machine) dealBoard(st *Step, a *hand.Action) {
	b := a.Board
	if b < 0 || b > 1 {
		b = 0
	}
	if b == 1 {
		if len(m.boards[1]) == 0 {
			st.Note = "second board: the hand is run twice"
			if !m.rs.RunItTwice {
				st.Note = "second board: the hand is run twice where the house does not allow it"
			}
		}
		m.boards[1] = append(m.boards[1], a.Cards...)
		return
	}
	if m.phase < phaseBetting && m.game.boardRound[min(len(m.boards[0])+len(a.Cards), 7)] == 0 {
		// Courchevel's first board card, dealt with the hole cards: the
		// blinds' round goes on (nothing is returned to the big blind).
		m.boards[0] = append(m.boards[0], a.Cards...)
		return
	}
	m.closeRound()
	// The flop's three cards, then one: appended one by one, which costs
	// less than append's memmove call for a byte or three.
	switch b0, c := m.boards[0], a.Cards; len(c) {
	case 1:
		m.boards[0] = append(b0, c[0])
	case 3:
		m.boards[0] = append(b0, c[0], c[1], c[2])
	default:
		m.boards[0] = append(b0, c...)
	}
	next := int(m.game.boardRound[min(len(m.boards[0]), 7)])
	if next <= m.round {
		st.Note = "board card dealt without a new betting round"
		next = min(m.round+1, m.game.last())
	}
	m.startRound(next)
	m.phase = phaseDealing
}

// startRound begins betting round r.
func (m *machine) startRound(r int) {
	m.round, m.street = r, m.game.street[r&7]
	m.closed = false
	for i := range m.seats[:m.n] { // one bounds check, not one a seat
		m.seats[i].bet, m.seats[i].acted = 0, false
	}
	m.level, m.lastFullTo, m.raiseCount = 0, 0, 0
	m.topBet, m.secondBet, m.topBettor = 0, 0, -1
	m.fullRaise = m.minBet
	m.fixedSize = m.betSize(r)
	m.fixedMax = m.fixedSize
	if m.structure == hand.FixedLimit {
		m.fullRaise = m.fixedSize
	}
	m.lastFull = m.seq
	m.shorts = m.shorts[:0]
	m.needFirst = true
	m.toAct = -1
}

// closeRound ends the betting round: the part of the highest bet no one
// matched goes back to the bettor. With no bet on the street (level 0) or
// the top bet matched, there is nothing to return.
func (m *machine) closeRound() {
	if !m.closed {
		m.closed = true
		if m.level != 0 && m.topBet > m.secondBet {
			m.returnUncalled()
		}
	}
}

// returnUncalled gives back the top bettor's uncalled chips (closeRound
// has found some). It is kept out of line so that closeRound, at every
// board dealt, show, muck and push, inlines to a few tests.
//
//go:noinline
func (m *machine) returnUncalled() {
	top, second, who := m.topBet, m.secondBet, m.topBettor
	if who < 0 {
		return
	}
	ret := top - second
	m.seats[who].bet -= ret
	m.topBet = second // who's bet, tied with the next
	m.seats[who].committed -= ret
	m.pot -= ret
	m.stack[who] += ret
	m.stackMoved = true
	if m.seats[who].status == AllIn && m.effStack(who) > 0 {
		m.setStatus(who, Active)
	}
	if m.tr.Returns == nil {
		m.tr.Returns = m.tr.mem.returnsFor(1)
	}
	m.tr.Returns = append(m.tr.Returns, Return{Player: who, Amount: ret, Step: m.lastStep})
	m.returnsSinceMove++
}

func (m *machine) showOrMuck(st *Step, a *hand.Action) {
	m.closeRound()
	m.phase = phaseShowdown
	p := a.Player
	if p < 0 || p >= m.n {
		st.Note = "cards shown by no seated player"
		return
	}
	if m.seats[p].status == Folded {
		st.Note = "cards shown by a player who folded: not a live hand"
	}
	if a.Kind == hand.Muck {
		m.seats[p].mucked = true
		return
	}
	m.seats[p].showed, m.seats[p].mucked = true, false
	m.seatCards[p].shown = a.Cards
}

// pushing handles the record's own pushes (collects, returned bets): the
// engine computes its own at the end; here it only closes the round.
func (m *machine) pushing(st *Step, a *hand.Action) {
	before := len(m.tr.Returns)
	m.closeRound()
	m.phase = phasePushing
	if a.Kind != hand.UncalledReturn {
		return
	}
	var ret hand.Amount
	for _, r := range m.tr.Returns[before:] {
		if r.Player == a.Player {
			ret += r.Amount
		}
	}
	if ret > 0 {
		st.Added = -ret
		st.Note = m.txt.reset().s("the rules return ").amt(ret).s(" uncalled to this player").str()
	} else {
		st.Note = "the rules return nothing to this player here"
	}
}

// testHookReplay, when a test sets it, runs at the start of each replay; a
// test makes it panic to prove the engine turns its own failure into
// Trace.InternalError instead of crashing.
var testHookReplay func(*hand.Hand)

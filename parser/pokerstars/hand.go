package pokerstars

// The parser of one hand: its state, where the hand's parts are built,
// the dispatch of each line by the part of the hand it is in, and the
// checks when the hand ends.

import (
	"fmt"
	"slices"

	"github.com/handaudit/handaudit/cards"
	"github.com/handaudit/handaudit/hand"
	"github.com/handaudit/handaudit/parser"
)

// psState is where in a hand the parser is.
type psState uint8

const (
	psWantTable psState = iota // after the header
	psSeats                    // reading seat lines
	psPreDeal                  // posts, before *** HOLE CARDS ***
	psBetting                  // hole cards dealt: betting streets
	psShowdown                 // *** SHOW DOWN ***
	psSummary                  // *** SUMMARY ***
)

// psParser builds one hand. The hand comes from the reader's pool and is
// filled in place: its seats, actions and outcome slices are appended to
// from their reset (zero-length) state, so a reused hand allocates nothing
// again, and its cards come from the hand's own card memory (NewCards).
// The slices below alias the hand's own until store puts them back
// (without a pool, they are scratch space; see reset).
type psParser struct {
	r     *Reader
	h     *hand.Hand
	state psState
	err   *parser.Error

	seats   []hand.Seat   // h.Seats (see psParser)
	actions []hand.Action // h.Actions
	names   []psSeatName  // the seats' names, in seat order (see addSeat)
	// seatsAsListed: how the seat lines differ from the usual (psSeatsUnordered...)
	seatsAsListed uint8
	order         []int       // over 64 names: their indexes, longest name first (see seatsDone)
	byFirst       [256]uint64 // by first byte, the names (bits of indexes in names) starting with it
	byNumber      [16]uint8   // by seat number, its index in seats, plus one (see seatNumbered)
	boards        [2][]cards.Card
	runTwice      bool
	showdown      int           // board whose showdown is being read (run twice: 0 or 1)
	pots          []hand.Amount // h.Outcome.Pots
	fees          []hand.Fee    // h.Outcome.Fees
	cashOuts      []hand.CashOut
	winnings      []hand.Amount
	sawWin        bool
	sawTotal      bool
	summary       bool
	cancel        int // line of "Hand cancelled", 0 if none

	scale    int  // decimal digits of the hand's minor unit (Scale = 10^scale)
	currency bool // the stakes are money, not chips
	holeN    int  // hole cards per player
	isTourn  bool // a tournament hand
	sbPosted hand.Amount
	bbPosted hand.Amount
	antes    hand.Amount // largest ante posted
	// Stud: the bring-in posted (the stakes' BringIn), and whether the
	// bring-in opened the street's betting and is not yet completed.
	bringInAmt  hand.Amount
	bringInOpen bool

	lastLine int // the last line read, for errors about the hand's end; its text is r.in.heldLine()

	scratch psScratch // where the parts are built without a pool

	noQuick bool // tests: read every line the general way (no quickAction, quickSeat...)
}

// reset starts a hand, taken from the pool, whose header is at line.
func (p *psParser) reset(line, index int) {
	h := p.r.pool.Get()
	h.Format = string(Format)
	h.Pos = hand.Pos{File: p.r.file, Line: line}
	h.Index = index
	h.End = line
	p.h = h
	p.state = psWantTable
	p.err = nil
	if p.r.pool != nil {
		if cap(h.Actions) < psActionsNew {
			// A new hand (or one the pool had kept small): room for
			// most hands' actions at once, not grown 1, 2, 4... 32.
			h.Actions = make([]hand.Action, 0, psActionsNew)
		}
		p.seats, p.actions = h.Seats[:0], h.Actions[:0]
		o := &h.Outcome
		p.pots, p.fees, p.cashOuts, p.winnings = o.Pots[:0], o.Fees[:0], o.CashOuts[:0], o.Winnings[:0]
	} else {
		// No pool: the hand is new, and growing its slices from nothing
		// would allocate each several times. The parts are built in the
		// reader's scratch slices, and store copies them out at their
		// sizes; the actions are built in a block shared by consecutive
		// hands (see takeActions), which no hand is ever put back to reuse.
		sc := &p.scratch
		p.seats, p.pots, p.fees, p.cashOuts, p.winnings = sc.seats[:0], sc.pots[:0], sc.fees[:0], sc.cashOuts[:0], sc.winnings[:0]
		if cap(sc.actionRoom) < psActionsMin {
			sc.actionRoom = make([]hand.Action, 0, psActionBlock)
		}
		p.actions = sc.actionRoom
	}
	p.clearNames()
	p.seatsAsListed = 0
	p.boards[0], p.boards[1] = p.boards[0][:0], p.boards[1][:0]
	p.runTwice = false
	p.showdown = 0
	p.sawWin, p.sawTotal, p.summary = false, false, false
	p.cancel = 0
	p.scale, p.currency, p.holeN, p.isTourn = 0, false, 0, false
	p.sbPosted, p.bbPosted, p.antes = 0, 0, 0
	p.bringInAmt, p.bringInOpen = 0, false
}

// psScratch holds the parts of a hand while it is read, when the reader
// has no pool (see reset).
type psScratch struct {
	seats    []hand.Seat
	pots     []hand.Amount
	fees     []hand.Fee
	cashOuts []hand.CashOut
	winnings []hand.Amount

	// actionRoom is the unused rest of the current block of actions (len
	// 0). A hand appends its actions there, and the hand handed out keeps
	// them: a copy at the end is saved.
	actionRoom []hand.Action
}

// Action blocks: a block holds psActionBlock actions, and a hand starts in
// a new one when fewer than psActionsMin are left (most hands need fewer).
// A block stays in memory while any of its hands does; the pipeline writes
// hands in order, so a block's hands go together.
const (
	psActionBlock = 256
	psActionsMin  = 48
)

// psActionsNew is the room for actions a pooled hand is given when it has
// less (see reset).
const psActionsNew = 32

// store puts the parts built into the hand. With a pool, they are the
// hand's own slices, and one never appended to stays as it was (empty).
// Without, they are copied out of the scratch slices at their sizes, nil
// when empty.
func (p *psParser) store() {
	h, o := p.h, &p.h.Outcome
	if p.r.pool != nil {
		h.Seats, h.Actions = p.seats, p.actions
		o.Pots, o.Fees, o.CashOuts = p.pots, p.fees, p.cashOuts
		if p.sawWin {
			o.Winnings, o.HasWinnings = p.winnings, true
		} else {
			o.Winnings = p.winnings[:0] // keeps its memory; never read: HasWinnings is false
		}
		return
	}
	p.keepScratch()
	h.Seats = slices.Clone(p.seats)
	h.Actions = p.takeActions()
	if len(p.pots) > 0 {
		o.Pots = slices.Clone(p.pots)
	}
	if len(p.fees) > 0 {
		o.Fees = slices.Clone(p.fees)
	}
	if len(p.cashOuts) > 0 {
		o.CashOuts = slices.Clone(p.cashOuts)
	}
	if p.sawWin {
		o.Winnings, o.HasWinnings = slices.Clone(p.winnings), true
	}
}

// keepScratch keeps the scratch slices as they grew, for the next hand.
func (p *psParser) keepScratch() {
	sc := &p.scratch
	sc.seats, sc.pots, sc.fees, sc.cashOuts, sc.winnings = p.seats[:0], p.pots[:0], p.fees[:0], p.cashOuts[:0], p.winnings[:0]
}

// takeActions hands out the hand's actions at their exact length (appending
// to them cannot reach the next hand's), and moves the block's free room
// past them.
func (p *psParser) takeActions() []hand.Action {
	n := len(p.actions)
	if n == 0 {
		return nil
	}
	sc := &p.scratch
	if cap(p.actions) == cap(sc.actionRoom) && &p.actions[:1][0] == &sc.actionRoom[:1][0] {
		sc.actionRoom = sc.actionRoom[n:n]
	} // else the hand outgrew the block: its actions are a slice of their own
	return p.actions[:n:n]
}

// abandon gives a hand that is not handed out back to the pool, keeping
// the memory it grew. Nothing refers to it: p.err holds only strings.
func (p *psParser) abandon() {
	if p.h == nil {
		return
	}
	if p.r.pool != nil {
		p.store()
		p.r.pool.Put(p.h)
	} else {
		p.keepScratch()
	}
	p.h = nil
}

// keepLast keeps line n, just read from the input's buffer, without
// copying it, for errors about the hand's end: its place in the buffer
// (see holdAt), told from its capacity, as it runs to the buffer's end.
func (p *psParser) keepLast(line []byte, n int) {
	in := &p.r.in
	in.holdAt(cap(in.buf)-cap(line), len(line))
	p.lastLine = n
}

// fail records the hand's first error.
func (p *psParser) fail(line int, text []byte, msg string) {
	if p.err != nil {
		return
	}
	p.err = &parser.Error{File: p.r.file, Line: line, HandIndex: p.h.Index, HandID: p.h.ID,
		Text: psShorten(text), Msg: msg}
}

// psErrorf is a parse error about the current line.
func psErrorf(format string, args ...any) error { return fmt.Errorf(format, args...) }

// line reads one line of the hand body.
func (p *psParser) line(line []byte, n int) error {
	// In the betting states, readHand has tried quickAction.
	switch p.state {
	case psWantTable:
		return p.table(line)
	case psSeats:
		if len(line) > 5 && string(line[:5]) == "Seat " {
			return p.seat(line)
		}
		if len(p.seats) == 0 {
			return psErrorf("expected seat lines after the table line")
		}
		p.seatsDone()
		p.state = psPreDeal
		// The first line after the seats is nearly always a post, which
		// quickAction reads as readHand would have, in the betting states.
		if line[0] != '*' && !p.noQuick && p.quickAction(line, n, true) > 0 {
			return nil
		}
	case psSummary:
		return p.summaryLine(line, n)
	}
	if line[0] == '*' && len(line) > 4 && line[1] == '*' && line[2] == '*' && line[3] == ' ' {
		return p.marker(line, n)
	}
	if ok, err := p.playerLine(line, n); ok || err != nil {
		return err
	}
	return p.otherLine(line, n)
}

// finish checks the hand is whole and hands it out.
func (p *psParser) finish() (*hand.Hand, error) {
	h := p.h
	h.End = p.lastLine
	if p.err != nil {
		p.abandon()
		return nil, p.err
	}
	switch {
	case p.cancel > 0:
		// Not an error of the record: the room cancelled the hand. It is
		// read, marked cancelled, and not replayed (hand.not-replayed).
		h.Cancelled = true
	case p.state < psSummary:
		p.fail(p.lastLine, p.r.in.heldLine(), "hand ends without a *** SUMMARY ***: the record is cut short")
	case !p.sawTotal:
		p.fail(p.lastLine, p.r.in.heldLine(), "summary has no Total pot line: the record is cut short")
	case len(p.seats) == 0:
		p.fail(h.Pos.Line, nil, "hand has no seats")
	}
	if most := p.r.maxActions; most > 0 && len(p.actions) > most {
		p.fail(p.lastLine, p.r.in.heldLine(), fmt.Sprintf("hand has more than %d actions, the limit; skipped", most))
	}
	if p.scale >= len(psPow10) {
		// Chips whose stakes have more decimals than a Scale can hold.
		p.fail(h.Pos.Line, nil, "amount has too many decimals")
	}
	if p.err != nil {
		p.abandon()
		return nil, p.err
	}
	p.store()
	for b := 0; b < 2; b++ {
		if n := len(p.boards[b]); n > 0 {
			cs := h.NewCards(n)
			copy(cs, p.boards[b])
			h.Boards = append(h.Boards, cs)
		}
	}
	p.fillStakes()
	h.Scale = psPow10[p.scale]
	p.h = nil // the caller's now
	return h, nil
}

// fillStakes completes the stakes from the forced bets where the header
// does not state them: fixed-limit blinds and antes.
func (p *psParser) fillStakes() {
	st := &p.h.Stakes
	if p.h.Game.Variant.IsStud() {
		// No blinds: the bring-in opens, and the stakes are the bets.
		st.BringIn = p.bringInAmt
		if p.h.Game.Structure != hand.FixedLimit {
			st.MinBet = st.BigBlind
		}
	} else if p.h.Game.Structure == hand.FixedLimit {
		st.SmallBlind, st.BigBlind = p.sbPosted, p.bbPosted
		if st.SmallBlind == 0 {
			st.SmallBlind = st.SmallBet / 2
		}
		if st.BigBlind == 0 {
			st.BigBlind = st.SmallBet
		}
	} else {
		st.MinBet = st.BigBlind
	}
	st.Ante = p.antes
}

// psHas reports whether b starts with s.
//
// Hot paths write out a test for a literal of over 8 bytes instead, as
// len(b) >= 9 && string(b[:9]) == " (button)": the compiler compares a
// literal in registers only when it is in the comparison itself, and
// through psHas it calls memequal.
func psHas(b []byte, s string) bool { return len(b) >= len(s) && string(b[:len(s)]) == s }

// psIs reports whether b is s.
func psIs(b []byte, s string) bool { return string(b) == s }

// psHasSuffix reports whether b ends with s.
func psHasSuffix(b []byte, s string) bool {
	return len(b) >= len(s) && string(b[len(b)-len(s):]) == s
}

// psSkipSpaces is bytes.TrimLeft(b, " "), without its general setup.
func psSkipSpaces(b []byte) []byte {
	for len(b) > 0 && b[0] == ' ' {
		b = b[1:]
	}
	return b
}

// num reads a small decimal number; -1 if b is not one.
func psNum(b []byte) int {
	if len(b) == 0 || len(b) > 6 {
		return -1
	}
	v := 0
	for _, c := range b {
		if c < '0' || c > '9' {
			return -1
		}
		v = v*10 + int(c-'0')
	}
	return v
}

package ggpoker

// The parser of one hand: its state, the dispatch of each line to the
// grammar of its part (header.go, seats.go, actions.go, streets.go,
// summary.go), and the checks and conversions at the end of the hand.

import (
	"errors"
	"fmt"

	"github.com/handaudit/handaudit/cards"
	"github.com/handaudit/handaudit/hand"
	"github.com/handaudit/handaudit/parser"
)

// stage is how far into the hand the parser is.
type stage uint8

const (
	stTable    stage = iota // after the header: the table line is next
	stSeats                 // seat lines
	stPosts                 // forced bets, before "*** HOLE CARDS ***"
	stBetting               // the deal and the streets
	stShowdown              // "*** SHOWDOWN ***" and after
	stSummary               // "*** SUMMARY ***" and after
)

// handParser parses one hand's lines into a hand.Hand.
type handParser struct {
	r          *Reader
	h          *hand.Hand
	maxActions int
	stage      stage

	// Amounts are read in milli-units of the currency (or chip); digits
	// is the most decimals any amount used, and base the fewest the
	// hand's scale has (2 for money: cents). The scale is set, and every
	// amount converted, at the end of the hand.
	digits, base int
	money        bool   // the hand is played for money (a currency symbol in the stakes)
	symbol       string // the stakes' currency symbol, which every amount must use

	holeN       int           // hole cards per player
	dealStart   int           // index of the first DealHole action
	live        []hand.Amount // each seat's live forced bets (blinds, straddles): a straddle is written as the total
	listed      []bool        // seats a "Dealt to" line names
	dealtHidden bool          // a "Dealt to NAME" line without cards was read: every dealt player is listed
	showdown    int           // the run whose showdown is being read (Collect.Board)
	boards      [3][]cards.Card
	summaryRun  int // the run a bare summary "Board [...]" belongs to ("SECOND" on its own line before it)
	hasTotal    bool
	cashDrop    hand.Amount // "Cash Drop to Pot : total $X": the room's money added to the pot
	anteStated  bool        // the header states the ante
}

// errLine is an error of the line being read; parse adds the position.
type errLine struct{ msg string }

func (e *errLine) Error() string { return e.msg }

func errorf(format string, args ...any) error {
	return &errLine{msg: fmt.Sprintf(format, args...)}
}

// parse parses the Reader's current hand (hand index idx).
func (p *handParser) parse(idx int) (*hand.Hand, error) {
	r := p.r
	var h *hand.Hand
	if r.pool != nil {
		h = r.pool.Get()
	} else {
		h = new(hand.Hand)
	}
	p.reset(h)
	h.Format, h.Site, h.Index = string(Format), "GGPoker", idx
	h.Pos = hand.Pos{File: r.file, Line: r.lines[0].num}
	for i, ln := range r.lines {
		line := r.text[ln.start:ln.end]
		var err error
		if i == 0 {
			err = p.header(line)
		} else {
			err = p.line(line, ln.num)
		}
		if err == nil && len(h.Actions) > p.maxActions {
			err = errorf("more than %d actions in the hand", p.maxActions)
		}
		if err != nil {
			return nil, p.fail(idx, ln.num, line, err)
		}
	}
	last := r.lines[len(r.lines)-1]
	if err := p.finish(); err != nil {
		return nil, p.fail(idx, last.num, nil, err)
	}
	h.End = last.num
	return h, nil
}

// reset readies the parser for a new hand h.
func (p *handParser) reset(h *hand.Hand) {
	p.h = h
	p.stage = stTable
	p.digits, p.base, p.money, p.symbol = 0, 0, false, ""
	p.holeN, p.dealStart, p.dealtHidden = 0, 0, false
	p.listed = p.listed[:0]
	p.showdown, p.summaryRun, p.hasTotal, p.cashDrop, p.anteStated = 0, 0, false, 0, false
	for i := range p.boards {
		p.boards[i] = p.boards[i][:0]
	}
}

// fail turns err, met at line num (text line), into the hand's
// *parser.Error, and gives the hand back.
func (p *handParser) fail(idx, num int, line []byte, err error) error {
	var el *errLine
	msg := err.Error()
	if !errors.As(err, &el) {
		msg = "internal error: " + msg
	}
	e := &parser.Error{File: p.r.file, Line: num, HandIndex: idx, HandID: p.h.ID, Text: shorten(line), Msg: msg}
	if p.r.pool != nil {
		p.r.pool.Put(p.h)
	}
	p.h = nil
	return e
}

// line dispatches one line of the hand after the header.
func (p *handParser) line(line []byte, num int) error {
	if p.stage == stTable {
		return p.table(line)
	}
	if has(line, "*** ") {
		if p.stage == stSeats {
			if err := p.endSeats(); err != nil {
				return err
			}
		}
		return p.section(line, num)
	}
	if p.stage == stSummary {
		return p.summaryLine(line, num)
	}
	if p.stage == stSeats {
		if has(line, "Seat ") {
			return p.seat(line)
		}
		if err := p.endSeats(); err != nil {
			return err
		}
	}
	switch {
	case has(line, "Dealt to "):
		return p.dealt(line[9:], num)
	case has(line, "Uncalled bet ("):
		return p.uncalled(line[14:], num)
	case has(line, "Cash Drop to Pot : total "):
		return p.cashDropLine(line[25:])
	}
	seat, n := p.player(line)
	if seat >= 0 {
		rest := line[n:]
		switch {
		case has(rest, ": "):
			return p.action(seat, rest[2:], num)
		case has(rest, " collected "):
			return p.collect(seat, rest[11:], num)
		}
	}
	return errorf("unknown line")
}

// endSeats ends the seat lines: the forced bets come next.
func (p *handParser) endSeats() error {
	if len(p.h.Seats) == 0 {
		return errorf("no seat lines after the table line")
	}
	p.stage = stPosts
	p.live = append(p.live[:0], make([]hand.Amount, len(p.h.Seats))...)
	return nil
}

// player returns the seat index of the seated player whose name starts
// line followed by ':' or ' ', the longest such name, and its length; or
// -1.
func (p *handParser) player(line []byte) (seat, n int) {
	seat = -1
	for i := range p.h.Seats {
		name := p.h.Seats[i].Player
		if len(name) < len(line) && len(name) > n && string(line[:len(name)]) == name &&
			(line[len(name)] == ':' || line[len(name)] == ' ') {
			seat, n = i, len(name)
		}
	}
	return seat, n
}

// add appends an action at line num and returns it.
func (p *handParser) add(kind hand.ActionKind, seat, num int) *hand.Action {
	p.h.Actions = append(p.h.Actions, hand.Action{Kind: kind, Player: seat, Pos: hand.Pos{File: p.r.file, Line: num}})
	return &p.h.Actions[len(p.h.Actions)-1]
}

// finish checks the hand is complete, and sets what needs the whole hand:
// who was dealt in, the boards, the scale.
func (p *handParser) finish() error {
	h := p.h
	switch {
	case p.stage < stBetting:
		return errorf("hand cut short: no \"*** HOLE CARDS ***\" line")
	case p.stage < stSummary:
		return errorf("hand cut short: no \"*** SUMMARY ***\" section")
	case !p.hasTotal:
		return errorf("hand cut short: no \"Total pot\" line in the summary")
	}
	if p.dealtHidden {
		// The record lists every player dealt in: a seat it does not list
		// sat the hand out.
		acts := h.Actions[:p.dealStart]
		for _, a := range h.Actions[p.dealStart:] {
			if a.Kind == hand.DealHole && !p.listed[a.Player] {
				h.Seats[a.Player].SittingOut = true
				continue
			}
			acts = append(acts, a)
		}
		h.Actions = acts
	}
	runs := 0
	for i := range p.boards {
		if len(p.boards[i]) > 0 {
			runs = i + 1
		}
	}
	for i := range runs {
		h.Boards = append(h.Boards, append(h.NewCards(len(p.boards[i]))[:0], p.boards[i]...))
	}
	h.PotAdded = p.cashDrop
	return p.setScale()
}

// has reports whether b starts with s.
func has(b []byte, s string) bool {
	return len(b) >= len(s) && string(b[:len(s)]) == s
}

// is reports whether b is s.
func is(b []byte, s string) bool { return string(b) == s }

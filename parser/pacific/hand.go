package pacific

// The parser of one hand: its state, the dispatch of each line by the
// part of the hand it is in, and the checks at the hand's end.

import (
	"errors"
	"fmt"
	"slices"

	"github.com/handaudit/handaudit/cards"
	"github.com/handaudit/handaudit/hand"
	"github.com/handaudit/handaudit/parser"
)

// stage is the part of the hand the parser is in: each header line comes
// once, in order, then the seats, the betting, the summary.
type stage uint8

const (
	stageGame    stage = iota // after the header: "$0.05/$0.10 Blinds No Limit Holdem - *** ..."
	stageTable                // "Table Aberdeen 9 Max (Real Money)" or "Tournament #..."
	stageButton               // "Seat 2 is the button"
	stagePlayers              // "Total number of players : 8"
	stageSeats                // "Seat 1: k1mme1 ( $6.84 )"...
	stageBetting              // posts, the deal, actions, boards
	stageSummary              // after "** Summary **": shows, mucks, collects
)

// handParser reads the lines of one hand into h.
type handParser struct {
	r     *Reader
	h     *hand.Hand
	first int // the hand's first line
	last  int // the last line read
	stage stage

	gameNo []byte // the number of a "#Game No" line, if the hand has one

	sym   string // the currency symbol of the game line ("" if none)
	frac  bool   // an amount had a fraction
	cash  bool   // a real-money cash game: amounts are in cents whatever they show
	blast bool   // a BLAST tournament: the game line's first figure is the prize pool

	street  int           // 0 pre-flop, 1 flop, 2 turn, 3 river
	dealt   bool          // hole cards dealt (a DealHole for each player)
	betting bool          // a betting action was read: no more posts
	contrib []hand.Amount // each seat's chips in front of him on this street
	byName  []int         // seat indices, longest name first: how player lines are matched
	board   []cards.Card  // Boards[0], cut from the hand's card memory
}

// reset starts a new hand in h, whose first line is num.
func (p *handParser) reset(h *hand.Hand, num, index int) {
	gameNo, contrib, byName := p.gameNo[:0], p.contrib[:0], p.byName[:0]
	*p = handParser{r: p.r, h: h, first: num, last: num, gameNo: gameNo, contrib: contrib, byName: byName}
	h.Format = string(Format)
	h.Pos = hand.Pos{File: p.r.file, Line: num}
	h.Index = index
	h.Outcome.Pos.File = p.r.file
}

// errorf is an error of the line being read.
func errorf(format string, args ...any) error { return fmt.Errorf(format, args...) }

// fail gives the hand back and returns the *parser.Error of a problem at
// line num (text, if not nil, is the line).
func (p *handParser) fail(num int, text []byte, msg string) *parser.Error {
	e := p.r.errorAt(num, p.h.Index, p.h.ID, text, msg)
	p.r.pool.Put(p.h)
	p.h = nil
	return e
}

// pos is the position of line n.
func (p *handParser) pos(n int) hand.Pos { return hand.Pos{File: p.r.file, Line: n} }

// line reads one line (not blank, not a hand's first line).
func (p *handParser) line(b []byte, n int) error {
	p.last = n
	switch p.stage {
	case stageGame:
		return p.gameLine(b)
	case stageTable:
		return p.tableLine(b)
	case stageButton:
		return p.buttonLine(b)
	case stagePlayers:
		return p.playersLine(b)
	case stageSeats:
		if hasPrefix(b, "Seat ") {
			return p.seatLine(b)
		}
		if err := p.seatsDone(); err != nil {
			return err
		}
		p.stage = stageBetting
	}
	if b[0] == '*' && hasPrefix(b, "** ") {
		return p.section(b, n)
	}
	if p.stage == stageSummary {
		return p.summaryLine(b, n)
	}
	if hasPrefix(b, "Dealt to ") {
		return p.dealtTo(b[len("Dealt to "):], n)
	}
	return p.action(b, n)
}

// finish checks the hand once its last line is read, and puts its
// amounts at the hand's scale.
func (p *handParser) finish() error {
	h := p.h
	h.End = p.last
	switch {
	case p.stage < stageSeats:
		return errors.New("the hand ends in its header (cut short)")
	case p.stage < stageSummary:
		return errors.New("the hand ends before its summary (cut short)")
	}
	// What each player collected, summed, as his winnings: 888's
	// collects are after the rake, which the record does not state, and
	// winnings let the replay infer it (its implied rake, as for a PHH
	// record's winnings) instead of taking the rake for missing chips.
	o := &h.Outcome
	o.Winnings = slices.Grow(o.Winnings[:0], len(h.Seats))[:len(h.Seats)]
	clear(o.Winnings)
	for i := range h.Actions {
		if a := &h.Actions[i]; a.Kind == hand.Collect {
			o.Winnings[a.Player] += a.Amount
		}
	}
	o.HasWinnings = true
	h.Scale = 100
	if !p.cash && !p.frac {
		// Chips or play money written whole: whole units.
		h.Scale = 1
		rescale(h, 100)
	}
	return nil
}

// rescale divides every amount of h by f (they were all read as
// multiples of it).
func rescale(h *hand.Hand, f hand.Amount) {
	st := &h.Stakes
	st.Ante /= f
	st.SmallBlind /= f
	st.BigBlind /= f
	st.SmallBet /= f
	st.BigBet /= f
	st.MinBet /= f
	for i := range h.Seats {
		h.Seats[i].Stack /= f
	}
	for i := range h.Actions {
		a := &h.Actions[i]
		a.Amount /= f
		a.To /= f
	}
	for i := range h.Outcome.Winnings {
		h.Outcome.Winnings[i] /= f
	}
}

// seatOf returns the seat whose player's name starts line, followed by a
// space, and the rest of the line after that space; the longest name
// whose rest is a known action wins, as one name may start another
// ("Bob" and "Bob 2").
func (p *handParser) seatOf(line []byte, known func([]byte) bool) (int, []byte, bool) {
	for _, i := range p.byName {
		name := p.h.Seats[i].Player
		if len(line) > len(name) && line[len(name)] == ' ' && string(line[:len(name)]) == name {
			if rest := line[len(name)+1:]; known(rest) {
				return i, rest, true
			}
		}
	}
	return -1, nil, false
}

func hasPrefix(b []byte, s string) bool { return len(b) >= len(s) && string(b[:len(s)]) == s }

func hasSuffix(b []byte, s string) bool {
	return len(b) >= len(s) && string(b[len(b)-len(s):]) == s
}

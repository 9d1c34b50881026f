package winamax

// The parser of one hand: its state, the dispatch of each line by the part
// of the hand it is in, and the checks when the hand ends.

import (
	"errors"
	"fmt"
	"slices"

	"github.com/handaudit/handaudit/cards"
	"github.com/handaudit/handaudit/hand"
	"github.com/handaudit/handaudit/parser"
)

// state is where in a hand the parser is.
type state uint8

const (
	wantTable  state = iota // after the header
	inSeats                 // seat lines
	inPosts                 // after *** ANTE/BLINDS ***: posts, "Dealt to"
	inBetting               // after *** PRE-FLOP ***: the betting streets
	inShowdown              // after *** SHOW DOWN ***
	inSummary               // after *** SUMMARY ***
)

// handParser builds one hand, taken from the reader's pool, line by line.
type handParser struct {
	r     *Reader
	h     *hand.Hand
	state state
	err   *parser.Error

	digits   int    // decimal digits of the hand's minor unit (Scale = 10^digits)
	currency string // the currency the header's stakes are in ("" for chips and play money)
	isTourn  bool
	holeN    int  // hole cards per player
	dealt    bool // the DealHole actions have been added
	lastLine int  // the last line read, for errors about the hand's end
	sawTotal bool // "Total pot" read

	// The forced bets posted, for the stakes a fixed-limit header leaves
	// out (its blinds).
	sbPosted, bbPosted hand.Amount

	winnings []hand.Amount // the summary's "won X", by seat (nil: none read)
	// By seat: named in the summary, dealt cards the record shows.
	inSummary, dealtKnown []bool
}

// errorf is an error about a line; the reader adds the line and position.
func errorf(format string, args ...any) error { return fmt.Errorf(format, args...) }

// reset starts a hand whose header is at line.
func (p *handParser) reset(line, index int) {
	h := p.r.pool.Get()
	h.Format = string(Format)
	h.Pos = hand.Pos{File: p.r.file, Line: line}
	h.Index = index
	h.End = line
	p.h = h
	p.state = wantTable
	p.err = nil
	p.digits, p.currency, p.isTourn, p.holeN = 0, "", false, 0
	p.dealt, p.sawTotal = false, false
	p.lastLine = line
	p.sbPosted, p.bbPosted = 0, 0
	p.winnings = p.winnings[:0]
	p.inSummary, p.dealtKnown = p.inSummary[:0], p.dealtKnown[:0]
}

// fail records the hand's error at line n.
func (p *handParser) fail(n int, line []byte, msg string) {
	e := &parser.Error{File: p.r.file, Line: n, HandIndex: p.h.Index, HandID: p.h.ID, Msg: msg}
	if line != nil {
		e.Text = shorten(line)
	}
	p.err = e
}

// abandon gives a hand that is not handed out back to the pool.
func (p *handParser) abandon() {
	if p.h != nil {
		p.r.pool.Put(p.h)
		p.h = nil
	}
}

// pos is the position of line n.
func (p *handParser) pos(n int) hand.Pos { return hand.Pos{File: p.r.file, Line: n} }

// line reads one line of the hand's body (not its header).
func (p *handParser) line(line []byte, n int) error {
	p.lastLine = n
	if line[0] == '*' && hasPrefix(line, "*** ") {
		return p.section(line, n)
	}
	switch p.state {
	case wantTable:
		return p.table(line)
	case inSeats:
		if hasPrefix(line, "Seat ") {
			return p.seat(line)
		}
		return errorf("unknown line: expected a seat or *** ANTE/BLINDS ***")
	case inSummary:
		return p.summaryLine(line)
	}
	if hasPrefix(line, "Dealt to ") {
		return p.dealtTo(line[9:], n)
	}
	seat, rest := p.player(line)
	if seat < 0 {
		return errorf("unknown line: it names no seated player")
	}
	return p.action(seat, rest, n)
}

// finish checks the hand read is whole and hands it out.
func (p *handParser) finish() (*hand.Hand, error) {
	h := p.h
	switch {
	case p.state < inSeats:
		p.fail(p.lastLine, nil, "hand ends after its header: no table line")
	case len(h.Seats) == 0:
		p.fail(p.lastLine, nil, "hand has no seats")
	case p.state != inSummary:
		p.fail(p.lastLine, nil, "hand ends without a *** SUMMARY ***: cut short")
	case !p.sawTotal:
		p.fail(p.lastLine, nil, "hand ends without its \"Total pot\" line: cut short")
	}
	if p.err != nil {
		p.abandon()
		return nil, p.err
	}
	h.End = p.lastLine
	h.Scale = pow10[p.digits]
	h.Currency = p.currency
	p.notDealtIn()
	p.fillStakes()
	if len(p.winnings) > 0 {
		h.Outcome.Winnings, h.Outcome.HasWinnings = append(h.Outcome.Winnings[:0], p.winnings...), true
	}
	p.settle()
	p.h = nil
	return h, nil
}

// fillStakes completes the stakes with what the header leaves out: the
// blinds of a fixed-limit game are posted, not written in its header.
func (p *handParser) fillStakes() {
	st := &p.h.Stakes
	if p.h.Game.Structure == hand.FixedLimit && st.BigBlind == 0 && p.h.Stakes.BringIn == 0 && p.h.Game.HoleCards != 7 {
		// The first blinds posted in turn and not all-in; failing those,
		// the usual blinds of the small bet (the big blind is the small
		// bet, the small blind half of it, rounded down: 0.05/0.10 posts
		// 0.02 and 0.05).
		st.SmallBlind, st.BigBlind = p.sbPosted, p.bbPosted
		if st.SmallBlind == 0 {
			st.SmallBlind = st.SmallBet / 2
		}
		if st.BigBlind == 0 {
			st.BigBlind = st.SmallBet
		}
	}
	if p.h.Game.Structure != hand.FixedLimit {
		st.MinBet = st.BigBlind
	}
}

// notDealtIn marks the seats the hand's lines never name as sitting out,
// and takes back their deal: Winamax lists a player who is away in the
// seats, and writes no line for him, while every player dealt in posts,
// acts, collects or is listed in the summary.
func (p *handParser) notDealtIn() {
	h := p.h
	named := make([]bool, len(h.Seats))
	for i := range h.Actions {
		if a := &h.Actions[i]; a.Kind != hand.DealHole && a.Player >= 0 {
			named[a.Player] = true
		}
	}
	for i, w := range p.winnings {
		named[i] = named[i] || w > 0
	}
	for i, in := range p.inSummary {
		named[i] = named[i] || in
	}
	for i, known := range p.dealtKnown {
		named[i] = named[i] || known
	}
	drop := false
	for i := range h.Seats {
		if !named[i] && !h.Seats[i].SittingOut {
			h.Seats[i].SittingOut = true
			drop = true
		}
	}
	if drop {
		h.Actions = slices.DeleteFunc(h.Actions, func(a hand.Action) bool {
			return a.Kind == hand.DealHole && h.Seats[a.Player].SittingOut
		})
	}
}

// dealHoles adds a DealHole for every player dealt in (every seat not
// sitting out), in dealing order from the left of the button; "Dealt to"
// lines fill in the cards known.
func (p *handParser) dealHoles(n int) {
	if p.dealt {
		return
	}
	p.dealt = true
	h := p.h
	start := 0
	for i := range h.Seats {
		if h.Seats[i].Number == h.Button {
			start = i + 1
		}
	}
	for k := range h.Seats {
		i := (start + k) % len(h.Seats)
		if h.Seats[i].SittingOut {
			continue
		}
		h.Actions = append(h.Actions, hand.Action{Kind: hand.DealHole, Player: i,
			Cards: h.NewCardsOf(p.holeN, cards.Unknown), Pos: p.pos(n)})
	}
}

// hasPrefix is bytes.HasPrefix for a string prefix.
func hasPrefix(b []byte, s string) bool { return len(b) >= len(s) && string(b[:len(s)]) == s }

// hasSuffix is bytes.HasSuffix for a string suffix.
func hasSuffix(b []byte, s string) bool { return len(b) >= len(s) && string(b[len(b)-len(s):]) == s }

// errNoAmount explains an amount that does not parse.
var errNoAmount = errors.New("cannot read the amount")

package partypoker

// The parser of one hand: its state, the dispatch of each line to the
// part of the grammar that reads it, and the end-of-hand work (finish).

import (
	"fmt"

	"github.com/handaudit/handaudit/cards"
	"github.com/handaudit/handaudit/hand"
	"github.com/handaudit/handaudit/parser"
)

// Where a hand is, from one line to the next.
const (
	stGame    = iota // after the header: the game line comes next
	stTable          // the table line comes next
	stSeats          // button, player count, seats, tournament lines
	stPosts          // forced bets, before the deal
	stBetting        // from the deal on
)

// handParser reads one hand's lines into h.
type handParser struct {
	r     *Reader
	h     *hand.Hand
	state int
	index int // the hand's index in the file

	chips  bool // tournament chips (Scale 1), not money
	scale  int  // decimals of the hand's minor unit
	buyIn  hand.Amount
	stakeA hand.Amount // the game line's stakes: "$0.05/$0.10" is a/b,
	stakeB hand.Amount // "$100" (a table's maximum buy-in) is a alone
	single bool        // the stakes are a maximum buy-in

	// The actions read, without the deal (inserted at dealAt by finish,
	// once who was dealt in is known).
	acts   []hand.Action
	dealAt int // index in acts of the deal; -1 before it

	holes [][]cards.Card // per seat: the cards "Dealt to" shows, or nil

	street    int           // 0 preflop ... 3 river
	streetBet []hand.Amount // per seat: chips put in on this street (live)
	total     []hand.Amount // per seat: chips put in during the hand
	dead      []hand.Amount // per seat: of those, antes and dead blinds
	streetMax hand.Amount   // the street's highest bet
	acted     []bool        // per seat: made a forced bet or a betting action

	board   [5]cards.Card
	nBoard  int
	won     bool // a "wins" line was read
	winsAt  int  // index in acts of the first collect
	showing bool // past the betting: shows and wins
	showAt  int  // index in acts of the first show, muck or collect

	// The newer export (newer.go).
	newer      bool
	inSummary  bool
	statedRake hand.Amount
	hasRake    bool
	balances   []hand.Amount // per seat, from the summary; -1 if not given
	collected  []hand.Action // the summary's collects, added after its shows
}

// begin starts a hand in h.
func (p *handParser) begin(h *hand.Hand, index, num int) {
	*p = handParser{r: p.r, h: h, index: index, acts: p.acts[:0], dealAt: -1,
		streetBet: p.streetBet[:0], total: p.total[:0], dead: p.dead[:0], acted: p.acted[:0], holes: p.holes[:0],
		balances: p.balances[:0], collected: p.collected[:0]}
	h.Format = string(Format)
	h.Site = Site
	h.Index = index
	h.Pos = hand.Pos{File: p.r.file, Line: num}
	h.End = num
}

// errorf makes the *parser.Error of a hand that cannot be read.
func (p *handParser) errorf(num int, line []byte, format string, args ...any) error {
	return &parser.Error{File: p.r.file, Line: num, HandIndex: p.index, HandID: p.h.ID,
		Text: shorten(line), Msg: fmt.Sprintf(format, args...)}
}

// line reads one non-blank line of the hand after its header.
func (p *handParser) line(line []byte, num int) error {
	p.h.End = num
	var msg string
	switch {
	case p.state == stGame:
		msg = p.gameLine(line)
	case p.state == stTable:
		msg = p.tableLine(line)
	case p.state == stSeats:
		msg = p.seatsPart(line, num)
	case p.inSummary:
		msg = p.summaryLine(line, num)
	default:
		msg = p.actionLine(line, num)
	}
	if msg != "" {
		return p.errorf(num, line, "%s", msg)
	}
	if len(p.acts) > p.r.lim.MaxActions {
		return p.errorf(num, line, "more than %d actions in one hand", p.r.lim.MaxActions)
	}
	return nil
}

// seatsPart reads the lines between the table line and the first forced
// bet: the button, the player count, the seats and a tournament's level.
func (p *handParser) seatsPart(line []byte, num int) string {
	switch {
	case len(line) > 19 && hasPrefix(line, "Seat ") && hasSuffix(line, " is the button"):
		return p.buttonLine(line[5 : len(line)-14])
	case hasPrefix(line, "Total number of players :"):
		return p.playersLine(line[25:])
	case hasPrefix(line, "Seat ") || hasPrefix(line, "seat "):
		return p.seatLine(line[5:])
	case p.chips && (hasPrefix(line, "Trny:") || hasPrefix(line, "Blinds(") ||
		hasPrefix(line, "Blinds-Antes(") || hasPrefix(line, "Stakes-Antes(")):
		return "" // the game line's tournament, level and stakes again
	}
	if msg := p.seated(); msg != "" {
		return msg
	}
	p.state = stPosts
	return p.actionLine(line, num)
}

// finish checks the hand is whole and completes h: the deal, the
// uncalled bet, the rake, the stakes and the boards.
func (p *handParser) finish() error {
	h := p.h
	if p.inSummary {
		p.endSummary()
	}
	if !p.won {
		last := "the hand's header"
		if p.state > stGame {
			last = "its last line"
		}
		return &parser.Error{File: p.r.file, Line: h.End, HandIndex: p.index, HandID: h.ID,
			Msg: "hand cut short: it ends at " + last + " before anyone wins a pot"}
	}
	if p.dealAt < 0 {
		return &parser.Error{File: p.r.file, Line: h.End, HandIndex: p.index, HandID: h.ID,
			Msg: "hand without \"** Dealing down cards **\""}
	}
	p.finishStakes()
	p.assemble()
	p.outcome()
	if p.nBoard > 0 {
		b := h.NewCards(p.nBoard)
		copy(b, p.board[:p.nBoard])
		h.Boards = append(h.Boards, b)
	}
	return nil
}

// assemble writes h.Actions: the actions read, with the deal inserted
// where "** Dealing down cards **" was: a DealHole for every player dealt
// in, from the left of the button. PartyPoker lists every seated player,
// dealt in or not, and marks only some who sit out: a seated player with
// no forced bet and no action in the whole hand was not dealt in.
func (p *handParser) assemble() {
	h := p.h
	dealt := 0
	for i := range h.Seats {
		if !p.acted[i] {
			h.Seats[i].SittingOut = true
		}
		if !h.Seats[i].SittingOut {
			dealt++
		}
	}
	n := len(p.acts) + dealt
	if cap(h.Actions) < n {
		h.Actions = make([]hand.Action, 0, n)
	}
	h.Actions = append(h.Actions[:0], p.acts[:p.dealAt]...)
	start := 0
	for i := range h.Seats {
		if h.Seats[i].Number == h.Button {
			start = i + 1
		}
	}
	holeN := h.Game.HoleCards
	for k := range h.Seats {
		i := (start + k) % len(h.Seats)
		if h.Seats[i].SittingOut {
			continue
		}
		cs := p.holes[i]
		if cs == nil {
			cs = h.NewCardsOf(holeN, cards.Unknown)
		}
		h.Actions = append(h.Actions, hand.Action{Kind: hand.DealHole, Player: i, Cards: cs,
			Pos: hand.Pos{File: p.r.file, Line: p.acts[p.dealAt].Pos.Line}})
	}
	h.Actions = append(h.Actions, p.acts[p.dealAt+1:]...)
	p.winsAt += dealt - 1
	p.showAt += dealt - 1
}

// hasPrefix is bytes.HasPrefix for a string prefix.
func hasPrefix(b []byte, s string) bool {
	return len(b) >= len(s) && string(b[:len(s)]) == s
}

// hasSuffix is bytes.HasSuffix for a string suffix.
func hasSuffix(b []byte, s string) bool {
	return len(b) >= len(s) && string(b[len(b)-len(s):]) == s
}

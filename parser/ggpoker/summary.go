package ggpoker

// The summary's lines:
//
//	Total pot $55.04 | Rake $2.7 | Jackpot $1 | Bingo $0 | Fortune $0 | Tax $0
//	Hand was run three times
//	Board [Ts 7h 5d 2h Kc]
//	FIRST Board [Th 9c 5s 6h Jc]       SECOND Board [4d Kd] (only the cards of its own)
//	SECOND                              then Board [9h 9c Kc 6s As] on the next line
//	Seat 4: ac12334d (small blind) collected ($2)
//
// The seat lines repeat what the hand's lines said; they are checked to
// name seated players, and a card mucked there is recorded.

import (
	"bytes"

	"github.com/handaudit/handaudit/hand"
)

// summaryLine reads one line of the summary.
func (p *handParser) summaryLine(line []byte, num int) error {
	switch {
	case has(line, "Total pot "):
		return p.totalPot(line[10:], num)
	case has(line, "Hand was run "):
		if !is(line, "Hand was run two times") && !is(line, "Hand was run three times") {
			return errorf("unknown line in the summary")
		}
		return nil
	case has(line, "Board ["):
		return p.summaryBoard(p.summaryRun, line[6:])
	case has(line, "Seat "):
		return p.summarySeat(line, num)
	}
	if run, k := runPrefix(line); k > 0 && has(line[k:], "Board [") {
		return p.summaryBoard(run, line[k+6:])
	}
	for run, w := range runNames {
		if is(line, w[:len(w)-1]) { // the run's name on a line of its own, its board on the next
			p.summaryRun = run
			return nil
		}
	}
	return errorf("unknown line in the summary")
}

// totalPot reads what follows "Total pot ": "$13.3 | Rake $1.42 | Jackpot
// $0 | Bingo $0". Every part after the rake is a fee, kept by its name.
func (p *handParser) totalPot(b []byte, num int) error {
	if p.hasTotal {
		return errorf("second \"Total pot\" line")
	}
	o := &p.h.Outcome
	v, n, err := p.amount(b)
	if err != nil {
		return err
	}
	o.TotalPot, o.HasTotalPot = v, true
	p.hasTotal = true
	o.Pos = hand.Pos{File: p.r.file, Line: num}
	b = b[n:]
	for len(b) > 0 {
		if !has(b, " | ") {
			return errorf("unexpected text in the \"Total pot\" line")
		}
		b = b[3:]
		sp := bytes.IndexByte(b, ' ')
		if sp <= 0 {
			return errorf("cannot read the \"Total pot\" line")
		}
		name := b[:sp]
		v, n, err := p.amount(b[sp+1:])
		if err != nil {
			return err
		}
		b = b[sp+1+n:]
		if is(name, "Rake") {
			if o.HasRake {
				return errorf("rake stated twice")
			}
			o.Rake, o.HasRake = v, true
			continue
		}
		o.Fees = append(o.Fees, hand.Fee{Name: p.r.strs.Intern(name), Amount: v})
	}
	return nil
}

// summaryBoard checks a summary board ("[Ts 7h 5d]") against the run's
// board as dealt: GGPoker writes a later run's board whole or only its
// own cards, in the order dealt or not.
func (p *handParser) summaryBoard(run int, b []byte) error {
	cs, n, err := p.cards(b)
	if err != nil {
		return err
	}
	if n != len(b) {
		return errorf("unexpected text after the board")
	}
	dealt := p.boards[run]
	if len(cs) > len(dealt) || !sameCards(cs, dealt[len(dealt)-len(cs):]) {
		return errorf("the summary's board is not the board dealt")
	}
	return nil
}

// summarySeat checks a summary seat line names a seated player, and
// records the cards a player mucked ("Seat 3: NAME mucked [Ah Kd]"): as
// the cards of his "mucks hand", if he has one.
func (p *handParser) summarySeat(line []byte, num int) error {
	number, rest, err := seatNumber(line)
	if err != nil {
		return err
	}
	seat := -1
	for i := range p.h.Seats {
		if p.h.Seats[i].Number == number {
			seat = i
		}
	}
	if seat < 0 {
		return errorf("summary of seat %d, where no one sat", number)
	}
	name := p.h.Seats[seat].Player
	if !has(rest, name) || (len(rest) > len(name) && rest[len(name)] != ' ') {
		return errorf("summary of seat %d names another player than its seat line", number)
	}
	if i := bytes.Index(rest, []byte(" mucked [")); i >= 0 {
		cs, _, err := p.cards(rest[i+8:])
		if err != nil {
			return err
		}
		// The cards of the player's "mucks hand", or a muck of its own.
		for i := range p.h.Actions {
			if a := &p.h.Actions[i]; a.Kind == hand.Muck && a.Player == seat && len(a.Cards) == 0 {
				a.Cards = cs
				return nil
			}
		}
		a := p.add(hand.Muck, seat, num)
		a.Cards, a.Board = cs, p.showdown
	}
	return nil
}

package winamax

// The summary: "Total pot 14.02€ | Rake 0.98€" (or "| No rake"), "Board:
// [3c 7d 2s 3h 4c]", and a line for some seats ("Seat 2: NAME (small
// blind) (button) showed [8d Jd] and won 14.02€ with One pair : 3"): the
// pot, the rake, the winnings, and the checks against what the hand's lines
// dealt.

import (
	"bytes"
	"slices"
	"strconv"

	"github.com/handaudit/handaudit/cards"
	"github.com/handaudit/handaudit/hand"
	"github.com/handaudit/handaudit/parser"
)

// summaryLine reads one line after *** SUMMARY ***.
func (p *handParser) summaryLine(line []byte) error {
	switch {
	case hasPrefix(line, "Total pot "):
		return p.totalPot(line[10:])
	case hasPrefix(line, "Board: "):
		if !p.sawTotal {
			return errorf("board before the \"Total pot\" line")
		}
		cs, k, err := p.bracketCards(line[7:])
		if err != nil {
			return err
		}
		var board []cards.Card
		if len(p.h.Boards) > 0 {
			board = p.h.Boards[0]
		}
		if k != len(line)-7 || !slices.Equal(board, cs) {
			return errorf("the summary's board is not the board dealt")
		}
		return nil
	case hasPrefix(line, "Seat "):
		if !p.sawTotal {
			return errorf("seat summary before the \"Total pot\" line")
		}
		return p.summarySeat(line[5:])
	}
	return errorf("unknown summary line")
}

// totalPot reads "X | Rake Y" or "X | No rake" after "Total pot ".
func (p *handParser) totalPot(b []byte) error {
	if p.sawTotal {
		return errorf("second \"Total pot\" line")
	}
	o := &p.h.Outcome
	v, k, err := p.amount(b)
	if err != nil {
		return err
	}
	sc := p.digits
	switch tail := b[k:]; {
	case string(tail) == " | No rake":
		o.Rake, o.HasRake = 0, true
	case hasPrefix(tail, " | Rake "):
		r, k, err := p.amount(tail[8:])
		if err != nil {
			return err
		}
		if k != len(tail)-8 {
			return errorf("unexpected text after the rake")
		}
		o.Rake, o.HasRake = r, true
	default:
		return errorf("cannot read the \"Total pot\" line: expected \"| Rake X\" or \"| No rake\"")
	}
	o.TotalPot, o.HasTotalPot = p.since(v, sc), true
	o.Pos = p.pos(p.lastLine)
	p.sawTotal = true
	return nil
}

// summaryRoles are the roles a summary seat line may give after the name.
var summaryRoles = [...]string{" (small blind)", " (big blind)", " (button)"}

// summarySeat reads "N: NAME[ (role)...] RESULT" after "Seat ": RESULT is
// "folded on the STREET", "won X[ with ...]", "showed [cards] and won
// X[ with ...]", "showed [cards] and lost[ with ...]" or "mucked". The
// seat must be the named player's; what was won is kept as the seat's
// winnings (a hi/lo hand gives a line for each half).
func (p *handParser) summarySeat(b []byte) error {
	h := p.h
	c := bytes.IndexByte(b, ':')
	if c <= 0 || c+2 > len(b) || b[c+1] != ' ' {
		return errorf("cannot read the summary's seat line")
	}
	num, err := strconv.Atoi(string(b[:c]))
	if err != nil {
		return errorf("cannot read the summary's seat number %q", b[:c])
	}
	seat := -1
	for i := range h.Seats {
		if h.Seats[i].Number == num {
			seat = i
		}
	}
	if seat < 0 {
		return errorf("summary names seat %d, where no one sits", num)
	}
	if len(p.inSummary) == 0 {
		p.inSummary = append(p.inSummary, make([]bool, len(h.Seats))...)
	}
	p.inSummary[seat] = true
	rest := b[c+2:]
	name := h.Seats[seat].Player
	if !hasPrefix(rest, name) || len(rest) <= len(name) || rest[len(name)] != ' ' {
		return errorf("summary's seat %d is not %q's", num, name)
	}
	rest = rest[len(name):]
	for _, role := range summaryRoles {
		if hasPrefix(rest, role) {
			rest = rest[len(role):]
		}
	}
	if len(rest) == 0 || rest[0] != ' ' {
		return errorf("cannot read the summary's seat line")
	}
	rest = rest[1:]
	switch {
	case hasPrefix(rest, "folded on the "):
		switch string(rest[14:]) {
		case "pre-flop", "flop", "turn", "river":
			return nil
		}
		return errorf("cannot read the street the player folded on")
	case string(rest) == "mucked":
		return nil
	case hasPrefix(rest, "won "):
		return p.won(seat, rest[4:])
	case hasPrefix(rest, "showed "):
		_, k, err := p.bracketCards(rest[7:])
		if err != nil {
			return err
		}
		switch tail := rest[7+k:]; {
		case hasPrefix(tail, " and won "):
			return p.won(seat, tail[9:])
		case string(tail) == " and lost", hasPrefix(tail, " and lost with "):
			return nil
		}
	}
	return errorf("cannot read the summary's seat line")
}

// won reads "X[ with DESCRIPTION]" into seat's winnings.
func (p *handParser) won(seat int, b []byte) error {
	v, k, err := p.amount(b)
	if err != nil {
		return err
	}
	if tail := b[k:]; len(tail) > 0 && !hasPrefix(tail, " with ") {
		return errorf("unexpected text after the amount won")
	}
	if len(p.winnings) == 0 {
		p.winnings = append(p.winnings, make([]hand.Amount, len(p.h.Seats))...)
	}
	p.winnings[seat] += v
	return nil
}

// The summary's conventions, put in the canonical form at the end of the
// hand (see settle): Winamax writes no line for an uncalled bet, which the
// bettor's collect includes, and its "Total pot" is what the winners
// collect: the pot after the rake, with any uncalled bet in it. A
// hand.Hand's total pot is the pot contested, before the rake, and an
// uncalled bet is an UncalledReturn.

// settle puts the outcome in canonical form: the uncalled bet (by the
// record's own amounts, see uncalledBet) is taken out of the bettor's collect
// and returned by an UncalledReturn after the last betting action, and the
// total pot is the stated one plus the rake, less that bet. A bettor who
// collects less than his uncalled bet keeps his collects, and the hand
// says what the record says: the bet was not returned.
func (p *handParser) settle() {
	h := p.h
	o := &h.Outcome
	seat, x, last := uncalledBet(h)
	for last+1 < len(h.Actions) && h.Actions[last+1].Kind == hand.DealHole {
		last++ // forced bets no one called come back after the deal
	}
	if x > 0 {
		best := -1
		for i := range h.Actions {
			a := &h.Actions[i]
			if a.Kind == hand.Collect && a.Player == seat && a.Amount >= x && (best < 0 || a.Pot > h.Actions[best].Pot) {
				best = i
			}
		}
		if best < 0 {
			x = 0
		} else {
			pos := h.Actions[best].Pos
			if h.Actions[best].Amount -= x; h.Actions[best].Amount == 0 {
				h.Actions = slices.Delete(h.Actions, best, best+1)
			}
			h.Actions = slices.Insert(h.Actions, last+1, hand.Action{Kind: hand.UncalledReturn, Player: seat,
				Amount: x, HasAmount: true, Pos: pos})
			// The summary's "won X" includes it too.
			if seat < len(o.Winnings) && o.Winnings[seat] >= x {
				o.Winnings[seat] -= x
			}
		}
	}
	if o.HasTotalPot {
		o.TotalPot += o.Rake - x
	}
}

// uncalledBet finds the uncalled bet of h by the record's own amounts: on
// the last street anyone put chips in, what the player who put in most put
// in beyond the next most. It returns his seat, the amount (0: none) and
// the index of the last betting action, after which it is returned. The
// writer uses it too, to write only what the reader reads back.
func uncalledBet(h *hand.Hand) (seat int, x hand.Amount, last int) {
	n := len(h.Seats)
	var mem [2 * 10]hand.Amount // Winamax tables seat at most 10
	if 2*n > len(mem) {
		return -1, 0, -1
	}
	street, final := mem[:n], mem[n:2*n] // each seat's chips in on the current street, and on the last with chips in
	last = -1
	betting := false // a betting action since the street began
	for i := range h.Actions {
		a := &h.Actions[i]
		if a.Player < 0 || a.Player >= n {
			if a.Kind == hand.DealBoard {
				clear(street)
				betting = false
			}
			continue
		}
		switch a.Kind {
		case hand.DealHole, hand.Discard:
			// Stud's streets and the draws begin with the deal.
			if betting {
				clear(street)
				betting = false
			}
			continue
		case hand.BringIn:
			street[a.Player] += a.Amount
			betting = true
		case hand.Post:
			switch a.PostKind {
			case hand.PostSmallBlind, hand.PostBigBlind:
				street[a.Player] += a.Amount
			case hand.PostBothBlind:
				street[a.Player] += a.Amount - h.Stakes.SmallBlind
			default:
				continue // antes and dead blinds are no bet
			}
		case hand.Call:
			street[a.Player] += a.Amount
			betting = true
		case hand.Bet, hand.Raise:
			street[a.Player] = a.To
			betting = true
		case hand.Fold, hand.Check:
			last = i
			betting = true
			continue
		default:
			continue
		}
		last = i
		copy(final, street)
	}
	top, x := parser.UncalledBet(final)
	if x == 0 {
		return -1, 0, last
	}
	return top, x, last
}

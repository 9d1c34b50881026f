package partypoker

// Seat lines ("Seat 5: BEZUMNI_MAKS ( $3 USD )", a tournament's "Seat 5:
// FCBSpacey ( 126,043 )") and finding a seated player's name at the start
// of an action line.

import (
	"bytes"

	"github.com/handaudit/handaudit/cards"
	"github.com/handaudit/handaudit/hand"
)

// seatLine reads a seat line after "Seat ". Converted records may add
// the converter's statistics after the stack ("( $2.76 USD ) - VPIP: 26,
// ..."); they are not part of the hand.
func (p *handParser) seatLine(b []byte) string {
	colon := bytes.IndexByte(b, ':')
	if colon <= 0 {
		return "cannot read the seat line: expected \"Seat N: NAME ( STACK )\""
	}
	num, ok := atoi(b[:colon])
	if !ok || num <= 0 || num > 100 {
		return "cannot read the seat number"
	}
	rest := b[colon+1:]
	if i := bytes.Index(rest, []byte(") - ")); i >= 0 {
		rest = rest[:i+1]
	}
	open := bytes.LastIndexByte(rest, '(')
	if open < 0 || rest[len(rest)-1] != ')' {
		return "seat line without the player's stack in parentheses"
	}
	name := trimLine(rest[:open])
	if len(name) == 0 {
		return "seat line without a player's name"
	}
	stack, msg := p.amount(trimLine(rest[open+1 : len(rest)-1]))
	if msg != "" {
		return "cannot read the seat's stack: " + msg
	}
	for i := range p.h.Seats {
		if p.h.Seats[i].Number == num {
			return "seat listed twice"
		}
		if p.h.Seats[i].Player == string(name) {
			return "player seated twice"
		}
	}
	p.h.Seats = append(p.h.Seats, hand.Seat{Number: num, Player: p.r.strs.Intern(name), Stack: stack,
		SittingOut: stack == 0})
	return ""
}

// seated ends the seat lines: the seats go in table order (PartyPoker
// lists them in no order) and the per-seat counts are made.
func (p *handParser) seated() string {
	seats := p.h.Seats
	if len(seats) < 2 {
		return "hand with fewer than two seated players"
	}
	for i := 1; i < len(seats); i++ {
		for j := i; j > 0 && seats[j].Number < seats[j-1].Number; j-- {
			seats[j], seats[j-1] = seats[j-1], seats[j]
		}
	}
	n := len(seats)
	p.streetBet = append(p.streetBet[:0], make([]hand.Amount, n)...)
	p.total = append(p.total[:0], make([]hand.Amount, n)...)
	p.dead = append(p.dead[:0], make([]hand.Amount, n)...)
	p.acted = append(p.acted[:0], make([]bool, n)...)
	p.holes = append(p.holes[:0], make([][]cards.Card, n)...)
	p.balances = p.balances[:0]
	for range n {
		p.balances = append(p.balances, -1)
	}
	return ""
}

// player finds the seated player whose name starts line, followed by a
// space or a colon: the longest such name, as one name may begin another
// ("Player1", "Player10"). It returns the seat's index and the rest of
// the line after the separator, or -1.
func (p *handParser) player(line []byte) (int, []byte, byte) {
	best := -1
	for i := range p.h.Seats {
		name := p.h.Seats[i].Player
		if len(name) < len(line) && hasPrefix(line, name) && (line[len(name)] == ' ' || line[len(name)] == ':') &&
			(best < 0 || len(name) > len(p.h.Seats[best].Player)) {
			best = i
		}
	}
	if best < 0 {
		return -1, nil, 0
	}
	k := len(p.h.Seats[best].Player)
	return best, line[k+1:], line[k]
}

// atoi reads b, all digits, as a small number.
func atoi(b []byte) (int, bool) {
	if len(b) == 0 || len(b) > 9 {
		return 0, false
	}
	n := 0
	for _, c := range b {
		if c < '0' || c > '9' {
			return 0, false
		}
		n = n*10 + int(c-'0')
	}
	return n, true
}

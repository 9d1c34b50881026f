package winamax

// Seat lines ("Seat 1: NAME (138.61€)", "Seat 1: NAME (18694, 9€
// bounty)", "Seat 1: NAME ()") and the seated names that start the
// action lines.

import (
	"bytes"
	"strconv"

	"github.com/handaudit/handaudit/hand"
)

// seat reads a seat line.
func (p *handParser) seat(line []byte) error {
	h := p.h
	rest := line[5:]
	c := bytes.IndexByte(rest, ':')
	if c <= 0 || c+2 > len(rest) || rest[c+1] != ' ' {
		return errorf("cannot read the seat line")
	}
	num, err := strconv.Atoi(string(rest[:c]))
	if err != nil || num < 1 || num > h.MaxSeats {
		return errorf("seat number %q is not a seat of this %d-max table", rest[:c], h.MaxSeats)
	}
	rest = rest[c+2:]
	// The name, then the stack in parentheses at the end of the line.
	o := bytes.LastIndex(rest, []byte(" ("))
	if o <= 0 || rest[len(rest)-1] != ')' {
		return errorf("cannot read the seat line: no stack in parentheses")
	}
	name, stack := rest[:o], rest[o+2:len(rest)-1]
	s := hand.Seat{Number: num}
	// A tournament with bounties adds the player's bounty: "18694, 9€
	// bounty". The bounty is paid by the room, not from the pot: it is
	// checked as an amount and left out of the hand.
	if k := bytes.Index(stack, []byte(", ")); k >= 0 && p.isTourn && hasSuffix(stack, " bounty") {
		if _, _, _, err := number(bounty(stack[k+2 : len(stack)-7])); err != nil {
			return errorf("cannot read the bounty %q", stack[k+2:len(stack)-7])
		}
		stack = stack[:k]
	}
	switch {
	case len(stack) == 0:
		// "()": a seat kept for a player who is away, not dealt in.
		s.SittingOut = true
	default:
		v, n, err := p.amount(stack)
		if err != nil {
			return err
		}
		if n != len(stack) {
			return errorf("unexpected text after the stack")
		}
		s.Stack = v
		s.SittingOut = v == 0 // nothing to play with: not dealt in
	}
	for i := range h.Seats {
		if h.Seats[i].Number >= num {
			return errorf("seat %d listed out of order or twice", num)
		}
		if string(name) == h.Seats[i].Player {
			return errorf("player %q is seated twice", name)
		}
	}
	s.Player = p.r.strs.Intern(name)
	h.Seats = append(h.Seats, s)
	return nil
}

// bounty strips the currency sign around a bounty amount.
func bounty(b []byte) []byte {
	_, before, after := currencyOf(b)
	return b[before : len(b)-after]
}

// player returns the seat of the seated player whose name starts line,
// followed by a space, and the text after that space; -1 if none does.
// Of names that are prefixes of one another, the longest wins.
func (p *handParser) player(line []byte) (int, []byte) {
	best, bestLen := -1, 0
	for i := range p.h.Seats {
		name := p.h.Seats[i].Player
		if len(name) > bestLen && len(line) > len(name) && line[len(name)] == ' ' && string(line[:len(name)]) == name {
			best, bestLen = i, len(name)
		}
	}
	if best < 0 {
		return -1, nil
	}
	return best, line[bestLen+1:]
}

package pacific

// Seat lines: "Seat 1: k1mme1 ( $6.84 )". 888 lists the players dealt
// in; a name may hold spaces.

import (
	"bytes"
	"errors"
	"slices"
	"strconv"

	"github.com/handaudit/handaudit/hand"
)

// seatLine reads one seat line.
func (p *handParser) seatLine(b []byte) error {
	h := p.h
	colon := bytes.IndexByte(b, ':')
	if colon < 0 || colon+2 > len(b) || b[colon+1] != ' ' {
		return errors.New("cannot read the seat line")
	}
	num, err := strconv.Atoi(string(b[len("Seat "):colon]))
	if err != nil || num < 1 || num > 10 {
		return errors.New("cannot read the seat number")
	}
	rest := b[colon+2:]
	open := bytes.LastIndex(rest, []byte(" ( "))
	if open < 0 || !hasSuffix(rest, " )") || open+3 > len(rest)-2 {
		return errors.New("cannot read the seat's stack (\"Seat N: NAME ( $1.50 )\")")
	}
	name := rest[:open]
	if len(name) == 0 {
		return errorf("seat %d has no player name", num)
	}
	stack, err := p.amount(rest[open+3 : len(rest)-2])
	if err != nil {
		return err
	}
	for i := range h.Seats {
		switch {
		case h.Seats[i].Number == num:
			return errorf("seat %d is listed twice", num)
		case h.Seats[i].Player == string(name):
			return errorf("player %q is seated twice", name)
		case h.Seats[i].Number > num:
			return errors.New("the seats are not in order")
		}
	}
	h.Seats = append(h.Seats, hand.Seat{Number: num, Player: p.r.strs.Intern(name), Stack: stack})
	return nil
}

// seatsDone is called at the first line after the seats.
func (p *handParser) seatsDone() error {
	h := p.h
	n := len(h.Seats)
	if n == 0 {
		return errors.New("the hand has no seats")
	}
	p.contrib = slices.Grow(p.contrib[:0], n)[:n]
	clear(p.contrib)
	p.byName = p.byName[:0]
	for i := range n {
		p.byName = append(p.byName, i)
	}
	// Longest name first (see seatOf); a few seats, sorted by insertion.
	for i := 1; i < n; i++ {
		for j := i; j > 0 && len(h.Seats[p.byName[j]].Player) > len(h.Seats[p.byName[j-1]].Player); j-- {
			p.byName[j], p.byName[j-1] = p.byName[j-1], p.byName[j]
		}
	}
	p.board = h.NewCards(5)[:0]
	return nil
}

// amount reads an amount of the hand in hundredths; its symbol, if it has
// one, must be the game line's.
func (p *handParser) amount(b []byte) (hand.Amount, error) {
	a, err := parseAmount(b)
	if err != nil {
		return 0, errorf("%v: %q", err, b)
	}
	if a.sym != "" && a.sym != p.sym {
		return 0, errorf("amount %q is not in the game's currency", b)
	}
	p.frac = p.frac || a.frac
	return hand.Amount(a.cents), nil
}

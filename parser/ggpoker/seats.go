package ggpoker

// Seat lines, before the forced bets:
//
//	Seat 1: 79adcegg ($173.04 in chips)
//	Seat 2: Hero (10,000 in chips)
//	Seat 3: 52jj36aa ($97.18 in chips) is sitting out

import (
	"bytes"

	"github.com/handaudit/handaudit/hand"
)

// seat reads a seat line.
func (p *handParser) seat(line []byte) error {
	num, rest, err := seatNumber(line)
	if err != nil {
		return err
	}
	h := p.h
	if num > h.MaxSeats {
		return errorf("seat %d at a %d-max table", num, h.MaxSeats)
	}
	if k := len(h.Seats); k > 0 && h.Seats[k-1].Number >= num {
		return errorf("seat %d out of order", num)
	}
	s := hand.Seat{Number: num}
	if i := bytes.LastIndex(rest, []byte(" is sitting out")); i > 0 && i+15 == len(rest) {
		s.SittingOut = true
		rest = rest[:i]
	}
	if !bytes.HasSuffix(rest, []byte(" in chips)")) {
		return errorf("cannot read the seat's stack")
	}
	i := bytes.LastIndex(rest, []byte(" ("))
	if i <= 0 {
		return errorf("cannot read the seat's stack")
	}
	if s.Stack, err = p.amountAll(rest[i+2 : len(rest)-10]); err != nil {
		return err
	}
	name := rest[:i]
	if !goodName(name) {
		return errorf("cannot read the player's name")
	}
	for k := range h.Seats {
		if h.Seats[k].Player == string(name) {
			return errorf("player %q seated twice", name)
		}
	}
	s.Player = p.r.strs.Intern(name)
	h.Seats = append(h.Seats, s)
	return nil
}

// seatNumber reads "Seat N: " at the start of line, and returns N and the
// rest of the line.
func seatNumber(line []byte) (int, []byte, error) {
	rest := line[5:]
	num, k := 0, 0
	for k < len(rest) && k < 3 && rest[k] >= '0' && rest[k] <= '9' {
		num = num*10 + int(rest[k]-'0')
		k++
	}
	if k == 0 || num == 0 || !has(rest[k:], ": ") || len(rest) == k+2 {
		return 0, nil, errorf("cannot read the seat line")
	}
	return num, rest[k+2:], nil
}

// goodName reports whether a player's name can be read back from every
// line that names it: not empty, no blank at either end (lines are
// trimmed), no line end.
func goodName(name []byte) bool {
	if len(name) == 0 || name[0] == ' ' || name[0] == '\t' || name[len(name)-1] == ' ' || name[len(name)-1] == '\t' {
		return false
	}
	return bytes.IndexByte(name, '\n') < 0 && bytes.IndexByte(name, '\r') < 0
}

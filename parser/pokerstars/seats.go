package pokerstars

// The seat lines ("Seat 3: NAME ($10.50 in chips)"), and the seated
// names, by which the lines that follow are matched to their players.
// The usual seat line is read by quick_seat.go.

import (
	"bytes"
	"encoding/binary"
	"math/bits"
	"slices"

	"github.com/handaudit/handaudit/hand"
	"github.com/handaudit/handaudit/parser"
)

// seat reads "Seat 3: NAME ($10.50 in chips[, $1 bounty])[ is sitting out| out of hand (...)]".
func (p *psParser) seat(line []byte) error {
	if !p.noQuick && p.quickSeat(line) {
		return nil
	}
	// The colon after the number is the line's first ": " (the text
	// before it is "Seat " and digits); look for it there first.
	colon := 5
	for colon < len(line) && line[colon] >= '0' && line[colon] <= '9' {
		colon++
	}
	if colon+1 >= len(line) || line[colon] != ':' || line[colon+1] != ' ' {
		colon = bytes.Index(line, []byte(": "))
	}
	if colon < 6 {
		return psErrorf("cannot read the seat line")
	}
	number := psNum(line[5:colon])
	if number <= 0 {
		return psErrorf("cannot read the seat number")
	}
	if p.h.MaxSeats > 0 && number > p.h.MaxSeats {
		// Converted files number the seats of a full ring at a table
		// they call 6-max: the seats are as numbered (seatsDone widens
		// the table), unless there are more players than it holds.
		if len(p.seats) >= p.h.MaxSeats {
			return psErrorf("seat %d at a %d-max table", number, p.h.MaxSeats)
		}
		p.seatsAsListed |= psSeatsPastSize
	}
	rest := line[colon+2:]
	chips := bytes.Index(rest, []byte(" in chips"))
	if chips < 0 {
		return psErrorf("cannot read the seat's stack")
	}
	open := psLastOpen(rest[:chips])
	if open <= 0 {
		return psErrorf("cannot read the seat's stack")
	}
	name := rest[:open]
	stack, k, err := p.amount(rest[open+2:])
	if err != nil {
		return err
	}
	if open+2+k != chips {
		return psErrorf("cannot read the seat's stack")
	}
	tail := rest[chips+9:]
	close := bytes.IndexByte(tail, ')')
	if close < 0 {
		return psErrorf("cannot read the seat line")
	}
	if close > 0 && !psHas(tail, ", ") { // ", $1 bounty" and the like
		return psErrorf("cannot read the seat line")
	}
	tail = tail[close+1:]
	w0, w1 := parser.NameWords(name)
	s := hand.Seat{Number: number, Player: p.r.strs.InternWords(name, w0, w1), Stack: stack}
	switch {
	case len(tail) == 0:
	case psIs(tail, " is sitting out"):
		// Cash players sitting out are not dealt in; tournament players are,
		// and fold each hand.
		s.SittingOut = !p.isTourn
	case psHas(tail, " out of hand"):
		s.SittingOut = true
	default:
		return psErrorf("unexpected text after the seat's stack")
	}
	for i := range p.seats {
		if p.seats[i].Number == number {
			return psErrorf("seat %d listed twice", number)
		}
		if p.seats[i].Player == s.Player {
			return psErrorf("player %q seated twice", s.Player)
		}
		if p.seats[i].Number > number {
			// A seat listed before those numbered below it (a sitting-out
			// player listed first): seatsDone puts them in order.
			p.seatsAsListed |= psSeatsUnordered
		}
	}
	p.addSeat(s, w0, w1)
	return nil
}

// psLastOpen is bytes.LastIndex(b, []byte(" (")), without the setup of a
// general search: the " (" is a few bytes from the end.
func psLastOpen(b []byte) int {
	for i := len(b) - 2; i >= 0; i-- {
		if b[i+1] == '(' && b[i] == ' ' {
			return i
		}
	}
	return -1
}

// psSeatName is a seated player's name and seat index, for matching the
// names that start action lines.
type psSeatName struct {
	name   string
	seat   int
	w0, w1 uint64 // the name's first 16 bytes (see parser.NameWords)
}

// first returns the name's first byte, from its words: the string's own
// bytes are wherever the interner put them, often out of the cache.
func (sn *psSeatName) first() byte { return byte(sn.w0) }

// addSeat adds a seat whose player's name has the words w0, w1 (see
// parser.NameWords), and its name for matching the names that start lines: a
// line is tried against the names that start with its first byte, longest
// first, so that "Player 1" is tried before "Player". Up to 64 names, a
// set of bits by first byte finds them and nextName orders the few that
// share a first byte; more names (never in real hands) are all tried,
// longest first (see seatsDone).
func (p *psParser) addSeat(s hand.Seat, w0, w1 uint64) {
	i := len(p.seats)
	p.seats = append(p.seats, s)
	p.names = append(p.names, psSeatName{s.Player, i, w0, w1})
	p.indexSeat(i, s.Number, w0)
}

// indexSeat notes seats[i], numbered number, whose name's first word is
// w0, in byFirst and byNumber (see addSeat).
func (p *psParser) indexSeat(i, number int, w0 uint64) {
	if i < 64 {
		p.byFirst[byte(w0)] |= 1 << i
	} else if i == 64 {
		// Too many names for the bits: every byte is said to start
		// several, so that quickAction leaves every line to
		// quickActionAny (namesFrom says to try them all).
		for c := range p.byFirst {
			p.byFirst[c] = ^uint64(0)
		}
	}
	if number < len(p.byNumber) {
		p.byNumber[number] = uint8(i + 1)
	}
}

// growSeats makes room for one more seat and name, as append would
// (see quickSeat).
func (p *psParser) growSeats() {
	p.seats, p.names = slices.Grow(p.seats, 1), slices.Grow(p.names, 1)
}

// seatsDone orders over 64 names longest first (see addSeat).
func (p *psParser) seatsDone() {
	if p.seatsAsListed != 0 {
		p.fixSeats()
	}
	if len(p.names) <= 64 {
		return
	}
	p.order = p.order[:0]
	for i := range p.names {
		p.order = append(p.order, i)
	}
	// Insertion sort, stable: names of one length stay in seat order.
	for i := 1; i < len(p.order); i++ {
		for j := i; j > 0 && len(p.names[p.order[j]].name) > len(p.names[p.order[j-1]].name); j-- {
			p.order[j], p.order[j-1] = p.order[j-1], p.order[j]
		}
	}
}

// Ways the seat lines differ from the usual (psParser.seatsAsListed), which
// seatsDone mends.
const (
	psSeatsUnordered = 1 << iota // a seat listed before one numbered below it
	psSeatsPastSize              // a seat numbered past the table's size
)

// fixSeats puts the seats in table order and widens the table to its
// highest seat number (see seat), before any line refers to a seat by its
// index.
func (p *psParser) fixSeats() {
	if p.seatsAsListed&psSeatsUnordered != 0 {
		slices.SortStableFunc(p.seats, func(a, b hand.Seat) int { return a.Number - b.Number })
		p.clearNames()
		for i, s := range p.seats {
			w0, w1 := parser.NameWords([]byte(s.Player))
			p.names = append(p.names, psSeatName{s.Player, i, w0, w1})
			p.indexSeat(i, s.Number, w0)
		}
	}
	for _, s := range p.seats {
		p.h.MaxSeats = max(p.h.MaxSeats, s.Number)
	}
	p.seatsAsListed = 0
}

// clearNames forgets the last hand's names.
func (p *psParser) clearNames() {
	if len(p.names) > 64 {
		p.byFirst = [256]uint64{} // all of it was set (see indexSeat)
	}
	for _, sn := range p.names[:min(len(p.names), 64)] {
		p.byFirst[sn.first()] = 0
	}
	p.names = p.names[:0]
	p.order = p.order[:0]
}

// namesFrom returns the names (bits of indexes in p.names) that may start
// text whose first byte is c, for nextName. ok is false when there are
// too many names for the bits: then every name must be tried, in order.
func (p *psParser) namesFrom(c byte) (set uint64, ok bool) {
	return p.byFirst[c], len(p.names) <= 64
}

// nextName takes the longest name (the first in seat order among equal
// lengths) out of set, and returns it. set must not be empty.
func (p *psParser) nextName(set *uint64) *psSeatName {
	s := *set
	best := bits.TrailingZeros64(s)
	if s&(s-1) != 0 { // more than one: rare
		for t := s & (s - 1); t != 0; t &= t - 1 {
			if i := bits.TrailingZeros64(t); len(p.names[i].name) > len(p.names[best].name) {
				best = i
			}
		}
	}
	*set = s &^ (1 << best)
	return &p.names[best]
}

// seatByName returns the seat index of the player named exactly b, or -1.
func (p *psParser) seatByName(b []byte) int {
	if len(b) == 0 {
		return -1
	}
	set, ok := p.namesFrom(b[0])
	if !ok {
		for _, i := range p.order {
			if sn := &p.names[i]; sn.name == string(b) {
				return sn.seat
			}
		}
		return -1
	}
	for set != 0 {
		if sn := p.nextName(&set); sn.name == string(b) {
			return sn.seat
		}
	}
	return -1
}

// seatNumbered returns the index in seats of the seat numbered number, or
// -1. Small numbers are looked up in byNumber, whose entries may be left
// from an earlier hand: one is used only if it names a seat of that
// number (numbers are unique in a hand).
func (p *psParser) seatNumbered(number int) int {
	if number >= 0 && number < len(p.byNumber) {
		if i := int(p.byNumber[number]) - 1; i >= 0 && i < len(p.seats) && p.seats[i].Number == number {
			return i
		}
	}
	for i := range p.seats {
		if p.seats[i].Number == number {
			return i
		}
	}
	return -1
}

// psStartsWith reports whether line, no shorter than sn's name, starts
// with it.
func psStartsWith(line []byte, sn *psSeatName) bool {
	l := len(sn.name)
	if cap(line) < 16 || l > 16 {
		return string(line[:l]) == sn.name
	}
	// Load 16 bytes: a line lies in a larger buffer. Those past the
	// name are masked off.
	full := line[:16:16]
	return binary.LittleEndian.Uint64(full)&psMask0[l] == sn.w0 && binary.LittleEndian.Uint64(full[8:])&psMask1[l] == sn.w1
}

// psMask0[k] and psMask1[k] keep the first k bytes of a 16-byte prefix
// loaded as two little-endian words.
var psMask0, psMask1 = func() (m0, m1 [17]uint64) {
	for k := range m0 {
		for i := range k {
			if i < 8 {
				m0[k] |= 0xFF << (8 * i)
			} else {
				m1[k] |= 0xFF << (8 * (i - 8))
			}
		}
	}
	return m0, m1
}()

package pokerstars

// Fast paths: the usual seat line, "Seat 3: NAME ($10.50 in chips)".
// They shortcut seat (seats.go): quickSeatLine reads the line straight
// from the input's buffer (readHand), quickSeat and quickSeatAny a line
// seat is given; what they do not read, seat reads. The tests of
// quick_test.go compare them with seat (noQuick): TestPokerStarsQuickSeatNames,
// TestPokerStarsQuickSeatStacks, TestPokerStarsQuickSeatLines,
// TestPokerStarsQuickSeatLineRoom, TestPokerStarsQuickSameHands and
// FuzzPokerStarsQuick; TestPokerStarsLastOpenNear (fused_test.go)
// checks psLastOpenNear against psLastOpen.

import (
	"encoding/binary"
	"math/bits"

	"github.com/handaudit/handaudit/hand"
	"github.com/handaudit/handaudit/parser"
)

// quickSeat reads the usual seat line, "Seat 3: NAME ($10.50 in chips)",
// with no calls but the interner's: a seat number of one or two digits,
// and a stack of one to three digits, "$" or not before them, then ".DD"
// or nothing in a hand of cents (scale 2), nothing in a hand of chips
// (scale 0), read backwards from the " in chips)" that ends the line.
// Every other line, and every line seat would refuse, goes to
// quickSeatAny, unchanged; what this reads, it reads as quickSeatAny.
func (p *psParser) quickSeat(line []byte) bool {
	// "Seat N: " or "Seat NN: ", and a byte after.
	if len(line) < 10 {
		return p.quickSeatAny(line)
	}
	d, colon := line[5]-'0', 6
	number := int(d)
	if d2 := line[6] - '0'; d2 <= 9 {
		number, colon = number*10+int(d2), 7
	}
	if d > 9 || number == 0 || line[colon] != ':' || line[colon+1] != ' ' {
		return p.quickSeatAny(line)
	}
	if max := p.h.MaxSeats; max > 0 && number > max {
		return p.quickSeatAny(line)
	}
	if last := len(p.seats) - 1; last >= 0 && p.seats[last].Number >= number {
		return p.quickSeatAny(line)
	}
	// Indexes are into line: the name starts at colon+2. The shortest
	// line read here is "Seat N: XY ($1.50 in chips)": there is room for
	// the amount's digits and " (" without more bounds checks.
	end := len(line) - 10 // where " in chips)" starts
	if end < colon+11 || string(line[end:]) != " in chips)" {
		return p.quickSeatAny(line)
	}
	// The cents, if any; then one to three digits before them.
	scale, i, v := p.scale, end, int64(0)
	if d1, d2 := line[end-2]-'0', line[end-1]-'0'; scale == 2 && line[end-3] == '.' && d1 <= 9 && d2 <= 9 {
		i, v = end-3, int64(d1)*10+int64(d2)
	} else if scale != 0 && scale != 2 {
		return p.quickSeatAny(line)
	}
	unit := int64(100)
	if d = line[i-1] - '0'; scale == 0 {
		unit = 1
	}
	if d > 9 {
		return p.quickSeatAny(line) // no digits
	}
	v += int64(d) * unit
	j := i - 1 // the amount's first digit
	if d = line[j-1] - '0'; d <= 9 {
		v += int64(d) * 10 * unit
		j--
		if d = line[j-1] - '0'; d <= 9 {
			v += int64(d) * 100 * unit
			j--
		}
	}
	if line[j-1] == '$' {
		j--
	}
	// The " (" before the amount is the last one (the amount holds no
	// '('), and the name before it is not empty. A fourth digit (a stack
	// of thousands) is not a '(' either: quickSeatAny reads it.
	open := j - 2
	if open <= colon+2 || line[j-1] != '(' || line[open] != ' ' {
		return p.quickSeatAny(line)
	}
	name := line[colon+2 : open]
	w0, w1 := parser.NameWords(name)
	if !p.addQuickSeat(number, name, w0, w1, hand.Amount(v)) {
		return p.quickSeatAny(line)
	}
	return true
}

// quickSeatAny reads the seat lines quickSeat does not, "Seat 3: NAME
// ($10.50 in chips)" with a plain amount (see psPlainAmount), in order
// after the seats before it, as seat does but with fewer searches. It
// reports false, having changed nothing, for any other line: seat then
// reads it.
func (p *psParser) quickSeatAny(line []byte) bool {
	colon := 5
	for colon < len(line) && line[colon]-'0' <= 9 {
		colon++
	}
	if colon == 5 || colon+1 >= len(line) || line[colon] != ':' || line[colon+1] != ' ' {
		return false
	}
	number := psNum(line[5:colon])
	if number <= 0 || p.h.MaxSeats > 0 && number > p.h.MaxSeats {
		return false
	}
	// Seats come in order, so a seat numbered above the last one can
	// only repeat a player.
	if last := len(p.seats) - 1; last >= 0 && p.seats[last].Number >= number {
		return false
	}
	rest := line[colon+2:]
	if len(rest) < 10 || string(rest[len(rest)-10:]) != " in chips)" {
		return false
	}
	chips := len(rest) - 10
	open := psLastOpenNear(rest, chips)
	if open <= 0 {
		return false
	}
	stack, k, ok := psPlainAmount(rest[open+2:], p.scale)
	if !ok || open+2+k != chips {
		return false
	}
	// seat takes the first " in chips" for the stack's end. The amount
	// and " (" hold none, so an earlier one can only be in the name.
	name := rest[:open]
	for j := 0; j+9 <= len(name); j++ { // names are short: a loop beats a search
		if name[j] == ' ' && string(name[j:j+9]) == " in chips" {
			return false
		}
	}
	w0, w1 := parser.NameWords(name)
	// A player seated twice is for seat to report. With no name of the
	// same first byte (up to 64 names, see addSeat), there is none.
	if len(p.names) >= 64 || p.byFirst[byte(w0)] != 0 {
		for i := range p.names {
			if sn := &p.names[i]; sn.w0 == w0 && sn.w1 == w1 && sn.name == string(name) {
				return false
			}
		}
	}
	p.addSeat(hand.Seat{Number: number, Player: p.r.strs.InternWords(name, w0, w1), Stack: stack}, w0, w1)
	return true
}

// addQuickSeat adds the seat a quick reader (quickSeat, quickSeatLine)
// read, its name's words w0 and w1, as addSeat would, and reports
// whether it did. It does not, having changed nothing, where seat would
// read the line otherwise or report it: a name holding " in chips", or
// a player seated twice.
func (p *psParser) addQuickSeat(number int, name []byte, w0, w1 uint64, stack hand.Amount) bool {
	// seat takes the first " in chips" for the stack's end. The amount
	// and " (" hold none, so an earlier one can only be in the name.
	for k := 0; k+9 <= len(name); k++ { // names are short: a loop beats a search
		if name[k] == ' ' && string(name[k:k+9]) == " in chips" {
			return false
		}
	}
	// With no name of the same first byte (up to 64 names, see addSeat),
	// no player is seated twice.
	if len(p.names) >= 64 || p.byFirst[byte(w0)] != 0 {
		for k := range p.names {
			if sn := &p.names[k]; sn.w0 == w0 && sn.w1 == w1 && sn.name == string(name) {
				return false
			}
		}
	}
	player := p.r.strs.InternWords(name, w0, w1)
	// As addSeat, but written field by field: one check of the write
	// barrier, no copy of whole structs through the stack.
	i, k := len(p.seats), len(p.names)
	if i == cap(p.seats) || k == cap(p.names) {
		p.growSeats()
	}
	p.seats, p.names = p.seats[:i+1], p.names[:k+1]
	st, sn := &p.seats[i], &p.names[k]
	st.Number, st.Player, st.Stack, st.SittingOut = number, player, stack, false
	sn.name, sn.seat, sn.w0, sn.w1 = player, i, w0, w1
	p.indexSeat(i, number, w0)
	return true
}

// quickSeatLine reads the usual seat line, "Seat 3: NAME ($10.50 in
// chips)", at the start of text, straight from the input's buffer: text
// holds no CR, and the line ends at its first LF, which the reading finds
// (see readHand). It returns the line's length, or 0, having changed
// nothing, for any other line, any line longer than room, and any line
// quickSeat might read in some other way: the general way then reads it.
// What it reads, it reads as quickSeat: forwards, a name of up to 15
// bytes up to the first '(', then the stack and " in chips)".
func (p *psParser) quickSeatLine(text []byte, room int) int {
	// "Seat N: " or "Seat NN: ". The usual line is read from the first
	// 64 bytes of text's capacity (a line lies in a larger buffer), with
	// no bounds to check: the bytes past text's end may be anything,
	// and the line read must end before it.
	if len(text) < 10 || cap(text) < 64 || string(text[:5]) != "Seat " {
		return 0
	}
	line := text[:64:64]
	d, colon := line[5]-'0', 6
	number := int(d)
	if d2 := line[6] - '0'; d2 <= 9 {
		number, colon = number*10+int(d2), 7
	}
	if d > 9 || number == 0 || line[colon] != ':' || line[colon+1] != ' ' {
		return 0
	}
	if max := p.h.MaxSeats; max > 0 && number > max {
		return 0
	}
	if last := len(p.seats) - 1; last >= 0 && p.seats[last].Number >= number {
		return 0
	}
	// The name ends at the first '(' (or LF: then this is not the
	// line) of its 16 bytes or the one after them, with a blank before
	// it; a '(' further on, or one in the name, is for the general way.
	start := colon + 2
	w0, w1 := binary.LittleEndian.Uint64(line[start:]), binary.LittleEndian.Uint64(line[start+8:])
	q := psOpenOrLF(w0)
	if q == 8 {
		q += psOpenOrLF(w1)
	}
	open := start + q // the '(', if any: q is 16 if none of the 16 is
	if q < 2 || line[open] != '(' || line[open-1] != ' ' {
		return 0
	}
	// The stack: "$" or not, one to three digits, then ".DD" or nothing
	// in a hand of cents (scale 2), nothing in a hand of chips (scale 0).
	i := open + 1
	if line[i] == '$' {
		i++
	}
	if d = line[i] - '0'; d > 9 {
		return 0
	}
	v := int64(d)
	if d = line[i+1] - '0'; d <= 9 {
		v, i = v*10+int64(d), i+1
		if d = line[i+1] - '0'; d <= 9 {
			v, i = v*10+int64(d), i+1
		}
	}
	i++
	switch p.scale {
	case 2:
		v *= 100
		if d1, d2 := line[i+1]-'0', line[i+2]-'0'; line[i] == '.' && d1 <= 9 && d2 <= 9 {
			v, i = v+int64(d1)*10+int64(d2), i+3
		}
	case 0:
	default:
		return 0
	}
	end := i + 10 // the line's length
	if end >= len(text) || end > room || string(line[i:end]) != " in chips)" || line[end] != '\n' {
		return 0
	}
	l := q - 1
	name := text[start : start+l]
	w0, w1 = w0&psMask0[l], w1&psMask1[l] // parser.NameWords(name)
	if !p.addQuickSeat(number, name, w0, w1, hand.Amount(v)) {
		return 0
	}
	return end
}

// psOpenOrLF returns the index of the first '(' or LF among the eight
// bytes of w (little-endian), 8 if there is none. The usual test for a
// zero byte, on w with each of them made zero: it may mark a byte above a
// zero byte wrongly (a borrow), never one below, so the lowest mark is
// right.
func psOpenOrLF(w uint64) int {
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	x, y := w^(ones*'('), w^(ones*'\n')
	marks := ((x-ones)&^x | (y-ones)&^y) & highs
	return bits.TrailingZeros64(marks) >> 3
}

// psLastOpenNear is psLastOpen(b[:end]) for the usual " ($1.50" before
// end: the last '(' of the eight bytes before end is found in a word, and
// if a blank comes before it, that is the last " (". Any other case goes
// to psLastOpen.
func psLastOpenNear(b []byte, end int) int {
	if end >= 9 {
		x := binary.LittleEndian.Uint64(b[end-8:end]) ^ 0x2828282828282828 // a '(' is now a zero byte
		// The top bit of each byte that is zero: adding 0x7F to the low
		// seven bits of a byte sets its top bit unless they are all zero
		// (no carry crosses bytes), and the byte's own top bit is or-ed in.
		zero := ^(((x & 0x7F7F7F7F7F7F7F7F) + 0x7F7F7F7F7F7F7F7F) | x) & 0x8080808080808080
		if zero != 0 {
			if i := end - 8 + (63-bits.LeadingZeros64(zero))/8; b[i-1] == ' ' {
				return i - 1
			}
		}
	}
	return psLastOpen(b[:end])
}

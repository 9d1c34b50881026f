package pokerstars

// The summary's lines ("Total pot $3 | Rake $0.10", "Board [...]",
// "Seat 3: NAME showed [...] and won ($2.90)"): the pot, the rake, the
// winnings, and the checks against what the hand's lines dealt. The
// usual Total pot and seat lines are read by quick_summary.go.

import (
	"bytes"
	"errors"
	"slices"
	"strings"

	"github.com/handaudit/handaudit/cards"
	"github.com/handaudit/handaudit/hand"
)

// summaryLine reads a line after *** SUMMARY ***.
func (p *psParser) summaryLine(line []byte, n int) error {
	// The usual lines first. What a seat line reads whole holds no hand
	// header glued on; it checks the rest itself (see quickSummarySeat). A
	// board or Total pot line read whole (quickTotalPot) holds no '#'.
	if !p.noQuick {
		switch line[0] {
		case 'S':
			if psHas(line, "Seat ") {
				return p.quickSummarySeat(line, n)
			}
		case 'B':
			if psHas(line, "Board ") && p.boardIs(0, line[6:]) {
				return nil
			}
		case 'T':
			if p.quickTotalPot(line, n) {
				return nil
			}
		}
	}
	if psFindGluedHeader(line) > 0 {
		return psErrorf("summary line runs into a hand header")
	}
	switch c := line[0]; {
	case c == 'S' && psHas(line, "Seat "):
		return p.summarySeat(line, n)
	case c == 'T' && len(line) >= 10 && string(line[:10]) == "Total pot ":
		return p.totalPot(line[10:], n)
	case c == 'B' && psHas(line, "Board "):
		return p.summaryBoard(0, line[6:])
	case c == 'F' && psHas(line, "FIRST Board "):
		return p.summaryBoard(0, line[12:])
	case c == 'S' && psHas(line, "SECOND Board "):
		return p.summaryBoard(1, line[13:])
	case c == 'H' && psHas(line, "Hand ended at "): // PPPoker
		return nil
	}
	if psTolerated(line) {
		return nil
	}
	if p.sawTotal {
		// The summary is whole; this line is not part of the hand.
		return errPSOutside
	}
	return psErrorf("unknown summary line")
}

// errPSOutside says a line after a complete hand is text outside any hand.
var errPSOutside = errors.New("text after the hand")

// boardIs reports whether b is "[cards]", written as PokerStars writes
// them, of the cards dealt so far to board, if any: as summaryBoard would
// read and accept it, with nothing to do.
func (p *psParser) boardIs(board int, b []byte) bool {
	k := p.shownIs(p.boards[board], b)
	return k > 0 && k == len(b)
}

// summaryBoard checks a summary "Board [...]" against the cards dealt.
func (p *psParser) summaryBoard(board int, b []byte) error {
	cs, err := p.bracketCards(b, true)
	if err != nil {
		return err
	}
	if len(p.boards[board]) == 0 && len(p.actions) == 0 {
		p.boards[board] = append(p.boards[board], cs...)
		return nil
	}
	if !slices.Equal(cs, p.boards[board]) {
		if !p.fillBoard(board, cs) {
			return psErrorf("summary board differs from the cards dealt")
		}
	}
	return nil
}

// fillBoard gives the cards of a street not recorded (unknown, see
// street) the summary board's, cs, if cs is the board dealt with them
// filled in, and reports whether it did.
func (p *psParser) fillBoard(board int, cs []cards.Card) bool {
	cur := p.boards[board]
	if len(cs) != len(cur) {
		return false
	}
	for i, c := range cur {
		if c != cs[i] && c != cards.Unknown {
			return false
		}
	}
	// The deal's own cards are filled too: they are the board's.
	k := 0
	for i := range p.actions {
		a := &p.actions[i]
		if a.Kind != hand.DealBoard || a.Board != board {
			continue
		}
		for j := range a.Cards {
			if k < len(cs) {
				a.Cards[j] = cs[k]
			}
			k++
		}
	}
	copy(cur, cs)
	return true
}

// totalPot reads "Total pot X[ Main pot Y.][ Side pot[-N] Z.]...[ | Rake R][ | Name F]...".
func (p *psParser) totalPot(b []byte, n int) error {
	if p.sawTotal {
		return psErrorf("second Total pot line")
	}
	v, k, err := p.amount(b)
	if err != nil {
		return err
	}
	o := &p.h.Outcome
	o.TotalPot, o.HasTotalPot, o.Pos = v, true, hand.Pos{File: p.r.file, Line: n}
	p.sawTotal = true
	b = b[k:]
	if psHas(b, " Main pot ") {
		b = b[10:]
		for {
			v, k, err := p.amount(b)
			if err != nil {
				return err
			}
			p.pots = append(p.pots, v)
			b = b[k:]
			if len(b) == 0 || b[0] != '.' {
				return psErrorf("cannot read the pots")
			}
			b = b[1:]
			if !psHas(b, " Side pot") {
				break
			}
			b = b[9:]
			if len(b) > 0 && b[0] == '-' {
				i := 1
				for i < len(b) && b[i] >= '0' && b[i] <= '9' {
					i++
				}
				if i == 1 || psNum(b[1:i]) != len(p.pots) {
					return psErrorf("side pots out of order")
				}
				b = b[i:]
			}
			if !psHas(b, " ") {
				return psErrorf("cannot read the pots")
			}
			b = b[1:]
		}
	}
	for len(b) > 0 {
		if !psHas(b, " | ") {
			return psErrorf("cannot read the Total pot line")
		}
		b = b[3:]
		end := bytes.Index(b, []byte(" | "))
		if end < 0 {
			end = len(b)
		}
		part := b[:end]
		b = b[end:]
		sp := psLastAmountStart(part)
		if sp <= 0 {
			return psErrorf("cannot read %q on the Total pot line", part)
		}
		name := part[:sp-1]
		v, k, err := p.amount(part[sp:])
		if err != nil {
			return err
		}
		if k != len(part)-sp {
			return psErrorf("cannot read %q on the Total pot line", part)
		}
		if string(name) == "Rake" {
			o.Rake, o.HasRake = v, true
		} else {
			p.fees = append(p.fees, hand.Fee{Name: p.r.intern(name), Amount: v})
		}
	}
	return nil
}

// psLastAmountStart returns where the amount at the end of "Name $1.20" starts.
func psLastAmountStart(b []byte) int {
	return bytes.LastIndexByte(b, ' ') + 1
}

// summarySeat reads a summary seat line, "Seat N: NAME [(button)]
// [(small blind)] ... outcome" (quickSummarySeat reads the usual ones).
//
// The outcome's words and amounts may be followed by free text. As on any
// summary line, a hand header glued into the line is an error; only the
// name and the text after the blinds can hold one, and only one with a
// '#' in them, which every header has, is looked for (see psSeatGlued).
func (p *psParser) summarySeat(line []byte, n int) error {
	// The line's first colon, after "Seat " and the digits where it
	// usually is.
	colon := 5
	for colon < len(line) && line[colon]-'0' <= 9 {
		colon++
	}
	if colon == len(line) || line[colon] != ':' {
		colon = bytes.IndexByte(line, ':')
	}
	if colon < 6 || colon+2 > len(line) || line[colon+1] != ' ' {
		return psErrorf("cannot read the summary seat line")
	}
	number := psNum(line[5:colon])
	seat := p.seatNumbered(number)
	if seat < 0 {
		return psErrorf("summary names seat %s, which is not in the seat list", line[5:colon])
	}
	rest := line[colon+2:]
	sn := &p.names[seat]
	if l := len(sn.name); len(rest) >= l && psStartsWith(rest, sn) && (len(rest) == l || rest[l] == ' ') {
		rest = rest[l:]
	} else {
		// Another name than the seat list's: a fault of the record (the
		// checks report it), not of the reading; the outcome is the seat's.
		k := psSummaryNameEnd(rest)
		p.h.Outcome.Misnamed = append(p.h.Outcome.Misnamed, hand.Misnamed{Player: seat,
			Name: string(rest[:k]), Pos: hand.Pos{File: p.r.file, Line: n}})
		rest = rest[k:]
	}
	rest = psSkipPositions(rest)
	if len(rest) == 0 {
		// "Seat 2: Player2": a seat with nothing to say (a player
		// sitting out, listed first, in 2024's records).
		return nil
	}
	if len(rest) < 2 || rest[0] != ' ' {
		return psErrorf("cannot read the summary seat line")
	}
	rest = rest[1:]
	switch c := rest[0]; {
	case c == 'f' && psHas(rest, "folded"), c == 'l' && psHas(rest, "lost"),
		c == 'i' && len(rest) >= 14 && string(rest[:14]) == "is sitting out", c == 's' && psHas(rest, "sat out"),
		c == '(' && psIs(rest, "(didn't bet)"): // a seat that took no part (2025)
	case c == 'c' && len(rest) >= 11 && string(rest[:11]) == "collected (", c == 'w' && psHas(rest, "won ("),
		c == 'd' && psHas(rest, "didn't show and won ("):
		whole, err := p.summaryWinnings(seat, rest)
		if err != nil {
			return err
		}
		if whole {
			rest = nil // read to its end: only the name is left to check
		}
	case c == 's' && psHas(rest, "showed ["), c == 'm' && psHas(rest, "mucked"):
		kind := hand.Show
		if rest[0] == 'm' {
			kind = hand.Muck
		}
		if tail := rest[6:]; len(tail) > 0 {
			if !psHas(tail, " [") {
				return psErrorf("cannot read the summary seat line")
			}
			cs, err := p.bracketCards(tail[1:], false)
			if err != nil {
				return err
			}
			p.summaryCards(seat, kind, cs, n)
		}
		if _, err := p.summaryWinnings(seat, rest); err != nil {
			return err
		}
	default:
		return psErrorf("cannot read the summary seat line")
	}
	if psSeatGlued(line, sn, rest) {
		return psErrorf("summary line runs into a hand header")
	}
	return nil
}

// psSummaryNameEnd returns where the name ends in rest, a summary seat
// line after "Seat N: " that does not start with its seat's player's
// name: at the first position (" (button)") or outcome (" folded",
// " showed [" ...) written after a name, else at its end.
func psSummaryNameEnd(rest []byte) int {
	end := len(rest)
	for _, s := range [...]string{" (", " folded", " showed [", " mucked", " collected (", " won (",
		" lost", " is sitting out", " sat out", " didn't show and won ("} {
		if k := bytes.Index(rest, []byte(s)); k >= 0 && k < end {
			end = k
		}
	}
	return end
}

// psSkipPositions returns rest past the positions a summary seat line
// gives after the player's name: " (button)", " (small blind)", " (big
// blind)", in any number.
func psSkipPositions(rest []byte) []byte {
	for len(rest) > 2 && rest[1] == '(' {
		switch {
		case len(rest) >= 9 && string(rest[:9]) == " (button)":
			rest = rest[9:]
		case len(rest) >= 14 && string(rest[:14]) == " (small blind)":
			rest = rest[14:]
		case len(rest) >= 12 && string(rest[:12]) == " (big blind)":
			rest = rest[12:]
		case len(rest) >= 15 && string(rest[:15]) == " (button blind)":
			rest = rest[15:]
		default:
			return rest
		}
	}
	return rest
}

// psSeatGlued reports whether a summary seat line, whose player is sn
// and whose outcome is rest, has a hand header glued into it.
func psSeatGlued(line []byte, sn *psSeatName, rest []byte) bool {
	return (sn.hasHash() || bytes.IndexByte(rest, '#') >= 0) && psFindGluedHeader(line) > 0
}

// hasHash reports whether the name holds a '#', from its words if they
// hold all of it (see parser.NameWords), as they do nearly always.
func (sn *psSeatName) hasHash() bool {
	if len(sn.name) > 16 {
		return strings.IndexByte(sn.name, '#') >= 0
	}
	// A zero byte of the words xor '#'s is a '#' (the padding is zeros):
	// (x-ones)&^x&high flags the lowest zero byte, if any.
	const ones, high = 0x0101010101010101, 0x8080808080808080
	x0, x1 := sn.w0^(ones*'#'), sn.w1^(ones*'#')
	return ((x0-ones)&^x0|(x1-ones)&^x1)&high != 0
}

// summaryWinnings adds up every "won (X)" and "collected (X)" of a summary
// seat line, b from its outcome on. whole reports that b is just
// "collected (X)", read whole.
func (p *psParser) summaryWinnings(seat int, b []byte) (whole bool, err error) {
	if len(p.winnings) == 0 {
		p.winnings = append(p.winnings, make([]hand.Amount, len(p.seats))...)
	}
	// Most are just "collected (X)", which holds no other key.
	if len(b) >= 11 && string(b[:11]) == "collected (" && b[len(b)-1] == ')' && !p.noQuick {
		if v, k, ok := psPlainAmount(b[11:], p.scale); ok && 11+k == len(b)-1 {
			p.winnings[seat] += v
			p.sawWin = true
			return true, nil
		}
	}
	// Both keys end in a parenthesis, which the usual "showed [...] and
	// lost with ..." does not hold.
	first := bytes.IndexByte(b, '(')
	if first < 0 {
		return false, nil
	}
	// Every "won (X)", then every "collected (X)", in order, as a search
	// for each key would find them. A key is found at the '(' that ends
	// it (its only one, so matches cannot overlap); the '(' found while
	// reading the "won"s tell whether any "collected" is worth a second
	// pass.
	collected := false
	for i := first; ; {
		if i >= 4 && string(b[i-4:i]) == "won " {
			if err := p.winAt(seat, b[i+1:]); err != nil {
				return false, err
			}
		} else if i >= 10 && string(b[i-10:i]) == "collected " {
			collected = true
		}
		k := bytes.IndexByte(b[i+1:], '(')
		if k < 0 {
			break
		}
		i += 1 + k
	}
	for i := first; collected; {
		if i >= 10 && string(b[i-10:i]) == "collected " {
			if err := p.winAt(seat, b[i+1:]); err != nil {
				return false, err
			}
		}
		k := bytes.IndexByte(b[i+1:], '(')
		if k < 0 {
			break
		}
		i += 1 + k
	}
	return false, nil
}

// winAt adds to seat's winnings the amount that starts rest, which must
// be followed by ')'.
func (p *psParser) winAt(seat int, rest []byte) error {
	v, k, err := p.amount(rest)
	if err != nil {
		return err
	}
	if k >= len(rest) || rest[k] != ')' {
		return psErrorf("cannot read the amount won")
	}
	p.winnings[seat] += v
	p.sawWin = true
	return nil
}

// summaryCards gives cards the summary shows to the player's showdown
// action. A Show or Muck without cards gets them; a player with neither
// gets one, placed before the pots are pushed.
func (p *psParser) summaryCards(seat int, kind hand.ActionKind, cs []cards.Card, n int) {
	for i := len(p.actions) - 1; i >= 0; i-- {
		a := &p.actions[i]
		if a.Player == seat && (a.Kind == hand.Show || a.Kind == hand.Muck) {
			if len(a.Cards) == 0 {
				a.Cards = cs
			}
			return
		}
	}
	at := len(p.actions)
	for i, a := range p.actions {
		if a.Kind == hand.Collect {
			at = i
			break
		}
	}
	p.actions = slices.Insert(p.actions, at, hand.Action{Kind: kind, Player: seat, Cards: cs,
		Pos: hand.Pos{File: p.r.file, Line: n}})
}

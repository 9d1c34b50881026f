package pokerstars

// Fast path: the usual section line ("*** FLOP *** [Ah Kd 2c]") read
// straight from the input's buffer. quickMarker shortcuts marker and
// street (streets.go), which read every other section line.
// TestPokerStarsQuickMarkers (quick_test.go) checks it against them
// (noQuick), with TestPokerStarsQuickSameHands and FuzzPokerStarsQuick.

import "github.com/handaudit/handaudit/cards"

// psMarkerLen returns the length of the usual section line that may
// start text, told from the first letters of its name, if an LF follows
// it there, else 0: "*** HOLE CARDS ***", "*** FLOP *** [Ah Kd 2c]",
// "*** TURN *** [Ah Kd 2c] [3s]", "*** RIVER *** [Ah Kd 2c 3s] [4h]",
// "*** SHOW DOWN ***" or "*** SUMMARY ***". If marker reads text that
// long without an error, it is that line and holds no LF: it compares
// the names whole, and a street's cards, ending the line, letter by
// letter.
func psMarkerLen(text []byte) int {
	if len(text) < 33 || string(text[:4]) != "*** " {
		return 0
	}
	n := 0
	switch text[4] {
	case 'H':
		n = len("*** HOLE CARDS ***")
	case 'S':
		n = len("*** SUMMARY ***")
		if text[5] == 'H' {
			n = len("*** SHOW DOWN ***")
		}
	case 'F':
		n = len("*** FLOP *** [Ah Kd 2c]")
	case 'T':
		n = len("*** TURN *** [Ah Kd 2c] [3s]")
	case 'R':
		n = len("*** RIVER *** [Ah Kd 2c 3s] [4h]")
	default:
		return 0
	}
	if text[n] != '\n' || text[n-1] != ']' && text[n-1] != '*' {
		return 0
	}
	return n
}

// quickMarker reads line, a usual section line of the length psMarkerLen
// gave, as marker would, if it is one of the betting states may read
// without an error, and reports whether it did; else it changes nothing,
// and the general way reads the line again. psMarkerLen's length tells
// the name, compared whole here: marker need not look for it.
func (p *psParser) quickMarker(line []byte, n int) bool {
	switch len(line) {
	case len("*** HOLE CARDS ***"):
		if string(line) != "*** HOLE CARDS ***" || p.state != psPreDeal || !p.h.Game.Variant.IsBoardGame() {
			return false
		}
		p.state = psBetting
		p.dealHoles(n)
	case len("*** FLOP *** [Ah Kd 2c]"):
		if string(line[:12]) != "*** FLOP ***" || p.state != psBetting {
			return false
		}
		return p.quickStreet(line[4:8], line[12:], 0, 3, n)
	case len("*** TURN *** [Ah Kd 2c] [3s]"):
		if string(line[:12]) != "*** TURN ***" || p.state != psBetting {
			return false
		}
		return p.quickStreet(line[4:8], line[12:], 3, 1, n)
	case len("*** RIVER *** [Ah Kd 2c 3s] [4h]"):
		if string(line[:13]) != "*** RIVER ***" || p.state != psBetting {
			return false
		}
		return p.quickStreet(line[4:9], line[13:], 4, 1, n)
	case len("*** SHOW DOWN ***"):
		if string(line) != "*** SHOW DOWN ***" || p.state != psBetting {
			return false
		}
		p.state, p.showdown = psShowdown, 0
	case len("*** SUMMARY ***"):
		// The betting states are past psPreDeal: marker's test of
		// the state holds.
		if string(line) != "*** SUMMARY ***" {
			return false
		}
		p.state, p.summary = psSummary, true
	default:
		return false
	}
	return true
}

// quickStreet reads tail, what follows the name of a street line of the
// length psMarkerLen gave: " [Ah Kd 2c]" for the flop (before, the cards
// dealt so far, 0), else " [the board so far] [4h]" (want, the cards it
// adds, 1). The usual cards are read here, at the places they are at, as
// street reads them; anything else is left to street, and reported as
// quickMarker reports it.
func (p *psParser) quickStreet(name, tail []byte, before, want, n int) bool {
	cur := &p.boards[0]
	at := 2 // the first card added
	if before > 0 {
		at = p.shownIs(*cur, tail[1:]) + 3 // 0 if they differ
	}
	if len(*cur) != before || at+3*want != len(tail) || tail[0] != ' ' || tail[at-1] != '[' || tail[at-2] != ' ' {
		return p.street(name, 0, tail, n) == nil
	}
	// Each card with a space after it, a bracket after the last.
	var bad uint8
	for k := range want {
		i := at + 3*k
		r, s := psRank4[tail[i]]-1, psSuit[tail[i+1]]-1
		sep := byte(' ')
		if k == want-1 {
			sep = ']'
		}
		if tail[i+2] != sep {
			bad = 0x80
		}
		bad |= r | s
	}
	if bad >= 0x80 {
		return p.street(name, 0, tail, n) == nil
	}
	added := p.h.NewCards(want)
	for k := range added {
		i := at + 3*k
		added[k] = cards.Card(psRank4[tail[i]] - 1 + psSuit[tail[i+1]] - 1)
	}
	return p.streetDealt(name, 0, want, added, nil, n) == nil
}

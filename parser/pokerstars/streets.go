package pokerstars

// The section lines ("*** HOLE CARDS ***", "*** FLOP *** [Ah Kd 2c]",
// "*** SHOW DOWN ***", "*** SUMMARY ***"): the deal, each street's
// board, and the parser's state from one part of the hand to the next.
// The usual section line is read by quick_marker.go.

import (
	"bytes"
	"slices"

	"github.com/handaudit/handaudit/cards"
	"github.com/handaudit/handaudit/hand"
)

// marker reads a "*** ... ***" line: the deal, the streets, the showdown, the summary.
func (p *psParser) marker(line []byte, n int) error {
	end := psSectionEnd(line[4:])
	if end < 0 {
		return psErrorf("unknown section line")
	}
	name, tail := line[4:4+end], line[4+end+4:]
	if v := p.h.Game.Variant; !v.IsBoardGame() {
		if ok, err := p.studDrawMarker(v, name, tail, n); ok {
			return err
		}
	}
	board := 0
	switch {
	case psHas(name, "FIRST "):
		name, p.runTwice = name[6:], true
	case psHas(name, "SECOND "):
		name, board, p.runTwice = name[7:], 1, true
	}
	switch string(name) {
	case "HOLE CARDS":
		if len(tail) > 0 {
			if b, ok := psGarbledPreFlop(tail); ok && p.state == psBetting && p.courchevel() && board == 0 && len(p.boards[0]) == 0 {
				added, err := p.bracketCards(b, true)
				if err != nil {
					return err
				}
				return p.streetDealt([]byte("PRE-FLOP"), 0, 1, added, nil, n)
			}
			return psErrorf("unexpected text after *** HOLE CARDS ***")
		}
		if p.state != psPreDeal || board != 0 || !p.h.Game.Variant.IsBoardGame() {
			return psErrorf("misplaced *** HOLE CARDS ***")
		}
		p.state = psBetting
		p.dealHoles(n)
		return nil
	case "FLOP", "TURN", "RIVER":
		if p.state != psBetting {
			return psErrorf("street dealt outside the betting rounds")
		}
		return p.street(name, board, tail, n)
	case "PRE-FLOP":
		// Courchevel: the first flop card, dealt with the hole cards.
		if p.state != psBetting || !p.courchevel() || board != 0 || len(p.boards[0]) != 0 {
			return psErrorf("misplaced *** PRE-FLOP ***")
		}
		if !psHas(tail, " [") {
			return psErrorf("street line without cards")
		}
		added, err := p.bracketCards(tail[1:], true)
		if err != nil {
			return err
		}
		return p.streetDealt(name, 0, 1, added, nil, n)
	case "SHOW DOWN":
		if p.state != psBetting && !(p.state == psShowdown && board == 1) || len(tail) > 0 {
			return psErrorf("misplaced *** SHOW DOWN ***")
		}
		p.state, p.showdown = psShowdown, board
		return nil
	case "SUMMARY":
		if p.state < psPreDeal && p.cancel == 0 || len(tail) > 0 || board != 0 {
			return psErrorf("misplaced *** SUMMARY ***")
		}
		p.state, p.summary = psSummary, true
		return nil
	}
	return psErrorf("unknown section line")
}

// psSectionEnd is bytes.Index(b, []byte(" ***")) for the few bytes of a
// section name, without the setup of a general search.
func psSectionEnd(b []byte) int {
	// The usual names first. None holds " ***", so the first one is
	// the one after the name. (Written out, not with psHas: see there.)
	switch {
	case len(b) >= 8 && (string(b[:8]) == "FLOP ***" || string(b[:8]) == "TURN ***"):
		return 4
	case len(b) >= 9 && string(b[:9]) == "RIVER ***":
		return 5
	case len(b) >= 14 && string(b[:14]) == "HOLE CARDS ***":
		return 10
	case len(b) >= 13 && string(b[:13]) == "SHOW DOWN ***":
		return 9
	case len(b) >= 11 && string(b[:11]) == "SUMMARY ***":
		return 7
	}
	for i := 0; i+4 <= len(b); i++ {
		if b[i] == ' ' && b[i+1] == '*' && b[i+2] == '*' && b[i+3] == '*' {
			return i
		}
	}
	return -1
}

// dealHoles adds a DealHole for every player dealt in, in dealing order
// from the left of the button; "Dealt to" lines fill in the cards known.
func (p *psParser) dealHoles(n int) {
	start, dealt, button := 0, 0, p.h.Button
	for i := range p.seats {
		s := &p.seats[i]
		if s.Number == button {
			start = i + 1
		}
		if !s.SittingOut {
			dealt++
		}
	}
	// One cut of card memory for all: each player's cards are a part of
	// it with no room beyond, as if cut on their own.
	all := p.h.NewCardsOf(dealt*p.holeN, cards.Unknown)
	// The actions are written in place, not built and copied.
	at := len(p.actions)
	p.actions = slices.Grow(p.actions, dealt)[:at+dealt]
	file, holeN := p.r.file, p.holeN
	for k := range p.seats {
		i := start + k
		if i >= len(p.seats) {
			i -= len(p.seats)
		}
		if p.seats[i].SittingOut {
			continue
		}
		// Every field set, one by one (see quickAction).
		a := &p.actions[at]
		a.Kind, a.Player, a.Amount, a.To, a.HasAmount, a.AllIn, a.PostKind = hand.DealHole, i, 0, 0, false, false, 0
		a.Board, a.Pot, a.Pos.Line = 0, 0, n
		a.Cards, a.Pos.File = all[:holeN:holeN], file
		all = all[holeN:]
		at++
	}
}

// street reads a street line: "[flop]" or "[board so far] [new card]",
// possibly followed by a PPPoker "{Rake: $0}" note.
func (p *psParser) street(name []byte, board int, tail []byte, n int) error {
	want, before := 3, 0
	switch string(name) {
	case "FLOP":
		if p.courchevel() && len(p.boards[board]) == 1 {
			// Courchevel's flop adds two cards to the one dealt pre-flop.
			want, before = 2, 1
			tail = psUnglueCourchevelFlop(tail)
		}
	case "TURN":
		want, before = 1, 3
	case "RIVER":
		want, before = 1, 4
	}
	if len(tail) == 0 || tail[0] != ' ' {
		return psErrorf("street line without cards")
	}
	cur := &p.boards[board]
	if k := p.shownIs(*cur, tail[1:]); k > 0 && len(*cur) == before && psHas(tail[1+k:], " [") && !psHas(tail[1+k:], " []") {
		// The board so far, as dealt: only the new cards are read
		// (below, as the general way reads them after it).
		added, err := p.bracketCards(tail[2+k:], false)
		if err != nil {
			return err
		}
		tail = tail[2+k:]
		tail = tail[bytes.IndexByte(tail, ']')+1:]
		return p.streetDealt(name, board, want, added, tail, n)
	}
	first, err := p.bracketCards(tail[1:], false)
	if err != nil {
		return err
	}
	tail = tail[1+bytes.IndexByte(tail[1:], ']')+1:]
	var shown, added []cards.Card
	switch {
	case psHas(tail, " []"):
		// The new cards were not recorded (PokerStars wrote such turns in
		// 2022): the street is dealt, its cards unknown; the summary's
		// board may name them (see summaryBoard).
		shown, added = first, p.h.NewCardsOf(want, cards.Unknown)
		tail = tail[3:]
	case psHas(tail, " ["):
		shown = first
		if added, err = p.bracketCards(tail[1:], false); err != nil {
			return err
		}
		tail = tail[1+bytes.IndexByte(tail[1:], ']')+1:]
	case before > 0 && len(first) == before+want && slices.Equal(first[:before], *cur):
		// Courchevel's flop written whole, its first card included.
		shown, added = first[:before], first[before:]
	default:
		added = first
	}
	if len(tail) > 0 && !(psHas(tail, " {") && tail[len(tail)-1] == '}') {
		return psErrorf("unexpected text after the board")
	}
	if board == 1 && len(*cur) == 0 && len(shown) > 0 {
		// The second run shares the cards dealt before the all-in.
		if len(shown) > len(p.boards[0]) || !slices.Equal(shown, p.boards[0][:len(shown)]) {
			return psErrorf("second board does not share the first board's cards")
		}
		*cur = append(*cur, shown...)
	}
	if len(*cur) != before || (shown != nil && !psSameBoard(shown, *cur)) {
		return psErrorf("%s does not follow the board dealt so far", name)
	}
	return p.streetDealt(name, board, want, added, nil, n)
}

// streetDealt deals added, the cards a street line adds to board (want
// of them), after the board so far; tail is what follows them on the line.
func (p *psParser) streetDealt(name []byte, board, want int, added []cards.Card, tail []byte, n int) error {
	if len(tail) > 0 && !(psHas(tail, " {") && tail[len(tail)-1] == '}') {
		return psErrorf("unexpected text after the board")
	}
	if len(added) != want {
		return psErrorf("%s does not follow the board dealt so far", name)
	}
	cur := &p.boards[board]
	*cur = append(*cur, added...)
	k := len(p.actions)
	if k == cap(p.actions) {
		p.actions = append(p.actions, hand.Action{Kind: hand.DealBoard, Player: hand.NoPlayer, Cards: added,
			Board: board, Pos: hand.Pos{File: p.r.file, Line: n}})
		return nil
	}
	// Every field set, one by one (see quickAction).
	p.actions = p.actions[:k+1]
	a := &p.actions[k]
	a.Kind, a.Player, a.Amount, a.To, a.HasAmount, a.AllIn, a.PostKind = hand.DealBoard, hand.NoPlayer, 0, 0, false, false, 0
	a.Board, a.Pot, a.Pos.Line = board, 0, n
	a.Cards, a.Pos.File = added, p.r.file
	return nil
}

// PokerStars' Courchevel tables of 2016 wrote two lines garbled, as
// public parsers (fpdb) read them: the pre-flop card's line as "***
// HOLE CARDS *** [2s]*** HOLE CARDSPRE-FLOP *** [2s]", and the flop as
// "*** FLOP *** [2s] [2s3d 3c]", the pre-flop card glued onto the next.
// Each is read only as written so, the card the same in both places; the
// summary's board is checked against the cards read as for any hand.

// psGarbledPreFlop returns the bracket of a garbled pre-flop card line,
// after "*** HOLE CARDS ***": tail is " [2s]*** HOLE CARDSPRE-FLOP *** [2s]".
func psGarbledPreFlop(tail []byte) ([]byte, bool) {
	if len(tail) < 5 || string(tail[:2]) != " [" || tail[4] != ']' {
		return nil, false
	}
	card, rest := tail[:5], tail[5:]
	if !bytes.HasSuffix(rest, card) || !psHas(rest, "*** ") || !bytes.HasSuffix(rest[:len(rest)-5], []byte("PRE-FLOP ***")) {
		return nil, false
	}
	return card[1:], true
}

// psUnglueCourchevelFlop returns a Courchevel flop's tail " [2s]
// [2s3d 3c]" as " [2s] [3d 3c]", and any other tail as it is.
func psUnglueCourchevelFlop(tail []byte) []byte {
	if len(tail) < 11 || string(tail[:2]) != " [" || tail[4] != ']' || string(tail[5:7]) != " [" ||
		string(tail[7:9]) != string(tail[2:4]) || tail[9] == ' ' || tail[9] == ']' {
		return tail
	}
	return append(append(make([]byte, 0, len(tail)-2), tail[:7]...), tail[9:]...)
}

// courchevel reports whether the hand is Courchevel (hi or hi/lo).
func (p *psParser) courchevel() bool {
	v := p.h.Game.Variant
	return v == hand.Courchevel || v == hand.CourchevelHiLo
}

// psSameBoard reports whether shown, the board so far as a street line
// repeats it, is the board dealt: the same cards, where a street whose
// cards were not recorded (unknown in board) is left out of shown.
func psSameBoard(shown, board []cards.Card) bool {
	if slices.Equal(shown, board) {
		return true
	}
	i := 0
	for _, c := range board {
		if c == cards.Unknown {
			continue
		}
		if i >= len(shown) || shown[i] != c {
			return false
		}
		i++
	}
	return i == len(shown) && i < len(board)
}

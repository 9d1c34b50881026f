package winamax

// The section lines ("*** ANTE/BLINDS ***", "*** PRE-FLOP ***", "*** FLOP
// *** [3c 7d 2s]", "*** TURN *** [3c 7d 2s] [3h]", "*** SHOW DOWN ***",
// "*** SUMMARY ***"): the deal, each street's board, and the parser's state
// from one part of the hand to the next.

import (
	"bytes"
	"slices"

	"github.com/handaudit/handaudit/cards"
	"github.com/handaudit/handaudit/hand"
)

// section reads a "*** NAME ***" line.
func (p *handParser) section(line []byte, n int) error {
	end := bytes.Index(line[4:], []byte(" ***"))
	if end < 0 {
		return errorf("unknown section line")
	}
	name, tail := line[4:4+end], line[4+end+4:]
	switch string(name) {
	case "ANTE/BLINDS":
		if p.state != inSeats || len(tail) > 0 {
			return errorf("misplaced *** ANTE/BLINDS ***")
		}
		if len(p.h.Seats) < 2 {
			return errorf("fewer than two players seated")
		}
		p.state = inPosts
		return nil
	case "PRE-FLOP":
		if p.state != inPosts || len(tail) > 0 || !p.h.Game.Variant.IsBoardGame() {
			return errorf("misplaced *** PRE-FLOP ***")
		}
		p.state = inBetting
		p.dealHoles(n)
		return nil
	case "3rd STREET", "4th STREET", "5th STREET", "6th STREET", "7th STREET",
		"FIRST-BET", "FIRST-DRAW", "SECOND-BET", "SECOND-DRAW", "THIRD-BET", "THIRD-DRAW", "FOURTH-BET":
		return p.perDealSection(string(name), tail)
	case "FLOP", "TURN", "RIVER":
		if p.state != inBetting || !p.h.Game.Variant.IsBoardGame() {
			return errorf("street dealt outside the betting rounds")
		}
		return p.street(string(name), tail, n)
	case "SHOW DOWN":
		if p.state != inBetting || len(tail) > 0 {
			return errorf("misplaced *** SHOW DOWN ***")
		}
		p.state = inShowdown
		return nil
	case "SUMMARY":
		if p.state != inBetting && p.state != inShowdown || len(tail) > 0 {
			return errorf("misplaced *** SUMMARY ***")
		}
		p.state = inSummary
		return nil
	}
	return errorf("unknown section line")
}

// perDealSection reads a section of stud ("*** 3rd STREET ***" to "***
// 7th STREET ***") or 2-7 triple draw ("*** FIRST-BET ***", "***
// FIRST-DRAW ***", ... "*** FOURTH-BET ***"): the first starts the
// betting; each street's cards come on "Dealt to" lines (dealtPerDeal).
func (p *handParser) perDealSection(name string, tail []byte) error {
	v := p.h.Game.Variant
	stud := v == hand.Stud || v == hand.StudHiLo || v == hand.Razz
	switch {
	case len(tail) > 0:
		return errorf("unexpected text after the section")
	case stud != (name[0] >= '3' && name[0] <= '7') || !stud && v != hand.Deuce7Triple:
		return errorf("*** %s *** in a game of %s", name, v)
	case name == "3rd STREET" || name == "FIRST-BET":
		if p.state != inPosts {
			return errorf("misplaced *** %s ***", name)
		}
		p.state = inBetting
	case p.state != inBetting:
		return errorf("misplaced *** %s ***", name)
	}
	return nil
}

// street reads what follows a street's name: "[flop]", or "[board so
// far] [new card]" (with or without the space between); some exports put
// a colon before the cards ("*** FLOP ***: [3h Td 6d]").
func (p *handParser) street(name string, tail []byte, n int) error {
	want, before := 3, 0
	switch name {
	case "TURN":
		want, before = 1, 3
	case "RIVER":
		want, before = 1, 4
	}
	if len(tail) > 0 && tail[0] == ':' {
		tail = tail[1:]
	}
	if len(tail) == 0 || tail[0] != ' ' {
		return errorf("street line without cards")
	}
	tail = tail[1:]
	var board []cards.Card
	if len(p.h.Boards) > 0 {
		board = p.h.Boards[0]
	}
	if len(board) != before {
		return errorf("%s does not follow the board dealt so far", name)
	}
	if before > 0 {
		shown, k, err := p.bracketCards(tail)
		if err != nil {
			return err
		}
		if !slices.Equal(shown, board) {
			return errorf("%s does not follow the board dealt so far", name)
		}
		tail = tail[k:]
		if len(tail) > 0 && tail[0] == ' ' {
			tail = tail[1:]
		}
	}
	added, k, err := p.bracketCards(tail)
	if err != nil {
		return err
	}
	if k != len(tail) {
		return errorf("unexpected text after the board")
	}
	if len(added) != want {
		return errorf("%s deals %d cards, not %d", name, len(added), want)
	}
	if len(p.h.Boards) == 0 {
		p.h.Boards = append(p.h.Boards, nil)
	}
	// The board is cut from the hand's card memory with room for the
	// river: the street's cards are appended in place.
	if cap(board) < 5 {
		grown := p.h.NewCards(5)[:len(board)]
		copy(grown, board)
		board = grown
	}
	p.h.Boards[0] = append(board, added...)
	p.h.Actions = append(p.h.Actions, hand.Action{Kind: hand.DealBoard, Player: hand.NoPlayer,
		Cards: added, Pos: p.pos(n)})
	return nil
}

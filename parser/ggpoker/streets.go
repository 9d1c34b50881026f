package ggpoker

// Section lines, the deal and the boards:
//
//	*** HOLE CARDS ***
//	*** FLOP *** [Ks 7h 5d]
//	*** TURN *** [Ks 7h 5d] [2h]
//	*** FIRST TURN *** [Th 9c 5s] [6h]     (run twice or three times)
//	*** SECOND FLOP ***  [9h 9c Kc]
//	*** SHOWDOWN ***, *** FIRST SHOWDOWN ***, *** SECOND SHOW DOWN ***
//	*** SUMMARY ***

import (
	"bytes"

	"github.com/handaudit/handaudit/cards"
	"github.com/handaudit/handaudit/hand"
)

// runNames are the words that name a run of the board, in order.
var runNames = [...]string{"FIRST ", "SECOND ", "THIRD "}

// runPrefix returns the run b starts with ("SECOND " is 1) and its
// length, or 0, 0 if it names none.
func runPrefix(b []byte) (run, n int) {
	for i, w := range runNames {
		if has(b, w) {
			return i, len(w)
		}
	}
	return 0, 0
}

// section reads a "*** NAME *** ..." line.
func (p *handParser) section(line []byte, num int) error {
	body := line[4:]
	end := bytes.Index(body, []byte(" ***"))
	if end < 0 {
		return errorf("unknown section line")
	}
	name, tail := body[:end], bytes.TrimLeft(body[end+4:], " ")
	run, k := runPrefix(name)
	name = name[k:]
	switch {
	case is(name, "HOLE CARDS") && k == 0 && len(tail) == 0:
		if p.stage != stPosts {
			return errorf("\"*** HOLE CARDS ***\" out of place")
		}
		p.stage = stBetting
		p.deal(num)
		return nil
	case is(name, "FLOP"):
		return p.street(run, 3, 0, tail, num)
	case is(name, "TURN"):
		return p.street(run, 1, 3, tail, num)
	case is(name, "RIVER"):
		return p.street(run, 1, 4, tail, num)
	case (is(name, "SHOWDOWN") || is(name, "SHOW DOWN")) && len(tail) == 0:
		if p.stage != stBetting && p.stage != stShowdown {
			return errorf("showdown out of place")
		}
		p.stage, p.showdown = stShowdown, run
		return nil
	case is(name, "SUMMARY") && k == 0 && len(tail) == 0:
		if p.stage < stBetting {
			return errorf("\"*** SUMMARY ***\" before \"*** HOLE CARDS ***\"")
		}
		if p.stage == stSummary {
			return errorf("\"*** SUMMARY ***\" twice")
		}
		p.stage = stSummary
		return nil
	}
	return errorf("unknown section line")
}

// deal adds a DealHole, cards unknown, for every player seated and not
// sitting out, in dealing order from the left of the button; the "Dealt
// to" lines then fill in the cards shown.
func (p *handParser) deal(num int) {
	h := p.h
	p.dealStart = len(h.Actions)
	if cap(p.listed) < len(h.Seats) {
		p.listed = make([]bool, len(h.Seats))
	}
	p.listed = p.listed[:len(h.Seats)]
	clear(p.listed)
	start := 0
	for i := range h.Seats {
		if h.Seats[i].Number == h.Button {
			start = i + 1
		}
	}
	for k := range h.Seats {
		i := (start + k) % len(h.Seats)
		if h.Seats[i].SittingOut {
			continue
		}
		p.add(hand.DealHole, i, num).Cards = h.NewCardsOf(p.holeN, cards.Unknown)
	}
}

// street reads the cards of a street line of run: want new cards after
// before dealt, written "[new]" or "[board so far] [new]".
func (p *handParser) street(run, want, before int, tail []byte, num int) error {
	if p.stage != stBetting {
		return errorf("board dealt out of place")
	}
	first, n, err := p.cards(tail)
	if err != nil {
		return err
	}
	tail = tail[n:]
	var shown, added []cards.Card
	if has(tail, " [") {
		shown = first
		if added, n, err = p.cards(tail[1:]); err != nil {
			return err
		}
		tail = tail[1+n:]
	} else {
		added = first
	}
	if len(tail) > 0 {
		return errorf("unexpected text after the board")
	}
	cur := &p.boards[run]
	if run > 0 && len(*cur) == 0 && len(shown) > 0 {
		// A later run shares the cards dealt before the all-in.
		if len(shown) > len(p.boards[0]) || !sameCards(shown, p.boards[0][:len(shown)]) {
			return errorf("the board of run %d does not share the first board's cards", run+1)
		}
		*cur = append(*cur, p.boards[0][:len(shown)]...)
	}
	// The board so far may be written in another order than dealt
	// ("*** FLOP *** [Ad 7d 9d]", then "*** TURN *** [7d 9d Ad] [2s]").
	if len(*cur) != before || (shown != nil && !sameCards(shown, *cur)) || len(added) != want {
		return errorf("the street does not follow the board dealt so far")
	}
	*cur = append(*cur, added...)
	a := p.add(hand.DealBoard, hand.NoPlayer, num)
	a.Cards, a.Board = added, run
	return nil
}

// equalCards reports whether a and b are the same cards in order.
func equalCards(a, b []cards.Card) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// sameCards reports whether a and b hold the same cards, in any order.
func sameCards(a, b []cards.Card) bool {
	return len(a) == len(b) && cards.SetOf(a...) == cards.SetOf(b...) && cards.SetOf(a...).Count() == len(a)
}

// cards reads "[Ah Kd ...]" at the start of b and returns the cards and
// the bytes used.
func (p *handParser) cards(b []byte) ([]cards.Card, int, error) {
	end := bytes.IndexByte(b, ']')
	if len(b) < 2 || b[0] != '[' || end < 0 {
		return nil, 0, errorf("expected cards in brackets")
	}
	in := b[1:end]
	if (len(in)+1)%3 != 0 {
		return nil, 0, errorf("cannot read the cards in brackets")
	}
	cs := p.h.NewCards((len(in) + 1) / 3)
	for k := range cs {
		c, ok := card(in[3*k], in[3*k+1])
		if !ok || (k+1 < len(cs) && in[3*k+2] != ' ') {
			return nil, 0, errorf("cannot read the cards in brackets")
		}
		cs[k] = c
	}
	return cs, end + 1, nil
}

// card reads a rank and a suit letter ("Ah", "ks", "Tc").
func card(r, s byte) (cards.Card, bool) {
	rank := ranks[r]
	var suit cards.Suit
	switch s {
	case 'c', 'C':
		suit = cards.Clubs
	case 'd', 'D':
		suit = cards.Diamonds
	case 'h', 'H':
		suit = cards.Hearts
	case 's', 'S':
		suit = cards.Spades
	default:
		return 0, false
	}
	if rank == 0 {
		return 0, false
	}
	return cards.New(cards.Rank(rank-1), suit), true
}

// ranks maps a rank letter to its cards.Rank plus one (0: not a rank).
var ranks = func() (t [256]uint8) {
	for i, c := range "23456789TJQKA" {
		t[c] = uint8(i + 1)
	}
	for i, c := range "tjqka" {
		t[c] = uint8(8 + i + 1)
	}
	return t
}()

package pacific

// Section lines: the deal, the boards and the summary.
//
//	** Dealing down cards **
//	** Dealing flop ** [ Jc, Kc, 3c ]
//	** Dealing turn ** [ 2s ]
//	** Dealing river ** [ 4d ]
//	** Summary **
//
// Some exports leave out "** Dealing down cards **": the cards are then
// dealt before the first action that needs them.

import (
	"errors"

	"github.com/handaudit/handaudit/cards"
	"github.com/handaudit/handaudit/hand"
)

// section reads a line starting "** ".
func (p *handParser) section(b []byte, n int) error {
	switch {
	case string(b) == "** Dealing down cards **":
		if p.dealt && !p.undealFolds() {
			return errors.New("the hole cards are dealt twice")
		}
		p.dealIfNot(n)
		return nil
	case string(b) == "** Summary **":
		if p.stage == stageSummary {
			return errors.New("a second summary")
		}
		p.stage = stageSummary
		p.h.Outcome.Pos.Line = n
		return nil
	case hasPrefix(b, "** Dealing flop ** "):
		return p.boardLine(b[len("** Dealing flop ** "):], 1, 3, n)
	case hasPrefix(b, "** Dealing turn ** "):
		return p.boardLine(b[len("** Dealing turn ** "):], 2, 1, n)
	case hasPrefix(b, "** Dealing river ** "):
		return p.boardLine(b[len("** Dealing river ** "):], 3, 1, n)
	}
	return errors.New("unknown section line")
}

// boardLine reads the cards of street (1 flop, 2 turn, 3 river), of which it
// deals want.
func (p *handParser) boardLine(b []byte, street, want, n int) error {
	h := p.h
	if p.stage == stageSummary {
		return errors.New("a board dealt after the summary")
	}
	if p.street != street-1 {
		return errors.New("the board is dealt out of order")
	}
	cs, err := bracketCards(h, b)
	if err != nil {
		return err
	}
	if len(cs) != want {
		return errorf("%d cards dealt on this street; want %d", len(cs), want)
	}
	p.dealIfNot(n)
	p.street = street
	clear(p.contrib)
	p.board = append(p.board, cs...) // within the five cut for it
	if len(h.Boards) == 0 {
		h.Boards = append(h.Boards, nil)
	}
	h.Boards[0] = p.board
	h.Actions = append(h.Actions, hand.Action{Kind: hand.DealBoard, Player: hand.NoPlayer, Cards: cs, Pos: p.pos(n)})
	return nil
}

// undealFolds handles players who fold before "** Dealing down cards
// **": they were not dealt in (sitting out, or away when the hand began),
// so their folds, read as the first actions of a hand whose deal line is
// missing, are taken back and they sit out. It reports whether every
// action before the deal line was such a fold.
func (p *handParser) undealFolds() bool {
	h := p.h
	for _, a := range h.Actions {
		if a.Kind != hand.Post && a.Kind != hand.DealHole && a.Kind != hand.Fold {
			return false
		}
	}
	kept := h.Actions[:0]
	for _, a := range h.Actions {
		switch a.Kind {
		case hand.Fold:
			h.Seats[a.Player].SittingOut = true
		case hand.Post:
			kept = append(kept, a)
		}
	}
	h.Actions = kept
	p.dealt, p.betting = false, false
	return true
}

// dealIfNot deals the hole cards, face down, if they are not dealt yet: a
// DealHole for every player, from the left of the button round to it.
func (p *handParser) dealIfNot(n int) {
	if p.dealt {
		return
	}
	p.dealt = true
	h := p.h
	seats := h.Seats
	start := 0
	for i := range seats {
		if seats[i].Number > h.Button {
			start = i
			break
		}
	}
	holeN, dealt := h.Game.HoleCards, 0
	for i := range seats {
		if !seats[i].SittingOut {
			dealt++
		}
	}
	all := h.NewCardsOf(dealt*holeN, cards.Unknown)
	for k := range seats {
		i := (start + k) % len(seats)
		if seats[i].SittingOut {
			continue
		}
		h.Actions = append(h.Actions, hand.Action{Kind: hand.DealHole, Player: i,
			Cards: all[:holeN:holeN], Pos: p.pos(n)})
		all = all[holeN:]
	}
}

package checks

import (
	"fmt"
	"strings"

	"github.com/handaudit/handaudit/cards"
	"github.com/handaudit/handaudit/hand"
)

// checkCards runs the card checks, which read only the record.
func checkCards(c *Context) {
	c.duplicateCards()
	c.cardCounts()
}

// duplicateCards reports each card that turns up a second time in a hand
// (TDA 35-E fouled deck): dealt to two players, dealt and on the board,
// twice on the board, or shown by a player who was not dealt it while
// someone else was. Cards a player shows from his own hand, the shared
// cards of a board run twice, and discards dealt again in draw games are
// not duplicates.
func (c *Context) duplicateCards() {
	h := c.H
	n := len(h.Seats)
	var seen uint64 // every known card dealt so far
	var hole []uint64
	if n <= 16 {
		var buf [16]uint64
		hole = buf[:n]
	} else {
		hole = make([]uint64, n)
	}
	// Cards dealt to each board, to tell a shared run-twice prefix; a
	// board holds five cards, so the arrays keep this off the heap.
	var boardBuf [2][8]cards.Card
	board := [2][]cards.Card{boardBuf[0][:0], boardBuf[1][:0]}
	for i := range h.Actions {
		a := &h.Actions[i]
		switch a.Kind {
		case hand.DealHole, hand.DealBoard, hand.Show, hand.Muck:
		case hand.Discard:
			// Draw games: discards go to the muck, which may be reshuffled
			// and dealt again when the stub runs out.
			for _, card := range a.Cards {
				if card.Known() && a.Player >= 0 && a.Player < n {
					seen &^= uint64(1) << card
					hole[a.Player] &^= uint64(1) << card
				}
			}
			continue
		default:
			continue
		}
		for _, card := range a.Cards {
			if !card.Known() {
				continue
			}
			bit := uint64(1) << card
			switch a.Kind {
			case hand.DealBoard:
				b := a.Board
				if b == 1 {
					k := len(board[1])
					if seen&bit != 0 && k < len(board[0]) && board[0][k] == card {
						board[1] = append(board[1], card) // shared with the first board
						continue
					}
				}
				if b == 0 || b == 1 {
					board[b] = append(board[b], card)
				}
			case hand.Show, hand.Muck:
				if a.Player >= 0 && a.Player < n && hole[a.Player]&bit != 0 {
					continue // his own card
				}
			}
			if seen&bit != 0 {
				c.fouled = true
				c.duplicateFinding(i, a, card)
			}
			seen |= bit
			if a.Player >= 0 && a.Player < n && a.Kind != hand.DealBoard {
				hole[a.Player] |= bit
			}
		}
	}
}

func (c *Context) duplicateFinding(i int, a *hand.Action, card cards.Card) {
	f := c.atAction(checkDuplicateCard, i)
	// Where was it before?
	where := "earlier in the hand"
	for j := 0; j < i; j++ {
		b := &c.H.Actions[j]
		if !containsCard(b.Cards, card) {
			continue
		}
		switch b.Kind {
		case hand.DealBoard:
			where = "on the board"
		case hand.DealHole:
			where = "dealt to " + playerName(c.H, b.Player)
		case hand.Show, hand.Muck:
			where = "shown by " + playerName(c.H, b.Player)
		default:
			continue
		}
		break
	}
	var what string
	switch a.Kind {
	case hand.DealBoard:
		what = "was dealt to the board"
	case hand.DealHole:
		what = "was dealt to " + playerName(c.H, a.Player)
	default:
		what = "was shown by " + playerName(c.H, a.Player)
	}
	f.Message = fmt.Sprintf("The %s %s but was already %s: the same card appears twice (fouled deck or wrong record).",
		card, what, where)
	c.emit(checkDuplicateCard, f)
}

func containsCard(cs []cards.Card, x cards.Card) bool {
	for _, c := range cs {
		if c == x {
			return true
		}
	}
	return false
}

// holeCards is the number of hole cards the variant deals, or 0 if unknown.
func holeCards(g hand.Game) int {
	if g.HoleCards > 0 {
		return g.HoleCards
	}
	switch g.Variant {
	case hand.Holdem, hand.ShortDeck:
		return 2
	case hand.Omaha, hand.OmahaHiLo:
		return 4
	}
	return 0
}

// cardCounts checks the number of hole and board cards in board games: each
// player dealt in gets the variant's hole cards; each board gets three,
// then one, then one card; and a hand that reaches a showdown has full
// boards. Players the record deals nothing to are not judged (room logs
// show only the hero's cards). A board is reported once: after a wrong deal
// its later deals and its size at showdown follow from that one fault.
func (c *Context) cardCounts() {
	h := c.H
	if !h.Game.Variant.IsBoardGame() {
		return
	}
	want := holeCards(h.Game)
	n := len(h.Seats)
	var countBuf, firstBuf [16]int
	count, first := countBuf[:0], firstBuf[:0]
	if n > len(countBuf) {
		count, first = make([]int, 0, n), make([]int, 0, n)
	}
	count, first = count[:n], first[:n]
	for p := range first {
		first[p] = -1
	}
	shownBad := -1    // first hand tabled with more cards than the game deals
	var counts [2]int // cards dealt to each board
	var bad [2]bool   // a wrong deal on this board was reported
	lastDeal := [2]int{-1, -1}
	for i := range h.Actions {
		a := &h.Actions[i]
		switch a.Kind {
		case hand.DealHole:
			if a.Player >= 0 && a.Player < n {
				count[a.Player] += len(a.Cards)
				if first[a.Player] < 0 {
					first[a.Player] = i
				}
			}
		case hand.Show:
			// A tabled hand is the only evidence a room log has of most
			// players' cards. More cards than the game deals is impossible;
			// fewer is a partial show (a loser may table one card and muck,
			// as PokerStars logs show), which is no misdeal.
			if shownBad < 0 && want > 0 && len(a.Cards) > want {
				shownBad = i
			}
		case hand.DealBoard:
			b := 0
			if a.Board == 1 {
				b = 1
			}
			before := counts[b]
			counts[b] += len(a.Cards)
			lastDeal[b] = i
			if b == 1 || bad[b] {
				continue // a second run-out may or may not repeat the shared cards
			}
			if (before == 0 && len(a.Cards) == 3) || (before >= 3 && before < 5 && len(a.Cards) == 1) {
				continue
			}
			bad[b] = true
			f := c.atAction(checkCardCount, i)
			if before == 0 {
				f.Message = fmt.Sprintf("The flop was dealt with %d cards (%s); a flop is three cards.",
					len(a.Cards), cardList(a.Cards))
			} else {
				f.Message = fmt.Sprintf("%d board cards (%s) were dealt after %d; after the flop the board gets one card at a time, to five.",
					len(a.Cards), cardList(a.Cards), before)
			}
			c.emit(checkCardCount, f)
		}
	}
	for p := 0; p < n && want > 0; p++ {
		if first[p] < 0 || count[p] == want {
			continue
		}
		f := c.atAction(checkCardCount, first[p])
		f.Street = "preflop"
		f.Message = fmt.Sprintf("%s was dealt %d hole cards; %s deals %d.",
			playerName(h, p), count[p], gameName(h.Game), want)
		c.emit(checkCardCount, f)
	}
	if !c.reachesShowdown() {
		return
	}
	if shownBad >= 0 {
		a := &h.Actions[shownBad]
		if p := a.Player; p >= 0 && p < n && (first[p] < 0 || count[p] == want) { // a wrong deal was reported above
			f := c.atAction(checkCardCount, shownBad)
			f.Message = fmt.Sprintf("%s tabled %d cards (%s) at the showdown; %s deals %d hole cards.",
				playerName(h, p), len(a.Cards), cardList(a.Cards), gameName(h.Game), want)
			c.emit(checkCardCount, f)
		}
	}
	nb := min(max(len(h.Boards), 1), 2)
	for b := 0; b < nb; b++ {
		got := counts[b]
		var shown []cards.Card
		if len(h.Boards) > 0 {
			shown = h.Boards[b]
			got = len(shown)
		}
		if got == 5 || bad[b] {
			continue
		}
		var f Finding
		if lastDeal[b] >= 0 {
			f = c.atAction(checkCardCount, lastDeal[b])
		} else {
			f = c.finding(checkCardCount)
		}
		name := "the board"
		if nb > 1 {
			name = [...]string{"the first board", "the second board"}[b]
		}
		f.Message = fmt.Sprintf("The hand went to a showdown with %d cards on %s; a full board is five cards.", got, name)
		if len(shown) > 0 {
			f.Message = fmt.Sprintf("The hand went to a showdown with %d cards on %s (%s); a full board is five cards.",
				got, name, cardList(shown))
		}
		c.emit(checkCardCount, f)
	}
}

// reachesShowdown reports whether two or more players dealt in never folded.
func (c *Context) reachesShowdown() bool {
	h := c.H
	n := len(h.Seats)
	out := c.flagBuf(n)
	for p := range h.Seats {
		out[p] = h.Seats[p].SittingOut
	}
	for i := range h.Actions {
		if a := &h.Actions[i]; a.Kind == hand.Fold && a.Player >= 0 && a.Player < n {
			out[a.Player] = true
		}
	}
	live := 0
	for _, o := range out {
		if !o {
			live++
		}
	}
	return live >= 2
}

func cardList(cs []cards.Card) string {
	if len(cs) == 0 {
		return "none"
	}
	parts := make([]string, len(cs))
	for i, x := range cs {
		parts[i] = x.String()
	}
	return strings.Join(parts, " ")
}

func gameName(g hand.Game) string {
	switch g.Variant {
	case hand.Holdem:
		return "hold'em"
	case hand.ShortDeck:
		return "short-deck hold'em"
	case hand.Omaha:
		return fmt.Sprintf("%d-card Omaha", holeCards(g))
	case hand.OmahaHiLo:
		return fmt.Sprintf("%d-card Omaha hi-lo", holeCards(g))
	}
	return g.Variant.String()
}

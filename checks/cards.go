package checks

import (
	"fmt"
	"math"
	"strings"

	"github.com/handaudit/handaudit/cards"
	"github.com/handaudit/handaudit/hand"
)

// The card checks read only the record. Context.walk hands them each
// action that deals, shows, mucks or discards cards (dealCards), once, in
// order, and finishCards judges the counts at the end.
//
// cards.duplicate reports each card that turns up a second time in a hand
// (TDA 35-E fouled deck): dealt to two players, dealt and on the board,
// twice on the board, or shown by a player who was not dealt it while
// someone else was. Cards a player shows from his own hand, the shared
// cards of a board run twice, and discards dealt again in draw games are
// not duplicates.
//
// cards.wrong-count checks the number of hole and board cards in board
// games: each player dealt in gets the variant's hole cards; each board
// gets three, then one, then one card; and a hand that reaches a showdown
// has full boards. Players the record deals nothing to are not judged (room
// logs show only the hero's cards). A board is reported once: after a wrong
// deal its later deals and its size at showdown follow from that one fault.

// cardWalk is the card checks' state as the walk goes through the record.
type cardWalk struct {
	seen uint64 // every known card dealt so far; per seat, Context.seats
	// Cards dealt to each board, to tell a shared run-twice prefix: the
	// second board's as they come, the first's gathered (by firstBoard)
	// only when a second board is dealt, as it rarely is.
	board [2][]cards.Card

	countKind         // how the counts are checked: by variant, from countKinds
	gameReady bool    // startGameCards has set the stud or draw counts up for this hand
	want      int     // hole cards the variant deals, 0 if unknown
	uneven    bool    // a deal left a player's count other than want
	shownBad  int     // first hand tabled with more cards than the game deals, or -1
	counts    [2]int  // cards dealt to each board
	bad       [2]bool // a wrong deal on this board was reported
	lastDeal  [2]int  // each board's last DealBoard action, or -1

	// Two tests of the state above, each made one comparison for the
	// usual case: showLimit, the most cards a tabled hand may have before
	// it sets shownBad (want, while counting with want known and shownBad
	// unset; else no limit); flopNext, the cards a right deal to the first
	// board has next while nothing is wrong with it (three, then one, then
	// one; else -1, as when not counting: see setFlopNext).
	showLimit int
	flopNext  int
}

// setFlopNext sets flopNext after the first board's count or bad flag
// changed.
func (w *cardWalk) setFlopNext() {
	switch before := w.counts[0]; {
	case !w.counting || w.bad[0] || w.firstOne:
		w.flopNext = -1 // Courchevel's deals: rightDeal
	case before == 0:
		w.flopNext = 3
	case before >= 3 && before < 5:
		w.flopNext = 1
	default:
		w.flopNext = -1
	}
}

// countKind says how the card walk counts a variant's cards.
type countKind struct {
	counting bool // a board game: the counts are checked by hand and board
	perDeal  bool // a stud or draw game: the counts are checked deal by deal (games.go)
	firstOne bool // Courchevel: the first board deal is one card, the flop's other two come after
	// firstDeal is flopNext for the first deal to the first board: three,
	// or -1 in Courchevel, whose deals rightDeal judges.
	firstDeal int8
}

// countKinds is each variant's countKind.
var countKinds = func() (r [64]countKind) {
	for v := range hand.Variant(64) {
		switch {
		case v == hand.Courchevel || v == hand.CourchevelHiLo:
			r[v] = countKind{counting: true, firstOne: true, firstDeal: -1}
		case v.IsBoardGame():
			r[v] = countKind{counting: true, firstDeal: 3}
		case v.IsStud() || v.IsDraw():
			r[v] = countKind{perDeal: true}
		}
	}
	return r
}()

// startCards sets the card walk up for a new hand.
func (c *Context) startCards() {
	w := &c.cards
	h := c.H
	w.seen = 0 // and reset has cleared c.seats
	w.board[1] = w.board[1][:0]
	w.countKind = countKinds[h.Game.Variant&63]
	w.showLimit, w.flopNext, w.gameReady = math.MaxInt, -1, false // a stud or draw hand's first count calls startGameCards
	if !w.counting {
		return
	}
	w.want = holeCards(h.Game)
	w.uneven = false
	w.shownBad = -1
	w.counts, w.bad, w.lastDeal = [2]int{}, [2]bool{}, [2]int{-1, -1}
	if w.want > 0 {
		w.showLimit = w.want
	}
	w.flopNext = int(w.firstDeal)
}

// rightDeal reports whether a deal of k cards to a first board of before
// cards is right: three, then one, then one (flopNext says so for the
// usual games); Courchevel's one, then two, then one and one.
func (w *cardWalk) rightDeal(before, k int) bool {
	if !w.firstOne {
		return k == w.flopNext
	}
	switch before {
	case 0:
		return k == 1
	case 1:
		return k == 2
	case 3, 4:
		return k == 1
	}
	return false
}

// dealCardsAt is dealCards for action i. It is not inlined so that its
// caller, walk, keeps nothing of action i but i across the call before.
//
//go:noinline
func (c *Context) dealCardsAt(i int) { c.dealCards(i, &c.H.Actions[i]) }

// dealCards takes action i, which deals, shows, mucks or discards cards.
func (c *Context) dealCards(i int, a *hand.Action) {
	if !c.freshCards(a) {
		c.duplicateCards(i, a)
	}
	switch {
	case c.cards.counting:
		c.countCards(i, a)
	case c.cards.perDeal:
		c.countGameCards(i, a)
	}
}

// dealHole, showCards and dealBoard take the usual case of the commonest
// card actions, and report whether they did: the caller passes anything
// else to dealCards. They call nothing, so that they need no frame.

// dealHole takes a DealHole action in the usual case: a seated player
// dealt cards not seen before.
func (c *Context) dealHole(a *hand.Action) bool {
	w := &c.cards
	p := a.Player
	seats := c.seats
	if uint(p) >= uint(len(seats)) || w.perDeal {
		return false
	}
	mask, ok := cardMask(a.Cards)
	if !ok || mask&w.seen != 0 {
		return false
	}
	w.seen |= mask
	s := &seats[p]
	s.hole |= mask
	if w.counting {
		k := s.count + len(a.Cards)
		s.count = k
		if k != w.want {
			w.uneven = true
		}
	}
	return true
}

// showCards takes Show action i in the usual case: a seated player
// tabling his own cards or cards not seen before.
func (c *Context) showCards(i int, a *hand.Action) bool {
	w := &c.cards
	p := a.Player
	mask, ok := cardMask(a.Cards)
	if uint(p) >= uint(len(c.seats)) || !ok {
		return false
	}
	s := &c.seats[p]
	mask &^= s.hole // his own cards
	if mask&w.seen != 0 {
		return false
	}
	w.seen |= mask
	s.hole |= mask
	if len(a.Cards) > w.showLimit {
		w.shownBad, w.showLimit = i, math.MaxInt // as countCards
	}
	return true
}

// dealBoard takes DealBoard action i in the usual case: new cards to the
// first board, the flop or one more card.
func (c *Context) dealBoard(i int, a *hand.Action) bool {
	w := &c.cards
	k := len(a.Cards)
	if a.Board != 0 || k != w.flopNext {
		return false
	}
	mask, ok := cardMask(a.Cards)
	if !ok || mask&w.seen != 0 {
		return false
	}
	w.seen |= mask
	got := w.counts[0] + k
	w.counts[0] = got
	w.lastDeal[0] = i
	w.flopNext = 1 // after the flop or the turn (setFlopNext)
	if got == 5 {
		w.flopNext = -1
	}
	return true
}

// cardMask is the set of cs's known cards; ok is false when one is there
// twice.
func cardMask(cs []cards.Card) (mask uint64, ok bool) {
	for _, card := range cs {
		if card.Known() {
			bit := uint64(1) << card
			if mask&bit != 0 {
				return 0, false
			}
			mask |= bit
		}
	}
	return mask, true
}

// duplicateCards takes action i's cards one by one, under the rules of
// cards.duplicate above.
func (c *Context) duplicateCards(i int, a *hand.Action) {
	w := &c.cards
	n := len(c.seats)
	if a.Kind == hand.Discard {
		// Draw games: discards go to the muck, which may be reshuffled
		// and dealt again when the stub runs out.
		for _, card := range a.Cards {
			if card.Known() && a.Player >= 0 && a.Player < n {
				w.seen &^= uint64(1) << card
				c.seats[a.Player].hole &^= uint64(1) << card
			}
		}
		return
	}
	var first []cards.Card // the first board, when this deals the second
	if a.Kind == hand.DealBoard && a.Board == 1 {
		first = c.firstBoard(i)
	}
	for _, card := range a.Cards {
		if !card.Known() {
			continue
		}
		bit := uint64(1) << card
		switch a.Kind {
		case hand.DealBoard:
			if a.Board == 1 {
				k := len(w.board[1])
				w.board[1] = append(w.board[1], card)
				if w.seen&bit != 0 && k < len(first) && first[k] == card {
					continue // shared with the first board
				}
			}
		case hand.Show, hand.Muck:
			if a.Player >= 0 && a.Player < n && c.seats[a.Player].hole&bit != 0 {
				continue // his own card
			}
		}
		if w.seen&bit != 0 {
			c.fouled = true
			c.duplicateFinding(i, a, card)
		}
		w.seen |= bit
		if a.Player >= 0 && a.Player < n && a.Kind != hand.DealBoard {
			c.seats[a.Player].hole |= bit
		}
	}
}

// freshCards takes in the cards of a deal, or of a tabled hand, whose
// known cards are all new (a player's own cards aside, when he shows them),
// as nearly all are, and reports whether it did. Anything else, and the
// second board of a hand run twice, is left to duplicateCards' card by
// card rules.
func (c *Context) freshCards(a *hand.Action) bool {
	switch a.Kind {
	case hand.DealHole, hand.Show, hand.Muck:
	case hand.DealBoard:
		if a.Board == 1 {
			return false
		}
	default:
		return false
	}
	w := &c.cards
	mask, ok := cardMask(a.Cards)
	if !ok {
		return false // the same card twice in one action
	}
	if a.Kind == hand.DealBoard {
		if mask&w.seen != 0 {
			return false
		}
		w.seen |= mask
		return true
	}
	seated := a.Player >= 0 && a.Player < len(c.seats)
	if seated && a.Kind != hand.DealHole {
		mask &^= c.seats[a.Player].hole // his own cards
	}
	if mask&w.seen != 0 {
		return false
	}
	w.seen |= mask
	if seated {
		c.seats[a.Player].hole |= mask
	}
	return true
}

// firstBoard is the known cards dealt to the first board before action i,
// in order. It reuses the card walk's scratch for them.
func (c *Context) firstBoard(i int) []cards.Card {
	w := &c.cards
	b := w.board[0][:0]
	for j := range c.H.Actions[:i] {
		a := &c.H.Actions[j]
		if a.Kind != hand.DealBoard || a.Board != 0 {
			continue
		}
		for _, card := range a.Cards {
			if card.Known() {
				b = append(b, card)
			}
		}
	}
	w.board[0] = b
	return b
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
	case hand.Courchevel, hand.CourchevelHiLo, hand.Deuce7Single, hand.Deuce7Triple, hand.FiveCardDraw:
		return 5
	case hand.Stud, hand.StudHiLo, hand.Razz:
		return 7
	case hand.Badugi:
		return 4
	}
	return 0
}

// countCards takes action i into the counts of cards.wrong-count above,
// reporting a wrong deal to a board at once.
func (c *Context) countCards(i int, a *hand.Action) {
	w := &c.cards
	n := len(c.seats)
	switch a.Kind {
	case hand.DealHole:
		if a.Player >= 0 && a.Player < n {
			s := &c.seats[a.Player]
			s.count += len(a.Cards)
			if s.count != w.want {
				w.uneven = true
			}
		}
	case hand.Show:
		// A tabled hand is the only evidence a room log has of most
		// players' cards. More cards than the game deals is impossible;
		// fewer is a partial show (a loser may table one card and muck,
		// as PokerStars logs show), which is no misdeal.
		if len(a.Cards) > w.showLimit { // shownBad unset, want known
			w.shownBad, w.showLimit = i, math.MaxInt
		}
	case hand.DealBoard:
		b := 0
		if a.Board >= 1 {
			b = 1 // a later run (a third one is counted with the second)
		}
		before := w.counts[b]
		w.counts[b] += len(a.Cards)
		w.lastDeal[b] = i
		if b == 1 {
			return // a second run-out may or may not repeat the shared cards
		}
		right := w.bad[b] || w.rightDeal(before, len(a.Cards))
		if !right {
			w.bad[b] = true
		}
		w.setFlopNext()
		if right {
			return
		}
		f := c.atAction(checkCardCount, i)
		switch {
		case w.firstOne && before < 3:
			f.Message = fmt.Sprintf("%d board cards (%s) were dealt after %d; Courchevel deals one board card with the hole cards and the flop's other two after the first betting round.",
				len(a.Cards), cardList(a.Cards), before)
		case before == 0:
			f.Message = fmt.Sprintf("The flop was dealt with %d cards (%s); a flop is three cards.",
				len(a.Cards), cardList(a.Cards))
		default:
			f.Message = fmt.Sprintf("%d board cards (%s) were dealt after %d; after the flop the board gets one card at a time, to five.",
				len(a.Cards), cardList(a.Cards), before)
		}
		c.emit(checkCardCount, f)
	}
}

// holeCounts reports each player dealt other than the variant's hole cards.
func (c *Context) holeCounts() {
	w, h := &c.cards, c.H
	for p := range c.seats {
		s := &c.seats[p]
		if s.count == w.want {
			continue
		}
		first := c.firstAction(p, hand.DealHole)
		if first < 0 {
			continue // not dealt to
		}
		f := c.atAction(checkCardCount, first)
		f.Street = "preflop"
		f.Message = fmt.Sprintf("%s was dealt %d hole cards; %s deals %d.",
			playerName(h, p), s.count, gameName(h.Game), w.want)
		c.emit(checkCardCount, f)
	}
}

// finishCards judges the hole cards dealt to each player and, at a
// showdown, the hand tabled and the boards.
func (c *Context) finishCards() {
	w := &c.cards
	if w.perDeal {
		c.finishGameCards()
		return
	}
	if !w.counting {
		return
	}
	h := c.H
	want := w.want
	// A count can be wrong only if a deal left it other than want.
	if want > 0 && w.uneven {
		c.holeCounts()
	}
	if c.live < 2 {
		return // no showdown
	}
	if w.shownBad >= 0 {
		a := &h.Actions[w.shownBad]
		if p := a.Player; p >= 0 && p < len(c.seats) && (c.seats[p].count == want || c.firstAction(p, hand.DealHole) < 0) { // else a wrong deal was reported above
			f := c.atAction(checkCardCount, w.shownBad)
			f.Message = fmt.Sprintf("%s tabled %d cards (%s) at the showdown; %s deals %d hole cards.",
				playerName(h, p), len(a.Cards), cardList(a.Cards), gameName(h.Game), want)
			c.emit(checkCardCount, f)
		}
	}
	nb := min(max(len(h.Boards), 1), 2)
	for b := 0; b < nb; b++ {
		got := w.counts[b]
		var shown []cards.Card
		if len(h.Boards) > 0 {
			shown = h.Boards[b]
			got = len(shown)
		}
		if got == 5 || w.bad[b] {
			continue
		}
		var f Finding
		if w.lastDeal[b] >= 0 {
			f = c.atAction(checkCardCount, w.lastDeal[b])
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
	case hand.Stud:
		return "seven-card stud"
	case hand.StudHiLo:
		return "seven-card stud hi-lo"
	case hand.Razz:
		return "razz"
	case hand.Deuce7Single:
		return "2-7 single draw"
	case hand.Deuce7Triple:
		return "2-7 triple draw"
	case hand.Badugi:
		return "badugi"
	case hand.FiveCardDraw:
		return "five-card draw"
	case hand.Courchevel:
		return "Courchevel"
	case hand.CourchevelHiLo:
		return "Courchevel hi-lo"
	}
	return g.Variant.String()
}

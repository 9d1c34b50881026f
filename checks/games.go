package checks

import (
	"fmt"
	"math"

	"github.com/handaudit/handaudit/cards"
	"github.com/handaudit/handaudit/hand"
	"github.com/handaudit/handaudit/replay"
)

// The checks only the stud and draw games have, and their card counts.
//
// bring-in.wrong-player: third street is opened by the bring-in (or a
// completion instead of it) of the player whose up card the rules name:
// the lowest (razz: the highest, aces low), suits breaking ties. A bring-in
// or opening completion by anyone else is this fault, not an action out
// of turn (the replay goes on from the record's opener, so the players
// after him are not out of turn); a bring-in once the bring-in was made is
// one too.
//
// bring-in.wrong-amount: the bring-in is the amount the stakes set, or the
// player's whole stack if less. (A PHH "pb" has no amount of its own; a
// "cbr" below the completion by the opener is a bring-in of its amount.)
//
// bring-in.illegal-completion: the first full bet of third street, the
// completion, is to the small bet exactly (unless all-in for less): it
// replaces bet.wrong-limit-size for that one bet, which it explains better.
//
// draw.too-many-cards: a player discards more cards than he holds. A draw
// out of turn, or where no draw is due, is action.out-of-turn.
//
// cards.wrong-count, deal by deal: in stud a player is dealt three cards
// on third street and one on each later street, seven in all, and a
// player at the showdown has seven; in a draw game a player is dealt the
// game's hand (five, four in badugi), is dealt in each draw as many cards
// as he discarded, so never holds more than the hand, and holds the hand
// at the showdown. A player's count is reported once.

// gameSeat is one seat's card counts in a stud or draw game.
type gameSeat struct {
	dealt    int  // cards dealt to him
	held     int  // cards he holds: dealt less discarded
	initial  int  // cards dealt before his first discard (draw games), on third street (stud)
	drew     bool // he has discarded
	bad      bool // a wrong count of his was reported
	lastDeal int  // his last DealHole action, or -1
}

// startGameCards sets the card walk up for a stud or draw hand, at its
// first card action or at its end.
func (c *Context) startGameCards() {
	w := &c.cards
	w.gameReady = true
	w.want = holeCards(c.H.Game)
	w.shownBad = -1
	if w.want > 0 {
		w.showLimit = w.want
	}
	n := len(c.H.Seats)
	if cap(c.game) < n {
		c.game = make([]gameSeat, n)
	}
	c.game = c.game[:n]
	for p := range c.game {
		c.game[p] = gameSeat{lastDeal: -1}
	}
}

// countGameCards takes action i of a stud or draw hand into its counts.
func (c *Context) countGameCards(i int, a *hand.Action) {
	w := &c.cards
	if !w.gameReady {
		c.startGameCards()
	}
	p := a.Player
	if uint(p) >= uint(len(c.game)) {
		return
	}
	g := &c.game[p]
	k := len(a.Cards)
	switch a.Kind {
	case hand.DealHole:
		before := g.dealt
		g.dealt += k
		g.held += k
		g.lastDeal = i
		switch {
		case c.H.Game.Variant.IsStud():
			if c.T != nil && i < len(c.T.Steps) && c.T.Steps[i].Street == replay.ThirdStreet {
				g.initial += k
			}
		case !g.drew:
			g.initial += k
		}
		if g.bad {
			return
		}
		var why string
		switch {
		case c.H.Game.Variant.IsStud() && before < 3 && before+k > 3:
			why = fmt.Sprintf("%s was dealt %d cards (%s) on third street; stud deals three there, two down and one up.",
				playerName(c.H, p), k, cardList(a.Cards))
		case c.H.Game.Variant.IsStud() && before >= 3 && k != 1:
			why = fmt.Sprintf("%s was dealt %d cards (%s) %s; after third street stud deals one card a street.",
				playerName(c.H, p), k, cardList(a.Cards), c.dealStreet(i))
		case c.H.Game.Variant.IsStud() && g.dealt > w.want:
			why = fmt.Sprintf("%s was dealt an %s card (%s); stud deals seven.", playerName(c.H, p), ordinal(g.dealt), cardList(a.Cards))
		case c.H.Game.Variant.IsDraw() && g.held > w.want:
			why = fmt.Sprintf("%s was dealt %d cards (%s) %s, to hold %d; %s holds %d.",
				playerName(c.H, p), k, cardList(a.Cards), c.dealStreet(i), g.held, gameName(c.H.Game), w.want)
		default:
			return
		}
		g.bad = true
		f := c.atAction(checkCardCount, i)
		f.Message = why
		c.emit(checkCardCount, f)
	case hand.Discard:
		g.drew = true
		if k > g.held {
			c.tooManyCards(i, a, g.held)
		}
		g.held = max(g.held-k, 0)
	case hand.Show:
		if k > w.showLimit { // shownBad unset, want known
			w.shownBad, w.showLimit = i, math.MaxInt
		}
	}
}

// dealStreet says when deal i happened: "on fourth street", "in the
// first draw".
func (c *Context) dealStreet(i int) string {
	if c.T == nil || i >= len(c.T.Steps) {
		return "later"
	}
	s := c.T.Steps[i].Street
	if c.H.Game.Variant.IsDraw() {
		switch s {
		case replay.FirstDraw:
			return "in the first draw"
		case replay.SecondDraw:
			return "in the second draw"
		case replay.ThirdDraw:
			return "in the third draw"
		}
		return "before the draw"
	}
	return onStreet(s)
}

// finishGameCards judges the counts at the end of a stud or draw hand:
// each draw-game hand as dealt, and each hand at a showdown.
func (c *Context) finishGameCards() {
	w := &c.cards
	if !w.gameReady {
		c.startGameCards()
	}
	h := c.H
	for p := range c.game {
		g := &c.game[p]
		first := w.want // the cards of the first deal: the hand, or stud's three
		if h.Game.Variant.IsStud() {
			first = 3
		}
		if g.bad || g.dealt == 0 || g.initial == first || c.T == nil && h.Game.Variant.IsStud() {
			continue
		}
		g.bad = true
		f := c.atAction(checkCardCount, c.firstAction(p, hand.DealHole))
		f.Message = fmt.Sprintf("%s was dealt %d cards before the first draw; %s deals %d.",
			playerName(h, p), g.initial, gameName(h.Game), w.want)
		if h.Game.Variant.IsStud() {
			f.Message = fmt.Sprintf("%s was dealt %d cards on third street; stud deals three there, two down and one up.",
				playerName(h, p), g.initial)
		}
		c.emit(checkCardCount, f)
	}
	if c.live < 2 {
		return // no showdown
	}
	for p := range c.game {
		g := &c.game[p]
		if g.bad || g.dealt == 0 || c.seats[p].folded {
			continue
		}
		have := g.held
		if h.Game.Variant.IsStud() {
			if g.dealt < 3 {
				continue // the record shows part of his hand only
			}
			have = g.dealt
			if len(h.Boards) > 0 {
				// Seventh street dealt face up to the board, when too
				// few cards are left for each player: his seventh card.
				have += len(h.Boards[0])
			}
		}
		if have == w.want {
			continue
		}
		g.bad = true
		f := c.atAction(checkCardCount, g.lastDeal)
		f.Street = replay.Showdown.String()
		f.Message = fmt.Sprintf("%s went to the showdown with %d cards; %s deals %d.",
			playerName(h, p), have, gameName(h.Game), w.want)
		c.emit(checkCardCount, f)
	}
	if w.shownBad >= 0 {
		a := &h.Actions[w.shownBad]
		if p := a.Player; p >= 0 && p < len(c.game) && !c.game[p].bad {
			f := c.atAction(checkCardCount, w.shownBad)
			f.Message = fmt.Sprintf("%s tabled %d cards (%s) at the showdown; %s deals %d.",
				playerName(h, p), len(a.Cards), cardList(a.Cards), gameName(h.Game), w.want)
			c.emit(checkCardCount, f)
		}
	}
}

// ordinal is "eighth" for 8, and so on past seven.
func ordinal(n int) string {
	if n >= 8 && n <= 12 {
		return [...]string{"eighth", "ninth", "tenth", "eleventh", "twelfth"}[n-8]
	}
	return fmt.Sprintf("%dth", n)
}

// discardAt takes the record's discard i (a replayed hand's): its cards,
// and whether the player drew in turn. Out of line: walkReplayed meets
// none in most games.
//
//go:noinline
func (c *Context) discardAt(i int) {
	a := &c.H.Actions[i]
	c.dealCards(i, a)
	if st := &c.T.Steps[i]; uint(a.Player) < uint(len(c.seats)) && st.Window.ToAct != a.Player {
		c.drawOutOfTurn(i, st, a)
	}
}

// tooManyCards: a discard of more cards than the player holds.
func (c *Context) tooManyCards(i int, a *hand.Action, held int) {
	f := c.atAction(checkTooManyCards, i)
	expect(&f, hand.Amount(held), hand.Amount(len(a.Cards)))
	f.Message = fmt.Sprintf("%s discarded %d cards (%s) %s, but held %d; a player draws at most the cards he holds.",
		playerName(c.H, a.Player), len(a.Cards), cardList(a.Cards), c.dealStreet(i), held)
	c.emit(checkTooManyCards, f)
}

// drawOutOfTurn: a draw by a player the rules did not have draw next, or
// where no draw was due (action.out-of-turn).
func (c *Context) drawOutOfTurn(i int, st *replay.Step, a *hand.Action) {
	f := c.atAction(checkOutOfTurn, i)
	who := playerName(c.H, st.Player)
	did := fmt.Sprintf("drew %d cards", len(a.Cards))
	if len(a.Cards) == 0 {
		did = "stood pat"
	}
	if st.Window.ToAct < 0 {
		f.Message = fmt.Sprintf("%s %s, but no draw was due: the game's draws were over or the betting round was open.", who, did)
	} else {
		f.Message = fmt.Sprintf("%s %s out of turn %s; %s was next to draw (draws go in order from the first seat left of the button).",
			who, did, c.dealStreet(i), playerName(c.H, st.Window.ToAct))
	}
	c.emit(checkOutOfTurn, f)
}

// studOpening reports whether step st, a bring-in or a bet or raise,
// opens stud's third street: the bring-in, or a bet before it (a
// completion, or a bring-in recorded as a bet).
func studOpening(h *hand.Hand, st *replay.Step) bool {
	return h.Game.Variant.IsStud() && st.Street == replay.ThirdStreet &&
		(st.Kind == hand.BringIn || (st.Kind == hand.Bet || st.Kind == hand.Raise) && st.Window.CurrentBet == 0)
}

// wrongBringIn: the bring-in, or the completion that opens third street,
// by another player than the up cards name, or a bring-in once the
// bring-in was made. It reports whether it reported one; step then does
// not report the action out of turn.
func (c *Context) wrongBringIn(i int, st *replay.Step, a *hand.Action) bool {
	if !studOpening(c.H, st) {
		return false
	}
	w := &st.Window
	who := playerName(c.H, st.Player)
	f := c.atAction(checkBringInPlayer, i)
	switch {
	case st.Kind == hand.BringIn && w.CurrentBet > 0:
		f.Message = fmt.Sprintf("%s %s on third street, but the bring-in had been made: the bet to call was %s.",
			who, c.did(st, a), money(c.H, w.CurrentBet))
	case w.ToAct >= 0 && w.ToAct != st.Player:
		low := "lowest"
		if c.H.Game.Variant == hand.Razz {
			low = "highest"
		}
		f.Message = fmt.Sprintf("%s %s on third street, but %s's %s is the %s up card (%s showed %s): %s brings in.",
			who, c.did(st, a), playerName(c.H, w.ToAct), cardList(c.upCards(i, w.ToAct)), low,
			who, cardList(c.upCards(i, st.Player)), playerName(c.H, w.ToAct))
	default:
		return false
	}
	c.emit(checkBringInPlayer, f)
	return true
}

// upCards is the up cards dealt to p before action i, by the replay.
func (c *Context) upCards(i, p int) []cards.Card {
	var out []cards.Card
	for j := range c.H.Actions[:i] {
		a := &c.H.Actions[j]
		if a.Kind != hand.DealHole || a.Player != p || j >= len(c.T.Steps) {
			continue
		}
		up := c.T.Steps[j].Up
		for k, card := range a.Cards {
			if k < 8 && up&(1<<uint(k)) != 0 {
				out = append(out, card)
			}
		}
	}
	return out
}

// bringInAmount: a bring-in of another amount than the stakes' (capped by
// the stack). put is what the record has the player put in.
func (c *Context) bringInAmount(i int, st *replay.Step, put hand.Amount) bool {
	if !st.HasExpected || put == st.Expected {
		return false
	}
	f := c.atAction(checkBringInAmount, i)
	expect(&f, st.Expected, put)
	f.Message = fmt.Sprintf("%s brought in for %s on third street; the bring-in is %s.",
		playerName(c.H, st.Player), money(c.H, put), money(c.H, st.Expected))
	if b := c.H.Stakes.BringIn; st.Expected < b {
		f.Message = fmt.Sprintf("%s brought in for %s on third street; with %s left the bring-in is %s, all-in.",
			playerName(c.H, st.Player), money(c.H, put), money(c.H, st.Expected), money(c.H, st.Expected))
	}
	c.emit(checkBringInAmount, f)
	return true
}

// limitSizeFinding reports a fixed-limit bet or raise not of the fixed
// size: in stud, a bet the replay took as the bring-in it stands for (a
// bring-in of the wrong amount, if any), or a completion of the wrong size
// (bring-in.illegal-completion); else bet.wrong-limit-size.
func (c *Context) limitSizeFinding(i int, st *replay.Step, a *hand.Action) {
	switch {
	case st.Kind == hand.BringIn:
		c.bringInAmount(i, st, betPut(st, a))
	case illegalCompletion(c.H, st, a):
		c.illegalCompletionFinding(i, st, a)
	default:
		c.wrongLimitSizeFinding(i, st, a)
	}
}

// illegalCompletion: the completion of a stud bring-in (the first full
// bet of third street in fixed limit) to another amount than the small bet,
// not all-in for less.
func illegalCompletion(h *hand.Hand, st *replay.Step, a *hand.Action) bool {
	w := &st.Window
	if !h.Game.Variant.IsStud() || h.Game.Structure != hand.FixedLimit || st.Street != replay.ThirdStreet ||
		w.RaiseCount != 0 || w.MinRaiseTo <= 0 {
		return false
	}
	return a.To != w.MinRaiseTo && !(st.AllIn && a.To < w.MinRaiseTo)
}

func (c *Context) illegalCompletionFinding(i int, st *replay.Step, a *hand.Action) {
	w := &st.Window
	f := c.atAction(checkIllegalCompletion, i)
	expect(&f, w.MinRaiseTo, a.To)
	after := ""
	if a.To > w.MinRaiseTo {
		after = " (a raise comes only after the completion)"
	}
	f.Message = fmt.Sprintf("%s completed the bring-in of %s to %s on third street; the completion is to the small bet, %s%s.",
		playerName(c.H, st.Player), money(c.H, w.CurrentBet), money(c.H, a.To), money(c.H, w.MinRaiseTo), after)
	c.emit(checkIllegalCompletion, f)
}

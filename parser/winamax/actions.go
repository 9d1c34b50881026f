package winamax

// The lines of the betting: a seated player's posts and actions ("NAME
// posts small blind 0.50€", "NAME raises 1.50€ to 2.50€ and is all-in"),
// shows and collects, and the hole cards dealt ("Dealt to NAME [Ah Kd]").

import (
	"bytes"
	"slices"
	"strconv"

	"github.com/handaudit/handaudit/hand"
)

// action reads rest, the text after "NAME " of seated player seat.
func (p *handParser) action(seat int, rest []byte, n int) error {
	h := p.h
	a := hand.Action{Player: seat, Pos: p.pos(n)}
	if len(rest) == 0 {
		return errorf("unknown action")
	}
	var err error
	switch c := rest[0]; {
	case c == 'f' && string(rest) == "folds":
		a.Kind = hand.Fold
	case c == 'c' && string(rest) == "checks":
		a.Kind = hand.Check
	case c == 'c' && hasPrefix(rest, "calls "):
		a.Kind, a.HasAmount = hand.Call, true
		if a.Amount, err = p.amountThenAllIn(rest[6:], &a); err != nil {
			return err
		}
	case c == 'b' && hasPrefix(rest, "bets "):
		a.Kind, a.HasAmount = hand.Bet, true
		if a.Amount, err = p.amountThenAllIn(rest[5:], &a); err != nil {
			return err
		}
		a.To = a.Amount
	case c == 'r' && hasPrefix(rest, "raises "):
		a.Kind, a.HasAmount = hand.Raise, true
		by, k, err := p.amount(rest[7:])
		if err != nil {
			return err
		}
		sc := p.digits
		tail := rest[7+k:]
		if !hasPrefix(tail, " to ") {
			return errorf("raise without a total: expected \"raises X to Y\"")
		}
		if a.To, err = p.amountThenAllIn(tail[4:], &a); err != nil {
			return err
		}
		a.Amount = p.since(by, sc)
	case c == 'p' && hasPrefix(rest, "posts "):
		return p.post(&a, rest[6:])
	case c == 'd' && string(rest) == "denies big blind":
		// A player who will not post the big blind due sits this hand out.
		if p.state != inPosts {
			return errorf("big blind denied outside the blinds")
		}
		h.Seats[seat].SittingOut = true
		return nil
	case c == 's' && hasPrefix(rest, "shows "):
		return p.show(&a, rest[6:])
	case c == 'm' && (string(rest) == "mucks" || string(rest) == "mucks hand"):
		a.Kind = hand.Muck
	case c == 'b' && hasPrefix(rest, "brings in "):
		// Stud's bring-in: the first is the stakes' bring-in.
		a.Kind, a.HasAmount = hand.BringIn, true
		if a.Amount, err = p.amountThenAllIn(rest[10:], &a); err != nil {
			return err
		}
		if p.h.Stakes.BringIn == 0 {
			p.h.Stakes.BringIn = a.Amount
		}
	case c == 's' && hasPrefix(rest, "stands pat"):
		// A draw of no card: the cards kept may follow.
		if p.h.Game.Variant != hand.Deuce7Triple || p.state != inBetting {
			return errorf("stands pat outside a draw")
		}
		if tail := rest[10:]; len(tail) > 0 {
			if tail[0] != ' ' {
				return errorf("unknown action")
			}
			if _, k, err := p.bracketCards(tail[1:]); err != nil || k != len(tail)-1 {
				return errorf("cannot read the cards kept")
			}
		}
		a.Kind = hand.Discard
		h.Actions = append(h.Actions, a)
		return nil
	case c == 'c' && hasPrefix(rest, "collected "):
		return p.collect(&a, rest[10:])
	default:
		return errorf("unknown action")
	}
	switch {
	case a.Kind.IsBetting() && p.state != inBetting:
		if p.state < inBetting {
			return errorf("betting action before *** PRE-FLOP ***")
		}
		return errorf("betting action after the showdown began")
	case a.Kind == hand.Muck && p.state < inBetting:
		return errorf("cards mucked before *** PRE-FLOP ***")
	}
	h.Actions = append(h.Actions, a)
	return nil
}

// amountThenAllIn reads an amount and the " and is all-in" that may follow it.
func (p *handParser) amountThenAllIn(b []byte, a *hand.Action) (hand.Amount, error) {
	v, k, err := p.amount(b)
	if err != nil {
		return 0, err
	}
	switch tail := b[k:]; {
	case len(tail) == 0:
	case string(tail) == " and is all-in":
		a.AllIn = true
	default:
		return 0, errorf("unexpected text after the amount")
	}
	return v, nil
}

// post reads "posts ..." after the player's name: "small blind X", "big
// blind X", "ante X", each perhaps "out of position" (a player who joins
// or comes back posts the blinds he missed) and "and is all-in".
func (p *handParser) post(a *hand.Action, rest []byte) error {
	if p.state != inPosts {
		return errorf("forced bet outside *** ANTE/BLINDS ***")
	}
	a.Kind, a.HasAmount = hand.Post, true
	var k int
	switch {
	case hasPrefix(rest, "small blind "):
		a.PostKind, k = hand.PostSmallBlind, 12
	case hasPrefix(rest, "big blind "):
		a.PostKind, k = hand.PostBigBlind, 10
	case hasPrefix(rest, "ante "):
		a.PostKind, k = hand.PostAnte, 5
	default:
		return errorf("unknown forced bet")
	}
	rest = rest[k:]
	outOfPosition := false
	if i := bytes.Index(rest, []byte(" out of position")); i >= 0 {
		// The amount, the marker, then perhaps " and is all-in".
		outOfPosition = true
		rest = append(rest[:i:i], rest[i+16:]...)
	}
	v, err := p.amountThenAllIn(rest, a)
	if err != nil {
		return err
	}
	a.Amount = v
	if outOfPosition && a.PostKind == hand.PostSmallBlind {
		// A small blind posted out of position is dead: it goes to the
		// pot and counts toward no bet (the player's big blind, posted
		// out of position too, is live). Both in one post are the big
		// blind live and the small blind dead.
		a.PostKind = hand.PostDead
		if st := &p.h.Stakes; st.BigBlind > 0 && v == st.SmallBlind+st.BigBlind {
			a.PostKind = hand.PostBothBlind
		}
	}
	switch {
	case a.PostKind == hand.PostSmallBlind && !outOfPosition && p.sbPosted == 0 && !a.AllIn:
		p.sbPosted = v
	case a.PostKind == hand.PostBigBlind && !outOfPosition && p.bbPosted == 0 && !a.AllIn:
		p.bbPosted = v
	}
	p.h.Actions = append(p.h.Actions, *a)
	return nil
}

// show reads "shows [cards] (description)" after the player's name. A
// hi/lo showdown shows the same cards twice, once for each half: the
// second is the same show.
func (p *handParser) show(a *hand.Action, rest []byte) error {
	if p.state < inBetting {
		return errorf("cards shown before *** PRE-FLOP ***")
	}
	a.Kind = hand.Show
	cs, k, err := p.bracketCards(rest)
	if err != nil {
		return err
	}
	if tail := rest[k:]; len(tail) > 0 && !(hasPrefix(tail, " (") && tail[len(tail)-1] == ')') {
		return errorf("unexpected text after the shown cards")
	}
	// A partial show, or more cards than the game deals, is read as
	// recorded: the checks judge it (cards.wrong-count).
	if len(cs) > 7 {
		return errorf("%d cards shown", len(cs))
	}
	acts := p.h.Actions
	for i := len(acts) - 1; i >= 0 && acts[i].Kind == hand.Show; i-- {
		if acts[i].Player == a.Player && slices.Equal(acts[i].Cards, cs) {
			return nil
		}
	}
	a.Cards = cs
	p.h.Actions = append(p.h.Actions, *a)
	return nil
}

// collect reads "collected X from pot" after the player's name: "from
// main pot", "from side pot 2", "from pot (HI)" and "(LO)" in hi/lo.
func (p *handParser) collect(a *hand.Action, rest []byte) error {
	if p.state < inBetting {
		return errorf("pot collected before *** PRE-FLOP ***")
	}
	v, k, err := p.amount(rest)
	if err != nil {
		return err
	}
	a.Kind, a.Amount, a.HasAmount = hand.Collect, v, true
	from := rest[k:]
	if hasSuffix(from, " (HI)") || hasSuffix(from, " (LO)") {
		from = from[:len(from)-5]
	}
	switch {
	case string(from) == " from pot", string(from) == " from main pot":
		a.Pot = 0
	case hasPrefix(from, " from side pot "):
		num, err := strconv.Atoi(string(from[15:]))
		if err != nil || num < 1 || num > 64 {
			return errorf("cannot read the side pot's number")
		}
		a.Pot = num
	default:
		return errorf("unexpected text after the collected amount")
	}
	p.h.Actions = append(p.h.Actions, *a)
	return nil
}

// dealtTo reads "Dealt to NAME [cards]": the hole cards of the player the
// export was made for, dealt with everyone's (see dealHoles).
func (p *handParser) dealtTo(rest []byte, n int) error {
	if p.state != inPosts && p.state != inBetting {
		return errorf("hole cards dealt outside the deal")
	}
	seat, tail := p.player(rest)
	if seat < 0 {
		return errorf("hole cards dealt to a player with no seat in this hand")
	}
	if !p.h.Game.Variant.IsBoardGame() {
		return p.dealtPerDeal(seat, tail, n)
	}
	cs, k, err := p.bracketCards(tail)
	if err != nil {
		return err
	}
	if k != len(tail) {
		return errorf("unexpected text after the dealt cards")
	}
	if len(cs) != p.holeN {
		return errorf("%d hole cards dealt in a game of %d", len(cs), p.holeN)
	}
	if p.h.Seats[seat].SittingOut {
		return errorf("hole cards dealt to %q, who sits out", p.h.Seats[seat].Player)
	}
	p.dealHoles(n)
	if len(p.dealtKnown) == 0 {
		p.dealtKnown = append(p.dealtKnown, make([]bool, len(p.h.Seats))...)
	}
	p.dealtKnown[seat] = true
	acts := p.h.Actions
	for i := len(acts) - 1; i >= 0; i-- {
		if acts[i].Kind == hand.DealHole && acts[i].Player == seat {
			copy(acts[i].Cards, cs)
			acts[i].Pos.Line = n
			return nil
		}
	}
	return errorf("hole cards dealt to a player not dealt in")
}

// dealtPerDeal reads "Dealt to NAME [cards]" in stud and draw, where every
// player's deal of each street has its line: "[X X 9h]" on third street
// (X: a card face down), then the cards held and the new ones ("[X X 9h]
// [Kh]"), or, after a draw, the cards kept and those dealt. Each line is a
// DealHole of its new cards.
func (p *handParser) dealtPerDeal(seat int, tail []byte, n int) error {
	if p.state != inBetting {
		return errorf("hole cards dealt before the first street")
	}
	held := 0
	for i := range p.h.Actions {
		if a := &p.h.Actions[i]; a.Kind == hand.DealHole && a.Player == seat {
			held += len(a.Cards)
		} else if a.Kind == hand.Discard && a.Player == seat {
			held -= len(a.Cards)
		}
	}
	cs, k, err := p.bracketCards(tail)
	if err != nil {
		return err
	}
	if rest := tail[k:]; len(rest) > 0 {
		if len(cs) != held {
			return errorf("the cards held do not follow the cards dealt so far")
		}
		if rest[0] == ' ' {
			rest = rest[1:]
		}
		if cs, k, err = p.bracketCards(rest); err != nil {
			return err
		}
		if k != len(rest) {
			return errorf("unexpected text after the dealt cards")
		}
	} else if held > 0 {
		return errorf("a later street's deal without the cards held")
	}
	if len(cs) == 0 || held+len(cs) > p.holeN {
		return errorf("%d cards dealt to a player who holds %d in a game of %d", len(cs), held, p.holeN)
	}
	if len(p.dealtKnown) == 0 {
		p.dealtKnown = append(p.dealtKnown, make([]bool, len(p.h.Seats))...)
	}
	p.dealtKnown[seat] = true
	p.h.Actions = append(p.h.Actions, hand.Action{Kind: hand.DealHole, Player: seat, Cards: cs, Pos: p.pos(n)})
	return nil
}

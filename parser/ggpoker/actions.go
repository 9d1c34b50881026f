package ggpoker

// A player's lines ("NAME: ..."): forced bets, betting actions, shown and
// mucked cards, GGPoker's cash-outs; and the dealer's lines: "Dealt to",
// "Uncalled bet", "NAME collected", "Cash Drop to Pot".
//
//	ac12334d: posts small blind $0.5
//	27925b27: straddle $0.04
//	ac12334d: raises $2.5 to $3.5
//	52jj36aa: raises $88.18 to $97.18 and is all-in
//	42c6a201: Bet & Muck $0.05
//	oiesfcv1: Chooses to EV Cashout
//	oiesfcv1: Pays Cashout Risk ($22.68)
//	88989dfa: Receives Cashout ($9.98)
//	23aca38f: get an all-in insurance (premium ($0/$4/$0) for ($0/$10.8/$0) - (Mandatory/Main/Sub))
//	23aca38f: pay premium of all-in insurance ($4)

import (
	"bytes"

	"github.com/handaudit/handaudit/hand"
)

// allInSuffix ends an action that puts the player all-in.
const allInSuffix = " and is all-in"

// action reads what follows "NAME: " for the player at seat.
func (p *handParser) action(seat int, rest []byte, num int) error {
	allIn := false
	if bytes.HasSuffix(rest, []byte(allInSuffix)) {
		allIn = true
		rest = rest[:len(rest)-len(allInSuffix)]
	}
	switch {
	case has(rest, "posts "):
		return p.post(seat, rest[6:], allIn, num)
	case has(rest, "straddle "):
		return p.postAs(seat, hand.PostStraddle, rest[9:], allIn, num)
	case has(rest, "Bet & Muck "):
		// GGPoker's Bet & Muck: a bet that folds if called. It is written
		// as the bet ("Bet & Muck $0.05") and then as the fold ("Bet &
		// Muck folds").
		// The fold is not a betting action: the round is closed by the
		// call, and the bettor gives up his hand at the showdown.
		tail := rest[11:]
		if is(tail, "folds") {
			if err := p.during(stBetting, stShowdown); err != nil {
				return err
			}
			p.add(hand.Muck, seat, num).Board = p.showdown
			return nil
		}
		return p.bet(seat, hand.Bet, tail, allIn, num)
	case is(rest, "Chooses to EV Cashout"):
		if err := p.during(stBetting, stBetting); err != nil {
			return err
		}
		p.cashOut(seat, num)
		return nil
	case has(rest, "Pays Cashout Risk "):
		return p.cashOutAmount(seat, rest[18:], true, num)
	case has(rest, "Receives Cashout "):
		return p.cashOutAmount(seat, rest[17:], false, num)
	case has(rest, "get an all-in insurance ("):
		// The older all-in insurance: the premium is the room's charge
		// for a cover, both settled apart from the pot, as a cash-out is.
		// The terms in parentheses are not needed: the premium paid is
		// stated on its own line.
		if err := p.during(stBetting, stBetting); err != nil {
			return err
		}
		if rest[len(rest)-1] != ')' {
			return errorf("cannot read the all-in insurance")
		}
		p.cashOut(seat, num)
		return nil
	case has(rest, "pay premium of all-in insurance "):
		return p.cashOutAmount(seat, rest[32:], true, num)
	}
	if err := p.during(stBetting, stShowdown); err != nil {
		return err
	}
	switch {
	case has(rest, "shows ["):
		a := p.add(hand.Show, seat, num)
		a.Board = p.showdown
		cs, n, err := p.cards(rest[6:])
		if err != nil {
			return err
		}
		a.Cards = cs
		if tail := rest[6+n:]; len(tail) > 0 && !(has(tail, " (") && tail[len(tail)-1] == ')') {
			return errorf("unexpected text after the shown cards")
		}
		return nil
	case is(rest, "mucks hand"), is(rest, "doesn't show hand"):
		p.add(hand.Muck, seat, num).Board = p.showdown
		return nil
	}
	if allIn && (is(rest, "folds") || is(rest, "checks")) {
		return errorf("unexpected text after the action")
	}
	if p.stage != stBetting {
		return errorf("betting action after the showdown began")
	}
	switch {
	case is(rest, "folds"):
		p.add(hand.Fold, seat, num)
	case is(rest, "checks"):
		p.add(hand.Check, seat, num)
	case has(rest, "calls "):
		v, err := p.amountAll(rest[6:])
		if err != nil {
			return err
		}
		a := p.add(hand.Call, seat, num)
		a.Amount, a.HasAmount, a.AllIn = v, true, allIn
	case has(rest, "bets "):
		return p.bet(seat, hand.Bet, rest[5:], allIn, num)
	case has(rest, "raises "):
		// "raises $2.5 to $3.5"
		by, n, err := p.amount(rest[7:])
		if err != nil {
			return err
		}
		tail := rest[7+n:]
		if !has(tail, " to ") {
			return errorf("expected \"to\" after the raise")
		}
		to, err := p.amountAll(tail[4:])
		if err != nil {
			return err
		}
		a := p.add(hand.Raise, seat, num)
		a.Amount, a.To, a.HasAmount, a.AllIn = by, to, true, allIn
	default:
		return errorf("unknown action")
	}
	return nil
}

// bet adds a bet of the amount that is all of b.
func (p *handParser) bet(seat int, kind hand.ActionKind, b []byte, allIn bool, num int) error {
	if p.stage != stBetting {
		return errorf("betting action outside the betting")
	}
	v, err := p.amountAll(b)
	if err != nil {
		return err
	}
	a := p.add(kind, seat, num)
	a.Amount, a.To, a.HasAmount, a.AllIn = v, v, true, allIn
	return nil
}

// during reports an error unless the parser is between stages from and to.
func (p *handParser) during(from, to stage) error {
	switch {
	case p.stage < from:
		return errorf("action before \"*** HOLE CARDS ***\"")
	case p.stage > to:
		return errorf("action after the showdown began")
	}
	return nil
}

// postKinds are the forced bets GGPoker writes after "posts ". The
// button's blind in short deck is the game's one blind, a live big blind
// posted on the button; a missed blind is a dead small blind.
var postKinds = [...]struct {
	text string
	kind hand.PostKind
}{
	{"small blind ", hand.PostSmallBlind},
	{"big blind ", hand.PostBigBlind},
	{"the ante ", hand.PostAnte},
	{"missed blind ", hand.PostDead},
	{"button blind ", hand.PostBigBlind},
	{"small & big blinds ", hand.PostBothBlind},
}

// post reads what follows "posts ".
func (p *handParser) post(seat int, rest []byte, allIn bool, num int) error {
	for _, pk := range postKinds {
		if has(rest, pk.text) {
			return p.postAs(seat, pk.kind, rest[len(pk.text):], allIn, num)
		}
	}
	return errorf("unknown forced bet")
}

// postAs adds a forced bet of kind of the amount that is all of b.
func (p *handParser) postAs(seat int, kind hand.PostKind, b []byte, allIn bool, num int) error {
	if p.stage != stPosts {
		return errorf("forced bet after \"*** HOLE CARDS ***\"")
	}
	v, err := p.amountAll(b)
	if err != nil {
		return err
	}
	st := &p.h.Stakes
	if kind == hand.PostStraddle {
		// A straddle is written as the player's total: a player who
		// straddles again ("straddle $0.04", "straddle $0.08") adds the
		// difference.
		st.Straddles = append(st.Straddles, v)
		v -= p.live[seat]
		if v <= 0 {
			return errorf("straddle no larger than the player's bet")
		}
	}
	a := p.add(hand.Post, seat, num)
	a.PostKind, a.Amount, a.HasAmount, a.AllIn = kind, v, true, allIn
	switch kind {
	case hand.PostSmallBlind, hand.PostBigBlind, hand.PostStraddle:
		p.live[seat] += v
	case hand.PostBothBlind:
		p.live[seat] += min(v, st.BigBlind)
	case hand.PostAnte:
		// Tournament headers do not state the ante: the largest posted
		// is it (one posted short is the fault, as the PokerStars reader
		// reads it too).
		if !p.anteStated {
			st.Ante = max(st.Ante, v)
		}
	}
	return nil
}

// cashOut returns the player's cash-out, made at line num if he has none.
func (p *handParser) cashOut(seat, num int) *hand.CashOut {
	o := &p.h.Outcome
	for i := range o.CashOuts {
		if o.CashOuts[i].Player == seat {
			return &o.CashOuts[i]
		}
	}
	o.CashOuts = append(o.CashOuts, hand.CashOut{Player: seat, ApartFromPot: true, Pos: hand.Pos{File: p.r.file, Line: num}})
	return &o.CashOuts[len(o.CashOuts)-1]
}

// cashOutAmount reads "($X)" after "Pays Cashout Risk " (paid, what the
// room charges a player who cashed out and then won) or "Receives
// Cashout " (what the room pays a player who cashed out and then lost).
func (p *handParser) cashOutAmount(seat int, b []byte, paid bool, num int) error {
	if err := p.during(stBetting, stShowdown); err != nil {
		return err
	}
	v, err := p.amountIn(b)
	if err != nil {
		return err
	}
	co := p.cashOut(seat, num)
	if paid {
		co.Fee += v
	} else {
		co.Amount += v
	}
	return nil
}

// dealt reads what follows "Dealt to ": "NAME" (cards hidden) or "NAME
// [Ah Kd]".
func (p *handParser) dealt(rest []byte, num int) error {
	if p.stage != stBetting {
		return errorf("\"Dealt to\" outside the deal")
	}
	seat, n := -1, 0
	for i := range p.h.Seats {
		name := p.h.Seats[i].Player
		if len(name) > n && has(rest, name) && (len(rest) == len(name) || has(rest[len(name):], " [")) {
			seat, n = i, len(name)
		}
	}
	if seat < 0 {
		return errorf("cards dealt to a player not seated")
	}
	var deal *hand.Action
	for i := p.dealStart; i < len(p.h.Actions); i++ {
		if a := &p.h.Actions[i]; a.Kind == hand.DealHole && a.Player == seat {
			deal = a
			break
		}
	}
	if deal == nil || p.listed[seat] {
		return errorf("cards dealt twice to %s", p.h.Seats[seat].Player)
	}
	p.listed[seat] = true
	deal.Pos.Line = num
	if n == len(rest) {
		p.dealtHidden = true
		return nil
	}
	cs, k, err := p.cards(rest[n+1:])
	if err != nil {
		return err
	}
	if n+1+k != len(rest) {
		return errorf("unexpected text after the cards")
	}
	if len(cs) != len(deal.Cards) {
		return errorf("%d hole cards dealt in a game of %d", len(cs), len(deal.Cards))
	}
	copy(deal.Cards, cs)
	return nil
}

// uncalled reads what follows "Uncalled bet (": "$2.5) returned to NAME".
func (p *handParser) uncalled(rest []byte, num int) error {
	if p.stage < stBetting {
		return errorf("uncalled bet before \"*** HOLE CARDS ***\"")
	}
	v, n, err := p.amount(rest)
	if err != nil {
		return err
	}
	tail := rest[n:]
	if !has(tail, ") returned to ") {
		return errorf("cannot read the uncalled bet")
	}
	seat := p.h.SeatIndex(string(tail[14:]))
	if seat < 0 {
		return errorf("uncalled bet returned to a player not seated")
	}
	a := p.add(hand.UncalledReturn, seat, num)
	a.Amount, a.HasAmount = v, true
	return nil
}

// collect reads what follows "NAME collected ": "$2 from pot". GGPoker
// does not say which pot; the run is the showdown's.
func (p *handParser) collect(seat int, rest []byte, num int) error {
	if p.stage < stBetting {
		return errorf("pot collected before \"*** HOLE CARDS ***\"")
	}
	v, n, err := p.amount(rest)
	if err != nil {
		return err
	}
	if !is(rest[n:], " from pot") {
		return errorf("cannot read the pot collected")
	}
	a := p.add(hand.Collect, seat, num)
	a.Amount, a.HasAmount, a.Pot, a.Board = v, true, -1, p.showdown
	return nil
}

// cashDropLine reads the amount of "Cash Drop to Pot : total $0.2", money
// the room adds to the pot before the deal.
func (p *handParser) cashDropLine(b []byte) error {
	if p.stage != stPosts {
		return errorf("cash drop after \"*** HOLE CARDS ***\"")
	}
	v, err := p.amountAll(b)
	if err != nil {
		return err
	}
	p.cashDrop += v
	return nil
}

package pokerstars

// The lines of the betting: a seated player's actions ("NAME: raises
// $1 to $2", posts, shows), events ("NAME collected $3 from pot", "NAME
// said, ..."), the lines that name no seated player ("Dealt to NAME
// [Ah Kd]", "Uncalled bet ($1) returned to NAME") and the table events
// a hand tolerates. The usual action line is read by quick_action.go.

import (
	"bytes"
	"strconv"

	"github.com/handaudit/handaudit/hand"
)

// playerLine reads a line that starts with a seated player's name. It
// reports false when no seated name starts a line it can read.
func (p *psParser) playerLine(line []byte, n int) (bool, error) {
	var firstErr error
	set, ok := p.namesFrom(line[0])
	if !ok {
		for _, i := range p.order {
			if done, err := p.playerLineAs(&p.names[i], line, n); done {
				return true, nil
			} else if err != nil && firstErr == nil {
				firstErr = err
			}
		}
		return false, firstErr
	}
	for set != 0 {
		if done, err := p.playerLineAs(p.nextName(&set), line, n); done {
			return true, nil
		} else if err != nil && firstErr == nil {
			firstErr = err
		}
	}
	return false, firstErr
}

// playerLineAs reads line as said by sn, if it starts with sn's name. It
// reports true when the line was read.
func (p *psParser) playerLineAs(sn *psSeatName, line []byte, n int) (bool, error) {
	l := len(sn.name)
	if len(line) <= l+1 || line[0] != sn.name[0] || string(line[:l]) != sn.name {
		return false, nil
	}
	var ok bool
	var err error
	switch line[l] {
	case ':':
		if line[l+1] != ' ' {
			return false, nil
		}
		ok, err = p.action(sn.seat, line[l+2:], n)
	case ' ':
		ok, err = p.event(sn.seat, line[l+1:], line, n)
	default:
		return false, nil
	}
	return ok && err == nil, err
}

// action reads "NAME: verb ..." for seated player seat. It reports false
// (and no error) when rest is not an action at all.
//
// The action is built in place, at the end of p.actions, and taken off
// again unless it was read and is one (sitting out is read but is none).
// Nothing appends to p.actions meanwhile; amounts read meanwhile may
// rescale the actions, the new one's amounts still zero.
func (p *psParser) action(seat int, rest []byte, n int) (bool, error) {
	if len(rest) == 0 {
		return false, nil
	}
	// A draw adds two actions (see discard), not the one built below.
	switch c := rest[0]; {
	case c == 'd' && psHas(rest, "discards "):
		return true, p.discard(seat, rest[9:], false, n)
	case c == 's' && psHas(rest, "stands pat"):
		return true, p.discard(seat, rest[10:], true, n)
	}
	p.actions = append(p.actions, hand.Action{Player: seat, Pos: hand.Pos{File: p.r.file, Line: n}})
	last := len(p.actions) - 1
	ok, err := p.actionAt(&p.actions[last], seat, rest)
	if !ok || err != nil || p.actions[last].Kind == 0 {
		p.actions = p.actions[:last]
	}
	return ok, err
}

// actionAt reads rest, the text after "NAME: ", into a; see action.
func (p *psParser) actionAt(a *hand.Action, seat int, rest []byte) (bool, error) {
	var err error
	// Each case tests the first byte before the words: a line is compared
	// with the verbs it may be, not with all of them.
	switch c := rest[0]; {
	case c == 'f' && psHas(rest, "folds"):
		a.Kind = hand.Fold
		if tail := rest[5:]; len(tail) > 0 {
			if tail[0] != ' ' {
				return false, nil
			}
			if psIs(tail, " (disconnect)") || psIs(tail, " (timeout)") {
				// The room folded a player who left or ran out of time:
				// a fold like any other.
				break
			}
			if a.Cards, err = p.bracketCards(tail[1:], true); err != nil {
				return false, err
			}
		}
	case c == 'c' && psIs(rest, "checks"):
		a.Kind = hand.Check
	case c == 'c' && psHas(rest, "calls "):
		a.Kind = hand.Call
		if a.Amount, err = p.amountThenSuffix(rest[6:], a); err != nil {
			return false, err
		}
		a.HasAmount = true
	case c == 'b' && psHas(rest, "bets "):
		a.Kind = hand.Bet
		if a.Amount, err = p.amountThenSuffix(rest[5:], a); err != nil {
			return false, err
		}
		a.To, a.HasAmount = a.Amount, true
	case c == 'r' && psHas(rest, "raises "):
		a.Kind = hand.Raise
		by, k, err := p.amount(rest[7:])
		if err != nil {
			return false, err
		}
		sc := p.scale
		tail := rest[7+k:]
		if !psHas(tail, " to ") {
			return false, psErrorf("raise without a total: expected \"raises X to Y\"")
		}
		if a.To, err = p.amountThenSuffix(tail[4:], a); err != nil {
			return false, err
		}
		a.Amount, a.HasAmount = p.since(by, sc), true
	case c == 'p' && psHas(rest, "posts "):
		return true, p.post(a, rest[6:])
	case c == 's' && psHas(rest, "shows "):
		a.Kind = hand.Show
		tail := rest[6:]
		if a.Cards, err = p.bracketCards(tail, false); err != nil {
			return false, err
		}
		tail = tail[bytes.IndexByte(tail, ']')+1:]
		if len(tail) > 0 && !(psHas(tail, " (") && tail[len(tail)-1] == ')') {
			return false, psErrorf("unexpected text after the shown cards")
		}
		a.Board = p.showdown
	case c == 'm' && psIs(rest, "mucks hand"), c == 'd' && psIs(rest, "doesn't show hand"):
		a.Kind = hand.Muck
		a.Board = p.showdown
	case c == 'm' && psHas(rest, "mucks hand "):
		a.Kind = hand.Muck
		a.Board = p.showdown
		if a.Cards, err = p.bracketCards(rest[11:], true); err != nil {
			return false, err
		}
	case c == 's' && psIs(rest, "sits out"), c == 'i' && psIs(rest, "is sitting out"):
		// A cash player who sits out before the deal is not dealt in.
		if p.state == psPreDeal && !p.isTourn {
			p.seats[seat].SittingOut = true
		}
		return true, nil
	case c == 's' && psIs(rest, "sits in"), c == 'i' && psIs(rest, "is back"):
		return true, nil
	case c == 'T' && (psHas(rest, "Table deposit ") || psHas(rest, "Table cash-out ")):
		// Chips a player brings to the table, or takes off it, for the
		// next hands (converted exports write it): this hand is as it was.
		tail := rest[bytes.IndexByte(rest[6:], ' ')+7:]
		if _, k, err := p.amount(tail); err != nil || k != len(tail) {
			return false, psErrorf("cannot read the table deposit")
		}
		return true, nil
	case c == 'b' && psHas(rest, "brings in for "):
		if err := p.bringIn(a, rest[14:]); err != nil {
			return false, err
		}
	case c == 'c' && psHas(rest, "completes it to "):
		if err := p.complete(a, rest[16:]); err != nil {
			return false, err
		}
	default:
		return false, nil
	}
	if a.Kind.IsBetting() {
		if p.state < psBetting {
			return false, psErrorf("betting action before *** HOLE CARDS ***")
		}
		if p.state > psBetting {
			return false, psErrorf("betting action after the showdown began")
		}
	} else if p.state < psBetting {
		return false, psErrorf("%s before *** HOLE CARDS ***", a.Kind)
	}
	return true, nil
}

// amountThenSuffix reads an amount and the markers that may follow a bet:
// " and is all-in", " and has reached the $X cap".
func (p *psParser) amountThenSuffix(b []byte, a *hand.Action) (hand.Amount, error) {
	v, k, err := p.amount(b)
	if err != nil {
		return 0, err
	}
	sc := p.scale
	if err := p.betSuffix(b[k:], a); err != nil {
		return 0, err
	}
	return p.since(v, sc), nil
}

func (p *psParser) betSuffix(b []byte, a *hand.Action) error {
	for len(b) > 0 {
		switch {
		case psHas(b, " and is all-in"):
			a.AllIn = true
			b = b[14:]
		case psHas(b, " and has reached the "):
			// The cap in force is in the header; the marker only repeats it.
			rest := b[21:]
			_, k, err := p.amount(rest)
			if err != nil || !psHas(rest[k:], " cap") {
				return psErrorf("cannot read the cap marker")
			}
			b = rest[k+4:]
		default:
			return psErrorf("unexpected text after the amount")
		}
	}
	return nil
}

// post reads "posts ..." after the player's name into a.
func (p *psParser) post(a *hand.Action, rest []byte) error {
	a.Kind = hand.Post
	var kind hand.PostKind
	var k int
	if len(rest) == 0 {
		return psErrorf("unknown forced bet")
	}
	switch c := rest[0]; {
	case c == 's' && psHas(rest, "small blind "):
		kind, k = hand.PostSmallBlind, 12
	case c == 'b' && psHas(rest, "big blind "):
		kind, k = hand.PostBigBlind, 10
	case c == 't' && psHas(rest, "the ante "):
		kind, k = hand.PostAnte, 9
	case c == 'a' && psHas(rest, "ante "):
		kind, k = hand.PostAnte, 5
	case c == 's' && psHas(rest, "small & big blinds "):
		kind, k = hand.PostBothBlind, 19
	case c == 's' && psHas(rest, "straddle "):
		kind, k = hand.PostStraddle, 9
	case c == 'd' && psHas(rest, "dead blind "):
		kind, k = hand.PostDead, 11
	case c == 'd' && psHas(rest, "dead small blind "):
		kind, k = hand.PostDead, 17
	case c == 'b' && psHas(rest, "button blind "):
		kind, k = hand.PostButtonBlind, 13
	default:
		return psErrorf("unknown forced bet")
	}
	if p.state > psBetting {
		return psErrorf("forced bet after the showdown began")
	}
	a.PostKind = kind
	v, err := p.amountThenSuffix(rest[k:], a)
	if err != nil {
		return err
	}
	a.Amount, a.HasAmount = v, true
	p.posted(kind, v, a.AllIn)
	return nil // a is in p.actions already (see action)
}

// posted notes a forced bet of v for the stakes (see fillStakes).
func (p *psParser) posted(kind hand.PostKind, v hand.Amount, allIn bool) {
	if kind == hand.PostStraddle {
		p.h.Stakes.Straddles = append(p.h.Stakes.Straddles, v)
		return
	}
	p.postedBlind(kind, v, allIn)
}

// postedBlind is posted for the blinds and antes: small enough to inline
// where a call would cost more than it does (quickAction).
func (p *psParser) postedBlind(kind hand.PostKind, v hand.Amount, allIn bool) {
	switch kind {
	case hand.PostSmallBlind:
		if p.sbPosted == 0 && !allIn {
			p.sbPosted = v
		}
	case hand.PostBigBlind:
		if p.bbPosted == 0 && !allIn {
			p.bbPosted = v
		}
	case hand.PostAnte:
		if v > p.antes {
			p.antes = v
		}
	}
}

// event reads "NAME something" (no colon) for seated player seat:
// collects, chat, table events.
func (p *psParser) event(seat int, rest, line []byte, n int) (bool, error) {
	switch {
	case len(rest) >= 10 && string(rest[:10]) == "collected ":
		if p.state < psBetting && p.cancel == 0 {
			return false, psErrorf("pot collected before *** HOLE CARDS ***")
		}
		v, k, err := p.amount(rest[10:])
		if err != nil {
			return false, err
		}
		a := hand.Action{Kind: hand.Collect, Player: seat, Amount: v, HasAmount: true,
			Board: p.showdown, Pos: hand.Pos{File: p.r.file, Line: n}}
		switch from := rest[10+k:]; {
		case string(from) == " from pot", string(from) == " from main pot":
			a.Pot = 0
		case string(from) == " from side pot":
			a.Pot = 1
		case len(from) >= 15 && string(from[:15]) == " from side pot-":
			num, err := strconv.Atoi(string(from[15:]))
			if err != nil || num < 1 || num > 64 {
				return false, psErrorf("cannot read the side pot number")
			}
			a.Pot = num
		default:
			return false, psErrorf("unexpected text after the collected amount")
		}
		p.actions = append(p.actions, a)
		return true, nil
	case psHas(rest, "said, \""):
		if psFindGluedHeader(line) > 0 {
			return false, psErrorf("chat line runs into a hand header")
		}
		return true, nil
	case psHas(rest, "cashed out the hand for "):
		v, k, err := p.amount(rest[24:])
		if err != nil {
			return false, err
		}
		sc := p.scale
		co := hand.CashOut{Player: seat, Pos: hand.Pos{File: p.r.file, Line: n}}
		if tail := rest[24+k:]; len(tail) > 0 {
			if !psHas(tail, " | Cash Out Fee ") {
				return false, psErrorf("unexpected text after the cash-out amount")
			}
			fee, k, err := p.amount(tail[16:])
			if err != nil {
				return false, err
			}
			if k != len(tail)-16 {
				return false, psErrorf("unexpected text after the cash-out fee")
			}
			co.Fee = fee
		}
		co.Amount = p.since(v, sc)
		p.cashOuts = append(p.cashOuts, co)
		return true, nil
	}
	if psTolerated(line) {
		return true, nil
	}
	return false, nil
}

// otherLine reads a body line that does not start with a seated player's name.
func (p *psParser) otherLine(line []byte, n int) error {
	switch {
	case len(line) >= 9 && string(line[:9]) == "Dealt to ":
		return p.dealt(line[9:], n)
	case len(line) >= 14 && string(line[:14]) == "Uncalled bet (":
		if p.state < psBetting {
			return psErrorf("uncalled bet before *** HOLE CARDS ***")
		}
		v, k, err := p.amount(line[14:])
		if err != nil {
			return err
		}
		tail := line[14+k:]
		if len(tail) < 14 || string(tail[:14]) != ") returned to " {
			return psErrorf("cannot read the uncalled bet line")
		}
		seat := p.seatByName(tail[14:])
		if seat < 0 {
			return psErrorf("uncalled bet returned to %q, who has no seat in this hand", tail[14:])
		}
		p.actions = append(p.actions, hand.Action{Kind: hand.UncalledReturn, Player: seat, Amount: v,
			HasAmount: true, Pos: hand.Pos{File: p.r.file, Line: n}})
		return nil
	case psIs(line, "Hand cancelled"):
		p.cancel = n
		return nil
	}
	if psTolerated(line) {
		return nil
	}
	if i := bytes.Index(line, []byte(": ")); i > 0 && psLooksLikeAction(line[i+2:]) {
		return psErrorf("action by %q, who has no seat in this hand", line[:i])
	}
	return psErrorf("unknown line")
}

// psLooksLikeAction reports whether rest starts with an action verb.
func psLooksLikeAction(rest []byte) bool {
	for _, v := range [...]string{"folds", "checks", "calls ", "bets ", "raises ", "posts ", "shows ", "mucks ", "doesn't show"} {
		if psHas(rest, v) {
			return true
		}
	}
	return false
}

// psTolerated reports whether line is one of the table events that a hand
// may contain and that do not change it: chat, connections, players coming
// and going, tournament news.
func psTolerated(line []byte) bool {
	for _, s := range [...]string{
		" leaves the table", " is disconnected", " is connected", " has timed out",
		" has timed out while disconnected", " has timed out while being disconnected",
		" has returned", " will be allowed to play after the button", ": sits out",
		": is sitting out", " is sitting out", ": sits in", " is back",
		" has requested TIME", "congratulations!", " seconds left to act",
		" stack(s) remaining.", // a rebuy stack added: "X adds 3000 chips (1 stack(s) of 3000 chips). X has 2 stack(s) remaining."
	} {
		if psHasSuffix(line, s) {
			return true
		}
	}
	for _, s := range [...]string{
		" joins the table at seat #", " finished the tournament", " wins the tournament",
		" re-buys and receives ", " takes the add-on and receives ", " wins the bounty",
		" for eliminating ", " for splitting the elimination of ", " was removed from the table",
		" wins an entry to tournament #", // a satellite's seat won
	} {
		if bytes.Contains(line, []byte(s)) {
			return true
		}
	}
	if bytes.Contains(line, []byte(" said, \"")) && line[len(line)-1] == '"' {
		return psFindGluedHeader(line) < 0
	}
	switch string(line) {
	case "Betting is capped", "No low hand qualified", "Hand was run twice", "The deck is reshuffled",
		"Table leave user", "Pair on board - a double bet is allowed",
		"All players have agreed to skip the break. Game resuming.":
		return true
	}
	return false
}

// dealt reads "Dealt to NAME [cards]".
func (p *psParser) dealt(rest []byte, n int) error {
	if p.state != psBetting {
		return psErrorf("hole cards dealt outside the deal")
	}
	if len(rest) > 0 {
		set, ok := p.namesFrom(rest[0])
		if !ok {
			for _, i := range p.order {
				if done, err := p.dealtTo(&p.names[i], rest, n); done {
					return err
				}
			}
		}
		for ok && set != 0 {
			if done, err := p.dealtTo(p.nextName(&set), rest, n); done {
				return err
			}
		}
	}
	return psErrorf("hole cards dealt to a player with no seat in this hand")
}

// dealtTo reads "NAME [cards]" as dealt to sn, if rest starts with sn's
// name and a bracket. It reports true when it did (with or without error).
func (p *psParser) dealtTo(sn *psSeatName, rest []byte, n int) (bool, error) {
	if !p.h.Game.Variant.IsBoardGame() {
		return p.dealtMore(sn, rest, n)
	}
	l := len(sn.name)
	if len(rest) <= l+2 || string(rest[:l]) != sn.name || rest[l] != ' ' || rest[l+1] != '[' {
		return false, nil
	}
	cs, err := p.bracketCards(rest[l+1:], true)
	if err != nil {
		return true, err
	}
	if len(cs) != p.holeN {
		return true, psErrorf("%d hole cards dealt in a game of %d", len(cs), p.holeN)
	}
	for i := len(p.actions) - 1; i >= 0; i-- {
		a := &p.actions[i]
		if a.Kind == hand.DealHole && a.Player == sn.seat {
			a.Cards = cs
			a.Pos.Line = n
			return true, nil
		}
	}
	p.actions = append(p.actions, hand.Action{Kind: hand.DealHole, Player: sn.seat, Cards: cs,
		Pos: hand.Pos{File: p.r.file, Line: n}})
	return true, nil
}

package partypoker

// The lines of a hand from the forced bets on: posts ("Kruglenya77 posts
// small blind [$0.05 USD]."), betting actions ("lenstr1 calls [$0.10
// USD]", "fistfock123 is all-In  [$19 USD]"), showdown lines ("Dr_ZeR0
// shows [ As, Kc ]a pair of Aces..."), wins, and the table's events.
//
// PartyPoker writes the chips a player adds with each action, not the
// street total: "raises [$0.70 USD]" after a big blind of $0.10 is a raise
// to $0.80. The parser keeps each seat's street total to write Bet and
// Raise as the canonical "to" amount, and to tell what an all-in is.

import (
	"bytes"

	"github.com/handaudit/handaudit/hand"
)

// actionLine reads a line after the seats.
func (p *handParser) actionLine(line []byte, num int) string {
	switch {
	case hasPrefix(line, "** Dealing "):
		return p.dealing(line, num)
	case hasPrefix(line, "Dealt to "):
		return p.dealtTo(line[9:])
	case p.newer && string(line) == "** Summary **" && p.state == stBetting:
		p.inSummary = true
		p.startShowdown()
		return ""
	case ignored(line):
		return ""
	}
	i, rest, sep := p.player(line)
	if i < 0 {
		return unseated(line)
	}
	if sep == ':' {
		return "" // chat
	}
	return p.act(i, rest, num)
}

// ignored reports whether line is one of the table's messages that do
// not concern the hand: players joining or leaving (who may not be
// seated), the time bank, other tables.
func ignored(line []byte) bool {
	return hasSuffix(line, " has joined the table.") || hasSuffix(line, " has left the table.") ||
		hasPrefix(line, "Your time bank will be activated") || hasPrefix(line, ">You have options at ") ||
		hasPrefix(line, "Creating Main Pot with ") || hasPrefix(line, "Creating Side Pot ") ||
		string(line) == "There was no qualifying low hand"
}

// unseated explains a line that starts with no seated player's name.
func unseated(line []byte) string {
	for _, verb := range [...]string{" posts ", " folds", " checks", " calls [", " bets [", " raises [", " is all-In",
		" shows [", " doesn't show [", " does not show cards", " wins "} {
		if i := bytes.Index(line, []byte(verb)); i > 0 {
			return "player " + string(line[:i]) + " is not seated at the table"
		}
	}
	return "unknown line"
}

// act reads what follows the name of seated player i.
func (p *handParser) act(i int, rest []byte, num int) string {
	switch {
	case hasPrefix(rest, "posts "):
		return p.post(i, rest[6:], num)
	case string(rest) == "folds" || string(rest) == "folds.":
		return p.betting(hand.Fold, i, num)
	case string(rest) == "checks" || string(rest) == "checks.":
		return p.betting(hand.Check, i, num)
	case hasPrefix(rest, "calls "):
		return p.chipsIn(hand.Call, i, rest[6:], num)
	case hasPrefix(rest, "bets "):
		return p.chipsIn(hand.Bet, i, rest[5:], num)
	case p.newer && hasPrefix(rest, "raises "):
		return p.raisesTo(i, rest[7:], num)
	case hasPrefix(rest, "raises "):
		return p.chipsIn(hand.Raise, i, rest[7:], num)
	case p.newer && string(rest) == "is all-In.":
		return p.allInMark(i)
	case p.newer && (hasPrefix(rest, "Cash-out ") || string(rest) == "opted for cash-out" || hasPrefix(rest, "probabilty is ") ||
		hasPrefix(rest, "Cashout Amount is ")):
		// The room's equity cash-out, offered and taken: the summary
		// states what it paid ("Cashed out balance ..., collected ...").
		return ""
	case hasPrefix(rest, "is all-In"):
		return p.chipsIn(0, i, trimLine(rest[9:]), num)
	case hasPrefix(rest, "shows ["):
		return p.shows(hand.Show, i, rest[6:], num)
	case hasPrefix(rest, "shows"):
		return "" // the low hand's description: "shows7,5,4,2,A  for low."
	case hasPrefix(rest, "doesn't show ["):
		return p.shows(hand.Muck, i, rest[13:], num)
	case string(rest) == "does not show cards.":
		return p.shows(hand.Muck, i, nil, num)
	case hasPrefix(rest, "wins "):
		return p.win(i, rest[5:], num)
	case hasPrefix(rest, "is sitting out"):
		if p.state == stPosts {
			p.h.Seats[i].SittingOut = true
		}
		if glued := rest[len("is sitting out"):]; len(glued) > 0 {
			// An old Mac client writes the next line straight after
			// this one ("Player3 is sitting outPlayer4 posts big blind").
			return p.actionLine(glued, num)
		}
		return ""
	case string(rest) == "will be using his time bank for this hand." ||
		string(rest) == "will be using her time bank for this hand." ||
		string(rest) == "will be using their time bank for this hand." ||
		string(rest) == "did not respond in time":
		return ""
	}
	return "unknown line"
}

// add appends an action of player i read at line num.
func (p *handParser) add(a hand.Action, num int) {
	a.Pos = hand.Pos{File: p.r.file, Line: num}
	p.acts = append(p.acts, a)
}

// post reads a forced bet after "posts ": "small blind [$0.05 USD].",
// "big blind [$0.10 USD].", "ante [400]".
func (p *handParser) post(i int, b []byte, num int) string {
	if p.state != stPosts {
		return "forced bet after the deal"
	}
	open := bytes.IndexByte(b, '[')
	if p.newer && open < 0 {
		open = bytes.IndexByte(b, '(')
	}
	if open < 0 {
		return "forced bet without an amount in brackets"
	}
	var kind hand.PostKind
	switch string(trimLine(b[:open])) {
	case "small blind":
		kind = hand.PostSmallBlind
	case "big blind":
		kind = hand.PostBigBlind
	case "ante":
		kind = hand.PostAnte
	case "big blind + dead":
		// The big blind live and the small blind dead, owed by a player
		// who missed the blinds.
		kind = hand.PostBothBlind
	default:
		return "unknown forced bet " + string(trimLine(b[:open]))
	}
	v, tail, msg := p.bracketed(b[open:])
	if msg == "" {
		msg = endOfAmount(tail)
	}
	if msg != "" {
		return msg
	}
	p.acted[i] = true
	p.total[i] += v
	switch kind {
	case hand.PostSmallBlind, hand.PostBigBlind:
		p.streetBet[i] += v
	case hand.PostBothBlind:
		live := min(v, p.bigBlind())
		p.streetBet[i] += live
		p.dead[i] += v - live
	case hand.PostAnte:
		p.dead[i] += v
	}
	p.streetMax = max(p.streetMax, p.streetBet[i])
	p.add(hand.Action{Kind: hand.Post, Player: i, PostKind: kind, Amount: v, HasAmount: true}, num)
	return ""
}

// endOfAmount checks what follows an amount's closing bracket: nothing, or
// a full stop.
func endOfAmount(tail []byte) string {
	if len(tail) == 0 || string(tail) == "." {
		return ""
	}
	return "unexpected text after the amount"
}

// betting adds a fold or a check.
func (p *handParser) betting(kind hand.ActionKind, i, num int) string {
	if p.state != stBetting {
		return "betting action before \"** Dealing down cards **\""
	}
	p.acted[i] = true
	p.add(hand.Action{Kind: kind, Player: i}, num)
	return ""
}

// chipsIn reads the bracketed amount of a call, bet, raise or all-in
// (kind 0): the chips added. An all-in is a call if it does not exceed
// the street's highest bet, else a bet if there is none, else a raise.
func (p *handParser) chipsIn(kind hand.ActionKind, i int, b []byte, num int) string {
	if p.state != stBetting {
		return "betting action before \"** Dealing down cards **\""
	}
	v, tail, msg := p.bracketed(b)
	if msg == "" {
		msg = endOfAmount(tail)
	}
	if msg != "" {
		return msg
	}
	to := p.streetBet[i] + v
	a := hand.Action{Kind: kind, Player: i, HasAmount: true}
	if kind == 0 {
		a.AllIn = true
		switch {
		case to <= p.streetMax:
			a.Kind = hand.Call
		case p.streetMax == 0:
			a.Kind = hand.Bet
		default:
			a.Kind = hand.Raise
		}
	}
	switch a.Kind {
	case hand.Call:
		a.Amount = v
	case hand.Bet:
		a.Amount, a.To = to, to
	case hand.Raise:
		a.Amount, a.To = max(to-p.streetMax, 0), to
	}
	p.acted[i] = true
	p.streetBet[i] = to
	p.total[i] += v
	p.streetMax = max(p.streetMax, to)
	p.add(a, num)
	return ""
}

// shows reads "[ As, Kc ]a pair of Aces..." (the hand's description
// after the bracket is not needed: the replay names hands itself), or
// nothing for "does not show cards.".
func (p *handParser) shows(kind hand.ActionKind, i int, b []byte, num int) string {
	if p.state != stBetting {
		return "cards shown before the deal"
	}
	a := hand.Action{Kind: kind, Player: i}
	if b != nil {
		cs, _, msg := p.bracketCards(b)
		if msg != "" {
			return msg
		}
		a.Cards = cs
	}
	p.startShowdown()
	p.add(a, num)
	return ""
}

// win reads what follows "wins ": "$0.53 USD", "$2.74 USD from the main pot
// with ...", "$1 USD from the side pot 1 with ...", "Lo ($28.75 USD) from
// the main pot with ...", "6,000 chips", "20 chips from  side pot #1  with".
func (p *handParser) win(i int, b []byte, num int) string {
	if p.state != stBetting {
		return "pot won before the deal"
	}
	low := hasPrefix(b, "Lo (")
	if low {
		b = b[4:]
	}
	v, n, msg := p.money(b)
	if msg != "" {
		return msg
	}
	b = b[n:]
	if low {
		if !hasPrefix(b, ")") {
			return "expected \")\" after the low half's amount"
		}
		b = b[1:]
	}
	b = trimLine(b)
	pot := -1
	if len(b) > 0 {
		if !hasPrefix(b, "from ") {
			return "unexpected text after the amount won"
		}
		b = trimLine(b[5:])
		b = bytes.TrimPrefix(b, []byte("the "))
		switch {
		case hasPrefix(b, "main pot"):
			pot = 0
		case hasPrefix(b, "side pot"):
			b = trimLine(b[8:])
			b = bytes.TrimPrefix(b, []byte("#"))
			k := 0
			for k < len(b) && b[k] >= '0' && b[k] <= '9' {
				k++
			}
			n, ok := atoi(b[:k])
			if !ok || n == 0 {
				return "cannot read the side pot's number"
			}
			pot = n
		default:
			return "unknown pot: expected \"from the main pot\" or \"from the side pot N\""
		}
	}
	p.startShowdown()
	if !p.won {
		p.won, p.winsAt = true, len(p.acts)
	}
	p.add(hand.Action{Kind: hand.Collect, Player: i, Amount: v, HasAmount: true, Pot: pot}, num)
	return ""
}

// startShowdown notes where the betting ended: the first show, muck or
// win.
func (p *handParser) startShowdown() {
	if !p.showing {
		p.showing, p.showAt = true, len(p.acts)
	}
}

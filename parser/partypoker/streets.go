package partypoker

// The dealing lines ("** Dealing down cards **", "** Dealing Flop ** [ Qs,
// 7h, 2s ]", "** Dealing Turn ** [ 7s ]"), the hero's cards ("Dealt to
// PP_Hero [  Jc Kd ]") and cards in brackets.

import (
	"bytes"

	"github.com/handaudit/handaudit/cards"
	"github.com/handaudit/handaudit/hand"
)

// dealing reads a "** Dealing ... **" line.
func (p *handParser) dealing(line []byte, num int) string {
	rest := line[len("** Dealing "):]
	end := bytes.Index(rest, []byte(" **"))
	if end < 0 {
		return "unknown dealing line"
	}
	name, tail := rest[:end], trimLine(rest[end+3:])
	if string(name) == "down cards" {
		if p.state != stPosts || len(tail) > 0 {
			return "misplaced \"** Dealing down cards **\""
		}
		if p.chips && len(p.acts) == 0 {
			p.impliedBlinds(num)
		}
		p.state, p.dealAt = stBetting, len(p.acts)
		p.add(hand.Action{}, num) // where the deal goes (see assemble)
		return ""
	}
	if p.newer {
		tail = trimLine(bytes.TrimPrefix(tail, []byte(":")))
	}
	want, before, street := 3, 0, 1
	switch string(name) {
	case "Flop":
	case "Turn":
		want, before, street = 1, 3, 2
	case "River":
		want, before, street = 1, 4, 3
	default:
		return "unknown dealing line"
	}
	if p.state != stBetting || p.showing || p.street != street-1 || p.nBoard != before {
		return "\"** Dealing " + string(name) + " **\" out of order"
	}
	cs, rest2, msg := p.bracketCards(tail)
	if msg != "" {
		return msg
	}
	if len(trimLine(rest2)) > 0 {
		return "unexpected text after the board"
	}
	if len(cs) != want {
		return "wrong number of cards for the " + string(name)
	}
	copy(p.board[before:], cs)
	p.nBoard += want
	p.street = street
	clear(p.streetBet)
	p.streetMax = 0
	p.add(hand.Action{Kind: hand.DealBoard, Player: hand.NoPlayer, Cards: cs}, num)
	return ""
}

// dealtTo reads "NAME [  Jc Kd ]" after "Dealt to ".
func (p *handParser) dealtTo(b []byte) string {
	if p.state != stBetting || p.showing {
		return "misplaced \"Dealt to\" line"
	}
	open := bytes.LastIndexByte(b, '[')
	if open < 1 || b[open-1] != ' ' {
		return "\"Dealt to\" line without cards in brackets"
	}
	i, rest, _ := p.player(b[:open])
	if i < 0 || len(rest) > 0 {
		return "cards dealt to a player not seated at the table"
	}
	cs, tail, msg := p.bracketCards(b[open:])
	if msg != "" {
		return msg
	}
	if len(trimLine(tail)) > 0 {
		return "unexpected text after the cards"
	}
	if len(cs) != p.h.Game.HoleCards {
		return "wrong number of hole cards dealt"
	}
	if p.holes[i] != nil {
		return "cards dealt twice to the same player"
	}
	p.holes[i], p.acted[i] = cs, true
	return ""
}

// bracketCards reads "[ Qs, 7h, 2s ]" or "[  Jc Kd ]" at the start of b:
// the cards (cut from the hand's card memory) and what follows "]".
func (p *handParser) bracketCards(b []byte) ([]cards.Card, []byte, string) {
	if len(b) == 0 || b[0] != '[' {
		return nil, nil, "expected cards in brackets"
	}
	end := bytes.IndexByte(b, ']')
	if end < 0 {
		return nil, nil, "cards without a closing bracket"
	}
	in := b[1:end]
	var buf [8]cards.Card
	n := 0
	for i := 0; i < len(in); {
		c := in[i]
		if c == ' ' || c == ',' {
			i++
			continue
		}
		if i+1 >= len(in) || n == len(buf) {
			return nil, nil, "cannot read the cards"
		}
		card, ok := parseCard(in[i], in[i+1])
		if !ok || i+2 < len(in) && in[i+2] != ' ' && in[i+2] != ',' {
			return nil, nil, "cannot read the cards"
		}
		buf[n] = card
		n++
		i += 2
	}
	if n == 0 {
		return nil, nil, "no cards in the brackets"
	}
	cs := p.h.NewCards(n)
	copy(cs, buf[:n])
	return cs, b[end+1:], ""
}

// parseCard reads a card written rank then suit: "Qs", "Tc".
func parseCard(r, s byte) (cards.Card, bool) {
	rank := bytes.IndexByte([]byte("23456789TJQKA"), r)
	suit := bytes.IndexByte([]byte("cdhs"), s)
	if rank < 0 || suit < 0 {
		return cards.Unknown, false
	}
	return cards.New(cards.Rank(rank), cards.Suit(suit)), true
}

// impliedBlinds writes the forced bets of a tournament hand that records
// none: PartyPoker's tournament records of 2005 to 2011 state the level's
// blinds ("Blinds(300/600)") and leave out the posts, and the amounts
// that follow count them ("Player0 is all-In [4,220]" from 4,520 on the
// small blind). The players dealt in (those with chips) post from the
// left of the button, the button posting the small blind heads-up; a
// player short of a blind posts what he has.
func (p *handParser) impliedBlinds(num int) {
	seats := p.h.Seats
	var order [16]int
	dealt := order[:0]
	start := 0
	for i := range seats {
		if seats[i].Number <= p.h.Button {
			start = i + 1
		}
	}
	for k := range seats {
		i := (start + k) % len(seats)
		if seats[i].Stack > 0 && !seats[i].SittingOut && len(dealt) < len(order) {
			dealt = append(dealt, i)
		}
	}
	if len(dealt) < 2 {
		return
	}
	if len(dealt) == 2 && seats[dealt[1]].Number == p.h.Button {
		dealt[0], dealt[1] = dealt[1], dealt[0]
	}
	if ante := p.h.Stakes.Ante; ante > 0 {
		for _, i := range dealt {
			p.impliedPost(i, hand.PostAnte, ante, num)
		}
	}
	p.impliedPost(dealt[0], hand.PostSmallBlind, p.stakeA, num)
	p.impliedPost(dealt[1], hand.PostBigBlind, p.stakeB, num)
}

// impliedPost adds player i's forced bet of v, or of what he has left.
func (p *handParser) impliedPost(i int, kind hand.PostKind, v hand.Amount, num int) {
	left := p.h.Seats[i].Stack - p.total[i]
	allIn := v >= left
	v = min(v, left)
	p.acted[i] = true
	p.total[i] += v
	if kind != hand.PostAnte {
		p.streetBet[i] += v
		p.streetMax = max(p.streetMax, p.streetBet[i])
	} else {
		p.dead[i] += v
	}
	p.add(hand.Action{Kind: hand.Post, Player: i, PostKind: kind, Amount: v, HasAmount: true, AllIn: allIn}, num)
}

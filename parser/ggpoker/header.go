package ggpoker

// The header line and the table line:
//
//	Poker Hand #RC2345481320: Hold'em No Limit ($0.05/$0.1) - 2018/03/30 03:44:33
//	Poker Hand #SD27208848: ShortDeck No Limit ($0.02) - 2021/03/02 18:22:40
//	Poker Hand #TM247771977: Tournament #5259595, Daily Special $250 Hold'em No Limit - Level2 (60/120) - 2020/06/02 19:17:33
//	Table 'NLHGold11' 6-max Seat #2 is the button

import (
	"bytes"
	"strconv"
	"time"

	"github.com/handaudit/handaudit/hand"
	"github.com/handaudit/handaudit/parser"
)

// header reads the hand's header line.
func (p *handParser) header(line []byte) error {
	h := p.h
	rest := line[len(headerMark):]
	i := bytes.Index(rest, []byte(": "))
	if i <= 0 {
		return errorf("cannot read the hand number")
	}
	h.ID = p.r.strs.Intern(rest[:i])
	rest = rest[i+2:]

	// The time is after the last " - ".
	i = bytes.LastIndex(rest, []byte(" - "))
	if i < 0 {
		return errorf("no date in the header")
	}
	t, err := parseTime(rest[i+3:])
	if err != nil {
		return err
	}
	// GGPoker does not write the time zone: the wall time is kept as if it
	// were UTC.
	h.Start = t
	rest = rest[:i]

	var game, stakes []byte
	if has(rest, "Tournament #") {
		// "Tournament #ID, NAME GAME - Level2 (60/120)"
		i = bytes.LastIndex(rest, []byte(" - "))
		if i < 0 {
			return errorf("no level in the tournament header")
		}
		level := rest[i+3:]
		rest = rest[len("Tournament #"):i]
		j := bytes.IndexByte(rest, ',')
		if j <= 0 {
			return errorf("cannot read the tournament number")
		}
		h.Tournament = p.r.strs.Intern(rest[:j])
		game = bytes.TrimRight(rest[j+1:], " ") // "Hold'em No Limit   - Level14(300/600)" occurs
		if !has(level, "Level") {
			return errorf("cannot read the tournament level")
		}
		k := bytes.IndexByte(level, '(')
		if k < 0 || level[len(level)-1] != ')' {
			return errorf("cannot read the tournament level")
		}
		stakes = level[k+1 : len(level)-1]
		// The game's name ends the tournament's: find it by its known ends.
		g, ok := tournamentGame(game)
		if !ok {
			return errorf("unknown game in %q", game)
		}
		game = g
	} else {
		// "GAME (stakes)"
		k := bytes.LastIndexByte(rest, '(')
		if k < 0 || rest[len(rest)-1] != ')' {
			return errorf("cannot read the stakes")
		}
		stakes = rest[k+1 : len(rest)-1]
		game = bytes.TrimRight(rest[:k], " ")
	}
	gi, ok := gameIndex(game)
	if !ok {
		return errorf("unknown game %q", game)
	}
	h.Game = games[gi].game
	h.Game.Code = games[gi].name
	p.holeN = h.Game.HoleCards
	return p.stakes(stakes)
}

// gameInfo is one game name GGPoker writes, and the game it is.
type gameInfo struct {
	name string
	game hand.Game
}

// games are the game names GGPoker writes. "Omaha (NL postflop)" is
// pot-limit before the flop and no-limit after: hand.Game has no such
// structure, so it reads as no-limit, the looser of the two, under which
// no bet of the record is wrongly found too large.
var games = [...]gameInfo{
	{"Hold'em No Limit", hand.Game{Variant: hand.Holdem, Structure: hand.NoLimit, HoleCards: 2}},
	{"Hold'em Pot Limit", hand.Game{Variant: hand.Holdem, Structure: hand.PotLimit, HoleCards: 2}},
	{"Hold'em Limit", hand.Game{Variant: hand.Holdem, Structure: hand.FixedLimit, HoleCards: 2}},
	{"Hold'em Fixed Limit", hand.Game{Variant: hand.Holdem, Structure: hand.FixedLimit, HoleCards: 2}},
	{"ShortDeck No Limit", hand.Game{Variant: hand.ShortDeck, Structure: hand.NoLimit, HoleCards: 2}},
	{"Short Deck No Limit", hand.Game{Variant: hand.ShortDeck, Structure: hand.NoLimit, HoleCards: 2}},
	{"Omaha Pot Limit", hand.Game{Variant: hand.Omaha, Structure: hand.PotLimit, HoleCards: 4}},
	{"Omaha No Limit", hand.Game{Variant: hand.Omaha, Structure: hand.NoLimit, HoleCards: 4}},
	{"Omaha (NL postflop)", hand.Game{Variant: hand.Omaha, Structure: hand.NoLimit, HoleCards: 4}},
	{"PLO", hand.Game{Variant: hand.Omaha, Structure: hand.PotLimit, HoleCards: 4}},
	{"PLO-5", hand.Game{Variant: hand.Omaha, Structure: hand.PotLimit, HoleCards: 5}},
	{"PLO-6", hand.Game{Variant: hand.Omaha, Structure: hand.PotLimit, HoleCards: 6}},
	{"PLO5", hand.Game{Variant: hand.Omaha, Structure: hand.PotLimit, HoleCards: 5}},
	{"PLO6", hand.Game{Variant: hand.Omaha, Structure: hand.PotLimit, HoleCards: 6}},
	{"Omaha5 Pot Limit", hand.Game{Variant: hand.Omaha, Structure: hand.PotLimit, HoleCards: 5}},
	{"Omaha6 Pot Limit", hand.Game{Variant: hand.Omaha, Structure: hand.PotLimit, HoleCards: 6}},
	{"Omaha Hi/Lo Pot Limit", hand.Game{Variant: hand.OmahaHiLo, Structure: hand.PotLimit, HoleCards: 4}},
	{"PLO Hi/Lo", hand.Game{Variant: hand.OmahaHiLo, Structure: hand.PotLimit, HoleCards: 4}},
}

// gameIndex finds a game name in games.
func gameIndex(name []byte) (int, bool) {
	for i := range games {
		if string(name) == games[i].name {
			return i, true
		}
	}
	return 0, false
}

// tournamentGame returns the game name that ends a tournament header's
// "NAME GAME" (the longest known one), so the tournament's own name, which
// may name a game too, is not taken for it.
func tournamentGame(s []byte) ([]byte, bool) {
	best := -1
	for i := range games {
		g := games[i].name
		if len(s) > len(g) && string(s[len(s)-len(g):]) == g && s[len(s)-len(g)-1] == ' ' &&
			(best < 0 || len(g) > len(games[best].name)) {
			best = i
		}
	}
	if best < 0 {
		return nil, false
	}
	return s[len(s)-len(games[best].name):], true
}

// stakes reads the header's stakes: "$0.05/$0.1" (blinds), "$0.02"
// (short deck: the ante, which the button's blind equals), "60/120"
// (tournament blinds), "60/120/10" (with an ante).
func (p *handParser) stakes(b []byte) error {
	st := &p.h.Stakes
	var parts [3]hand.Amount
	n := 0
	for {
		if n == len(parts) {
			return errorf("cannot read the stakes %q", b)
		}
		if len(b) > 0 && b[0] != '0' && b[0] != '1' && b[0] != '2' && b[0] != '3' && b[0] != '4' &&
			b[0] != '5' && b[0] != '6' && b[0] != '7' && b[0] != '8' && b[0] != '9' {
			p.money = true
		}
		v, k, err := p.amount(b)
		if err != nil {
			return err
		}
		parts[n] = v
		n++
		b = b[k:]
		if len(b) == 0 {
			break
		}
		if b[0] != '/' {
			return errorf("cannot read the stakes")
		}
		b = b[1:]
	}
	if p.money {
		p.base = 2
		p.h.Currency = "USD"
		if p.symbol != "" && p.symbol != "$" {
			p.h.Currency = currencies[p.symbol]
		}
	}
	switch n {
	case 1:
		// Short deck: everyone antes and the button posts a blind of one
		// ante, the game's only blind.
		st.Ante, st.BigBlind = parts[0], parts[0]
		p.anteStated = true
	default:
		st.SmallBlind, st.BigBlind = parts[0], parts[1]
		if n == 3 {
			st.Ante, p.anteStated = parts[2], true
		}
	}
	if p.h.Game.Structure == hand.FixedLimit {
		st.SmallBet, st.BigBet = st.BigBlind, 2*st.BigBlind
	} else {
		st.MinBet = st.BigBlind
	}
	return nil
}

// parseTime reads "2018/03/30 03:44:33".
func parseTime(b []byte) (time.Time, error) {
	t, ok := parser.ParseDateTime(b)
	if !ok {
		return time.Time{}, errorf("cannot read the date %q", b)
	}
	return t, nil
}

// table reads "Table 'NAME' 6-max Seat #2 is the button".
func (p *handParser) table(line []byte) error {
	if !has(line, "Table '") {
		return errorf("expected the table line after the header")
	}
	rest := line[7:]
	i := bytes.LastIndex(rest, []byte("' "))
	if i < 0 {
		return errorf("cannot read the table name")
	}
	p.h.Table = p.r.strs.Intern(rest[:i])
	rest = rest[i+2:]
	j := bytes.Index(rest, []byte("-max Seat #"))
	if j <= 0 {
		return errorf("cannot read the table size")
	}
	size, err := strconv.Atoi(string(rest[:j]))
	if err != nil || size <= 0 || size > 10 {
		return errorf("cannot read the table size")
	}
	rest = rest[j+11:]
	k := bytes.IndexByte(rest, ' ')
	if k <= 0 || !is(rest[k:], " is the button") {
		return errorf("cannot read the button")
	}
	button, err := strconv.Atoi(string(rest[:k]))
	if err != nil || button <= 0 || button > size {
		return errorf("cannot read the button")
	}
	p.h.MaxSeats, p.h.Button = size, button
	p.stage = stSeats
	return nil
}

package partypoker

// The newer export (2019 on): "***** Hand History For Game
// 1770659766668adeb0h5qfm *****", a game line "0.10/0.25 Omaha Hi Game
// Table (PL) - Mon Feb 09 12:55:26 EST 2026", amounts in parentheses
// ("calls (1.80)", "raises 0.85 to 0.85"), "is all-In." on a line of its
// own, and a "** Summary **" with each player's balance, what he
// collected and his cards. The lines it shares with the older export are
// read by the same code, which asks p.newer where they differ.

import (
	"bytes"
	"time"

	"github.com/handaudit/handaudit/hand"
)

// newerGames are the newer export's game names.
var newerGames = [...]gameName{
	{"Texas Holdem", hand.Holdem, 2},
	{"Omaha Hi-Lo", hand.OmahaHiLo, 4},
	{"Omaha Hi/Lo", hand.OmahaHiLo, 4},
	{"Omaha Hi", hand.Omaha, 4},
}

// newerGame reads "0.10/0.25 Omaha Hi Game Table (PL) - Mon Feb 09
// 12:55:26 EST 2026" or "150/300 Tourney Texas Holdem Game Table (NL) (SNG
// Tournament #304152365) (Buyin $4.8 + $0.2) - Thu Apr 08 22:42:26 EDT 2021".
func (p *handParser) newerGame(line []byte) string {
	h := p.h
	p.newer = true
	dash := bytes.LastIndex(line, []byte(" - "))
	desc, date := line[:dash], line[dash+3:]
	if msg := p.newerDate(date); msg != "" {
		return msg
	}
	table := bytes.Index(desc, []byte(" Game Table ("))
	head, tail := desc[:table], desc[table+len(" Game Table ("):]
	sp := bytes.IndexByte(head, ' ')
	if sp < 0 {
		return "cannot read the game line's stakes and game"
	}
	stakes, name := head[:sp], head[sp+1:]
	if hasPrefix(name, "Tourney ") {
		p.chips, p.scale, name = true, 0, name[8:]
		t := bytes.Index(tail, []byte("Tournament #"))
		if t < 0 {
			return "tournament game line without \"Tournament #\""
		}
		if msg := p.tournament(tail[t+12:]); msg != "" {
			return msg
		}
	} else {
		p.scale, h.Currency = 2, "USD" // the seats' stacks are in dollars
	}
	a, b, ok := bytes.Cut(stakes, []byte("/"))
	if !ok {
		return "cannot read the stakes: expected \"SB/BB\""
	}
	var msg string
	if p.stakeA, msg = p.amount(a); msg != "" {
		return msg
	}
	if p.stakeB, msg = p.amount(b); msg != "" {
		return msg
	}
	close := bytes.IndexByte(tail, ')')
	if close < 0 {
		return "game line without its betting structure: expected \"(NL)\""
	}
	st, ok := structures[string(tail[:close])]
	if !ok {
		return "unknown betting structure " + string(tail[:close])
	}
	for _, g := range newerGames {
		if string(name) == g.name {
			h.Game = hand.Game{Variant: g.variant, Structure: st, HoleCards: g.hole,
				Code: p.r.strs.Intern(desc[sp+1 : table])}
			return ""
		}
	}
	return "game " + string(name) + " is not read (Texas Holdem, Omaha Hi and Omaha Hi-Lo are)"
}

// newerDate reads "Mon Feb 09 12:55:26 EST 2026" into UTC, as date does.
func (p *handParser) newerDate(b []byte) string {
	t, err := time.Parse("Mon Jan 02 15:04:05 2006", string(bytes.Join(dropZone(bytes.Fields(b)), []byte(" "))))
	f := bytes.Fields(b)
	if err != nil || len(f) != 6 {
		return "cannot read the date: expected \"Mon Jan 02 15:04:05 ZONE 2006\""
	}
	return p.setStart(t, string(f[4]))
}

// dropZone drops the zone, the fifth of six fields.
func dropZone(f [][]byte) [][]byte {
	if len(f) != 6 {
		return f
	}
	return append(f[:4:4], f[5])
}

// raisesTo reads "0.85 to 0.85" after "raises ": the chips added, then
// the street total they make.
func (p *handParser) raisesTo(i int, b []byte, num int) string {
	added, to, ok := bytes.Cut(b, []byte(" to "))
	if !ok {
		return "raise without a total: expected \"raises X to Y\""
	}
	v, msg := p.amount(added)
	if msg != "" {
		return msg
	}
	total, msg := p.amount(to)
	if msg != "" {
		return msg
	}
	if p.streetBet[i]+v != total {
		return "the raise's total is not the player's bet so far and the chips added"
	}
	a := hand.Action{Kind: hand.Raise, Player: i, HasAmount: true, To: total, Amount: max(total-p.streetMax, 0)}
	if p.streetMax == 0 {
		a.Kind, a.Amount = hand.Bet, total
	}
	if p.state != stBetting {
		return "betting action before \"** Dealing down cards **\""
	}
	p.acted[i] = true
	p.streetBet[i] = total
	p.total[i] += v
	p.streetMax = max(p.streetMax, total)
	p.add(a, num)
	return ""
}

// allInMark reads "is all-In." after a player's action: it marks his last
// betting action all-in.
func (p *handParser) allInMark(i int) string {
	for k := len(p.acts) - 1; k >= 0; k-- {
		a := &p.acts[k]
		if a.Player == i && (a.Kind == hand.Call || a.Kind == hand.Bet || a.Kind == hand.Raise || a.Kind == hand.Post) {
			a.AllIn = true
			return ""
		}
	}
	return "\"is all-In.\" after no bet of the player's"
}

// summaryLine reads a line of the "** Summary **": "Main Pot: $38.50
// Rake: $2.0", "Board: [ ... ]", and each player's "NAME balance $19.83,
// lost $0.10 (folded)" or "NAME balance 654, bet 327, collected 654, net
// +327[ 8h, 3d ] [ three of a kind, eights -- ... ]".
func (p *handParser) summaryLine(line []byte, num int) string {
	switch {
	case hasPrefix(line, "Main Pot:") || hasPrefix(line, "Side Pot"):
		if r := bytes.Index(line, []byte(" Rake: ")); r >= 0 {
			v, msg := p.amount(trimLine(line[r+7:]))
			if msg != "" {
				return "cannot read the rake: " + msg
			}
			p.statedRake, p.hasRake = p.statedRake+v, true
		}
		return ""
	case hasPrefix(line, "Board: "):
		return ""
	}
	i, rest, sep := p.player(line)
	if i < 0 || sep != ' ' {
		return "unknown summary line"
	}
	cashedOut := hasPrefix(rest, "Cashed out")
	if cashedOut {
		rest = trimLine(rest[len("Cashed out"):])
	}
	if !hasPrefix(rest, "balance ") {
		return "unknown summary line"
	}
	rest = rest[8:]
	v, n, msg := p.money(rest)
	if msg != "" {
		return "cannot read the balance: " + msg
	}
	p.balances[i] = v
	rest = rest[n:]
	if c := bytes.Index(rest, []byte(", collected ")); c >= 0 {
		got, _, msg := p.money(rest[c+12:])
		if msg != "" {
			return "cannot read the amount collected: " + msg
		}
		switch {
		case cashedOut:
			// The room paid him for his share of the hand (an equity
			// cash-out): not a pot he collected.
			p.h.Outcome.CashOuts = append(p.h.Outcome.CashOuts, hand.CashOut{Player: i, Amount: got,
				Pos: hand.Pos{File: p.r.file, Line: num}})
		case got > 0:
			p.collected = append(p.collected, hand.Action{Kind: hand.Collect, Player: i, Amount: got, HasAmount: true, Pot: -1,
				Pos: hand.Pos{File: p.r.file, Line: num}})
		}
	}
	if c := bytes.IndexByte(rest, '['); c >= 0 {
		cs, _, msg := p.bracketCards(rest[c:])
		if msg != "" {
			return msg
		}
		p.add(hand.Action{Kind: hand.Show, Player: i, Cards: cs}, num)
	}
	return ""
}

// endSummary adds the summary's collects after its shows, as the pots are
// pushed after the hands are shown.
func (p *handParser) endSummary() {
	if len(p.collected) > 0 {
		p.won, p.winsAt = true, len(p.acts)
		p.acts = append(p.acts, p.collected...)
	}
}

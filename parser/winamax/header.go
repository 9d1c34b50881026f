package winamax

// The header line ("Winamax Poker - CashGame - HandId: #5284693-1-1382600209
// - Holdem no limit (0.05€/0.10€) - 2013/10/24 03:51:47 UTC") and the
// table line ("Table: 'Durban 02' 9-max (real money) Seat #7 is the
// button").

import (
	"bytes"
	"strconv"
	"time"

	"github.com/handaudit/handaudit/hand"
	"github.com/handaudit/handaudit/parser"
)

// site is the room's name as its records give it.
const site = "Winamax"

// header reads the hand's header line.
func (p *handParser) header(line []byte) error {
	h := p.h
	h.Site = site
	rest := line[len(headerStart):]
	k := bytes.Index(rest, []byte(" - HandId: #"))
	if k < 0 {
		return errorf("cannot read the header: no \" - HandId: #\"")
	}
	kind, rest := rest[:k], rest[k+12:]
	if err := p.kind(kind); err != nil {
		return err
	}
	// The hand ID, then the game and stakes, then the date.
	k = bytes.Index(rest, []byte(" - "))
	if k <= 0 {
		return errorf("cannot read the header: no game after the hand ID")
	}
	h.ID = string(rest[:k])
	rest = rest[k+3:]
	k = bytes.LastIndex(rest, []byte(") - "))
	if k < 0 {
		return errorf("cannot read the header: no date after the stakes")
	}
	game, date := rest[:k+1], rest[k+4:]
	open := bytes.LastIndex(game, []byte(" ("))
	if open <= 0 {
		return errorf("cannot read the header: no stakes after the game")
	}
	if err := p.game(game[:open]); err != nil {
		return err
	}
	if err := p.stakes(game[open+2 : len(game)-1]); err != nil {
		return err
	}
	t, err := parseTime(date)
	if err != nil {
		return err
	}
	h.Start = t
	return nil
}

// kind reads what comes before the hand ID: "CashGame", "Go Fast
// \"NAME\"" (fast-fold cash) or "Tournament \"NAME\" buyIn: ... level: N"
// (tournaments, Sit & Go, Expresso).
func (p *handParser) kind(b []byte) error {
	switch {
	case string(b) == "CashGame":
	case hasPrefix(b, "Go Fast \"") && hasSuffix(b, "\""):
	case hasPrefix(b, "Tournament \""):
		end := bytes.LastIndex(b, []byte("\" buyIn: "))
		if end < 12 {
			return errorf("cannot read the tournament: expected Tournament \"NAME\" buyIn: ...")
		}
		p.isTourn = true
		// The tournament's ID is in the table's name ("NAME(ID)#TABLE");
		// until the table line says, the tournament is known by its name.
		p.h.Tournament = p.r.strs.Intern(b[12:end])
	default:
		return errorf("cannot read the header: unknown kind of game %q", b)
	}
	return nil
}

// gameNames are the games the header names, with their variants and hole
// cards.
var gameNames = map[string]struct {
	v    hand.Variant
	hole int
}{
	"Holdem":             {hand.Holdem, 2},
	"Omaha":              {hand.Omaha, 4},
	"Omaha5":             {hand.Omaha, 5},
	"5 Card Omaha":       {hand.Omaha, 5},
	"Omaha8":             {hand.OmahaHiLo, 4},
	"Omaha Hi/Lo":        {hand.OmahaHiLo, 4},
	"5 Card Omaha Hi/Lo": {hand.OmahaHiLo, 5},
	"6 Card Omaha":       {hand.Omaha, 6},
	// The mixed games' (8-Game tables): stud, razz and 2-7 triple draw.
	"7-Card Stud":       {hand.Stud, 7},
	"7stud":             {hand.Stud, 7},
	"7-Card Stud Hi/Lo": {hand.StudHiLo, 7},
	"7stud8":            {hand.StudHiLo, 7},
	"Razz":              {hand.Razz, 7},
	"2-7 Triple Draw":   {hand.Deuce7Triple, 5},
	"Lowball27":         {hand.Deuce7Triple, 5},
}

// structures are the betting structures the header names.
var structures = [...]struct {
	name string
	s    hand.Structure
}{{" no limit", hand.NoLimit}, {" pot limit", hand.PotLimit}, {" fixed limit", hand.FixedLimit}}

// game reads "Holdem no limit", "5 Card Omaha Hi/Lo pot limit"...
func (p *handParser) game(b []byte) error {
	g := &p.h.Game
	for _, s := range structures {
		if hasSuffix(b, s.name) {
			name := b[:len(b)-len(s.name)]
			gn, ok := gameNames[string(name)]
			if !ok {
				return errorf("game %q is not read by this reader", name)
			}
			g.Variant, g.Structure, g.HoleCards = gn.v, s.s, gn.hole
			g.Code = p.r.strs.Intern(b)
			p.holeN = gn.hole
			return nil
		}
	}
	return errorf("cannot read the betting structure of %q", b)
}

// stakes reads "0.05€/0.10€" (small and big blind; fixed limit: small and
// big bet) or "25/150/300" (ante first).
func (p *handParser) stakes(b []byte) error {
	var v [3]hand.Amount
	var sc [3]int // the scale each was read at
	n := 0
	for {
		if n == 3 {
			return errorf("cannot read the stakes: too many amounts")
		}
		k := bytes.IndexByte(b, '/')
		part := b
		if k >= 0 {
			part = b[:k]
		}
		a, used, err := p.headerAmount(part)
		if err != nil {
			return err
		}
		if used != len(part) {
			return errorf("cannot read the stakes %q", b)
		}
		v[n], sc[n] = a, p.digits
		n++
		if k < 0 {
			break
		}
		b = b[k+1:]
	}
	if n < 2 {
		return errorf("cannot read the stakes: expected two or three amounts")
	}
	for i := range n {
		v[i] = p.since(v[i], sc[i])
	}
	st := &p.h.Stakes
	lo, hi := v[0], v[1]
	if n == 3 {
		st.Ante, lo, hi = v[0], v[1], v[2]
	}
	if p.h.Game.Structure == hand.FixedLimit {
		st.SmallBet, st.BigBet = lo, hi
	} else {
		st.SmallBlind, st.BigBlind = lo, hi
	}
	return nil
}

// headerAmount reads an amount of the header's stakes, whose currency
// sign (or its absence) is the hand's currency.
func (p *handParser) headerAmount(b []byte) (hand.Amount, int, error) {
	cur, _, _ := currencyOf(b)
	if p.currency == "" && !p.isTourn {
		p.currency = cur
	}
	if cur != p.currency {
		return 0, 0, errorf("the stakes mix currencies")
	}
	return p.amount(b)
}

// table reads the table line: "Table: 'NAME' 9-max (real money) Seat #7
// is the button"; older exports write "Table 'NAME'", stud tables no
// button, play-money tables "(play money)".
func (p *handParser) table(line []byte) error {
	h := p.h
	var rest []byte
	switch {
	case hasPrefix(line, "Table: '"):
		rest = line[8:]
	case hasPrefix(line, "Table '"):
		rest = line[7:]
	default:
		return errorf("expected the table line after the header")
	}
	// The name ends at the last "' " before "N-max".
	end := bytes.LastIndex(rest, []byte("-max"))
	if end < 0 {
		return errorf("cannot read the table line: no table size")
	}
	q := bytes.LastIndex(rest[:end], []byte("' "))
	if q < 0 {
		return errorf("cannot read the table's name")
	}
	name, size := rest[:q], rest[q+2:end]
	m, err := strconv.Atoi(string(size))
	if err != nil || m < 2 || m > 10 {
		return errorf("cannot read the table size %q", size)
	}
	h.MaxSeats = m
	h.Table = p.r.strs.Intern(name)
	rest = rest[end+4:]
	switch {
	case hasPrefix(rest, " (real money)"):
		rest = rest[13:]
		if !p.isTourn && p.currency == "" {
			return errorf("real-money table with stakes in no currency")
		}
	case hasPrefix(rest, " (play money)"):
		rest = rest[13:]
		if p.currency != "" {
			return errorf("play-money table with stakes in %s", p.currency)
		}
	}
	if len(rest) > 20 && hasPrefix(rest, " Seat ") && hasSuffix(rest, " is the button") {
		num := rest[6 : len(rest)-14]
		if len(num) > 0 && num[0] == '#' {
			num = num[1:] // some exports write "Seat 0000005 is the button"
		}
		b, err := strconv.Atoi(string(num))
		if err != nil || b < 1 || b > m {
			return errorf("cannot read the button's seat %q", num)
		}
		h.Button = b
		rest = nil
	}
	if len(rest) > 0 {
		return errorf("unexpected text at the end of the table line")
	}
	if p.isTourn {
		// "NAME(ID)#TABLE": the tournament's ID.
		if o := bytes.LastIndexByte(name, '('); o >= 0 {
			if c := bytes.IndexByte(name[o:], ')'); c > 1 && allDigits(name[o+1:o+c]) {
				h.Tournament = p.r.strs.Intern(name[o+1 : o+c])
			}
		}
	}
	p.state = inSeats
	return nil
}

// allDigits reports whether b is one or more decimal digits.
func allDigits(b []byte) bool {
	for _, c := range b {
		if c < '0' || c > '9' {
			return false
		}
	}
	return len(b) > 0
}

// zones are the time zones a header may name, by their offset from UTC.
// Winamax writes UTC; the others are the European zones an export made
// elsewhere could use.
var zones = map[string]int{
	"UTC": 0, "GMT": 0, "WET": 0, "BST": 3600, "WEST": 3600, "CET": 3600, "CEST": 7200,
	"EET": 7200, "EEST": 10800, "MSK": 10800,
}

// parseTime reads "2013/10/24 03:51:47 UTC" into UTC. A time with no zone
// or a zone it does not know is kept as the record's wall time (taken as
// UTC): there is no offset to apply.
func parseTime(b []byte) (time.Time, error) {
	if len(b) < 19 {
		return time.Time{}, errorf("cannot read the date %q", b)
	}
	t, ok := parser.ParseDateTime(b[:19])
	if !ok {
		return time.Time{}, errorf("cannot read the date %q", b)
	}
	off := 0
	if zone := b[19:]; len(zone) > 0 {
		if zone[0] != ' ' {
			return time.Time{}, errorf("cannot read the date %q", b)
		}
		off = zones[string(zone[1:])] // 0 when unknown: the wall time
	}
	return t.Add(-time.Duration(off) * time.Second), nil
}

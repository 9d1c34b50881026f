package pacific

// The header and table lines:
//
//	#Game No : 349568100                          (in some exports)
//	***** 888poker Hand History for Game 349568100 *****
//	$0.05/$0.10 Blinds No Limit Holdem - *** 06 01 2014 00:00:29
//	Table Aberdeen 9 Max (Real Money)
//	Seat 2 is the button
//	Total number of players : 8
//
// Tournament hands name the tournament instead of a table, and may have
// no date:
//
//	10/20 Blinds No Limit Holdem - ***
//	Tournament #28352940 10 + 1 - Table #1 (Practice Play)
//
// The time is the record's wall time, kept as if it were UTC: the record
// names no zone, and the public parsers disagree on it (fpdb takes it for
// US Eastern time, HHSmithy for GMT), so no conversion can be defended.

import (
	"bytes"
	"errors"
	"strconv"
	"time"

	"github.com/handaudit/handaudit/hand"
)

// header reads the hand's header line: "***** SITE[ QUALIFIER] Hand
// History for Game N *****". The site is the first word (Cassava,
// 888poker, 888.ro, 888poker.ca-on, LuckyAcePoker.com); a qualifier after
// it ("BLAST", "Snap Poker") names the kind of game.
func (p *handParser) header(b []byte) error {
	h := p.h
	site, id, ok := splitHeader(b)
	if !ok {
		return errors.New("cannot read the hand header")
	}
	if len(id) == 0 || len(id) > 20 || !allDigits(id) {
		return errors.New("cannot read the game number")
	}
	if len(p.gameNo) > 0 && string(p.gameNo) != string(id) {
		return errorf("the header's game %s is not the game %s of the \"#Game No\" line before it", id, p.gameNo)
	}
	if sp := bytes.IndexByte(site, ' '); sp >= 0 {
		p.blast = string(site[sp+1:]) == "BLAST"
		site = site[:sp]
	}
	if len(site) == 0 {
		// 888's headers name the site; one that does not is no 888 hand
		// (PartyPoker's names none), and could not be written back.
		return errors.New("the hand header names no site")
	}
	h.Site = p.r.strs.Intern(site)
	h.ID = string(id)
	return nil
}

// splitHeader splits a header line into its site (with any qualifier)
// and its game number, or reports that it is no header.
func splitHeader(b []byte) (site, id []byte, ok bool) {
	if len(b) < len(headerPrefix)+len(headerSuffix) || !bytes.HasPrefix(b, headerPrefix) || !hasSuffix(b, string(headerSuffix)) {
		return nil, nil, false
	}
	inner := b[len(headerPrefix) : len(b)-len(headerSuffix)]
	k := bytes.Index(inner, headerMiddle)
	if k < 1 {
		return nil, nil, false
	}
	return inner[:k], inner[k+len(headerMiddle):], true
}

func allDigits(b []byte) bool {
	for _, c := range b {
		if !isDigit(c) {
			return false
		}
	}
	return len(b) > 0
}

// gameLine reads "$0.05/$0.10 Blinds No Limit Holdem - *** 06 01 2014
// 00:00:29": the blinds, the game and the time.
func (p *handParser) gameLine(b []byte) error {
	h := p.h
	k := bytes.Index(b, []byte(" Blinds "))
	d := bytes.Index(b, []byte(" - ***"))
	if k < 0 || d < k+len(" Blinds ") {
		return errors.New("expected the game line (\"$0.05/$0.10 Blinds No Limit Holdem - *** DD MM YYYY HH:MM:SS\")")
	}
	stakes, game, date := b[:k], b[k+len(" Blinds "):d], b[d+len(" - ***"):]
	slash := bytes.IndexByte(stakes, '/')
	if slash < 0 {
		return errors.New("cannot read the blinds")
	}
	sb, err := parseAmount(stakes[:slash])
	if err != nil {
		return errors.New("cannot read the small blind")
	}
	bb, err := parseAmount(stakes[slash+1:])
	if err != nil {
		return errors.New("cannot read the big blind")
	}
	if sb.sym != bb.sym {
		return errors.New("the blinds are in different currencies")
	}
	p.sym = sb.sym
	if !p.blast {
		// A BLAST game's first figure is its prize pool, not a blind:
		// every player is all in with his ante.
		p.frac = sb.frac || bb.frac
		st := &h.Stakes
		st.SmallBlind, st.BigBlind = hand.Amount(sb.cents), hand.Amount(bb.cents)
		st.MinBet = st.BigBlind
	}
	if err := p.game(game); err != nil {
		return err
	}
	if len(date) > 0 {
		if date[0] != ' ' {
			return errors.New("cannot read the date")
		}
		t, ok := parseTime(date[1:])
		if !ok {
			return errors.New("cannot read the date (want DD MM YYYY HH:MM:SS)")
		}
		h.Start = t
	}
	p.stage = stageTable
	return nil
}

// game reads the game's name: "No Limit Holdem", "Fix Limit OmahaHL",
// "Pot Limit Omaha", with " Jackpot table" after it on jackpot tables.
func (p *handParser) game(b []byte) error {
	g := &p.h.Game
	g.Code = p.r.strs.Intern(b)
	var ok bool
	if g.Variant, g.Structure, g.HoleCards, ok = parseGame(b); !ok {
		return errorf("unknown game %q", g.Code)
	}
	if g.Structure == hand.FixedLimit {
		// 888 names a fixed-limit game by its blinds: the small bet is
		// the big blind.
		st := &p.h.Stakes
		st.SmallBet, st.BigBet = st.BigBlind, 2*st.BigBlind
	}
	return nil
}

// parseGame reads a game's name into its variant, structure and hole
// cards.
func parseGame(b []byte) (v hand.Variant, s hand.Structure, holeN int, ok bool) {
	b = bytes.TrimSuffix(b, []byte(jackpotTable))
	switch {
	case hasPrefix(b, "No Limit "):
		s, b = hand.NoLimit, b[len("No Limit "):]
	case hasPrefix(b, "Pot Limit "):
		s, b = hand.PotLimit, b[len("Pot Limit "):]
	case hasPrefix(b, "Fix Limit "):
		s, b = hand.FixedLimit, b[len("Fix Limit "):]
	case hasPrefix(b, "Limit "):
		s, b = hand.FixedLimit, b[len("Limit "):]
	default:
		return 0, 0, 0, false
	}
	switch string(b) {
	case "Holdem", "Hold'em":
		return hand.Holdem, s, 2, true
	case "Omaha":
		return hand.Omaha, s, 4, true
	case "OmahaHL", "Omaha Hi/Lo":
		return hand.OmahaHiLo, s, 4, true
	}
	return 0, 0, 0, false
}

// jackpotTable ends the game's name on a jackpot table.
const jackpotTable = " Jackpot table"

// parseTime reads "DD MM YYYY HH:MM:SS".
func parseTime(b []byte) (time.Time, bool) {
	if len(b) != 19 || b[2] != ' ' || b[5] != ' ' || b[10] != ' ' || b[13] != ':' || b[16] != ':' {
		return time.Time{}, false
	}
	num := func(s []byte) int {
		v := 0
		for _, c := range s {
			if !isDigit(c) {
				return -1
			}
			v = v*10 + int(c-'0')
		}
		return v
	}
	d, m, y, hh, mm, ss := num(b[0:2]), num(b[3:5]), num(b[6:10]), num(b[11:13]), num(b[14:16]), num(b[17:19])
	if d < 1 || m < 1 || m > 12 || y < 1 || hh < 0 || hh > 23 || mm < 0 || mm > 59 || ss < 0 || ss > 59 {
		return time.Time{}, false
	}
	t := time.Date(y, time.Month(m), d, hh, mm, ss, 0, time.UTC)
	if t.Day() != d {
		return time.Time{}, false // 31 04...
	}
	return t, true
}

// Table line endings: the kind of money played for.
var moneyKinds = [...]struct {
	text string
	play bool
}{{" (Real Money)", false}, {" (Practice Play)", true}, {" (Play Money)", true}}

// tableLine reads "Table NAME[ N Max] (Real Money)" or "Tournament #ID
// BUYIN[ - Table #N][ N Max] (Real Money)".
func (p *handParser) tableLine(b []byte) error {
	h := p.h
	play, ok := false, false
	for _, k := range moneyKinds {
		if hasSuffix(b, k.text) {
			b, play, ok = b[:len(b)-len(k.text)], k.play, true
			break
		}
	}
	if !ok {
		return errors.New("expected the table line (\"Table NAME (Real Money)\")")
	}
	if k := bytes.LastIndexByte(b, ' '); k > 0 && hasSuffix(b, " Max") {
		rest := b[:k]
		if j := bytes.LastIndexByte(rest, ' '); j >= 0 {
			if v, err := strconv.Atoi(string(rest[j+1:])); err == nil && v >= 2 && v <= 10 {
				h.MaxSeats, b = v, rest[:j]
			}
		}
	}
	switch {
	case hasPrefix(b, "Table "):
		name := b[len("Table "):]
		if len(name) == 0 {
			return errors.New("the table has no name")
		}
		h.Table = p.r.strs.Intern(name)
	case hasPrefix(b, "Tournament #"):
		b = b[len("Tournament #"):]
		k := 0
		for k < len(b) && isDigit(b[k]) {
			k++
		}
		if k == 0 || k > 20 || k < len(b) && b[k] != ' ' {
			return errors.New("cannot read the tournament number")
		}
		h.Tournament = p.r.strs.Intern(b[:k])
		// The buy-in is not kept; the table's number ends the line.
		if t := bytes.LastIndex(b, []byte(" - Table #")); t >= 0 {
			num := b[t+len(" - Table #"):]
			if !allDigits(num) {
				return errors.New("cannot read the tournament's table number")
			}
			h.Table = p.r.strs.Intern(num)
		}
	default:
		return errors.New("expected the table line (\"Table NAME (Real Money)\")")
	}
	p.cash = h.Tournament == "" && !play
	if p.cash {
		h.Currency = currencyOf(p.sym, h.Site)
	}
	p.stage = stageButton
	return nil
}

// buttonLine reads "Seat 2 is the button".
func (p *handParser) buttonLine(b []byte) error {
	if len(b) <= len("Seat  is the button") || !hasPrefix(b, "Seat ") || !hasSuffix(b, " is the button") {
		return errors.New("expected the button's seat (\"Seat N is the button\")")
	}
	v, err := strconv.Atoi(string(b[len("Seat ") : len(b)-len(" is the button")]))
	if err != nil || v < 1 || v > 10 {
		return errors.New("cannot read the button's seat")
	}
	p.h.Button = v
	p.stage = stagePlayers
	return nil
}

// playersLine reads "Total number of players : 8". The number is not
// kept: the seat lines say who plays.
func (p *handParser) playersLine(b []byte) error {
	const prefix = "Total number of players : "
	if !hasPrefix(b, prefix) || !allDigits(b[len(prefix):]) || len(b) > len(prefix)+2 {
		return errors.New("expected the number of players (\"Total number of players : N\")")
	}
	p.stage = stageSeats
	return nil
}

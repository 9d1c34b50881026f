package partypoker

// The header line ("***** Hand History for Game 13550642683 *****"), the
// game line after it ("$0.05/$0.10 USD NL Texas Hold'em - Monday, January
// 06, 08:24:17 EST 2014", or for a tournament "NL Texas Hold'em $22 USD
// Buy-in Trny:125049467 Level:12  Blinds-Antes(1.200/2.400 -400) - ..."),
// the table line, the button and the player count.

import (
	"bytes"
	"strconv"
	"sync"
	"time"
	_ "time/tzdata" // "ET" converts to UTC on any machine

	"github.com/handaudit/handaudit/hand"
)

// header reads the header line: the hand's ID, and the room that
// converted the record when it names one ("(WPN)", "(PokerBros)").
func (p *handParser) header(line []byte, num int) error {
	if !isHeader(line) {
		// A header found glued inside another line, cut short.
		return p.errorf(num, line, "broken header: expected \"***** Hand History for Game N *****\"")
	}
	rest := line[len(headerFor):]
	end := bytes.Index(rest, []byte(" *****"))
	if end <= 0 {
		return p.errorf(num, line, "header without a game number: expected \"***** Hand History for Game N *****\"")
	}
	id := rest[:end]
	for _, c := range id {
		if !(c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z') {
			return p.errorf(num, line, "game number %q is not letters and digits", id)
		}
	}
	p.h.ID = p.r.strs.Intern(id)
	tail := trimLine(rest[end+6:])
	if len(tail) > 0 {
		if tail[0] != '(' || tail[len(tail)-1] != ')' || len(tail) < 3 {
			return p.errorf(num, line, "unexpected text after the header")
		}
		p.h.Site = p.r.strs.Intern(tail[1 : len(tail)-1])
	}
	return nil
}

// A game PartyPoker names, with its variant and hole cards.
type gameName struct {
	name    string
	variant hand.Variant
	hole    int
}

// gameNames are matched longest first where they overlap.
var gameNames = [...]gameName{
	{"Texas Hold'em", hand.Holdem, 2},
	{"Holdem", hand.Holdem, 2},
	{"Omaha Hi-Lo", hand.OmahaHiLo, 4},
	{"Omaha", hand.Omaha, 4},
	{"Short Deck", hand.ShortDeck, 2},
}

// structures are the betting structures' abbreviations.
var structures = map[string]hand.Structure{"NL": hand.NoLimit, "PL": hand.PotLimit, "FL": hand.FixedLimit}

// gameLine reads the line after the header: stakes, game, date.
func (p *handParser) gameLine(line []byte) string {
	p.state = stTable
	dash := bytes.Index(line, []byte(" - "))
	if dash < 0 {
		return "game line without a date: expected \"STAKES GAME - Weekday, Month DD, HH:MM:SS ZONE YYYY\""
	}
	if bytes.Contains(line, []byte(" Game Table (")) {
		return p.newerGame(line)
	}
	desc, date := line[:dash], line[dash+3:]
	if msg := p.date(date); msg != "" {
		return msg
	}
	if len(desc) > 0 && (desc[0] == '$' || desc[0] >= '0' && desc[0] <= '9' || hasPrefix(desc, "€") || hasPrefix(desc, "£")) {
		return p.cashGame(desc)
	}
	return p.tournamentGame(desc)
}

// cashGame reads "$0.05/$0.10 USD NL Texas Hold'em", "$100 USD PL Omaha"
// or "$10 USD fastforward NL Texas Hold'em".
func (p *handParser) cashGame(desc []byte) string {
	h := p.h
	p.scale = 2
	sp := bytes.IndexByte(desc, ' ')
	if sp < 0 {
		return "cannot read the game line's stakes and game"
	}
	stakes, rest := desc[:sp], desc[sp+1:]
	cur := currencyOf(stakes)
	if sp := bytes.IndexByte(rest, ' '); sp == 3 && isCode(rest[:3]) {
		cur = string(rest[:3])
		rest = rest[4:]
	}
	if cur == "" {
		return "game line without a currency"
	}
	h.Currency = cur
	if a, b, ok := bytes.Cut(stakes, []byte("/")); ok {
		var msg string
		if p.stakeA, msg = p.amount(a); msg != "" {
			return msg
		}
		if p.stakeB, msg = p.amount(b); msg != "" {
			return msg
		}
	} else {
		var msg string
		if p.stakeA, msg = p.amount(stakes); msg != "" {
			return msg
		}
		p.single = true
	}
	for _, w := range [...]string{"fastforward ", "FastForward ", "Fastforward "} {
		if hasPrefix(rest, w) {
			rest = rest[len(w):]
		}
	}
	return p.game(rest, true)
}

// tournamentGame reads "NL Texas Hold'em $22 USD Buy-in Trny:125049467
// Level:12  Blinds-Antes(1.200/2.400 -400)" and its older forms.
func (p *handParser) tournamentGame(desc []byte) string {
	p.chips, p.scale = true, 0
	if msg := p.game(desc, false); msg != "" {
		return msg
	}
	i := bytes.Index(desc, []byte("Trny:"))
	if i < 0 {
		return "tournament game line without \"Trny:\""
	}
	if msg := p.tournament(trimLine(desc[i+5:])); msg != "" {
		return msg
	}
	for _, w := range [...]string{"Blinds-Antes(", "Stakes-Antes(", "Blinds("} {
		if j := bytes.Index(desc, []byte(w)); j >= 0 {
			return p.levelStakes(desc[j+len(w):])
		}
	}
	return "tournament game line without its blinds: expected \"Blinds(SB/BB)\""
}

// levelStakes reads "300/600)", "1.200/2.400 -400)" or "60/120-10)".
func (p *handParser) levelStakes(b []byte) string {
	end := bytes.IndexByte(b, ')')
	if end < 0 {
		return "blinds without a closing parenthesis"
	}
	b = b[:end]
	a, rest, ok := bytes.Cut(b, []byte("/"))
	if !ok {
		return "cannot read the blinds"
	}
	var msg string
	if p.stakeA, msg = p.amount(a); msg != "" {
		return msg
	}
	bb, ante, _ := bytes.Cut(rest, []byte("-"))
	if p.stakeB, msg = p.amount(trimLine(bb)); msg != "" {
		return msg
	}
	if len(ante) > 0 {
		if p.h.Stakes.Ante, msg = p.amount(trimLine(ante)); msg != "" {
			return msg
		}
	}
	return ""
}

// game reads the structure and the game's name at the start of b: "NL
// Texas Hold'em", "PL Omaha Hi-Lo". A cash game's name ends b.
func (p *handParser) game(b []byte, whole bool) string {
	h := p.h
	sp := bytes.IndexByte(b, ' ')
	if sp < 0 {
		return "cannot read the game"
	}
	st, ok := structures[string(b[:sp])]
	if !ok {
		return "unknown betting structure " + strconv.Quote(string(b[:sp])) + ": expected NL, PL or FL"
	}
	name := b[sp+1:]
	for _, g := range gameNames {
		if !hasPrefix(name, g.name) || whole && len(name) != len(g.name) ||
			len(name) > len(g.name) && name[len(g.name)] != ' ' {
			continue
		}
		h.Game = hand.Game{Variant: g.variant, Structure: st, HoleCards: g.hole,
			Code: p.r.strs.Intern(b[:sp+1+len(g.name)])}
		return ""
	}
	if whole {
		return "game " + strconv.Quote(string(name)) + " is not read (Texas Hold'em, Omaha and Omaha Hi-Lo are)"
	}
	return "unknown game in " + strconv.Quote(string(b))
}

// currencyOf is the ISO code of the currency sign an amount starts with.
func currencyOf(b []byte) string {
	switch {
	case hasPrefix(b, "$"):
		return "USD"
	case hasPrefix(b, "€"):
		return "EUR"
	case hasPrefix(b, "£"):
		return "GBP"
	}
	return ""
}

// isCode reports whether b is a currency code: three capital letters.
func isCode(b []byte) bool {
	return len(b) == 3 && b[0] >= 'A' && b[0] <= 'Z' && b[1] >= 'A' && b[1] <= 'Z' && b[2] >= 'A' && b[2] <= 'Z'
}

// tableLine reads "Table Karlsruhe (Real Money)", "Table Ponce ( Real
// Money )" or "Table Powerfest #081. ... (125049467) Table #41 (Real Money)".
func (p *handParser) tableLine(line []byte) string {
	if !hasPrefix(line, "Table ") {
		return "expected the table line: \"Table NAME (Real Money)\""
	}
	name := line[6:]
	var button []byte
	if i := bytes.Index(name, []byte(" -- Seat ")); i > 0 {
		// The newer export: "Table Table 7488952 (Real Money) -- Seat 1 is the button".
		// The suffix is looked for after " -- Seat ", which it may not
		// overlap ("Table 0 -- Seat is the button").
		if rest := name[i+9:]; hasSuffix(rest, " is the button") {
			name, button = name[:i], rest[:len(rest)-14]
		}
	}
	open := bytes.LastIndexByte(name, '(')
	if open < 0 || name[len(name)-1] != ')' {
		return "table line without \"(Real Money)\" or \"(Play Money)\""
	}
	switch string(bytes.TrimSpace(name[open+1 : len(name)-1])) {
	case "Real Money":
	case "Play Money":
		p.h.Currency = ""
	default:
		return "table line without \"(Real Money)\" or \"(Play Money)\""
	}
	p.h.Table = p.r.strs.Intern(trimLine(name[:open]))
	p.state = stSeats
	if button != nil {
		return p.buttonLine(button)
	}
	return ""
}

// buttonLine reads the N of "Seat N is the button".
func (p *handParser) buttonLine(b []byte) string {
	n, err := strconv.Atoi(string(b))
	if err != nil || n < 0 {
		return "cannot read the button's seat"
	}
	p.h.Button = n
	return ""
}

// playersLine reads " 6/9" (players seated / table size) or " 8".
func (p *handParser) playersLine(b []byte) string {
	b = trimLine(b)
	_, size, ok := bytes.Cut(b, []byte("/"))
	if !ok {
		size = nil
	}
	if size != nil {
		n, err := strconv.Atoi(string(size))
		if err != nil || n <= 0 {
			return "cannot read the table size"
		}
		p.h.MaxSeats = n
	}
	return ""
}

// date reads "Monday, January 06, 08:24:17 EST 2014" (or "Sunday,December
// 9, ...") into UTC. A zone not in zoneOffsets leaves the wall time as if
// it were UTC: the record's own clock, unconverted.
func (p *handParser) date(b []byte) string {
	const bad = "cannot read the date: expected \"Weekday, Month DD, HH:MM:SS ZONE YYYY\""
	comma := bytes.IndexByte(b, ',')
	if comma < 0 {
		return bad
	}
	f := bytes.Fields(b[comma+1:])
	if len(f) != 5 || len(f[1]) < 2 || f[1][len(f[1])-1] != ',' {
		return bad
	}
	month := 0
	for i, m := range months {
		if string(f[0]) == m {
			month = i + 1
		}
	}
	day, err1 := strconv.Atoi(string(f[1][:len(f[1])-1]))
	year, err2 := strconv.Atoi(string(f[4]))
	clock := f[2]
	if month == 0 || err1 != nil || err2 != nil || len(clock) != 8 || clock[2] != ':' || clock[5] != ':' {
		return bad
	}
	hh, e1 := strconv.Atoi(string(clock[:2]))
	mm, e2 := strconv.Atoi(string(clock[3:5]))
	ss, e3 := strconv.Atoi(string(clock[6:]))
	if e1 != nil || e2 != nil || e3 != nil || day < 1 || day > 31 || hh > 23 || mm > 59 || ss > 60 {
		return bad
	}
	return p.setStart(time.Date(year, time.Month(month), day, hh, mm, ss, 0, time.UTC), string(f[3]))
}

// setStart sets the hand's start from wall, the record's clock (read as
// if UTC), in the zone the record names.
func (p *handParser) setStart(wall time.Time, zone string) string {
	t := wall
	if zone == "ET" {
		t = time.Date(wall.Year(), wall.Month(), wall.Day(), wall.Hour(), wall.Minute(), wall.Second(), 0, eastern())
	} else if off, ok := zoneOffsets[zone]; ok {
		t = wall.Add(-time.Duration(off) * time.Second)
	}
	p.h.Start = t.UTC()
	return ""
}

var months = [...]string{"January", "February", "March", "April", "May", "June", "July",
	"August", "September", "October", "November", "December"}

// zoneOffsets are the zones PartyPoker writes, in seconds east of UTC.
// They say standard or summer time themselves (EST, EDT; CET, CEST; the
// German client's MEZ, MESZ), so each is a fixed offset.
var zoneOffsets = map[string]int{
	"UTC": 0, "GMT": 0, "WET": 0, "BST": 3600, "WEST": 3600, "IST": 3600,
	"CET": 3600, "MEZ": 3600, "CEST": 7200, "MESZ": 7200,
	"EET": 7200, "EEST": 3 * 3600, "MSK": 3 * 3600, "MSKS": 4 * 3600, "MSD": 4 * 3600,
	"EST": -5 * 3600, "EDT": -4 * 3600, "CST": -6 * 3600, "CDT": -5 * 3600,
	"MST": -7 * 3600, "MDT": -6 * 3600, "PST": -8 * 3600, "PDT": -7 * 3600,
	"AST": -4 * 3600, "ADT": -3 * 3600, "NST": -3*3600 - 1800, "NDT": -2*3600 - 1800,
	"BRT": -3 * 3600, "ART": -3 * 3600, "ICT": 7 * 3600, "WIB": 7 * 3600, "HKT": 8 * 3600,
	"SGT": 8 * 3600, "AWST": 8 * 3600, "JST": 9 * 3600, "KST": 9 * 3600,
	"AEST": 10 * 3600, "AEDT": 11 * 3600, "NZST": 12 * 3600, "NZDT": 13 * 3600,
}

// eastern is America/New_York, for "ET" (which does not say EST or EDT).
var eastern = sync.OnceValue(func() *time.Location {
	loc, err := time.LoadLocation("America/New_York")
	if err != nil { // cannot happen with time/tzdata linked in
		loc = time.FixedZone("EST", -5*3600)
	}
	return loc
})

// tournament sets the hand's tournament from the number id starts with.
func (p *handParser) tournament(id []byte) string {
	n := 0
	for n < len(id) && id[n] >= '0' && id[n] <= '9' {
		n++
	}
	if n == 0 {
		return "tournament game line without a tournament number"
	}
	p.h.Tournament = p.r.strs.Intern(id[:n])
	return ""
}

package pokerstars

// The header line ("PokerStars Hand #1: Hold'em No Limit ($0.05/$0.10
// USD) - 2014/01/06 7:22:02 ET") and the table line after it. The
// shortcuts for headers that repeat are in quick_header.go, those for
// the usual date in quick_time.go.

import (
	"bytes"
	"strings"
	"sync"
	"time"
	_ "time/tzdata" // ET times convert to UTC on any machine

	"github.com/handaudit/handaudit/hand"
)

// header reads the hand header line, whose parts are at parts if ok
// (see psSplitHeaderAt).
func (p *psParser) header(line []byte, parts psHeaderParts, ok bool) error {
	h := p.h
	if !ok {
		return psErrorf("cannot read the hand header")
	}
	site, id, afterColon := line[:parts.siteEnd], line[parts.idStart:parts.idEnd], line[parts.idEnd+1:]
	upper := string(site) == "POKERSTARS"
	if upper {
		site = []byte("PokerStars")
	}
	h.Site = p.r.internAs(site, &p.r.lastSite)
	h.ID = string(id)
	memo := p.r.headerMemos.find(afterColon)
	if !p.noQuick && memo.repeats(afterColon) {
		memo.apply(p)
		return p.date(afterColon[len(memo.text):])
	}
	if upper || !psHasLower(afterColon) {
		// Read (and kept in the memo) in PokerStars' case: a repeat of
		// the capitals is read again, as such files are few.
		afterColon = psUpperHeader(afterColon)
	}
	rest := psSkipSpaces(afterColon)
	if len(rest) > 0 && rest[0] == '{' { // a home game's club, before a tournament
		end := bytes.IndexByte(rest, '}')
		if end < 0 {
			return psErrorf("cannot read the club name")
		}
		rest = psSkipSpaces(rest[end+1:])
	}

	if len(rest) >= 12 && string(rest[:12]) == "Tournament #" {
		rest = rest[12:]
		i := 0
		for i < len(rest) && rest[i] >= '0' && rest[i] <= '9' {
			i++
		}
		if i == 0 || !psHas(rest[i:], ", ") {
			return psErrorf("cannot read the tournament number")
		}
		h.Tournament = string(rest[:i])
		p.isTourn = true
		rest = rest[i+2:]
	}
	if len(rest) > 0 && rest[0] == '{' { // home game club name
		end := bytes.IndexByte(rest, '}')
		if end < 0 {
			return psErrorf("cannot read the club name")
		}
		rest = psSkipSpaces(rest[end+1:])
	}

	// The game name, after a tournament's buy-in.
	at, g := psFindGame(rest)
	if at < 0 {
		if bytes.Contains(rest, []byte("Fusion ")) {
			// PokerStars' Fusion (2019): two hole cards, one more on the
			// flop and one on the turn, played as Omaha from the flop.
			return psErrorf("Fusion is not read: its hole cards are dealt on the flop and the turn too, a deal this reader does not take")
		}
		return psErrorf("unknown game")
	}
	rest = rest[at:]
	gameEnd := len(rest)
	if i := bytes.Index(rest, []byte(" (")); i >= 0 {
		gameEnd = i
	}
	if i := bytes.Index(rest, []byte(" - ")); i >= 0 && i < gameEnd {
		gameEnd = i
	}
	gameText := rest[:gameEnd]
	rest = rest[gameEnd:]

	var stakes []byte
	if psHas(rest, " (") {
		end := bytes.IndexByte(rest, ')')
		if end < 0 {
			return psErrorf("cannot read the stakes")
		}
		inner := rest[2:end]
		rest = rest[end+1:]
		// Only a mixed game names a game in its parentheses: test that
		// first, as the search for a game in plain stakes finds none slowly.
		stakes = inner
		if psIsMixed(gameText) {
			if mixed, inG := psFindGame(inner); mixed == 0 {
				// "HORSE (Razz Limit, $0.10/$0.20)": the game being played is inside.
				g = inG
				gameText, stakes = inner, nil
				if c := bytes.Index(inner, []byte(", ")); c >= 0 {
					gameText, stakes = inner[:c], inner[c+2:]
				}
			}
		}
	}
	if err := p.game(gameText, g); err != nil {
		return err
	}
	if k := psRegulatorID(rest); k > 0 { // after a cash game's stakes
		rest = rest[k:]
	}
	if !psHas(rest, " - ") {
		return psErrorf("cannot read the hand header")
	}
	rest = rest[3:]
	// Tournament parts before the date: "Level I (10/20)", "Match Round I, Level II (15/30)".
	for len(rest) > 0 && (rest[0] < '0' || rest[0] > '9') {
		seg := rest
		next := bytes.Index(rest, []byte(" - "))
		if next >= 0 {
			seg = rest[:next]
		}
		if k := bytes.LastIndex(seg, []byte(" [")); k > 0 && psRegulatorID(seg[k:]) == len(seg)-k {
			seg = seg[:k] // after a tournament's level
		}
		if lv := bytes.Index(seg, []byte("Level ")); lv >= 0 {
			open := bytes.Index(seg[lv:], []byte(" ("))
			if open < 0 || seg[len(seg)-1] != ')' {
				return psErrorf("cannot read the tournament level")
			}
			if stakes == nil {
				stakes = seg[lv+open+2 : len(seg)-1]
			}
		}
		if next < 0 {
			return psErrorf("cannot read the hand header")
		}
		rest = rest[next+3:]
	}
	if stakes == nil {
		return psErrorf("header gives no stakes")
	}
	if err := p.stakes(stakes); err != nil {
		return err
	}
	memo.keep(p, afterColon[:len(afterColon)-len(rest)])
	return p.date(rest)
}

// psRegulatorID returns the length of the Italian regulator's number of
// the hand at the start of b (" [AAMS ID: 0A1B2C3D4E5F6A7B]", " [ADM ID:
// ...]" since the AAMS became the ADM), which PokerStars.it writes after
// the stakes, or 0. The number is not kept: it names the hand at the
// regulator, not in the game.
func psRegulatorID(b []byte) int {
	var n int
	switch {
	case psHas(b, " [AAMS ID: "):
		n = 11
	case psHas(b, " [ADM ID: "):
		n = 10
	default:
		return 0
	}
	end := bytes.IndexByte(b[n:], ']')
	if end <= 0 {
		return 0
	}
	for _, c := range b[n : n+end] {
		if !(c >= '0' && c <= '9' || c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z') {
			return 0
		}
	}
	return n + end + 1
}

// psUpperHeader returns a copy of the text of a header written in
// capitals (PokerTracker 2's exports: "POKERSTARS GAME #1: HOLD'EM NO
// LIMIT ($2/$4) - ..."), with the words header knows in the case
// PokerStars writes them. The game's Code is then the room's own name.
func psUpperHeader(b []byte) []byte {
	out := bytes.Clone(b)
	for i := 0; i < len(out); i++ {
		if i > 0 && out[i-1] != ' ' && out[i-1] != ',' && out[i-1] != '(' {
			continue
		}
		for _, w := range psHeaderWords() {
			if len(out)-i >= len(w) && bytes.EqualFold(out[i:i+len(w)], []byte(w)) {
				copy(out[i:], w)
				i += len(w) - 1
				break
			}
		}
	}
	return out
}

// psHasLower reports whether b holds a lower-case ASCII letter.
func psHasLower(b []byte) bool {
	for _, c := range b {
		if c >= 'a' && c <= 'z' {
			return true
		}
	}
	return false
}

// psHeaderWords are the words of a header whose case psUpperHeader
// restores, longer first where one starts another.
var psHeaderWords = sync.OnceValue(func() []string {
	var ws []string
	for _, g := range psGames {
		ws = append(ws, g.name)
	}
	ws = append(ws, psMixed[:]...)
	ws = append(ws, "Tournament", "Level", "No Limit", "Pot Limit", "Fixed Limit", "Limit",
		"Match Round", "Freeroll", "Button Blind", "Ante", "Cap")
	return ws
})

// psET is America/New_York, in which PokerStars writes its canonical times.
var psET = sync.OnceValue(func() *time.Location {
	loc, err := time.LoadLocation("America/New_York")
	if err != nil { // cannot happen with time/tzdata linked in
		return time.FixedZone("EST", -5*3600)
	}
	return loc
})

// psGame is one game name as PokerStars writes it.
type psGame struct {
	name    string
	variant hand.Variant
	hole    int
}

// psGames lists the game names, longer names first where one starts another.
var psGames = [...]psGame{
	{"5 Card Omaha Hi/Lo", hand.OmahaHiLo, 5},
	{"6 Card Omaha Hi/Lo", hand.OmahaHiLo, 6},
	{"5 Card Omaha", hand.Omaha, 5},
	{"6 Card Omaha", hand.Omaha, 6},
	{"Courchevel Hi/Lo", hand.CourchevelHiLo, 5},
	{"Courchevel", hand.Courchevel, 5},
	{"Omaha Hi/Lo", hand.OmahaHiLo, 4},
	{"Omaha", hand.Omaha, 4},
	{"6+ Hold'em", hand.ShortDeck, 2},
	// PokerStars' novelty hold'em tables (2018-2020) deal and rank as
	// hold'em: Showtime shows the folded cards, Swap lets a player change
	// hole cards once (a hand with a swap line is refused as an unknown
	// line: no public record shows one).
	{"Showtime Hold'em", hand.Holdem, 2},
	{"Swap Hold'em", hand.Holdem, 2},
	{"Hold'em 6+", hand.ShortDeck, 2},
	{"Hold'em", hand.Holdem, 2},
	{"7 Card Stud Hi/Lo", hand.StudHiLo, 7},
	{"7 Card Stud", hand.Stud, 7},
	{"Razz", hand.Razz, 7},
	{"Triple Draw 2-7 Lowball", hand.Deuce7Triple, 5},
	{"Single Draw 2-7 Lowball", hand.Deuce7Single, 5},
	{"5 Card Draw", hand.FiveCardDraw, 5},
	{"Badugi", hand.Badugi, 4},
}

// psGamesByFirst lists, by first byte, the indexes in psGames of the
// names that start with it, in psGames' order.
var psGamesByFirst = func() (t [256][]uint8) {
	for i, g := range psGames {
		t[g.name[0]] = append(t[g.name[0]], uint8(i))
	}
	return t
}()

// psMixed are the names of mixed games, whose current game is in parentheses.
var psMixed = [...]string{"HORSE", "8-Game", "Mixed", "HOSE", "Hold'em/Omaha", "Triple Stud"}

// psFindGame finds the first game name in b.
func psFindGame(b []byte) (int, psGame) {
	if len(b) == 0 {
		return -1, psGame{}
	}
	for _, i := range psGamesByFirst[b[0]] {
		if g := &psGames[i]; psHas(b, g.name) {
			return 0, *g
		}
	}
	for _, m := range psMixed {
		if psHas(b, m) {
			return 0, psGame{name: m}
		}
	}
	best, bestGame := -1, psGame{}
	for _, g := range psGames {
		if i := bytes.Index(b, []byte(g.name)); i >= 0 && (best < 0 || i < best) {
			best, bestGame = i, g
		}
	}
	for _, m := range psMixed {
		if i := bytes.Index(b, []byte(m)); i >= 0 && (best < 0 || i < best) {
			best, bestGame = i, psGame{name: m}
		}
	}
	return best, bestGame
}

func psIsMixed(b []byte) bool {
	for _, m := range psMixed {
		// The first two bytes first: most names differ there, and
		// comparing the rest is a call.
		if len(b) >= len(m) && b[0] == m[0] && b[1] == m[1] && psHas(b, m) {
			return true
		}
	}
	return false
}

// game reads "Hold'em No Limit", "5 Card Omaha Pot Limit", "Omaha Hi/Lo Limit"...
func (p *psParser) game(text []byte, g psGame) error {
	h := p.h
	h.Game.Code = p.r.internAs(text, &p.r.lastGame)
	rest := text[len(g.name):]
	switch string(rest) {
	case " No Limit":
		h.Game.Structure = hand.NoLimit
	case " Pot Limit":
		h.Game.Structure = hand.PotLimit
	case " Limit", " Fixed Limit":
		h.Game.Structure = hand.FixedLimit
	case " Pot Limit Pre-Flop, No Limit Post-Flop":
		// PokerStars' "PL/NL": pot limit before the flop, no limit after.
		// The structure has no such value: it is read as no limit, whose
		// rules every pot-limit bet keeps (a pre-flop bet over the pot is
		// not found); Code keeps the room's name.
		h.Game.Structure = hand.NoLimit
	default:
		return psErrorf("unknown betting structure %q", strings.TrimSpace(string(rest)))
	}
	if g.variant == hand.UnknownVariant {
		return psErrorf("unknown game %q", g.name)
	}
	h.Game.Variant, h.Game.HoleCards = g.variant, g.hole
	p.holeN = g.hole
	return nil
}

// stakes reads "$0.05/$0.10 USD", "€1/€2 EUR", "$1/$2 - $40 Cap -  USD",
// "10/20" (chips) and takes the hand's scale from them.
func (p *psParser) stakes(b []byte) error {
	st := &p.h.Stakes
	// The currency: an ISO code at the end, or a sign before the amounts.
	if i := bytes.LastIndexByte(b, ' '); i >= 0 {
		code := b[i+1:]
		if len(code) == 3 && psUpper(code) {
			p.h.Currency = p.r.internAs(code, &p.r.lastCurrency)
			b = bytes.TrimRight(b[:i], " ")
		}
	}
	if sign := psCurrencySign(b); sign != "" {
		p.currency = true
		if p.h.Currency == "" {
			p.h.Currency = sign
		}
	} else if p.h.Currency != "" {
		p.currency = true
	}
	if p.currency {
		p.scale = 2
	} else {
		// Chips: the scale is set by the decimals the amounts use.
		p.scale = max(psDecimals(b), 0)
	}
	if psHas(b, "Button Blind ") {
		return p.buttonBlindStakes(b[13:])
	}
	lo, k, err := p.amount(b)
	if err != nil {
		return err
	}
	scLo := p.scale
	if !psHas(b[k:], "/") {
		return psErrorf("cannot read the stakes")
	}
	b = b[k+1:]
	hi, k, err := p.amount(b)
	if err != nil {
		return err
	}
	scHi := p.scale
	b = b[k:]
	if psHas(b, " - ") { // capped no-limit: "- $40 Cap -", also written "-  $40 CAP  -"
		b = psSkipSpaces(b[3:])
		c, k, err := p.amount(b)
		if err != nil || !psHas(b[k:], " Cap") && !psHas(b[k:], " CAP") {
			return psErrorf("cannot read the cap")
		}
		st.Cap = c // read last: no later amount can rescale it
		b = bytes.TrimRight(bytes.TrimPrefix(psSkipSpaces(b[k+4:]), []byte("-")), " ")
	}
	if len(b) > 0 {
		return psErrorf("cannot read the stakes")
	}
	lo, hi = p.since(lo, scLo), p.since(hi, scHi)
	if p.h.Game.Structure == hand.FixedLimit {
		st.SmallBet, st.BigBet = lo, hi
	} else {
		st.SmallBlind, st.BigBlind = lo, hi
	}
	return nil
}

// buttonBlindStakes reads the stakes of 6+ hold'em with a button blind,
// after "Button Blind ": "$2 - Ante $2" (the currency code is gone). The
// button blind is the bet the others must call, as a big blind is: it is
// the stakes' BigBlind (and so the smallest bet).
func (p *psParser) buttonBlindStakes(b []byte) error {
	st := &p.h.Stakes
	bb, k, err := p.amount(b)
	if err != nil {
		return err
	}
	sc := p.scale
	if !psHas(b[k:], " - Ante ") {
		return psErrorf("cannot read the stakes")
	}
	b = b[k+8:]
	ante, k, err := p.amount(b)
	if err != nil {
		return err
	}
	if k != len(b) {
		return psErrorf("cannot read the stakes")
	}
	st.BigBlind, st.Ante = p.since(bb, sc), ante
	return nil
}

func psUpper(b []byte) bool {
	for _, c := range b {
		if c < 'A' || c > 'Z' {
			return false
		}
	}
	return true
}

// psCurrencySign returns the ISO code of the currency sign starting b, or "".
func psCurrencySign(b []byte) string {
	switch {
	case psHas(b, "$"):
		return "USD"
	case psHas(b, "€"):
		return "EUR"
	case psHas(b, "£"):
		return "GBP"
	case psHas(b, "₹"):
		return "INR"
	case psHas(b, "¥"):
		return "CNY"
	}
	return ""
}

// psDecimals returns the most digits after a decimal point in b.
func psDecimals(b []byte) int {
	most := 0
	for i := 0; i < len(b); i++ {
		if b[i] == '.' && i+1 < len(b) && b[i+1] >= '0' && b[i+1] <= '9' {
			n := 0
			for i+1 < len(b) && b[i+1] >= '0' && b[i+1] <= '9' {
				i++
				n++
			}
			most = max(most, n)
		}
	}
	return most
}

// date reads "2014/01/06 7:22:02 ET" or "2014/02/21 12:45:08 WET [2014/02/21 6:45:08 ET]";
// the bracketed ET time wins.
func (p *psParser) date(b []byte) error {
	if i := bytes.IndexByte(b, '['); i >= 0 {
		end := bytes.IndexByte(b[i:], ']')
		if end < 0 || i+end != len(b)-1 {
			return psErrorf("cannot read the hand's time")
		}
		b = b[i+1 : i+end]
	}
	t, ok := psParseTime(b, &p.r.times)
	if !ok {
		if t, ok = psParseOldTime(b); !ok {
			return psErrorf("cannot read the hand's time")
		}
	}
	p.h.Start = t
	return nil
}

// psParseOldTime reads the times of older headers and exports: the date
// and the time apart, the zone in parentheses, or no seconds
// ("2007/10/15 - 05:34:03 (ET)", "2009/06/14 11:45"). As psParseTime, an
// unknown zone (or none) gives the zero time and true.
func psParseOldTime(b []byte) (time.Time, bool) {
	var f [6]int
	i := 0
	field := func(k int, seps string) bool {
		start := i
		for i < len(b) && b[i] >= '0' && b[i] <= '9' && i-start < 4 {
			f[k] = f[k]*10 + int(b[i]-'0')
			i++
		}
		if i == start {
			return false
		}
		if seps == "" {
			return true
		}
		if i >= len(b) || !strings.ContainsRune(seps, rune(b[i])) {
			return false
		}
		i++
		return true
	}
	if !field(0, "/-") || !field(1, "/-") || !field(2, " ") {
		return time.Time{}, false
	}
	if psHas(b[i:], "- ") {
		i += 2
	}
	if !field(3, ":") || !field(4, "") {
		return time.Time{}, false
	}
	if i < len(b) && b[i] == ':' {
		i++
		if !field(5, "") {
			return time.Time{}, false
		}
	}
	if f[1] < 1 || f[1] > 12 || f[2] < 1 || f[2] > 31 || f[3] > 23 || f[4] > 59 || f[5] > 60 {
		return time.Time{}, false
	}
	zone := bytes.TrimSpace(b[i:])
	if len(zone) > 2 && zone[0] == '(' && zone[len(zone)-1] == ')' {
		zone = zone[1 : len(zone)-1]
	}
	if len(zone) > 0 && i < len(b) && b[i] != ' ' {
		return time.Time{}, false
	}
	loc := psLoc(string(zone))
	if loc == nil {
		// No zone, or one not known: the time is not needed to audit a hand.
		return time.Time{}, true
	}
	return time.Date(f[0], time.Month(f[1]), f[2], f[3], f[4], f[5], 0, loc).UTC(), true
}

// psParseTime reads "2014/01/06 7:22:02 ET" into UTC. An unknown zone gives
// the zero time and true: the time is not needed to audit a hand. c keeps
// the zone period of the last time read (see psTimeCache).
func psParseTime(b []byte, c *psTimeCache) (time.Time, bool) {
	f, i, ok := psQuickTimeFields(b)
	if !ok {
		if f, i, ok = psTimeFields(b); !ok {
			return time.Time{}, false
		}
	}
	if f[1] < 1 || f[1] > 12 || f[2] < 1 || f[2] > 31 || f[3] > 23 || f[4] > 59 || f[5] > 60 {
		return time.Time{}, false
	}
	zone := bytes.TrimSpace(b[i:])
	var loc *time.Location
	if string(zone) == "ET" {
		loc = psET()
	} else {
		loc = psLoc(string(zone))
	}
	if loc == nil {
		return time.Time{}, true
	}
	return c.utc(f, loc), true
}

// psTimeFields reads the year, month, day, hour, minute and second at the
// start of b, of one to four digits each, and returns where they end.
func psTimeFields(b []byte) (f [6]int, end int, ok bool) {
	i := 0
	for k := 0; k < 6; k++ {
		start := i
		for i < len(b) && b[i] >= '0' && b[i] <= '9' && i-start < 4 {
			f[k] = f[k]*10 + int(b[i]-'0')
			i++
		}
		if i == start {
			return f, 0, false
		}
		if k == 5 {
			break
		}
		if i >= len(b) {
			return f, 0, false
		}
		want := byte(':')
		switch k {
		case 0, 1:
			if b[i] != '/' && b[i] != '-' {
				return f, 0, false
			}
		case 2:
			want = ' '
			fallthrough
		default:
			if b[i] != want {
				return f, 0, false
			}
		}
		i++
	}
	return f, i, true
}

// time zones for the rare header that gives no ET time.
var psZones = map[string]string{
	"ET": "America/New_York", "EST": "America/New_York", "EDT": "America/New_York",
	"PT": "America/Los_Angeles", "MT": "America/Denver", "CT": "America/Chicago",
	"AT": "America/Halifax", "BRT": "America/Sao_Paulo", "ART": "America/Argentina/Buenos_Aires",
	"WET": "Europe/Lisbon", "CET": "Europe/Paris", "EET": "Europe/Athens", "MSK": "Europe/Moscow",
	"GMT": "UTC", "UTC": "UTC", "IST": "Asia/Kolkata", "CCT": "Asia/Shanghai", "JST": "Asia/Tokyo",
	"AET": "Australia/Sydney", "NZT": "Pacific/Auckland",
}

// psLocs caches loaded zones: time.LoadLocation reads the zone data each call.
var psLocs sync.Map // abbreviation -> *time.Location

// psLoc returns the zone named by a header abbreviation, or nil.
func psLoc(abbr string) *time.Location {
	if abbr == "ET" {
		return psET()
	}
	if loc, ok := psLocs.Load(abbr); ok {
		return loc.(*time.Location)
	}
	name, ok := psZones[abbr]
	if !ok {
		return nil
	}
	loc, err := time.LoadLocation(name)
	if err != nil {
		return nil
	}
	psLocs.Store(abbr, loc)
	return loc
}

// table reads "Table 'Name' 9-max [(Play Money)] Seat #7 is the button".
func (p *psParser) table(line []byte) error {
	if !psHas(line, "Table '") {
		return psErrorf("expected the Table line")
	}
	// The name ends at the line's last quote. Searched forward, from
	// quote to quote, as the name is short and the search is fast.
	end := 6
	for {
		k := bytes.IndexByte(line[end+1:], '\'')
		if k < 0 {
			break
		}
		end += 1 + k
	}
	if end < 7 {
		return psErrorf("cannot read the table name")
	}
	h := p.h
	h.Table = p.r.internAs(line[7:end], &p.r.lastTable)
	rest := line[end+1:]
	for len(rest) > 0 {
		rest = psSkipSpaces(rest)
		switch {
		case psHas(rest, "Seat #"):
			i := 6
			for i < len(rest) && rest[i] >= '0' && rest[i] <= '9' {
				i++
			}
			h.Button = psNum(rest[6:i])
			if h.Button <= 0 || string(rest[i:]) != " is the button" {
				return psErrorf("cannot read the button seat")
			}
			rest = nil
		case psHas(rest, "("):
			close := bytes.IndexByte(rest, ')')
			if close < 0 {
				return psErrorf("cannot read the table line")
			}
			rest = rest[close+1:]
		default:
			sp := bytes.IndexByte(rest, ' ')
			if sp < 0 {
				sp = len(rest)
			}
			word := rest[:sp]
			if psHasSuffix(word, "-max") {
				h.MaxSeats = psNum(word[:len(word)-4])
				if h.MaxSeats <= 0 {
					return psErrorf("cannot read the table size")
				}
			} else {
				return psErrorf("cannot read the table line")
			}
			rest = rest[sp:]
		}
	}
	p.state = psSeats
	return nil
}

package pokerstars

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"math"
	"math/bits"
	"strings"
	"sync"
	"time"
	_ "time/tzdata" // ET times convert to UTC on any machine

	"github.com/handaudit/handaudit/hand"
	"github.com/handaudit/handaudit/parser"
)

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
	{"Courchevel Hi/Lo", hand.OmahaHiLo, 5},
	{"Courchevel", hand.Omaha, 5},
	{"Omaha Hi/Lo", hand.OmahaHiLo, 4},
	{"Omaha", hand.Omaha, 4},
	{"6+ Hold'em", hand.ShortDeck, 2},
	{"Hold'em 6+", hand.ShortDeck, 2},
	{"Hold'em", hand.Holdem, 2},
	{"7 Card Stud Hi/Lo", hand.StudHiLo, 7},
	{"7 Card Stud", hand.Stud, 7},
	{"Razz", hand.Razz, 7},
	{"Triple Draw 2-7 Lowball", hand.Deuce7Triple, 5},
	{"Single Draw 2-7 Lowball", hand.Deuce7Single, 5},
	{"5 Card Draw", hand.UnknownVariant, 5},
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

// header reads the hand header line, whose parts are at parts if ok
// (see psSplitHeaderAt).
func (p *psParser) header(line []byte, parts psHeaderParts, ok bool) error {
	h := p.h
	if !ok {
		return psErrorf("cannot read the hand header")
	}
	site, id, afterColon := line[:parts.siteEnd], line[parts.idStart:parts.idEnd], line[parts.idEnd+1:]
	h.Site = p.r.internAs(site, &p.r.lastSite)
	h.ID = string(id)
	memo := p.r.headerMemos.find(afterColon)
	if !p.noQuick && memo.repeats(afterColon) {
		memo.apply(p)
		return p.date(afterColon[len(memo.text):])
	}
	rest := psSkipSpaces(afterColon)

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

// psHeaderMemos keeps what recent headers said before their dates (see
// psHeaderMemo), for the games and stakes a file's hands are played at:
// each header text hashes to a slot, which holds one memo. Memos are made
// as slots are first used, so a file of one table keeps one.
type psHeaderMemos struct {
	slots [psHeaderMemoSlots]uint16 // by hash: the slot's index in memos plus one; 0: none yet
	memos []psHeaderMemo
}

const (
	psHeaderMemoShift = 8 // log2(psHeaderMemoSlots)
	psHeaderMemoSlots = 1 << psHeaderMemoShift
)

// find returns the memo of the slot of the header whose text after its
// hand number's colon is afterColon: the one kept for that text, or
// another's to replace (keep), or an empty one. Only the slot depends on
// the hash: repeats checks the text itself.
func (ms *psHeaderMemos) find(afterColon []byte) *psHeaderMemo {
	// The text up to the first '-' (which usually ends the stakes) picks
	// the slot: its first and last 16 bytes, and its length. Headers
	// differ in their game near the start and their stakes near the end.
	n := bytes.IndexByte(afterColon, '-')
	if n < 0 {
		n = len(afterColon)
	}
	w0, w1 := parser.NameWords(afterColon[:n])
	v0, v1 := parser.NameWords(afterColon[max(n-16, 0):n])
	slot := &ms.slots[parser.NameHash(w0^v1, w1^v0, n)>>(64-psHeaderMemoShift)]
	if *slot == 0 {
		ms.memos = append(ms.memos, psHeaderMemo{})
		*slot = uint16(len(ms.memos))
	}
	return &ms.memos[*slot-1]
}

// psHeaderMemo is what the last header read said before its date: the
// game, stakes and tournament, which the next hand's header nearly
// always repeats word for word. A header whose text up to its date is
// the same is not read again.
//
// The text read before the date decides these alone: header's searches
// before the date find their targets in it, and a date starts with a
// digit, which no search there crosses into (see repeats).
type psHeaderMemo struct {
	text       []byte // from after the hand number's colon to the date; empty: none kept
	tournament string
	isTourn    bool
	game       hand.Game
	holeN      int
	currency   string
	isMoney    bool // psParser.currency
	scale      int
	stakes     hand.Stakes // with no Straddles: the header has none
}

// repeats reports whether afterColon, a header's text after its hand
// number's colon, starts with the text kept and then a date's first digit.
func (m *psHeaderMemo) repeats(afterColon []byte) bool {
	n := len(m.text)
	return n > 0 && len(afterColon) > n && afterColon[n]-'0' <= 9 && string(afterColon[:n]) == string(m.text)
}

// keep remembers what header read from text, the header's text before
// its date.
func (m *psHeaderMemo) keep(p *psParser, text []byte) {
	h := p.h
	m.text = append(m.text[:0], text...)
	m.tournament, m.isTourn = h.Tournament, p.isTourn
	m.game, m.holeN = h.Game, p.holeN
	m.currency, m.isMoney, m.scale = h.Currency, p.currency, p.scale
	m.stakes = h.Stakes
	m.stakes.Straddles = nil
}

// apply sets what header would read from the text kept.
func (m *psHeaderMemo) apply(p *psParser) {
	h := p.h
	h.Tournament, p.isTourn = m.tournament, m.isTourn
	h.Game, p.holeN = m.game, m.holeN
	h.Currency, p.currency, p.scale = m.currency, m.isMoney, m.scale
	straddles := h.Stakes.Straddles
	h.Stakes = m.stakes
	h.Stakes.Straddles = straddles
}

// psSkipSpaces is bytes.TrimLeft(b, " "), without its general setup.
func psSkipSpaces(b []byte) []byte {
	for len(b) > 0 && b[0] == ' ' {
		b = b[1:]
	}
	return b
}

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
	default:
		return psErrorf("unknown betting structure %q", strings.TrimSpace(string(rest)))
	}
	if g.variant == hand.UnknownVariant || !g.variant.IsBoardGame() {
		return psErrorf("%s is not read by this reader (board games only)", g.name)
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
	if psHas(b, " - ") { // capped no-limit: "- $40 Cap -"
		b = b[3:]
		c, k, err := p.amount(b)
		if err != nil || !psHas(b[k:], " Cap") {
			return psErrorf("cannot read the cap")
		}
		st.Cap = c // read last: no later amount can rescale it
		b = bytes.TrimRight(bytes.TrimPrefix(b[k+4:], []byte(" -")), " ")
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
		return psErrorf("cannot read the hand's time")
	}
	p.h.Start = t
	return nil
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

// psQuickTimeFields reads the usual "2014/01/06 7:22:02" (or 17:22:02)
// as psTimeFields does, checking each field where it must be, or reports
// false.
func psQuickTimeFields(b []byte) (f [6]int, end int, ok bool) {
	if len(b) < 18 || b[4] != '/' && b[4] != '-' || b[7] != '/' && b[7] != '-' || b[10] != ' ' {
		return f, 0, false
	}
	h := 12 // where the hour ends
	if b[12] != ':' {
		h = 13
	}
	if len(b) < h+6 || b[h] != ':' || b[h+3] != ':' || len(b) > h+6 && b[h+6]-'0' <= 9 {
		return f, 0, false
	}
	hour := psDigits2(b[11], b[12])
	if h == 12 {
		hour = psDigits2('0', b[11])
	}
	century, year := psDigits2(b[0], b[1]), psDigits2(b[2], b[3])
	f = [6]int{century*100 + year, psDigits2(b[5], b[6]), psDigits2(b[8], b[9]), hour,
		psDigits2(b[h+1], b[h+2]), psDigits2(b[h+4], b[h+5])}
	if century|year|f[1]|f[2]|f[3]|f[4]|f[5] < 0 { // psDigits2 is -1 for what is not digits
		return f, 0, false
	}
	return f, h + 6, true
}

// psDigits2 reads the two digits a and b as a number, or returns -1.
func psDigits2(a, b byte) int {
	if a-'0' > 9 || b-'0' > 9 {
		return -1
	}
	return int(a-'0')*10 + int(b-'0')
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

// psTimeCache converts local times to UTC without looking up the zone's
// rules each time: it keeps the zone period (offset, start, end) of the
// last time converted. A time whose local clock, read as UTC, and whose
// UTC time both fall in that period gets the same offset from time.Date,
// which looks the offset up at those two instants; any other time goes to
// time.Date. Hands of a file are minutes apart, and a period lasts months.
type psTimeCache struct {
	loc        *time.Location
	offset     int64 // seconds east of UTC
	start, end int64 // the period, in Unix seconds: [start, end)

	// The date (year, month, day) of the last time converted, and its
	// midnight read as UTC, in Unix seconds: a file's hands are mostly
	// of one day.
	date     [3]int
	midnight int64
}

// utc returns the time of fields f (year, month, day, hour, minute,
// second) in loc, in UTC, as time.Date(..., loc).UTC() does.
func (c *psTimeCache) utc(f [6]int, loc *time.Location) time.Time {
	// time.Date normalizes the clock by adding up its seconds: the local
	// time is midnight plus those.
	if [3]int(f[:3]) != c.date {
		c.date = [3]int(f[:3])
		c.midnight = time.Date(f[0], time.Month(f[1]), f[2], 0, 0, 0, 0, time.UTC).Unix()
	}
	local := c.midnight + int64(f[3])*3600 + int64(f[4])*60 + int64(f[5])
	if loc == c.loc && local >= c.start && local < c.end {
		if u := local - c.offset; u >= c.start && u < c.end {
			return time.Unix(u, 0).UTC()
		}
	}
	t := time.Date(f[0], time.Month(f[1]), f[2], f[3], f[4], f[5], 0, loc)
	_, off := t.Zone()
	start, end := t.ZoneBounds()
	c.loc, c.offset, c.start, c.end = loc, int64(off), math.MinInt64, math.MaxInt64
	if !start.IsZero() {
		c.start = start.Unix()
	}
	if !end.IsZero() {
		c.end = end.Unix()
	}
	return t.UTC()
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

// seat reads "Seat 3: NAME ($10.50 in chips[, $1 bounty])[ is sitting out| out of hand (...)]".
func (p *psParser) seat(line []byte) error {
	if !p.noQuick && p.quickSeat(line) {
		return nil
	}
	// The colon after the number is the line's first ": " (the text
	// before it is "Seat " and digits); look for it there first.
	colon := 5
	for colon < len(line) && line[colon] >= '0' && line[colon] <= '9' {
		colon++
	}
	if colon+1 >= len(line) || line[colon] != ':' || line[colon+1] != ' ' {
		colon = bytes.Index(line, []byte(": "))
	}
	if colon < 6 {
		return psErrorf("cannot read the seat line")
	}
	number := psNum(line[5:colon])
	if number <= 0 {
		return psErrorf("cannot read the seat number")
	}
	if p.h.MaxSeats > 0 && number > p.h.MaxSeats {
		return psErrorf("seat %d at a %d-max table", number, p.h.MaxSeats)
	}
	rest := line[colon+2:]
	chips := bytes.Index(rest, []byte(" in chips"))
	if chips < 0 {
		return psErrorf("cannot read the seat's stack")
	}
	open := psLastOpen(rest[:chips])
	if open <= 0 {
		return psErrorf("cannot read the seat's stack")
	}
	name := rest[:open]
	stack, k, err := p.amount(rest[open+2:])
	if err != nil {
		return err
	}
	if open+2+k != chips {
		return psErrorf("cannot read the seat's stack")
	}
	tail := rest[chips+9:]
	close := bytes.IndexByte(tail, ')')
	if close < 0 {
		return psErrorf("cannot read the seat line")
	}
	if close > 0 && !psHas(tail, ", ") { // ", $1 bounty" and the like
		return psErrorf("cannot read the seat line")
	}
	tail = tail[close+1:]
	w0, w1 := parser.NameWords(name)
	s := hand.Seat{Number: number, Player: p.r.strs.InternWords(name, w0, w1), Stack: stack}
	switch {
	case len(tail) == 0:
	case psIs(tail, " is sitting out"):
		// Cash players sitting out are not dealt in; tournament players are,
		// and fold each hand.
		s.SittingOut = !p.isTourn
	case psHas(tail, " out of hand"):
		s.SittingOut = true
	default:
		return psErrorf("unexpected text after the seat's stack")
	}
	for i := range p.seats {
		if p.seats[i].Number == number {
			return psErrorf("seat %d listed twice", number)
		}
		if p.seats[i].Player == s.Player {
			return psErrorf("player %q seated twice", s.Player)
		}
		if p.seats[i].Number > number {
			return psErrorf("seats out of order")
		}
	}
	p.addSeat(s, w0, w1)
	return nil
}

// quickSeat reads the usual seat line, "Seat 3: NAME ($10.50 in chips)",
// with no calls but the interner's: a seat number of one or two digits,
// and a stack of one to three digits, "$" or not before them, then ".DD"
// or nothing in a hand of cents (scale 2), nothing in a hand of chips
// (scale 0), read backwards from the " in chips)" that ends the line.
// Every other line, and every line seat would refuse, goes to
// quickSeatAny, unchanged; what this reads, it reads as quickSeatAny.
func (p *psParser) quickSeat(line []byte) bool {
	// "Seat N: " or "Seat NN: ", and a byte after.
	if len(line) < 10 {
		return p.quickSeatAny(line)
	}
	d, colon := line[5]-'0', 6
	number := int(d)
	if d2 := line[6] - '0'; d2 <= 9 {
		number, colon = number*10+int(d2), 7
	}
	if d > 9 || number == 0 || line[colon] != ':' || line[colon+1] != ' ' {
		return p.quickSeatAny(line)
	}
	if max := p.h.MaxSeats; max > 0 && number > max {
		return p.quickSeatAny(line)
	}
	if last := len(p.seats) - 1; last >= 0 && p.seats[last].Number >= number {
		return p.quickSeatAny(line)
	}
	// Indexes are into line: the name starts at colon+2. The shortest
	// line read here is "Seat N: XY ($1.50 in chips)": there is room for
	// the amount's digits and " (" without more bounds checks.
	end := len(line) - 10 // where " in chips)" starts
	if end < colon+11 || string(line[end:]) != " in chips)" {
		return p.quickSeatAny(line)
	}
	// The cents, if any; then one to three digits before them.
	scale, i, v := p.scale, end, int64(0)
	if d1, d2 := line[end-2]-'0', line[end-1]-'0'; scale == 2 && line[end-3] == '.' && d1 <= 9 && d2 <= 9 {
		i, v = end-3, int64(d1)*10+int64(d2)
	} else if scale != 0 && scale != 2 {
		return p.quickSeatAny(line)
	}
	unit := int64(100)
	if d = line[i-1] - '0'; scale == 0 {
		unit = 1
	}
	if d > 9 {
		return p.quickSeatAny(line) // no digits
	}
	v += int64(d) * unit
	j := i - 1 // the amount's first digit
	if d = line[j-1] - '0'; d <= 9 {
		v += int64(d) * 10 * unit
		j--
		if d = line[j-1] - '0'; d <= 9 {
			v += int64(d) * 100 * unit
			j--
		}
	}
	if line[j-1] == '$' {
		j--
	}
	// The " (" before the amount is the last one (the amount holds no
	// '('), and the name before it is not empty. A fourth digit (a stack
	// of thousands) is not a '(' either: quickSeatAny reads it.
	open := j - 2
	if open <= colon+2 || line[j-1] != '(' || line[open] != ' ' {
		return p.quickSeatAny(line)
	}
	name := line[colon+2 : open]
	w0, w1 := parser.NameWords(name)
	if !p.addQuickSeat(number, name, w0, w1, hand.Amount(v)) {
		return p.quickSeatAny(line)
	}
	return true
}

// addQuickSeat adds the seat a quick reader (quickSeat, quickSeatLine)
// read, its name's words w0 and w1, as addSeat would, and reports
// whether it did. It does not, having changed nothing, where seat would
// read the line otherwise or report it: a name holding " in chips", or
// a player seated twice.
func (p *psParser) addQuickSeat(number int, name []byte, w0, w1 uint64, stack hand.Amount) bool {
	// seat takes the first " in chips" for the stack's end. The amount
	// and " (" hold none, so an earlier one can only be in the name.
	for k := 0; k+9 <= len(name); k++ { // names are short: a loop beats a search
		if name[k] == ' ' && string(name[k:k+9]) == " in chips" {
			return false
		}
	}
	// With no name of the same first byte (up to 64 names, see addSeat),
	// no player is seated twice.
	if len(p.names) >= 64 || p.byFirst[byte(w0)] != 0 {
		for k := range p.names {
			if sn := &p.names[k]; sn.w0 == w0 && sn.w1 == w1 && sn.name == string(name) {
				return false
			}
		}
	}
	player := p.r.strs.InternWords(name, w0, w1)
	// As addSeat, but written field by field: one check of the write
	// barrier, no copy of whole structs through the stack.
	i, k := len(p.seats), len(p.names)
	if i == cap(p.seats) || k == cap(p.names) {
		p.growSeats()
	}
	p.seats, p.names = p.seats[:i+1], p.names[:k+1]
	st, sn := &p.seats[i], &p.names[k]
	st.Number, st.Player, st.Stack, st.SittingOut = number, player, stack, false
	sn.name, sn.seat, sn.w0, sn.w1 = player, i, w0, w1
	p.indexSeat(i, number, w0)
	return true
}

// quickSeatLine reads the usual seat line, "Seat 3: NAME ($10.50 in
// chips)", at the start of text, straight from the input's buffer: text
// holds no CR, and the line ends at its first LF, which the reading finds
// (see readHand). It returns the line's length, or 0, having changed
// nothing, for any other line, any line longer than room, and any line
// quickSeat might read in some other way: the general way then reads it.
// What it reads, it reads as quickSeat: forwards, a name of up to 15
// bytes up to the first '(', then the stack and " in chips)".
func (p *psParser) quickSeatLine(text []byte, room int) int {
	// "Seat N: " or "Seat NN: ". The usual line is read from the first
	// 64 bytes of text's capacity (a line lies in a larger buffer), with
	// no bounds to check: the bytes past text's end may be anything,
	// and the line read must end before it.
	if len(text) < 10 || cap(text) < 64 || string(text[:5]) != "Seat " {
		return 0
	}
	line := text[:64:64]
	d, colon := line[5]-'0', 6
	number := int(d)
	if d2 := line[6] - '0'; d2 <= 9 {
		number, colon = number*10+int(d2), 7
	}
	if d > 9 || number == 0 || line[colon] != ':' || line[colon+1] != ' ' {
		return 0
	}
	if max := p.h.MaxSeats; max > 0 && number > max {
		return 0
	}
	if last := len(p.seats) - 1; last >= 0 && p.seats[last].Number >= number {
		return 0
	}
	// The name ends at the first '(' (or LF: then this is not the
	// line) of its 16 bytes or the one after them, with a blank before
	// it; a '(' further on, or one in the name, is for the general way.
	start := colon + 2
	w0, w1 := binary.LittleEndian.Uint64(line[start:]), binary.LittleEndian.Uint64(line[start+8:])
	q := psOpenOrLF(w0)
	if q == 8 {
		q += psOpenOrLF(w1)
	}
	open := start + q // the '(', if any: q is 16 if none of the 16 is
	if q < 2 || line[open] != '(' || line[open-1] != ' ' {
		return 0
	}
	// The stack: "$" or not, one to three digits, then ".DD" or nothing
	// in a hand of cents (scale 2), nothing in a hand of chips (scale 0).
	i := open + 1
	if line[i] == '$' {
		i++
	}
	if d = line[i] - '0'; d > 9 {
		return 0
	}
	v := int64(d)
	if d = line[i+1] - '0'; d <= 9 {
		v, i = v*10+int64(d), i+1
		if d = line[i+1] - '0'; d <= 9 {
			v, i = v*10+int64(d), i+1
		}
	}
	i++
	switch p.scale {
	case 2:
		v *= 100
		if d1, d2 := line[i+1]-'0', line[i+2]-'0'; line[i] == '.' && d1 <= 9 && d2 <= 9 {
			v, i = v+int64(d1)*10+int64(d2), i+3
		}
	case 0:
	default:
		return 0
	}
	end := i + 10 // the line's length
	if end >= len(text) || end > room || string(line[i:end]) != " in chips)" || line[end] != '\n' {
		return 0
	}
	l := q - 1
	name := text[start : start+l]
	w0, w1 = w0&psMask0[l], w1&psMask1[l] // nameWords(name)
	if !p.addQuickSeat(number, name, w0, w1, hand.Amount(v)) {
		return 0
	}
	return end
}

// psOpenOrLF returns the index of the first '(' or LF among the eight
// bytes of w (little-endian), 8 if there is none. The usual test for a
// zero byte, on w with each of them made zero: it may mark a byte above a
// zero byte wrongly (a borrow), never one below, so the lowest mark is
// right.
func psOpenOrLF(w uint64) int {
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	x, y := w^(ones*'('), w^(ones*'\n')
	marks := ((x-ones)&^x | (y-ones)&^y) & highs
	return bits.TrailingZeros64(marks) >> 3
}

// quickSeatAny reads the seat lines quickSeat does not, "Seat 3: NAME
// ($10.50 in chips)" with a plain amount (see psPlainAmount), in order
// after the seats before it, as seat does but with fewer searches. It
// reports false, having changed nothing, for any other line: seat then
// reads it.
func (p *psParser) quickSeatAny(line []byte) bool {
	colon := 5
	for colon < len(line) && line[colon]-'0' <= 9 {
		colon++
	}
	if colon == 5 || colon+1 >= len(line) || line[colon] != ':' || line[colon+1] != ' ' {
		return false
	}
	number := psNum(line[5:colon])
	if number <= 0 || p.h.MaxSeats > 0 && number > p.h.MaxSeats {
		return false
	}
	// Seats come in order, so a seat numbered above the last one can
	// only repeat a player.
	if last := len(p.seats) - 1; last >= 0 && p.seats[last].Number >= number {
		return false
	}
	rest := line[colon+2:]
	if len(rest) < 10 || string(rest[len(rest)-10:]) != " in chips)" {
		return false
	}
	chips := len(rest) - 10
	open := psLastOpenNear(rest, chips)
	if open <= 0 {
		return false
	}
	stack, k, ok := psPlainAmount(rest[open+2:], p.scale)
	if !ok || open+2+k != chips {
		return false
	}
	// seat takes the first " in chips" for the stack's end. The amount
	// and " (" hold none, so an earlier one can only be in the name.
	name := rest[:open]
	for j := 0; j+9 <= len(name); j++ { // names are short: a loop beats a search
		if name[j] == ' ' && string(name[j:j+9]) == " in chips" {
			return false
		}
	}
	w0, w1 := parser.NameWords(name)
	// A player seated twice is for seat to report. With no name of the
	// same first byte (up to 64 names, see addSeat), there is none.
	if len(p.names) >= 64 || p.byFirst[byte(w0)] != 0 {
		for i := range p.names {
			if sn := &p.names[i]; sn.w0 == w0 && sn.w1 == w1 && sn.name == string(name) {
				return false
			}
		}
	}
	p.addSeat(hand.Seat{Number: number, Player: p.r.strs.InternWords(name, w0, w1), Stack: stack}, w0, w1)
	return true
}

// psLastOpenNear is psLastOpen(b[:end]) for the usual " ($1.50" before
// end: the last '(' of the eight bytes before end is found in a word, and
// if a blank comes before it, that is the last " (". Any other case goes
// to psLastOpen.
func psLastOpenNear(b []byte, end int) int {
	if end >= 9 {
		x := binary.LittleEndian.Uint64(b[end-8:end]) ^ 0x2828282828282828 // a '(' is now a zero byte
		// The top bit of each byte that is zero: adding 0x7F to the low
		// seven bits of a byte sets its top bit unless they are all zero
		// (no carry crosses bytes), and the byte's own top bit is or-ed in.
		zero := ^(((x & 0x7F7F7F7F7F7F7F7F) + 0x7F7F7F7F7F7F7F7F) | x) & 0x8080808080808080
		if zero != 0 {
			if i := end - 8 + (63-bits.LeadingZeros64(zero))/8; b[i-1] == ' ' {
				return i - 1
			}
		}
	}
	return psLastOpen(b[:end])
}

// psLastOpen is bytes.LastIndex(b, []byte(" (")), without the setup of a
// general search: the " (" is a few bytes from the end.
func psLastOpen(b []byte) int {
	for i := len(b) - 2; i >= 0; i-- {
		if b[i+1] == '(' && b[i] == ' ' {
			return i
		}
	}
	return -1
}

// amount reads an amount at the start of b ("$1,234.56", "€0.50", "1500")
// into the hand's minor units, and returns the bytes it used. A fraction
// finer than the hand's scale raises the scale of the whole hand.
func (p *psParser) amount(b []byte) (hand.Amount, int, error) {
	if v, n, ok := psPlainAmount(b, p.scale); ok && !p.noQuick {
		return v, n, nil
	}
	return p.amountSlow(b)
}

// psPlainAmount reads the amounts that nearly every line has: "$" or
// nothing, then digits, then no more decimals than scale, the hand's
// scale. It reports false for any other (other signs, thousands commas,
// finer decimals, long numbers, amounts near the limit): amountSlow reads
// those, and gives the same value for these.
func psPlainAmount(b []byte, scale int) (hand.Amount, int, bool) {
	// Most are dollars, "$D" to "$DDD", and cents, "$D.DD" to "$DDD.DD",
	// read here without the loops: the same value and length as they
	// give. Any other shape (another digit, one decimal, three) goes on
	// to the loops.
	if scale == 2 && len(b) >= 2 && b[0] == '$' && b[1]-'0' <= 9 {
		v, i := int64(b[1]-'0'), 2
		if i < len(b) && b[i]-'0' <= 9 {
			v, i = v*10+int64(b[i]-'0'), 3
			if i < len(b) && b[i]-'0' <= 9 {
				v, i = v*10+int64(b[i]-'0'), 4
			}
		}
		switch {
		case i == len(b):
			return hand.Amount(v * 100), i, true
		case b[i] == '.':
			if i+1 == len(b) || b[i+1]-'0' > 9 { // a full stop, not a decimal point
				return hand.Amount(v * 100), i, true
			}
			if i+2 < len(b) && b[i+2]-'0' <= 9 && (i+3 == len(b) || b[i+3]-'0' > 9 && b[i+3] != ',') {
				return hand.Amount(v*100 + int64(b[i+1]-'0')*10 + int64(b[i+2]-'0')), i + 3, true
			}
		case b[i]-'0' > 9 && b[i] != ',':
			return hand.Amount(v * 100), i, true
		}
	}
	i := 0
	if len(b) > 0 && b[0] == '$' {
		i = 1
	}
	start := i
	var v int64
	for end := min(len(b), start+psPlainDigits); i < end && b[i]-'0' <= 9; i++ {
		v = v*10 + int64(b[i]-'0')
	}
	if i == start {
		return 0, 0, false
	}
	decimals := 0
	if i+1 < len(b) && b[i] == '.' && b[i+1]-'0' <= 9 {
		if scale == 0 {
			return 0, 0, false // a decimal finer than the scale
		}
		point := i
		i++
		// At most scale decimals, and psPlainDigits digits in all.
		for end := min(len(b), i+scale, start+psPlainDigits+1); i < end && b[i]-'0' <= 9; i++ {
			v = v*10 + int64(b[i]-'0')
		}
		decimals = i - point - 1
	}
	// The number must end here: a digit more (beyond what was read) or a
	// comma, which may be a thousands comma, is for the general way.
	if i < len(b) && (b[i]-'0' <= 9 || b[i] == ',') {
		return 0, 0, false
	}
	// A scale past psPow10's (chips with nine decimals) is amountSlow's.
	if k := scale - decimals; k < len(psMaxScaled) && v <= psMaxScaled[k] {
		return hand.Amount(v * psPow10[k]), i, true
	}
	return 0, 0, false
}

// psPlainDigits is the most digits the fast path of amount reads: with
// at most 8 more for the scale, no product overflows.
const psPlainDigits = 15

// psMaxScaled[k] is the largest number that is at most MaxAmount once
// multiplied by 10^k.
var psMaxScaled = func() (t [len(psPow10)]int64) {
	for k := range t {
		t[k] = parser.MaxAmount / psPow10[k]
	}
	return t
}()

// amountSlow is amount for any amount.
func (p *psParser) amountSlow(b []byte) (hand.Amount, int, error) {
	mant, frac, n, ok := psNumber(b)
	if !ok {
		if n < 0 {
			return 0, 0, errPSTooLarge
		}
		if bytes.HasPrefix(b, []byte("-")) || bytes.HasPrefix(b, []byte("$-")) {
			return 0, 0, psErrorf("amount is negative")
		}
		return 0, 0, errPSNoAmount
	}
	if frac > p.scale {
		if frac >= len(psPow10) {
			return 0, 0, psErrorf("amount has too many decimals")
		}
		if !p.rescale(frac) {
			return 0, 0, errPSTooLarge
		}
	}
	for f := frac; f < p.scale; f++ {
		if mant > parser.MaxAmount/10 {
			return 0, 0, errPSTooLarge
		}
		mant *= 10
	}
	if mant > parser.MaxAmount {
		return 0, 0, errPSTooLarge
	}
	return hand.Amount(mant), n, nil
}

var errPSTooLarge = fmt.Errorf("amount too large (over %d minor units)", parser.MaxAmount)

// psNumber reads a currency sign (optional), digits with optional
// thousands commas, and an optional decimal fraction. It returns the
// digits as an integer, how many were after the point, and the bytes used.
// A number of more than 18 digits is not read: n is then -1.
func psNumber(b []byte) (mant int64, frac, n int, ok bool) {
	i := 0
	switch {
	case len(b) > 0 && b[0] == '$':
		i = 1
	case len(b) > 1 && (b[0] == 0xC2 && (b[1] == 0xA3 || b[1] == 0xA5)): // £ ¥
		i = 2
	case len(b) > 2 && b[0] == 0xE2 && b[1] == 0x82 && (b[2] == 0xAC || b[2] == 0xB9): // € ₹
		i = 3
	}
	start := i
	// Digits are counted, and a number of too many refused, at the end:
	// what overflowed meanwhile is not used.
	digits := 0
	for i < len(b) {
		if d := b[i] - '0'; d <= 9 {
			mant = mant*10 + int64(d)
			digits++
			i++
			continue
		}
		// A thousands comma: between digits, followed by exactly three.
		if b[i] == ',' && i > start && i+3 < len(b) && psDigit3(b[i+1:]) {
			i++
			continue
		}
		break
	}
	if i == start {
		return 0, 0, 0, false
	}
	if i+1 < len(b) && b[i] == '.' && b[i+1]-'0' <= 9 {
		i++
		// "12.50" needs no finer scale than "12.5": zeros are counted, and
		// added only when a digit other than zero follows them.
		zeros := 0
		for i < len(b) {
			d := b[i] - '0'
			if d > 9 {
				break
			}
			digits++
			i++
			if d == 0 {
				zeros++
				continue
			}
			for ; zeros > 0; zeros-- {
				mant *= 10
				frac++
			}
			mant = mant*10 + int64(d)
			frac++
		}
	}
	if digits > 18 {
		return 0, 0, -1, false
	}
	return mant, frac, i, true
}

// psDigit3 reports whether b starts with exactly three digits.
func psDigit3(b []byte) bool {
	if len(b) < 3 {
		return false
	}
	for _, c := range b[:3] {
		if c < '0' || c > '9' {
			return false
		}
	}
	return len(b) == 3 || b[3] < '0' || b[3] > '9'
}

// rescale raises the hand's scale to digits decimals, converting every
// amount read so far. It reports false if the scale would be too fine.
func (p *psParser) rescale(digits int) bool {
	if digits >= len(psPow10) {
		return false
	}
	f := hand.Amount(psPow10[digits-p.scale])
	ok := true
	mul := func(a *hand.Amount) {
		if *a > parser.MaxAmount/f {
			ok = false
			return
		}
		*a *= f
	}
	st := &p.h.Stakes
	for _, a := range []*hand.Amount{&st.Ante, &st.SmallBlind, &st.BigBlind, &st.BringIn, &st.SmallBet,
		&st.BigBet, &st.MinBet, &st.Cap, &p.sbPosted, &p.bbPosted, &p.antes,
		&p.h.Outcome.TotalPot, &p.h.Outcome.Rake} {
		mul(a)
	}
	for i := range st.Straddles {
		mul(&st.Straddles[i])
	}
	for i := range p.seats {
		mul(&p.seats[i].Stack)
	}
	for i := range p.actions {
		mul(&p.actions[i].Amount)
		mul(&p.actions[i].To)
	}
	for i := range p.pots {
		mul(&p.pots[i])
	}
	for i := range p.fees {
		mul(&p.fees[i].Amount)
	}
	for i := range p.winnings {
		mul(&p.winnings[i])
	}
	for i := range p.cashOuts {
		mul(&p.cashOuts[i].Amount)
		mul(&p.cashOuts[i].Fee)
	}
	p.scale = digits
	return ok
}

// since converts an amount read at scale sc to the hand's scale now, for
// an amount held while a later one on the same line raised the scale.
func (p *psParser) since(v hand.Amount, sc int) hand.Amount {
	for ; sc < p.scale; sc++ {
		v *= 10
	}
	return v
}

package parser

import (
	"bytes"
	"errors"
	"fmt"
	"hash/maphash"
	"io"
	"slices"
	"strconv"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/handaudit/handaudit/cards"
	"github.com/handaudit/handaudit/hand"
)

// PokerStarsReader reads PokerStars text hand histories, and the rooms
// that write the same text (PPPoker), one hand at a time.
//
// A file holds many hands, each starting with a header line ("PokerStars
// Hand #...", "PokerStars Game #...", "PokerStars Zoom Hand #...", "PokerStars
// Home Game Hand #..."); a hand ends where the next header starts or at the
// end of input. Blank lines, zoom-archive separators ("*** # 3 ***") and
// indentation are ignored. The input may be UTF-8 (with or without a BOM),
// UTF-16 with a BOM or Windows-1252, with LF, CRLF or CR line ends.
//
// A hand that cannot be read (cut short, no summary, an unknown line, an
// amount that does not parse, a cancelled hand) is returned as an *Error
// naming its line, and reading resumes at the next header.
type PokerStarsReader struct {
	file  string
	in    psLineReader
	p     psParser
	index int   // hand headers seen so far
	err   error // final error: io.EOF or an I/O error

	// A header found while reading the previous hand (or glued onto the
	// end of one of its lines), to start the next hand with.
	pending     []byte
	pendingLine int
	hasPending  bool

	// Text found after a complete hand, to report on the next call.
	outside     []byte
	outsideLine int
	hasOutside  bool

	strs psInterner // recent names, so repeated players cost no allocation

	maxHand    int // Limits.MaxHandBytes
	maxActions int // Limits.MaxActions

	pool *hand.Pool // where hands come from (nil: allocated)
}

// NewPokerStarsReader returns a reader of the PokerStars hands in r. file
// names the input in positions and errors.
func NewPokerStarsReader(r io.Reader, file string) *PokerStarsReader {
	return newPokerStarsReader(r, file, Limits{})
}

// newPokerStarsReader is NewPokerStarsReader under limits (zero fields:
// the defaults).
func newPokerStarsReader(r io.Reader, file string, lim Limits) *PokerStarsReader {
	lim = lim.normalized()
	ps := &PokerStarsReader{file: file, maxHand: lim.MaxHandBytes, maxActions: lim.MaxActions}
	ps.in.r = NewDecodedReader(r)
	ps.in.maxLine = lim.MaxLineBytes
	ps.p.r = ps
	return ps
}

func init() {
	register(FormatPokerStars, func(r io.Reader, file string, lim Limits, pool *hand.Pool) Reader {
		pr := newPokerStarsReader(r, file, lim)
		pr.pool = pool
		return pr
	})
}

// Next returns the next hand, a *Error for a hand that could not be read,
// or io.EOF at the end of input.
func (r *PokerStarsReader) Next() (*hand.Hand, error) {
	if r.err != nil {
		return nil, r.err
	}
	if r.hasOutside {
		r.hasOutside = false
		return nil, r.skipOutside(r.outside, r.outsideLine)
	}
	for {
		line, num, long, err := r.readLine()
		if err != nil {
			r.err = err
			return nil, err
		}
		if len(line) == 0 || psIsSeparator(line) {
			continue
		}
		if !long && psIsHeader(line) {
			return r.readHand(line, num)
		}
		return nil, r.skipOutside(line, num)
	}
}

// readLine returns the pending header if there is one, else the next input
// line with surrounding blanks and any byte-order mark trimmed.
func (r *PokerStarsReader) readLine() ([]byte, int, bool, error) {
	if r.hasPending {
		r.hasPending = false
		return r.pending, r.pendingLine, false, nil
	}
	line, long, err := r.in.next()
	if err != nil {
		return nil, r.in.line, false, err
	}
	return psTrim(line), r.in.line, long, nil
}

// setPending keeps a copy of a header line to start the next hand with.
func (r *PokerStarsReader) setPending(line []byte, num int) {
	r.pending = append(r.pending[:0], line...)
	r.pendingLine = num
	r.hasPending = true
}

// skipOutside reports text outside any hand and skips to the next header.
func (r *PokerStarsReader) skipOutside(line []byte, num int) error {
	e := &Error{File: r.file, Line: num, HandIndex: -1, Text: psShorten(line),
		Msg: "text outside a hand: expected a PokerStars hand header"}
	if k := psFindGluedHeader(line); k > 0 {
		r.setPending(line[k:], num)
		return e
	}
	r.skipToHeader()
	return e
}

// skipToHeader drops lines until the next hand header, which it keeps pending.
func (r *PokerStarsReader) skipToHeader() {
	for {
		line, num, long, err := r.readLine()
		if err != nil {
			if !errors.Is(err, io.EOF) {
				r.err = err
			}
			return
		}
		if long || len(line) == 0 {
			continue
		}
		if psIsHeader(line) {
			r.setPending(line, num)
			return
		}
		if psIsSeparator(line) {
			return
		}
		if k := psFindGluedHeader(line); k > 0 {
			r.setPending(line[k:], num)
			return
		}
	}
}

// readHand reads one hand whose header is line.
func (r *PokerStarsReader) readHand(header []byte, num int) (*hand.Hand, error) {
	p := &r.p
	p.reset(num, r.index)
	r.index++
	p.keepLast(header, num)
	if err := p.header(header); err != nil {
		p.fail(num, header, err.Error())
		if k := psFindGluedHeader(header); k > 0 {
			r.setPending(header[k:], num)
			return nil, p.err
		}
		r.skipToHeader()
		if r.err != nil {
			return nil, r.err
		}
		return nil, p.err
	}
	size := len(header) + 1 // bytes of the hand so far, line ends counted as one
	for {
		line, n, long, err := r.readLine()
		if err != nil {
			if !errors.Is(err, io.EOF) {
				r.err = err
				return nil, err
			}
			break
		}
		if len(line) == 0 {
			continue
		}
		if long {
			p.fail(n, line, fmt.Sprintf("line is longer than %d bytes; the hand is skipped", r.in.maxLine))
			r.skipToHeader()
			break
		}
		if size += len(line) + 1; size > r.maxHand {
			p.fail(num, nil, fmt.Sprintf("hand is too large (over %d bytes); skipped", r.maxHand))
			r.skipToHeader()
			break
		}
		if line[0] == 'P' && psIsHeader(line) {
			r.setPending(line, n)
			break
		}
		if line[0] == '*' && psIsSeparator(line) {
			break
		}
		if err := p.line(line, n); err != nil {
			if err == errPSOutside {
				r.outside = append(r.outside[:0], line...)
				r.outsideLine, r.hasOutside = n, true
				break
			}
			if k := psFindGluedHeader(line); k > 0 {
				p.fail(n, line, "hand cut off: the next hand's header starts in the middle of this line")
				r.setPending(line[k:], n)
				break
			}
			p.fail(n, line, err.Error())
			r.skipToHeader()
			break
		}
		p.keepLast(line, n)
		if len(p.actions) > r.maxActions {
			// Stop before the hand grows any further.
			p.fail(n, line, fmt.Sprintf("hand has more than %d actions, the limit; skipped", r.maxActions))
			r.skipToHeader()
			break
		}
	}
	if r.err != nil {
		return nil, r.err
	}
	return p.finish()
}

// psTrim drops a byte-order mark (files glued together keep theirs) and
// blanks around a line.
func psTrim(b []byte) []byte {
	if len(b) >= 3 && b[0] == 0xEF && b[1] == 0xBB && b[2] == 0xBF {
		b = b[3:]
	}
	for len(b) > 0 && (b[len(b)-1] == ' ' || b[len(b)-1] == '\t') {
		b = b[:len(b)-1]
	}
	for len(b) > 0 && (b[0] == ' ' || b[0] == '\t') {
		b = b[1:]
	}
	return b
}

// psShorten copies a line for an Error's Text, cut to a readable length on
// a character boundary.
func psShorten(b []byte) string {
	const max = 200
	if len(b) <= max {
		return string(b)
	}
	n := max
	for n > 0 && !utf8.RuneStart(b[n]) {
		n--
	}
	return string(b[:n]) + "..."
}

// psSites are the rooms whose headers the reader knows.
var psSites = [...]string{"PokerStars ", "PPPoker "}

// psHeaderKinds are the words between the site and the hand number.
var psHeaderKinds = [...]string{"Hand #", "Game #", "Zoom Hand #", "Home Game Hand #", "Home Game #", "Zoom Game #"}

// psIsHeader reports whether line is a hand header: a site, a kind, a hand
// number and a colon.
func psIsHeader(line []byte) bool {
	_, _, _, ok := psSplitHeader(line)
	return ok
}

// psSplitHeader splits a header line into its site, its kind, its hand
// number and the text after the colon.
func psSplitHeader(line []byte) (site, id, rest []byte, ok bool) {
	for _, s := range psSites {
		if len(line) > len(s) && string(line[:len(s)]) == s {
			site = line[:len(s)-1]
			line = line[len(s):]
			break
		}
	}
	if site == nil {
		return nil, nil, nil, false
	}
	for _, k := range psHeaderKinds {
		if len(line) > len(k) && string(line[:len(k)]) == k {
			line = line[len(k):]
			i := 0
			for i < len(line) && line[i] >= '0' && line[i] <= '9' {
				i++
			}
			if i == 0 || i == len(line) || line[i] != ':' {
				return nil, nil, nil, false
			}
			return site, line[:i], line[i+1:], true
		}
	}
	return nil, nil, nil, false
}

// psFindGluedHeader returns where a hand header starts inside line (after
// its start), or -1: the sign of a hand cut off mid-line with the next hand
// glued on.
func psFindGluedHeader(line []byte) int {
	if bytes.IndexByte(line, '#') < 0 { // every header has one
		return -1
	}
	for _, s := range psSites {
		off := 1
		for off < len(line) {
			k := bytes.Index(line[off:], []byte(s))
			if k < 0 {
				break
			}
			if psIsHeader(line[off+k:]) {
				return off + k
			}
			off += k + 1
		}
	}
	return -1
}

// psIsSeparator reports whether line separates hands in a zoom archive: "*** # 12 ***".
func psIsSeparator(line []byte) bool {
	if len(line) < 9 || string(line[:6]) != "*** # " || string(line[len(line)-4:]) != " ***" {
		return false
	}
	for _, c := range line[6 : len(line)-4] {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// psState is where in a hand the parser is.
type psState uint8

const (
	psWantTable psState = iota // after the header
	psSeats                    // reading seat lines
	psPreDeal                  // posts, before *** HOLE CARDS ***
	psBetting                  // hole cards dealt: betting streets
	psShowdown                 // *** SHOW DOWN ***
	psSummary                  // *** SUMMARY ***
)

// psSeatName is a seated player's name and seat index, for matching the
// names that start action lines.
type psSeatName struct {
	name string
	seat int
}

// psParser builds one hand. Its slices are scratch space reused from hand
// to hand; finish copies them out at their exact sizes, except the actions,
// which are built in place in a block shared by consecutive hands.
type psParser struct {
	r     *PokerStarsReader
	h     *hand.Hand
	state psState
	err   *Error

	seats    []hand.Seat
	actions  []hand.Action
	names    []psSeatName // longest first
	boards   [2][]cards.Card
	runTwice bool
	showdown int // board whose showdown is being read (run twice: 0 or 1)
	pots     []hand.Amount
	fees     []hand.Fee
	cashOuts []hand.CashOut
	winnings []hand.Amount
	sawWin   bool
	sawTotal bool
	summary  bool
	cancel   int // line of "Hand cancelled", 0 if none
	bets     int // betting actions read

	scale    int  // decimal digits of the hand's minor unit (Scale = 10^scale)
	currency bool // the stakes are money, not chips
	holeN    int  // hole cards per player
	isTourn  bool // a tournament hand
	sbPosted hand.Amount
	bbPosted hand.Amount
	antes    hand.Amount // largest ante posted

	arena    []cards.Card // cards handed out with this hand; a new one per hand
	last     []byte       // the last line read, for errors about the hand's end
	lastLine int

	// actionRoom is the unused rest of the current block of actions (len
	// 0). A hand appends its actions there, and the hand handed out keeps
	// them: the copy at the end, a large share of the reading, is saved.
	actionRoom []hand.Action
}

func (p *psParser) reset(line, index int) {
	p.h = &hand.Hand{
		Format: string(FormatPokerStars),
		Pos:    hand.Pos{File: p.r.file, Line: line},
		Index:  index,
		End:    line,
	}
	p.state = psWantTable
	p.err = nil
	p.arena = nil // the last hand's cards belong to it now
	p.seats = p.seats[:0]
	// The actions go out with the hand, so each hand starts where the last
	// one handed out ended. A block holds several hands; a hand that outgrows
	// the room left moves to a slice of its own as append grows it.
	if cap(p.actionRoom) < psActionsMin {
		p.actionRoom = make([]hand.Action, 0, psActionBlock)
	}
	p.actions = p.actionRoom
	p.names = p.names[:0]
	p.boards[0], p.boards[1] = p.boards[0][:0], p.boards[1][:0]
	p.runTwice = false
	p.showdown = 0
	p.pots = p.pots[:0]
	p.fees = p.fees[:0]
	p.cashOuts = p.cashOuts[:0]
	p.winnings = p.winnings[:0]
	p.sawWin, p.sawTotal, p.summary = false, false, false
	p.cancel = 0
	p.bets = 0
	p.scale, p.currency, p.holeN, p.isTourn = 0, false, 0, false
	p.sbPosted, p.bbPosted, p.antes = 0, 0, 0
}

func (p *psParser) keepLast(line []byte, n int) {
	p.last = append(p.last[:0], line...)
	p.lastLine = n
}

// fail records the hand's first error.
func (p *psParser) fail(line int, text []byte, msg string) {
	if p.err != nil {
		return
	}
	p.err = &Error{File: p.r.file, Line: line, HandIndex: p.h.Index, HandID: p.h.ID,
		Text: psShorten(text), Msg: msg}
}

// psErrorf is a parse error about the current line.
func psErrorf(format string, args ...any) error { return fmt.Errorf(format, args...) }

// line reads one line of the hand body.
func (p *psParser) line(line []byte, n int) error {
	switch p.state {
	case psWantTable:
		return p.table(line)
	case psSeats:
		if len(line) > 5 && string(line[:5]) == "Seat " {
			return p.seat(line)
		}
		if len(p.seats) == 0 {
			return psErrorf("expected seat lines after the table line")
		}
		p.seatsDone()
		p.state = psPreDeal
	case psSummary:
		return p.summaryLine(line, n)
	}
	if line[0] == '*' && len(line) > 4 && line[1] == '*' && line[2] == '*' && line[3] == ' ' {
		return p.marker(line, n)
	}
	if ok, err := p.playerLine(line, n); ok || err != nil {
		return err
	}
	return p.otherLine(line, n)
}

// seatsDone sorts the seat names longest first, so that "Player 1" is
// tried before "Player".
func (p *psParser) seatsDone() {
	for i := range p.seats {
		p.names = append(p.names, psSeatName{p.seats[i].Player, i})
	}
	// Insertion sort: a table has at most a few dozen seats.
	for i := 1; i < len(p.names); i++ {
		for j := i; j > 0 && len(p.names[j].name) > len(p.names[j-1].name); j-- {
			p.names[j], p.names[j-1] = p.names[j-1], p.names[j]
		}
	}
}

// seatByName returns the seat index of the player named exactly b, or -1.
func (p *psParser) seatByName(b []byte) int {
	for _, sn := range p.names {
		if sn.name == string(b) {
			return sn.seat
		}
	}
	return -1
}

// playerLine reads a line that starts with a seated player's name. It
// reports false when no seated name starts a line it can read.
func (p *psParser) playerLine(line []byte, n int) (bool, error) {
	var firstErr error
	for _, sn := range p.names {
		l := len(sn.name)
		if len(line) <= l+1 || line[0] != sn.name[0] || string(line[:l]) != sn.name {
			continue
		}
		var ok bool
		var err error
		switch line[l] {
		case ':':
			if line[l+1] != ' ' {
				continue
			}
			ok, err = p.action(sn.seat, line[l+2:], line, n)
		case ' ':
			ok, err = p.event(sn.seat, line[l+1:], line, n)
		default:
			continue
		}
		if ok && err == nil {
			return true, nil
		}
		if err != nil && firstErr == nil {
			firstErr = err
		}
	}
	if firstErr != nil {
		return false, firstErr
	}
	return false, nil
}

// action reads "NAME: verb ..." for seated player seat. It reports false
// (and no error) when rest is not an action at all.
func (p *psParser) action(seat int, rest, line []byte, n int) (bool, error) {
	a := hand.Action{Player: seat, Pos: hand.Pos{File: p.r.file, Line: n}, Board: 0}
	var err error
	switch {
	case psHas(rest, "folds"):
		a.Kind = hand.Fold
		if tail := rest[5:]; len(tail) > 0 {
			if tail[0] != ' ' {
				return false, nil
			}
			if a.Cards, err = p.bracketCards(tail[1:], true); err != nil {
				return false, err
			}
		}
	case psIs(rest, "checks"):
		a.Kind = hand.Check
	case psHas(rest, "calls "):
		a.Kind = hand.Call
		if a.Amount, err = p.amountThenSuffix(rest[6:], &a); err != nil {
			return false, err
		}
		a.HasAmount = true
	case psHas(rest, "bets "):
		a.Kind = hand.Bet
		if a.Amount, err = p.amountThenSuffix(rest[5:], &a); err != nil {
			return false, err
		}
		a.To, a.HasAmount = a.Amount, true
	case psHas(rest, "raises "):
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
		if a.To, err = p.amountThenSuffix(tail[4:], &a); err != nil {
			return false, err
		}
		a.Amount, a.HasAmount = p.since(by, sc), true
	case psHas(rest, "posts "):
		return true, p.post(&a, rest[6:])
	case psHas(rest, "shows "):
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
	case psIs(rest, "mucks hand"), psIs(rest, "doesn't show hand"):
		a.Kind = hand.Muck
		a.Board = p.showdown
	case psHas(rest, "mucks hand "):
		a.Kind = hand.Muck
		a.Board = p.showdown
		if a.Cards, err = p.bracketCards(rest[11:], true); err != nil {
			return false, err
		}
	case psIs(rest, "sits out"), psIs(rest, "is sitting out"):
		// A cash player who sits out before the deal is not dealt in.
		if p.state == psPreDeal && !p.isTourn {
			p.seats[seat].SittingOut = true
		}
		return true, nil
	case psIs(rest, "sits in"), psIs(rest, "is back"):
		return true, nil
	case psHas(rest, "discards"), psHas(rest, "stands pat"), psHas(rest, "brings in"), psHas(rest, "completes it"):
		return false, psErrorf("draw and stud actions are not read by this reader")
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
		p.bets++
	} else if p.state < psBetting {
		return false, psErrorf("%s before *** HOLE CARDS ***", a.Kind)
	}
	p.actions = append(p.actions, a)
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

// post reads "posts ..." after the player's name.
func (p *psParser) post(a *hand.Action, rest []byte) error {
	a.Kind = hand.Post
	var kind hand.PostKind
	var k int
	switch {
	case psHas(rest, "small blind "):
		kind, k = hand.PostSmallBlind, 12
	case psHas(rest, "big blind "):
		kind, k = hand.PostBigBlind, 10
	case psHas(rest, "the ante "):
		kind, k = hand.PostAnte, 9
	case psHas(rest, "ante "):
		kind, k = hand.PostAnte, 5
	case psHas(rest, "small & big blinds "):
		kind, k = hand.PostBothBlind, 19
	case psHas(rest, "straddle "):
		kind, k = hand.PostStraddle, 9
	case psHas(rest, "dead blind "):
		kind, k = hand.PostDead, 11
	case psHas(rest, "dead small blind "):
		kind, k = hand.PostDead, 17
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
	switch kind {
	case hand.PostSmallBlind:
		if p.sbPosted == 0 && !a.AllIn {
			p.sbPosted = v
		}
	case hand.PostBigBlind:
		if p.bbPosted == 0 && !a.AllIn {
			p.bbPosted = v
		}
	case hand.PostAnte:
		if v > p.antes {
			p.antes = v
		}
	case hand.PostStraddle:
		p.h.Stakes.Straddles = append(p.h.Stakes.Straddles, v)
	}
	p.actions = append(p.actions, *a)
	return nil
}

// event reads "NAME something" (no colon) for seated player seat:
// collects, chat, table events.
func (p *psParser) event(seat int, rest, line []byte, n int) (bool, error) {
	switch {
	case psHas(rest, "collected "):
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
		case psIs(from, " from pot"), psIs(from, " from main pot"):
			a.Pot = 0
		case psIs(from, " from side pot"):
			a.Pot = 1
		case psHas(from, " from side pot-"):
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
	case psHas(line, "Dealt to "):
		return p.dealt(line[9:], n)
	case psHas(line, "Uncalled bet ("):
		if p.state < psBetting {
			return psErrorf("uncalled bet before *** HOLE CARDS ***")
		}
		v, k, err := p.amount(line[14:])
		if err != nil {
			return err
		}
		tail := line[14+k:]
		if !psHas(tail, ") returned to ") {
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
	} {
		if psHasSuffix(line, s) {
			return true
		}
	}
	for _, s := range [...]string{
		" joins the table at seat #", " finished the tournament", " wins the tournament",
		" re-buys and receives ", " takes the add-on and receives ", " wins the bounty",
		" for eliminating ", " was removed from the table",
	} {
		if bytes.Contains(line, []byte(s)) {
			return true
		}
	}
	if bytes.Contains(line, []byte(" said, \"")) && line[len(line)-1] == '"' {
		return psFindGluedHeader(line) < 0
	}
	switch string(line) {
	case "Betting is capped", "No low hand qualified", "Hand was run twice", "The deck is reshuffled":
		return true
	}
	return false
}

// dealt reads "Dealt to NAME [cards]".
func (p *psParser) dealt(rest []byte, n int) error {
	if p.state != psBetting {
		return psErrorf("hole cards dealt outside the deal")
	}
	for _, sn := range p.names {
		l := len(sn.name)
		if len(rest) <= l+2 || string(rest[:l]) != sn.name || rest[l] != ' ' || rest[l+1] != '[' {
			continue
		}
		cs, err := p.bracketCards(rest[l+1:], true)
		if err != nil {
			return err
		}
		if len(cs) != p.holeN {
			return psErrorf("%d hole cards dealt in a game of %d", len(cs), p.holeN)
		}
		for i := len(p.actions) - 1; i >= 0; i-- {
			a := &p.actions[i]
			if a.Kind == hand.DealHole && a.Player == sn.seat {
				a.Cards = cs
				a.Pos.Line = n
				return nil
			}
		}
		p.actions = append(p.actions, hand.Action{Kind: hand.DealHole, Player: sn.seat, Cards: cs,
			Pos: hand.Pos{File: p.r.file, Line: n}})
		return nil
	}
	return psErrorf("hole cards dealt to a player with no seat in this hand")
}

// marker reads a "*** ... ***" line: the deal, the streets, the showdown, the summary.
func (p *psParser) marker(line []byte, n int) error {
	end := bytes.Index(line[4:], []byte(" ***"))
	if end < 0 {
		return psErrorf("unknown section line")
	}
	name, tail := line[4:4+end], line[4+end+4:]
	board := 0
	switch {
	case psHas(name, "FIRST "):
		name, p.runTwice = name[6:], true
	case psHas(name, "SECOND "):
		name, board, p.runTwice = name[7:], 1, true
	}
	switch string(name) {
	case "HOLE CARDS":
		if p.state != psPreDeal || board != 0 || len(tail) > 0 {
			return psErrorf("misplaced *** HOLE CARDS ***")
		}
		p.state = psBetting
		p.dealHoles(n)
		return nil
	case "FLOP", "TURN", "RIVER":
		if p.state != psBetting {
			return psErrorf("street dealt outside the betting rounds")
		}
		return p.street(string(name), board, tail, n)
	case "SHOW DOWN":
		if p.state != psBetting && !(p.state == psShowdown && board == 1) || len(tail) > 0 {
			return psErrorf("misplaced *** SHOW DOWN ***")
		}
		p.state, p.showdown = psShowdown, board
		return nil
	case "SUMMARY":
		if p.state < psPreDeal && p.cancel == 0 || len(tail) > 0 || board != 0 {
			return psErrorf("misplaced *** SUMMARY ***")
		}
		p.state, p.summary = psSummary, true
		return nil
	}
	return psErrorf("unknown section line")
}

// dealHoles adds a DealHole for every player dealt in, in dealing order
// from the left of the button; "Dealt to" lines fill in the cards known.
func (p *psParser) dealHoles(n int) {
	start := 0
	for i := range p.seats {
		if p.seats[i].Number == p.h.Button {
			start = i + 1
		}
	}
	for k := range p.seats {
		i := (start + k) % len(p.seats)
		if p.seats[i].SittingOut {
			continue
		}
		cs := p.cards(p.holeN)
		for j := range cs {
			cs[j] = cards.Unknown
		}
		p.actions = append(p.actions, hand.Action{Kind: hand.DealHole, Player: i, Cards: cs,
			Pos: hand.Pos{File: p.r.file, Line: n}})
	}
}

// street reads a street line: "[flop]" or "[board so far] [new card]",
// possibly followed by a PPPoker "{Rake: $0}" note.
func (p *psParser) street(name string, board int, tail []byte, n int) error {
	want, before := 3, 0
	switch name {
	case "TURN":
		want, before = 1, 3
	case "RIVER":
		want, before = 1, 4
	}
	if len(tail) == 0 || tail[0] != ' ' {
		return psErrorf("street line without cards")
	}
	first, err := p.bracketCards(tail[1:], false)
	if err != nil {
		return err
	}
	tail = tail[1+bytes.IndexByte(tail[1:], ']')+1:]
	var shown, added []cards.Card
	if psHas(tail, " [") {
		shown = first
		if added, err = p.bracketCards(tail[1:], false); err != nil {
			return err
		}
		tail = tail[1+bytes.IndexByte(tail[1:], ']')+1:]
	} else {
		added = first
	}
	if len(tail) > 0 && !(psHas(tail, " {") && tail[len(tail)-1] == '}') {
		return psErrorf("unexpected text after the board")
	}
	cur := &p.boards[board]
	if board == 1 && len(*cur) == 0 && len(shown) > 0 {
		// The second run shares the cards dealt before the all-in.
		if len(shown) > len(p.boards[0]) || !slices.Equal(shown, p.boards[0][:len(shown)]) {
			return psErrorf("second board does not share the first board's cards")
		}
		*cur = append(*cur, shown...)
	}
	if len(*cur) != before || len(added) != want || (shown != nil && !slices.Equal(shown, *cur)) {
		return psErrorf("%s does not follow the board dealt so far", name)
	}
	*cur = append(*cur, added...)
	p.actions = append(p.actions, hand.Action{Kind: hand.DealBoard, Player: hand.NoPlayer, Cards: added,
		Board: board, Pos: hand.Pos{File: p.r.file, Line: n}})
	return nil
}

// bracketCards reads "[Ah Kd ...]" at the start of b. With whole, nothing
// may follow the closing bracket.
func (p *psParser) bracketCards(b []byte, whole bool) ([]cards.Card, error) {
	if len(b) < 2 || b[0] != '[' {
		return nil, psErrorf("expected cards in brackets")
	}
	end := bytes.IndexByte(b, ']')
	if end < 0 || whole && end != len(b)-1 {
		return nil, psErrorf("cannot read the cards in brackets")
	}
	in := b[1:end]
	cs := p.cards((len(in) + 1) / 3)[:0]
	for i := 0; i < len(in); {
		if in[i] == ' ' {
			i++
			continue
		}
		if i+1 >= len(in) {
			return nil, psErrorf("cannot read card %q", in[i:])
		}
		c, ok := psCard(in[i], in[i+1])
		if !ok || (i+2 < len(in) && in[i+2] != ' ') {
			return nil, psErrorf("cannot read card %q", in[i:min(i+3, len(in))])
		}
		cs = append(cs, c)
		i += 2
	}
	if len(cs) == 0 {
		return nil, psErrorf("no cards in brackets")
	}
	return cs, nil
}

// cards returns room for n cards from the hand's card arena: one
// allocation serves all the cards of a hand. The slice's capacity is n, so
// appending to it never overwrites a neighbour.
func (p *psParser) cards(n int) []cards.Card {
	if len(p.arena)+n > cap(p.arena) {
		p.arena = make([]cards.Card, 0, max(64, n))
	}
	start := len(p.arena)
	p.arena = p.arena[:start+n]
	return p.arena[start : start+n : start+n]
}

// psCard reads a two-letter card such as "Ah" or "Td".
func psCard(r, s byte) (cards.Card, bool) {
	rank := psRank[r]
	var suit cards.Suit
	switch s {
	case 'c':
		suit = cards.Clubs
	case 'd':
		suit = cards.Diamonds
	case 'h':
		suit = cards.Hearts
	case 's':
		suit = cards.Spades
	default:
		return cards.Unknown, false
	}
	if rank == 0 {
		return cards.Unknown, false
	}
	return cards.New(cards.Rank(rank-1), suit), true
}

// psRank maps a rank letter to its rank plus one (0: not a rank).
var psRank = func() (t [256]uint8) {
	for i, c := range "23456789TJQKA" {
		t[c] = uint8(i + 1)
	}
	return t
}()

// psHas reports whether b starts with s.
func psHas(b []byte, s string) bool { return len(b) >= len(s) && string(b[:len(s)]) == s }

// psIs reports whether b is s.
func psIs(b []byte, s string) bool { return string(b) == s }

// psHasSuffix reports whether b ends with s.
func psHasSuffix(b []byte, s string) bool {
	return len(b) >= len(s) && string(b[len(b)-len(s):]) == s
}

// summaryLine reads a line after *** SUMMARY ***.
func (p *psParser) summaryLine(line []byte, n int) error {
	if psFindGluedHeader(line) > 0 {
		return psErrorf("summary line runs into a hand header")
	}
	switch {
	case psHas(line, "Seat "):
		return p.summarySeat(line, n)
	case psHas(line, "Total pot "):
		return p.totalPot(line[10:], n)
	case psHas(line, "Board "):
		return p.summaryBoard(0, line[6:])
	case psHas(line, "FIRST Board "):
		return p.summaryBoard(0, line[12:])
	case psHas(line, "SECOND Board "):
		return p.summaryBoard(1, line[13:])
	case psHas(line, "Hand ended at "): // PPPoker
		return nil
	}
	if psTolerated(line) {
		return nil
	}
	if p.sawTotal {
		// The summary is whole; this line is not part of the hand.
		return errPSOutside
	}
	return psErrorf("unknown summary line")
}

// errPSOutside says a line after a complete hand is text outside any hand.
var errPSOutside = errors.New("text after the hand")

// summaryBoard checks a summary "Board [...]" against the cards dealt.
func (p *psParser) summaryBoard(board int, b []byte) error {
	cs, err := p.bracketCards(b, true)
	if err != nil {
		return err
	}
	if len(p.boards[board]) == 0 && len(p.actions) == 0 {
		p.boards[board] = append(p.boards[board], cs...)
		return nil
	}
	if !slices.Equal(cs, p.boards[board]) {
		return psErrorf("summary board differs from the cards dealt")
	}
	return nil
}

// totalPot reads "Total pot X[ Main pot Y.][ Side pot[-N] Z.]...[ | Rake R][ | Name F]...".
func (p *psParser) totalPot(b []byte, n int) error {
	if p.sawTotal {
		return psErrorf("second Total pot line")
	}
	v, k, err := p.amount(b)
	if err != nil {
		return err
	}
	o := &p.h.Outcome
	o.TotalPot, o.HasTotalPot, o.Pos = v, true, hand.Pos{File: p.r.file, Line: n}
	p.sawTotal = true
	b = b[k:]
	if psHas(b, " Main pot ") {
		b = b[10:]
		for {
			v, k, err := p.amount(b)
			if err != nil {
				return err
			}
			p.pots = append(p.pots, v)
			b = b[k:]
			if len(b) == 0 || b[0] != '.' {
				return psErrorf("cannot read the pots")
			}
			b = b[1:]
			if !psHas(b, " Side pot") {
				break
			}
			b = b[9:]
			if len(b) > 0 && b[0] == '-' {
				i := 1
				for i < len(b) && b[i] >= '0' && b[i] <= '9' {
					i++
				}
				if i == 1 || psNum(b[1:i]) != len(p.pots) {
					return psErrorf("side pots out of order")
				}
				b = b[i:]
			}
			if !psHas(b, " ") {
				return psErrorf("cannot read the pots")
			}
			b = b[1:]
		}
	}
	for len(b) > 0 {
		if !psHas(b, " | ") {
			return psErrorf("cannot read the Total pot line")
		}
		b = b[3:]
		end := bytes.Index(b, []byte(" | "))
		if end < 0 {
			end = len(b)
		}
		part := b[:end]
		b = b[end:]
		sp := psLastAmountStart(part)
		if sp <= 0 {
			return psErrorf("cannot read %q on the Total pot line", part)
		}
		name := part[:sp-1]
		v, k, err := p.amount(part[sp:])
		if err != nil {
			return err
		}
		if k != len(part)-sp {
			return psErrorf("cannot read %q on the Total pot line", part)
		}
		if string(name) == "Rake" {
			o.Rake, o.HasRake = v, true
		} else {
			p.fees = append(p.fees, hand.Fee{Name: p.r.intern(name), Amount: v})
		}
	}
	return nil
}

// psLastAmountStart returns where the amount at the end of "Name $1.20" starts.
func psLastAmountStart(b []byte) int {
	return bytes.LastIndexByte(b, ' ') + 1
}

// num reads a small decimal number; -1 if b is not one.
func psNum(b []byte) int {
	if len(b) == 0 || len(b) > 6 {
		return -1
	}
	v := 0
	for _, c := range b {
		if c < '0' || c > '9' {
			return -1
		}
		v = v*10 + int(c-'0')
	}
	return v
}

// summarySeat reads "Seat N: NAME [(button)] [(small blind)] ... outcome".
func (p *psParser) summarySeat(line []byte, n int) error {
	colon := bytes.IndexByte(line, ':')
	if colon < 6 || colon+2 > len(line) || line[colon+1] != ' ' {
		return psErrorf("cannot read the summary seat line")
	}
	number := psNum(line[5:colon])
	seat := -1
	for i := range p.seats {
		if p.seats[i].Number == number {
			seat = i
		}
	}
	if seat < 0 {
		return psErrorf("summary names seat %s, which is not in the seat list", line[5:colon])
	}
	rest := line[colon+2:]
	name := p.seats[seat].Player
	if !psHas(rest, name) {
		return psErrorf("summary seat %d does not name its player %q", number, name)
	}
	rest = rest[len(name):]
	for {
		switch {
		case psHas(rest, " (button)"):
			rest = rest[9:]
			continue
		case psHas(rest, " (small blind)"):
			rest = rest[14:]
			continue
		case psHas(rest, " (big blind)"):
			rest = rest[12:]
			continue
		}
		break
	}
	if !psHas(rest, " ") {
		return psErrorf("cannot read the summary seat line")
	}
	rest = rest[1:]
	switch {
	case psHas(rest, "folded"), psHas(rest, "lost"), psHas(rest, "is sitting out"), psHas(rest, "sat out"):
		return nil
	case psHas(rest, "collected ("), psHas(rest, "won ("), psHas(rest, "didn't show and won ("):
		return p.summaryWinnings(seat, rest)
	case psHas(rest, "showed ["), psHas(rest, "mucked"):
		kind, k := hand.Show, 6
		if rest[0] == 'm' {
			kind, k = hand.Muck, 6
		}
		tail := rest[k:]
		if len(tail) > 0 {
			if !psHas(tail, " [") {
				return psErrorf("cannot read the summary seat line")
			}
			cs, err := p.bracketCards(tail[1:], false)
			if err != nil {
				return err
			}
			p.summaryCards(seat, kind, cs, n)
		}
		return p.summaryWinnings(seat, rest)
	}
	return psErrorf("cannot read the summary seat line")
}

// summaryWinnings adds up every "won (X)" and "collected (X)" of a summary seat line.
func (p *psParser) summaryWinnings(seat int, b []byte) error {
	if len(p.winnings) == 0 {
		p.winnings = append(p.winnings, make([]hand.Amount, len(p.seats))...)
	}
	for _, key := range [...]string{"won (", "collected ("} {
		rest := b
		for {
			i := bytes.Index(rest, []byte(key))
			if i < 0 {
				break
			}
			rest = rest[i+len(key):]
			v, k, err := p.amount(rest)
			if err != nil {
				return err
			}
			if k >= len(rest) || rest[k] != ')' {
				return psErrorf("cannot read the amount won")
			}
			p.winnings[seat] += v
			p.sawWin = true
		}
	}
	return nil
}

// summaryCards gives cards the summary shows to the player's showdown
// action. A Show or Muck without cards gets them; a player with neither
// gets one, placed before the pots are pushed.
func (p *psParser) summaryCards(seat int, kind hand.ActionKind, cs []cards.Card, n int) {
	for i := len(p.actions) - 1; i >= 0; i-- {
		a := &p.actions[i]
		if a.Player == seat && (a.Kind == hand.Show || a.Kind == hand.Muck) {
			if len(a.Cards) == 0 {
				a.Cards = cs
			}
			return
		}
	}
	at := len(p.actions)
	for i, a := range p.actions {
		if a.Kind == hand.Collect {
			at = i
			break
		}
	}
	p.actions = slices.Insert(p.actions, at, hand.Action{Kind: kind, Player: seat, Cards: cs,
		Pos: hand.Pos{File: p.r.file, Line: n}})
}

// finish checks the hand is whole and hands it out.
func (p *psParser) finish() (*hand.Hand, error) {
	h := p.h
	h.End = p.lastLine
	if p.err != nil {
		return nil, p.err
	}
	switch {
	case p.cancel > 0:
		p.fail(p.cancel, []byte("Hand cancelled"), "hand was cancelled: nothing was played")
	case p.state < psSummary:
		p.fail(p.lastLine, p.last, "hand ends without a *** SUMMARY ***: the record is cut short")
	case !p.sawTotal:
		p.fail(p.lastLine, p.last, "summary has no Total pot line: the record is cut short")
	case len(p.seats) == 0:
		p.fail(h.Pos.Line, nil, "hand has no seats")
	}
	if most := p.r.maxActions; most > 0 && len(p.actions) > most {
		p.fail(p.lastLine, p.last, fmt.Sprintf("hand has more than %d actions, the limit; skipped", most))
	}
	if p.err != nil {
		return nil, p.err
	}
	h.Seats = slices.Clone(p.seats)
	h.Actions = p.takeActions()
	for b := 0; b < 2; b++ {
		if len(p.boards[b]) > 0 {
			h.Boards = append(h.Boards, slices.Clone(p.boards[b]))
		}
	}
	if len(p.pots) > 0 {
		h.Outcome.Pots = slices.Clone(p.pots)
	}
	if len(p.fees) > 0 {
		h.Outcome.Fees = slices.Clone(p.fees)
	}
	if len(p.cashOuts) > 0 {
		h.Outcome.CashOuts = slices.Clone(p.cashOuts)
	}
	if p.sawWin {
		h.Outcome.Winnings, h.Outcome.HasWinnings = slices.Clone(p.winnings), true
	}
	p.fillStakes()
	h.Scale = psPow10[p.scale]
	return h, nil
}

// Action blocks: a block holds psActionBlock actions, and a hand starts in
// a new one when fewer than psActionsMin are left (most hands need fewer).
// A block stays in memory while any of its hands does; the pipeline writes
// hands in order, so a block's hands go together.
const (
	psActionBlock = 256
	psActionsMin  = 48
)

// takeActions hands out the hand's actions at their exact length (appending
// to them cannot reach the next hand's), and moves the block's free room
// past them.
func (p *psParser) takeActions() []hand.Action {
	n := len(p.actions)
	if n == 0 {
		return nil
	}
	if cap(p.actions) == cap(p.actionRoom) && &p.actions[:1][0] == &p.actionRoom[:1][0] {
		p.actionRoom = p.actionRoom[n:n]
	} // else the hand outgrew the block: its actions are a slice of their own
	return p.actions[:n:n]
}

// fillStakes completes the stakes from the forced bets where the header
// does not state them: fixed-limit blinds and antes.
func (p *psParser) fillStakes() {
	st := &p.h.Stakes
	if p.h.Game.Structure == hand.FixedLimit {
		st.SmallBlind, st.BigBlind = p.sbPosted, p.bbPosted
		if st.SmallBlind == 0 {
			st.SmallBlind = st.SmallBet / 2
		}
		if st.BigBlind == 0 {
			st.BigBlind = st.SmallBet
		}
	} else {
		st.MinBet = st.BigBlind
	}
	st.Ante = p.antes
}

var psPow10 = [...]int64{1, 10, 100, 1000, 10000, 100000, 1000000, 10000000, 100000000}

// intern returns b as a string, sharing one copy of names that recur.
func (r *PokerStarsReader) intern(b []byte) string { return r.strs.intern(b) }

// psInternSlots is the size of a reader's name cache: far more than the
// players, tables and fee names one file's hands share.
const psInternSlots = 1 << 11

// psInterner shares the strings of recurring names (players, tables, sites,
// currencies) among the hands of a file. It is a direct-mapped cache: each
// name hashes to one slot, and a new name evicts the one there. So its cost
// per name is one hash and one compare, its memory is fixed, and a corpus of
// many players never makes it rebuild; a name evicted is only copied again.
type psInterner struct {
	seed  maphash.Seed
	slots *[psInternSlots]string // allocated on first use
}

func (c *psInterner) intern(b []byte) string {
	if c.slots == nil {
		c.seed = maphash.MakeSeed()
		c.slots = new([psInternSlots]string)
	}
	slot := &c.slots[maphash.Bytes(c.seed, b)&(psInternSlots-1)]
	if *slot == string(b) {
		return *slot
	}
	s := string(b)
	*slot = s
	return s
}

// errPSNoAmount explains an amount that does not parse.
var errPSNoAmount = errors.New("cannot read the amount")

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

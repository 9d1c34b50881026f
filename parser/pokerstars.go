package parser

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"
	"math/bits"
	"slices"
	"strconv"
	"strings"
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
	// Where the pending header's parts are, when readHand split it to
	// know it for a header: header then need not split it again.
	pendingParts   psHeaderParts
	pendingPartsOK bool
	// The other pending buffer: the next header is copied there, as the
	// current one may be the line held as the last of the hand it starts.
	pendingSpare []byte

	// Text found after a complete hand, to report on the next call.
	outside     []byte
	outsideLine int
	hasOutside  bool

	strs nameInterner // recent names, so repeated players cost no allocation
	// The last hand's site, game, currency and table, which the next
	// hand's nearly always repeat (see internAs).
	lastSite, lastGame, lastCurrency, lastTable string
	times                                       psTimeCache // the zone period of the last hand's time
	headerMemos                                 psHeaderMemos

	maxHand    int // Limits.MaxHandBytes
	maxActions int // Limits.MaxActions

	// readHand's limit on the hand's size and its way of reading lines
	// (see there): fields, not locals, as a local live across the loop's
	// calls is saved and loaded again around each.
	sizeEnd int
	mode    uint8

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
	if r.hasPending {
		// A pending line is a header: it was found as one.
		r.hasPending = false
		return r.readHand(r.pending, r.pendingLine, r.pendingParts, r.pendingPartsOK)
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
		if !long {
			if parts, ok := psSplitHeaderAt(line); ok {
				return r.readHand(line, num, parts, true)
			}
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
	return r.nextLine()
}

// nextLine returns the next input line with surrounding blanks and any
// byte-order mark trimmed.
func (r *PokerStarsReader) nextLine() ([]byte, int, bool, error) {
	line, long, err := r.in.next()
	if err != nil {
		return nil, r.in.line, false, err
	}
	if psNeedsTrim(line) {
		line = psTrim(line)
	}
	return line, r.in.line, long, nil
}

// psNeedsTrim reports whether psTrim might change line; most lines have
// nothing to trim.
func psNeedsTrim(line []byte) bool {
	return len(line) == 0 || psTrims[line[0]]&1 != 0 || psTrims[line[len(line)-1]]&2 != 0
}

// psQuickFirst marks the bytes that may start a line quickAction reads
// straight from the input's buffer: not those of a header ('P'), a section
// ('*'), a line to trim or an empty line.
var psQuickFirst = func() (t [256]bool) {
	for c := range t {
		t[c] = c != 'P' && c != '*' && c != '\n' && psTrims[c]&1 == 0
	}
	return t
}()

// psTrims marks the bytes psTrim drops at the start of a line (1: blanks
// and a byte-order mark's first) and at its end (2: blanks).
var psTrims = [256]uint8{' ': 3, '\t': 3, 0xEF: 1}

// setPending keeps a copy of a header line to start the next hand with.
func (r *PokerStarsReader) setPending(line []byte, num int) {
	r.pending, r.pendingSpare = append(r.pendingSpare[:0], line...), r.pending
	r.pendingLine = num
	r.hasPending = true
	r.pendingPartsOK = false
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

// readHand reads one hand whose header is line, split at parts if
// partsOK (else header splits it).
func (r *PokerStarsReader) readHand(header []byte, num int, parts psHeaderParts, partsOK bool) (*hand.Hand, error) {
	p := &r.p
	p.reset(num, r.index)
	r.index++
	p.r.in.hold(header) // perhaps not in the input's buffer
	p.lastLine = num
	if !partsOK {
		parts, partsOK = psSplitHeaderAt(header)
	}
	if err := p.header(header, parts, partsOK); err != nil {
		p.fail(num, header, err.Error())
		p.abandon()
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
	// The hand's size, its bytes so far with line ends counted as one, is
	// kept as sizeEnd, where the input's buffer position passes the
	// limit: a line read straight from the buffer with its LF moves both
	// alike, so only other lines (blanks trimmed, a CR, the buffer
	// moved) change sizeEnd. (The limit is kept far from overflow; no
	// input is long enough to tell.)
	limit := min(r.maxHand, math.MaxInt/4)
	r.sizeEnd = r.in.start + limit - (len(header) + 1)
	r.mode = psReadGeneral // which lines the loop reads straight from the buffer; p.line changes the state
	for {
		// Nothing is pending inside a hand: the lines come from the input.
		// Most are whole in its buffer, before any CR, and are taken
		// here as next's fast path would take them (see next and
		// nextCR); the calls down to next cost as much as finding the
		// line's end. The loop keeps little across its calls: the
		// rarer ways out are in slowLine and lineFailed.
		var line []byte
		whole := false
		if in := &r.in; in.cr > in.start {
			data := in.buf[in.start:in.cr] // holds no CR
			// An action line is read first, straight from the buffer:
			// quickAction finds where it ends, without a search for its
			// end. The lines it may not read as lines (a header, a
			// section, blanks to trim) are left to the way below.
			if r.mode == psReadActions {
				if psQuickFirst[data[0]] {
					window := data
					if len(window) > in.maxLine {
						window = window[:in.maxLine+1] // a line too long holds no LF here
					}
					if k := p.quickAction(window, in.line+1, false); k > 0 {
						at := in.start
						in.start = at + k + 1
						in.holdAt(at, k) // kept as keepLast would
						in.line++
						if in.start > r.sizeEnd {
							r.dropTooLarge(num)
							break
						}
						if p.lastLine = in.line; len(p.actions) > r.maxActions {
							r.dropTooManyActions(in.line, in.heldLine())
							break
						}
						continue
					}
					data = in.buf[in.start:in.cr] // again: not kept across the call
				}
				// So is a usual section line (see psMarkerLen) quickMarker reads.
				if data[0] == '*' {
					if k := psMarkerLen(data); k > 0 && k <= in.maxLine && in.start+k+1 <= r.sizeEnd && p.quickMarker(data[:k], in.line+1) {
						at := in.start
						in.start = at + k + 1
						in.holdAt(at, k)
						in.line++
						r.mode = psReadModes[p.state] // and not noQuick, as before
						if p.lastLine = in.line; len(p.actions) > r.maxActions {
							r.dropTooManyActions(in.line, in.heldLine())
							break
						}
						continue
					}
				}
			} else if r.mode == psReadSeats && data[0] == 'S' {
				// So is a usual seat line, if quickSeatLine reads it
				// within the limits (no actions yet: none to count).
				if k := p.quickSeatLine(data, min(in.maxLine, r.sizeEnd-in.start-1)); k > 0 {
					at := in.start
					in.start = at + k + 1
					in.holdAt(at, k)
					in.line++
					p.lastLine = in.line
					continue
				}
			}
			if k := bytes.IndexByte(data, '\n'); k >= 0 && k <= in.maxLine {
				line, whole = data[:k], true
				in.start += k + 1
				in.line++
			}
		}
		// The line and an LF count: r.sizeEnd moves by what else was
		// read, or as the buffer moved.
		n := r.in.line
		if !whole {
			room := r.sizeEnd - r.in.start
			var stop bool
			if line, n, stop = r.slowLine(); stop {
				break
			}
			r.sizeEnd = r.in.start + room - (len(line) + 1)
		} else if psNeedsTrim(line) {
			k := len(line)
			line = psTrim(line)
			r.sizeEnd += k - len(line)
		}
		if len(line) == 0 {
			r.sizeEnd++ // an empty line counts for nothing
			continue
		}
		if r.in.start > r.sizeEnd {
			r.dropTooLarge(num)
			break
		}
		if line[0] == 'P' {
			if parts, ok := psSplitHeaderAt(line); ok {
				r.setPending(line, n)
				r.pendingParts, r.pendingPartsOK = parts, true
				break
			}
		}
		if line[0] == '*' && psIsSeparator(line) {
			break
		}
		// Action lines, the most common, are tried first here (see
		// line), and summary lines read, saving a call.
		var err error
		switch {
		case p.state == psSummary:
			err = p.summaryLine(line, n)
		case p.state >= psPreDeal && line[0] != '*' && !p.noQuick && p.quickAction(line, n, true) > 0:
		default:
			err = p.line(line, n)
			if r.mode = psReadModes[p.state]; p.noQuick {
				r.mode = psReadGeneral
			}
		}
		if err != nil {
			r.lineFailed(err, line, n)
			break
		}
		p.keepLast(line, n)
		if len(p.actions) > r.maxActions {
			r.dropTooManyActions(n, line)
			break
		}
	}
	if r.err != nil {
		p.abandon()
		return nil, r.err
	}
	return p.finish()
}

// How readHand reads the lines straight from the input's buffer, by the
// parser's state (see psReadModes): not at all, seat lines (quickSeatLine),
// or action and section lines (quickAction, quickMarker).
const (
	psReadGeneral uint8 = iota
	psReadSeats
	psReadActions
)

// psReadModes is readHand's way of reading lines in each state.
var psReadModes = [...]uint8{
	psWantTable: psReadGeneral,
	psSeats:     psReadSeats,
	psPreDeal:   psReadActions,
	psBetting:   psReadActions,
	psShowdown:  psReadActions,
	psSummary:   psReadGeneral,
}

// dropTooLarge fails the hand starting at line num for its size: it is
// dropped, with what was read of it, and reading goes on at the next
// header.
func (r *PokerStarsReader) dropTooLarge(num int) {
	r.p.fail(num, nil, fmt.Sprintf("hand is too large (over %d bytes); skipped", r.maxHand))
	r.skipToHeader()
}

// dropTooManyActions fails the hand at line n, where it went past the
// action limit, before it grows any further.
func (r *PokerStarsReader) dropTooManyActions(n int, line []byte) {
	r.p.fail(n, line, fmt.Sprintf("hand has more than %d actions, the limit; skipped", r.maxActions))
	r.skipToHeader()
}

// slowLine returns the next line of a hand the general way (see
// readHand), and n its number. stop says the hand ends before it: at the
// end of input, at an I/O error (kept in r.err), or at a line that is too
// long (the hand's error).
func (r *PokerStarsReader) slowLine() (line []byte, n int, stop bool) {
	line, n, long, err := r.nextLine()
	if err != nil {
		if !errors.Is(err, io.EOF) {
			r.err = err
		}
		return nil, 0, true
	}
	if long && len(line) > 0 {
		r.p.fail(n, line, fmt.Sprintf("line is longer than %d bytes; the hand is skipped", r.in.maxLine))
		r.skipToHeader()
		return nil, 0, true
	}
	return line, n, false
}

// lineFailed ends a hand at line n, which line could not read (err).
func (r *PokerStarsReader) lineFailed(err error, line []byte, n int) {
	p := &r.p
	if err == errPSOutside {
		r.outside = append(r.outside[:0], line...)
		r.outsideLine, r.hasOutside = n, true
		return
	}
	if k := psFindGluedHeader(line); k > 0 {
		p.fail(n, line, "hand cut off: the next hand's header starts in the middle of this line")
		r.setPending(line[k:], n)
		return
	}
	p.fail(n, line, err.Error())
	r.skipToHeader()
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

// psSiteBytes is psSites as byte slices, for searches.
var psSiteBytes = [...][]byte{[]byte(psSites[0]), []byte(psSites[1])}

// psIsHeader reports whether line is a hand header: a site, a kind, a hand
// number and a colon.
func psIsHeader(line []byte) bool {
	_, ok := psSplitHeaderAt(line)
	return ok
}

// psHeaderParts says where a header line's parts are: its site is
// line[:siteEnd], its hand number line[idStart:idEnd], and the text after
// the colon line[idEnd+1:].
type psHeaderParts struct{ siteEnd, idStart, idEnd int }

// psSplitHeader splits a header line into its site, its kind, its hand
// number and the text after the colon.
func psSplitHeader(line []byte) (site, id, rest []byte, ok bool) {
	pt, ok := psSplitHeaderAt(line)
	if !ok {
		return nil, nil, nil, false
	}
	return line[:pt.siteEnd], line[pt.idStart:pt.idEnd], line[pt.idEnd+1:], true
}

// psSplitHeaderAt finds the parts of a header line (see psSplitHeader).
func psSplitHeaderAt(line []byte) (psHeaderParts, bool) {
	// A site of psSites, then a kind: "Hand #", "Game #", "Zoom Hand #",
	// "Home Game Hand #", "Home Game #" or "Zoom Game #". Each is tested
	// only where its first letter is: this runs for every hand.
	n := 0
	switch {
	case len(line) > 11 && string(line[:11]) == "PokerStars ":
		n = 11
	case len(line) > 8 && psHas(line, "PPPoker "):
		n = 8
	default:
		return psHeaderParts{}, false
	}
	kind := line[n:]
	k := 0
	switch kind[0] {
	case 'H':
		switch {
		case psHas(kind, "Hand #"):
			k = 6
		case psHas(kind, "Home Game Hand #"):
			k = 16
		case psHas(kind, "Home Game #"):
			k = 11
		}
	case 'G':
		if psHas(kind, "Game #") {
			k = 6
		}
	case 'Z':
		switch {
		case psHas(kind, "Zoom Hand #"):
			k = 11
		case psHas(kind, "Zoom Game #"):
			k = 11
		}
	}
	if k == 0 {
		return psHeaderParts{}, false
	}
	start := n + k
	i := start
	for i < len(line) && line[i] >= '0' && line[i] <= '9' {
		i++
	}
	if i == start || i == len(line) || line[i] != ':' {
		return psHeaderParts{}, false
	}
	return psHeaderParts{n - 1, start, i}, true
}

// psFindGluedHeader returns where a hand header starts inside line (after
// its start), or -1: the sign of a hand cut off mid-line with the next hand
// glued on.
func psFindGluedHeader(line []byte) int {
	if bytes.IndexByte(line, '#') < 0 { // every header has one
		return -1
	}
	for _, s := range psSiteBytes {
		off := 1
		for off < len(line) {
			k := bytes.Index(line[off:], s)
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
	name   string
	seat   int
	w0, w1 uint64 // the name's first 16 bytes (see nameWords)
}

// psParser builds one hand. The hand comes from the reader's pool and is
// filled in place: its seats, actions and outcome slices are appended to
// from their reset (zero-length) state, so a reused hand allocates nothing
// again, and its cards come from the hand's own card memory (NewCards).
// The slices below alias the hand's own until store puts them back
// (without a pool, they are scratch space; see reset).
type psParser struct {
	r     *PokerStarsReader
	h     *hand.Hand
	state psState
	err   *Error

	seats    []hand.Seat   // h.Seats (see psParser)
	actions  []hand.Action // h.Actions
	names    []psSeatName  // the seats' names, in seat order (see addSeat)
	order    []int         // over 64 names: their indexes, longest name first (see seatsDone)
	byFirst  [256]uint64   // by first byte, the names (bits of indexes in names) starting with it
	byNumber [16]uint8     // by seat number, its index in seats, plus one (see seatNumbered)
	boards   [2][]cards.Card
	runTwice bool
	showdown int           // board whose showdown is being read (run twice: 0 or 1)
	pots     []hand.Amount // h.Outcome.Pots
	fees     []hand.Fee    // h.Outcome.Fees
	cashOuts []hand.CashOut
	winnings []hand.Amount
	sawWin   bool
	sawTotal bool
	summary  bool
	cancel   int // line of "Hand cancelled", 0 if none

	scale    int  // decimal digits of the hand's minor unit (Scale = 10^scale)
	currency bool // the stakes are money, not chips
	holeN    int  // hole cards per player
	isTourn  bool // a tournament hand
	sbPosted hand.Amount
	bbPosted hand.Amount
	antes    hand.Amount // largest ante posted

	lastLine int // the last line read, for errors about the hand's end; its text is r.in.heldLine()

	scratch psScratch // where the parts are built without a pool

	noQuick bool // tests: read every line the general way (no quickAction, quickSeat...)
}

// reset starts a hand, taken from the pool, whose header is at line.
func (p *psParser) reset(line, index int) {
	h := p.r.pool.Get()
	h.Format = string(FormatPokerStars)
	h.Pos = hand.Pos{File: p.r.file, Line: line}
	h.Index = index
	h.End = line
	p.h = h
	p.state = psWantTable
	p.err = nil
	if p.r.pool != nil {
		if cap(h.Actions) < psActionsNew {
			// A new hand (or one the pool had kept small): room for
			// most hands' actions at once, not grown 1, 2, 4... 32.
			h.Actions = make([]hand.Action, 0, psActionsNew)
		}
		p.seats, p.actions = h.Seats[:0], h.Actions[:0]
		o := &h.Outcome
		p.pots, p.fees, p.cashOuts, p.winnings = o.Pots[:0], o.Fees[:0], o.CashOuts[:0], o.Winnings[:0]
	} else {
		// No pool: the hand is new, and growing its slices from nothing
		// would allocate each several times. The parts are built in the
		// reader's scratch slices, and store copies them out at their
		// sizes; the actions are built in a block shared by consecutive
		// hands (see takeActions), which no hand is ever put back to reuse.
		sc := &p.scratch
		p.seats, p.pots, p.fees, p.cashOuts, p.winnings = sc.seats[:0], sc.pots[:0], sc.fees[:0], sc.cashOuts[:0], sc.winnings[:0]
		if cap(sc.actionRoom) < psActionsMin {
			sc.actionRoom = make([]hand.Action, 0, psActionBlock)
		}
		p.actions = sc.actionRoom
	}
	p.clearNames()
	p.boards[0], p.boards[1] = p.boards[0][:0], p.boards[1][:0]
	p.runTwice = false
	p.showdown = 0
	p.sawWin, p.sawTotal, p.summary = false, false, false
	p.cancel = 0
	p.scale, p.currency, p.holeN, p.isTourn = 0, false, 0, false
	p.sbPosted, p.bbPosted, p.antes = 0, 0, 0
}

// psScratch holds the parts of a hand while it is read, when the reader
// has no pool (see reset).
type psScratch struct {
	seats    []hand.Seat
	pots     []hand.Amount
	fees     []hand.Fee
	cashOuts []hand.CashOut
	winnings []hand.Amount

	// actionRoom is the unused rest of the current block of actions (len
	// 0). A hand appends its actions there, and the hand handed out keeps
	// them: a copy at the end is saved.
	actionRoom []hand.Action
}

// Action blocks: a block holds psActionBlock actions, and a hand starts in
// a new one when fewer than psActionsMin are left (most hands need fewer).
// A block stays in memory while any of its hands does; the pipeline writes
// hands in order, so a block's hands go together.
const (
	psActionBlock = 256
	psActionsMin  = 48
)

// psActionsNew is the room for actions a pooled hand is given when it has
// less (see reset).
const psActionsNew = 32

// store puts the parts built into the hand. With a pool, they are the
// hand's own slices, and one never appended to stays as it was (empty).
// Without, they are copied out of the scratch slices at their sizes, nil
// when empty.
func (p *psParser) store() {
	h, o := p.h, &p.h.Outcome
	if p.r.pool != nil {
		h.Seats, h.Actions = p.seats, p.actions
		o.Pots, o.Fees, o.CashOuts = p.pots, p.fees, p.cashOuts
		if p.sawWin {
			o.Winnings, o.HasWinnings = p.winnings, true
		} else {
			o.Winnings = p.winnings[:0] // keeps its memory; never read: HasWinnings is false
		}
		return
	}
	p.keepScratch()
	h.Seats = slices.Clone(p.seats)
	h.Actions = p.takeActions()
	if len(p.pots) > 0 {
		o.Pots = slices.Clone(p.pots)
	}
	if len(p.fees) > 0 {
		o.Fees = slices.Clone(p.fees)
	}
	if len(p.cashOuts) > 0 {
		o.CashOuts = slices.Clone(p.cashOuts)
	}
	if p.sawWin {
		o.Winnings, o.HasWinnings = slices.Clone(p.winnings), true
	}
}

// keepScratch keeps the scratch slices as they grew, for the next hand.
func (p *psParser) keepScratch() {
	sc := &p.scratch
	sc.seats, sc.pots, sc.fees, sc.cashOuts, sc.winnings = p.seats[:0], p.pots[:0], p.fees[:0], p.cashOuts[:0], p.winnings[:0]
}

// takeActions hands out the hand's actions at their exact length (appending
// to them cannot reach the next hand's), and moves the block's free room
// past them.
func (p *psParser) takeActions() []hand.Action {
	n := len(p.actions)
	if n == 0 {
		return nil
	}
	sc := &p.scratch
	if cap(p.actions) == cap(sc.actionRoom) && &p.actions[:1][0] == &sc.actionRoom[:1][0] {
		sc.actionRoom = sc.actionRoom[n:n]
	} // else the hand outgrew the block: its actions are a slice of their own
	return p.actions[:n:n]
}

// abandon gives a hand that is not handed out back to the pool, keeping
// the memory it grew. Nothing refers to it: p.err holds only strings.
func (p *psParser) abandon() {
	if p.h == nil {
		return
	}
	if p.r.pool != nil {
		p.store()
		p.r.pool.Put(p.h)
	} else {
		p.keepScratch()
	}
	p.h = nil
}

// keepLast keeps line n, just read from the input's buffer, without
// copying it, for errors about the hand's end: its place in the buffer
// (see holdAt), told from its capacity, as it runs to the buffer's end.
func (p *psParser) keepLast(line []byte, n int) {
	in := &p.r.in
	in.holdAt(cap(in.buf)-cap(line), len(line))
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
	// In the betting states, readHand has tried quickAction.
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
		// The first line after the seats is nearly always a post, which
		// quickAction reads as readHand would have, in the betting states.
		if line[0] != '*' && !p.noQuick && p.quickAction(line, n, true) > 0 {
			return nil
		}
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

// addSeat adds a seat whose player's name has the words w0, w1 (see
// nameWords), and its name for matching the names that start lines: a
// line is tried against the names that start with its first byte, longest
// first, so that "Player 1" is tried before "Player". Up to 64 names, a
// set of bits by first byte finds them and nextName orders the few that
// share a first byte; more names (never in real hands) are all tried,
// longest first (see seatsDone).
func (p *psParser) addSeat(s hand.Seat, w0, w1 uint64) {
	i := len(p.seats)
	p.seats = append(p.seats, s)
	p.names = append(p.names, psSeatName{s.Player, i, w0, w1})
	p.indexSeat(i, s.Number, w0)
}

// indexSeat notes seats[i], numbered number, whose name's first word is
// w0, in byFirst and byNumber (see addSeat).
func (p *psParser) indexSeat(i, number int, w0 uint64) {
	if i < 64 {
		p.byFirst[byte(w0)] |= 1 << i
	} else if i == 64 {
		// Too many names for the bits: every byte is said to start
		// several, so that quickAction leaves every line to
		// quickActionAny (namesFrom says to try them all).
		for c := range p.byFirst {
			p.byFirst[c] = ^uint64(0)
		}
	}
	if number < len(p.byNumber) {
		p.byNumber[number] = uint8(i + 1)
	}
}

// growSeats makes room for one more seat and name, as append would
// (see quickSeat).
func (p *psParser) growSeats() {
	p.seats, p.names = slices.Grow(p.seats, 1), slices.Grow(p.names, 1)
}

// seatsDone orders over 64 names longest first (see addSeat).
func (p *psParser) seatsDone() {
	if len(p.names) <= 64 {
		return
	}
	p.order = p.order[:0]
	for i := range p.names {
		p.order = append(p.order, i)
	}
	// Insertion sort, stable: names of one length stay in seat order.
	for i := 1; i < len(p.order); i++ {
		for j := i; j > 0 && len(p.names[p.order[j]].name) > len(p.names[p.order[j-1]].name); j-- {
			p.order[j], p.order[j-1] = p.order[j-1], p.order[j]
		}
	}
}

// first returns the name's first byte, from its words: the string's own
// bytes are wherever the interner put them, often out of the cache.
func (sn *psSeatName) first() byte { return byte(sn.w0) }

// clearNames forgets the last hand's names.
func (p *psParser) clearNames() {
	if len(p.names) > 64 {
		p.byFirst = [256]uint64{} // all of it was set (see indexSeat)
	}
	for _, sn := range p.names[:min(len(p.names), 64)] {
		p.byFirst[sn.first()] = 0
	}
	p.names = p.names[:0]
	p.order = p.order[:0]
}

// namesFrom returns the names (bits of indexes in p.names) that may start
// text whose first byte is c, for nextName. ok is false when there are
// too many names for the bits: then every name must be tried, in order.
func (p *psParser) namesFrom(c byte) (set uint64, ok bool) {
	return p.byFirst[c], len(p.names) <= 64
}

// nextName takes the longest name (the first in seat order among equal
// lengths) out of set, and returns it. set must not be empty.
func (p *psParser) nextName(set *uint64) *psSeatName {
	s := *set
	best := bits.TrailingZeros64(s)
	if s&(s-1) != 0 { // more than one: rare
		for t := s & (s - 1); t != 0; t &= t - 1 {
			if i := bits.TrailingZeros64(t); len(p.names[i].name) > len(p.names[best].name) {
				best = i
			}
		}
	}
	*set = s &^ (1 << best)
	return &p.names[best]
}

// seatByName returns the seat index of the player named exactly b, or -1.
func (p *psParser) seatByName(b []byte) int {
	if len(b) == 0 {
		return -1
	}
	set, ok := p.namesFrom(b[0])
	if !ok {
		for _, i := range p.order {
			if sn := &p.names[i]; sn.name == string(b) {
				return sn.seat
			}
		}
		return -1
	}
	for set != 0 {
		if sn := p.nextName(&set); sn.name == string(b) {
			return sn.seat
		}
	}
	return -1
}

// playerLine reads a line that starts with a seated player's name. It
// reports false when no seated name starts a line it can read.
func (p *psParser) playerLine(line []byte, n int) (bool, error) {
	var firstErr error
	set, ok := p.namesFrom(line[0])
	if !ok {
		for _, i := range p.order {
			if done, err := p.playerLineAs(&p.names[i], line, n); done {
				return true, nil
			} else if err != nil && firstErr == nil {
				firstErr = err
			}
		}
		return false, firstErr
	}
	for set != 0 {
		if done, err := p.playerLineAs(p.nextName(&set), line, n); done {
			return true, nil
		} else if err != nil && firstErr == nil {
			firstErr = err
		}
	}
	return false, firstErr
}

// quickAction reads the lines most of a hand is made of, faster than
// playerLine does: "NAME: verb [amount]" for the betting verbs and the
// blinds and antes, "NAME: shows [cards]" and "NAME collected X from pot",
// said by a seated player. It compares names in registers, and reads and
// stores the action in one go. It returns the line's length, or 0, having
// changed nothing, for any other line and for any line that playerLine
// might read in some other way (or reject): playerLine then reads it. What
// it checks and stores is what actionAt, post and event do.
//
// The line is at the start of text: all of it if whole, else up to the
// first LF (a line read straight from the input's buffer, whose end the
// reading finds: see readHand). Neither holds a CR.
//
// The usual line (one name with its first byte, of at most 16 bytes; the
// amounts in dollars and cents) is read with no calls, from offsets into
// text: the calls for the rest are on paths of their own, or last, so the
// compiler keeps the values in registers rather than saving them all on
// entry. Over 64 names (never in real hands) leave no byte that one name
// starts (see indexSeat): quickActionAny reads all their lines.
func (p *psParser) quickAction(text []byte, n int, whole bool) int {
	if cap(text) < 16 {
		return p.quickActionAny(text, n, whole, text[0])
	}
	// The line's first 16 bytes, for psStartsWith's compare: a line lies
	// in a larger buffer. Its first byte is taken from them, not loaded
	// again, so that the compiler loads the words whole.
	full := text[:16:16]
	w0, w1 := binary.LittleEndian.Uint64(full), binary.LittleEndian.Uint64(full[8:])
	set := p.byFirst[byte(w0)]
	if set == 0 {
		return 0
	}
	if set&(set-1) != 0 {
		return p.quickActionAny(text, n, whole, byte(w0)) // names that start alike
	}
	// One name starts with the line's first byte, as nearly always: it is
	// compared with the line in registers.
	sn := &p.names[bits.TrailingZeros64(set)]
	if l := len(sn.name); l > 16 {
		return p.quickActionAny(text, n, whole, byte(w0)) // a long name: compared as a string
	} else if len(text) <= l+1 || w0&psMask0[l] != sn.w0 || w1&psMask1[l] != sn.w1 {
		return 0
	}
	seat, at := sn.seat, len(sn.name) // at: where the verb starts, then the amount; len(text) > at+1
	if text[at] == ' ' {
		return p.quickCollect(seat, text, at+1, n, whole)
	}
	if text[at] != ':' || text[at+1] != ' ' {
		return 0
	}
	verb := at + 2 // where the verb starts in text
	if verb >= len(text) {
		return 0
	}
	var kind hand.ActionKind
	var post hand.PostKind
	at = 0 // where the amount starts in text (0: there is none)
	end := 0
	switch text[verb] {
	case 'f':
		if !psLineIs(text[verb:], "folds", whole) {
			return 0
		}
		kind, end = hand.Fold, verb+5
	case 'c':
		switch {
		case psLineIs(text[verb:], "checks", whole):
			kind, end = hand.Check, verb+6
		case verb+6 <= len(text) && string(text[verb:verb+6]) == "calls ":
			kind, at = hand.Call, verb+6
		default:
			return 0
		}
	case 'b':
		if verb+5 > len(text) || string(text[verb:verb+5]) != "bets " {
			return 0
		}
		kind, at = hand.Bet, verb+5
	case 'r':
		if verb+7 > len(text) || string(text[verb:verb+7]) != "raises " {
			return 0
		}
		kind, at = hand.Raise, verb+7
	case 'p':
		// "posts " first, then the rest: compares of over 16 bytes
		// are calls.
		if verb+6 > len(text) || string(text[verb:verb+6]) != "posts " {
			return 0
		}
		kind, at = hand.Post, verb+6
		switch {
		case at+12 <= len(text) && string(text[at:at+12]) == "small blind ":
			post, at = hand.PostSmallBlind, at+12
		case at+10 <= len(text) && string(text[at:at+10]) == "big blind ":
			post, at = hand.PostBigBlind, at+10
		case at+9 <= len(text) && string(text[at:at+9]) == "the ante ":
			post, at = hand.PostAnte, at+9
		case at+5 <= len(text) && string(text[at:at+5]) == "ante ":
			post, at = hand.PostAnte, at+5
		default:
			return 0
		}
	case 's':
		return p.quickShow(seat, text, verb, n, whole)
	default:
		return 0
	}
	if kind == hand.Post && p.state > psBetting || kind != hand.Post && p.state != psBetting {
		return 0 // playerLine gives the error
	}
	var amount, to hand.Amount
	allIn := false
	if at > 0 {
		// "raises X to Y" has two amounts: X, the raise, then Y, the total.
		for second := false; ; second = true {
			// The amount at text[at:]. Nearly all are "$D" to "$DDD" or
			// "$D.DD" to "$DDD.DD", then a space or the line's end: read
			// here, as psPlainAmount reads them. Any other is its.
			var v hand.Amount
			end = 0
			if i := at; p.scale == 2 && i+1 < len(text) && text[i] == '$' && text[i+1]-'0' <= 9 {
				v, i = hand.Amount(text[i+1]-'0'), i+2
				for k := 0; k < 2 && i < len(text) && text[i]-'0' <= 9; k++ {
					v, i = v*10+hand.Amount(text[i]-'0'), i+1
				}
				if i+2 < len(text) && text[i] == '.' && text[i+1]-'0' <= 9 && text[i+2]-'0' <= 9 {
					v, i = v*100+hand.Amount(text[i+1]-'0')*10+hand.Amount(text[i+2]-'0'), i+3
				} else {
					v *= 100
				}
				if i == len(text) || text[i] == ' ' || text[i] == '\n' {
					end = i
				}
			}
			if end == 0 {
				return p.quickActionAny(text, n, whole, byte(w0))
			}
			if kind != hand.Raise {
				amount = v
				if kind == hand.Bet {
					to = v
				}
				break
			}
			if second {
				to = v
				break
			}
			amount = v
			if end+4 > len(text) || string(text[end:end+4]) != " to " {
				return 0
			}
			at = end + 4
		}
		switch {
		case psLineEnds(text, end, whole):
		case psLineIs(text[end:], " and is all-in", whole):
			allIn = true
			end += 14
		default:
			return 0
		}
	}
	k := len(p.actions)
	if k == cap(p.actions) {
		return p.quickActionAny(text, n, whole, byte(w0)) // appends, growing the actions
	}
	p.postedBlind(post, amount, allIn) // no straddles here: inlined, no call
	// Every field set, one by one: zeroing the action first costs more.
	// The two with pointers are set together, which takes one write
	// barrier check.
	p.actions = p.actions[:k+1]
	a := &p.actions[k]
	a.Kind, a.Player, a.Amount, a.To, a.HasAmount, a.AllIn, a.PostKind = kind, seat, amount, to, at > 0, allIn, post
	a.Board, a.Pot, a.Pos.Line = 0, 0, n
	a.Cards, a.Pos.File = nil, p.r.file
	return end
}

// quickActionAny is quickAction for any line: its rarer cases (see
// quickAction), read in the general way. first is text[0], as the caller
// has it: quickAction's, taken from its words, lets the compiler load
// them whole where this is inlined (a load of text[0] here would be
// shared with them and split them into bytes).
func (p *psParser) quickActionAny(text []byte, n int, whole bool, first byte) int {
	set, ok := p.namesFrom(first)
	if !ok || set == 0 {
		return 0
	}
	var sn *psSeatName
	if set&(set-1) == 0 {
		// One name starts with the line's first byte, as nearly always.
		sn = &p.names[bits.TrailingZeros64(set)]
		if len(text) <= len(sn.name)+1 || !psStartsWith(text, sn) {
			return 0
		}
	} else {
		for set != 0 {
			// The names are tried in playerLine's order; one that does
			// not start the line is skipped by both. A name holds no LF.
			if c := p.nextName(&set); len(text) > len(c.name)+1 && psStartsWith(text, c) {
				sn = c
				break
			}
		}
		if sn == nil {
			return 0
		}
	}
	at := len(sn.name) // where the verb starts, then the amount
	if text[at] == ' ' {
		return p.quickCollect(sn.seat, text, at+1, n, whole)
	}
	if text[at] != ':' || text[at+1] != ' ' {
		return 0
	}
	verb := at + 2 // where rest starts in text
	rest := text[verb:]
	if len(rest) == 0 {
		return 0
	}
	var kind hand.ActionKind
	var post hand.PostKind
	at = 0 // where the amount starts in rest (0: there is none)
	end := 0
	switch rest[0] {
	case 'f':
		if !psLineIs(rest, "folds", whole) {
			return 0
		}
		kind, end = hand.Fold, 5
	case 'c':
		switch {
		case psLineIs(rest, "checks", whole):
			kind, end = hand.Check, 6
		case psHas(rest, "calls "):
			kind, at = hand.Call, 6
		default:
			return 0
		}
	case 'b':
		if !psHas(rest, "bets ") {
			return 0
		}
		kind, at = hand.Bet, 5
	case 'r':
		if !psHas(rest, "raises ") {
			return 0
		}
		kind, at = hand.Raise, 7
	case 'p':
		kind = hand.Post
		switch {
		case len(rest) >= 18 && string(rest[:18]) == "posts small blind ":
			post, at = hand.PostSmallBlind, 18
		case len(rest) >= 16 && string(rest[:16]) == "posts big blind ":
			post, at = hand.PostBigBlind, 16
		case len(rest) >= 15 && string(rest[:15]) == "posts the ante ":
			post, at = hand.PostAnte, 15
		case len(rest) >= 11 && string(rest[:11]) == "posts ante ":
			post, at = hand.PostAnte, 11
		default:
			return 0
		}
	case 's':
		return p.quickShow(sn.seat, text, verb, n, whole)
	default:
		return 0
	}
	if kind == hand.Post && p.state > psBetting || kind != hand.Post && p.state != psBetting {
		return 0 // playerLine gives the error
	}
	var by, v hand.Amount
	allIn := false
	if at > 0 {
		var k int
		if v, k, ok = psPlainAmount(rest[at:], p.scale); !ok {
			return 0
		}
		end = at + k
		if kind == hand.Raise { // "raises X to Y": X is the raise, Y the total
			if !psHas(rest[end:], " to ") {
				return 0
			}
			by = v
			if v, k, ok = psPlainAmount(rest[end+4:], p.scale); !ok {
				return 0
			}
			end += 4 + k
		}
		switch {
		case psLineEnds(rest, end, whole):
		case psLineIs(rest[end:], " and is all-in", whole):
			allIn = true
			end += 14
		default:
			return 0
		}
	}
	// Written in place, not built and copied.
	p.actions = append(p.actions, hand.Action{})
	a := &p.actions[len(p.actions)-1]
	a.Kind, a.Player, a.Pos = kind, sn.seat, hand.Pos{File: p.r.file, Line: n}
	if at > 0 {
		a.HasAmount, a.AllIn = true, allIn
		switch kind {
		case hand.Call:
			a.Amount = v
		case hand.Bet:
			a.Amount, a.To = v, v
		case hand.Raise:
			a.Amount, a.To = by, v
		case hand.Post:
			a.Amount, a.PostKind = v, post
			p.posted(post, v, allIn)
		}
	}
	return verb + end
}

// psLineEnds reports whether the line at the start of text (see
// quickAction) ends at i.
func psLineEnds(text []byte, i int, whole bool) bool {
	if i < len(text) {
		return text[i] == '\n'
	}
	return whole && i == len(text)
}

// psLineIs reports whether the line at the start of text (see
// quickAction) is s.
func psLineIs(text []byte, s string, whole bool) bool {
	return len(text) >= len(s) && string(text[:len(s)]) == s && psLineEnds(text, len(s), whole)
}

// quickCollect reads "collected X from pot" (or from the main pot, a side
// pot, side pot N), text[at:] after "NAME ", for quickAction, as event does.
func (p *psParser) quickCollect(seat int, text []byte, at, n int, whole bool) int {
	rest := text[at:]
	if len(rest) < 10 || string(rest[:10]) != "collected " || p.state < psBetting && p.cancel == 0 {
		return 0
	}
	v, k, ok := psPlainAmount(rest[10:], p.scale)
	if !ok {
		return 0
	}
	pot, end := 0, 10+k
	switch from := rest[end:]; {
	case psLineIs(from, " from pot", whole):
		end += 9
	case psLineIs(from, " from main pot", whole):
		end += 14
	case psLineIs(from, " from side pot", whole):
		pot, end = 1, end+14
	case len(from) >= 16 && string(from[:15]) == " from side pot-" && from[15] >= '1' && from[15] <= '9' && psLineEnds(from, 16, whole):
		pot, end = int(from[15]-'0'), end+16
	default:
		return 0 // event reads the rest
	}
	p.actions = append(p.actions, hand.Action{Kind: hand.Collect, Player: seat, Amount: v, HasAmount: true,
		Board: p.showdown, Pot: pot, Pos: hand.Pos{File: p.r.file, Line: n}})
	return at + end
}

// quickShow reads "shows [cards]" with an optional "(description)" after
// them, text[at:] after "NAME: ", for quickAction, as actionAt does.
func (p *psParser) quickShow(seat int, text []byte, at, n int, whole bool) int {
	rest := text[at:]
	if len(rest) < 6 || string(rest[:6]) != "shows " || p.state < psBetting {
		return 0
	}
	tail := rest[6:]
	k := psCardsEnd(tail) // the cards end at tail[3k]
	if k == 0 {
		return 0
	}
	after := tail[3*k+1:]
	if !whole {
		e := bytes.IndexByte(after, '\n')
		if e < 0 {
			return 0
		}
		after = after[:e]
	}
	if len(after) > 0 && !(len(after) > 2 && after[0] == ' ' && after[1] == '(' && after[len(after)-1] == ')') {
		return 0
	}
	// k cards need all of tail[:3k]: when they are read, the first ']'
	// is the one at 3k, and what follows is after.
	cs, err := p.bracketCards(tail, false)
	if err != nil || len(cs) != k {
		return 0
	}
	if i := len(p.actions); i < cap(p.actions) {
		// Every field set, one by one (see quickAction).
		p.actions = p.actions[:i+1]
		a := &p.actions[i]
		a.Kind, a.Player, a.Amount, a.To, a.HasAmount, a.AllIn, a.PostKind = hand.Show, seat, 0, 0, false, false, 0
		a.Board, a.Pot, a.Pos.Line = p.showdown, 0, n
		a.Cards, a.Pos.File = cs, p.r.file
	} else {
		p.actions = append(p.actions, hand.Action{Kind: hand.Show, Player: seat, Cards: cs, Board: p.showdown,
			Pos: hand.Pos{File: p.r.file, Line: n}})
	}
	return at + 6 + 3*k + 1 + len(after)
}

// psStartsWith reports whether line, no shorter than sn's name, starts
// with it.
func psStartsWith(line []byte, sn *psSeatName) bool {
	l := len(sn.name)
	if cap(line) < 16 || l > 16 {
		return string(line[:l]) == sn.name
	}
	// Load 16 bytes: a line lies in a larger buffer. Those past the
	// name are masked off.
	full := line[:16:16]
	return binary.LittleEndian.Uint64(full)&psMask0[l] == sn.w0 && binary.LittleEndian.Uint64(full[8:])&psMask1[l] == sn.w1
}

// psMask0[k] and psMask1[k] keep the first k bytes of a 16-byte prefix
// loaded as two little-endian words.
var psMask0, psMask1 = func() (m0, m1 [17]uint64) {
	for k := range m0 {
		for i := range k {
			if i < 8 {
				m0[k] |= 0xFF << (8 * i)
			} else {
				m1[k] |= 0xFF << (8 * (i - 8))
			}
		}
	}
	return m0, m1
}()

// playerLineAs reads line as said by sn, if it starts with sn's name. It
// reports true when the line was read.
func (p *psParser) playerLineAs(sn *psSeatName, line []byte, n int) (bool, error) {
	l := len(sn.name)
	if len(line) <= l+1 || line[0] != sn.name[0] || string(line[:l]) != sn.name {
		return false, nil
	}
	var ok bool
	var err error
	switch line[l] {
	case ':':
		if line[l+1] != ' ' {
			return false, nil
		}
		ok, err = p.action(sn.seat, line[l+2:], n)
	case ' ':
		ok, err = p.event(sn.seat, line[l+1:], line, n)
	default:
		return false, nil
	}
	return ok && err == nil, err
}

// action reads "NAME: verb ..." for seated player seat. It reports false
// (and no error) when rest is not an action at all.
//
// The action is built in place, at the end of p.actions, and taken off
// again unless it was read and is one (sitting out is read but is none).
// Nothing appends to p.actions meanwhile; amounts read meanwhile may
// rescale the actions, the new one's amounts still zero.
func (p *psParser) action(seat int, rest []byte, n int) (bool, error) {
	if len(rest) == 0 {
		return false, nil
	}
	p.actions = append(p.actions, hand.Action{Player: seat, Pos: hand.Pos{File: p.r.file, Line: n}})
	last := len(p.actions) - 1
	ok, err := p.actionAt(&p.actions[last], seat, rest)
	if !ok || err != nil || p.actions[last].Kind == 0 {
		p.actions = p.actions[:last]
	}
	return ok, err
}

// actionAt reads rest, the text after "NAME: ", into a; see action.
func (p *psParser) actionAt(a *hand.Action, seat int, rest []byte) (bool, error) {
	var err error
	// Each case tests the first byte before the words: a line is compared
	// with the verbs it may be, not with all of them.
	switch c := rest[0]; {
	case c == 'f' && psHas(rest, "folds"):
		a.Kind = hand.Fold
		if tail := rest[5:]; len(tail) > 0 {
			if tail[0] != ' ' {
				return false, nil
			}
			if a.Cards, err = p.bracketCards(tail[1:], true); err != nil {
				return false, err
			}
		}
	case c == 'c' && psIs(rest, "checks"):
		a.Kind = hand.Check
	case c == 'c' && psHas(rest, "calls "):
		a.Kind = hand.Call
		if a.Amount, err = p.amountThenSuffix(rest[6:], a); err != nil {
			return false, err
		}
		a.HasAmount = true
	case c == 'b' && psHas(rest, "bets "):
		a.Kind = hand.Bet
		if a.Amount, err = p.amountThenSuffix(rest[5:], a); err != nil {
			return false, err
		}
		a.To, a.HasAmount = a.Amount, true
	case c == 'r' && psHas(rest, "raises "):
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
		if a.To, err = p.amountThenSuffix(tail[4:], a); err != nil {
			return false, err
		}
		a.Amount, a.HasAmount = p.since(by, sc), true
	case c == 'p' && psHas(rest, "posts "):
		return true, p.post(a, rest[6:])
	case c == 's' && psHas(rest, "shows "):
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
	case c == 'm' && psIs(rest, "mucks hand"), c == 'd' && psIs(rest, "doesn't show hand"):
		a.Kind = hand.Muck
		a.Board = p.showdown
	case c == 'm' && psHas(rest, "mucks hand "):
		a.Kind = hand.Muck
		a.Board = p.showdown
		if a.Cards, err = p.bracketCards(rest[11:], true); err != nil {
			return false, err
		}
	case c == 's' && psIs(rest, "sits out"), c == 'i' && psIs(rest, "is sitting out"):
		// A cash player who sits out before the deal is not dealt in.
		if p.state == psPreDeal && !p.isTourn {
			p.seats[seat].SittingOut = true
		}
		return true, nil
	case c == 's' && psIs(rest, "sits in"), c == 'i' && psIs(rest, "is back"):
		return true, nil
	case c == 'd' && psHas(rest, "discards"), c == 's' && psHas(rest, "stands pat"), c == 'b' && psHas(rest, "brings in"), c == 'c' && psHas(rest, "completes it"):
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
	} else if p.state < psBetting {
		return false, psErrorf("%s before *** HOLE CARDS ***", a.Kind)
	}
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

// post reads "posts ..." after the player's name into a.
func (p *psParser) post(a *hand.Action, rest []byte) error {
	a.Kind = hand.Post
	var kind hand.PostKind
	var k int
	if len(rest) == 0 {
		return psErrorf("unknown forced bet")
	}
	switch c := rest[0]; {
	case c == 's' && psHas(rest, "small blind "):
		kind, k = hand.PostSmallBlind, 12
	case c == 'b' && psHas(rest, "big blind "):
		kind, k = hand.PostBigBlind, 10
	case c == 't' && psHas(rest, "the ante "):
		kind, k = hand.PostAnte, 9
	case c == 'a' && psHas(rest, "ante "):
		kind, k = hand.PostAnte, 5
	case c == 's' && psHas(rest, "small & big blinds "):
		kind, k = hand.PostBothBlind, 19
	case c == 's' && psHas(rest, "straddle "):
		kind, k = hand.PostStraddle, 9
	case c == 'd' && psHas(rest, "dead blind "):
		kind, k = hand.PostDead, 11
	case c == 'd' && psHas(rest, "dead small blind "):
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
	p.posted(kind, v, a.AllIn)
	return nil // a is in p.actions already (see action)
}

// posted notes a forced bet of v for the stakes (see fillStakes).
func (p *psParser) posted(kind hand.PostKind, v hand.Amount, allIn bool) {
	if kind == hand.PostStraddle {
		p.h.Stakes.Straddles = append(p.h.Stakes.Straddles, v)
		return
	}
	p.postedBlind(kind, v, allIn)
}

// postedBlind is posted for the blinds and antes: small enough to inline
// where a call would cost more than it does (quickAction).
func (p *psParser) postedBlind(kind hand.PostKind, v hand.Amount, allIn bool) {
	switch kind {
	case hand.PostSmallBlind:
		if p.sbPosted == 0 && !allIn {
			p.sbPosted = v
		}
	case hand.PostBigBlind:
		if p.bbPosted == 0 && !allIn {
			p.bbPosted = v
		}
	case hand.PostAnte:
		if v > p.antes {
			p.antes = v
		}
	}
}

// event reads "NAME something" (no colon) for seated player seat:
// collects, chat, table events.
func (p *psParser) event(seat int, rest, line []byte, n int) (bool, error) {
	switch {
	case len(rest) >= 10 && string(rest[:10]) == "collected ":
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
		case string(from) == " from pot", string(from) == " from main pot":
			a.Pot = 0
		case string(from) == " from side pot":
			a.Pot = 1
		case len(from) >= 15 && string(from[:15]) == " from side pot-":
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
	case len(line) >= 9 && string(line[:9]) == "Dealt to ":
		return p.dealt(line[9:], n)
	case len(line) >= 14 && string(line[:14]) == "Uncalled bet (":
		if p.state < psBetting {
			return psErrorf("uncalled bet before *** HOLE CARDS ***")
		}
		v, k, err := p.amount(line[14:])
		if err != nil {
			return err
		}
		tail := line[14+k:]
		if len(tail) < 14 || string(tail[:14]) != ") returned to " {
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
	if len(rest) > 0 {
		set, ok := p.namesFrom(rest[0])
		if !ok {
			for _, i := range p.order {
				if done, err := p.dealtTo(&p.names[i], rest, n); done {
					return err
				}
			}
		}
		for ok && set != 0 {
			if done, err := p.dealtTo(p.nextName(&set), rest, n); done {
				return err
			}
		}
	}
	return psErrorf("hole cards dealt to a player with no seat in this hand")
}

// dealtTo reads "NAME [cards]" as dealt to sn, if rest starts with sn's
// name and a bracket. It reports true when it did (with or without error).
func (p *psParser) dealtTo(sn *psSeatName, rest []byte, n int) (bool, error) {
	l := len(sn.name)
	if len(rest) <= l+2 || string(rest[:l]) != sn.name || rest[l] != ' ' || rest[l+1] != '[' {
		return false, nil
	}
	cs, err := p.bracketCards(rest[l+1:], true)
	if err != nil {
		return true, err
	}
	if len(cs) != p.holeN {
		return true, psErrorf("%d hole cards dealt in a game of %d", len(cs), p.holeN)
	}
	for i := len(p.actions) - 1; i >= 0; i-- {
		a := &p.actions[i]
		if a.Kind == hand.DealHole && a.Player == sn.seat {
			a.Cards = cs
			a.Pos.Line = n
			return true, nil
		}
	}
	p.actions = append(p.actions, hand.Action{Kind: hand.DealHole, Player: sn.seat, Cards: cs,
		Pos: hand.Pos{File: p.r.file, Line: n}})
	return true, nil
}

// marker reads a "*** ... ***" line: the deal, the streets, the showdown, the summary.
func (p *psParser) marker(line []byte, n int) error {
	end := psSectionEnd(line[4:])
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
		return p.street(name, board, tail, n)
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

// quickMarker reads line, a usual section line of the length psMarkerLen
// gave, as marker would, if it is one of the betting states may read
// without an error, and reports whether it did; else it changes nothing,
// and the general way reads the line again. psMarkerLen's length tells
// the name, compared whole here: marker need not look for it.
func (p *psParser) quickMarker(line []byte, n int) bool {
	switch len(line) {
	case len("*** HOLE CARDS ***"):
		if string(line) != "*** HOLE CARDS ***" || p.state != psPreDeal {
			return false
		}
		p.state = psBetting
		p.dealHoles(n)
	case len("*** FLOP *** [Ah Kd 2c]"):
		if string(line[:12]) != "*** FLOP ***" || p.state != psBetting {
			return false
		}
		return p.quickStreet(line[4:8], line[12:], 0, 3, n)
	case len("*** TURN *** [Ah Kd 2c] [3s]"):
		if string(line[:12]) != "*** TURN ***" || p.state != psBetting {
			return false
		}
		return p.quickStreet(line[4:8], line[12:], 3, 1, n)
	case len("*** RIVER *** [Ah Kd 2c 3s] [4h]"):
		if string(line[:13]) != "*** RIVER ***" || p.state != psBetting {
			return false
		}
		return p.quickStreet(line[4:9], line[13:], 4, 1, n)
	case len("*** SHOW DOWN ***"):
		if string(line) != "*** SHOW DOWN ***" || p.state != psBetting {
			return false
		}
		p.state, p.showdown = psShowdown, 0
	case len("*** SUMMARY ***"):
		// The betting states are past psPreDeal: marker's test of
		// the state holds.
		if string(line) != "*** SUMMARY ***" {
			return false
		}
		p.state, p.summary = psSummary, true
	default:
		return false
	}
	return true
}

// quickStreet reads tail, what follows the name of a street line of the
// length psMarkerLen gave: " [Ah Kd 2c]" for the flop (before, the cards
// dealt so far, 0), else " [the board so far] [4h]" (want, the cards it
// adds, 1). The usual cards are read here, at the places they are at, as
// street reads them; anything else is left to street, and reported as
// quickMarker reports it.
func (p *psParser) quickStreet(name, tail []byte, before, want, n int) bool {
	cur := &p.boards[0]
	at := 2 // the first card added
	if before > 0 {
		at = p.shownIs(*cur, tail[1:]) + 3 // 0 if they differ
	}
	if len(*cur) != before || at+3*want != len(tail) || tail[0] != ' ' || tail[at-1] != '[' || tail[at-2] != ' ' {
		return p.street(name, 0, tail, n) == nil
	}
	// Each card with a space after it, a bracket after the last.
	var bad uint8
	for k := range want {
		i := at + 3*k
		r, s := psRank4[tail[i]]-1, psSuit[tail[i+1]]-1
		sep := byte(' ')
		if k == want-1 {
			sep = ']'
		}
		if tail[i+2] != sep {
			bad = 0x80
		}
		bad |= r | s
	}
	if bad >= 0x80 {
		return p.street(name, 0, tail, n) == nil
	}
	added := p.h.NewCards(want)
	for k := range added {
		i := at + 3*k
		added[k] = cards.Card(psRank4[tail[i]] - 1 + psSuit[tail[i+1]] - 1)
	}
	return p.streetDealt(name, 0, want, added, nil, n) == nil
}

// psMarkerLen returns the length of the usual section line that may
// start text, told from the first letters of its name, if an LF follows
// it there, else 0: "*** HOLE CARDS ***", "*** FLOP *** [Ah Kd 2c]",
// "*** TURN *** [Ah Kd 2c] [3s]", "*** RIVER *** [Ah Kd 2c 3s] [4h]",
// "*** SHOW DOWN ***" or "*** SUMMARY ***". If marker reads text that
// long without an error, it is that line and holds no LF: it compares
// the names whole, and a street's cards, ending the line, letter by
// letter.
func psMarkerLen(text []byte) int {
	if len(text) < 33 || string(text[:4]) != "*** " {
		return 0
	}
	n := 0
	switch text[4] {
	case 'H':
		n = len("*** HOLE CARDS ***")
	case 'S':
		n = len("*** SUMMARY ***")
		if text[5] == 'H' {
			n = len("*** SHOW DOWN ***")
		}
	case 'F':
		n = len("*** FLOP *** [Ah Kd 2c]")
	case 'T':
		n = len("*** TURN *** [Ah Kd 2c] [3s]")
	case 'R':
		n = len("*** RIVER *** [Ah Kd 2c 3s] [4h]")
	default:
		return 0
	}
	if text[n] != '\n' || text[n-1] != ']' && text[n-1] != '*' {
		return 0
	}
	return n
}

// psSectionEnd is bytes.Index(b, []byte(" ***")) for the few bytes of a
// section name, without the setup of a general search.
func psSectionEnd(b []byte) int {
	// The usual names first. None holds " ***", so the first one is
	// the one after the name. (Written out, not with psHas: see there.)
	switch {
	case len(b) >= 8 && (string(b[:8]) == "FLOP ***" || string(b[:8]) == "TURN ***"):
		return 4
	case len(b) >= 9 && string(b[:9]) == "RIVER ***":
		return 5
	case len(b) >= 14 && string(b[:14]) == "HOLE CARDS ***":
		return 10
	case len(b) >= 13 && string(b[:13]) == "SHOW DOWN ***":
		return 9
	case len(b) >= 11 && string(b[:11]) == "SUMMARY ***":
		return 7
	}
	for i := 0; i+4 <= len(b); i++ {
		if b[i] == ' ' && b[i+1] == '*' && b[i+2] == '*' && b[i+3] == '*' {
			return i
		}
	}
	return -1
}

// dealHoles adds a DealHole for every player dealt in, in dealing order
// from the left of the button; "Dealt to" lines fill in the cards known.
func (p *psParser) dealHoles(n int) {
	start, dealt, button := 0, 0, p.h.Button
	for i := range p.seats {
		s := &p.seats[i]
		if s.Number == button {
			start = i + 1
		}
		if !s.SittingOut {
			dealt++
		}
	}
	// One cut of card memory for all: each player's cards are a part of
	// it with no room beyond, as if cut on their own.
	all := p.h.NewCardsOf(dealt*p.holeN, cards.Unknown)
	// The actions are written in place, not built and copied.
	at := len(p.actions)
	p.actions = slices.Grow(p.actions, dealt)[:at+dealt]
	file, holeN := p.r.file, p.holeN
	for k := range p.seats {
		i := start + k
		if i >= len(p.seats) {
			i -= len(p.seats)
		}
		if p.seats[i].SittingOut {
			continue
		}
		// Every field set, one by one (see quickAction).
		a := &p.actions[at]
		a.Kind, a.Player, a.Amount, a.To, a.HasAmount, a.AllIn, a.PostKind = hand.DealHole, i, 0, 0, false, false, 0
		a.Board, a.Pot, a.Pos.Line = 0, 0, n
		a.Cards, a.Pos.File = all[:holeN:holeN], file
		all = all[holeN:]
		at++
	}
}

// street reads a street line: "[flop]" or "[board so far] [new card]",
// possibly followed by a PPPoker "{Rake: $0}" note.
func (p *psParser) street(name []byte, board int, tail []byte, n int) error {
	want, before := 3, 0
	switch string(name) {
	case "TURN":
		want, before = 1, 3
	case "RIVER":
		want, before = 1, 4
	}
	if len(tail) == 0 || tail[0] != ' ' {
		return psErrorf("street line without cards")
	}
	cur := &p.boards[board]
	if k := p.shownIs(*cur, tail[1:]); k > 0 && len(*cur) == before && psHas(tail[1+k:], " [") {
		// The board so far, as dealt: only the new cards are read
		// (below, as the general way reads them after it).
		added, err := p.bracketCards(tail[2+k:], false)
		if err != nil {
			return err
		}
		tail = tail[2+k:]
		tail = tail[bytes.IndexByte(tail, ']')+1:]
		return p.streetDealt(name, board, want, added, tail, n)
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
	if board == 1 && len(*cur) == 0 && len(shown) > 0 {
		// The second run shares the cards dealt before the all-in.
		if len(shown) > len(p.boards[0]) || !slices.Equal(shown, p.boards[0][:len(shown)]) {
			return psErrorf("second board does not share the first board's cards")
		}
		*cur = append(*cur, shown...)
	}
	if len(*cur) != before || (shown != nil && !slices.Equal(shown, *cur)) {
		return psErrorf("%s does not follow the board dealt so far", name)
	}
	return p.streetDealt(name, board, want, added, nil, n)
}

// streetDealt deals added, the cards a street line adds to board (want
// of them), after the board so far; tail is what follows them on the line.
func (p *psParser) streetDealt(name []byte, board, want int, added []cards.Card, tail []byte, n int) error {
	if len(tail) > 0 && !(psHas(tail, " {") && tail[len(tail)-1] == '}') {
		return psErrorf("unexpected text after the board")
	}
	if len(added) != want {
		return psErrorf("%s does not follow the board dealt so far", name)
	}
	cur := &p.boards[board]
	*cur = append(*cur, added...)
	k := len(p.actions)
	if k == cap(p.actions) {
		p.actions = append(p.actions, hand.Action{Kind: hand.DealBoard, Player: hand.NoPlayer, Cards: added,
			Board: board, Pos: hand.Pos{File: p.r.file, Line: n}})
		return nil
	}
	// Every field set, one by one (see quickAction).
	p.actions = p.actions[:k+1]
	a := &p.actions[k]
	a.Kind, a.Player, a.Amount, a.To, a.HasAmount, a.AllIn, a.PostKind = hand.DealBoard, hand.NoPlayer, 0, 0, false, false, 0
	a.Board, a.Pot, a.Pos.Line = board, 0, n
	a.Cards, a.Pos.File = added, p.r.file
	return nil
}

// shownIs returns the length of "[cards]" at the start of b if they are
// cs, none missing, written as PokerStars writes them, or 0.
func (p *psParser) shownIs(cs []cards.Card, b []byte) int {
	n := 3*len(cs) + 1
	if len(cs) == 0 || len(b) < n || b[0] != '[' || b[n-1] != ']' || p.noQuick {
		return 0
	}
	// Each card and the space after it (the bracket after the last)
	// compared as one word.
	for k, c := range cs {
		i := 3*k + 1
		want := psCardText[c]
		if k == len(cs)-1 {
			want += (']' - ' ') << 16
		}
		if uint32(b[i])|uint32(b[i+1])<<8|uint32(b[i+2])<<16 != want {
			return 0
		}
	}
	return n
}

// psCardText holds each card's two letters and a space after them, as
// the three low bytes of a little-endian word, as psCard reads them
// (0: no card).
var psCardText = func() (t [256]uint32) {
	for _, r := range []byte("23456789TJQKA") {
		for _, s := range []byte("cdhs") {
			c, _ := psCard(r, s)
			t[c] = uint32(r) | uint32(s)<<8 | ' '<<16
		}
	}
	return t
}()

// bracketCards reads "[Ah Kd ...]" at the start of b. With whole, nothing
// may follow the closing bracket.
func (p *psParser) bracketCards(b []byte, whole bool) ([]cards.Card, error) {
	if len(b) < 2 || b[0] != '[' {
		return nil, psErrorf("expected cards in brackets")
	}
	// Fast path: cards one space apart up to the bracket, as PokerStars
	// writes them: the bracket is looked for where it may be, after each
	// card, and then the cards are read. Anything else goes the general
	// way, which reads these the same.
	if n := psCardsEnd(b); n > 0 && (!whole || 3*n+1 == len(b)) && !p.noQuick {
		cs := p.h.NewCards(n)
		// A rank or suit letter maps to its part of the card (see
		// psCard); any other byte to 0xFF, whose top bit stays in bad.
		var bad uint8
		for k := range cs {
			r, s := psRank4[b[3*k+1]]-1, psSuit[b[3*k+2]]-1
			cs[k] = cards.Card(r + s)
			bad |= r | s
		}
		if bad < 0x80 {
			return cs, nil // no card letter is a ']': it is the first one
		}
	}
	end := bytes.IndexByte(b, ']')
	if end < 0 || whole && end != len(b)-1 {
		return nil, psErrorf("cannot read the cards in brackets")
	}
	in := b[1:end]
	cs := p.h.NewCards((len(in) + 1) / 3)
	// Fast path: cards one space apart, as PokerStars writes them.
	if len(in)%3 == 2 {
		ok := true
		for k := range cs {
			i := 3 * k
			c, good := psCard(in[i], in[i+1])
			cs[k] = c
			ok = ok && good && (i+2 == len(in) || in[i+2] == ' ')
		}
		if ok {
			return cs, nil
		}
	}
	cs = cs[:0]
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

// psCardsEnd returns how many cards b holds if it is "[" and cards of
// two bytes one space apart, up to a "]", or 0.
func psCardsEnd(b []byte) int {
	for i := 3; i < len(b); i += 3 {
		switch b[i] {
		case ']':
			return i / 3
		case ' ':
		default:
			return 0
		}
	}
	return 0
}

// psCard reads a two-letter card such as "Ah" or "Td".
func psCard(r, s byte) (cards.Card, bool) {
	rank, suit := psRank4[r], psSuit[s]
	if rank == 0 || suit == 0 {
		return cards.Unknown, false
	}
	return cards.Card(rank - 1 + suit - 1), true
}

// psRank4 maps a rank letter to its card index (rank*4, see cards.New)
// plus one, and psSuit a suit letter to its suit plus one (0: neither).
var psRank4, psSuit = func() (rt, st [256]uint8) {
	for i, c := range "23456789TJQKA" {
		rt[c] = uint8(cards.New(cards.Rank(i), 0)) + 1
	}
	for _, s := range [...]struct {
		c    byte
		suit cards.Suit
	}{{'c', cards.Clubs}, {'d', cards.Diamonds}, {'h', cards.Hearts}, {'s', cards.Spades}} {
		st[s.c] = uint8(s.suit) + 1
	}
	return rt, st
}()

// psHas reports whether b starts with s.
//
// Hot paths write out a test for a literal of over 8 bytes instead, as
// len(b) >= 9 && string(b[:9]) == " (button)": the compiler compares a
// literal in registers only when it is in the comparison itself, and
// through psHas it calls memequal.
func psHas(b []byte, s string) bool { return len(b) >= len(s) && string(b[:len(s)]) == s }

// psIs reports whether b is s.
func psIs(b []byte, s string) bool { return string(b) == s }

// psHasSuffix reports whether b ends with s.
func psHasSuffix(b []byte, s string) bool {
	return len(b) >= len(s) && string(b[len(b)-len(s):]) == s
}

// summaryLine reads a line after *** SUMMARY ***.
func (p *psParser) summaryLine(line []byte, n int) error {
	// The usual lines first. What a seat line reads whole holds no hand
	// header glued on; it checks the rest itself (see summarySeat). A
	// board or Total pot line read whole (quickTotalPot) holds no '#'.
	if !p.noQuick {
		switch line[0] {
		case 'S':
			if psHas(line, "Seat ") {
				return p.summarySeat(line, n)
			}
		case 'B':
			if psHas(line, "Board ") && p.boardIs(0, line[6:]) {
				return nil
			}
		case 'T':
			if p.quickTotalPot(line, n) {
				return nil
			}
		}
	}
	if psFindGluedHeader(line) > 0 {
		return psErrorf("summary line runs into a hand header")
	}
	switch c := line[0]; {
	case c == 'S' && psHas(line, "Seat "):
		return p.summarySeat(line, n)
	case c == 'T' && len(line) >= 10 && string(line[:10]) == "Total pot ":
		return p.totalPot(line[10:], n)
	case c == 'B' && psHas(line, "Board "):
		return p.summaryBoard(0, line[6:])
	case c == 'F' && psHas(line, "FIRST Board "):
		return p.summaryBoard(0, line[12:])
	case c == 'S' && psHas(line, "SECOND Board "):
		return p.summaryBoard(1, line[13:])
	case c == 'H' && psHas(line, "Hand ended at "): // PPPoker
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

// boardIs reports whether b is "[cards]", written as PokerStars writes
// them, of the cards dealt so far to board, if any: as summaryBoard would
// read and accept it, with nothing to do.
func (p *psParser) boardIs(board int, b []byte) bool {
	k := p.shownIs(p.boards[board], b)
	return k > 0 && k == len(b)
}

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

// quickTotalPot reads the usual Total pot line, "Total pot X[ Main pot
// Y.[ Side pot-N Z.]...] | Rake R" with plain amounts (psPlainAmount), read
// whole, as totalPot reads it, and reports whether it did. It changes
// nothing if not: totalPot reads every other line, and every error.
func (p *psParser) quickTotalPot(line []byte, n int) bool {
	if len(line) < 10 || string(line[:10]) != "Total pot " || p.sawTotal {
		return false
	}
	total, k, ok := psPlainAmount(line[10:], p.scale)
	if !ok {
		return false
	}
	b := line[10+k:]
	pots := len(p.pots)
	if len(b) >= 10 && string(b[:10]) == " Main pot " {
		b = b[10:]
		for {
			v, k, ok := psPlainAmount(b, p.scale)
			if !ok || k >= len(b) || b[k] != '.' {
				p.pots = p.pots[:pots]
				return false
			}
			p.pots = append(p.pots, v)
			b = b[k+1:]
			// " Side pot-N ", N the pots so far, up to 9.
			if len(b) < 12 || string(b[:10]) != " Side pot-" || b[10]-'0' > 9 || int(b[10]-'0') != len(p.pots) || b[11] != ' ' {
				break
			}
			b = b[12:]
		}
	}
	if len(b) < 9 || string(b[:8]) != " | Rake " {
		p.pots = p.pots[:pots]
		return false
	}
	rake, k, ok := psPlainAmount(b[8:], p.scale)
	if !ok || 8+k != len(b) {
		p.pots = p.pots[:pots]
		return false
	}
	o := &p.h.Outcome
	o.TotalPot, o.HasTotalPot, o.Pos = total, true, hand.Pos{File: p.r.file, Line: n}
	o.Rake, o.HasRake = rake, true
	p.sawTotal = true
	return true
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
//
// The usual line is read here with no calls: a seat number of one or two
// digits, a name of at most 16 bytes with no '#', compared in registers,
// and an outcome that is one of the folds, written out below (they hold
// no '#', so no header can be glued into the line), or "collected (X)".
// Every other line, and every error, goes to summarySeatAny, unchanged.
func (p *psParser) summarySeat(line []byte, n int) error {
	if len(line) < 9 || cap(line) < 25 || p.noQuick || len(p.names) > 64 {
		return p.summarySeatAny(line, n)
	}
	// "Seat D: " or "Seat DD: ".
	number, colon := int(line[5]-'0'), 6
	if number > 9 {
		return p.summarySeatAny(line, n)
	}
	if d := line[6] - '0'; d <= 9 {
		number, colon = number*10+int(d), 7
	}
	if line[colon] != ':' || line[colon+1] != ' ' || number >= len(p.byNumber) {
		return p.summarySeatAny(line, n)
	}
	seat := int(p.byNumber[number]) - 1
	if seat < 0 || seat >= len(p.seats) || p.seats[seat].Number != number {
		return p.summarySeatAny(line, n)
	}
	sn := &p.names[seat]
	// The name, in registers (as psStartsWith), with no '#' (as hasHash).
	const ones, high = 0x0101010101010101, 0x8080808080808080
	full := line[colon+2 : colon+2+16 : colon+2+16]
	l := len(sn.name)
	x0, x1 := sn.w0^(ones*'#'), sn.w1^(ones*'#')
	if l > 16 || colon+2+l > len(line) || ((x0-ones)&^x0|(x1-ones)&^x1)&high != 0 ||
		binary.LittleEndian.Uint64(full)&psMask0[l] != sn.w0 || binary.LittleEndian.Uint64(full[8:])&psMask1[l] != sn.w1 {
		return p.summarySeatAny(line, n)
	}
	rest := line[colon+2+l:]
	rest = psSkipPositions(rest)
	if len(rest) < 8 || rest[0] != ' ' {
		return p.summarySeatAny(line, n)
	}
	rest = rest[1:]
	switch {
	case string(rest[:7]) == "folded ":
		// The usual folds, whole.
		switch r := rest[7:]; len(r) {
		case 11:
			if string(r) == "before Flop" || string(r) == "on the Flop" || string(r) == "on the Turn" {
				return nil
			}
		case 12:
			if string(r) == "on the River" {
				return nil
			}
		case 24:
			if string(r[:11]) == "before Flop" && string(r[11:]) == " (didn't bet)" {
				return nil
			}
		}
	case len(rest) >= 11 && string(rest[:11]) == "collected (":
		// As summarySeatAny reads it: read whole, only the name (checked
		// above) could hold a header.
		whole, err := p.summaryWinnings(seat, rest)
		if err != nil {
			return err
		}
		if whole {
			return nil
		}
		if bytes.IndexByte(rest, '#') >= 0 && psFindGluedHeader(line) > 0 {
			return psErrorf("summary line runs into a hand header")
		}
		return nil
	case len(rest) >= 8 && string(rest[:8]) == "showed [" || string(rest[:6]) == "mucked":
		// As summarySeatAny reads them, with the same calls.
		kind := hand.Show
		if rest[0] == 'm' {
			kind = hand.Muck
		}
		if tail := rest[6:]; len(tail) > 0 {
			if tail[0] != ' ' || len(tail) < 2 || tail[1] != '[' {
				return p.summarySeatAny(line, n)
			}
			cs, err := p.bracketCards(tail[1:], false)
			if err != nil {
				return err
			}
			p.summaryCards(seat, kind, cs, n)
		}
		if _, err := p.summaryWinnings(seat, rest); err != nil {
			return err
		}
		if bytes.IndexByte(rest, '#') >= 0 && psFindGluedHeader(line) > 0 {
			return psErrorf("summary line runs into a hand header")
		}
		return nil
	}
	return p.summarySeatAny(line, n)
}

// summarySeatAny reads any summary seat line (see summarySeat).
//
// The outcome's words and amounts may be followed by free text. As on any
// summary line, a hand header glued into the line is an error; only the
// name and the text after the blinds can hold one, and only one with a
// '#' in them, which every header has, is looked for (see psSeatGlued).
func (p *psParser) summarySeatAny(line []byte, n int) error {
	// The line's first colon, after "Seat " and the digits where it
	// usually is.
	colon := 5
	for colon < len(line) && line[colon]-'0' <= 9 {
		colon++
	}
	if colon == len(line) || line[colon] != ':' {
		colon = bytes.IndexByte(line, ':')
	}
	if colon < 6 || colon+2 > len(line) || line[colon+1] != ' ' {
		return psErrorf("cannot read the summary seat line")
	}
	number := psNum(line[5:colon])
	seat := p.seatNumbered(number)
	if seat < 0 {
		return psErrorf("summary names seat %s, which is not in the seat list", line[5:colon])
	}
	rest := line[colon+2:]
	sn := &p.names[seat]
	if len(rest) < len(sn.name) || !psStartsWith(rest, sn) {
		return psErrorf("summary seat %d does not name its player %q", number, sn.name)
	}
	rest = rest[len(sn.name):]
	rest = psSkipPositions(rest)
	if len(rest) < 2 || rest[0] != ' ' {
		return psErrorf("cannot read the summary seat line")
	}
	rest = rest[1:]
	switch c := rest[0]; {
	case c == 'f' && psHas(rest, "folded"), c == 'l' && psHas(rest, "lost"),
		c == 'i' && len(rest) >= 14 && string(rest[:14]) == "is sitting out", c == 's' && psHas(rest, "sat out"):
	case c == 'c' && len(rest) >= 11 && string(rest[:11]) == "collected (", c == 'w' && psHas(rest, "won ("),
		c == 'd' && psHas(rest, "didn't show and won ("):
		whole, err := p.summaryWinnings(seat, rest)
		if err != nil {
			return err
		}
		if whole {
			rest = nil // read to its end: only the name is left to check
		}
	case c == 's' && psHas(rest, "showed ["), c == 'm' && psHas(rest, "mucked"):
		kind := hand.Show
		if rest[0] == 'm' {
			kind = hand.Muck
		}
		if tail := rest[6:]; len(tail) > 0 {
			if !psHas(tail, " [") {
				return psErrorf("cannot read the summary seat line")
			}
			cs, err := p.bracketCards(tail[1:], false)
			if err != nil {
				return err
			}
			p.summaryCards(seat, kind, cs, n)
		}
		if _, err := p.summaryWinnings(seat, rest); err != nil {
			return err
		}
	default:
		return psErrorf("cannot read the summary seat line")
	}
	if psSeatGlued(line, sn, rest) {
		return psErrorf("summary line runs into a hand header")
	}
	return nil
}

// psSeatGlued reports whether a summary seat line, whose player is sn
// and whose outcome is rest, has a hand header glued into it.
func psSeatGlued(line []byte, sn *psSeatName, rest []byte) bool {
	return (sn.hasHash() || bytes.IndexByte(rest, '#') >= 0) && psFindGluedHeader(line) > 0
}

// hasHash reports whether the name holds a '#', from its words if they
// hold all of it (see nameWords), as they do nearly always.
func (sn *psSeatName) hasHash() bool {
	if len(sn.name) > 16 {
		return strings.IndexByte(sn.name, '#') >= 0
	}
	// A zero byte of the words xor '#'s is a '#' (the padding is zeros):
	// (x-ones)&^x&high flags the lowest zero byte, if any.
	const ones, high = 0x0101010101010101, 0x8080808080808080
	x0, x1 := sn.w0^(ones*'#'), sn.w1^(ones*'#')
	return ((x0-ones)&^x0|(x1-ones)&^x1)&high != 0
}

// seatNumbered returns the index in seats of the seat numbered number, or
// -1. Small numbers are looked up in byNumber, whose entries may be left
// from an earlier hand: one is used only if it names a seat of that
// number (numbers are unique in a hand).
func (p *psParser) seatNumbered(number int) int {
	if number >= 0 && number < len(p.byNumber) {
		if i := int(p.byNumber[number]) - 1; i >= 0 && i < len(p.seats) && p.seats[i].Number == number {
			return i
		}
	}
	for i := range p.seats {
		if p.seats[i].Number == number {
			return i
		}
	}
	return -1
}

// summaryWinnings adds up every "won (X)" and "collected (X)" of a summary
// seat line, b from its outcome on. whole reports that b is just
// "collected (X)", read whole.
func (p *psParser) summaryWinnings(seat int, b []byte) (whole bool, err error) {
	if len(p.winnings) == 0 {
		p.winnings = append(p.winnings, make([]hand.Amount, len(p.seats))...)
	}
	// Most are just "collected (X)", which holds no other key.
	if len(b) >= 11 && string(b[:11]) == "collected (" && b[len(b)-1] == ')' && !p.noQuick {
		if v, k, ok := psPlainAmount(b[11:], p.scale); ok && 11+k == len(b)-1 {
			p.winnings[seat] += v
			p.sawWin = true
			return true, nil
		}
	}
	// Both keys end in a parenthesis, which the usual "showed [...] and
	// lost with ..." does not hold.
	first := bytes.IndexByte(b, '(')
	if first < 0 {
		return false, nil
	}
	// Every "won (X)", then every "collected (X)", in order, as a search
	// for each key would find them. A key is found at the '(' that ends
	// it (its only one, so matches cannot overlap); the '(' found while
	// reading the "won"s tell whether any "collected" is worth a second
	// pass.
	collected := false
	for i := first; ; {
		if i >= 4 && string(b[i-4:i]) == "won " {
			if err := p.winAt(seat, b[i+1:]); err != nil {
				return false, err
			}
		} else if i >= 10 && string(b[i-10:i]) == "collected " {
			collected = true
		}
		k := bytes.IndexByte(b[i+1:], '(')
		if k < 0 {
			break
		}
		i += 1 + k
	}
	for i := first; collected; {
		if i >= 10 && string(b[i-10:i]) == "collected " {
			if err := p.winAt(seat, b[i+1:]); err != nil {
				return false, err
			}
		}
		k := bytes.IndexByte(b[i+1:], '(')
		if k < 0 {
			break
		}
		i += 1 + k
	}
	return false, nil
}

// winAt adds to seat's winnings the amount that starts rest, which must
// be followed by ')'.
func (p *psParser) winAt(seat int, rest []byte) error {
	v, k, err := p.amount(rest)
	if err != nil {
		return err
	}
	if k >= len(rest) || rest[k] != ')' {
		return psErrorf("cannot read the amount won")
	}
	p.winnings[seat] += v
	p.sawWin = true
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
		p.abandon()
		return nil, p.err
	}
	switch {
	case p.cancel > 0:
		// Not an error of the record: the room cancelled the hand. It is
		// read, marked cancelled, and not replayed (hand.not-replayed).
		h.Cancelled = true
	case p.state < psSummary:
		p.fail(p.lastLine, p.r.in.heldLine(), "hand ends without a *** SUMMARY ***: the record is cut short")
	case !p.sawTotal:
		p.fail(p.lastLine, p.r.in.heldLine(), "summary has no Total pot line: the record is cut short")
	case len(p.seats) == 0:
		p.fail(h.Pos.Line, nil, "hand has no seats")
	}
	if most := p.r.maxActions; most > 0 && len(p.actions) > most {
		p.fail(p.lastLine, p.r.in.heldLine(), fmt.Sprintf("hand has more than %d actions, the limit; skipped", most))
	}
	if p.scale >= len(psPow10) {
		// Chips whose stakes have more decimals than a Scale can hold.
		p.fail(h.Pos.Line, nil, "amount has too many decimals")
	}
	if p.err != nil {
		p.abandon()
		return nil, p.err
	}
	p.store()
	for b := 0; b < 2; b++ {
		if n := len(p.boards[b]); n > 0 {
			cs := h.NewCards(n)
			copy(cs, p.boards[b])
			h.Boards = append(h.Boards, cs)
		}
	}
	p.fillStakes()
	h.Scale = psPow10[p.scale]
	p.h = nil // the caller's now
	return h, nil
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

// internAs is intern for a header field whose last value is *last: the
// same again is returned without a look-up.
func (r *PokerStarsReader) internAs(b []byte, last *string) string {
	if string(b) != *last {
		*last = r.strs.intern(b)
	}
	return *last
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

// psSkipPositions returns rest past the positions a summary seat line
// gives after the player's name: " (button)", " (small blind)", " (big
// blind)", in any number.
func psSkipPositions(rest []byte) []byte {
	for len(rest) > 2 && rest[1] == '(' {
		switch {
		case len(rest) >= 9 && string(rest[:9]) == " (button)":
			rest = rest[9:]
		case len(rest) >= 14 && string(rest[:14]) == " (small blind)":
			rest = rest[14:]
		case len(rest) >= 12 && string(rest[:12]) == " (big blind)":
			rest = rest[12:]
		default:
			return rest
		}
	}
	return rest
}

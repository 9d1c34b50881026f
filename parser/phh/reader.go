package phh

// The Reader: it cuts the input into hands (chunk.go, or walkFast in
// quick_toml.go), reads each hand's TOML into raw fields (toml.go) and
// builds the hand from them (build.go).

import (
	"bytes"
	"fmt"
	"io"
	"strconv"
	"sync"
	"time"

	"github.com/handaudit/handaudit/cards"
	"github.com/handaudit/handaudit/hand"
	"github.com/handaudit/handaudit/parser"
	"github.com/pelletier/go-toml/v2/unstable"
)

// Format is the name PHH registers under.
const Format parser.Format = "phh"

func init() {
	parser.Register(parser.Registration{
		Name:   Format,
		Detect: detectPHH,
		Open: func(r io.Reader, file string, lim parser.Limits, pool *hand.Pool) parser.Reader {
			pr := newReader(r, file, lim)
			pr.pool = pool
			pr.st.pool = pool
			return pr
		},
		Append: AppendHand,
	})
}

// detectPHH is PHH's Registration.Detect: a TOML document whose first
// significant line is a comment, a key = value pair of a PHH field, or
// a [N] table header of a .phhs file. Any TOML document might start so,
// hence SyntaxMatch.
func detectPHH(head []byte) int {
	if looksLikePHH(head) {
		return parser.SyntaxMatch
	}
	return parser.NotThisFormat
}

// looksLikePHH reports whether text reads like a PHH TOML document: its
// first significant line is a comment, a key = value pair of a PHH field,
// or a [N] table header of a .phhs file.
func looksLikePHH(text []byte) bool {
	for _, line := range bytes.Split(text, []byte("\n")) {
		line = bytes.TrimSpace(line)
		if len(line) == 0 || line[0] == '#' {
			continue
		}
		if line[0] == '[' {
			return true
		}
		for _, key := range [][]byte{[]byte("variant"), []byte("antes"), []byte("actions"),
			[]byte("starting_stacks"), []byte("blinds_or_straddles"), []byte("ante_trimming_status")} {
			if bytes.HasPrefix(line, key) {
				rest := bytes.TrimSpace(line[len(key):])
				if len(rest) > 0 && rest[0] == '=' {
					return true
				}
			}
		}
		return false
	}
	return false
}

// Reader reads hands from a PHH input: a .phh file (one hand) or a .phhs
// file (tables [1], [2], ..., each one hand). Which it is comes from the
// content, not the file name. A .phhs file is read one hand at a time, so
// its size does not matter.
//
// A hand that cannot be read is returned as an *Error with the file, line
// and hand index, and the next call reads the next hand.
type Reader struct {
	st   *phhState  // nil once the input is exhausted
	err  error      // what Next returns once st is nil
	pool *hand.Pool // where hands come from (nil: allocated)
}

// NewReader returns a reader of the PHH input r; file is the name used
// in positions and errors.
func NewReader(r io.Reader, file string) *Reader {
	return newReader(r, file, parser.Limits{})
}

// newReader is NewReader under limits (zero fields: the defaults).
func newReader(r io.Reader, file string, lim parser.Limits) *Reader {
	s := phhStatePool.Get().(*phhState)
	s.init(r, file, lim.Normalized())
	return &Reader{st: s}
}

// Next returns the next hand, (nil, *Error) for a hand that cannot be read,
// (nil, io.EOF) at the end of input, or a final I/O error.
func (r *Reader) Next() (h *hand.Hand, err error) {
	s := r.st
	if s == nil {
		return nil, r.err
	}
	c := &s.chunker
	if err := c.prepare(); err != nil {
		r.finish(err)
		return nil, err
	}
	s.mode = c.mode
	s.index = s.next
	s.next++
	var ch phhChunk
	defer func() {
		// Last resort: no input may crash a run. A panic here is a bug in
		// this reader; the hand is reported and reading goes on.
		if rec := recover(); rec != nil {
			h = nil
			err = &parser.Error{File: s.file, Line: ch.line, HandIndex: s.index,
				Msg: fmt.Sprintf("internal error while reading this hand: %v", rec)}
		}
	}()
	if s.mode == phhModeMulti && !s.noFast && c.preLine == 0 {
		fch, headerLine, endLine, ok, err := s.fastHand()
		if err != nil {
			s.next--
			r.finish(err)
			return nil, err
		}
		if ok {
			ch = fch
			// Over a limit: the same error, without the hand's text, as
			// when the chunker skips the hand (which it does when the
			// hand arrives in smaller reads).
			if long := phhLongLine(ch.data, ch.line, c.maxLine); long > 0 {
				s.lines.reset(nil, ch.line)
				s.fields.reset()
				return nil, s.errAt(long, "line is longer than %d bytes; the hand is skipped", c.maxLine)
			}
			if len(ch.data) > c.maxHand {
				s.lines.reset(nil, ch.line)
				s.fields.reset()
				return nil, s.errAt(ch.line, "hand is too large (over %d bytes); skipped", c.maxHand)
			}
			s.lines.reset(ch.data, ch.line)
			s.lines.last = endLine
			if perr := s.checkHandName(headerLine); perr != nil {
				return nil, perr
			}
			h, perr := s.build(ch, headerLine)
			if perr != nil {
				return nil, perr
			}
			return h, nil
		}
	}
	ch, err = c.next()
	if err != nil {
		s.next--
		r.finish(err)
		return nil, err
	}
	// In a .phhs file the fast path has just failed on this hand.
	h, perr := s.parse(ch, s.mode == phhModeSingle && !s.noFast)
	if perr != nil {
		return nil, perr
	}
	return h, nil
}

// fastHand reads the next hand of a .phhs input with the fast path,
// straight from the read buffer: the hand is cut and read in one pass. It
// reports false if the hand is not in the fast path's subset; the caller
// then cuts it with the chunker and parses it fully.
func (s *phhState) fastHand() (ch phhChunk, headerLine, endLine int, ok bool, err error) {
	c := &s.chunker
	for {
		if c.start == c.end && c.eof {
			return phhChunk{}, 0, 0, false, io.EOF
		}
		data := c.buf[c.start:c.end]
		headerLine, end, endLine, res := s.walkFast(data, c.line, !c.eof)
		switch res {
		case phhFastOK:
			ch := phhChunk{data: data[:end:end], line: c.line}
			c.start += end
			c.scan = c.start
			c.line, c.scanLine = endLine, endLine
			return ch, headerLine, endLine, true, nil
		case phhFastMore:
			live := c.end - c.start
			if live > c.maxHand || c.end-(c.start+bytes.LastIndexByte(data, '\n')+1) > c.maxLine {
				// Too large a hand or too long a line: the chunker
				// skips it without holding it whole.
				return phhChunk{}, 0, 0, false, nil
			}
			// Read a good deal more before trying again, so that a
			// reader returning little at a time does not make every hand
			// be parsed over and over: doubling what is buffered keeps
			// the work linear in the hand's size.
			if err := c.fill(min(2*live+phhReadBlock, c.maxHand+1)); err != nil && err != io.EOF {
				return phhChunk{}, 0, 0, false, err
			}
		default:
			return phhChunk{}, 0, 0, false, nil
		}
	}
}

// finish ends reading: later calls to Next return err, and the reader's
// buffers go back to the pool.
func (r *Reader) finish(err error) {
	s := r.st
	r.st, r.err = nil, err
	s.release()
	phhStatePool.Put(s)
}

var phhStatePool = sync.Pool{New: func() any { return new(phhState) }}

// phhState is a reader's working memory, reused across hands and, through
// phhStatePool, across readers (opening thousands of small .phh files
// should not allocate thousands of buffers).
type phhState struct {
	file       string
	pool       *hand.Pool // where hands come from (nil: allocated)
	chunker    phhChunker
	mode       phhMode
	index      int  // index of the hand being read
	next       int  // index of the next hand
	noFast     bool // tests: always use the full TOML parser
	maxActions int  // Limits.MaxActions
	// fastBytes counts the bytes walkFast was given, so that a test can
	// tell that reading a large hand stays linear in its size.
	fastBytes int64

	toml    unstable.Parser
	lines   phhLines
	fields  phhFields
	arena   []byte   // unescaped strings of the current hand
	skipped []phhTok // the elements of an unknown array field, dropped
	strs    parser.NameInterner
	newStrs parser.HandStrings // the hand's ID and new names, made as one (see seats)
	// The last table, venue and currency read, for the next hand.
	lastTable, lastSite, lastCurrency string
	zoneName                          string         // the last time_zone read,
	zone                              *time.Location // and its zone
	dayDate                           [3]int         // the last date read (year, month, day),
	dayStart                          time.Time      // and its midnight UTC
	handName                          []byte
	// The field that followed each field (and, last, the start of the
	// hand) in the previous hand, the key walkFast tries first.
	nextField [phhNumFields + 1]phhField
	// The one that followed it before, when another did later: usualLines
	// tries it next.
	otherField [phhNumFields + 1]phhField

	// Hand table names seen so far (duplicates are malformed TOML): the
	// usual names 1..seqNames are kept as a count, others in a map.
	seqNames   int
	nextName   []byte // seqNames+1 in decimal, the name the next hand usually has
	otherNames map[string]int

	// build scratch
	num       [phhNumFields][]phhDecimal
	acts      []phhAct
	antes     []hand.Amount // each player's ante
	blinds    []hand.Amount // each player's blind or straddle
	code      string        // the last game code read, shared by the hands that repeat it
	committed []hand.Amount // chips put in by each player so far (posts only)
	streetBet []hand.Amount // each player's bet in the current betting round
	hole      []cards.Card  // a player's current hole cards (holeCards)
	// What actionsUsual read of the notations besides s.acts: their
	// cards, in order, and a summary.
	cardBuf  []cards.Card
	actsRead phhActsSummary
	relisted []phhDecimal // scratch for elems
}

func (s *phhState) init(r io.Reader, file string, lim parser.Limits) {
	buf := s.chunker.buf
	s.chunker = phhChunker{r: r, buf: buf, name: s.chunker.name, maxHand: lim.MaxHandBytes, maxLine: lim.MaxLineBytes}
	s.maxActions = lim.MaxActions
	s.file = file
	s.pool = nil
	s.noFast = false
	s.mode = phhModeUnknown
	s.index, s.next = 0, 0
	s.seqNames = 0
	s.nextName = append(s.nextName[:0], '1')
	s.otherNames = nil
}

// release drops references to the input so the pooled state does not keep
// it alive.
func (s *phhState) release() {
	s.chunker.r = nil
	s.pool = nil
	s.toml = unstable.Parser{} // its nodes point into the last input
	s.lines.reset(nil, 0)
	s.fields.reset()
	s.otherNames = nil
	if cap(s.arena) > phhReadBlock {
		s.arena = nil
	}
	if cap(s.chunker.buf) > 4*phhReadBlock {
		s.chunker.buf = nil // do not keep a huge buffer alive in the pool
	}
}

// parse reads one hand's text, first with the fast path if tryFast.
func (s *phhState) parse(ch phhChunk, tryFast bool) (*hand.Hand, *parser.Error) {
	s.mode = s.chunker.mode
	s.lines.reset(ch.data, ch.line)
	s.fields.reset()
	if ch.longLine > 0 {
		return nil, s.errAt(ch.longLine, "line is longer than %d bytes; the hand is skipped", s.chunker.maxLine)
	}
	if ch.tooLarge {
		return nil, s.errAt(ch.line, "hand is too large (over %d bytes); skipped", s.chunker.maxHand)
	}
	res, headerLine, end, endLine := phhFastBail, 0, 0, 0
	if tryFast {
		headerLine, end, endLine, res = s.walkFast(ch.data, ch.line, false)
	}
	if res != phhFastOK || end != len(ch.data) {
		var perr *parser.Error
		if headerLine, perr = s.walk(ch); perr != nil {
			return nil, perr
		}
	} else {
		s.lines.last = endLine
	}
	if s.mode == phhModeMulti {
		if perr := s.checkHandName(headerLine); perr != nil {
			return nil, perr
		}
	}
	return s.build(ch, headerLine)
}

// phhIncrement adds one to the decimal number b, in place when it can.
func phhIncrement(b []byte) []byte {
	for i := len(b) - 1; i >= 0; i-- {
		if b[i] != '9' {
			b[i]++
			return b
		}
		b[i] = '0'
	}
	return append([]byte{'1'}, b...) // 9..9 + 1
}

// checkHandName reports a hand table name used before in the file.
func (s *phhState) checkHandName(line int) *parser.Error {
	if string(s.nextName) == string(s.handName) {
		if s.otherNames != nil { // none in the usual file: nothing to look up
			if first, dup := s.otherNames[string(s.handName)]; dup {
				return s.errAt(line, "hand table [%s] defined twice (first at line %d)", s.handName, first)
			}
		}
		s.seqNames++
		s.nextName = phhIncrement(s.nextName)
		return nil
	}
	if n, err := strconv.Atoi(string(s.handName)); err == nil && n >= 1 && n <= s.seqNames &&
		strconv.Itoa(n) == string(s.handName) {
		return s.errAt(line, "hand table [%s] defined twice", s.handName)
	}
	if first, dup := s.otherNames[string(s.handName)]; dup {
		return s.errAt(line, "hand table [%s] defined twice (first at line %d)", s.handName, first)
	}
	if s.otherNames == nil {
		s.otherNames = make(map[string]int)
	}
	s.otherNames[string(s.handName)] = line
	return nil
}

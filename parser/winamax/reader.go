package winamax

// The Reader: it splits the input into lines and the lines into hands, at
// each hand's header line, and enforces the Limits. A hand's lines go to
// the hand's parser (hand.go) one by one.

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"unicode/utf8"

	"github.com/handaudit/handaudit/hand"
	"github.com/handaudit/handaudit/parser"
)

// Format is the name Winamax registers under.
const Format parser.Format = "winamax"

func init() {
	parser.Register(parser.Registration{
		Name:   Format,
		Detect: detect,
		Open: func(r io.Reader, file string, lim parser.Limits, pool *hand.Pool) parser.Reader {
			wr := newReader(r, file, lim)
			wr.pool = pool
			return wr
		},
		Append: func(dst []byte, h *hand.Hand, _ int) ([]byte, error) { return AppendHand(dst, h) },
	})
}

// headerStart starts every hand header, and no other room writes it.
var headerStart = []byte("Winamax Poker - ")

// detect is Winamax's Registration.Detect: a hand header anywhere in the
// head is SignatureMatch.
func detect(head []byte) int {
	if bytes.Contains(head, headerStart) {
		return parser.SignatureMatch
	}
	return parser.NotThisFormat
}

// Reader reads Winamax text hand histories one hand at a time.
//
// A file holds many hands, each starting with a header line ("Winamax
// Poker - ..."); a hand ends where the next header starts or at the end of
// input. Blank lines and blanks around lines are ignored. The input may be
// UTF-8 (with or without a BOM), UTF-16 or Windows-1252, with LF or CRLF
// line ends.
//
// A hand that cannot be read (cut short, no summary, an unknown line, an
// amount that does not parse) is returned as a *parser.Error naming its
// line, and reading resumes at the next header.
type Reader struct {
	file  string
	in    lineReader
	p     handParser
	index int   // hand headers seen so far
	err   error // final error: io.EOF or an I/O error

	// A header found while reading the previous hand (or glued onto the
	// end of one of its lines), to start the next hand with.
	pending     []byte
	pendingLine int
	hasPending  bool

	strs parser.NameInterner // names that recur cost no allocation

	maxHand    int // Limits.MaxHandBytes
	maxActions int // Limits.MaxActions
	pool       *hand.Pool
}

// NewReader returns a reader of the Winamax hands in r. file names the
// input in positions and errors.
func NewReader(r io.Reader, file string) *Reader {
	return newReader(r, file, parser.Limits{})
}

// newReader is NewReader under limits (zero fields: the defaults).
func newReader(r io.Reader, file string, lim parser.Limits) *Reader {
	lim = lim.Normalized()
	wr := &Reader{file: file, maxHand: lim.MaxHandBytes, maxActions: lim.MaxActions}
	wr.in.r = bufio.NewReaderSize(parser.NewDecodedReader(r), 64<<10)
	wr.in.maxLine = lim.MaxLineBytes
	wr.p.r = wr
	return wr
}

// Next returns the next hand, a *parser.Error for a hand that could not
// be read, or io.EOF at the end of input.
func (r *Reader) Next() (*hand.Hand, error) {
	if r.err != nil {
		return nil, r.err
	}
	for {
		line, num, long, err := r.readLine()
		if err != nil {
			r.err = err
			return nil, err
		}
		if len(line) == 0 {
			continue
		}
		if !long && isHeader(line) {
			return r.readHand(line, num)
		}
		e := &parser.Error{File: r.file, Line: num, HandIndex: -1, Text: shorten(line),
			Msg: "text outside a hand: expected a Winamax hand header"}
		if k := findGluedHeader(line); k > 0 && !long {
			r.setPending(line[k:], num)
		} else {
			r.skipToHeader()
		}
		return nil, e
	}
}

// isHeader reports whether line is a hand header.
func isHeader(line []byte) bool { return bytes.HasPrefix(line, headerStart) }

// findGluedHeader returns where a hand header starts inside line (after
// its start), or -1: the sign of a hand cut off mid-line with the next
// hand glued on.
func findGluedHeader(line []byte) int {
	if len(line) < 2 {
		return -1
	}
	if k := bytes.Index(line[1:], headerStart); k >= 0 {
		return k + 1
	}
	return -1
}

// readLine returns the pending header if there is one, else the next input
// line with surrounding blanks and any byte-order mark trimmed.
func (r *Reader) readLine() ([]byte, int, bool, error) {
	if r.hasPending {
		r.hasPending = false
		return r.pending, r.pendingLine, false, nil
	}
	line, long, err := r.in.next()
	if err != nil {
		return nil, r.in.line, false, err
	}
	return trim(line), r.in.line, long, nil
}

// trim drops a byte-order mark (files glued together keep theirs) and
// blanks around a line.
func trim(b []byte) []byte {
	if len(b) >= 3 && b[0] == 0xEF && b[1] == 0xBB && b[2] == 0xBF {
		b = b[3:]
	}
	for len(b) > 0 && (b[len(b)-1] == ' ' || b[len(b)-1] == '\t' || b[len(b)-1] == '\r') {
		b = b[:len(b)-1]
	}
	for len(b) > 0 && (b[0] == ' ' || b[0] == '\t') {
		b = b[1:]
	}
	return b
}

// setPending keeps a copy of a header line to start the next hand with.
func (r *Reader) setPending(line []byte, num int) {
	r.pending = append(r.pending[:0], line...)
	r.pendingLine = num
	r.hasPending = true
}

// skipToHeader drops lines until the next hand header, which it keeps
// pending. An I/O error is kept for the next call to Next.
func (r *Reader) skipToHeader() {
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
		if isHeader(line) {
			r.setPending(line, num)
			return
		}
		if k := findGluedHeader(line); k > 0 {
			r.setPending(line[k:], num)
			return
		}
	}
}

// readHand reads one hand whose header is line number num.
func (r *Reader) readHand(header []byte, num int) (*hand.Hand, error) {
	p := &r.p
	p.reset(num, r.index)
	r.index++
	if err := p.header(header); err != nil {
		return nil, r.failAt(num, header, err.Error())
	}
	size := len(header) + 1
	for {
		line, n, long, err := r.readLine()
		if err != nil {
			if !errors.Is(err, io.EOF) {
				r.err = err
				p.abandon()
				return nil, err
			}
			break // the end of input ends the hand
		}
		if long {
			return nil, r.failAt(n, line, fmt.Sprintf("line is longer than %d bytes; the hand is skipped", r.in.maxLine))
		}
		if len(line) == 0 {
			continue
		}
		if size += len(line) + 1; size > r.maxHand {
			return nil, r.failAt(num, nil, fmt.Sprintf("hand is too large (over %d bytes); skipped", r.maxHand))
		}
		if isHeader(line) {
			r.setPending(line, n)
			break
		}
		if err := p.line(line, n); err != nil {
			if k := findGluedHeader(line); k > 0 {
				p.fail(n, line, "hand cut off: the next hand's header starts in the middle of this line")
				p.abandon()
				r.setPending(line[k:], n)
				return nil, p.err
			}
			return nil, r.failAt(n, line, err.Error())
		}
		if len(p.h.Actions) > r.maxActions {
			return nil, r.failAt(n, line, fmt.Sprintf("hand has more than %d actions, the limit; skipped", r.maxActions))
		}
	}
	return p.finish()
}

// failAt fails the hand being read at line n (text line) with msg, and
// skips to the next header.
func (r *Reader) failAt(n int, line []byte, msg string) error {
	r.p.fail(n, line, msg)
	r.p.abandon()
	r.skipToHeader()
	return r.p.err
}

// shorten copies a line for an Error's Text, cut to a readable length on a
// character boundary.
func shorten(b []byte) string {
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

// lineReader splits decoded text into lines ending in LF or CRLF, counting
// them from 1. A line's bytes are valid until the next call. Memory is
// bounded: a line longer than maxLine is returned cut, with long set, and
// the rest of it is dropped.
type lineReader struct {
	r       *bufio.Reader
	maxLine int
	line    int    // number of the line last returned
	long    []byte // a line longer than the buffer, put together
}

// next returns the next line without its terminator. At the end of input
// it returns io.EOF; any other error is the underlying reader's.
func (l *lineReader) next() (line []byte, long bool, err error) {
	b, err := l.r.ReadSlice('\n')
	if err == nil {
		l.line++
		b = b[:len(b)-1]
		if len(b) > l.maxLine {
			return b[:l.maxLine], true, nil
		}
		return b, false, nil
	}
	if err != bufio.ErrBufferFull {
		if len(b) > 0 && err == io.EOF {
			l.line++
			if len(b) > l.maxLine {
				return b[:l.maxLine], true, nil
			}
			return b, false, nil
		}
		return nil, false, err
	}
	// A line longer than the buffer: put together up to the limit, the
	// rest dropped.
	l.long = append(l.long[:0], b...)
	for {
		b, err = l.r.ReadSlice('\n')
		if len(l.long) <= l.maxLine {
			l.long = append(l.long, b...)
		}
		if err == bufio.ErrBufferFull {
			continue
		}
		if err != nil && err != io.EOF {
			return nil, false, err
		}
		break
	}
	l.line++
	if n := len(l.long); n > 0 && l.long[n-1] == '\n' {
		l.long = l.long[:n-1]
	}
	if len(l.long) > l.maxLine {
		return l.long[:l.maxLine], true, nil
	}
	return l.long, false, nil
}

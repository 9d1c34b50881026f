package ggpoker

// The Reader: it splits the input into lines and the lines into hands, at
// each hand's header line ("Poker Hand #..."), enforces the Limits, and
// hands each hand's lines to the parser of one hand (hand.go).

import (
	"bufio"
	"bytes"
	"fmt"
	"io"

	"github.com/handaudit/handaudit/hand"
	"github.com/handaudit/handaudit/parser"
)

// Format is the name GGPoker registers under.
const Format parser.Format = "ggpoker"

func init() {
	parser.Register(parser.Registration{
		Name:   Format,
		Detect: detect,
		Open: func(r io.Reader, file string, lim parser.Limits, pool *hand.Pool) parser.Reader {
			return newReader(r, file, lim, pool)
		},
		Append: func(dst []byte, h *hand.Hand, _ int) ([]byte, error) { return AppendHand(dst, h) },
	})
}

// headerMark starts every hand's header line. PPPoker's "PPPoker Hand #"
// ends with it, so it counts only at the start of a line.
var headerMark = []byte("Poker Hand #")

// detect is GGPoker's Registration.Detect: a line of the head that starts
// with "Poker Hand #" is SignatureMatch.
func detect(head []byte) int {
	for len(head) > 0 {
		line := head
		if i := bytes.IndexByte(head, '\n'); i >= 0 {
			line, head = head[:i], head[i+1:]
		} else {
			head = nil
		}
		if isHeader(trim(line)) {
			return parser.SignatureMatch
		}
	}
	return parser.NotThisFormat
}

// isHeader reports whether a trimmed line is a hand's header line.
func isHeader(line []byte) bool { return bytes.HasPrefix(line, headerMark) }

// gluedHeader returns where a header glued onto the end of line starts
// (a hand cut short in the middle of a line, the next one written straight
// after), or -1.
func gluedHeader(line []byte) int {
	if len(line) < 2 {
		return -1
	}
	i := bytes.Index(line[1:], headerMark)
	if i < 0 {
		return -1
	}
	i++
	if i >= 2 && line[i-1] == 'P' && line[i-2] == 'P' {
		return -1 // "PPPoker Hand #": not GGPoker's header
	}
	return i
}

// trim drops blanks around a line, and a byte-order mark at its start
// (files glued together keep theirs).
func trim(line []byte) []byte {
	line = bytes.TrimPrefix(line, []byte("\xEF\xBB\xBF"))
	for len(line) > 0 && (line[0] == ' ' || line[0] == '\t') {
		line = line[1:]
	}
	for len(line) > 0 {
		c := line[len(line)-1]
		if c != ' ' && c != '\t' && c != '\r' {
			break
		}
		line = line[:len(line)-1]
	}
	return line
}

// Reader reads GGPoker text hand histories one hand at a time.
//
// A file holds many hands, each starting with a header line ("Poker Hand
// #..."); a hand ends where the next header starts or at the end of
// input. Blank lines are ignored. The input may be UTF-8 (with or without
// a BOM), UTF-16 or Windows-1252, with LF or CRLF line ends.
//
// A hand that cannot be read (cut short, an unknown line, an amount that
// does not parse) is returned as a *parser.Error naming its line, and
// reading resumes at the next header.
type Reader struct {
	file  string
	in    lineReader
	p     handParser
	index int   // hand headers seen so far
	err   error // final error: io.EOF or an I/O error

	// A header found while reading the previous hand, to start the next.
	pending     []byte
	pendingLine int
	hasPending  bool

	// The current hand's lines: their text, one after another, and where
	// each is.
	text  []byte
	lines []lineRef

	strs     parser.NameInterner
	maxHand  int // Limits.MaxHandBytes
	maxLines int // Limits.MaxLineBytes
	pool     *hand.Pool
}

// lineRef is one line of the current hand: text[start:end] at line num.
type lineRef struct{ start, end, num int }

// NewReader returns a reader of the GGPoker hands in r, with the default
// limits. file names the input in positions and errors.
func NewReader(r io.Reader, file string) *Reader {
	return newReader(r, file, parser.Limits{}, nil)
}

// newReader is NewReader under limits (zero fields: the defaults), with
// hands taken from pool (nil: allocated).
func newReader(r io.Reader, file string, lim parser.Limits, pool *hand.Pool) *Reader {
	lim = lim.Normalized()
	gr := &Reader{file: file, maxHand: lim.MaxHandBytes, maxLines: lim.MaxLineBytes, pool: pool}
	gr.in.br = bufio.NewReaderSize(parser.NewDecodedReader(r), 64<<10)
	gr.in.maxLine = lim.MaxLineBytes
	gr.p.r = gr
	gr.p.maxActions = lim.MaxActions
	return gr
}

// Next returns the next hand, a *parser.Error for a hand that could not
// be read, or io.EOF at the end of input.
func (r *Reader) Next() (*hand.Hand, error) {
	if r.hasPending {
		r.hasPending = false
		return r.readHand(r.pending, r.pendingLine)
	}
	if r.err != nil {
		return nil, r.err
	}
	for {
		line, long, err := r.in.next()
		if err != nil {
			r.err = err
			return nil, err
		}
		num := r.in.num
		if long {
			return nil, r.skipOutside(num, nil, fmt.Sprintf("line longer than %d bytes outside a hand", r.maxLines))
		}
		line = trim(line)
		if len(line) == 0 {
			continue
		}
		if isHeader(line) {
			return r.readHand(line, num)
		}
		text := line
		if i := gluedHeader(line); i > 0 {
			text = line[:i]
			r.setPending(line[i:], num)
			return nil, r.outsideError(num, text, "text outside a hand (before the first \"Poker Hand #\" header)")
		}
		return nil, r.skipOutside(num, text, "text outside a hand (before the first \"Poker Hand #\" header)")
	}
}

// outsideError is the error for text found outside any hand.
func (r *Reader) outsideError(num int, text []byte, msg string) *parser.Error {
	return &parser.Error{File: r.file, Line: num, HandIndex: -1, Text: shorten(text), Msg: msg}
}

// skipOutside reports text outside a hand at line num and skips the lines
// up to the next header.
func (r *Reader) skipOutside(num int, text []byte, msg string) error {
	e := r.outsideError(num, text, msg)
	for {
		line, long, err := r.in.next()
		if err != nil {
			r.err = err
			return e
		}
		if long {
			continue
		}
		line = trim(line)
		if isHeader(line) {
			r.setPending(line, r.in.num)
			return e
		}
		if i := gluedHeader(line); i > 0 {
			r.setPending(line[i:], r.in.num)
			return e
		}
	}
}

// setPending keeps a header line to start the next hand with.
func (r *Reader) setPending(line []byte, num int) {
	r.pending = append(r.pending[:0], line...)
	r.pendingLine, r.hasPending = num, true
}

// readHand reads the lines of the hand whose header is header (at line
// num) up to the next header or the end of input, then parses them.
func (r *Reader) readHand(header []byte, num int) (*hand.Hand, error) {
	idx := r.index
	r.index++
	r.text = append(r.text[:0], header...)
	r.lines = append(r.lines[:0], lineRef{0, len(header), num})
	size := len(header) + 1
	// header may be the line reader's buffer, which the next lines
	// overwrite: from here on the copy is used.
	header = r.text[:len(header):len(header)]
	var bad *parser.Error
	for {
		line, long, err := r.in.next()
		if err != nil {
			r.err = err
			break
		}
		n := r.in.num
		if long {
			if bad == nil {
				bad = &parser.Error{File: r.file, Line: n, HandIndex: idx, Msg: fmt.Sprintf("line longer than %d bytes", r.maxLines)}
			}
			continue
		}
		line = trim(line)
		if len(line) == 0 {
			continue
		}
		if isHeader(line) {
			r.setPending(line, n)
			break
		}
		glued := gluedHeader(line)
		if glued > 0 {
			r.setPending(line[glued:], n)
			line = line[:glued]
		}
		size += len(line) + 1
		if size > r.maxHand && bad == nil {
			bad = &parser.Error{File: r.file, Line: num, HandIndex: idx, Text: shorten(header),
				Msg: fmt.Sprintf("hand longer than %d bytes", r.maxHand)}
		}
		if bad == nil {
			start := len(r.text)
			r.text = append(r.text, line...)
			r.lines = append(r.lines, lineRef{start, len(r.text), n})
		}
		if glued > 0 {
			break
		}
	}
	if bad != nil {
		bad.HandID = handID(header)
		return nil, bad
	}
	return r.p.parse(idx)
}

// handID is the ID in a header line, for errors, or "".
func handID(header []byte) string {
	rest := header[len(headerMark):]
	if i := bytes.IndexByte(rest, ':'); i > 0 {
		return string(rest[:i])
	}
	return ""
}

// shorten keeps an error's copy of a line short.
func shorten(b []byte) string {
	const most = 200
	if len(b) > most {
		return string(b[:most]) + "..."
	}
	return string(b)
}

// lineReader splits the decoded input into lines, without holding a line
// longer than maxLine whole.
type lineReader struct {
	br      *bufio.Reader
	maxLine int
	num     int    // lines read
	long    []byte // a line longer than the buffer, gathered
}

// next returns the next line without its line end; long reports a line
// longer than maxLine, whose text is not returned. At the end of input it
// returns io.EOF.
func (l *lineReader) next() (line []byte, long bool, err error) {
	s, err := l.br.ReadSlice('\n')
	if err == bufio.ErrBufferFull {
		l.long = append(l.long[:0], s...)
		for err == bufio.ErrBufferFull {
			s, err = l.br.ReadSlice('\n')
			if !long {
				if len(l.long)+len(s) > l.maxLine+2 {
					long = true
				} else {
					l.long = append(l.long, s...)
				}
			}
		}
		s = l.long
	}
	if err == io.EOF && len(s) > 0 {
		err = nil
	}
	if err != nil {
		return nil, false, err
	}
	l.num++
	if n := len(s); n > 0 && s[n-1] == '\n' {
		s = s[:n-1]
	}
	if n := len(s); n > 0 && s[n-1] == '\r' {
		s = s[:n-1]
	}
	if long || len(s) > l.maxLine {
		return nil, true, nil
	}
	return s, false, nil
}

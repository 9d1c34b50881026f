package partypoker

// The Reader: it splits the input into lines (lines.go) and the lines
// into hands, at each hand's header line, and enforces the Limits. A
// hand's lines go to the hand's parser (hand.go).

import (
	"bytes"
	"io"

	"github.com/handaudit/handaudit/hand"
	"github.com/handaudit/handaudit/parser"
)

// Format is the name PartyPoker registers under.
const Format parser.Format = "partypoker"

// Site is the room's name as its records give it.
const Site = "PartyPoker"

func init() {
	parser.Register(parser.Registration{
		Name:   Format,
		Detect: detect,
		Open: func(r io.Reader, file string, lim parser.Limits, pool *hand.Pool) parser.Reader {
			pr := newReader(r, file, lim)
			pr.pool = pool
			return pr
		},
		Append: func(dst []byte, h *hand.Hand, _ int) ([]byte, error) { return AppendHand(dst, h) },
	})
}

// The header line that starts every hand: "***** Hand History for Game
// 13550642683 *****". Other rooms' records that look alike name their room
// before "Hand History" ("***** 888poker Hand History for Game ..."), so
// the header is matched from the start of the line.
var (
	headerFor = []byte("***** Hand History for Game ")
	headerFOR = []byte("***** Hand History For Game ")
)

// isHeader reports whether line (trimmed) is a hand's header line.
func isHeader(line []byte) bool {
	return bytes.HasPrefix(line, headerFor) || bytes.HasPrefix(line, headerFOR)
}

// detect is PartyPoker's Registration.Detect: a header line at the start
// of a line of the head, whose next line is not 888poker's game line
// ("... Blinds No Limit Holdem - *** 06 01 2014 ..."), is SignatureMatch.
func detect(head []byte) int {
	for len(head) > 0 {
		line := head
		rest := []byte(nil)
		if i := bytes.IndexByte(head, '\n'); i >= 0 {
			line, rest = head[:i], head[i+1:]
		}
		head = rest
		if !isHeader(trimLine(line)) {
			continue
		}
		next := rest
		if i := bytes.IndexByte(next, '\n'); i >= 0 {
			next = next[:i]
		}
		if bytes.Contains(next, []byte(" - *** ")) {
			return parser.NotThisFormat
		}
		return parser.SignatureMatch
	}
	return parser.NotThisFormat
}

// Reader reads PartyPoker text hand histories one hand at a time.
//
// A file holds many hands, each starting with a header line ("*****
// Hand History for Game N *****"); a hand ends where the next header
// starts or at the end of input. Blank lines and the lines PartyPoker
// writes between hands ("Game #N starts.", "#Game No : N") are ignored.
// The input may be UTF-8 (with or without a BOM), UTF-16 or Windows-1252,
// with LF, CRLF or CR line ends.
//
// A hand that cannot be read (cut short, an unknown line, an amount that
// does not parse) is returned as a *parser.Error naming its line, and
// reading resumes at the next header.
type Reader struct {
	file string
	in   *lineReader
	p    handParser
	lim  parser.Limits
	pool *hand.Pool // where hands come from (nil: allocated)

	index int   // hand headers seen so far
	err   error // final error: io.EOF or an I/O error

	// A header found while reading the previous hand, to start the next.
	pending     []byte
	pendingLine int
	hasPending  bool

	strs parser.NameInterner // recent names, so repeated players cost no allocation
}

// NewReader returns a reader of the PartyPoker hands in r. file names
// the input in positions and errors.
func NewReader(r io.Reader, file string) *Reader {
	return newReader(r, file, parser.Limits{})
}

// NewReaderLimited is NewReader under limits (zero fields: the defaults).
func NewReaderLimited(r io.Reader, file string, lim parser.Limits) *Reader {
	return newReader(r, file, lim)
}

func newReader(r io.Reader, file string, lim parser.Limits) *Reader {
	lim = lim.Normalized()
	pr := &Reader{file: file, lim: lim}
	pr.in = newLineReader(parser.NewDecodedReader(r), lim.MaxLineBytes)
	pr.p.r = pr
	return pr
}

// Next returns the next hand, a *parser.Error for a hand that could not
// be read, or io.EOF at the end of input.
func (r *Reader) Next() (*hand.Hand, error) {
	if r.err != nil {
		return nil, r.err
	}
	if r.hasPending {
		r.hasPending = false
		return r.readHand(r.pending, r.pendingLine)
	}
	for {
		line, long, err := r.in.next()
		if err != nil {
			r.err = err
			return nil, err
		}
		line = trimLine(line)
		if len(line) == 0 || isBetweenHands(line) {
			continue
		}
		if isHeader(line) && !long {
			return r.readHand(line, r.in.num)
		}
		return nil, r.outside(line, r.in.num)
	}
}

// outside reports text found outside any hand, and skips to the next
// header.
func (r *Reader) outside(line []byte, num int) error {
	e := &parser.Error{File: r.file, Line: num, HandIndex: -1, Text: shorten(line),
		Msg: "text outside a hand: expected \"***** Hand History for Game N *****\""}
	if i := bytes.Index(line, headerFor[:19]); i > 0 {
		// A header glued to the end of other text starts the next hand.
		r.setPending(line[i:], num)
		e.Msg = "text glued to a hand's header"
		return e
	}
	for {
		next, long, err := r.in.next()
		if err != nil {
			r.err = err
			return e
		}
		next = trimLine(next)
		if isHeader(next) && !long {
			r.setPending(next, r.in.num)
			return e
		}
	}
}

func (r *Reader) setPending(line []byte, num int) {
	r.pending = append(r.pending[:0], line...)
	r.pendingLine, r.hasPending = num, true
}

// readHand reads the hand whose header is line, up to the next header or
// the end of input.
func (r *Reader) readHand(header []byte, num int) (*hand.Hand, error) {
	h := r.pool.Get()
	p := &r.p
	p.begin(h, r.index, num)
	r.index++
	size := len(header) + 1
	err := p.header(header, num)
	for {
		line, long, rerr := r.in.next()
		if rerr != nil {
			if rerr != io.EOF {
				r.err = rerr
				r.pool.Put(h)
				return nil, rerr
			}
			r.err = io.EOF
			break
		}
		line = trimLine(line)
		if isHeader(line) && !long {
			r.setPending(line, r.in.num)
			break
		}
		if i := bytes.Index(line, headerFor[:19]); i > 0 && !long {
			// The next hand's header glued onto this hand's line: it
			// cuts this hand and starts the next.
			if err == nil {
				err = p.errorf(r.in.num, line, "hand cut short: the next hand's header is glued to this line")
			}
			r.setPending(line[i:], r.in.num)
			break
		}
		if err != nil {
			continue // skipping to the next header
		}
		size += len(line) + 1
		switch {
		case size > r.lim.MaxHandBytes:
			err = p.errorf(r.in.num, line, "hand longer than %d bytes", r.lim.MaxHandBytes)
		case long:
			err = p.errorf(r.in.num, line, "line longer than %d bytes", r.lim.MaxLineBytes)
		case len(line) == 0 || isBetweenHands(line):
		default:
			err = p.line(line, r.in.num)
		}
	}
	if err == nil {
		err = p.finish()
	}
	if err != nil {
		r.pool.Put(h)
		return nil, err
	}
	return h, nil
}

// isBetweenHands reports whether line is one PartyPoker writes between
// hands: "Game #N starts." and "#Game No : N".
func isBetweenHands(line []byte) bool {
	return bytes.HasPrefix(line, []byte("#Game No : ")) ||
		bytes.HasPrefix(line, []byte("Game #")) && bytes.HasSuffix(line, []byte(" starts."))
}

// trimLine drops surrounding blanks and any byte-order mark (files
// glued together keep theirs).
func trimLine(line []byte) []byte {
	line = bytes.TrimPrefix(line, []byte("\xEF\xBB\xBF"))
	for len(line) > 0 && (line[0] == ' ' || line[0] == '\t') {
		line = line[1:]
	}
	for len(line) > 0 && (line[len(line)-1] == ' ' || line[len(line)-1] == '\t') {
		line = line[:len(line)-1]
	}
	return line
}

// shorten returns a line for an error message, cut to 200 bytes.
func shorten(line []byte) string {
	if len(line) > 200 {
		line = line[:200]
	}
	return string(line)
}

package pacific

// The Reader: it splits the input into lines (lines.go) and the lines
// into hands, at each hand's first line, and enforces the Limits. A
// hand's lines go to the hand's parser (hand.go), which reads them in the
// order a hand is written: header.go, seats.go, actions.go, streets.go,
// summary.go.

import (
	"bytes"
	"fmt"
	"io"
	"unicode/utf8"

	"github.com/handaudit/handaudit/hand"
	"github.com/handaudit/handaudit/parser"
)

// Format is the name 888poker text registers under.
const Format parser.Format = "888poker"

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

// Reader reads 888poker (Pacific Poker, formerly Cassava) text hand
// histories, one hand at a time.
//
// A hand starts at its header, "***** 888poker Hand History for Game N
// *****" (the site's name varies: Cassava, 888poker, 888.ro,
// 888poker.ca-on, a skin's), which some exports precede with a line
// "#Game No : N"; it ends where the next hand starts or at the end of
// input. Blank lines are ignored. The input may be UTF-8 (with or without
// a BOM), UTF-16 with a BOM or Windows-1252, with LF or CRLF line ends.
//
// A hand that cannot be read (cut short, an unknown line, an amount that
// does not parse) is returned as an *Error naming its line, and reading
// resumes at the next hand.
type Reader struct {
	file string
	in   lineReader
	p    handParser
	pool *hand.Pool // where hands come from (nil: allocated)

	index int   // hands started so far
	err   error // final error: io.EOF or an I/O error

	// A hand's first line, met while reading the previous hand, to start
	// the next one with; pendingSpare is the other buffer (the pending
	// line may be the header of the hand being read).
	pending, pendingSpare []byte
	pendingLine           int
	hasPending            bool

	strs parser.NameInterner // player, table, site and game names, shared among hands

	maxHand, maxActions int
}

// NewReader returns a reader of the 888poker hands in r. file names the
// input in positions and errors.
func NewReader(r io.Reader, file string) *Reader {
	return newReader(r, file, parser.Limits{})
}

func newReader(r io.Reader, file string, lim parser.Limits) *Reader {
	lim = lim.Normalized()
	pr := &Reader{file: file, maxHand: lim.MaxHandBytes, maxActions: lim.MaxActions}
	pr.in = newLineReader(parser.NewDecodedReader(r), lim.MaxLineBytes)
	pr.p.r = pr
	return pr
}

// Next returns the next hand, a *parser.Error for a hand that could not be
// read, or io.EOF at the end of input.
func (r *Reader) Next() (*hand.Hand, error) {
	for {
		if r.err != nil {
			return nil, r.err
		}
		line, num, long, err := r.readLine()
		switch {
		case err != nil:
			r.err = err
			return nil, err
		case long:
			e := r.errorAt(num, -1, "", nil, fmt.Sprintf("line longer than %d bytes", r.in.maxLine))
			r.skipToStart()
			return nil, e
		case len(line) == 0:
			continue
		case isStart(line):
			return r.readHand(line, num)
		}
		e := r.errorAt(num, -1, "", line, "text outside a hand: expected an 888poker hand header")
		r.skipToStart()
		return nil, e
	}
}

// readLine returns the pending line if there is one, else the next line.
func (r *Reader) readLine() (line []byte, num int, long bool, err error) {
	if r.hasPending {
		r.hasPending = false
		return r.pending, r.pendingLine, false, nil
	}
	line, long, err = r.in.next()
	return line, r.in.line, long, err
}

// setPending keeps a copy of a hand's first line to start the next hand.
func (r *Reader) setPending(line []byte, num int) {
	r.pending, r.pendingSpare = append(r.pendingSpare[:0], line...), r.pending
	r.pendingLine, r.hasPending = num, true
}

// skipToStart drops lines up to the next hand's first line, which it
// keeps pending.
func (r *Reader) skipToStart() {
	for {
		line, long, err := r.in.next()
		if err != nil {
			if err != io.EOF {
				r.err = err
			}
			return
		}
		if !long && isStart(line) {
			r.setPending(line, r.in.line)
			return
		}
	}
}

// Header line parts.
var (
	gameNoPrefix  = []byte("#Game No : ")
	headerPrefix  = []byte("***** ")
	headerSuffix  = []byte(" *****")
	headerMiddle  = []byte(" Hand History for Game ")
	headerMiddle0 = []byte("Hand History for Game ") // with no site before it: PartyPoker's, not 888's
)

// isStart reports whether line starts a hand: a "#Game No : " line or a
// header.
func isStart(line []byte) bool {
	return bytes.HasPrefix(line, gameNoPrefix) || isHeader(line)
}

// isHeader reports whether line is an 888 hand header: "***** SITE Hand
// History for Game N *****" with a site's name (PartyPoker writes the
// same line with none).
func isHeader(line []byte) bool {
	return len(line) > 12 && line[0] == '*' && bytes.HasPrefix(line, headerPrefix) &&
		!bytes.HasPrefix(line[len(headerPrefix):], headerMiddle0) && bytes.Contains(line, headerMiddle)
}

// detect is the Registration's Detect: a header with a site's name,
// followed by 888's game line ("... Blinds ... - ***"), or a site 888
// writes (Cassava, 888...), is SignatureMatch.
func detect(head []byte) int {
	for len(head) > 0 {
		line := head
		k := bytes.IndexByte(head, '\n')
		if k >= 0 {
			line, head = head[:k], head[k+1:]
		} else {
			head = nil
		}
		line = trimLine(line)
		if !isHeader(line) {
			continue
		}
		site, _, ok := splitHeader(line)
		if !ok {
			continue
		}
		if bytes.HasPrefix(site, []byte("888")) || bytes.HasPrefix(site, []byte("Cassava")) {
			return parser.SignatureMatch
		}
		next := head
		if k := bytes.IndexByte(next, '\n'); k >= 0 {
			next = next[:k]
		}
		if bytes.Contains(next, []byte(" Blinds ")) && bytes.Contains(next, []byte(" - ***")) {
			return parser.SignatureMatch
		}
	}
	return parser.NotThisFormat
}

// readHand reads the hand whose first line is first (a "#Game No" line or
// the header).
func (r *Reader) readHand(first []byte, num int) (*hand.Hand, error) {
	p := &r.p
	p.reset(r.pool.Get(), num, r.index)
	r.index++
	size := len(first) + 1
	line, n := first, num
	if bytes.HasPrefix(first, gameNoPrefix) {
		p.gameNo = append(p.gameNo[:0], first[len(gameNoPrefix):]...)
		// The header follows.
		for {
			next, long, err := r.in.next()
			switch {
			case err == io.EOF:
				return nil, p.fail(num, first, "the file ends after \"#Game No\": the hand is missing (cut short)")
			case err != nil:
				r.err = err
				r.pool.Put(p.h)
				return nil, err
			case long:
				e := p.fail(r.in.line, nil, fmt.Sprintf("line longer than %d bytes", r.in.maxLine))
				r.skipToStart()
				return nil, e
			case len(next) == 0:
				size += 1
				continue
			case isHeader(next):
				line, n = next, r.in.line
				size += len(next) + 1
			case bytes.HasPrefix(next, gameNoPrefix):
				r.setPending(next, r.in.line)
				return nil, p.fail(num, first, "\"#Game No\" is not followed by its hand (cut short)")
			default:
				e := p.fail(r.in.line, next, "expected the hand's header after \"#Game No\"")
				r.skipToStart()
				return nil, e
			}
			break
		}
	}
	if err := p.header(line); err != nil {
		e := p.fail(n, line, err.Error())
		r.skipToStart()
		return nil, e
	}
	p.last = n
	for {
		line, long, err := r.in.next()
		n := r.in.line
		if err == io.EOF {
			break
		}
		if err != nil {
			r.err = err
			r.pool.Put(p.h)
			return nil, err
		}
		if size += len(line) + 1; size > r.maxHand {
			e := p.fail(num, nil, fmt.Sprintf("hand longer than %d bytes", r.maxHand))
			r.skipToStart()
			return nil, e
		}
		if long {
			e := p.fail(n, nil, fmt.Sprintf("line longer than %d bytes", r.in.maxLine))
			r.skipToStart()
			return nil, e
		}
		if len(line) == 0 {
			continue
		}
		if (line[0] == '#' || line[0] == '*' && len(line) > 5 && line[4] == '*') && isStart(line) {
			r.setPending(line, n)
			break
		}
		if err := p.line(line, n); err != nil {
			e := p.fail(n, line, err.Error())
			r.skipToStart()
			return nil, e
		}
		if len(p.h.Actions) > r.maxActions {
			e := p.fail(n, nil, fmt.Sprintf("more than %d actions in the hand", r.maxActions))
			r.skipToStart()
			return nil, e
		}
	}
	if err := p.finish(); err != nil {
		return nil, p.fail(p.last, nil, err.Error())
	}
	return p.h, nil
}

// errorAt makes the *parser.Error of a problem at line num.
func (r *Reader) errorAt(num, index int, id string, text []byte, msg string) *parser.Error {
	return &parser.Error{File: r.file, Line: num, HandIndex: index, HandID: id, Text: shorten(text), Msg: msg}
}

// shorten returns a line for an error message, cut to 200 bytes at a
// character's start.
func shorten(b []byte) string {
	const most = 200
	if len(b) <= most {
		return string(b)
	}
	k := most
	for k > 0 && !utf8.RuneStart(b[k]) {
		k--
	}
	return string(b[:k]) + "..."
}

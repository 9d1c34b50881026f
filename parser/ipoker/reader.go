package ipoker

import (
	"bufio"
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"

	"github.com/handaudit/handaudit/hand"
	"github.com/handaudit/handaudit/parser"
)

// Format is the name the iPoker reader and writer register under.
const Format parser.Format = "ipoker"

// Site is the Site of every hand read: the network's name, as the
// records (which do not name the skin) allow.
const Site = "iPoker"

func init() {
	parser.Register(parser.Registration{
		Name:   Format,
		Detect: detect,
		Open: func(r io.Reader, file string, lim parser.Limits, pool *hand.Pool) parser.Reader {
			return newReader(r, file, lim, pool)
		},
		Append: AppendHand,
	})
}

// detect recognises an iPoker export by its session or game element, which
// no other XML export writes.
func detect(head []byte) int {
	if bytes.Contains(head, []byte("<session sessioncode=")) || bytes.Contains(head, []byte("<game gamecode=")) {
		return parser.SignatureMatch
	}
	return parser.NotThisFormat
}

// Reader reads the hands (<game> elements) of an iPoker XML export, one at
// a time, with encoding/xml as a token stream: it never holds more than
// one game. A game that cannot be read (bad XML, a missing attribute, an
// amount that does not parse, a cut-off file) is returned as a
// *parser.Error, and the next call goes on with the next <game>; after
// bad XML it looks for the next "<game" or "<session" in the bytes and
// starts a new decoder there.
type Reader struct {
	file string
	lim  parser.Limits
	pool *hand.Pool // where hands come from (nil: allocated)

	src      *source
	dec      *xml.Decoder
	lineBase int // lines before the decoder's first byte

	sess    session           // the current <session>'s header
	pending *xml.StartElement // a <game> or <session> met inside the previous game
	index   int               // hands (games) met so far
	err     error             // a final error (I/O), or io.EOF
	quick   *quickTokens      // the fast path's tokens, while it reads a game (quick_game.go)
	q       quickTokens
	noQuick bool         // tests: read every game through the decoder
	quickN  int          // games the fast path read (tests)
	game    rawGame      // the game being read, reused
	scratch buildScratch // the builds' memory, reused
}

// NewReader returns a Reader of an iPoker export r, naming it file in
// positions, with the default limits.
func NewReader(r io.Reader, file string) *Reader {
	return newReader(r, file, parser.Limits{}.Normalized(), nil)
}

func newReader(r io.Reader, file string, lim parser.Limits, pool *hand.Pool) *Reader {
	rd := &Reader{file: file, lim: lim.Normalized(), pool: pool}
	rd.src = &source{r: bufio.NewReaderSize(parser.NewDecodedReader(r), 64<<10), line: 1, lim: rd.lim}
	rd.restart()
	return rd
}

// restart begins a new decoder at the source's position.
func (r *Reader) restart() {
	r.lineBase = r.src.line - 1
	r.dec = xml.NewDecoder(r.src)
	r.dec.Strict = true
	// The input is UTF-8 already (parser.NewDecodedReader); a declared
	// encoding is the file's, not what the decoder sees.
	r.dec.CharsetReader = func(_ string, in io.Reader) (io.Reader, error) { return in, nil }
}

// line returns the input line the reading is at.
func (r *Reader) line() int {
	if r.quick != nil {
		return r.quick.line
	}
	l, _ := r.dec.InputPos()
	return r.lineBase + l
}

// token returns the next token, from the fast path while it reads a game.
func (r *Reader) token() (xml.Token, error) {
	if r.quick != nil {
		return r.quick.next()
	}
	return r.dec.RawToken()
}

// Next returns the next hand, (nil, *parser.Error) for a game that cannot
// be read, or (nil, io.EOF) at the end of the input.
func (r *Reader) Next() (*hand.Hand, error) {
	for r.err == nil {
		var start xml.StartElement
		if r.pending != nil {
			start, r.pending = *r.pending, nil
		} else {
			tok, err := r.dec.RawToken()
			if err != nil {
				if perr := r.failOutside(err); perr != nil {
					return nil, perr
				}
				continue
			}
			s, ok := tok.(xml.StartElement)
			if !ok {
				continue
			}
			start = s
		}
		switch start.Name.Local {
		case "session":
			r.sess = session{line: r.line()}
		case "general":
			if err := r.readSession(); err != nil {
				if perr := r.failOutside(err); perr != nil {
					return nil, perr
				}
			}
		case "game":
			return r.readGame(start)
		}
	}
	return nil, r.err
}

// failOutside handles an error of the decoder outside a game: the end of
// the input, an I/O error (final), or bad XML or an over-long line
// (reported, then reading resumes at the next game or session).
func (r *Reader) failOutside(err error) *parser.Error {
	if err == io.EOF {
		r.err = io.EOF
		return nil
	}
	pe := r.xmlError(err, -1, "")
	if pe == nil {
		return nil
	}
	r.sess.broken = pe.Msg
	return pe
}

// xmlError turns an error of the decoder into the parse error it means and
// resynchronises; it returns nil (and sets r.err) for a final I/O error.
func (r *Reader) xmlError(err error, index int, id string) *parser.Error {
	pe := &parser.Error{File: r.file, Line: r.line(), HandIndex: index, HandID: id}
	var syn *xml.SyntaxError
	switch {
	case errors.As(err, &syn):
		pe.Line = r.lineBase + syn.Line
		pe.Msg = "bad XML: " + syn.Msg
		pe.Text = r.src.lineText()
	case errors.Is(err, errLineTooLong):
		pe.Line = r.src.line
		pe.Msg = fmt.Sprintf("line longer than %d bytes", r.lim.MaxLineBytes)
		r.src.skipLine()
	case errors.Is(err, errGameTooLarge):
		pe.Msg = fmt.Sprintf("game longer than %d bytes", r.lim.MaxHandBytes)
	case r.src.ioErr != nil:
		r.err = r.src.ioErr
		return nil
	default:
		// The decoder's other complaints ("unsupported version"...).
		pe.Msg = "bad XML: " + strings.TrimPrefix(err.Error(), "xml: ")
		pe.Text = r.src.lineText()
	}
	if err := r.src.resync(); err != nil {
		r.err = err
	}
	r.restart()
	return pe
}

// source is the decoder's input: it counts lines, keeps the start of the
// current line for error messages, enforces the limits on a line and on a
// game, and finds the next game after bad XML.
type source struct {
	r       *bufio.Reader
	pending []byte // bytes to give again before r's (the "<game" a resync found)
	lim     parser.Limits
	line    int // line of the next byte
	lineLen int // bytes of the current line so far
	head    []byte
	prev    byte  // the last byte read
	ioErr   error // the input's error, other than the end
	inGame  bool
	game    int // bytes of the current game so far
}

var (
	errLineTooLong  = errors.New("line too long")
	errGameTooLarge = errors.New("game too large")
)

// headKeep is how much of a line source keeps for error messages.
const headKeep = 120

func (s *source) ReadByte() (byte, error) {
	if len(s.pending) > 0 {
		c := s.pending[0]
		s.pending = s.pending[1:]
		if c == '\n' {
			s.line++
		}
		return c, nil
	}
	c, err := s.r.ReadByte()
	if err != nil {
		if err != io.EOF {
			s.ioErr = err
		}
		return 0, err
	}
	s.prev = c
	if c == '\n' {
		s.line++
		s.lineLen = 0
		s.head = s.head[:0]
	} else {
		s.lineLen++
		if len(s.head) < headKeep {
			s.head = append(s.head, c)
		}
		if s.lineLen > s.lim.MaxLineBytes {
			return 0, errLineTooLong
		}
	}
	if s.inGame {
		s.game++
		if s.game > s.lim.MaxHandBytes {
			return 0, errGameTooLarge
		}
	}
	return c, nil
}

func (s *source) Read(p []byte) (int, error) {
	for i := range p {
		c, err := s.ReadByte()
		if err != nil {
			return i, err
		}
		p[i] = c
	}
	return len(p), nil
}

// lineText returns the start of the current line (without a character
// cut short where the reading stopped).
func (s *source) lineText() string {
	head := s.head
	for len(head) > 0 && !utf8.Valid(head) {
		head = head[:len(head)-1]
	}
	return string(bytes.TrimSpace(head))
}

// skipLine drops the rest of the current line.
func (s *source) skipLine() {
	s.inGame = false
	for {
		c, err := s.r.ReadByte()
		if err != nil {
			return
		}
		if c == '\n' {
			s.line++
			s.lineLen = 0
			s.head = s.head[:0]
			return
		}
	}
}

// resync drops bytes up to the next "<game" or "<session" start tag and
// keeps that tag's first bytes to give again. At the end of the input it
// leaves the source empty (the new decoder then ends).
func (s *source) resync() error {
	s.inGame, s.pending = false, nil
	c, err := s.rawByte()
	for err == nil {
		if c != '<' {
			c, err = s.rawByte()
			continue
		}
		var name [8]byte
		n, long := 0, false
		for {
			if c, err = s.rawByte(); err != nil || !isNameByte(c) {
				break
			}
			if n < len(name) {
				name[n] = c
				n++
			} else {
				long = true
			}
		}
		tag := string(name[:n])
		if err == nil && !long && (tag == "game" || tag == "session") &&
			(c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '>' || c == '/') {
			s.pending = append(append([]byte{'<'}, tag...), c)
			if c == '\n' {
				s.line-- // given again, counted again
			}
			return nil
		}
		// c, the byte after the name, may itself start a tag.
	}
	if err == io.EOF {
		return nil
	}
	return err
}

func isNameByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '-' || c == ':' || c == '.'
}

// rawByte reads a byte for resync, counting lines but not the limits.
func (s *source) rawByte() (byte, error) {
	c, err := s.r.ReadByte()
	if err != nil {
		return 0, err
	}
	if c == '\n' {
		s.line++
		s.lineLen = 0
		s.head = s.head[:0]
	} else if len(s.head) < headKeep {
		s.head = append(s.head, c)
	}
	return c, nil
}

// startGame and endGame bound the bytes of one game.
func (s *source) startGame() { s.inGame, s.game = true, 0 }
func (s *source) endGame()   { s.inGame = false }

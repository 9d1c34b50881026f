package ipoker

// quick_game.go: a fast path for the tokens of a game. It stands in for
// the decoder's RawToken while readGameBody (game.go) and text
// (session.go) read one <game>: when the whole game, up to its </game>, is
// in the input's buffer and written the usual way (elements, attributes
// in quotes, text without entities, comments or CDATA), it cuts the same
// tokens straight from the buffer, which encoding/xml does several times
// slower, byte by byte. At anything else it declines (errQuickBail) before
// the game has been consumed, and the decoder reads the game from its
// start: the general code words every error. TestQuickMatchesDecoder
// and FuzzIPokerQuick read the same inputs with the fast path on and off
// (Reader.noQuick) and compare hands and errors.

import (
	"bytes"
	"encoding/xml"
	"errors"
	"unicode/utf8"
)

// errQuickBail: the fast path declines the game; the decoder reads it.
var errQuickBail = errors.New("ipoker: the quick tokens decline this game")

var endGameTag = []byte("</game>")

// quickTokens cuts the tokens of one game from its bytes.
type quickTokens struct {
	buf     []byte // the game after its start tag, through its </game>
	pos     int
	line    int    // the input line at pos
	endName string // a self-closing element's name: its end is next
	attrs   []xml.Attr
	text    []byte // scratch for text whose line ends are normalised
}

// peekGame returns the bytes of the game whose start tag the decoder has
// just read, through its </game>, when they are all in the buffer and
// within the limits; nil otherwise.
func (s *source) peekGame() []byte {
	if len(s.pending) > 0 || s.prev == '/' { // "<game .../>": empty
		return nil
	}
	buf, _ := s.r.Peek(s.r.Buffered())
	i := bytes.Index(buf, endGameTag)
	if i < 0 {
		buf, _ = s.r.Peek(s.r.Size())
		if i = bytes.Index(buf, endGameTag); i < 0 {
			return nil
		}
	}
	span := buf[:i+len(endGameTag)]
	if len(span) > s.lim.MaxHandBytes {
		return nil
	}
	lineLen, rest := s.lineLen, span
	for {
		j := bytes.IndexByte(rest, '\n')
		if j < 0 {
			if lineLen+len(rest) > s.lim.MaxLineBytes {
				return nil
			}
			return span
		}
		if lineLen+j > s.lim.MaxLineBytes {
			return nil
		}
		lineLen, rest = 0, rest[j+1:]
	}
}

// skip consumes span, which the fast path has read, and returns its lines.
func (s *source) skip(span []byte) int {
	nl := bytes.Count(span, []byte{'\n'})
	s.line += nl
	if last := bytes.LastIndexByte(span, '\n'); last >= 0 {
		s.lineLen = len(span) - last - 1
		s.head = append(s.head[:0], span[last+1:min(len(span), last+1+headKeep)]...)
	} else {
		s.lineLen += len(span)
		s.head = append(s.head, span[:min(len(span), max(0, headKeep-len(s.head)))]...)
	}
	s.prev = span[len(span)-1]
	s.r.Discard(len(span))
	return nl
}

func (q *quickTokens) reset(buf []byte, line int) {
	q.buf, q.pos, q.line, q.endName = buf, 0, line, ""
}

// next returns the next token, as RawToken would, or errQuickBail.
func (q *quickTokens) next() (xml.Token, error) {
	if q.endName != "" {
		name := q.endName
		q.endName = ""
		return xml.EndElement{Name: xml.Name{Local: name}}, nil
	}
	if q.pos >= len(q.buf) {
		return nil, errQuickBail
	}
	if q.buf[q.pos] != '<' {
		return q.charData()
	}
	q.pos++
	if q.pos >= len(q.buf) {
		return nil, errQuickBail
	}
	switch q.buf[q.pos] {
	case '?', '!':
		return nil, errQuickBail // a comment, CDATA, a processing instruction
	case '/':
		q.pos++
		name, ok := q.name()
		if !ok {
			return nil, errQuickBail
		}
		q.space()
		if q.pos >= len(q.buf) || q.buf[q.pos] != '>' {
			return nil, errQuickBail
		}
		q.pos++
		return xml.EndElement{Name: xml.Name{Local: name}}, nil
	}
	name, ok := q.name()
	if !ok || name == "game" || name == "session" {
		return nil, errQuickBail // a glued game: the general code words it
	}
	q.attrs = q.attrs[:0]
	for {
		sp := q.space()
		if q.pos >= len(q.buf) {
			return nil, errQuickBail
		}
		switch q.buf[q.pos] {
		case '>':
			q.pos++
			return xml.StartElement{Name: xml.Name{Local: name}, Attr: q.attrs}, nil
		case '/':
			if q.pos+1 >= len(q.buf) || q.buf[q.pos+1] != '>' {
				return nil, errQuickBail
			}
			q.pos += 2
			q.endName = name
			return xml.StartElement{Name: xml.Name{Local: name}, Attr: q.attrs}, nil
		}
		if !sp {
			return nil, errQuickBail
		}
		an, ok := q.name()
		if !ok {
			return nil, errQuickBail
		}
		q.space()
		if q.pos >= len(q.buf) || q.buf[q.pos] != '=' {
			return nil, errQuickBail
		}
		q.pos++
		q.space()
		if q.pos >= len(q.buf) || (q.buf[q.pos] != '"' && q.buf[q.pos] != '\'') {
			return nil, errQuickBail
		}
		quote := q.buf[q.pos]
		q.pos++
		end := bytes.IndexByte(q.buf[q.pos:], quote)
		if end < 0 {
			return nil, errQuickBail
		}
		v := q.buf[q.pos : q.pos+end]
		if !plainText(v) || bytes.IndexByte(v, '<') >= 0 || bytes.IndexByte(v, '\r') >= 0 {
			return nil, errQuickBail
		}
		q.line += bytes.Count(v, []byte{'\n'})
		q.pos += end + 1
		q.attrs = append(q.attrs, xml.Attr{Name: xml.Name{Local: an}, Value: string(v)})
	}
}

// charData returns the text up to the next tag.
func (q *quickTokens) charData() (xml.Token, error) {
	end := bytes.IndexByte(q.buf[q.pos:], '<')
	if end < 0 {
		return nil, errQuickBail
	}
	data := q.buf[q.pos : q.pos+end]
	if !plainText(data) || bytes.Contains(data, []byte("]]>")) {
		return nil, errQuickBail
	}
	q.pos += end
	q.line += bytes.Count(data, []byte{'\n'})
	if bytes.IndexByte(data, '\r') >= 0 {
		// As the decoder does: "\r\n" and a lone "\r" are "\n".
		q.text = q.text[:0]
		for i := 0; i < len(data); i++ {
			c := data[i]
			if c == '\r' {
				c = '\n'
				if i+1 < len(data) && data[i+1] == '\n' {
					i++
				}
			}
			q.text = append(q.text, c)
		}
		data = q.text
	}
	return xml.CharData(data), nil
}

// space skips white space, counting lines, and reports whether there was
// any.
func (q *quickTokens) space() bool {
	start := q.pos
	for q.pos < len(q.buf) {
		switch q.buf[q.pos] {
		case '\n':
			q.line++
		case ' ', '\t', '\r':
		default:
			return q.pos > start
		}
		q.pos++
	}
	return q.pos > start
}

// name reads an element or attribute name of the usual ASCII letters.
func (q *quickTokens) name() (string, bool) {
	start := q.pos
	for q.pos < len(q.buf) {
		c := q.buf[q.pos]
		if c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_' || q.pos > start && (c >= '0' && c <= '9' || c == '-' || c == '.') {
			q.pos++
			continue
		}
		break
	}
	if q.pos == start {
		return "", false
	}
	return elementName(q.buf[start:q.pos]), true
}

// elementName returns the names the games use without allocating.
func elementName(b []byte) string {
	for _, n := range knownNames {
		if string(b) == n {
			return n
		}
	}
	return string(b)
}

var knownNames = [...]string{"action", "cards", "no", "player", "type", "sum", "round", "seat", "name",
	"chips", "dealer", "win", "bet", "rebuy", "addon", "reg_code", "general", "players", "startdate", "game"}

// plainText reports whether b is text the decoder takes as it is: valid
// UTF-8 of XML characters, without entities.
func plainText(b []byte) bool {
	ascii := true
	for _, c := range b {
		switch {
		case c == '&':
			return false
		case c < 0x20 && c != '\t' && c != '\n' && c != '\r':
			return false
		case c >= 0x80:
			ascii = false
		}
	}
	if ascii {
		return true
	}
	if !utf8.Valid(b) {
		return false
	}
	for len(b) > 0 {
		r, n := utf8.DecodeRune(b)
		if r == 0xFFFE || r == 0xFFFF {
			return false
		}
		b = b[n:]
	}
	return true
}

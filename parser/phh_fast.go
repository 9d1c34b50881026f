package parser

import (
	"bytes"
	"cmp"
	"unicode/utf8"

	"github.com/pelletier/go-toml/v2/unstable"
)

// phhFastResult is how walkFast went.
type phhFastResult uint8

const (
	phhFastBail phhFastResult = iota // not in the fast subset: use the full TOML parser
	phhFastOK                        //
	phhFastMore                      // the text ran out before the hand ended: read more, try again
)

// walkFast is a fast path for walk. Nearly every PHH hand in practice is
// "key = value" lines whose values are plain strings, numbers, booleans, a
// local time or flat arrays of those. walkFast reads exactly that subset
// of TOML straight into s.fields, without building a syntax tree. On
// anything else (escapes, multi-line strings, dotted or quoted keys,
// inline tables, dates, sub-tables, any error...) it bails out, and walk
// reads the hand with the full TOML parser, which also produces every
// error message. So walkFast never decides that a hand is bad; when it
// succeeds, the fields are exactly those walk would produce
// (FuzzPHHFastPath checks this).
//
// data starts at a hand (line is its first line). In a .phhs file the hand
// ends before the next table header with another name, and walkFast
// returns that offset as end, with the header's line; so a .phhs file can
// be cut into hands and read in one pass. If more is true, data is only
// what has been read so far: a hand running to its end may continue.
func (s *phhState) walkFast(data []byte, line int, more bool) (headerLine, end, endLine int, res phhFastResult) {
	fs := &s.fields
	fs.reset()
	s.arena = s.arena[:0]
	s.lines.data = data // for s.span
	s.fastBytes += int64(len(data))
	if more {
		// Only complete lines: then a value cut by the end of the buffer
		// cannot be mistaken for a shorter one.
		data = data[:bytes.LastIndexByte(data, '\n')+1]
	}
	f := phhFast{data: data, line: line}
	fail := func() (int, int, int, phhFastResult) {
		if more && f.pos >= len(f.data) {
			return 0, 0, 0, phhFastMore
		}
		return 0, 0, 0, phhFastBail
	}
	named := false
	for {
		lineStart, lineNo := f.pos, f.line
		f.skipSpace()
		if f.pos == len(f.data) {
			break
		}
		switch c := f.data[f.pos]; {
		case c == '\n' || c == '\r' || c == '#':
			if !f.endOfLine() {
				return fail()
			}
		case c == '[':
			// The hand's own table header "[1]", or the next hand's.
			if s.mode != phhModeMulti || s.longHeader(f.data[lineStart:]) {
				return fail()
			}
			f.pos++
			f.skipSpace()
			key := f.bareKey()
			f.skipSpace()
			if key == nil || f.pos == len(f.data) || f.data[f.pos] != ']' {
				return fail()
			}
			if named {
				if bytes.Equal(key, s.handName) {
					return fail() // [1.sub] or a repeated [1]: for the full parser
				}
				return headerLine, lineStart, lineNo, phhFastOK
			}
			f.pos++
			s.handName = append(s.handName[:0], key...)
			named = true
			headerLine = f.line
			if !f.endOfLine() {
				return fail()
			}
		default:
			if s.mode == phhModeMulti && !named {
				return fail()
			}
			keyLine := f.line
			key := f.bareKey()
			f.skipSpace()
			if key == nil || f.pos == len(f.data) || f.data[f.pos] != '=' {
				return fail()
			}
			f.pos++
			f.skipSpace()
			if !s.fastKeyValue(&f, key, keyLine) || !f.endOfLine() {
				return fail()
			}
		}
	}
	if more {
		return 0, 0, 0, phhFastMore
	}
	if s.mode == phhModeMulti && !named {
		return fail()
	}
	return headerLine, len(f.data), f.line, phhFastOK
}

// fastKeyValue reads the value of key and stores it as keyValue would.
func (s *phhState) fastKeyValue(f *phhFast, key []byte, keyLine int) bool {
	fs := &s.fields
	fld, known := phhFieldByName(key)
	if !known {
		if key[0] != '_' {
			for _, u := range fs.unknown {
				if bytes.Equal(s.bytes(u), key) {
					return false
				}
			}
			fs.unknown = append(fs.unknown, s.span(key))
		}
		// Skip the value, checking it as for any field.
		if f.pos < len(f.data) && f.data[f.pos] == '[' {
			return f.array(func(phhTok) bool { return true })
		}
		_, ok := f.scalar()
		return ok
	}
	if fs.has(fld) {
		return false
	}
	t := phhFieldInfo[fld].typ
	switch t {
	case phhNumberArray, phhIntArray, phhStringArray:
		if f.pos == len(f.data) || f.data[f.pos] != '[' {
			return false
		}
		et := phhElemType(t)
		arr := fs.arr[fld][:0]
		if !f.array(func(tok phhTok) bool {
			if !phhScalarOK(et, tok.kind) {
				return false
			}
			arr = append(arr, tok)
			return true
		}) {
			return false
		}
		fs.arr[fld] = arr
	default:
		tok, ok := f.scalar()
		if !ok || !phhScalarOK(t, tok.kind) {
			return false
		}
		fs.val[fld] = tok
	}
	fs.seen |= 1 << fld
	fs.keyLine[fld] = keyLine
	return true
}

// phhFast is the fast path's position in a hand's text.
type phhFast struct {
	data []byte
	pos  int
	line int // line of data[pos]
}

func (f *phhFast) skipSpace() {
	for f.pos < len(f.data) && (f.data[f.pos] == ' ' || f.data[f.pos] == '\t') {
		f.pos++
	}
}

// endOfLine consumes optional whitespace, an optional comment and the line
// end (or the end of the text).
func (f *phhFast) endOfLine() bool {
	f.skipSpace()
	if f.pos < len(f.data) && f.data[f.pos] == '#' {
		if !f.comment() {
			return false
		}
	}
	return f.newline()
}

// newline consumes "\n", "\r\n" or nothing at the end of the text.
func (f *phhFast) newline() bool {
	switch {
	case f.pos == len(f.data):
		return true
	case f.data[f.pos] == '\n':
		f.pos++
		f.line++
		return true
	case f.data[f.pos] == '\r' && f.pos+1 < len(f.data) && f.data[f.pos+1] == '\n':
		f.pos += 2
		f.line++
		return true
	}
	return false
}

// comment consumes a comment up to (not including) the line end. TOML
// allows tabs and printable characters; non-ASCII text must be UTF-8.
func (f *phhFast) comment() bool {
	start := f.pos
	ascii := true
	for f.pos < len(f.data) {
		c := f.data[f.pos]
		if c == '\n' || (c == '\r' && f.pos+1 < len(f.data) && f.data[f.pos+1] == '\n') {
			break
		}
		if (c < 0x20 && c != '\t') || c == 0x7F {
			return false
		}
		if c >= 0x80 {
			ascii = false
		}
		f.pos++
	}
	return ascii || utf8.Valid(f.data[start:f.pos])
}

// bareKey reads a bare key, or returns nil. A dotted key ("a.b") is left
// to the full parser: the '.' makes the caller's '=' check fail.
func (f *phhFast) bareKey() []byte {
	start := f.pos
	for f.pos < len(f.data) && isPHHBareKeyChar(f.data[f.pos]) {
		f.pos++
	}
	if f.pos == start {
		return nil
	}
	return f.data[start:f.pos]
}

// array reads a flat array of scalars, calling add for each element.
func (f *phhFast) array(add func(phhTok) bool) bool {
	f.pos++ // '['
	for {
		if !f.arraySpace() {
			return false
		}
		if f.pos == len(f.data) {
			return false
		}
		if f.data[f.pos] == ']' {
			f.pos++
			return true
		}
		tok, ok := f.scalar()
		if !ok || !add(tok) {
			return false
		}
		if !f.arraySpace() || f.pos == len(f.data) {
			return false
		}
		switch f.data[f.pos] {
		case ',':
			f.pos++
		case ']':
			f.pos++
			return true
		default:
			return false
		}
	}
}

// arraySpace skips whitespace, newlines and comments inside an array.
func (f *phhFast) arraySpace() bool {
	for {
		f.skipSpace()
		if f.pos == len(f.data) {
			return true
		}
		switch f.data[f.pos] {
		case '#':
			if !f.comment() {
				return false
			}
		case '\n', '\r':
			if !f.newline() {
				return false
			}
		default:
			return true
		}
	}
}

// phhPlainStringByte marks the bytes that a quoted string may hold without
// a closer look: printable ASCII other than quotes and the backslash.
var phhPlainStringByte = func() (t [256]bool) {
	for b := 0x20; b < 0x7F; b++ {
		t[b] = b != '"' && b != '\'' && b != '\\'
	}
	return t
}()

// scalar reads a plain string, a boolean, a decimal integer or float, or
// a local time.
func (f *phhFast) scalar() (phhTok, bool) {
	if f.pos == len(f.data) {
		return phhTok{}, false
	}
	start := f.pos
	tok := phhTok{line: f.line}
	switch c := f.data[f.pos]; {
	case c == '"' || c == '\'':
		if f.pos+2 < len(f.data) && f.data[f.pos+1] == c && f.data[f.pos+2] == c {
			return phhTok{}, false // multi-line string
		}
		f.pos++
		ascii := true
		for {
			// Most bytes are plain ASCII: pass them with one lookup each.
			for f.pos < len(f.data) && phhPlainStringByte[f.data[f.pos]] {
				f.pos++
			}
			if f.pos == len(f.data) {
				return phhTok{}, false
			}
			b := f.data[f.pos]
			if b == c {
				break
			}
			if (b < 0x20 && b != '\t') || b == 0x7F || (b == '\\' && c == '"') {
				return phhTok{}, false // control character, or an escape to decode
			}
			if b >= 0x80 {
				ascii = false
			}
			f.pos++
		}
		body := f.data[start+1 : f.pos]
		f.pos++
		if !ascii && !utf8.Valid(body) {
			return phhTok{}, false
		}
		tok.kind = unstable.String
		tok.sp = phhSpan{off: int32(start + 1), n: int32(len(body))}
		return tok, true
	case c == 't' || c == 'f':
		word := "true"
		if c == 'f' {
			word = "false"
		}
		if !bytes.HasPrefix(f.data[f.pos:], []byte(word)) {
			return phhTok{}, false
		}
		f.pos += len(word)
		tok.kind = unstable.Bool
	case phhIsDigit(c) && f.pos+2 < len(f.data) && f.data[f.pos+2] == ':':
		if !f.localTime() {
			return phhTok{}, false
		}
		tok.kind = unstable.LocalTime
	case phhIsDigit(c) || c == '+' || c == '-':
		k, ok := f.number()
		if !ok {
			return phhTok{}, false
		}
		tok.kind = k
	default:
		return phhTok{}, false
	}
	if !f.delimited() {
		return phhTok{}, false
	}
	tok.sp = phhSpan{off: int32(start), n: int32(f.pos - start)}
	return tok, true
}

// delimited reports whether a value ends here.
func (f *phhFast) delimited() bool {
	if f.pos == len(f.data) {
		return true
	}
	switch f.data[f.pos] {
	case ' ', '\t', '\n', '\r', ',', ']', '#':
		return true
	}
	return false
}

// number reads a TOML decimal integer or float: an optional sign, an
// integer part without leading zeros, then an optional fraction and
// exponent, digits grouped by single underscores. inf, nan and the 0x, 0o
// and 0b forms are left to the full parser.
func (f *phhFast) number() (unstable.Kind, bool) {
	d := f.data
	if d[f.pos] == '+' || d[f.pos] == '-' {
		f.pos++
	}
	if f.pos == len(d) || !phhIsDigit(d[f.pos]) {
		return 0, false
	}
	if d[f.pos] == '0' {
		f.pos++
		if f.pos < len(d) && (phhIsDigit(d[f.pos]) || d[f.pos] == '_' || d[f.pos] == 'x' || d[f.pos] == 'o' || d[f.pos] == 'b') {
			return 0, false
		}
	} else if !f.digits() {
		return 0, false
	}
	kind := unstable.Integer
	if f.pos < len(d) && d[f.pos] == '.' {
		f.pos++
		if !f.digits() {
			return 0, false
		}
		kind = unstable.Float
	}
	if f.pos < len(d) && (d[f.pos] == 'e' || d[f.pos] == 'E') {
		f.pos++
		if f.pos < len(d) && (d[f.pos] == '+' || d[f.pos] == '-') {
			f.pos++
		}
		if !f.digits() {
			return 0, false
		}
		kind = unstable.Float
	}
	return kind, true
}

// digits reads one or more digits with single underscores between them.
func (f *phhFast) digits() bool {
	d := f.data
	if f.pos == len(d) || !phhIsDigit(d[f.pos]) {
		return false
	}
	f.pos++
	for f.pos < len(d) {
		switch {
		case phhIsDigit(d[f.pos]):
			f.pos++
		case d[f.pos] == '_' && f.pos+1 < len(d) && phhIsDigit(d[f.pos+1]):
			f.pos += 2
		default:
			return true
		}
	}
	return true
}

// localTime reads HH:MM:SS with an optional fraction.
func (f *phhFast) localTime() bool {
	d := f.data[f.pos:]
	if len(d) < 8 || !phhIsDigit(d[0]) || !phhIsDigit(d[1]) || d[2] != ':' ||
		!phhIsDigit(d[3]) || !phhIsDigit(d[4]) || d[5] != ':' || !phhIsDigit(d[6]) || !phhIsDigit(d[7]) {
		return false
	}
	f.pos += 8
	if f.pos < len(f.data) && f.data[f.pos] == '.' {
		f.pos++
		start := f.pos
		for f.pos < len(f.data) && phhIsDigit(f.data[f.pos]) {
			f.pos++
		}
		if f.pos == start {
			return false
		}
	}
	return true
}

// longHeader reports whether the line at the start of rest is longer than
// the line limit. Such a line is never a table header (the chunker, which
// may see only its start, cannot tell), so the fast path leaves the hand
// to the chunker.
func (s *phhState) longHeader(rest []byte) bool {
	most := cmp.Or(s.chunker.maxLine, DefaultMaxLineBytes)
	if len(rest) <= most {
		return false
	}
	nl := bytes.IndexByte(rest[:most+1], '\n')
	return nl < 0
}

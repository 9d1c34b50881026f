package phh

// Fast path: a hand's plain TOML. walkFast shortcuts walk (toml.go),
// which reads the hand with go-toml after the chunker (chunk.go) has cut
// it out: it reads the TOML that real PHH files hold straight from the
// input's buffer, into the same fields, and finds where a .phhs hand
// ends; usualLines reads the lines of a hand whose keys come in the
// previous hand's order. FuzzPHHFastPath, TestPHHFastPathCorpus and
// TestPHHNoFastPathSameHands (fuzz_test.go), TestPHHUsualLinesAgree,
// TestPHHUsualLinesEveryChange, TestPHHUsualLinesRead and
// FuzzPHHUsualLines (lines_test.go), TestPHHUsualScalarsAgree and
// TestPHHUsualSameFieldsAsWalk (usual_test.go) check it against walk;
// TestPHHNotPlain8 (shortcut_test.go) its byte tests against their
// tables.

import (
	"bytes"
	"cmp"
	"encoding/binary"
	"math/bits"
	"unicode/utf8"

	"github.com/handaudit/handaudit/parser"
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
	s.lines.reset(data, line) // for s.span
	s.fastBytes += int64(len(data))
	if more {
		// Only complete lines: then a value cut by the end of the buffer
		// cannot be mistaken for a shorter one.
		data = data[:s.completeLines(data)]
	}
	// The position and line are kept in locals, in registers, and handed
	// to the value readers in f, which they move on.
	f := phhFast{data: data, line: line}
	pos, ln := 0, line
	fail := func() (int, int, int, phhFastResult) {
		if more && f.pos >= len(f.data) {
			return 0, 0, 0, phhFastMore
		}
		return 0, 0, 0, phhFastBail
	}
	named := false
	prev := phhNumFields // the previous known key; none yet
	for pos < len(data) {
		lineStart, lineNo := pos, ln
		// The usual lines first: the key that followed the previous one
		// last time (hands list their fields in the same order, mostly),
		// " = ", a value, '\n'.
		if named || s.mode != phhModeMulti {
			f.pos, f.line = pos, ln
			var ok bool
			if prev, ok = s.usualLines(&f, prev); !ok {
				return fail()
			}
			pos, ln = f.pos, f.line
			lineStart, lineNo = pos, ln
		}
		f.pos, f.line = pos, ln
		f.skipSpace()
		if f.pos == len(data) {
			break
		}
		switch c := data[f.pos]; {
		case c == '\n' || c == '\r' || c == '#':
			if !f.endOfLine() {
				return fail()
			}
		case c == '[':
			// The hand's own table header "[1]", or the next hand's.
			if s.mode != phhModeMulti || s.longHeader(data[lineStart:]) {
				return fail()
			}
			f.pos++
			f.skipSpace()
			key := f.bareKey()
			f.skipSpace()
			if key == nil || f.pos == len(data) || data[f.pos] != ']' {
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
			key, fld, known := f.key()
			if key == nil {
				return fail()
			}
			if known && s.nextField[prev] != fld {
				s.otherField[prev], s.nextField[prev] = s.nextField[prev], fld
			}
			if f.pos+2 < len(data) && data[f.pos] == ' ' && data[f.pos+1] == '=' && data[f.pos+2] == ' ' {
				f.pos += 3 // the usual " = "
			} else {
				f.skipSpace()
				if f.pos == len(data) || data[f.pos] != '=' {
					return fail()
				}
				f.pos++
			}
			if known {
				prev = fld
			}
			f.skipSpace()
			if known {
				if !s.fastKnownValue(&f, fld, keyLine) {
					return fail()
				}
			} else if !s.fastUnknownValue(&f, key) {
				return fail()
			}
			if !f.endOfLine() {
				return fail()
			}
		}
		pos, ln = f.pos, f.line
	}
	if more {
		return 0, 0, 0, phhFastMore
	}
	if s.mode == phhModeMulti && !named {
		return fail()
	}
	return headerLine, len(data), ln, phhFastOK
}

// usualLines reads the usual lines of a hand from f.pos on: each has the
// key that followed the previous one (prev) last time, " = " (compared
// as words, phhKeyEqWords), a value and '\n'. Values of the usual forms
// (numbersUsual, phhUsualString, phhQuickDecimal) are read and stored
// here, as fastKnownValue would, without a call per line for the rest;
// fastKnownValue reads the others. It stops at the start of the first
// line without the expected key (walkFast reads it) and returns the last
// field read; false where walkFast fails, with f where reading stopped.
func (s *phhState) usualLines(f *phhFast, prev phhField) (phhField, bool) {
	data, pos, ln := f.data, f.pos, f.line
	for {
		fld := s.nextField[prev]
		if pos+32 > len(data) || fld >= phhNumFields {
			break
		}
		// The key and " = ": every field's name and " = " fit in 32
		// bytes, so p is inside data.
		k, d := &phhKeyEqWords[fld], data[pos:pos+32:pos+32]
		if !phhKeyEqAt(d, k) {
			// The other key seen after prev (hands with and without
			// currency, with min_bet or small_bet...).
			if fld = s.otherField[prev]; fld >= phhNumFields {
				break
			}
			if k = &phhKeyEqWords[fld]; !phhKeyEqAt(d, k) {
				break
			}
		}
		p := pos + k.n
		fs := &s.fields
		bit := uint64(1) << fld
		t, c := phhFieldTypes[fld], data[p]
		end := -1 // where the value ends, if read here
		switch {
		case fs.seen&bit != 0: // fastKnownValue fails
		case t == phhNumberArray || t == phhIntArray:
			if c != '[' {
				break
			}
			f.pos = p
			if dec, sum, ok := f.numbersUsual(t == phhIntArray, fs.dec[fld][:0]); ok {
				fs = &s.fields
				// dec is in fs.dec[fld]'s memory (numbersUsual does not
				// grow it): only its length is new.
				fs.dec[fld] = fs.dec[fld][:len(dec)]
				fs.arrAt[fld], fs.decSummary[fld] = phhArrayAt{pos: p, line: ln}, sum
				fs.decoded |= bit
				fs.unlisted |= bit
				end = f.pos
			}
		case t == phhStringArray:
			if c != '[' {
				break
			}
			f.pos, f.line = p, ln
			if fld == phhActions {
				if s.actionsUsual(f) {
					end = f.pos
				}
			} else if arr, ok := f.stringsUsual(s.fields.arr[fld][:0]); ok {
				fs = &s.fields
				fs.arr[fld], fs.dec[fld] = arr, nil
				end = f.pos
			}
		case t == phhLocalTime:
			f.pos = p
			if phhIsDigit(c) && data[p+2] == ':' && f.localTime() && f.delimited() {
				s.fields.val[fld] = phhTok{sp: phhSpan{off: int32(p), n: int32(f.pos - p)}, kind: unstable.LocalTime, line: ln}
				end = f.pos
			}
		case c == '\'' || c == '"':
			if t != phhString && t != phhStringOrInt {
				break
			}
			if e, ok := phhUsualString(data, p+1, c); ok {
				s.fields.val[fld] = phhTok{sp: phhSpan{off: int32(p + 1), n: int32(e - p - 1)}, kind: unstable.String, line: ln}
				end = e + 1
			}
		case phhIsDigit(c):
			if t != phhNumber && t != phhInteger && t != phhStringOrInt {
				break
			}
			if v, e, frac, ok := phhQuickDecimal(data, p); ok && phhDelimited(data, e) && !(frac && t != phhNumber) {
				kind := unstable.Integer
				if frac {
					kind = unstable.Float
				}
				fs = &s.fields
				fs.val[fld] = phhTok{sp: phhSpan{off: int32(p), n: int32(e - p)}, kind: kind, line: ln}
				fs.valDec[fld] = v
				fs.decoded |= bit
				end = e
			}
		}
		if end >= 0 {
			fs = &s.fields
			fs.seen |= bit
			fs.keyLine[fld] = ln
			pos = end
		} else {
			// Any other value, as walkFast reads it.
			f.pos, f.line = p, ln
			if c == ' ' || c == '\t' {
				f.skipSpace()
			}
			if !s.fastKnownValue(f, fld, ln) {
				return prev, false
			}
			pos, ln = f.pos, f.line
		}
		prev = fld
		if pos < len(data) && data[pos] == '\n' {
			pos++ // the usual line end
			ln++
			continue
		}
		f.pos, f.line = pos, ln
		if !f.endOfLine() {
			return prev, false
		}
		pos, ln = f.pos, f.line
	}
	f.pos, f.line = pos, ln
	return prev, true
}

// completeLines returns the length of the complete lines of data, the
// text read but not yet handed out. The hands of one read block all ask:
// the answer is kept for as long as the block's end stays where it is.
func (s *phhState) completeLines(data []byte) int {
	c := &s.chunker
	if !c.linesOK || c.linesGen != c.gen || c.linesNL+1 < c.start || c.linesNL >= c.end {
		c.linesOK, c.linesGen = true, c.gen
		c.linesNL = c.start + bytes.LastIndexByte(data, '\n')
	}
	return c.linesNL + 1 - c.start
}

// fastUnknownValue skips the value of key, a field that is not PHH's, as
// keyValue does.
func (s *phhState) fastUnknownValue(f *phhFast, key []byte) bool {
	fs := &s.fields
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
		var ok bool
		s.skipped, _, ok = f.array(phhAnyType, s.skipped[:0], nil)
		return ok
	}
	_, ok := f.scalar()
	return ok
}

// fastKnownValue reads the value of field fld, whose key is on keyLine,
// and stores it as keyValue would; but an array of numbers of the usual
// form is kept as its numbers only (phhFields.unlisted), and the usual
// numbers of scalars are read as well (phhFields.valDec).
func (s *phhState) fastKnownValue(f *phhFast, fld phhField, keyLine int) bool {
	fs := &s.fields
	if fs.has(fld) {
		return false
	}
	t := phhFieldTypes[fld]
	switch t {
	case phhNumberArray, phhIntArray, phhStringArray:
		if f.pos == len(f.data) || f.data[f.pos] != '[' {
			return false
		}
		var arr []phhTok
		var dec []phhDecimal
		var ok bool
		switch {
		case fld == phhActions && s.actionsUsual(f):
			fs.seen |= 1 << fld
			fs.keyLine[fld] = keyLine
			return true
		case t == phhStringArray:
			arr, ok = f.stringsUsual(fs.arr[fld][:0])
		default:
			at := phhArrayAt{pos: f.pos, line: f.line}
			var sum phhNumbersSummary
			if dec, sum, ok = f.numbersUsual(t == phhIntArray, fs.dec[fld][:0]); ok {
				fs.dec[fld], fs.arrAt[fld], fs.decSummary[fld] = dec, at, sum
				fs.decoded |= 1 << fld
				fs.unlisted |= 1 << fld
				fs.seen |= 1 << fld
				fs.keyLine[fld] = keyLine
				return true
			}
			arr = fs.arr[fld]
		}
		if !ok {
			arr, dec, ok = f.array(phhElemType(t), arr[:0], dec[:0])
		}
		fs.arr[fld], fs.dec[fld] = arr, dec // keeps the memory even on failure
		if !ok {
			return false
		}
		if t != phhStringArray && len(dec) == len(arr) {
			fs.decoded |= 1 << fld
		}
	default:
		if t == phhNumber || t == phhInteger || t == phhStringOrInt {
			// A number of phhQuickDecimal's forms is read once, here.
			if pos := f.pos; pos < len(f.data) && phhIsDigit(f.data[pos]) {
				if d, end, frac, ok := phhQuickDecimal(f.data, pos); ok && phhDelimited(f.data, end) && !(frac && t != phhNumber) {
					kind := unstable.Integer
					if frac {
						kind = unstable.Float
					}
					f.pos = end
					fs.val[fld] = phhTok{sp: phhSpan{off: int32(pos), n: int32(end - pos)}, kind: kind, line: f.line}
					fs.valDec[fld] = d
					fs.decoded |= 1 << fld
					break
				}
			}
		}
		if t == phhString || t == phhStringOrInt {
			// A string of the usual form, read as scalar would.
			if pos := f.pos; pos < len(f.data) && (f.data[pos] == '\'' || f.data[pos] == '"') {
				if end, ok := phhUsualString(f.data, pos+1, f.data[pos]); ok {
					f.pos = end + 1
					fs.val[fld] = phhTok{sp: phhSpan{off: int32(pos + 1), n: int32(end - pos - 1)}, kind: unstable.String, line: f.line}
					break
				}
			}
		}
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

// phhFieldTypes is the type of each field, as phhFieldInfo gives it, in a
// table of its own for the fast path.
var phhFieldTypes = func() (t [phhNumFields]phhType) {
	for f := range t {
		t[f] = phhFieldInfo[f].typ
	}
	return t
}()

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

// key reads a bare key and looks it up among the fields. A known field's
// name ends at " = " or "=": the name is found by looking for those eight
// bytes at a time, where bareKey looks at each byte, and compared with
// the field's name a word at a time.
func (f *phhFast) key() (key []byte, fld phhField, known bool) {
	d, start := f.data, f.pos
	if start+24 <= len(d) {
		// The name and what follows it, in three words: every field's
		// name fits. The name ends at the first ' ' or '='.
		var x [3]uint64
		n := -1
		for j := range x {
			x[j] = binary.LittleEndian.Uint64(d[start+8*j:])
			if m := (phhZero8(x[j]^(phhOnes*' ')) | phhZero8(x[j]^(phhOnes*'='))) & phhHighs; m != 0 {
				n = 8*j + bits.TrailingZeros64(m)/8
				break
			}
		}
		if n >= 2 {
			// The one field the name can be, compared a word at a time.
			c := phhFieldTable[phhFieldHash(d[start:start+n])]
			if c != 0 && len(phhFieldInfo[c-1].name) == n && phhFieldWords[c-1] == [3]uint64{
				x[0] & phhLowBytes(n), x[1] & phhLowBytes(n-8), x[2] & phhLowBytes(n-16)} {
				f.pos = start + n
				return d[start : start+n], c - 1, true
			}
		}
	}
	if key = f.bareKey(); key == nil {
		return nil, 0, false
	}
	fld, known = phhFieldByName(key)
	return key, fld, known
}

// phhKeyEqWords holds each field's name followed by " = ", in words as
// binary.LittleEndian.Uint64 reads them (zero padded), with the masks of
// their bytes, and its length.
var phhKeyEqWords = func() (t [phhNumFields]phhKeyEq) {
	for f := range phhNumFields {
		var b, m [32]byte
		n := copy(b[:], phhFieldInfo[f].name+" = ")
		for i := range n {
			m[i] = 0xFF
		}
		for j := range 4 {
			t[f].text[j] = binary.LittleEndian.Uint64(b[8*j:])
			t[f].mask[j] = binary.LittleEndian.Uint64(m[8*j:])
		}
		t[f].n = n
	}
	return t
}()

// phhKeyEq is a field's name followed by " = ", as words with the masks of
// their bytes, and its length.
type phhKeyEq struct {
	text, mask [4]uint64
	n          int
}

// phhKeyEqAt reports whether d starts with the key and " = " of k.
func phhKeyEqAt(d []byte, k *phhKeyEq) bool {
	return binary.LittleEndian.Uint64(d)&k.mask[0] == k.text[0] && binary.LittleEndian.Uint64(d[8:])&k.mask[1] == k.text[1] &&
		(k.mask[1]>>56 == 0 || phhKeyEqRest(d, k))
}

// phhKeyEqRest compares the last two words of a long name and " = ".
func phhKeyEqRest(d []byte, k *phhKeyEq) bool {
	return binary.LittleEndian.Uint64(d[16:])&k.mask[2] == k.text[2] && binary.LittleEndian.Uint64(d[24:])&k.mask[3] == k.text[3]
}

// phhLowBytes is a mask of the low n bytes of a word (none if n <= 0).
func phhLowBytes(n int) uint64 {
	switch {
	case n <= 0:
		return 0
	case n >= 8:
		return ^uint64(0)
	}
	return 1<<(8*n) - 1
}

// phhFieldWords holds each field's name in three words, zero padded,
// as key reads names.
var phhFieldWords = func() (w [phhNumFields][3]uint64) {
	for f := range phhNumFields {
		var b [24]byte
		copy(b[:], phhFieldInfo[f].name)
		for j := range 3 {
			w[f][j] = binary.LittleEndian.Uint64(b[8*j:])
		}
	}
	return w
}()

// bareKey reads a bare key, or returns nil. A dotted key ("a.b") is left
// to the full parser: the '.' makes the caller's '=' check fail.
func (f *phhFast) bareKey() []byte {
	start := f.pos
	for f.pos < len(f.data) && phhBareKeyByte[f.data[f.pos]] {
		f.pos++
	}
	if f.pos == start {
		return nil
	}
	return f.data[start:f.pos]
}

// array reads a flat array of scalars of type et (phhAnyType: any),
// appending them to arr. Numbers of the usual forms are also read into
// dec, in order, so that build need not read them again: dec has an entry
// for every element of arr when each was of those forms, and the caller
// can then tell by their lengths. Its position is kept in a local
// variable, which the compiler keeps in a register, and put back in f
// before any return or call that uses f.
func (f *phhFast) array(et phhType, arr []phhTok, dec []phhDecimal) ([]phhTok, []phhDecimal, bool) {
	data, pos, line := f.data, f.pos+1, f.line // after '['
	ok := true
	for {
		if pos < len(data) && phhArraySpaceByte[data[pos]] {
			if pos, line, ok = f.arraySpaceAt(pos); !ok {
				return arr, dec, false
			}
		}
		if pos == len(data) {
			f.pos = pos
			return arr, dec, false
		}
		// The element, read straight when it has the type wanted: the
		// other cases are left to scalar.
		start := pos
		switch c := data[pos]; {
		case c == ']':
			f.pos = pos + 1
			return arr, dec, true
		case et == phhString && (c == '\'' || c == '"'):
			end, ok := phhQuoted(data, start)
			pos = end
			if !ok {
				f.pos = pos
				return arr, dec, false
			}
			arr = append(arr, phhTok{sp: phhSpan{off: int32(start + 1), n: int32(end - start - 2)}, kind: unstable.String, line: line})
		case (et == phhNumber || et == phhInteger) && (phhIsDigit(c) || c == '+' || c == '-'):
			if phhIsDigit(c) && pos+2 < len(data) && data[pos+2] == ':' {
				f.pos = pos
				return arr, dec, false // a time
			}
			k := unstable.Integer
			d, end, frac, quick := phhQuickDecimal(data, pos)
			if quick && phhDelimited(data, end) {
				pos = end
				if frac {
					k = unstable.Float
				}
				if len(dec) == len(arr) {
					dec = append(dec, d)
				}
			} else {
				k, pos, ok = phhScanNumber(data, pos)
				if !ok || !phhDelimited(data, pos) {
					f.pos = pos
					return arr, dec, false
				}
			}
			if et == phhInteger && k != unstable.Integer {
				f.pos = pos
				return arr, dec, false
			}
			arr = append(arr, phhTok{sp: phhSpan{off: int32(start), n: int32(pos - start)}, kind: k, line: line})
		default:
			f.pos = pos
			tok, ok := f.scalar()
			pos = f.pos
			if !ok || (et != phhAnyType && !phhScalarOK(et, tok.kind)) {
				return arr, dec, false
			}
			arr = append(arr, tok)
		}
		if pos < len(data) && phhArraySpaceByte[data[pos]] {
			if pos, line, ok = f.arraySpaceAt(pos); !ok {
				return arr, dec, false
			}
		}
		if pos == len(data) {
			f.pos = pos
			return arr, dec, false
		}
		switch data[pos] {
		case ',':
			pos++
			if pos < len(data) && data[pos] == ' ' {
				pos++ // the usual ", "
			}
		case ']':
			f.pos = pos + 1
			return arr, dec, true
		default:
			f.pos = pos
			return arr, dec, false
		}
	}
}

// stringsUsual reads an array of strings written the usual way, on one
// line: ['a', 'b'], each element a non-empty '...' or "..." string of
// plain bytes (phhPlainStringByte) and UTF-8, separated by ", ". It is array
// with fewer cases: for any other form it returns false without moving,
// and array reads the value.
func (f *phhFast) stringsUsual(arr []phhTok) ([]phhTok, bool) {
	data, pos, line := f.data, f.pos+1, f.line // after '['
	if pos < len(data) && data[pos] == ']' {
		f.pos = pos + 1
		return arr, true
	}
	for pos < len(data) {
		q := data[pos]
		if q != '\'' && q != '"' {
			break
		}
		start := pos + 1
		end, ok := phhUsualString(data, start, q)
		if !ok {
			break
		}
		arr = append(arr, phhTok{sp: phhSpan{off: int32(start), n: int32(end - start)}, kind: unstable.String, line: line})
		switch {
		case data[end+1] == ']':
			f.pos = end + 2
			return arr, true
		case data[end+1] == ',' && end+2 < len(data) && data[end+2] == ' ':
			pos = end + 3
		default:
			return arr, false
		}
	}
	return arr, false
}

// phhUsualString reads the string whose opening quote q is before
// data[start], written the usual way: not empty, on one line, plain bytes
// (phhPlainStringByte) and UTF-8, with a byte after the closing quote. It
// returns the offset of the closing quote; false for anything else (which
// may still be a string: array and scalar read it the long way).
func phhUsualString(data []byte, start int, q byte) (int, bool) {
	end := start
	ascii := true
	quotes, escapes := phhOnes*uint64(q), phhOnes*uint64(q) // a '...' string has no escapes
	if q == '"' {
		escapes = phhOnes * '\\'
	}
	for end+8 <= len(data) {
		m := phhStringStop8(binary.LittleEndian.Uint64(data[end:]), quotes, escapes)
		if m == 0 {
			end += 8
			continue
		}
		end += bits.TrailingZeros64(m) / 8
		if data[end] < 0x80 {
			break
		}
		ascii = false // UTF-8, checked below
		end++
	}
	// Near the end of the text, a byte that is not plain, or an empty
	// string (maybe the start of a multi-line one): for the long way.
	if end+1 >= len(data) || data[end] != q || end == start || !ascii && !utf8.Valid(data[start:end]) {
		return end, false
	}
	return end, true
}

// numbersUsual reads an array of numbers written the usual way, on one
// line: [1, 2.5], each element a number phhQuickDecimal reads (only
// integers if ints) with at most 7 digits before the point, separated by
// ", ", into dec; it does not list the elements (elems does, if build
// needs them). It is array with fewer cases: for any other form (or near
// the end of the text) it returns false without moving, and array reads
// the value.
//
// Each number is read from one word of eight bytes, as phhQuickDecimal
// reads it, and so is its fraction; the byte after the number, which says
// what comes next, is taken from those words too.
func (f *phhFast) numbersUsual(ints bool, dec []phhDecimal) (_ []phhDecimal, sum phhNumbersSummary, ok bool) {
	data, pos := f.data, f.pos+1 // after '['
	if pos < len(data) && data[pos] == ']' {
		f.pos = pos + 1
		return dec, sum, true
	}
	// One-digit numbers first (antes, blinds and seats are mostly nothing
	// else), in a loop with little to keep in registers: "d, " goes on,
	// "d]" ends the array, anything else is for the loop below.
	for len(dec) < cap(dec) && pos+2 < len(data) {
		c, next := data[pos]-'0', data[pos+1]
		if c > 9 || next != ',' && next != ']' {
			break
		}
		if next == ',' && data[pos+2] != ' ' {
			break
		}
		dec = dec[:len(dec)+1]
		dec[len(dec)-1] = phhDecimal{mant: int64(c)}
		if c == 0 {
			sum.zero = true
		}
		if next == ']' {
			f.pos = pos + 2
			return dec, sum, true
		}
		pos += 3
	}
	// The loop calls nothing (so that what it works with stays in
	// registers): it writes into the room dec has, and leaves longer
	// arrays to array, which makes room for the next hand.
	for len(dec) < cap(dec) {
		// 24 bytes from a number's start hold its 7 digits, the point,
		// the fraction's 4 and the two bytes after them: the compiler
		// sees that every read below is inside.
		if pos+24 > len(data) {
			break
		}
		w := data[pos : pos+24 : pos+24]
		x := binary.LittleEndian.Uint64(w)
		n := phhDigits8(x)
		if n == 0 || n == 8 || (n > 1 && byte(x) == '0') {
			break
		}
		var d phhDecimal
		if n == 1 {
			d.mant = int64(byte(x) - '0') // antes, blinds and seats, mostly
		} else {
			d.mant = int64(phhDigitsValue(x, n))
		}
		e := n // the length of the number
		if byte(x>>(8*n)) == '.' {
			y := binary.LittleEndian.Uint64(w[n+1:])
			m := phhDigits8(y)
			if ints || m == 0 || m > phhMaxDecimals {
				break
			}
			// At most 7+4 digits: no overflow, and far below parser.MaxAmount.
			d.mant = d.mant*phhPow10[m] + int64(phhDigitsValue(y, m))
			e += 1 + m
			for m > 0 && d.mant%10 == 0 {
				d.mant /= 10
				m--
			}
			d.places = int8(m)
			sum.places = max(sum.places, d.places)
		}
		if d.mant == 0 {
			sum.zero = true
		}
		dec = dec[:len(dec)+1]
		dec[len(dec)-1] = d
		// What follows: ", " and the next number, or the end.
		switch after := binary.LittleEndian.Uint16(w[e&15:]); {
		case after == ','|' '<<8:
			pos += e + 2
		case byte(after) == ']':
			f.pos = pos + e + 1
			return dec, sum, true
		default:
			return dec, sum, false
		}
	}
	return dec, sum, false
}

// phhNumbersSummary is what numbersUsual notes of the numbers it read, so
// that build need not go over them again.
type phhNumbersSummary struct {
	places int8 // the most decimal places
	zero   bool // one is 0
}

// arraySpaceAt is arraySpace from pos; it returns the position and line
// after the space.
func (f *phhFast) arraySpaceAt(pos int) (int, int, bool) {
	f.pos = pos
	ok := f.arraySpace()
	return f.pos, f.line, ok
}

// phhArraySpaceByte marks the bytes arraySpace skips or looks into.
var phhArraySpaceByte = [256]bool{' ': true, '\t': true, '\n': true, '\r': true, '#': true}

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

// phhBareKeyByte marks the bytes of a bare key (isPHHBareKeyChar).
var phhBareKeyByte = func() (t [256]bool) {
	for b := range t {
		t[b] = isPHHBareKeyChar(byte(b))
	}
	return t
}()

// phhPlainStringByte marks the bytes that a quoted string may hold without
// a closer look: printable ASCII other than quotes and the backslash.
var phhPlainStringByte = func() (t [256]bool) {
	for b := 0x20; b < 0x7F; b++ {
		t[b] = b != '"' && b != '\'' && b != '\\'
	}
	return t
}()

// Bit tricks on eight bytes packed in a uint64: phhZero8(x) has the top
// bit of a byte set where x has a zero byte, and no top bit set below the
// first such byte (so the first one is found exactly; the ones after it
// may be wrong, which never matters here).
const (
	phhOnes  = 0x0101010101010101
	phhHighs = 0x8080808080808080
)

func phhZero8(x uint64) uint64 { return (x - phhOnes) &^ x }

// phhNotPlain8 returns a mask whose lowest set bit is in the first of the
// eight bytes packed in x that is not a plain string byte
// (phhPlainStringByte), or 0 if all are plain. A byte below 0x20 sets the
// top bit of its byte of x-0x20.. &^ x, as a zero byte does for phhZero8.
func phhNotPlain8(x uint64) uint64 {
	bad := x | phhZero8(x^(phhOnes*'"')) | phhZero8(x^(phhOnes*'\'')) | phhZero8(x^(phhOnes*'\\')) |
		phhZero8(x^(phhOnes*0x7F)) | (x-phhOnes*0x20)&^x
	return bad & phhHighs
}

// phhStringStop8 is phhNotPlain8 for the inside of one string: it marks
// the quotes packed in quotes, the escapes packed in escapes, bytes below
// 0x20 and bytes from 0x7F up (x+0x01.. has the top bit of a byte set
// from 0x7F, and a carry out of a byte only from 0xFF, marked by x).
func phhStringStop8(x, quotes, escapes uint64) uint64 {
	return (phhZero8(x^quotes) | phhZero8(x^escapes) | (x-phhOnes*0x20)&^x | x | (x + phhOnes)) & phhHighs
}

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
		end, ok := phhQuoted(f.data, start)
		f.pos = end
		if !ok {
			return phhTok{}, false
		}
		tok.kind = unstable.String
		tok.sp = phhSpan{off: int32(start + 1), n: int32(end - start - 2)}
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

// phhQuoted reads the plain string whose opening quote is data[start]
// and returns the offset after its closing quote. If it is not a one-line
// string without escapes, of printable UTF-8, it returns false and where
// reading stopped.
func phhQuoted(data []byte, start int) (int, bool) {
	c := data[start]
	if start+2 < len(data) && data[start+1] == c && data[start+2] == c {
		return start, false // multi-line string
	}
	pos := start + 1
	ascii := true
	for {
		// Most bytes are plain ASCII: pass them eight at a time (near the
		// end of the text, with one lookup each).
		if pos+8 <= len(data) {
			m := phhNotPlain8(binary.LittleEndian.Uint64(data[pos:]))
			if m == 0 {
				pos += 8
				continue
			}
			pos += bits.TrailingZeros64(m) / 8
		} else {
			for pos < len(data) && phhPlainStringByte[data[pos]] {
				pos++
			}
			if pos == len(data) {
				return pos, false
			}
		}
		b := data[pos]
		if b == c {
			break
		}
		if (b < 0x20 && b != '\t') || b == 0x7F || (b == '\\' && c == '"') {
			return pos, false // control character, or an escape to decode
		}
		if b >= 0x80 {
			ascii = false
		}
		pos++
	}
	if !ascii && !utf8.Valid(data[start+1:pos]) {
		return pos + 1, false
	}
	return pos + 1, true
}

// phhDelimited reports whether a value ends at data[pos].
func phhDelimited(data []byte, pos int) bool {
	if pos == len(data) {
		return true
	}
	switch data[pos] {
	case ' ', '\t', '\n', '\r', ',', ']', '#':
		return true
	}
	return false
}

// delimited reports whether a value ends here.
func (f *phhFast) delimited() bool { return phhDelimited(f.data, f.pos) }

// number reads a TOML decimal integer or float: an optional sign, an
// integer part without leading zeros, then an optional fraction and
// exponent, digits grouped by single underscores. inf, nan and the 0x, 0o
// and 0b forms are left to the full parser.
func (f *phhFast) number() (unstable.Kind, bool) {
	k, end, ok := phhScanNumber(f.data, f.pos)
	f.pos = end
	return k, ok
}

// phhScanNumber is number on data from pos: it returns the kind, where
// the number ends (or where reading stopped, if it is not one) and
// whether it is one.
func phhScanNumber(d []byte, pos int) (unstable.Kind, int, bool) {
	if d[pos] == '+' || d[pos] == '-' {
		pos++
	}
	if pos == len(d) || !phhIsDigit(d[pos]) {
		return 0, pos, false
	}
	ok := true
	if d[pos] == '0' {
		pos++
		if pos < len(d) && (phhIsDigit(d[pos]) || d[pos] == '_' || d[pos] == 'x' || d[pos] == 'o' || d[pos] == 'b') {
			return 0, pos, false
		}
	} else if pos, ok = phhScanDigits(d, pos); !ok {
		return 0, pos, false
	}
	kind := unstable.Integer
	if pos < len(d) && d[pos] == '.' {
		if pos, ok = phhScanDigits(d, pos+1); !ok {
			return 0, pos, false
		}
		kind = unstable.Float
	}
	if pos < len(d) && (d[pos] == 'e' || d[pos] == 'E') {
		pos++
		if pos < len(d) && (d[pos] == '+' || d[pos] == '-') {
			pos++
		}
		if pos, ok = phhScanDigits(d, pos); !ok {
			return 0, pos, false
		}
		kind = unstable.Float
	}
	return kind, pos, true
}

// phhScanDigits reads one or more digits with single underscores between
// them from pos, and returns where they end.
func phhScanDigits(d []byte, pos int) (int, bool) {
	if pos == len(d) || !phhIsDigit(d[pos]) {
		return pos, false
	}
	pos++
	for pos < len(d) {
		switch {
		case phhIsDigit(d[pos]):
			pos++
		case d[pos] == '_' && pos+1 < len(d) && phhIsDigit(d[pos+1]):
			pos += 2
		default:
			return pos, true
		}
	}
	return pos, true
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
	most := cmp.Or(s.chunker.maxLine, parser.DefaultMaxLineBytes)
	if len(rest) <= most {
		return false
	}
	nl := bytes.IndexByte(rest[:most+1], '\n')
	return nl < 0
}

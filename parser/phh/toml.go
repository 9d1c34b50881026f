package phh

import (
	"bytes"
	"errors"
	"fmt"

	"github.com/handaudit/handaudit/parser"
	"github.com/pelletier/go-toml/v2/unstable"
)

// The PHH fields, required and optional (phh-std "Required Fields" and
// "Optional Fields"). Any other key is ignored, as the specification asks;
// keys starting with '_' are user-defined fields.
type phhField uint8

const (
	phhVariant phhField = iota
	phhAnteTrimming
	phhAntes
	phhBlinds
	phhBringIn
	phhSmallBet
	phhBigBet
	phhMinBet
	phhStartingStacks
	phhActions
	phhAuthor
	phhEvent
	phhURL
	phhVenue
	phhAddress
	phhCity
	phhRegion
	phhPostalCode
	phhCountry
	phhTime
	phhTimeZone
	phhTimeZoneAbbr
	phhDay
	phhMonth
	phhYear
	phhHandField
	phhLevel
	phhSeats
	phhSeatCount
	phhTable
	phhPlayers
	phhFinishingStacks
	phhWinnings
	phhCurrency
	phhCurrencySymbol
	phhTimeLimit
	phhTimeBanks
	phhNumFields
)

// phhType is the TOML type a field must have.
type phhType uint8

const (
	phhString phhType = iota
	phhBool
	phhNumber      // integer or float
	phhInteger     //
	phhStringOrInt // hand, table
	phhLocalTime   //
	phhNumberArray //
	phhIntArray    //
	phhStringArray //
	phhAnyType     // an unknown field's array elements: any scalar
)

var phhFieldInfo = [phhNumFields]struct {
	name string
	typ  phhType
}{
	phhVariant:         {"variant", phhString},
	phhAnteTrimming:    {"ante_trimming_status", phhBool},
	phhAntes:           {"antes", phhNumberArray},
	phhBlinds:          {"blinds_or_straddles", phhNumberArray},
	phhBringIn:         {"bring_in", phhNumber},
	phhSmallBet:        {"small_bet", phhNumber},
	phhBigBet:          {"big_bet", phhNumber},
	phhMinBet:          {"min_bet", phhNumber},
	phhStartingStacks:  {"starting_stacks", phhNumberArray},
	phhActions:         {"actions", phhStringArray},
	phhAuthor:          {"author", phhString},
	phhEvent:           {"event", phhString},
	phhURL:             {"url", phhString},
	phhVenue:           {"venue", phhString},
	phhAddress:         {"address", phhString},
	phhCity:            {"city", phhString},
	phhRegion:          {"region", phhString},
	phhPostalCode:      {"postal_code", phhString},
	phhCountry:         {"country", phhString},
	phhTime:            {"time", phhLocalTime},
	phhTimeZone:        {"time_zone", phhString},
	phhTimeZoneAbbr:    {"time_zone_abbreviation", phhString},
	phhDay:             {"day", phhInteger},
	phhMonth:           {"month", phhInteger},
	phhYear:            {"year", phhInteger},
	phhHandField:       {"hand", phhStringOrInt},
	phhLevel:           {"level", phhInteger},
	phhSeats:           {"seats", phhIntArray},
	phhSeatCount:       {"seat_count", phhInteger},
	phhTable:           {"table", phhStringOrInt},
	phhPlayers:         {"players", phhStringArray},
	phhFinishingStacks: {"finishing_stacks", phhNumberArray},
	phhWinnings:        {"winnings", phhNumberArray},
	phhCurrency:        {"currency", phhString},
	phhCurrencySymbol:  {"currency_symbol", phhString},
	phhTimeLimit:       {"time_limit", phhNumber},
	phhTimeBanks:       {"time_banks", phhNumberArray},
}

func (f phhField) String() string { return phhFieldInfo[f].name }

// phhFieldByName maps a key to its field: a perfect hash of the key's
// length and three of its bytes picks the one field it can be, and one
// comparison tells.
func phhFieldByName(key []byte) (phhField, bool) {
	if len(key) < 2 || len(key) > phhLongestField {
		return 0, false
	}
	f := phhFieldTable[phhFieldHash(key)]
	if f == 0 || string(key) != phhFieldInfo[f-1].name {
		return 0, false
	}
	return f - 1, true
}

// phhLongestField is the length of the longest field name.
const phhLongestField = len("time_zone_abbreviation")

func phhFieldHash(key []byte) int {
	n := len(key)
	return (2*n + 4*int(key[0]) + int(key[n-2]) + 4*int(key[n-1])) & (phhFieldSlots - 1)
}

const phhFieldSlots = 128

// phhFieldTable maps phhFieldHash of each field's name to the field plus
// one (0: none). No two names collide (it panics if they do).
var phhFieldTable = func() (t [phhFieldSlots]phhField) {
	for f := range phhNumFields {
		h := phhFieldHash([]byte(phhFieldInfo[f].name))
		if t[h] != 0 {
			panic("phhFieldTable: " + phhFieldInfo[f].name + " collides with " + phhFieldInfo[t[h]-1].name)
		}
		t[h] = f + 1
	}
	return t
}()

// phhTok is one TOML value: where its decoded bytes are (the string
// content, or the number/boolean/time text), its kind and its line. It
// holds no pointers, so the scratch slices of tokens cost the garbage
// collector nothing.
type phhTok struct {
	sp   phhSpan
	kind unstable.Kind
	line int
}

// phhSpan locates bytes in the hand's text, or in the state's arena for
// strings the TOML parser had to unescape into new memory.
type phhSpan struct {
	off, n int32
	arena  bool
}

// span locates b, a value returned by the TOML parser for the current
// hand's text.
func (s *phhState) span(b []byte) phhSpan {
	if len(b) == 0 {
		return phhSpan{}
	}
	data := s.lines.data
	if off := cap(data) - cap(b); off >= 0 && off+len(b) <= len(data) && &data[off] == &b[0] {
		return phhSpan{off: int32(off), n: int32(len(b))}
	}
	off := len(s.arena)
	s.arena = append(s.arena, b...)
	return phhSpan{off: int32(off), n: int32(len(b)), arena: true}
}

// bytes returns the bytes of sp; valid until the next hand is read.
func (s *phhState) bytes(sp phhSpan) []byte {
	if sp.arena {
		return s.arena[sp.off : sp.off+sp.n : sp.off+sp.n]
	}
	return s.lines.data[sp.off : sp.off+sp.n : sp.off+sp.n]
}

// nameBytes is bytes for a name to intern: with the capacity after it,
// which lets the interner load its first words whole (parser.NameWords).
func (s *phhState) nameBytes(sp phhSpan) []byte {
	if sp.arena {
		return s.arena[sp.off : sp.off+sp.n]
	}
	return s.lines.data[sp.off : sp.off+sp.n]
}

// tb returns the bytes of a token.
func (s *phhState) tb(t phhTok) []byte { return s.bytes(t.sp) }

// phhFields holds the raw fields of one hand, reused from hand to hand.
type phhFields struct {
	seen    uint64                 // bit f set when field f was read
	keyLine [phhNumFields]int      // line of each field's key
	val     [phhNumFields]phhTok   // scalar fields
	arr     [phhNumFields][]phhTok // array fields' elements
	unknown []phhSpan              // other keys seen at the hand's top level

	// The fast path reads the numbers of number and integer arrays as it
	// goes, when they have the usual forms: bit f of decoded says dec[f]
	// holds every element of field f, as phhParseDecimal reads it.
	decoded uint64
	dec     [phhNumFields][]phhDecimal
	// The fast path does not even list them, for arrays of the usual
	// forms: bit f of unlisted says arr[f] is empty for now, and the
	// array starts at arrAt[f]; elems lists them, when they are needed.
	unlisted   uint64
	arrAt      [phhNumFields]phhArrayAt
	decSummary [phhNumFields]phhNumbersSummary // of those numbers
	// It reads the usual numbers of scalar fields too: for those, bit f
	// of decoded says valDec[f] is field f's number.
	valDec [phhNumFields]phhDecimal
}

func (fs *phhFields) reset() {
	fs.seen, fs.decoded, fs.unlisted = 0, 0, 0
	for _, f := range phhArrayFields {
		fs.arr[f] = fs.arr[f][:0]
	}
	fs.unknown = fs.unknown[:0]
}

// phhArrayFields lists the fields of array types, the only ones with
// elements in phhFields.arr.
var phhArrayFields = func() (fs []phhField) {
	for f := range phhNumFields {
		switch phhFieldInfo[f].typ {
		case phhNumberArray, phhIntArray, phhStringArray:
			fs = append(fs, f)
		}
	}
	return fs
}()

func (fs *phhFields) has(f phhField) bool { return fs.seen&(1<<f) != 0 }

// phhArrayAt is where an array starts: its '[' and line.
type phhArrayAt struct{ pos, line int }

// count returns the number of elements of array field f.
func (s *phhState) count(f phhField) int {
	if s.fields.unlisted&(1<<f) != 0 {
		return len(s.fields.dec[f])
	}
	return len(s.fields.arr[f])
}

// elems returns the elements of array field f, listing them first if the
// fast path read only their numbers (it reads them again, as array).
func (s *phhState) elems(f phhField) []phhTok {
	fs := &s.fields
	if fs.unlisted&(1<<f) != 0 {
		fs.unlisted &^= 1 << f
		g := phhFast{data: s.lines.data, pos: fs.arrAt[f].pos, line: fs.arrAt[f].line}
		fs.arr[f], s.relisted, _ = g.array(phhElemType(phhFieldTypes[f]), fs.arr[f][:0], s.relisted[:0])
	}
	return fs.arr[f]
}

// decimal returns the number of scalar field f, as phhParseDecimal reads
// it.
func (s *phhState) decimal(f phhField) (phhDecimal, error) {
	if s.fields.decoded&(1<<f) != 0 {
		return s.fields.valDec[f], nil // read by the fast path
	}
	return phhParseDecimal(s.tb(s.fields.val[f]))
}

// int returns the number of scalar field f, as phhInt reads it.
func (s *phhState) int(f phhField) (int, bool) {
	if s.fields.decoded&(1<<f) != 0 {
		return phhIntOf(s.fields.valDec[f]) // read by the fast path
	}
	return phhInt(s.tb(s.fields.val[f]))
}

// phhLines converts byte offsets of one hand's text into line numbers. It
// notes where the newlines are once per hand, when first asked (the fast
// path never asks unless a hand is bad); lookups then walk forward from
// the previous one, since the TOML walk visits nodes in text order.
type phhLines struct {
	data    []byte
	base    int     // line of data[0]
	last    int     // line of the end of data when the reader knows it, else 0
	nl      []int32 // offsets of the newlines in data, once counted
	counted bool    // nl is filled in
	i       int     // number of newlines before the previous lookup's offset
}

func (l *phhLines) reset(data []byte, base int) {
	l.data, l.base, l.i, l.last = data, base, 0, 0
	l.nl = l.nl[:0]
	l.counted = false
}

// count notes where the newlines are.
func (l *phhLines) count() {
	data := l.data
	for off := 0; ; {
		j := bytes.IndexByte(data[off:], '\n')
		if j < 0 {
			break
		}
		off += j
		l.nl = append(l.nl, int32(off))
		off++
	}
	l.counted = true
}

// at returns the line of the byte at offset off.
func (l *phhLines) at(off int) int {
	if off < 0 || off > len(l.data) {
		return l.base
	}
	if !l.counted {
		l.count()
	}
	if l.i > 0 && int(l.nl[l.i-1]) >= off {
		l.i = 0 // went backwards: start over
	}
	for l.i < len(l.nl) && int(l.nl[l.i]) < off {
		l.i++
	}
	return l.base + l.i
}

// atTail is at for an offset near the end of the text: when the line of
// the end is known, it counts only the newlines after off.
func (l *phhLines) atTail(off int) int {
	if l.counted || l.last == 0 || off < 0 || off > len(l.data) {
		return l.at(off)
	}
	return l.last - bytes.Count(l.data[off:], []byte{'\n'})
}

// phhKindName names a TOML kind for messages.
func phhKindName(k unstable.Kind) string {
	switch k {
	case unstable.String:
		return "a string"
	case unstable.Integer:
		return "an integer"
	case unstable.Float:
		return "a float"
	case unstable.Bool:
		return "a boolean"
	case unstable.Array:
		return "an array"
	case unstable.InlineTable:
		return "a table"
	case unstable.LocalDate:
		return "a date"
	case unstable.LocalTime:
		return "a time"
	case unstable.LocalDateTime, unstable.DateTime:
		return "a date-time"
	}
	return "an invalid value"
}

func phhTypeName(t phhType) string {
	switch t {
	case phhString:
		return "a string"
	case phhBool:
		return "a boolean"
	case phhNumber:
		return "a number"
	case phhInteger:
		return "an integer"
	case phhStringOrInt:
		return "a string or an integer"
	case phhLocalTime:
		return "a local time (HH:MM:SS)"
	case phhNumberArray:
		return "an array of numbers"
	case phhIntArray:
		return "an array of integers"
	case phhStringArray:
		return "an array of strings"
	}
	return "?"
}

// phhScalarOK reports whether a value of kind k fits type t (t scalar).
func phhScalarOK(t phhType, k unstable.Kind) bool {
	switch t {
	case phhString:
		return k == unstable.String
	case phhBool:
		return k == unstable.Bool
	case phhNumber:
		return k == unstable.Integer || k == unstable.Float
	case phhInteger:
		return k == unstable.Integer
	case phhStringOrInt:
		return k == unstable.String || k == unstable.Integer
	case phhLocalTime:
		return k == unstable.LocalTime
	}
	return false
}

// phhElemType is the element type of an array type.
func phhElemType(t phhType) phhType {
	switch t {
	case phhNumberArray:
		return phhNumber
	case phhIntArray:
		return phhInteger
	}
	return phhString
}

// phhNodeOffset returns the offset in data of a scalar node, or -1.
func phhNodeOffset(n *unstable.Node) int {
	if n.Raw.Length == 0 && n.Raw.Offset == 0 {
		return -1
	}
	return int(n.Raw.Offset)
}

// walk parses one hand's TOML text into s.fields. It returns the line of
// the hand's own table header (multi mode), or 0.
func (s *phhState) walk(ch phhChunk) (headerLine int, perr *parser.Error) {
	fs := &s.fields
	fs.reset()
	s.arena = s.arena[:0]
	s.lines.reset(ch.data, ch.line)
	p := &s.toml
	p.Reset(ch.data)

	inHand := s.mode == phhModeSingle // keys go to the hand
	var handName []byte
	// named: the hand's table was seen. (Not handName != nil: an empty
	// name [""] is a name, and whether append gives nil for it depends on
	// the pooled state, which made the result depend on the file read
	// before.)
	named := false
	for p.NextExpression() {
		e := p.Expression()
		switch e.Kind {
		case unstable.Table, unstable.ArrayTable:
			it := e.Key()
			if !it.Next() {
				return headerLine, s.errAt(s.lines.base, "table header without a name")
			}
			k := it.Node()
			line := s.lines.at(int(k.Raw.Offset))
			first := k.Data
			hasSub := it.Next()
			var sub []byte
			if hasSub {
				sub = it.Node().Data
			}
			if e.Kind == unstable.ArrayTable {
				return headerLine, s.errAt(line, "array of tables [[%s]] is not PHH; hands are tables [1], [2], ...", first)
			}
			if s.mode == phhModeSingle {
				if len(first) > 0 && first[0] == '_' {
					inHand = false // a user-defined table: ignored
					continue
				}
				return headerLine, s.errAt(line, "unexpected table [%s] after the hand's fields (a .phhs file starts with its first hand's table)", first)
			}
			switch {
			case !named:
				if hasSub {
					return headerLine, s.errAt(line, "hand table [%s.%s] must be a plain name like [1]", first, sub)
				}
				handName = append(s.handName[:0], first...)
				s.handName = handName
				headerLine = line
				inHand, named = true, true
			case !bytes.Equal(first, handName):
				return headerLine, s.errAt(line, "table [%s] inside hand [%s]", first, handName)
			case !hasSub:
				return headerLine, s.errAt(line, "table [%s] defined twice", first)
			case len(sub) > 0 && sub[0] == '_':
				inHand = false // [1._user] table: ignored
			default:
				return headerLine, s.errAt(line, "unknown table [%s.%s]", first, sub)
			}
		case unstable.KeyValue:
			if s.mode == phhModeMulti && !named {
				return headerLine, s.errAt(s.lines.at(int(e.Raw.Offset)), "key outside a hand table: in a .phhs file every field belongs to a table [1], [2], ...")
			}
			if !inHand {
				continue
			}
			if err := s.keyValue(e); err != nil {
				return headerLine, err
			}
		}
	}
	if err := p.Error(); err != nil {
		return headerLine, s.tomlError(err)
	}
	if s.mode == phhModeMulti && !named {
		return headerLine, s.errAt(s.lines.base, "no hand table")
	}
	return headerLine, nil
}

// keyValue reads one top-level key = value of the hand.
func (s *phhState) keyValue(e *unstable.Node) *parser.Error {
	fs := &s.fields
	it := e.Key()
	if !it.Next() {
		return s.errAt(s.lines.at(int(e.Raw.Offset)), "key without a name")
	}
	k := it.Node()
	line := s.lines.at(int(k.Raw.Offset))
	key := k.Data
	dotted := it.Next()
	f, known := phhFieldByName(key)
	if !known || dotted {
		if len(key) > 0 && key[0] == '_' {
			return nil // user-defined field
		}
		if known {
			return s.errAt(line, "field %s must be %s, not a table", f, phhTypeName(phhFieldInfo[f].typ))
		}
		if !dotted {
			for _, u := range fs.unknown {
				if bytes.Equal(s.bytes(u), key) {
					return s.errAt(line, "key %q defined twice", key)
				}
			}
			fs.unknown = append(fs.unknown, s.span(key))
		}
		return nil // unknown fields are ignored, as the specification asks
	}
	if fs.has(f) {
		return s.errAt(line, "field %s defined twice (first at line %d)", f, fs.keyLine[f])
	}
	v := e.Value()
	t := phhFieldInfo[f].typ
	switch t {
	case phhNumberArray, phhIntArray, phhStringArray:
		if v.Kind != unstable.Array {
			return s.errAt(line, "field %s must be %s, not %s", f, phhTypeName(t), phhKindName(v.Kind))
		}
		et := phhElemType(t)
		arr := fs.arr[f][:0]
		ci := v.Children()
		for i := 0; ci.Next(); i++ {
			c := ci.Node()
			cl := line
			if off := phhNodeOffset(c); off >= 0 {
				cl = s.lines.at(off)
			}
			if !phhScalarOK(et, c.Kind) {
				return s.errAt(cl, "%s[%d] must be %s, not %s", f, i, phhTypeName(et), phhKindName(c.Kind))
			}
			arr = append(arr, phhTok{sp: s.span(c.Data), kind: c.Kind, line: cl})
		}
		fs.arr[f] = arr
	default:
		vl := line
		if off := phhNodeOffset(v); off >= 0 {
			vl = s.lines.at(off)
		}
		if !phhScalarOK(t, v.Kind) {
			return s.errAt(vl, "field %s must be %s, not %s", f, phhTypeName(t), phhKindName(v.Kind))
		}
		fs.val[f] = phhTok{sp: s.span(v.Data), kind: v.Kind, line: vl}
	}
	// Marked as read only now that it is known good: errAt reads the hand
	// field for the error's HandID.
	fs.seen |= 1 << f
	fs.keyLine[f] = line
	return nil
}

// tomlError turns a TOML syntax error into an *Error at its line.
func (s *phhState) tomlError(err error) *parser.Error {
	var pe *unstable.ParserError
	line := s.lines.base
	msg := err.Error()
	if errors.As(err, &pe) {
		data := s.lines.data
		if pe.Highlight != nil {
			off := cap(data) - cap(pe.Highlight)
			if off >= 0 && off <= len(data) {
				line = s.lines.at(off)
			}
		}
		msg = pe.Message
	}
	return s.errAt(line, "malformed TOML: %s", msg)
}

// errAt makes the *Error for the current hand at line.
func (s *phhState) errAt(line int, format string, args ...any) *parser.Error {
	e := &parser.Error{
		File:      s.file,
		Line:      line,
		HandIndex: s.index,
		Msg:       fmt.Sprintf(format, args...),
		Text:      phhLineText(s.lines.data, s.lines.base, line),
	}
	if s.fields.has(phhHandField) {
		e.HandID = string(s.tb(s.fields.val[phhHandField]))
	}
	return e
}

// phhLineText returns line number line of data (whose first line is base),
// trimmed and shortened for an error message.
func phhLineText(data []byte, base, line int) string {
	for i := base; i < line; i++ {
		nl := bytes.IndexByte(data, '\n')
		if nl < 0 {
			return ""
		}
		data = data[nl+1:]
	}
	if nl := bytes.IndexByte(data, '\n'); nl >= 0 {
		data = data[:nl]
	}
	data = bytes.TrimSpace(data)
	const max = 120
	if len(data) > max {
		cut := max
		for cut > 0 && data[cut]&0xC0 == 0x80 { // do not split a UTF-8 sequence
			cut--
		}
		return string(data[:cut]) + "..."
	}
	return string(data)
}

package reports

import (
	"slices"
	"strconv"
	"time"

	"github.com/handaudit/handaudit/cards"
	"github.com/handaudit/handaudit/hand"
)

// jsonWriter appends JSON values to a byte slice, inserting the commas
// between members and elements. It is used for the data embedded in the
// HTML report and for SARIF, whose strings must be escaped the same way.
type jsonWriter struct {
	b        []byte
	text     []byte // scratch for endStr
	depth    int    // open objects and arrays
	more     bool   // the innermost open object or array has a member already
	afterKey bool
}

// sep writes the comma a value needs. Once a nested object or array is
// closed its parent has a member, so a flag for the innermost level is
// all the state this takes.
func (w *jsonWriter) sep() {
	if w.afterKey {
		w.afterKey = false
		return
	}
	if w.more && w.depth > 0 {
		w.b = append(w.b, ',')
	}
	w.more = true
}

// enter starts a level of nesting whose bracket the caller wrote.
func (w *jsonWriter) enter() {
	w.depth++
	w.more = false
}

func (w *jsonWriter) leave() {
	w.depth--
	w.more = true
}

func (w *jsonWriter) beginObject() {
	w.sep()
	w.b = append(w.b, '{')
	w.enter()
}

func (w *jsonWriter) endObject() {
	w.b = append(w.b, '}')
	w.leave()
}

func (w *jsonWriter) beginArray() {
	w.sep()
	w.b = append(w.b, '[')
	w.enter()
}

func (w *jsonWriter) endArray() {
	w.b = append(w.b, ']')
	w.leave()
}

// key writes a member name. Names are the reports' own vocabulary, Go
// literals of ASCII letters, digits, '_' and '.': they are written as
// they are, without the scan for characters to escape (a report has
// hundreds of thousands of them). A name taken from data goes through
// textKey.
func (w *jsonWriter) key(k string) {
	w.name(k)
	w.afterKey = true
}

// name writes the member name k as key does, for the k* methods, which
// write the value straight after it.
func (w *jsonWriter) name(k string) {
	w.sep()
	w.b = append(w.b, '"')
	w.b = append(w.b, k...)
	w.b = append(w.b, '"', ':')
}

// textKey writes a member name taken from data, escaped.
func (w *jsonWriter) textKey(k string) {
	w.sep()
	w.b = appendJSONString(w.b, k)
	w.b = append(w.b, ':')
	w.afterKey = true
}

func (w *jsonWriter) str(s string) {
	w.sep()
	w.b = appendJSONString(w.b, s)
}

// beginStr opens a string value whose text the caller appends to w.b
// itself (amounts, cards, times: text that is built, not stored), to be
// closed by endStr(start) with the position beginStr returns.
func (w *jsonWriter) beginStr() (start int) {
	w.sep()
	w.b = append(w.b, '"')
	return len(w.b)
}

// endStr closes the string beginStr opened, escaping its text as str
// would (it seldom needs it: built text is mostly digits and letters).
func (w *jsonWriter) endStr(start int) {
	if text := w.b[start:]; jsonPlainLen(text) < len(text) {
		w.text = append(w.text[:0], text...)
		w.b = appendJSONText(w.b[:start], string(w.text))
	}
	w.b = append(w.b, '"')
}

// amt writes an amount in currency units as a JSON string, as
// formatAmount prints it, without building the string: its characters
// (digits, '-', '.', '/') never need escaping.
func (w *jsonWriter) amt(a hand.Amount, scale int64) {
	w.sep()
	w.b = append(w.b, '"')
	w.b = appendJSONAmount(w.b, a, scale)
	w.b = append(w.b, '"')
}

// endPlainStr closes the string beginStr opened without the scan for
// characters to escape: for text made only of the reports' own words
// (enum names, literals), digits and card letters (TestJSONPlainNames).
func (w *jsonWriter) endPlainStr() {
	w.b = append(w.b, '"')
}

// amtCur writes FormatAmount(a, scale, cur) as a string.
func (w *jsonWriter) amtCur(a hand.Amount, scale int64, cur string) {
	at := w.beginStr()
	w.b = appendAmountCur(w.b, a, scale, cur)
	w.endStr(at)
}

// cards writes cardsString(cs) as a string.
func (w *jsonWriter) cards(cs []cards.Card) {
	w.beginStr()
	w.b = appendCards(w.b, cs)
	w.endPlainStr()
}

// time writes t as a string, "2006-01-02 15:04:05".
func (w *jsonWriter) time(t time.Time) {
	w.beginStr()
	w.b = t.AppendFormat(w.b, "2006-01-02 15:04:05")
	w.endPlainStr()
}

// kamt writes the member k: amt(a, scale).
func (w *jsonWriter) kamt(k string, a hand.Amount, scale int64) {
	w.name(k)
	w.b = append(w.b, '"')
	w.b = appendJSONAmount(w.b, a, scale)
	w.b = append(w.b, '"')
}

func (w *jsonWriter) int(n int64) {
	w.sep()
	w.b = appendInt(w.b, n)
}

// appendInt appends n in decimal, as strconv.AppendInt(b, n, 10) does.
// The numbers of a report (line numbers, indexes, chip counts) mostly
// have a few digits: those are written two at a time straight into b,
// without strconv's buffer and the copy out of it.
func appendInt(b []byte, n int64) []byte {
	if n < 0 || n >= 1e8 {
		return strconv.AppendInt(b, n, 10)
	}
	u := uint64(n)
	if u < 10 {
		return append(b, byte('0'+u))
	}
	width := 2
	for p := uint64(100); u >= p; p *= 10 {
		width++
	}
	b = slices.Grow(b, width)
	end := len(b) + width
	b = b[:end]
	i := end
	for ; u >= 100; u /= 100 {
		d := u % 100 * 2
		i -= 2
		b[i], b[i+1] = digitPairs[d], digitPairs[d+1]
	}
	if u >= 10 {
		b[i-2], b[i-1] = digitPairs[u*2], digitPairs[u*2+1]
	} else {
		b[i-1] = byte('0' + u)
	}
	return b
}

// appendJSONAmount appends appendAmount's text; amounts in whole units
// (scale 1, as PHH's chips) take appendInt's way.
func appendJSONAmount(b []byte, a hand.Amount, scale int64) []byte {
	if scale <= 1 {
		return appendInt(b, int64(a))
	}
	return appendAmount(b, a, scale)
}

func (w *jsonWriter) null() {
	w.sep()
	w.b = append(w.b, "null"...)
}

func (w *jsonWriter) kstr(k, s string) {
	w.name(k)
	w.b = appendJSONString(w.b, s)
}

// kstrOmit writes the member only when s is not empty.
func (w *jsonWriter) kstrOmit(k, s string) {
	if s != "" {
		w.kstr(k, s)
	}
}

func (w *jsonWriter) kint(k string, n int64) {
	w.name(k)
	w.b = appendInt(w.b, n)
}

func (w *jsonWriter) kbool(k string, v bool) {
	w.name(k)
	w.b = strconv.AppendBool(w.b, v)
}

func (w *jsonWriter) reset() {
	w.b = w.b[:0]
	w.depth, w.more, w.afterKey = 0, false, false
}

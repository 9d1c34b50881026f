package reports

import (
	"strconv"

	"github.com/handaudit/handaudit/hand"
)

// jsonWriter appends JSON values to a byte slice, inserting the commas
// between members and elements. It is used for the data embedded in the
// HTML report and for SARIF, whose strings must be escaped the same way.
type jsonWriter struct {
	b        []byte
	needSep  []bool // per open object or array: a member was written
	afterKey bool
}

func (w *jsonWriter) sep() {
	if w.afterKey {
		w.afterKey = false
		return
	}
	if n := len(w.needSep); n > 0 {
		if w.needSep[n-1] {
			w.b = append(w.b, ',')
		}
		w.needSep[n-1] = true
	}
}

func (w *jsonWriter) beginObject() {
	w.sep()
	w.b = append(w.b, '{')
	w.needSep = append(w.needSep, false)
}

func (w *jsonWriter) endObject() {
	w.b = append(w.b, '}')
	w.needSep = w.needSep[:len(w.needSep)-1]
}

func (w *jsonWriter) beginArray() {
	w.sep()
	w.b = append(w.b, '[')
	w.needSep = append(w.needSep, false)
}

func (w *jsonWriter) endArray() {
	w.b = append(w.b, ']')
	w.needSep = w.needSep[:len(w.needSep)-1]
}

func (w *jsonWriter) key(k string) {
	w.sep()
	w.b = appendJSONString(w.b, k)
	w.b = append(w.b, ':')
	w.afterKey = true
}

func (w *jsonWriter) str(s string) {
	w.sep()
	w.b = appendJSONString(w.b, s)
}

// amt writes an amount in currency units as a JSON string, as
// formatAmount prints it, without building the string: its characters
// (digits, '-', '.', '/') never need escaping.
func (w *jsonWriter) amt(a hand.Amount, scale int64) {
	w.sep()
	w.b = append(w.b, '"')
	w.b = appendAmount(w.b, a, scale)
	w.b = append(w.b, '"')
}

// kamt writes the member k: amt(a, scale).
func (w *jsonWriter) kamt(k string, a hand.Amount, scale int64) {
	w.key(k)
	w.amt(a, scale)
}

func (w *jsonWriter) int(n int64) {
	w.sep()
	w.b = strconv.AppendInt(w.b, n, 10)
}

func (w *jsonWriter) bool(v bool) {
	w.sep()
	w.b = strconv.AppendBool(w.b, v)
}

func (w *jsonWriter) null() {
	w.sep()
	w.b = append(w.b, "null"...)
}

func (w *jsonWriter) kstr(k, s string) {
	w.key(k)
	w.str(s)
}

// kstrOmit writes the member only when s is not empty.
func (w *jsonWriter) kstrOmit(k, s string) {
	if s != "" {
		w.kstr(k, s)
	}
}

func (w *jsonWriter) kint(k string, n int64) {
	w.key(k)
	w.int(n)
}

func (w *jsonWriter) kbool(k string, v bool) {
	w.key(k)
	w.bool(v)
}

func (w *jsonWriter) reset() {
	w.b = w.b[:0]
	w.needSep = w.needSep[:0]
	w.afterKey = false
}

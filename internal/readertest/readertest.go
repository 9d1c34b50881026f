// Package readertest holds what the tests of the format readers share:
// reading every hand of an input, comparing the hands two readings give,
// and inputs for the tests of limits and encodings. Only tests import it.
package readertest

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"reflect"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"
	"unicode/utf16"

	"github.com/handaudit/handaudit/hand"
	"github.com/handaudit/handaudit/parser"
)

// ReadResult is one result of a reader's Next: a hand or a parse error.
type ReadResult struct {
	H   *hand.Hand
	Err *parser.Error
}

// ResultDiff describes how got differs from want (the hand's content, or
// the parse error), or returns "" when they are the same.
func ResultDiff(got, want ReadResult) string {
	switch {
	case (got.H == nil) != (want.H == nil):
		return fmt.Sprintf("hand %v, error %v; want hand %v, error %v", got.H != nil, got.Err, want.H != nil, want.Err)
	case got.H != nil:
		if d := HandContentDiff(got.H, want.H); d != nil {
			return "hand differs:\n  " + strings.Join(d, "\n  ")
		}
	case !reflect.DeepEqual(got.Err, want.Err):
		return fmt.Sprintf("error %+v, want %+v", *got.Err, *want.Err)
	}
	return ""
}

// HandContentDiff compares the exported content of two hands, field by
// field, positions included, and describes the first differences (the
// pooled-reader tests use it). A nil slice and an empty one are the same content:
// a reset hand keeps its slices' memory at length zero.
// Unexported fields (the card memory NewCards cuts from) are not content.
func HandContentDiff(a, b *hand.Hand) []string {
	var out []string
	contentDiff(reflect.ValueOf(*a), reflect.ValueOf(*b), "Hand", &out)
	return out
}

var timeType = reflect.TypeFor[time.Time]()

func contentDiff(a, b reflect.Value, path string, out *[]string) {
	if len(*out) > 5 {
		return
	}
	if a.Type() == timeType {
		x, y := a.Interface().(time.Time), b.Interface().(time.Time)
		if !x.Equal(y) || x.Location().String() != y.Location().String() {
			*out = append(*out, fmt.Sprintf("%s: %v != %v", path, x, y))
		}
		return
	}
	switch a.Kind() {
	case reflect.Struct:
		for i := range a.NumField() {
			if f := a.Type().Field(i); f.IsExported() {
				contentDiff(a.Field(i), b.Field(i), path+"."+f.Name, out)
			}
		}
	case reflect.Slice:
		if a.Len() != b.Len() {
			*out = append(*out, fmt.Sprintf("%s: length %d != %d (%v != %v)", path, a.Len(), b.Len(), a, b))
			return
		}
		for i := range a.Len() {
			contentDiff(a.Index(i), b.Index(i), path+"["+strconv.Itoa(i)+"]", out)
		}
	default:
		if !a.Equal(b) {
			*out = append(*out, fmt.Sprintf("%s: %v != %v", path, a, b))
		}
	}
}

// rescaled returns a copy of h with every amount at scale (a multiple of
// h.Scale), and positions cleared, so that two readings of the same hand
// compare equal with reflect.DeepEqual.
func rescaled(h *hand.Hand, scale int64) *hand.Hand {
	c := *h
	f := hand.Amount(1)
	if h.Scale > 0 && scale > h.Scale {
		f = hand.Amount(scale / h.Scale)
	}
	c.Scale = scale
	c.Pos, c.Index, c.End = hand.Pos{}, 0, 0
	m := func(v hand.Amount) hand.Amount { return v * f }
	c.PotAdded = m(c.PotAdded)
	ms := func(vs []hand.Amount) []hand.Amount {
		if vs == nil {
			return nil
		}
		out := make([]hand.Amount, len(vs))
		for i, v := range vs {
			out[i] = m(v)
		}
		return out
	}
	st := &c.Stakes
	st.Ante, st.SmallBlind, st.BigBlind, st.BringIn = m(st.Ante), m(st.SmallBlind), m(st.BigBlind), m(st.BringIn)
	st.SmallBet, st.BigBet, st.MinBet, st.Cap = m(st.SmallBet), m(st.BigBet), m(st.MinBet), m(st.Cap)
	st.Straddles = ms(st.Straddles)
	c.Seats = append([]hand.Seat(nil), h.Seats...)
	for i := range c.Seats {
		c.Seats[i].Stack = m(c.Seats[i].Stack)
	}
	c.Actions = append([]hand.Action(nil), h.Actions...)
	for i := range c.Actions {
		a := &c.Actions[i]
		a.Amount, a.To, a.Pos = m(a.Amount), m(a.To), hand.Pos{}
		if len(a.Cards) == 0 {
			a.Cards = nil
		}
	}
	o := &c.Outcome
	o.Pos = hand.Pos{}
	o.TotalPot, o.Rake = m(o.TotalPot), m(o.Rake)
	o.Pots, o.FinishingStacks, o.Winnings = ms(o.Pots), ms(o.FinishingStacks), ms(o.Winnings)
	if o.Fees != nil {
		o.Fees = append([]hand.Fee(nil), o.Fees...)
		for i := range o.Fees {
			o.Fees[i].Amount = m(o.Fees[i].Amount)
		}
	}
	if o.CashOuts != nil {
		o.CashOuts = append([]hand.CashOut(nil), o.CashOuts...)
		for i := range o.CashOuts {
			o.CashOuts[i].Amount, o.CashOuts[i].Fee, o.CashOuts[i].Pos = m(o.CashOuts[i].Amount), m(o.CashOuts[i].Fee), hand.Pos{}
		}
	}
	return &c
}

// HandDiff describes how two hands differ (ignoring file positions and
// the scale they were read at), or returns nil when they are the same.
func HandDiff(a, b *hand.Hand) []string {
	scale := max(a.Scale, b.Scale, 1)
	x, y := rescaled(a, scale), rescaled(b, scale)
	var out []string
	add := func(format string, args ...any) { out = append(out, fmt.Sprintf(format, args...)) }
	if !reflect.DeepEqual(x.Actions, y.Actions) {
		n := max(len(x.Actions), len(y.Actions))
		for i := 0; i < n; i++ {
			switch {
			case i >= len(x.Actions):
				add("action %d: missing in the first: %+v", i, y.Actions[i])
			case i >= len(y.Actions):
				add("action %d: missing in the second: %+v", i, x.Actions[i])
			case !reflect.DeepEqual(x.Actions[i], y.Actions[i]):
				add("action %d: %+v != %+v", i, x.Actions[i], y.Actions[i])
			}
			if len(out) > 5 {
				break
			}
		}
	}
	x.Actions, y.Actions = nil, nil
	if !reflect.DeepEqual(x.Seats, y.Seats) {
		add("seats: %+v != %+v", x.Seats, y.Seats)
	}
	x.Seats, y.Seats = nil, nil
	if !reflect.DeepEqual(x.Stakes, y.Stakes) {
		add("stakes: %+v != %+v", x.Stakes, y.Stakes)
	}
	x.Stakes, y.Stakes = hand.Stakes{}, hand.Stakes{}
	if !reflect.DeepEqual(x.Outcome, y.Outcome) {
		add("outcome: %+v != %+v", x.Outcome, y.Outcome)
	}
	x.Outcome, y.Outcome = hand.Outcome{}, hand.Outcome{}
	if !x.Start.Equal(y.Start) {
		add("start: %v != %v", x.Start, y.Start)
	}
	x.Start, y.Start = time.Time{}, time.Time{}
	if !exportedEqual(x, y) {
		add("hand: %+v != %+v", *x, *y)
	}
	return out
}

// exportedEqual reports whether two hands have the same exported fields:
// the unexported ones are memory kept for reuse (the card memory NewCards
// cuts from), not content.
func exportedEqual(a, b *hand.Hand) bool {
	x, y := reflect.ValueOf(a).Elem(), reflect.ValueOf(b).Elem()
	for i := 0; i < x.NumField(); i++ {
		if x.Type().Field(i).IsExported() && !reflect.DeepEqual(x.Field(i).Interface(), y.Field(i).Interface()) {
			return false
		}
	}
	return true
}

// ReadHands reads every hand of one input with the reader of format f;
// parse errors are returned apart.
func ReadHands(t testing.TB, f parser.Format, data []byte, name string) ([]*hand.Hand, []error) {
	t.Helper()
	r, err := parser.Open(f, bytes.NewReader(data), name)
	if err != nil {
		t.Fatal(err)
	}
	var hs []*hand.Hand
	var errs []error
	for {
		h, err := r.Next()
		if err == io.EOF {
			return hs, errs
		}
		if err != nil {
			if !parser.IsParseError(err) {
				t.Fatalf("%s: %v", name, err)
			}
			errs = append(errs, err)
			continue
		}
		hs = append(hs, h)
	}
}

// UTF16 encodes s as UTF-16 with a byte-order mark.
func UTF16(s string, bigEndian bool) []byte {
	units := utf16.Encode([]rune(s))
	out := make([]byte, 0, 2+2*len(units))
	put := func(u uint16) {
		if bigEndian {
			out = append(out, byte(u>>8), byte(u))
		} else {
			out = append(out, byte(u), byte(u>>8))
		}
	}
	put(0xFEFF)
	for _, u := range units {
		put(u)
	}
	return out
}

// fillReader yields n copies of one byte without holding them: a stand-in
// for a hostile input far larger than the reader may keep.
type fillReader struct {
	b byte
	n int64
}

func (f *fillReader) Read(p []byte) (int, error) {
	if f.n <= 0 {
		return 0, io.EOF
	}
	k := len(p)
	if int64(k) > f.n {
		k = int(f.n)
	}
	for i := range p[:k] {
		p[i] = f.b
	}
	f.n -= int64(k)
	return k, nil
}

// HugeLine is text, then a line of n copies of b, then more text: the
// input streams and is never held whole.
func HugeLine(before string, b byte, n int64, after string) io.Reader {
	return io.MultiReader(strings.NewReader(before), &fillReader{b: b, n: n}, strings.NewReader(after))
}

// AllocDuring returns how many bytes f allocates on the heap.
func AllocDuring(f func()) uint64 {
	var a, b runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&a)
	f()
	runtime.ReadMemStats(&b)
	return b.TotalAlloc - a.TotalAlloc
}

// DrainAny reads every result of r: hands' IDs and errors as "error LINE MSG".
func DrainAny(t *testing.T, r parser.Reader) []string {
	t.Helper()
	var out []string
	for i := 0; ; i++ {
		h, err := r.Next()
		if err == io.EOF {
			return out
		}
		var pe *parser.Error
		switch {
		case errors.As(err, &pe):
			out = append(out, fmt.Sprintf("error %d %s", pe.Line, pe.Msg))
		case err != nil:
			t.Fatalf("I/O error: %v", err)
		default:
			out = append(out, "hand "+h.ID)
		}
		if i > 1000 {
			t.Fatal("reader does not end")
		}
	}
}

// ChunkReader returns Data N bytes at a time: an input that arrives in
// small reads.
type ChunkReader struct {
	Data []byte
	N    int
}

func (c *ChunkReader) Read(p []byte) (int, error) {
	if len(c.Data) == 0 {
		return 0, io.EOF
	}
	k := copy(p[:min(len(p), c.N)], c.Data)
	c.Data = c.Data[k:]
	return k, nil
}

package readertest

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/handaudit/handaudit/hand"
	"github.com/handaudit/handaudit/parser"
)

// recorder is a testing.TB that records failures instead of failing: the
// tests below check that the harness fails a test when it should.
type recorder struct {
	*testing.T
	failures []string
}

func (r *recorder) Helper() {}

func (r *recorder) Errorf(format string, args ...any) {
	r.failures = append(r.failures, fmt.Sprintf(format, args...))
}

func (r *recorder) Fatalf(format string, args ...any) {
	r.Errorf(format, args...)
	panic(r) // recovered by run
}

func (r *recorder) Fatal(args ...any) { r.Fatalf("%s", fmt.Sprint(args...)) }

// run calls f with a recorder and returns the failures it recorded.
func run(t *testing.T, f func(tb testing.TB)) []string {
	r := &recorder{T: t}
	func() {
		defer func() {
			if p := recover(); p != nil && p != r {
				panic(p)
			}
		}()
		f(r)
	}()
	return r.failures
}

// results is a parser.Reader giving a fixed list of results, then io.EOF
// (or, with endless, the last one again and again).
type results struct {
	list    []any // *hand.Hand or error
	endless bool
}

func (r *results) Next() (*hand.Hand, error) {
	if len(r.list) == 0 {
		return nil, io.EOF
	}
	x := r.list[0]
	if len(r.list) > 1 || !r.endless {
		r.list = r.list[1:]
	}
	if h, ok := x.(*hand.Hand); ok {
		return h, nil
	}
	return nil, x.(error)
}

func TestRead(t *testing.T) {
	h := &hand.Hand{ID: "1"}
	pe := &parser.Error{File: "f", Line: 3, Msg: "broken"}
	var hands []*hand.Hand
	var errs []*parser.Error
	if f := run(t, func(tb testing.TB) { hands, errs = Read(tb, &results{list: []any{h, pe, h}}, "f") }); f != nil {
		t.Fatal(f)
	}
	if len(hands) != 2 || len(errs) != 1 || errs[0] != pe {
		t.Errorf("%d hands, errors %v", len(hands), errs)
	}
	if f := run(t, func(tb testing.TB) { Read(tb, &results{list: []any{h, errors.New("disk")}}, "f") }); len(f) != 1 || !strings.Contains(f[0], "I/O error: disk") {
		t.Errorf("an I/O error: failures %q", f)
	}
	if f := run(t, func(tb testing.TB) { Read(tb, &results{list: []any{h}, endless: true}, "f") }); len(f) != 1 || !strings.Contains(f[0], "does not stop") {
		t.Errorf("an endless reader: failures %q", f)
	}
}

func TestGolden(t *testing.T) {
	path := filepath.Join(t.TempDir(), "x.golden")
	if f := run(t, func(tb testing.TB) { Golden(tb, path, "a\nb\n", true) }); f != nil {
		t.Fatal(f)
	}
	if data, err := os.ReadFile(path); err != nil || string(data) != "a\nb\n" {
		t.Fatalf("-update wrote %q, %v", data, err)
	}
	for got, want := range map[string]string{
		"a\nb\n":    "",
		"a\nc\n":    "differs at line 2",
		"a\nb":      "differs at its end",
		"a\nb\n\n":  "differs at its end: 4 lines, want 3",
		"a\nc\nd\n": "differs at line 2",
	} {
		f := run(t, func(tb testing.TB) { Golden(tb, path, got, false) })
		if want == "" && f != nil || want != "" && (len(f) != 1 || !strings.Contains(f[0], want)) {
			t.Errorf("%q: failures %q, want %q", got, f, want)
		}
	}
}

func TestRepeatAndCountLines(t *testing.T) {
	input, n := Repeat([]byte("ab"), "\n", 7)
	if string(input) != "ab\nab\nab\n" || n != 3 {
		t.Errorf("Repeat: %q, %d copies", input, n)
	}
	long := strings.Repeat("x", 100_000)
	data := []byte("H1\n" + long + "\nH2\r\nH3")
	if n := CountLines(data, func(l string) bool { return strings.HasPrefix(l, "H") }); n != 3 {
		t.Errorf("CountLines: %d headers, want 3 (a line longer than a scanner's usual buffer between)", n)
	}
}

func TestRoundTrip(t *testing.T) {
	h := &hand.Hand{ID: "7", Scale: 100, Seats: []hand.Seat{{Player: "a", Stack: 500}}}
	open := func(stack hand.Amount) func(io.Reader, string) parser.Reader {
		return func(io.Reader, string) parser.Reader {
			return &results{list: []any{&hand.Hand{ID: "7", Scale: 100, Seats: []hand.Seat{{Player: "a", Stack: stack}}}}}
		}
	}
	write := func(*hand.Hand) ([]byte, error) { return []byte("text"), nil }
	var ok bool
	if f := run(t, func(tb testing.TB) { ok = RoundTrip(tb, "f", h, write, open(500)) }); f != nil || !ok {
		t.Fatalf("the same hand back: %q, %v", f, ok)
	}
	if f := run(t, func(tb testing.TB) { ok = RoundTrip(tb, "f", h, write, open(499)) }); len(f) != 1 || ok || !strings.Contains(f[0], "differs after a round trip") {
		t.Errorf("another hand back: %q, %v", f, ok)
	}
	refuse := func(*hand.Hand) ([]byte, error) { return nil, errors.New("no") }
	if f := run(t, func(tb testing.TB) { ok = RoundTrip(tb, "f", h, refuse, open(500)) }); len(f) != 1 || ok || !strings.Contains(f[0], "cannot be written") {
		t.Errorf("a hand the writer refuses: %q, %v", f, ok)
	}
}

func TestFuzzRun(t *testing.T) {
	seated := []hand.Seat{{Player: "a"}, {Player: "b"}}
	good := &hand.Hand{ID: "1", Scale: 1, Seats: seated, Pos: hand.Pos{Line: 1}, End: 2,
		Actions: []hand.Action{{Kind: hand.Fold, Player: 1, Pos: hand.Pos{Line: 2}}}}
	cases := []struct {
		name string
		res  any
		want string // the failure's start; "" for none
	}{
		{"a good hand", good, ""},
		{"a parse error", &parser.Error{File: FuzzName, Line: 2, Msg: "x"}, ""},
		{"an error of another kind", errors.New("x"), "error is not a *parser.Error"},
		{"an error past the input", &parser.Error{File: FuzzName, Line: 3, Msg: "x"}, "bad error position"},
		{"an error naming another file", &parser.Error{File: "f", Line: 1, Msg: "x"}, "bad error position"},
		{"a hand past the input", &hand.Hand{ID: "1", Scale: 1, Pos: hand.Pos{Line: 1}, End: 3}, "hand 1 at lines 1-3 of 2"},
		{"a hand without a scale", &hand.Hand{ID: "1", Pos: hand.Pos{Line: 1}, End: 1}, "hand 1 at lines 1-1 of 2, scale 0"},
		{"an action outside the hand", &hand.Hand{ID: "1", Scale: 1, Seats: seated, Pos: hand.Pos{Line: 1}, End: 1,
			Actions: []hand.Action{{Player: 0, Pos: hand.Pos{Line: 2}}}}, "hand 1: action 0 at line 2"},
		{"an action by no seat", &hand.Hand{ID: "1", Scale: 1, Seats: seated, Pos: hand.Pos{Line: 1}, End: 2,
			Actions: []hand.Action{{Player: 2, Pos: hand.Pos{Line: 2}}}}, "hand 1: action 0 by player 2 of 2"},
		{"a negative amount", &hand.Hand{ID: "1", Scale: 1, Seats: seated, Pos: hand.Pos{Line: 1}, End: 2,
			Actions: []hand.Action{{Player: 0, Amount: -1, Pos: hand.Pos{Line: 2}}}}, "hand 1: action 0 amount -1"},
	}
	for _, c := range cases {
		f := Fuzz{MaxResults: func(lines, _ int) int { return lines }}
		got := run(t, func(tb testing.TB) { f.Run(tb, []byte("a\nb"), &results{list: []any{c.res}}) })
		if c.want == "" && got != nil || c.want != "" && (len(got) != 1 || !strings.HasPrefix(got[0], c.want)) {
			t.Errorf("%s: failures %q, want %q", c.name, got, c.want)
		}
	}
}

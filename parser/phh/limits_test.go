package phh

import (
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/handaudit/handaudit/internal/readertest"
	"github.com/handaudit/handaudit/parser"
)

// TestLimitsLongLine streams a line of 64 MiB through each reader in each
// of its modes: the line is reported at its own line number as too long,
// the hands around it are read, and the reader allocates a small fraction
// of the line (it never holds it).
func TestLimitsLongLine(t *testing.T) {
	const n = 64 << 20
	lim := parser.Limits{MaxLineBytes: 1 << 20}
	hand3 := phhHand("c", nil)
	tests := []struct {
		name   string
		format parser.Format
		in     func() io.Reader
		want   []string
	}{
		{"phhs: a hand with a long line between two good hands", Format, func() io.Reader {
			return readertest.HugeLine("[1]\n"+phhHand("a", nil)+"[2]\nhand = \"b\"\n_x = \"", 'x', n, "\"\n[3]\n"+hand3)
		}, []string{"hand a", "error 21 line is longer than 1048576 bytes; the hand is skipped", "hand c"}},
		{"phhs: the long line is the last", Format, func() io.Reader {
			return readertest.HugeLine("[1]\n"+phhHand("a", nil)+"[2]\n", '#', n, "")
		}, []string{"hand a", "error 20 line is longer than 1048576 bytes; the hand is skipped"}},
		{"phhs: a long line of newlines-free garbage inside an array", Format, func() io.Reader {
			return readertest.HugeLine("[1]\nactions = [\n", '[', n, "\n]\n[2]\n"+hand3)
		}, []string{"error 3 line is longer than 1048576 bytes; the hand is skipped", "hand c"}},
		{"phh: a single hand with a long line", Format, func() io.Reader {
			return readertest.HugeLine(phhHand("a", nil)+"_pad = \"", 'y', n, "\"\n")
		}, []string{"error 18 line is longer than 1048576 bytes; the hand is skipped"}},
		{"phh: a long comment first", Format, func() io.Reader {
			return readertest.HugeLine("# ", 'z', n, "\n"+phhHand("a", nil))
		}, []string{"error 1 line is longer than 1048576 bytes; the hand is skipped"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var got []string
			alloc := readertest.AllocDuring(func() {
				r, err := parser.OpenLimited(tc.format, tc.in(), "long", lim)
				if err != nil {
					t.Fatal(err)
				}
				got = readertest.DrainAny(t, r)
			})
			if fmt.Sprint(got) != fmt.Sprint(tc.want) {
				t.Errorf("got  %q\nwant %q", got, tc.want)
			}
			if alloc > 16<<20 {
				t.Errorf("reading a %d MiB line allocated %d MiB", n>>20, alloc>>20)
			}
		})
	}
}

// TestLimitsMaxHandBytes checks that a hand over MaxHandBytes is reported
// at its first line and skipped, in each reader, and that the next hand is
// read; and that the default limits apply when Limits is zero.
func TestLimitsMaxHandBytes(t *testing.T) {
	lim := parser.Limits{MaxHandBytes: 2000}
	big := phhHand("b", phhReplace("players =", "_pad = ["+strings.Repeat("\n  \"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\",", 100)+"\n]\nplayers ="))
	phhs := "[1]\n" + phhHand("a", nil) + "[2]\n" + big + "[3]\n" + phhHand("c", nil)
	r, _ := parser.OpenLimited(Format, strings.NewReader(phhs), "big.phhs", lim)
	got := fmt.Sprint(readertest.DrainAny(t, r))
	if want := "[hand a error 19 hand is too large (over 2000 bytes); skipped hand c]"; got != want {
		t.Errorf("phhs: got %s\nwant %s", got, want)
	}
	r, _ = parser.Open(Format, strings.NewReader(phhs), "big.phhs")
	if got := fmt.Sprint(readertest.DrainAny(t, r)); got != "[hand a hand b hand c]" {
		t.Errorf("default limits: %s", got)
	}
	// Comment lines before the first table belong to the first hand: too
	// many of them make it too large, however the input is read.
	pre := strings.Repeat("# a comment\n", 200) + "[1]\n" + phhHand("a", nil) + "[2]\n" + phhHand("b", nil)
	for _, in := range []io.Reader{strings.NewReader(pre), &readertest.ChunkReader{Data: []byte(pre), N: 1}, &readertest.ChunkReader{Data: []byte(pre), N: 100}} {
		r, _ = parser.OpenLimited(Format, in, "pre.phhs", lim)
		if got, want := fmt.Sprint(readertest.DrainAny(t, r)), "[error 1 hand is too large (over 2000 bytes); skipped hand b]"; got != want {
			t.Errorf("long preamble: got %s\nwant %s", got, want)
		}
	}

}

// TestPHHLargeHandLinear reads a .phhs file whose second hand is 8 MiB
// (under the limit) from a reader that returns 4 KiB at a time: the fast
// path must not re-read the growing hand from its start on every read,
// which made such a hand cost time quadratic in its size.
func TestPHHLargeHandLinear(t *testing.T) {
	pad := "_pad = [\n" + strings.Repeat("  \""+strings.Repeat("x", 100)+"\",\n", 8<<20/106) + "]\n"
	text := "[1]\n" + phhHand("a", nil) + "[2]\n" + phhHand("b", phhReplace("players =", pad+"players =")) + "[3]\n" + phhHand("c", nil)
	pr := NewReader(&readertest.ChunkReader{Data: []byte(text), N: 4 << 10}, "large.phhs")
	s := pr.st
	res := phhDrain(t, pr, "large.phhs")
	if len(res.hands) != 3 || len(res.errs) != 0 {
		t.Fatalf("%d hands, errors %v", len(res.hands), res.errs)
	}
	if s.fastBytes > 4*int64(len(text)) {
		t.Errorf("the fast path looked at %d MiB to read %d MiB", s.fastBytes>>20, len(text)>>20)
	}
}

// TestPHHUTF16WithoutBOM reads a .phhs file exported as UTF-16 without a
// byte-order mark, in both byte orders.
func TestPHHUTF16WithoutBOM(t *testing.T) {
	text := "[1]\n" + phhHand("a", phhReplace(`"Ann"`, `"Änne"`)) + "[2]\n" + phhHand("b", nil)
	for _, be := range []bool{false, true} {
		data := readertest.UTF16(text, be)[2:] // drop the mark
		res := phhReadAll(t, strings.NewReader(string(data)), "u16.phhs")
		if len(res.hands) != 2 || len(res.errs) != 0 || res.hands[0].Seats[0].Player != "Änne" || res.hands[1].Pos.Line != 19 {
			t.Fatalf("big-endian %v: %d hands, errors %v", be, len(res.hands), res.errs)
		}
	}
}

// TestLimitsMaxActions checks that a hand with more actions (as the reader
// produces them: forced bets, deals and the recorded actions) than
// MaxActions is reported and skipped by each reader, the next hand being
// read, and that a hand at the limit is read.
func TestLimitsMaxActions(t *testing.T) {
	tests := []struct {
		format parser.Format
		text   string
		want   string // with the limit one below the hand's actions
	}{
		{Format, "[1]\n" + phhHand("a", nil) + "[2]\n" + phhHand("b", nil),
			"[error 8 hand has 8 actions, more than the limit of 7; skipped error 26 hand has 8 actions, more than the limit of 7; skipped]"},
	}
	for _, tc := range tests {
		r, _ := parser.Open(tc.format, strings.NewReader(tc.text), "acts")
		h, err := r.Next()
		if err != nil {
			t.Fatal(err)
		}
		k := len(h.Actions)
		r, _ = parser.OpenLimited(tc.format, strings.NewReader(tc.text), "acts", parser.Limits{MaxActions: k})
		if got := readertest.DrainAny(t, r); len(got) != 2 || !strings.HasPrefix(got[0], "hand ") || !strings.HasPrefix(got[1], "hand ") {
			t.Errorf("%s at the limit of %d actions: %q", tc.format, k, got)
		}
		r, _ = parser.OpenLimited(tc.format, strings.NewReader(tc.text), "acts", parser.Limits{MaxActions: k - 1})
		if got := fmt.Sprint(readertest.DrainAny(t, r)); got != tc.want {
			t.Errorf("%s over the limit: got %s\nwant %s", tc.format, got, tc.want)
		}
	}
}

// TestPHHEmptyTableNameDeterministic reads a .phhs file whose first table
// is named "" after a reader that left a hand name in the pooled state,
// and with a fresh state: both must give the same errors. (The reader
// took a nil name for "no table seen", so the result depended on the
// file read before; found by FuzzPHH.)
func TestPHHEmptyTableNameDeterministic(t *testing.T) {
	text := "[\"\"]\n[3]\nvariant = \"NT\"\n"
	fresh := &phhState{}
	fresh.init(strings.NewReader(text), "e.phhs", parser.Limits{}.Normalized())
	a := phhDrain(t, &Reader{st: fresh}, "e.phhs")
	dirty := &phhState{handName: []byte("12345")}
	dirty.init(strings.NewReader(text), "e.phhs", parser.Limits{}.Normalized())
	b := phhDrain(t, &Reader{st: dirty}, "e.phhs")
	if fmt.Sprint(a) != fmt.Sprint(b) {
		t.Fatalf("fresh state: %s\npooled state: %s", a, b)
	}
	if len(a.errs) != 2 || a.errs[0].Msg != "missing required field variant" {
		t.Errorf("errors %v", a.errs)
	}
}

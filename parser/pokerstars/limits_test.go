package pokerstars

import (
	"fmt"
	"strings"
	"testing"

	"github.com/handaudit/handaudit/internal/readertest"
	"github.com/handaudit/handaudit/parser"
)

// TestPokerStarsLimitsLongLine streams a line of 64 MiB through the
// reader: the line is reported at its own line number as too long, the
// hands around it are read, and the reader allocates a small fraction of
// the line (it never holds it).
func TestPokerStarsLimitsLongLine(t *testing.T) {
	const n = 64 << 20
	lim := parser.Limits{MaxLineBytes: 1 << 20}
	in := readertest.HugeLine(psBase+"\n"+psBase[:strings.Index(psBase, "Bo Bo: posts")], 'q', n, "\n"+psBase)
	want := []string{"hand 254000000001", "error 31 line is longer than 1048576 bytes; the hand is skipped", "hand 254000000001"}
	var got []string
	alloc := readertest.AllocDuring(func() {
		r, err := parser.OpenLimited(Format, in, "long", lim)
		if err != nil {
			t.Fatal(err)
		}
		got = readertest.DrainAny(t, r)
	})
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("got  %q\nwant %q", got, want)
	}
	if alloc > 16<<20 {
		t.Errorf("reading a %d MiB line allocated %d MiB", n>>20, alloc>>20)
	}
}

// TestPokerStarsLimitsMaxHandBytes checks that a hand over MaxHandBytes is
// reported at its first line and skipped, and that the next hand is read;
// and that the default limits apply when Limits is zero.
func TestPokerStarsLimitsMaxHandBytes(t *testing.T) {
	lim := parser.Limits{MaxHandBytes: 2000}
	bigPS := strings.Replace(psBase, "*** HOLE CARDS ***\n", "*** HOLE CARDS ***\n"+strings.Repeat("Ann said, \"hello there, how is everyone doing\"\n", 60), 1)
	ps := psBase + "\n" + bigPS + "\n" + psBase
	r, _ := parser.OpenLimited(Format, strings.NewReader(ps), "big.txt", lim)
	got := fmt.Sprint(readertest.DrainAny(t, r))
	if want := "[hand 254000000001 error 26 hand is too large (over 2000 bytes); skipped hand 254000000001]"; got != want {
		t.Errorf("pokerstars: got %s\nwant %s", got, want)
	}
	r, _ = parser.Open(Format, strings.NewReader(ps), "big.txt")
	if got := fmt.Sprint(readertest.DrainAny(t, r)); got != "[hand 254000000001 hand 254000000001 hand 254000000001]" {
		t.Errorf("pokerstars, default limits: %s", got)
	}
}

// TestPokerStarsLimitsMaxActions checks that a hand with more actions (as
// the reader produces them: forced bets, deals and the recorded actions)
// than MaxActions is reported and skipped, the next hand being read, and
// that a hand at the limit is read.
func TestPokerStarsLimitsMaxActions(t *testing.T) {
	text := psBase + "\n" + psBase
	want := "[error 18 hand has more than 13 actions, the limit; skipped error 43 hand has more than 13 actions, the limit; skipped]"
	r, _ := parser.Open(Format, strings.NewReader(text), "acts")
	h, err := r.Next()
	if err != nil {
		t.Fatal(err)
	}
	k := len(h.Actions)
	r, _ = parser.OpenLimited(Format, strings.NewReader(text), "acts", parser.Limits{MaxActions: k})
	if got := readertest.DrainAny(t, r); len(got) != 2 || !strings.HasPrefix(got[0], "hand ") || !strings.HasPrefix(got[1], "hand ") {
		t.Errorf("at the limit of %d actions: %q", k, got)
	}
	r, _ = parser.OpenLimited(Format, strings.NewReader(text), "acts", parser.Limits{MaxActions: k - 1})
	if got := fmt.Sprint(readertest.DrainAny(t, r)); got != want {
		t.Errorf("over the limit: got %s\nwant %s", got, want)
	}
}

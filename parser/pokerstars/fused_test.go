package pokerstars

import (
	"bytes"
	"fmt"
	"io"
	"math/rand/v2"
	"testing"
	"testing/iotest"

	"github.com/handaudit/handaudit/hand"
	"github.com/handaudit/handaudit/internal/readertest"
	"github.com/handaudit/handaudit/parser"
)

// TestPokerStarsQuickChunks reads the inputs of the quick tests whole and
// in reads of awkward sizes, with the quick readers on: the action lines
// that readHand reads straight from the input's buffer (their end found by
// quickAction) then fall at every place against the buffer's end, where a
// line is not whole yet and must be left to the general way.
func TestPokerStarsQuickChunks(t *testing.T) {
	inputs := psQuickInputs(t)
	for _, name := range []string{"corpus-stream", "corpus-crlf", "corpus-blanks", "corpus-pots", "cuts"} {
		data := inputs[name]
		if len(data) == 0 {
			t.Fatalf("no input %s", name)
		}
		for _, lim := range []parser.Limits{{}, {MaxHandBytes: 700, MaxLineBytes: 60, MaxActions: 12}} {
			read := func(r io.Reader) []readertest.ReadResult {
				return psNextAll(t, newReader(r, name, lim), name)
			}
			want := read(bytes.NewReader(data))
			for _, n := range []int{1, 7, 61, 4099} {
				var r io.Reader = &psChunkReader{data: data, n: n}
				if n == 1 {
					r = iotest.OneByteReader(bytes.NewReader(data))
				}
				got := read(r)
				if len(got) != len(want) {
					t.Fatalf("%s in reads of %d bytes (limits %+v): %d results, want %d", name, n, lim, len(got), len(want))
				}
				for i := range got {
					if d := readertest.ResultDiff(got[i], want[i]); d != "" {
						t.Fatalf("%s in reads of %d bytes (limits %+v), result %d: %s", name, n, lim, i, d)
					}
				}
			}
		}
	}
}

// TestPokerStarsQuickActionEnds checks that quickAction reads a line the
// same whether it is given whole or at the start of the text that follows
// it, and that it never reads a line whose end (an LF) it does not see.
func TestPokerStarsQuickActionEnds(t *testing.T) {
	lines := []string{
		"Alice: folds", "Alice: checks", "Alice: calls $1.50", "Alice: calls $1.50 and is all-in",
		"Alice: bets $2", "Alice: raises $1 to $3", "Alice: raises $1 to $3 and is all-in",
		"Alice: posts small blind $0.50", "Alice: posts big blind $1", "Alice: posts the ante $0.10",
		"Alice collected $4 from pot", "Alice collected $4 from main pot", "Alice collected $4 from side pot",
		"Alice collected $4 from side pot-2", "Alice: shows [Ah Kd]", "Alice: shows [Ah Kd] (a pair of Aces)",
		"Alice: foldsx", "Alice: folds ", "Alice: calls $1.50 ", "Alice: calls $1.5x", "Alice collected $4 from pot-2",
		"Alice: shows [Ah Kd] x", "Alice: shows [Ah Kd] (x", "Alice:", "Alice", "Alice: mucks hand",
	}
	for _, line := range lines {
		for _, cut := range []int{0, 1, 2} { // the text ends before the line's end: the LF, or more, missing
			for _, after := range []string{"\nBob: folds\n", "\n", "\n$1.50 and is all-in\n", "\n)\n"} {
				text := line + after
				if cut > 0 {
					text = line[:max(0, len(line)-cut+1)]
				}
				whole, fromText := psQuickRead(t, line, true), psQuickRead(t, text, false)
				want := whole
				if cut > 0 {
					want = "not read"
				}
				if fromText != want {
					t.Errorf("quickAction of %q in %q: %s; whole: %s", line, text, fromText, whole)
				}
			}
		}
	}
}

// psQuickRead reads one line with quickAction in a hand where Alice and
// Bob are seated and the betting has begun, and describes what it read.
func psQuickRead(t *testing.T, text string, whole bool) string {
	t.Helper()
	r := newReader(bytes.NewReader(nil), "x", parser.Limits{})
	p := &r.p
	p.reset(1, 0)
	p.scale, p.holeN = 2, 2
	for i, name := range []string{"Alice", "Bob"} {
		b := []byte(name)
		w0, w1 := parser.NameWords(b)
		p.addSeat(hand.Seat{Number: i + 1, Player: name, Stack: 1000}, w0, w1)
	}
	p.state = psBetting
	// In a larger buffer, as lines are.
	buf := make([]byte, len(text), len(text)+32)
	copy(buf, text)
	k := p.quickAction(buf, 7, whole)
	if k == 0 {
		if len(p.actions) != 0 {
			t.Fatalf("quickAction of %q read nothing but added %d actions", text, len(p.actions))
		}
		return "not read"
	}
	return fmt.Sprintf("%d bytes: %+v", k, p.actions)
}

// TestPokerStarsLastOpenNear checks psLastOpenNear against psLastOpen.
func TestPokerStarsLastOpenNear(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 14))
	const alphabet = " ($.0)("
	for range 200000 {
		b := randomBytes(rng, alphabet, rng.IntN(24))
		end := 0
		if len(b) > 0 {
			end = rng.IntN(len(b) + 1)
		}
		if got, want := psLastOpenNear(b, end), psLastOpen(b[:end]); got != want {
			t.Fatalf("psLastOpenNear(%q, %d) = %d, want %d", b, end, got, want)
		}
	}
}

package winamax

import (
	"flag"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/handaudit/handaudit/hand"
	"github.com/handaudit/handaudit/internal/readertest"
)

// update: -update rewrites the golden file.
var update = flag.Bool("update", false, "rewrite golden files")

// corpusErrors are the parse errors the shared corpus must give: file,
// line, the message's start. Every other hand must parse.
var corpusErrors = []struct {
	file string
	line int
	msg  string
}{
	// "Winaax Poker", "*** ANTEBLINDS ***", "***" for the summary: a
	// deliberately broken copy of ValidHand_1.txt (in Windows-1252).
	{"CashGame/ValidHandTests/InValidHand_1.txt", 1, "text outside a hand"},
	// Seats numbered from 0 and "Seat #0 is the button": Winamax numbers
	// seats from 1.
	{"CashGame/GeneralHands/NoRake.txt", 2, `cannot read the button's seat "0"`},
	// The summary's board is not the board the flop line dealt.
	{"CashGame/StreetTests/Flop.txt", 18, "the summary's board is not the board dealt"},
}

// headerLine tells a hand header apart from the reader: a line that
// starts with "Winamax Poker - " (after a byte-order mark).
func headerLine(line string) bool {
	return strings.HasPrefix(strings.TrimPrefix(line, "\ufeff"), "Winamax Poker - ")
}

// TestCorpus reads every file of the shared corpus' Winamax folder: each
// hand header gives a hand or one of the expected parse errors, every hand
// read is written and read back the same, and the hands' gist is a golden
// file.
func TestCorpus(t *testing.T) {
	dir, files := readertest.CorpusFiles(t, "rooms/Winamax", ".txt")
	if len(files) < 30 {
		t.Fatalf("found %d files in %s, want the 36 of the corpus", len(files), dir)
	}
	var golden strings.Builder
	seen := map[string]bool{}
	total := 0
	for _, rel := range files {
		data := readertest.ReadFile(t, filepath.Join(dir, rel))
		hands, errs := readAll(t, string(data))
		total += len(hands)
		var want []int
		for _, e := range corpusErrors {
			if e.file == rel {
				want = append(want, e.line)
			}
		}
		var got []int
		for _, e := range errs {
			got = append(got, e.Line)
			fmt.Fprintf(&golden, "error %s:%d: %s\n", rel, e.Line, e.Msg)
			for _, ce := range corpusErrors {
				if ce.file == rel && ce.line == e.Line {
					seen[rel] = true
					if !strings.HasPrefix(e.Msg, ce.msg) {
						t.Errorf("%s:%d: %q, want %q", rel, e.Line, e.Msg, ce.msg)
					}
				}
			}
		}
		if !slices.Equal(got, want) {
			t.Errorf("%s: parse errors at lines %v, want %v: %v", rel, got, want, errs)
		}
		// Every header is a hand or an error at or after it; a file with
		// no header is one error.
		if headers := readertest.CountLines(data, headerLine); len(hands)+len(errs) != max(headers, 1) {
			t.Errorf("%s: %d headers, %d hands and %d errors", rel, headers, len(hands), len(errs))
		}
		for _, h := range hands {
			golden.WriteString(dump(rel, h))
			roundTrip(t, rel, h)
		}
	}
	for _, e := range corpusErrors {
		if !seen[e.file] {
			t.Errorf("%s:%d: want a parse error %q", e.file, e.line, e.msg)
		}
	}
	t.Logf("%d files: %d hands, %d parse errors", len(files), total, len(corpusErrors))
	readertest.Golden(t, "testdata/corpus.golden", golden.String(), *update)
}

// roundTrip writes h and reads it back: the hand must be the same.
func roundTrip(t *testing.T, name string, h *hand.Hand) {
	t.Helper()
	readertest.RoundTrip(t, name, h, func(h *hand.Hand) ([]byte, error) { return AppendHand(nil, h) }, readBack)
}

// dump is a hand's gist for the golden file.
func dump(file string, h *hand.Hand) string {
	var b strings.Builder
	fmt.Fprintf(&b, "hand %s:%d-%d id=%s table=%q start=%s game=%q/%s/%s/%d cur=%q scale=%d tourn=%q max=%d button=%d\n",
		file, h.Pos.Line, h.End, h.ID, h.Table, h.Start.Format("2006-01-02T15:04:05Z"), h.Game.Code, h.Game.Variant, h.Game.Structure,
		h.Game.HoleCards, h.Currency, h.Scale, h.Tournament, h.MaxSeats, h.Button)
	fmt.Fprintf(&b, "  stakes %+v\n", h.Stakes)
	for _, s := range h.Seats {
		fmt.Fprintf(&b, "  seat %d %q %d out=%v\n", s.Number, s.Player, s.Stack, s.SittingOut)
	}
	for _, a := range h.Actions {
		fmt.Fprintf(&b, "  %d %s p%d", a.Pos.Line, a.Kind, a.Player)
		if a.Kind == hand.Post {
			fmt.Fprintf(&b, " %s", a.PostKind)
		}
		if a.HasAmount {
			fmt.Fprintf(&b, " %d", a.Amount)
		}
		if a.To != 0 {
			fmt.Fprintf(&b, " to %d", a.To)
		}
		if a.AllIn {
			b.WriteString(" all-in")
		}
		if len(a.Cards) > 0 {
			fmt.Fprintf(&b, " %v", a.Cards)
		}
		if a.Kind == hand.Collect {
			fmt.Fprintf(&b, " pot %d", a.Pot)
		}
		b.WriteByte('\n')
	}
	o := h.Outcome
	fmt.Fprintf(&b, "  boards %v total %d/%v rake %d/%v winnings %v/%v\n", h.Boards, o.TotalPot, o.HasTotalPot, o.Rake, o.HasRake, o.Winnings, o.HasWinnings)
	return b.String()
}

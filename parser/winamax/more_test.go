package winamax

import (
	"bytes"
	"errors"
	"io"
	"path"
	"path/filepath"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/handaudit/handaudit/cards"
	"github.com/handaudit/handaudit/hand"
	"github.com/handaudit/handaudit/internal/readertest"
	"github.com/handaudit/handaudit/internal/testenv"
	"github.com/handaudit/handaudit/parser"
)

// results reads every result of data through the registry, with the
// hands from pool (nil: allocated), each hand copied out before the next
// read when pooled (the pool may reuse it).
func results(t testing.TB, data []byte, pool *hand.Pool, lim parser.Limits, chunk bool) []readertest.ReadResult {
	t.Helper()
	var in io.Reader = bytes.NewReader(data)
	if chunk {
		in = iotest.OneByteReader(in)
	}
	r, err := parser.OpenPooled(Format, in, "t.txt", lim, pool)
	if err != nil {
		t.Fatal(err)
	}
	var out []readertest.ReadResult
	for {
		h, err := r.Next()
		if err == io.EOF {
			return out
		}
		var pe *parser.Error
		switch {
		case errors.As(err, &pe):
			out = append(out, readertest.ReadResult{Err: pe})
		case err != nil:
			t.Fatal(err)
		default:
			// A deep copy, through the writer's inverse: the content read.
			c := *h
			c.Seats = append([]hand.Seat(nil), h.Seats...)
			c.Actions = append([]hand.Action(nil), h.Actions...)
			for i := range c.Actions {
				c.Actions[i].Cards = append([]cards.Card(nil), h.Actions[i].Cards...)
			}
			c.Boards = nil
			for _, b := range h.Boards {
				c.Boards = append(c.Boards, append([]cards.Card(nil), b...))
			}
			c.Outcome.Winnings = append([]hand.Amount(nil), h.Outcome.Winnings...)
			out = append(out, readertest.ReadResult{H: &c})
			pool.Put(h)
		}
	}
}

// corpusInput is every file of the shared corpus' Winamax folder, one
// after another, with a broken hand among them.
func corpusInput(t testing.TB) []byte {
	dir, files := readertest.CorpusFiles(t, "rooms/Winamax", ".txt")
	var all []byte
	for _, name := range files {
		all = append(all, readertest.ReadFile(t, filepath.Join(dir, name))...)
		all = append(all, "\n\n"...)
	}
	return append(all, base...)
}

// TestPooled checks that hands read from a pool, and read one byte at a
// time, are the hands read without, and the errors the same.
func TestPooled(t *testing.T) {
	data := append(corpusInput(t), strings.Replace(base, "Hero folds", "Hero dances", 1)...)
	want := results(t, data, nil, parser.Limits{}, false)
	if len(want) < 40 {
		t.Fatalf("only %d results", len(want))
	}
	for _, c := range []struct {
		name  string
		pool  *hand.Pool
		chunk bool
	}{{"pooled", new(hand.Pool), false}, {"one byte at a time", nil, true}} {
		got := results(t, data, c.pool, parser.Limits{}, c.chunk)
		if len(got) != len(want) {
			t.Fatalf("%s: %d results, want %d", c.name, len(got), len(want))
		}
		for i := range got {
			if d := readertest.ResultDiff(got[i], want[i]); d != "" {
				t.Errorf("%s: result %d: %s", c.name, i, d)
			}
		}
	}
}

// TestRoundTrip writes the hands of the tests and reads them back.
func TestRoundTrip(t *testing.T) {
	hs, errs := readAll(t, base)
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	for _, h := range hs {
		roundTrip(t, "base", h)
	}
	// What Winamax text cannot express is an error.
	h := readOne(t, base)
	h.Stakes.Straddles = []hand.Amount{200}
	if _, err := AppendHand(nil, h); err == nil || !strings.Contains(err.Error(), "straddles") {
		t.Errorf("straddle: %v", err)
	}
	h = readOne(t, base)
	for i := range h.Actions {
		if h.Actions[i].Kind == hand.UncalledReturn {
			h.Actions[i].Amount--
		}
	}
	if _, err := AppendHand(nil, h); err == nil || !strings.Contains(err.Error(), "uncalled") {
		t.Errorf("uncalled bet return of another amount: %v", err)
	}
	h = readOne(t, base)
	h.Outcome.Fees = []hand.Fee{{Name: "Jackpot", Amount: 10}}
	if _, err := AppendHand(nil, h); err == nil {
		t.Error("fees written")
	}
	// A stream of hands through the registry's writer.
	var buf bytes.Buffer
	w, err := parser.NewWriter(Format, &buf)
	if err != nil {
		t.Fatal(err)
	}
	for range 3 {
		if err := w.Write(readOne(t, base)); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	back, errs := readAll(t, buf.String())
	if len(back) != 3 || len(errs) > 0 {
		t.Fatalf("%d hands, errors %v", len(back), errs)
	}
}

// FuzzWinamax feeds the reader arbitrary bytes: it must never panic, must
// stop, must return only *parser.Error parse errors naming a line of the
// input, and every hand it returns must hold together and be written and
// read back the same, or refused by the writer.
func FuzzWinamax(f *testing.F) {
	f.Add([]byte(base))
	f.Add(readertest.UTF16(base, false))
	f.Add([]byte(base[:len(base)/2] + base))
	readertest.AddFiles(f, filepath.Join(testenv.RepoRoot(f), "fixtures", "winamax"), ".txt")
	check := readertest.Fuzz{
		Open:       readBack,
		Write:      func(h *hand.Hand) ([]byte, error) { return AppendHand(nil, h) },
		MaxResults: func(lines, size int) int { return lines + size/16 + 1 },
		Check: func(t testing.TB, h *hand.Hand, _ int) {
			if len(h.Seats) < 2 {
				t.Fatalf("hand at lines %d-%d with %d seats", h.Pos.Line, h.End, len(h.Seats))
			}
		},
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		check.Run(t, data, NewReader(bytes.NewReader(data), readertest.FuzzName))
	})
}

// BenchmarkReader reads ordinary cash hands (the corpus's ten-hand cash
// file, repeated to 8 MiB) on one goroutine, and reports hands per second
// and per CPU-second.
func BenchmarkReader(b *testing.B) {
	dir := testenv.CorpusDir(b, "rooms/Winamax/CashGame/MultipleHandsTests")
	hands := readertest.ReadFile(b, filepath.Join(dir, "10MultipleHands.txt"))
	input, copies := readertest.Repeat(hands, "\n\n", 8<<20)
	pool := new(hand.Pool)
	readertest.BenchmarkReader(b, input, copies*len(readOneAll(b, hands)), pool, func(r io.Reader) parser.Reader {
		pr, _ := parser.OpenPooled(Format, r, "bench", parser.Limits{}, pool)
		return pr
	})
}

// readOneAll reads every hand of data, which must all parse.
func readOneAll(tb testing.TB, data []byte) []*hand.Hand {
	hs, errs := readAll(tb, string(data))
	if len(errs) > 0 {
		tb.Fatal(errs)
	}
	return hs
}

// TestFixtureRoundTrip writes every hand of the Winamax fixtures and reads
// it back: the same hand.
func TestFixtureRoundTrip(t *testing.T) {
	dir := filepath.Join(testenv.RepoRoot(t), "fixtures", "winamax")
	n := 0
	for _, name := range readertest.Files(t, dir, ".txt") {
		hs, _ := readAll(t, string(readertest.ReadFile(t, filepath.Join(dir, name))))
		for _, h := range hs {
			roundTrip(t, path.Base(name), h)
			n++
		}
	}
	if n < 50 {
		t.Errorf("only %d fixture hands", n)
	}
}

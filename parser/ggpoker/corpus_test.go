package ggpoker

import (
	"bytes"
	"flag"
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"testing"

	"github.com/handaudit/handaudit/hand"
	"github.com/handaudit/handaudit/internal/readertest"
	"github.com/handaudit/handaudit/parser"
)

// update: -update rewrites the golden file.
var update = flag.Bool("update", false, "rewrite golden files")

// readAll reads every hand and parse error of one input.
func readAll(t testing.TB, r io.Reader, name string, lim parser.Limits, pool *hand.Pool) ([]*hand.Hand, []*parser.Error) {
	t.Helper()
	return readertest.Read(t, newReader(r, name, lim, pool), name)
}

// headerLine tells a hand header apart from the reader: a line that starts
// "Poker Hand #" (after a BOM).
func headerLine(line string) bool {
	return strings.HasPrefix(strings.TrimPrefix(line, "\uFEFF"), "Poker Hand #")
}

// TestGGPokerCorpus reads every file of the shared corpus' GGPoker folder:
// every hand header gives a hand (the folder has no broken hand), each
// hand reads back the same after the writer writes it, and the hands are
// as the golden file holds them.
func TestGGPokerCorpus(t *testing.T) {
	dir, files := readertest.CorpusFiles(t, "rooms/GGPoker", "")
	if len(files) < 16 {
		t.Fatalf("found %d files, want the 16 of the corpus", len(files))
	}
	var golden strings.Builder
	total := 0
	for _, rel := range files {
		data := readertest.ReadFile(t, filepath.Join(dir, rel))
		hands, errs := readAll(t, bytes.NewReader(data), rel, parser.Limits{}, nil)
		if want := readertest.CountLines(data, headerLine); len(hands)+len(errs) != want || want == 0 {
			t.Errorf("%s: %d hands and %d errors for %d headers", rel, len(hands), len(errs), want)
		}
		for _, e := range errs {
			t.Errorf("%s: unexpected parse error: %v", rel, e)
		}
		fmt.Fprintf(&golden, "== %s\n", rel)
		for _, h := range hands {
			golden.WriteString(dump(h))
			roundTrip(t, rel, h)
		}
		total += len(hands)
	}
	if total < 16 {
		t.Errorf("read %d hands, want at least 16", total)
	}
	readertest.Golden(t, "testdata/corpus.golden", golden.String(), *update)
}

// roundTrip writes h and reads it back: the hand read must be h.
func roundTrip(t *testing.T, name string, h *hand.Hand) {
	t.Helper()
	readertest.RoundTrip(t, name, h, func(h *hand.Hand) ([]byte, error) { return AppendHand(nil, h) }, readBack)
}

// readBack is a reader without limits, for reading back what the writer
// wrote.
func readBack(r io.Reader, name string) parser.Reader { return NewReader(r, name) }

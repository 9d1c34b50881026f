package ggpoker

import (
	"bufio"
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/handaudit/handaudit/hand"
	"github.com/handaudit/handaudit/internal/readertest"
	"github.com/handaudit/handaudit/internal/testenv"
	"github.com/handaudit/handaudit/parser"
)

// update: -update rewrites the golden file.
var update = flag.Bool("update", false, "rewrite golden files")

// readAll reads every hand and parse error of one input.
func readAll(t testing.TB, r io.Reader, name string, lim parser.Limits, pool *hand.Pool) ([]*hand.Hand, []*parser.Error) {
	t.Helper()
	gr := newReader(r, name, lim, pool)
	var hands []*hand.Hand
	var errs []*parser.Error
	for {
		h, err := gr.Next()
		if err == io.EOF {
			return hands, errs
		}
		var pe *parser.Error
		switch {
		case errors.As(err, &pe):
			errs = append(errs, pe)
		case err != nil:
			t.Fatalf("%s: I/O error: %v", name, err)
		default:
			hands = append(hands, h)
		}
		if len(hands)+len(errs) > 100000 {
			t.Fatalf("%s: reader does not stop", name)
		}
	}
}

// countHeaders counts the hand headers of a file by its lines, apart
// from the reader: a line that starts "Poker Hand #" (after a BOM).
func countHeaders(t *testing.T, data []byte) int {
	t.Helper()
	n := 0
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		if strings.HasPrefix(strings.TrimPrefix(sc.Text(), "\uFEFF"), "Poker Hand #") {
			n++
		}
	}
	return n
}

// TestGGPokerCorpus reads every file of the shared corpus' GGPoker folder:
// every hand header gives a hand (the folder has no broken hand), each
// hand reads back the same after the writer writes it, and the hands are
// as the golden file holds them.
func TestGGPokerCorpus(t *testing.T) {
	dir := testenv.CorpusDir(t, "rooms/GGPoker")
	var files []string
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			files = append(files, p)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(files) < 16 {
		t.Fatalf("found %d files, want the 16 of the corpus", len(files))
	}
	var golden strings.Builder
	total := 0
	for _, p := range files {
		rel, _ := filepath.Rel(dir, p)
		rel = filepath.ToSlash(rel)
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		hands, errs := readAll(t, bytes.NewReader(data), rel, parser.Limits{}, nil)
		if want := countHeaders(t, data); len(hands)+len(errs) != want || want == 0 {
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
	checkGolden(t, "testdata/corpus.golden", golden.String())
}

// roundTrip writes h and reads it back: the hand read must be h.
func roundTrip(t *testing.T, name string, h *hand.Hand) {
	t.Helper()
	text, err := AppendHand(nil, h)
	if err != nil {
		t.Errorf("%s: hand %s: write: %v", name, h.ID, err)
		return
	}
	back, errs := readAll(t, bytes.NewReader(text), name, parser.Limits{}, nil)
	if len(errs) > 0 || len(back) != 1 {
		t.Errorf("%s: hand %s: written text reads as %d hands, errors %v:\n%s", name, h.ID, len(back), errs, text)
		return
	}
	if d := readertest.HandDiff(h, back[0]); d != nil {
		t.Errorf("%s: hand %s differs after a round trip:\n  %s\n%s", name, h.ID, strings.Join(d, "\n  "), text)
	}
}

// checkGolden compares got with the golden file (or rewrites it under -update).
func checkGolden(t *testing.T, path, got string) {
	t.Helper()
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run with -update to write it)", err)
	}
	if got != string(want) {
		gl, wl := strings.Split(got, "\n"), strings.Split(string(want), "\n")
		for i := 0; i < len(gl) || i < len(wl); i++ {
			var g, w string
			if i < len(gl) {
				g = gl[i]
			}
			if i < len(wl) {
				w = wl[i]
			}
			if g != w {
				t.Fatalf("%s differs at line %d:\n got: %s\nwant: %s", path, i+1, g, w)
			}
		}
	}
}

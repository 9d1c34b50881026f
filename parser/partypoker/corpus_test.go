package partypoker

import (
	"bufio"
	"bytes"
	"errors"
	"flag"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/handaudit/handaudit/hand"
	"github.com/handaudit/handaudit/internal/readertest"
	"github.com/handaudit/handaudit/internal/testenv"
	"github.com/handaudit/handaudit/parser"
)

// updateFlag: -update rewrites the golden file.
var updateFlag = flag.Bool("update", false, "rewrite golden files")

// readAll reads every hand and parse error of one input.
func readAll(t testing.TB, data []byte, name string) ([]*hand.Hand, []*parser.Error) {
	t.Helper()
	r := NewReader(bytes.NewReader(data), name)
	var hands []*hand.Hand
	var errs []*parser.Error
	for {
		h, err := r.Next()
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

// corpusErrors are the parse errors expected on the shared corpus, each
// a fault a human reading the file agrees with.
var corpusErrors = []struct {
	file string
	line int
	msg  string
}{
	// The record stops after the last action: no one wins.
	{"CashGame/Limits/Limit6.txt", 30, "hand cut short: it ends at its last line before anyone wins a pot"},
	{"CashGame/ValidHandTests/InValidHand_1.txt", 21, "hand cut short: it ends at its last line before anyone wins a pot"},
	// Seated as "Player1", acting as "WolfgangCutler" (an anonymised
	// sample whose names were replaced in part).
	{"CashGame/PlayerTests/WithAnonomous.txt", 12, "player WolfgangCutler is not seated at the table"},
}

// headerLine is a hand's header counted without the reader.
var headerLine = regexp.MustCompile(`^(\x{FEFF})?\s*\*\*\*\*\* Hand History [Ff]or Game `)

// TestCorpus reads every file of the shared corpus's PartyPoker folder:
// each header counted independently is a hand or an expected parse
// error, the hands match the golden dump, and each hand round-trips
// through the writer.
func TestCorpus(t *testing.T) {
	dir := testenv.CorpusDir(t, "rooms/PartyPoker")
	var files []string
	err := filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			files = append(files, path)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	slices.Sort(files)
	if len(files) < 40 {
		t.Fatalf("found %d files in %s, want the 47 of the corpus", len(files), dir)
	}
	var golden strings.Builder
	total, totalErrs := 0, 0
	for _, path := range files {
		rel, _ := filepath.Rel(dir, path)
		rel = filepath.ToSlash(rel)
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		headers := 0
		sc := bufio.NewScanner(bytes.NewReader(data))
		for sc.Scan() {
			if headerLine.MatchString(sc.Text()) {
				headers++
			}
		}
		hands, errs := readAll(t, data, rel)
		total += len(hands)
		totalErrs += len(errs)
		if len(hands)+len(errs) != headers {
			t.Errorf("%s: %d hands and %d parse errors, for %d hand headers", rel, len(hands), len(errs), headers)
		}
		for _, e := range errs {
			want := false
			for _, c := range corpusErrors {
				want = want || c.file == rel && c.line == e.Line && c.msg == e.Msg
			}
			if !want {
				t.Errorf("unexpected parse error %v", e)
			}
			golden.WriteString("error " + e.Error() + "\n")
		}
		for _, h := range hands {
			golden.WriteString(dumpHand(h))
			roundTrip(t, h)
		}
	}
	if totalErrs != len(corpusErrors) {
		t.Errorf("%d parse errors, want %d", totalErrs, len(corpusErrors))
	}
	t.Logf("%d files: %d hands, %d parse errors", len(files), total, totalErrs)
	checkGolden(t, "testdata/corpus.golden", golden.String())
}

// roundTrip writes h and reads it back: the same hand.
func roundTrip(t *testing.T, h *hand.Hand) {
	t.Helper()
	text, err := AppendHand(nil, h)
	if err != nil {
		t.Errorf("%s:%d: writing: %v", h.Pos.File, h.Pos.Line, err)
		return
	}
	back, errs := readAll(t, text, "written")
	if len(errs) > 0 || len(back) != 1 {
		t.Errorf("%s:%d: the written hand reads as %d hands, errors %v:\n%s", h.Pos.File, h.Pos.Line, len(back), errs, text)
		return
	}
	if d := readertest.HandDiff(h, back[0]); d != nil {
		t.Errorf("%s:%d: round trip differs:\n  %s\n%s", h.Pos.File, h.Pos.Line, strings.Join(d, "\n  "), text)
	}
}

// checkGolden compares got with the golden file (rewritten under -update).
func checkGolden(t *testing.T, path, got string) {
	t.Helper()
	if *updateFlag {
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
		for i := range min(len(gl), len(wl)) {
			if gl[i] != wl[i] {
				t.Fatalf("%s differs at line %d:\n got %s\nwant %s\n(run with -update if the change is right)", path, i+1, gl[i], wl[i])
			}
		}
		t.Fatalf("%s differs in length: %d lines, want %d", path, len(gl), len(wl))
	}
}

// TestFixtures reads the catalog's PartyPoker fixtures: every hand reads
// (but the parse-error fixture's broken ones) and round-trips through the
// writer.
func TestFixtures(t *testing.T) {
	paths, _ := filepath.Glob("../../fixtures/partypoker/*.txt")
	clean, _ := filepath.Glob("../../fixtures/partypoker/clean/*.txt")
	paths = append(paths, clean...)
	if len(paths) < 20 {
		t.Fatalf("found %d fixtures", len(paths))
	}
	for _, path := range paths {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		hands, errs := readAll(t, data, path)
		if want := filepath.Base(path) == "parse.error.txt"; (len(errs) == 4) != want || want == (len(errs) == 0) {
			t.Errorf("%s: %d parse errors: %v", path, len(errs), errs)
		}
		if len(hands) == 0 {
			t.Errorf("%s: no hands", path)
		}
		for _, h := range hands {
			roundTrip(t, h)
		}
	}
}

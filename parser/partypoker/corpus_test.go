package partypoker

import (
	"bytes"
	"flag"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/handaudit/handaudit/hand"
	"github.com/handaudit/handaudit/internal/readertest"
	"github.com/handaudit/handaudit/parser"
)

// updateFlag: -update rewrites the golden file.
var updateFlag = flag.Bool("update", false, "rewrite golden files")

// readAll reads every hand and parse error of one input.
func readAll(t testing.TB, data []byte, name string) ([]*hand.Hand, []*parser.Error) {
	t.Helper()
	return readertest.Read(t, NewReader(bytes.NewReader(data), name), name)
}

// readBack is a reader without limits, for reading back what the writer
// wrote.
func readBack(r io.Reader, name string) parser.Reader { return NewReader(r, name) }

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
	dir, files := readertest.CorpusFiles(t, "rooms/PartyPoker", "")
	if len(files) < 40 {
		t.Fatalf("found %d files in %s, want the 47 of the corpus", len(files), dir)
	}
	var golden strings.Builder
	total, totalErrs := 0, 0
	for _, rel := range files {
		data := readertest.ReadFile(t, filepath.Join(dir, rel))
		headers := readertest.CountLines(data, headerLine.MatchString)
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
	readertest.Golden(t, "testdata/corpus.golden", golden.String(), *updateFlag)
}

// roundTrip writes h and reads it back: the same hand.
func roundTrip(t *testing.T, h *hand.Hand) {
	t.Helper()
	readertest.RoundTrip(t, h.Pos.File, h, func(h *hand.Hand) ([]byte, error) { return AppendHand(nil, h) }, readBack)
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

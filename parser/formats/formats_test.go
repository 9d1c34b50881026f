package formats_test

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/handaudit/handaudit/hand"
	"github.com/handaudit/handaudit/internal/testenv"
	"github.com/handaudit/handaudit/parser"
	_ "github.com/handaudit/handaudit/parser/formats"
	"github.com/handaudit/handaudit/parser/ggpoker"
	"github.com/handaudit/handaudit/parser/ipoker"
	"github.com/handaudit/handaudit/parser/pacific"
	"github.com/handaudit/handaudit/parser/partypoker"
	"github.com/handaudit/handaudit/parser/phh"
	"github.com/handaudit/handaudit/parser/pokerstars"
	"github.com/handaudit/handaudit/parser/winamax"
)

// TestRegistered checks that importing the package registers the formats.
func TestRegistered(t *testing.T) {
	for _, f := range []parser.Format{ipoker.Format, phh.Format, pokerstars.Format, pacific.Format, winamax.Format, ggpoker.Format} {
		if !slices.Contains(parser.Formats(), f) {
			t.Errorf("Formats() = %v, without %q", parser.Formats(), f)
		}
	}
}

// TestDetectFixtures detects the format of every fixture, with every
// format registered, each asked in turn: the PHH fixtures (.phh, .phhs)
// are PHH, the PokerStars ones (.txt) PokerStars, the iPoker ones (.xml)
// iPoker, and the other rooms' text fixtures (.txt) their room's.
func TestDetectFixtures(t *testing.T) {
	root := testenv.RepoRoot(t)
	want := map[string]parser.Format{".phh": phh.Format, ".phhs": phh.Format, ".txt": pokerstars.Format, ".xml": ipoker.Format}
	// The rooms whose fixtures are text files of their own (.txt too).
	rooms := map[string]parser.Format{"fixtures/winamax": winamax.Format, "fixtures/winamax/clean": winamax.Format,
		"fixtures/888poker": pacific.Format, "fixtures/888poker/clean": pacific.Format,
		"fixtures/partypoker": partypoker.Format, "fixtures/partypoker/clean": partypoker.Format,
		"fixtures/ggpoker": ggpoker.Format, "fixtures/ggpoker/clean": ggpoker.Format}
	n := 0
	for _, dir := range []string{"fixtures/phh", "fixtures/phh/clean", "fixtures/pokerstars", "fixtures/pokerstars/clean", "fixtures/explain",
		"fixtures/888poker", "fixtures/888poker/clean", "fixtures/winamax", "fixtures/winamax/clean",
		"fixtures/partypoker", "fixtures/partypoker/clean", "fixtures/ipoker", "fixtures/ipoker/clean",
		"fixtures/ggpoker", "fixtures/ggpoker/clean"} {
		paths, err := filepath.Glob(filepath.Join(root, dir, "*"))
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range paths {
			f, ok := want[filepath.Ext(p)]
			if !ok {
				continue
			}
			if room, ok := rooms[dir]; ok {
				f = room
			}
			data, err := os.ReadFile(p)
			if err != nil {
				t.Fatal(err)
			}
			if got := parser.Detect(data[:min(len(data), 8<<10)]); got != f {
				t.Errorf("%s: Detect = %q, want %q", p, got, f)
			}
			n++
		}
	}
	if n < 20 {
		t.Fatalf("only %d fixtures found", n)
	}
}

// TestDetectMostConfident checks detection among the real formats where
// two of them claim an input: a PokerStars log whose first line looks
// like a PHH table header ("[...]") is PokerStars, whose hand header is
// its own, while PHH only recognises TOML syntax.
func TestDetectMostConfident(t *testing.T) {
	root := testenv.RepoRoot(t)
	data, err := os.ReadFile(filepath.Join(root, "fixtures/pokerstars/clean/plo_cash.txt"))
	if err != nil {
		t.Fatal(err)
	}
	notes := []byte("[exported notes]\n")
	if got := parser.Detect(notes); got != phh.Format {
		t.Fatalf("Detect(%q) = %q: the test needs text PHH claims", notes, got)
	}
	if got := parser.Detect(append(notes, data...)); got != pokerstars.Format {
		t.Errorf("Detect(notes + PokerStars hand) = %q, want %q", got, pokerstars.Format)
	}
	if got := parser.Detect([]byte("Hello\n")); got != parser.FormatUnknown {
		t.Errorf("Detect(plain text) = %q, want unknown", got)
	}
}

// TestRegisteredWriters writes the clean fixtures of every format through
// the registry's writer (parser.NewWriter) and reads them back with the
// same format: the same hands, in order.
func TestRegisteredWriters(t *testing.T) {
	root := testenv.RepoRoot(t)
	for _, tc := range []struct {
		f    parser.Format
		glob string
	}{
		{phh.Format, "fixtures/phh/clean/*.phh*"},
		{pokerstars.Format, "fixtures/pokerstars/clean/*.txt"},
		{pacific.Format, "fixtures/888poker/clean/*.txt"},
		{winamax.Format, "fixtures/winamax/clean/*.txt"},
		{partypoker.Format, "fixtures/partypoker/clean/*.txt"},
		{ipoker.Format, "fixtures/ipoker/clean/*.xml"},
		{ggpoker.Format, "fixtures/ggpoker/clean/*.txt"},
	} {
		paths, err := filepath.Glob(filepath.Join(root, tc.glob))
		if err != nil || len(paths) == 0 {
			t.Fatalf("%s: no fixtures (%v)", tc.f, err)
		}
		var hands []*hand.Hand
		for _, p := range paths {
			data, err := os.ReadFile(p)
			if err != nil {
				t.Fatal(err)
			}
			hands = append(hands, readAll(t, tc.f, data, p)...)
		}
		var buf bytes.Buffer
		w, err := parser.NewWriter(tc.f, &buf)
		if err != nil {
			t.Fatal(err)
		}
		var ids []string
		for _, h := range hands {
			if err := w.Write(h); err == nil {
				ids = append(ids, h.ID)
			}
		}
		if err := w.Flush(); err != nil {
			t.Fatal(err)
		}
		if len(ids) == 0 {
			t.Fatalf("%s: no hand written", tc.f)
		}
		var back []string
		for _, h := range readAll(t, tc.f, buf.Bytes(), "written") {
			back = append(back, h.ID)
		}
		if strings.Join(back, " ") != strings.Join(ids, " ") {
			t.Errorf("%s: written %v, read back %v", tc.f, ids, back)
		}
	}
}

// readAll reads every hand of data in format f; a parse error fails the test.
func readAll(t *testing.T, f parser.Format, data []byte, name string) []*hand.Hand {
	t.Helper()
	r, err := parser.Open(f, bytes.NewReader(data), name)
	if err != nil {
		t.Fatal(err)
	}
	var hs []*hand.Hand
	for {
		h, err := r.Next()
		if err == io.EOF {
			return hs
		}
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		hs = append(hs, h)
	}
}

package ipoker

import (
	"bytes"
	"encoding/xml"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/handaudit/handaudit/internal/readertest"
	"github.com/handaudit/handaudit/internal/testenv"
	"github.com/handaudit/handaudit/parser"
)

var update = flag.Bool("update", false, "rewrite golden files")

// corpusFiles returns the shared corpus's iPoker files, relative to dir.
func corpusFiles(t *testing.T) (string, []string) {
	dir := testenv.CorpusDir(t, "rooms/IPoker")
	var files []string
	filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			rel, _ := filepath.Rel(dir, p)
			files = append(files, rel)
		}
		return err
	})
	slices.Sort(files)
	return dir, files
}

// countGames counts the <game gamecode> elements of a file with a lenient
// XML decoder, independently of the reader.
func countGames(data []byte) int {
	text, _ := io.ReadAll(parser.NewDecodedReader(bytes.NewReader(data)))
	d := xml.NewDecoder(bytes.NewReader(text))
	d.Strict = false
	n := 0
	for {
		tok, err := d.Token()
		if err != nil {
			return n
		}
		if se, ok := tok.(xml.StartElement); ok && se.Name.Local == "game" && slices.ContainsFunc(se.Attr, func(a xml.Attr) bool { return a.Name.Local == "gamecode" }) {
			n++
		}
	}
}

// TestCorpus reads every file of the shared corpus's IPoker folder: each
// game is a hand or a parse error (their count is the games a lenient
// decoder finds), the fast path agrees with the decoder, and the hands
// and errors are those of the golden file.
func TestCorpus(t *testing.T) {
	dir, files := corpusFiles(t)
	var out strings.Builder
	for _, f := range files {
		data, err := os.ReadFile(filepath.Join(dir, f))
		if err != nil {
			t.Fatal(err)
		}
		res := readAll(t, data, f, false, 0, parser.Limits{}, nil)
		if games := countGames(data); len(res) != games {
			t.Errorf("%s: %d results for %d games", f, len(res), games)
		}
		slow := readAll(t, data, f, true, 0, parser.Limits{}, nil)
		if len(slow) != len(res) {
			t.Errorf("%s: %d results with the fast path, %d without", f, len(res), len(slow))
		} else {
			for i := range res {
				if d := readertest.ResultDiff(res[i], slow[i]); d != "" {
					t.Errorf("%s: result %d: fast path and decoder differ: %s", f, i, d)
				}
			}
		}
		hands := 0
		for _, r := range res {
			if r.Err != nil {
				fmt.Fprintf(&out, "%s:%d: error: %s\n", f, r.Err.Line, r.Err.Msg)
				continue
			}
			hands++
			h := r.H
			fmt.Fprintf(&out, "%s:%d: hand %s %s %s %d/%d at scale %d, %d seats, %d actions, rake %d\n", f, h.Pos.Line, h.ID,
				h.Game.Code, h.Currency, h.Stakes.SmallBlind, h.Stakes.BigBlind, h.Scale, len(h.Seats), len(h.Actions), h.Outcome.Rake)
		}
	}
	golden := filepath.Join("testdata", "corpus.golden")
	if *update {
		if err := os.WriteFile(golden, []byte(out.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if got := out.String(); got != string(want) {
		t.Errorf("the corpus reads differently from %s (go test -update to rewrite it):\n%s", golden, firstDiff(got, string(want)))
	}
}

func firstDiff(got, want string) string {
	g, w := strings.Split(got, "\n"), strings.Split(want, "\n")
	for i := range max(len(g), len(w)) {
		var a, b string
		if i < len(g) {
			a = g[i]
		}
		if i < len(w) {
			b = w[i]
		}
		if a != b {
			return fmt.Sprintf("line %d:\n got  %s\n want %s", i+1, a, b)
		}
	}
	return ""
}

// TestRoundTrip writes every hand of the corpus and of testdata and reads
// it back: the same hand. The writer refuses only what the format cannot
// express, and none of these.
func TestRoundTrip(t *testing.T) {
	dir, files := corpusFiles(t)
	inputs := map[string][]byte{"testdata/sessions.xml": testSessions(t)}
	for _, f := range files {
		data, err := os.ReadFile(filepath.Join(dir, f))
		if err != nil {
			t.Fatal(err)
		}
		inputs[f] = data
	}
	n := 0
	for name, data := range inputs {
		for i, r := range readAll(t, data, name, false, 0, parser.Limits{}, nil) {
			if r.H == nil {
				continue
			}
			text, err := AppendHand(nil, r.H, i+1)
			if err != nil {
				t.Errorf("%s: hand %s: %v", name, r.H.ID, err)
				continue
			}
			back := readAll(t, text, "back", false, 0, parser.Limits{}, nil)
			if len(back) != 1 || back[0].H == nil {
				t.Errorf("%s: hand %s written reads back as %+v:\n%s", name, r.H.ID, back, text)
				continue
			}
			if d := readertest.HandDiff(r.H, back[0].H); d != nil {
				t.Errorf("%s: hand %s differs after a round trip:\n  %s\n%s", name, r.H.ID, strings.Join(d, "\n  "), text)
			}
			n++
		}
	}
	if n < 80 {
		t.Errorf("only %d hands went round", n)
	}
}

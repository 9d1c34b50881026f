package ipoker

import (
	"bytes"
	"encoding/xml"
	"flag"
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/handaudit/handaudit/hand"
	"github.com/handaudit/handaudit/internal/readertest"
	"github.com/handaudit/handaudit/parser"
)

var update = flag.Bool("update", false, "rewrite golden files")

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
	dir, files := readertest.CorpusFiles(t, "rooms/IPoker", "")
	var out strings.Builder
	for _, f := range files {
		data := readertest.ReadFile(t, filepath.Join(dir, f))
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
	readertest.Golden(t, filepath.Join("testdata", "corpus.golden"), out.String(), *update)
}

// TestRoundTrip writes every hand of the corpus and of testdata and reads
// it back: the same hand. The writer refuses only what the format cannot
// express, and none of these.
func TestRoundTrip(t *testing.T) {
	dir, files := readertest.CorpusFiles(t, "rooms/IPoker", "")
	inputs := map[string][]byte{"testdata/sessions.xml": testSessions(t)}
	for _, f := range files {
		inputs[f] = readertest.ReadFile(t, filepath.Join(dir, f))
	}
	n := 0
	for name, data := range inputs {
		for i, r := range readAll(t, data, name, false, 0, parser.Limits{}, nil) {
			if r.H == nil {
				continue
			}
			write := func(h *hand.Hand) ([]byte, error) { return AppendHand(nil, h, i+1) }
			if readertest.RoundTrip(t, name, r.H, write, readBack) {
				n++
			}
		}
	}
	if n < 80 {
		t.Errorf("only %d hands went round", n)
	}
}

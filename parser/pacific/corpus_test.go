package pacific

import (
	"bytes"
	"flag"
	"fmt"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/handaudit/handaudit/hand"
	"github.com/handaudit/handaudit/internal/readertest"
	"github.com/handaudit/handaudit/parser"
)

var update = flag.Bool("update", false, "rewrite golden files")

// headerLine is an 888 hand header, counted apart from the reader: a
// site's name, then "Hand History for Game N".
var headerLine = regexp.MustCompile(`(?m)^(?:\x{FEFF})*\*{5} \S[^\n]* Hand History for Game \d+ \*{5}\r?$`)

// corpusFiles reads every file of the shared Pacific folder.
func corpusFiles(t testing.TB) (names []string, data map[string][]byte) {
	root, names := readertest.CorpusFiles(t, "rooms/Pacific", "")
	data = map[string][]byte{}
	for _, name := range names {
		data[name] = readertest.ReadFile(t, filepath.Join(root, name))
	}
	return names, data
}

// TestCorpus reads every file of the shared Pacific folder: each file
// this format claims is read whole, each of its hand headers (counted
// apart) is a hand or a parse error, and what is read is the golden
// file's (testdata/corpus.golden; -update rewrites it). The files in
// PartyPoker's layout are not claimed.
func TestCorpus(t *testing.T) {
	names, data := corpusFiles(t)
	var out strings.Builder
	files, hands := 0, 0
	for _, name := range names {
		b := data[name]
		text := string(b)
		if parser.Detect(b) != Format {
			if len(bytes.TrimSpace(bytes.TrimPrefix(b, []byte("\uFEFF")))) == 0 {
				fmt.Fprintf(&out, "%s: empty\n", name)
				continue
			}
			if !strings.Contains(text, "***** Hand History for Game ") {
				t.Errorf("%s: not detected as 888poker", name)
			}
			fmt.Fprintf(&out, "%s: not 888poker (PartyPoker's layout)\n", name)
			continue
		}
		files++
		hs, errs := readertest.ReadHands(t, Format, b, name)
		headers := len(headerLine.FindAllString(text, -1))
		inHand := 0
		for _, e := range errs {
			if e.(*parser.Error).HandID != "" {
				inHand++
			}
		}
		if len(hs)+inHand != headers {
			t.Errorf("%s: %d headers, %d hands and %d errors in hands", name, headers, len(hs), inHand)
		}
		hands += len(hs)
		for _, h := range hs {
			fmt.Fprintf(&out, "%s: hand %s\n", name, describe(h))
		}
		for _, e := range errs {
			pe := e.(*parser.Error)
			fmt.Fprintf(&out, "%s:%d: error: %s\n", name, pe.Line, pe.Msg)
		}
	}
	t.Logf("%d files, %d hands", files, hands)
	readertest.Golden(t, filepath.Join("testdata", "corpus.golden"), out.String(), *update)
}

// describe sums up a hand for the golden file.
func describe(h *hand.Hand) string {
	var kinds []string
	posts, bets, collected := 0, 0, hand.Amount(0)
	for _, a := range h.Actions {
		switch {
		case a.Kind == hand.Post:
			posts++
		case a.Kind.IsBetting():
			bets++
		case a.Kind == hand.Collect:
			collected += a.Amount
		case a.Kind == hand.Show || a.Kind == hand.Muck:
			kinds = append(kinds, a.Kind.String())
		}
	}
	return fmt.Sprintf("%s %s %s table %q tournament %q %s/%s %s scale %d stakes %d/%d ante %d seats %d posts %d bets %d board %v %v collected %d",
		h.ID, h.Site, h.Start.Format("2006-01-02T15:04:05"), h.Table, h.Tournament, h.Game.Variant, h.Game.Structure, h.Currency, h.Scale,
		h.Stakes.SmallBlind, h.Stakes.BigBlind, h.Stakes.Ante, len(h.Seats), posts, bets, h.Boards, kinds, collected)
}

// TestRoundTrip writes every hand of the corpus and the tests' hands and
// reads it back: the same hand.
func TestRoundTrip(t *testing.T) {
	names, data := corpusFiles(t)
	inputs := map[string][]byte{"cashHand": []byte(cashHand)}
	for _, name := range names {
		inputs[name] = data[name]
	}
	n := 0
	for name, b := range inputs {
		if parser.Detect(b) != Format {
			continue
		}
		hs, _ := readertest.ReadHands(t, Format, b, name)
		for _, h := range hs {
			if readertest.RoundTrip(t, name, h, func(h *hand.Hand) ([]byte, error) { return AppendHand(nil, h) }, readBack) {
				n++
			}
		}
	}
	if n < 30 {
		t.Errorf("%d hands round-tripped", n)
	}
}

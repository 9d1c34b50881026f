package unsupported_test

import (
	"bufio"
	"bytes"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/handaudit/handaudit/internal/testenv"
	"github.com/handaudit/handaudit/parser"
	_ "github.com/handaudit/handaudit/parser/formats" // every reader, and the recognisers
	"github.com/handaudit/handaudit/parser/unsupported"
)

// samples is the start of a file in each recognised format, two hands
// long, written as the rooms write them.
var samples = map[string]string{
	"Bovada text": "Bovada Hand #3762323612 TBL#20395476 HOLDEM No Limit - 2019-05-23 09:14:55\n" +
		"Seat 1: UTG ($25 in chips)\nSeat 2: Big Blind [ME] ($25.10 in chips)\n\n" +
		"Bovada Hand #3762323613 TBL#20395476 HOLDEM No Limit - 2019-05-23 09:15:40\nSeat 1: UTG ($25 in chips)\n",
	"Ignition text": "Ignition Hand #4046913045 TBL#26050213 HOLDEM No Limit - 2020-08-19 20:03:01\nSeat 1: Dealer ($10 in chips)\n\n" +
		"Ignition Hand #4046913046 TBL#26050213 HOLDEM No Limit - 2020-08-19 20:04:11\n",
	"Full Tilt text": "Full Tilt Poker Game #33286946295: Table Cloudline (6 max) - $0.05/$0.10 - No Limit Hold'em - 19:03:53 ET - 2011/09/28\n" +
		"Seat 1: Player1 ($10)\n\nFull Tilt Poker Game #33286946300: Table Cloudline (6 max) - $0.05/$0.10 - No Limit Hold'em - 19:04:20 ET - 2011/09/28\n",
	"PokerStars text in Russian": "Раздача PokerStars №260000000001:  Холдем Безлимитный ($0.01/$0.02 USD) - 04.05.2026 21:35:18 EET [04.05.2026 14:35:18 ВВ]\n" +
		"Стол 'Fixture' 6-max Баттон на месте №1\nМесто 1: Ann ($2 фишек)\n\n" +
		"Раздача PokerStars №260000000002:  Холдем Безлимитный ($0.01/$0.02 USD) - 04.05.2026 21:36:02 EET [04.05.2026 14:36:02 ВВ]\n",
	"Merge XML": `<description type="Holdem" stakes="No Limit ($0.05/$0.10)"/>` + "\n" +
		`<game id="53363692-2070" starttime="20120417015848" numholecards="2" gametype="2" seats="9" realmoney="true" data="20120417|Yellowstone (53363692)|53363692|53363692-2070|false">` +
		"\n<players dealer=\"8\"></players>\n</game>\n" + `<description type="Holdem" stakes="No Limit ($0.05/$0.10)"/>` + "\n" +
		`<game id="53363692-2071" starttime="20120417015948" numholecards="2" gametype="2" seats="9" realmoney="true" data="20120417|Yellowstone (53363692)|53363692|53363692-2071|false">` +
		"\n</game>\n",
}

// TestRecognisersNotRead checks every recogniser on a sample of its
// format: no registered reader reads the sample (a format whose reader
// has landed must leave this package: a reader wins over a recogniser,
// and the recogniser is then dead), the recogniser names it, and its
// marker counts the sample's two hands.
func TestRecognisersNotRead(t *testing.T) {
	if got, want := parser.Recognisers(), names(); !slices.Equal(got, want) {
		t.Fatalf("registered recognisers %q, want %q", got, want)
	}
	for _, r := range unsupported.Recognitions {
		sample, ok := samples[r.Name]
		if !ok {
			t.Errorf("%s has no sample in this test", r.Name)
			continue
		}
		if f := parser.Detect([]byte(sample)); f != parser.FormatUnknown {
			t.Errorf("%s is read by the %q reader: remove its recogniser from parser/unsupported", r.Name, f)
			continue
		}
		name, marker := parser.Recognise([]byte(sample))
		if name != r.Name {
			t.Errorf("a %s sample is recognised as %q", r.Name, name)
			continue
		}
		if n, err := parser.CountHands(strings.NewReader(sample), marker); n != 2 || err != nil {
			t.Errorf("%s: %d hands counted (%v), want 2", r.Name, n, err)
		}
	}
	for _, text := range []string{"", "hello\nworld\n", "Hand #1\n", "PokerStar Hand #12: x\n", "<game></game>"} {
		if name, marker := parser.Recognise([]byte(text)); name != "" || marker != nil {
			t.Errorf("%q recognised as %q", text, name)
		}
	}
	// A head in UTF-16 is decoded first, as Detect decodes it.
	u16 := []byte{0xff, 0xfe}
	for _, r := range samples["Full Tilt text"] {
		u16 = append(u16, byte(r), 0)
	}
	if name, _ := parser.Recognise(u16); name != "Full Tilt text" {
		t.Errorf("UTF-16 Full Tilt text recognised as %q", name)
	}
}

func names() []string {
	var out []string
	for _, r := range unsupported.Recognitions {
		out = append(out, r.Name)
	}
	slices.Sort(out)
	return out
}

// TestCorpusRooms runs the recognisers over the other rooms' files of the
// shared corpus: each file is read by a reader, or recognised as its
// room's format, and its hands counted by the marker match those counted
// otherwise: lines that start with the room's header. (Some files are fragments
// without a header, deliberately: those are not recognised.)
func TestCorpusRooms(t *testing.T) {
	root := testenv.CorpusDir(t, "rooms")
	rooms := map[string]string{}
	for dir, want := range rooms {
		recognised := 0
		filepath.WalkDir(filepath.Join(root, dir), func(p string, d os.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return err
			}
			data, err := os.ReadFile(p)
			if err != nil {
				t.Fatal(err)
			}
			head := data[:min(len(data), 8192)]
			if f := parser.Detect(head); f != parser.FormatUnknown {
				return nil // read by a reader that has landed
			}
			name, marker := parser.Recognise(head)
			if name == "" {
				return nil // a fragment
			}
			recognised++
			if name != want {
				t.Errorf("%s: recognised as %q, want %q", p, name, want)
				return nil
			}
			text, _ := io.ReadAll(parser.NewDecodedReader(bytes.NewReader(data)))
			n, err := parser.CountHands(iotest.HalfReader(bytes.NewReader(text)), marker)
			if err != nil {
				t.Fatal(err)
			}
			if other := countOtherwise(t, name, text); n != other {
				t.Errorf("%s: %d hands by the marker %q, %d otherwise", p, n, marker, other)
			}
			return nil
		})
		t.Logf("%s: %d files recognised as %s", dir, recognised, want)
	}
}

// countOtherwise counts the hands of a file without the marker: the lines
// that start with the header of the room's hands.
func countOtherwise(t *testing.T, format string, text []byte) int64 {
	headers := map[string][]string{}
	var n int64
	sc := bufio.NewScanner(bytes.NewReader(text))
	sc.Buffer(nil, 1<<20)
	first := ""
	for sc.Scan() {
		line := strings.TrimPrefix(sc.Text(), "\uFEFF")
		for _, h := range headers[format] {
			if strings.HasPrefix(line, h) && (first == "" || first == h) {
				first = h // the file's own header: the other may also be there
				n++
			}
		}
	}
	return n
}

// FuzzRecognise checks, on any input, that recognising never panics and
// that counting a marker in pieces, however the reads split it, finds as
// many as counting the whole.
func FuzzRecognise(f *testing.F) {
	for _, s := range samples {
		f.Add([]byte(s))
	}
	f.Add([]byte("Poker Hand #Poker Hand #Poker Hand #"))
	f.Fuzz(func(t *testing.T, data []byte) {
		name, marker := parser.Recognise(data)
		if (name == "") != (marker == nil) {
			t.Fatalf("Recognise: name %q, marker %q", name, marker)
		}
		if marker == nil {
			marker = []byte("ab")
		}
		want := int64(bytes.Count(data, marker))
		for _, r := range []io.Reader{bytes.NewReader(data), iotest.OneByteReader(bytes.NewReader(data)), iotest.HalfReader(bytes.NewReader(data))} {
			if n, err := parser.CountHands(r, marker); n != want || err != nil {
				t.Fatalf("CountHands: %d (%v), want %d", n, err, want)
			}
		}
	})
}

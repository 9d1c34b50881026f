package ipoker

import (
	"bytes"
	"io"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/handaudit/handaudit/cards"
	"github.com/handaudit/handaudit/hand"
	"github.com/handaudit/handaudit/internal/readertest"
	"github.com/handaudit/handaudit/parser"
)

// readAll reads every result of one input, with the fast path or not,
// from reads of chunk bytes (0: whole), under lim, from pool.
func readAll(t testing.TB, data []byte, name string, noQuick bool, chunk int, lim parser.Limits, pool *hand.Pool) []readertest.ReadResult {
	t.Helper()
	var in io.Reader = bytes.NewReader(data)
	if chunk > 0 {
		in = &readertest.ChunkReader{Data: data, N: chunk}
	}
	r := newReader(in, name, lim, pool)
	r.noQuick = noQuick
	return readertest.Results(t, r, name)
}

// readBack is a reader without limits, for reading back what the writer
// wrote.
func readBack(r io.Reader, name string) parser.Reader {
	return newReader(r, name, parser.Limits{}, nil)
}

func testSessions(t testing.TB) []byte {
	t.Helper()
	data, err := os.ReadFile("testdata/sessions.xml")
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// TestReadSessions checks every field of the hands of testdata's sessions:
// a cash game with actions written out of order and a showdown, an
// all-in returned uncalled, and a tournament with antes.
func TestReadSessions(t *testing.T) {
	res := readAll(t, testSessions(t), "s.xml", false, 0, parser.Limits{}, nil)
	if len(res) != 3 {
		t.Fatalf("%d results, want 3", len(res))
	}
	for i, r := range res {
		if r.Err != nil {
			t.Fatalf("result %d: %v", i, r.Err)
		}
	}
	h := res[0].H
	if h.Format != "ipoker" || h.Site != "iPoker" || h.ID != "101" || h.Table != "Testtable, 900000001" ||
		h.Currency != "EUR" || h.Scale != 100 || h.Tournament != "" || h.Button != 1 || h.Index != 0 ||
		h.Pos != (hand.Pos{File: "s.xml", Line: 12}) {
		t.Errorf("hand 1 header: %+v", h)
	}
	if want := time.Date(2020, 3, 1, 20, 1, 2, 0, time.UTC); !h.Start.Equal(want) {
		t.Errorf("start %v, want %v", h.Start, want)
	}
	if h.Game != (hand.Game{Variant: hand.Holdem, Structure: hand.NoLimit, HoleCards: 2, Code: "Holdem NL"}) {
		t.Errorf("game %+v", h.Game)
	}
	if st := h.Stakes; st.SmallBlind != 5 || st.BigBlind != 10 || st.MinBet != 10 || st.Ante != 0 {
		t.Errorf("stakes %+v", st)
	}
	wantSeats := []hand.Seat{{Number: 1, Player: "Alice", Stack: 1000}, {Number: 3, Player: "Bob", Stack: 550}, {Number: 6, Player: "Carol", Stack: 800}}
	if len(h.Seats) != 3 || h.Seats[0] != wantSeats[0] || h.Seats[1] != wantSeats[1] || h.Seats[2] != wantSeats[2] {
		t.Errorf("seats %+v", h.Seats)
	}
	type act struct {
		kind       hand.ActionKind
		player     int
		amount, to hand.Amount
		cards      string
		line       int
	}
	want := []act{
		{hand.Post, 1, 5, 0, "", 22}, {hand.Post, 2, 10, 0, "", 23},
		{hand.DealHole, 0, 0, 0, "QcJc", 26}, {hand.DealHole, 1, 0, 0, "KsKd", 29}, {hand.DealHole, 2, 0, 0, "????", 31},
		{hand.Call, 0, 10, 0, "", 27}, {hand.Raise, 1, 0, 30, "", 30}, {hand.Fold, 2, 0, 0, "", 32}, {hand.Call, 0, 20, 0, "", 28},
		{hand.DealBoard, -1, 0, 0, "2c7sKh", 35}, {hand.Bet, 1, 0, 40, "", 36}, {hand.Call, 0, 40, 0, "", 37},
		{hand.DealBoard, -1, 0, 0, "3d", 40}, {hand.Check, 1, 0, 0, "", 41}, {hand.Check, 0, 0, 0, "", 42},
		{hand.DealBoard, -1, 0, 0, "Qs", 45}, {hand.Bet, 1, 0, 100, "", 46}, {hand.Call, 0, 100, 0, "", 47},
		{hand.Show, 1, 0, 0, "KsKd", 49}, {hand.Show, 0, 0, 0, "QcJc", 49},
	}
	if len(h.Actions) != len(want) {
		t.Fatalf("%d actions, want %d: %+v", len(h.Actions), len(want), h.Actions)
	}
	for i, w := range want {
		a := h.Actions[i]
		got := act{a.Kind, a.Player, a.Amount, a.To, "", a.Pos.Line}
		if len(a.Cards) > 0 {
			got.cards = cards.FormatList(a.Cards)
		}
		if got != w {
			t.Errorf("action %d: %+v, want %+v", i, got, w)
		}
	}
	if h.Actions[0].PostKind != hand.PostSmallBlind || h.Actions[1].PostKind != hand.PostBigBlind {
		t.Errorf("posts %v %v", h.Actions[0].PostKind, h.Actions[1].PostKind)
	}
	if len(h.Boards) != 1 || cards.FormatList(h.Boards[0]) != "2c7sKh3dQs" {
		t.Errorf("boards %v", h.Boards)
	}
	o := h.Outcome
	if o.HasRake || !o.HasFinishingStacks || len(o.FinishingStacks) != 3 ||
		o.FinishingStacks[0] != 830 || o.FinishingStacks[1] != 715 || o.FinishingStacks[2] != 790 || o.HasTotalPot {
		t.Errorf("outcome %+v", o)
	}

	// An all-in raise, returned uncalled: iPoker's win counts the return.
	h = res[1].H
	if a := h.Actions[5]; a.Kind != hand.Raise || a.To != 715 || !a.AllIn || a.Player != 1 {
		t.Errorf("all-in: %+v", a)
	}
	if o := h.Outcome; o.HasRake || o.FinishingStacks[1] != 730 || o.FinishingStacks[0] != 920 || o.FinishingStacks[2] != 785 {
		t.Errorf("all-in outcome %+v", o)
	}

	// A tournament: chips, the blinds and ante from the posts.
	h = res[2].H
	if h.Currency != "" || h.Scale != 1 || h.Tournament != "12345" || h.Button != 2 || h.Index != 2 {
		t.Errorf("tournament header: %+v", h)
	}
	if st := h.Stakes; st.Ante != 25 || st.SmallBlind != 50 || st.BigBlind != 100 {
		t.Errorf("tournament stakes %+v", st)
	}
	if want := time.Date(2020, 3, 2, 18, 5, 0, 0, time.UTC); !h.Start.Equal(want) {
		t.Errorf("start %v, want %v", h.Start, want)
	}
	if a := h.Actions[0]; a.Kind != hand.Post || a.PostKind != hand.PostAnte || a.Amount != 25 {
		t.Errorf("ante %+v", a)
	}
	if o := h.Outcome; o.FinishingStacks[0] != 1825 || o.FinishingStacks[1] != 1675 || o.HasRake {
		t.Errorf("tournament outcome %+v", o)
	}
}

// TestQuickMatchesDecoder reads inputs with the fast path and with the
// decoder alone, whole and in small reads: the results must be the same.
func TestQuickMatchesDecoder(t *testing.T) {
	base := string(testSessions(t))
	inputs := map[string]string{
		"sessions":   base,
		"crlf":       strings.ReplaceAll(base, "\n", "\r\n"),
		"entity":     strings.Replace(base, `name="Carol"`, `name="C&amp;rol"`, 1),
		"comment":    strings.Replace(base, `<round no="2">`, `<round no="2"><!-- flop -->`, 1),
		"single":     strings.ReplaceAll(base, `"`, `'`),
		"selfclose":  strings.Replace(base, `<game gamecode="102">`, `<game gamecode="99"/><game gamecode="102">`, 1),
		"badxml":     strings.Replace(base, `<action no="8" player="Alice"`, `<action no="8" player=Alice`, 1),
		"lt":         strings.Replace(base, `player="Alice" type="3" sum="€0.40"`, `player="Al<ce" type="3" sum="€0.40"`, 1),
		"glued":      strings.Replace(base, "  </game>\n  <game gamecode=\"102\">", "  <game gamecode=\"102\">", 1),
		"cut":        base[:strings.Index(base, `<round no="3">`)],
		"unknown":    strings.Replace(base, `<round no="3">`, `<round no="3"><chat>hi</chat>`, 1),
		"servername": strings.Replace(base, `<players>`, `<servername>s1</servername><players>`, 1),
		"ns":         strings.Replace(base, `<cards type="Turn"`, `<x:cards type="Turn"`, 1),
		"spaces":     strings.Replace(base, `</round>`, "</round >", 1),
		"cdata":      strings.Replace(base, `>D3<`, `><![CDATA[D3]]><`, 1),
		"ctrl":       strings.Replace(base, `>D3<`, ">D\x013<", 1),
	}
	r := NewReader(strings.NewReader(base), "s.xml")
	for {
		if _, err := r.Next(); err == io.EOF {
			break
		}
	}
	if r.quickN != 3 {
		t.Errorf("the fast path read %d of the 3 games", r.quickN)
	}
	for name, in := range inputs {
		want := readAll(t, []byte(in), name, true, 0, parser.Limits{}, nil)
		for _, chunk := range []int{0, 7} {
			got := readAll(t, []byte(in), name, false, chunk, parser.Limits{}, nil)
			if len(got) != len(want) {
				t.Errorf("%s/%d: %d results with the fast path, %d without", name, chunk, len(got), len(want))
				continue
			}
			for i := range got {
				if d := readertest.ResultDiff(got[i], want[i]); d != "" {
					t.Errorf("%s/%d: result %d: %s", name, chunk, i, d)
				}
			}
		}
	}
}

// TestErrors checks each fault of a game: its message, its line, and that
// reading resumes with the next game.
func TestErrors(t *testing.T) {
	base := string(testSessions(t))
	cases := []struct {
		name, in string
		line     int
		msg      string
		hands    int // hands read besides the error
	}{
		{"unknown type", strings.Replace(base, `type="0" sum="€0" cards="" />
    </round>
    <round no="2">`, `type="42" sum="€0" cards="" />
    </round>
    <round no="2">`, 1), 32, `game 101: action 5 has an unknown type "42"`, 2},
		{"bad amount", strings.Replace(base, `sum="€0.40" cards="" />
      <action no="8"`, `sum="€0.4x" cards="" />
      <action no="8"`, 1), 36, `game 101: amount "€0.4x" is not a number`, 2},
		{"not seated", strings.Replace(base, `<action no="12" player="Alice"`, `<action no="12" player="Zed"`, 1), 47, `game 101: action 12 by "Zed", who is not seated`, 2},
		{"missing chips", strings.Replace(base, `name="Carol" chips="€8"`, `name="Carol"`, 1), 18, "game 101: a player without chips", 2},
		{"bad xml", strings.Replace(base, `<action no="8" player="Alice"`, `<action no="8" player=Alice`, 1), 37, "game 101: bad XML: unquoted or missing attribute value in element", 2},
		{"cut off", base[:strings.Index(base, `<round no="3">`)], 12, "game 101: the file ends inside the game, before </game>: the file is cut off", 0},
		{"glued", strings.Replace(base, "  </game>\n  <game gamecode=\"102\">", "  <game gamecode=\"102\">", 1), 12, "game 101: the game has no </game>: a <game> starts at line 49", 2},
		{"bad cards", strings.Replace(base, ">D3<", ">Z3<", 1), 40, `game 101: cards "Z3" not understood`, 2},
		{"bad game type", strings.Replace(base, "Holdem NL €0.05/€0.10", "Pineapple NL €0.05/€0.10", 1), 12, `game 101: game type "Pineapple NL €0.05/€0.10": game "Pineapple" not known`, 1},
		{"bad date", strings.Replace(base, "2020-03-01 20:01:02", "yesterday", 1), 12, `game 101: start date "yesterday" not understood`, 2},
		{"raise below", strings.Replace(base, `type="23" sum="€0.30"`, `type="23" sum="€0.01"`, 1), 30, "game 101: action 4 raises to €0.01, less than the 0.05 already in", 2},
	}
	for _, c := range cases {
		res := readAll(t, []byte(c.in), "e.xml", false, 0, parser.Limits{}, nil)
		var errs []*parser.Error
		hands := 0
		for _, r := range res {
			if r.Err != nil {
				errs = append(errs, r.Err)
			} else {
				hands++
			}
		}
		switch {
		case len(errs) == 0:
			t.Errorf("%s: no error", c.name)
			continue
		case errs[0].Line != c.line || !strings.HasPrefix(errs[0].Msg, c.msg) || errs[0].File != "e.xml":
			t.Errorf("%s: error %q at line %d, want %q at %d", c.name, errs[0].Msg, errs[0].Line, c.msg, c.line)
		}
		if errs[0].HandIndex != 0 || errs[0].HandID != "101" && c.name != "bad game type" {
			t.Errorf("%s: error of hand %d %q", c.name, errs[0].HandIndex, errs[0].HandID)
		}
		if hands != c.hands {
			t.Errorf("%s: %d hands read besides the error, want %d", c.name, hands, c.hands)
		}
	}
}

// TestLimits: a game too large, a line too long and too many actions are
// errors, and reading goes on with the next game.
func TestLimits(t *testing.T) {
	base := testSessions(t)
	cases := []struct {
		name string
		lim  parser.Limits
		in   []byte
		msg  string
	}{
		{"hand bytes", parser.Limits{MaxHandBytes: 1500}, base, "game 101: game longer than 1500 bytes"},
		{"actions", parser.Limits{MaxActions: 12}, base, "game 101: more than 12 actions"},
		{"line", parser.Limits{MaxLineBytes: 200}, bytes.Replace(base, []byte(`name="Carol"`), []byte(`name="`+strings.Repeat("C", 300)+`"`), 1), "game 101: line longer than 200 bytes"},
	}
	for _, c := range cases {
		for _, noQuick := range []bool{false, true} {
			res := readAll(t, c.in, "l.xml", noQuick, 0, c.lim, nil)
			if len(res) == 0 || res[0].Err == nil || !strings.HasPrefix(res[0].Err.Msg, c.msg) {
				t.Errorf("%s (noQuick %v): first result %+v, want error %q", c.name, noQuick, res, c.msg)
				continue
			}
			if last := res[len(res)-1]; last.H == nil || last.H.ID != "300" {
				t.Errorf("%s: reading did not go on to game 300", c.name)
			}
		}
	}
}

// TestEncodings reads the sessions as UTF-16 (either order, with a mark)
// and as Windows-1252 declared so: the same hands as in UTF-8.
func TestEncodings(t *testing.T) {
	base := testSessions(t)
	want := readAll(t, base, "u.xml", false, 0, parser.Limits{}, nil)
	latin := bytes.ReplaceAll(bytes.ReplaceAll(base, []byte("€"), []byte{0x80}), []byte(`encoding="utf-8"`), []byte(`encoding="windows-1252"`))
	for name, in := range map[string][]byte{
		"utf-16le":     readertest.UTF16(string(base), false),
		"utf-16be":     readertest.UTF16(string(base), true),
		"bom":          append([]byte("\xef\xbb\xbf"), base...),
		"windows-1252": latin,
	} {
		got := readAll(t, in, "u.xml", false, 0, parser.Limits{}, nil)
		if len(got) != len(want) {
			t.Errorf("%s: %d results, want %d", name, len(got), len(want))
			continue
		}
		for i := range got {
			if d := readertest.ResultDiff(got[i], want[i]); d != "" {
				t.Errorf("%s: result %d: %s", name, i, d)
			}
		}
	}
}

package phh

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"testing"
	"testing/iotest"
	"time"

	"github.com/handaudit/handaudit/cards"
	"github.com/handaudit/handaudit/hand"
	"github.com/handaudit/handaudit/internal/testenv"
	"github.com/handaudit/handaudit/parser"
)

// phhRepoRoot returns the repository root (the directory holding go.mod).
func phhRepoRoot(tb testing.TB) string {
	tb.Helper()
	return testenv.RepoRoot(tb)
}

// phhCorpusDir returns ../shared/corpus/phh relative to the repository
// root. It skips the test when the corpus is absent, or fails under CI=true.
func phhCorpusDir(tb testing.TB) string {
	tb.Helper()
	return testenv.CorpusDir(tb, "phh")
}

// phhCorpusFiles lists the corpus's .phh and .phhs files, sorted.
func phhCorpusFiles(tb testing.TB) []string {
	tb.Helper()
	var paths []string
	err := filepath.WalkDir(phhCorpusDir(tb), func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && (strings.HasSuffix(p, ".phh") || strings.HasSuffix(p, ".phhs")) {
			paths = append(paths, p)
		}
		return err
	})
	if err != nil {
		tb.Fatal(err)
	}
	sort.Strings(paths)
	return paths
}

// phhResult is everything a reader returned.
type phhResult struct {
	hands []*hand.Hand
	errs  []*parser.Error
}

func (r phhResult) String() string {
	var b strings.Builder
	for _, h := range r.hands {
		fmt.Fprintf(&b, "\n  hand %d %q at line %d: %+v", h.Index, h.ID, h.Pos.Line, *h)
	}
	for _, e := range r.errs {
		fmt.Fprintf(&b, "\n  error %+v", *e)
	}
	return b.String()
}

// phhReadAll reads r to the end. Any error other than a *Error fails.
func phhReadAll(tb testing.TB, r io.Reader, name string) phhResult {
	tb.Helper()
	return phhDrain(tb, NewReader(r, name), name)
}

// phhDrain reads every hand and error from pr, as phhReadAll does.
func phhDrain(tb testing.TB, pr *Reader, name string) phhResult {
	tb.Helper()
	var res phhResult
	for i := 0; ; i++ {
		h, err := pr.Next()
		if err == io.EOF {
			break
		}
		var pe *parser.Error
		switch {
		case errors.As(err, &pe):
			res.errs = append(res.errs, pe)
		case err != nil:
			tb.Fatalf("%s: not a parse error: %v", name, err)
		default:
			res.hands = append(res.hands, h)
		}
		if i > 1_000_000 {
			tb.Fatal("reader does not end")
		}
	}
	// Next keeps returning io.EOF.
	if h, err := pr.Next(); h != nil || err != io.EOF {
		tb.Fatalf("%s: Next after the end = %v, %v; want nil, io.EOF", name, h, err)
	}
	return res
}

func phhReadString(tb testing.TB, text, name string) phhResult {
	tb.Helper()
	return phhReadAll(tb, strings.NewReader(text), name)
}

// phhCheckInvariants checks what must hold for any hand the reader
// returns, whatever the input.
func phhCheckInvariants(tb testing.TB, h *hand.Hand, lines int) {
	tb.Helper()
	fail := func(format string, args ...any) {
		tb.Helper()
		tb.Fatalf("%s hand %d (%s): %s", h.Pos.File, h.Index, h.ID, fmt.Sprintf(format, args...))
	}
	if h.Format != "phh" {
		fail("Format %q", h.Format)
	}
	switch h.Scale {
	case 1, 10, 100, 1000, 10000:
	default:
		fail("Scale %d", h.Scale)
	}
	if len(h.Seats) < 2 {
		fail("%d seats", len(h.Seats))
	}
	if h.Pos.Line < 1 || h.Pos.Line > h.End || h.End > lines {
		fail("Pos.Line %d End %d, input has %d lines", h.Pos.Line, h.End, lines)
	}
	for i, st := range h.Seats {
		if st.Stack <= 0 || st.Player == "" || st.Number < 1 {
			fail("seat %d: %+v", i, st)
		}
	}
	if h.Button != 0 && h.ButtonIndex() != len(h.Seats)-1 {
		fail("button seat %d is not the last player", h.Button)
	}
	for i, a := range h.Actions {
		if a.Pos.File != h.Pos.File || a.Pos.Line < h.Pos.Line || a.Pos.Line > h.End {
			fail("action %d at %v outside the hand (lines %d-%d)", i, a.Pos, h.Pos.Line, h.End)
		}
		if a.Kind < hand.Post || a.Kind > hand.Collect {
			fail("action %d kind %d", i, a.Kind)
		}
		if a.Kind == hand.DealBoard {
			if a.Player != hand.NoPlayer {
				fail("action %d: board dealt to player %d", i, a.Player)
			}
		} else if a.Player < 0 || a.Player >= len(h.Seats) {
			fail("action %d: player %d", i, a.Player)
		}
		if a.Amount < 0 || a.To < 0 {
			fail("action %d: negative amount %+v", i, a)
		}
	}
	for _, v := range [][]hand.Amount{h.Outcome.FinishingStacks, h.Outcome.Winnings} {
		if v != nil && len(v) != len(h.Seats) {
			fail("outcome array of %d for %d seats", len(v), len(h.Seats))
		}
	}
}

func phhLineCount(b []byte) int { return bytes.Count(b, []byte{'\n'}) + 1 }

// TestPHHCorpus reads every PHH file of the corpus: all must parse, one
// hand per .phh file.
func TestPHHCorpus(t *testing.T) {
	paths := phhCorpusFiles(t)
	if len(paths) < 4800 {
		t.Fatalf("found %d PHH files in the corpus; the corpus README lists 4,805", len(paths))
	}
	hands, variants := 0, map[string]int{}
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		res := phhReadAll(t, bytes.NewReader(data), p)
		for _, e := range res.errs {
			t.Errorf("%v", e)
		}
		if strings.HasSuffix(p, ".phh") && len(res.hands)+len(res.errs) != 1 {
			t.Errorf("%s: %d hands, want 1", p, len(res.hands))
		}
		for _, h := range res.hands {
			phhCheckInvariants(t, h, phhLineCount(data))
			variants[h.Game.Code]++
		}
		hands += len(res.hands)
	}
	t.Logf("%d files, %d hands, variants %v", len(paths), hands, variants)
	// The corpus has all 11 PHH variants but NS in the WSOP files, and NS
	// in phua-xuan-2019.
	for _, v := range []string{"FT", "NT", "NS", "PO", "FO/8", "F7S", "F7S/8", "FR", "N2L1D", "F2L3D", "FB"} {
		if variants[v] == 0 {
			t.Errorf("no %s hand read from the corpus", v)
		}
	}
}

// TestPHHCorpusAsPHHS joins the corpus into one .phhs stream and checks
// that every hand reads the same as from its own file, its lines shifted
// by where it sits in the stream. This runs the streaming .phhs path over
// thousands of real hands, through buffer refills.
func TestPHHCorpusAsPHHS(t *testing.T) {
	paths := phhCorpusFiles(t)
	var stream bytes.Buffer
	var want []*hand.Hand
	var shift []int // line of each hand's header in the stream
	line := 1
	for i, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		res := phhReadAll(t, bytes.NewReader(data), "x")
		if len(res.hands) != 1 {
			t.Fatalf("%s: %d hands", p, len(res.hands))
		}
		want = append(want, res.hands[0])
		fmt.Fprintf(&stream, "[%d]\n", i+1)
		shift = append(shift, line)
		stream.Write(data)
		stream.WriteString("\n\n")
		line += 1 + phhLineCount(data) + 1
	}
	for _, mode := range []string{"whole", "one-byte"} {
		var r io.Reader = bytes.NewReader(stream.Bytes())
		if mode == "one-byte" {
			if testing.Short() {
				continue
			}
			r = iotest.OneByteReader(r)
		}
		res := phhReadAll(t, r, "x")
		if len(res.errs) != 0 {
			t.Fatalf("%s: %d errors, first %v", mode, len(res.errs), res.errs[0])
		}
		if len(res.hands) != len(want) {
			t.Fatalf("%s: %d hands, want %d", mode, len(res.hands), len(want))
		}
		for i, got := range res.hands {
			if got.Pos.Line != shift[i] || got.Index != i {
				t.Fatalf("%s: hand %d at line %d index %d, want line %d index %d", mode, i, got.Pos.Line, got.Index, shift[i], i)
			}
			phhUnshift(got, shift[i])
			w := *want[i]
			w.Pos.Line, w.Index = 0, i
			if !reflect.DeepEqual(got, &w) {
				t.Fatalf("%s: hand %d (%s) differs:\n got %+v\nwant %+v", mode, i, paths[i], got, &w)
			}
		}
	}
}

// phhUnshift moves a hand read from a stream back to its file's lines:
// its text began on the line after its header at line header.
func phhUnshift(h *hand.Hand, header int) {
	h.Pos.Line = 0
	h.End -= header
	for i := range h.Actions {
		h.Actions[i].Pos.Line -= header
	}
	if h.Outcome.Pos.Line != 0 {
		h.Outcome.Pos.Line -= header
	}
}

// phhCorpusHand reads one corpus file that must hold one good hand.
func phhCorpusHand(t *testing.T, rel string) *hand.Hand {
	t.Helper()
	p := filepath.Join(phhCorpusDir(t), "data", rel)
	f, err := os.Open(p)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	res := phhReadAll(t, f, rel)
	if len(res.errs) != 0 || len(res.hands) != 1 {
		t.Fatalf("%s: %d hands, errors %v", rel, len(res.hands), res.errs)
	}
	return res.hands[0]
}

func phhCards(t *testing.T, s string) []cards.Card {
	t.Helper()
	var out []cards.Card
	for i := 0; i+1 < len(s); i += 2 {
		c, ok := phhCard(s[i], s[i+1])
		if !ok {
			t.Fatalf("bad test card %q", s[i:i+2])
		}
		out = append(out, c)
	}
	return out
}

// phhAct is a compact expected action for tests.
type phhWantAction struct {
	i      int // index in Actions
	kind   hand.ActionKind
	player int // 1-based PHH player, 0 for the dealer
	post   hand.PostKind
	amount hand.Amount
	to     hand.Amount
	cards  string
	line   int
}

func phhCheckActions(t *testing.T, h *hand.Hand, want []phhWantAction) {
	t.Helper()
	for _, w := range want {
		if w.i >= len(h.Actions) {
			t.Errorf("action %d: hand has %d actions", w.i, len(h.Actions))
			continue
		}
		a := h.Actions[w.i]
		var wc []cards.Card
		if w.cards != "" {
			wc = phhCards(t, w.cards)
		}
		if a.Kind != w.kind || a.Player != w.player-1 || a.PostKind != w.post || a.Amount != w.amount ||
			a.To != w.to || !reflect.DeepEqual(a.Cards, wc) || a.Pos.Line != w.line {
			t.Errorf("action %d = {%v p%d %v amount %d to %d %v line %d}, want {%v p%d %v amount %d to %d %v line %d}",
				w.i, a.Kind, a.Player+1, a.PostKind, a.Amount, a.To, a.Cards, a.Pos.Line,
				w.kind, w.player, w.post, w.amount, w.to, wc, w.line)
		}
	}
}

func phhWantSeats(names []string, stacks ...hand.Amount) []hand.Seat {
	out := make([]hand.Seat, len(stacks))
	for i := range out {
		out[i] = hand.Seat{Number: i + 1, Player: names[i], Stack: stacks[i]}
	}
	return out
}

// TestPHHCorpusHands checks hands from the corpus field by field against
// what their files say.
func TestPHHCorpusHands(t *testing.T) {
	t.Run("pluribus", func(t *testing.T) {
		h := phhCorpusHand(t, "pluribus/30/0.phh")
		if h.ID != "0" || h.Scale != 1 || h.Button != 6 || h.Pos.Line != 1 || h.End != 10 || h.Index != 0 {
			t.Errorf("ID %q Scale %d Button %d Pos %d End %d Index %d", h.ID, h.Scale, h.Button, h.Pos.Line, h.End, h.Index)
		}
		if want := (hand.Game{Variant: hand.Holdem, Structure: hand.NoLimit, HoleCards: 2, Code: "NT"}); h.Game != want {
			t.Errorf("Game %+v", h.Game)
		}
		if want := (hand.Stakes{SmallBlind: 50, BigBlind: 100, MinBet: 100}); !reflect.DeepEqual(h.Stakes, want) {
			t.Errorf("Stakes %+v", h.Stakes)
		}
		names := []string{"MrWhite", "Gogo", "Budd", "Eddie", "Bill", "Pluribus"}
		if want := phhWantSeats(names, 10000, 10000, 10000, 10000, 10000, 10000); !reflect.DeepEqual(h.Seats, want) {
			t.Errorf("Seats %+v", h.Seats)
		}
		if !h.AnteTrimming || !h.Start.IsZero() || h.Currency != "" {
			t.Errorf("AnteTrimming %v Start %v Currency %q", h.AnteTrimming, h.Start, h.Currency)
		}
		if len(h.Actions) != 14 {
			t.Errorf("%d actions, want 2 posts + 12", len(h.Actions))
		}
		phhCheckActions(t, h, []phhWantAction{
			{i: 0, kind: hand.Post, player: 1, post: hand.PostSmallBlind, amount: 50, line: 4},
			{i: 1, kind: hand.Post, player: 2, post: hand.PostBigBlind, amount: 100, line: 4},
			{i: 2, kind: hand.DealHole, player: 1, cards: "3c9s", line: 7},
			{i: 7, kind: hand.DealHole, player: 6, cards: "7cTc", line: 7},
			{i: 8, kind: hand.Fold, player: 3, line: 7},
			{i: 10, kind: hand.Raise, player: 5, to: 225, line: 7},
			{i: 13, kind: hand.Fold, player: 2, line: 7},
		})
		o := h.Outcome
		if !o.HasFinishingStacks || !reflect.DeepEqual(o.FinishingStacks, []hand.Amount{9950, 9900, 10000, 10000, 10150, 10000}) ||
			o.HasWinnings || o.Pos.Line != 10 {
			t.Errorf("Outcome %+v", o)
		}
		if h.Boards != nil {
			t.Errorf("Boards %v", h.Boards)
		}
	})

	t.Run("dwan-ivey antes", func(t *testing.T) {
		h := phhCorpusHand(t, "dwan-ivey-2009.phh")
		if h.Scale != 1 || h.Button != 3 || h.Currency != "USD" || h.ID != "" || !h.Start.IsZero() || h.End != 51 {
			t.Errorf("Scale %d Button %d Currency %q ID %q Start %v End %d", h.Scale, h.Button, h.Currency, h.ID, h.Start, h.End)
		}
		if want := (hand.Stakes{Ante: 500, SmallBlind: 1000, BigBlind: 2000, MinBet: 2000}); !reflect.DeepEqual(h.Stakes, want) {
			t.Errorf("Stakes %+v", h.Stakes)
		}
		names := []string{"Phil Ivey", "Patrik Antonius", "Tom Dwan"}
		if want := phhWantSeats(names, 1125600, 2000000, 553500); !reflect.DeepEqual(h.Seats, want) {
			t.Errorf("Seats %+v", h.Seats)
		}
		phhCheckActions(t, h, []phhWantAction{
			{i: 0, kind: hand.Post, player: 1, post: hand.PostAnte, amount: 500, line: 6},
			{i: 1, kind: hand.Post, player: 2, post: hand.PostAnte, amount: 500, line: 6},
			{i: 2, kind: hand.Post, player: 3, post: hand.PostAnte, amount: 500, line: 6},
			{i: 3, kind: hand.Post, player: 1, post: hand.PostSmallBlind, amount: 1000, line: 7},
			{i: 4, kind: hand.Post, player: 2, post: hand.PostBigBlind, amount: 2000, line: 7},
			{i: 5, kind: hand.DealHole, player: 1, cards: "Ac2d", line: 13},
			{i: 6, kind: hand.DealHole, player: 2, cards: "????", line: 14},
			{i: 8, kind: hand.Raise, player: 3, to: 7000, line: 17},
			{i: 10, kind: hand.Fold, player: 2, line: 19},
			{i: 11, kind: hand.Call, player: 3, line: 20},
			{i: 12, kind: hand.DealBoard, cards: "Jc3d5c", line: 24},
			{i: 13, kind: hand.Bet, player: 1, to: 35000, line: 26},
			{i: 14, kind: hand.Call, player: 3, line: 27},
			{i: 16, kind: hand.Bet, player: 1, to: 90000, line: 33},
			{i: 17, kind: hand.Raise, player: 3, to: 232600, line: 34},
			{i: 20, kind: hand.Show, player: 1, cards: "Ac2d", line: 40},
			{i: 22, kind: hand.DealBoard, cards: "Jh", line: 45},
		})
		if !reflect.DeepEqual(h.Boards, [][]cards.Card{phhCards(t, "Jc3d5c4hJh")}) {
			t.Errorf("Boards %v", h.Boards)
		}
		if h.Outcome.HasFinishingStacks || h.Outcome.HasWinnings {
			t.Errorf("Outcome %+v", h.Outcome)
		}
	})

	t.Run("antonius-blom floats heads-up", func(t *testing.T) {
		h := phhCorpusHand(t, "antonius-blom-2009.phh")
		// 1259450.25 needs cents: every amount is in hundredths.
		if h.Scale != 100 || h.Button != 2 || h.Game.Variant != hand.Omaha || h.Game.Structure != hand.PotLimit || h.Game.HoleCards != 4 {
			t.Errorf("Scale %d Button %d Game %+v", h.Scale, h.Button, h.Game)
		}
		if want := (hand.Stakes{SmallBlind: 50000, BigBlind: 100000, MinBet: 100000}); !reflect.DeepEqual(h.Stakes, want) {
			t.Errorf("Stakes %+v", h.Stakes)
		}
		names := []string{"Patrik Antonius", "Victor Blom"}
		if want := phhWantSeats(names, 125945025, 67847350); !reflect.DeepEqual(h.Seats, want) {
			t.Errorf("Seats %+v", h.Seats)
		}
		// Heads-up: p2 has the button and posts the small blind; p1 the big.
		phhCheckActions(t, h, []phhWantAction{
			{i: 0, kind: hand.Post, player: 2, post: hand.PostSmallBlind, amount: 50000, line: 7},
			{i: 1, kind: hand.Post, player: 1, post: hand.PostBigBlind, amount: 100000, line: 7},
			{i: 2, kind: hand.DealHole, player: 1, cards: "Ah3sKsKh", line: 13},
			{i: 4, kind: hand.Raise, player: 2, to: 300000, line: 16},
			{i: 7, kind: hand.Raise, player: 1, to: 8100000, line: 19},
			{i: 8, kind: hand.Call, player: 2, line: 20},
			{i: 10, kind: hand.Bet, player: 1, to: 9100000, line: 26},
			{i: 13, kind: hand.Call, player: 2, line: 29},
			{i: 15, kind: hand.Show, player: 2, cards: "6d9s7d8h", line: 34},
			{i: 17, kind: hand.DealBoard, cards: "9c", line: 42},
		})
		if h.Start != (time.Time{}) { // month and year only: no date
			t.Errorf("Start %v", h.Start)
		}
	})

	t.Run("wsop stud", func(t *testing.T) {
		h := phhCorpusHand(t, "wsop/2023/43/5/00-22-43.phh")
		if h.ID != "5" || h.Button != 0 || h.Scale != 1 {
			t.Errorf("ID %q Button %d Scale %d", h.ID, h.Button, h.Scale)
		}
		if want := (hand.Game{Variant: hand.Stud, Structure: hand.FixedLimit, HoleCards: 7, Code: "F7S"}); h.Game != want {
			t.Errorf("Game %+v", h.Game)
		}
		if want := (hand.Stakes{Ante: 50000, BringIn: 50000, SmallBet: 200000, BigBet: 400000}); !reflect.DeepEqual(h.Stakes, want) {
			t.Errorf("Stakes %+v", h.Stakes)
		}
		if want := time.Date(2023, 6, 22, 0, 0, 0, 0, time.UTC); !h.Start.Equal(want) {
			t.Errorf("Start %v, want %v (date only)", h.Start, want)
		}
		phhCheckActions(t, h, []phhWantAction{
			{i: 0, kind: hand.Post, player: 1, post: hand.PostAnte, amount: 50000, line: 3},
			{i: 4, kind: hand.Post, player: 5, post: hand.PostAnte, amount: 50000, line: 3},
			{i: 5, kind: hand.DealHole, player: 1, cards: "Td3c4d", line: 8},
			{i: 10, kind: hand.BringIn, player: 5, amount: 50000, line: 8},
			{i: 14, kind: hand.Raise, player: 4, to: 200000, line: 8}, // completes the bring-in
			{i: 15, kind: hand.Call, player: 5, line: 8},
			{i: 16, kind: hand.DealHole, player: 4, cards: "6d", line: 8},
			{i: 18, kind: hand.Call, player: 4, line: 8}, // "cc": a check, resolved by the engine
			{i: 19, kind: hand.Call, player: 5, line: 8}, // "cc": a check, resolved by the engine
			{i: 23, kind: hand.Bet, player: 5, to: 400000, line: 8},
			{i: 24, kind: hand.Fold, player: 4, line: 8},
		})
		if h.Boards != nil {
			t.Errorf("stud hand has boards %v", h.Boards)
		}
	})

	t.Run("wsop big blind ante", func(t *testing.T) {
		h := phhCorpusHand(t, "wsop/2023/43/5/00-02-07.phh")
		if h.Stakes.Ante != 120000 || !h.Stakes.BigBlindAnte {
			t.Errorf("Stakes %+v", h.Stakes)
		}
		phhCheckActions(t, h, []phhWantAction{
			{i: 0, kind: hand.Post, player: 2, post: hand.PostAnte, amount: 120000, line: 3},
			{i: 1, kind: hand.Post, player: 1, post: hand.PostSmallBlind, amount: 40000, line: 4},
			{i: 2, kind: hand.Post, player: 2, post: hand.PostBigBlind, amount: 80000, line: 4},
		})
	})

	t.Run("triple draw", func(t *testing.T) {
		h := phhCorpusHand(t, "arieh-yockey-2019.phh")
		if want := (hand.Game{Variant: hand.Deuce7Triple, Structure: hand.FixedLimit, HoleCards: 5, Code: "F2L3D"}); h.Game != want {
			t.Errorf("Game %+v", h.Game)
		}
		// City, region and country but no time: the date alone, in UTC.
		if want := time.Date(2019, 6, 28, 0, 0, 0, 0, time.UTC); !h.Start.Equal(want) {
			t.Errorf("Start %v", h.Start)
		}
		if want := (hand.Stakes{SmallBlind: 75000, BigBlind: 150000, SmallBet: 150000, BigBet: 300000}); !reflect.DeepEqual(h.Stakes, want) {
			t.Errorf("Stakes %+v", h.Stakes)
		}
		phhCheckActions(t, h, []phhWantAction{
			{i: 6, kind: hand.Fold, player: 3, line: 19},
			{i: 7, kind: hand.Raise, player: 4, to: 300000, line: 20},
			{i: 8, kind: hand.Raise, player: 1, to: 450000, line: 21},
			{i: 10, kind: hand.Call, player: 4, line: 23},
			{i: 11, kind: hand.Discard, player: 1, line: 27}, // stands pat
			{i: 12, kind: hand.Discard, player: 4, cards: "AsQs", line: 28},
			{i: 13, kind: hand.DealHole, player: 4, cards: "2hQh", line: 29},
			{i: 14, kind: hand.Bet, player: 1, to: 150000, line: 31},
			{i: 15, kind: hand.Call, player: 4, line: 32},
			{i: 26, kind: hand.Show, player: 1, cards: "7h6c4c3d2c", line: 54},
			{i: 27, kind: hand.Show, player: 4, cards: "2h4d7c5c3c", line: 55},
		})
	})
}

// TestPHHFixtures reads the clean fixtures: each is one good hand whose
// outcome adds up (chips are conserved).
func TestPHHFixtures(t *testing.T) {
	dir := filepath.Join(phhRepoRoot(t), "fixtures", "phh", "clean")
	single, _ := filepath.Glob(filepath.Join(dir, "*.phh"))
	multi, _ := filepath.Glob(filepath.Join(dir, "*.phhs"))
	if len(single) < 3 || len(multi) < 1 {
		t.Fatalf("clean PHH fixtures: %v %v", single, multi)
	}
	hands := 0
	for _, p := range append(single, multi...) {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		res := phhReadAll(t, bytes.NewReader(data), p)
		if len(res.errs) != 0 || len(res.hands) == 0 || (strings.HasSuffix(p, ".phh") && len(res.hands) != 1) {
			t.Fatalf("%s: %d hands, errors %v", p, len(res.hands), res.errs)
		}
		for _, h := range res.hands {
			phhCheckInvariants(t, h, phhLineCount(data))
			var before, after hand.Amount
			for i, st := range h.Seats {
				before += st.Stack
				after += h.Outcome.FinishingStacks[i]
			}
			if before != after || before == 0 {
				t.Errorf("%s hand %s: stacks %d before, %d after", p, h.ID, before, after)
			}
			hands++
		}
	}
	if hands < 5 {
		t.Errorf("%d clean fixture hands", hands)
	}
}

// TestPHHFixtureNLHE checks the decimal-stakes fixture's fields.
func TestPHHFixtureNLHE(t *testing.T) {
	p := filepath.Join(phhRepoRoot(t), "fixtures", "phh", "clean", "nlhe-6max-raise.phh")
	f, err := os.Open(p)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	res := phhReadAll(t, f, "nlhe.phh")
	if len(res.hands) != 1 {
		t.Fatalf("errors %v", res.errs)
	}
	h := res.hands[0]
	// 0.50 is the finest amount: the scale is tenths (the smallest that
	// makes every amount whole), not cents.
	if h.Scale != 10 || h.Stakes.SmallBlind != 5 || h.Stakes.BigBlind != 10 || h.Table != "Fixture 1" ||
		h.MaxSeats != 6 || h.ID != "1" || h.Currency != "USD" {
		t.Errorf("Scale %d Stakes %+v Table %q MaxSeats %d ID %q", h.Scale, h.Stakes, h.Table, h.MaxSeats, h.ID)
	}
	// 21:15 in New York on 9 March 2024 (EST, UTC-5; DST began on the 10th).
	if want := time.Date(2024, 3, 10, 2, 15, 0, 0, time.UTC); !h.Start.Equal(want) || h.Start.Location() != time.UTC {
		t.Errorf("Start %v, want %v", h.Start, want)
	}
	if want := []hand.Amount{995, 820, 1000, 1215, 1000, 970}; !reflect.DeepEqual(h.Outcome.FinishingStacks, want) {
		t.Errorf("FinishingStacks %v", h.Outcome.FinishingStacks)
	}
	if want := []hand.Amount{0, 0, 0, 395, 0, 0}; !reflect.DeepEqual(h.Outcome.Winnings, want) {
		t.Errorf("Winnings %v", h.Outcome.Winnings)
	}
	phhCheckActions(t, h, []phhWantAction{
		{i: 0, kind: hand.Post, player: 1, post: hand.PostSmallBlind, amount: 5, line: 7},
		{i: 9, kind: hand.Raise, player: 4, to: 30, line: 19},
		{i: 11, kind: hand.Call, player: 6, line: 21},
		{i: 13, kind: hand.Call, player: 2, line: 23},
		{i: 15, kind: hand.Call, player: 2, line: 27}, // "cc": a check, resolved by the engine
		{i: 16, kind: hand.Bet, player: 4, to: 50, line: 28},
		{i: 21, kind: hand.Call, player: 4, line: 35}, // "cc": a check, resolved by the engine
		{i: 23, kind: hand.Bet, player: 2, to: 100, line: 39},
		{i: 26, kind: hand.Show, player: 4, cards: "AcAd", line: 44},
	})
}

// TestPHHFixtureStudHeadsUp checks the two hands of the stud and heads-up fixture.
func TestPHHFixtureStudHeadsUp(t *testing.T) {
	p := filepath.Join(phhRepoRoot(t), "fixtures", "phh", "games", "stud-and-heads-up.phhs")
	f, err := os.Open(p)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	res := phhReadAll(t, f, "s.phhs")
	if len(res.hands) != 2 || len(res.errs) != 0 {
		t.Fatalf("%d hands, errors %v", len(res.hands), res.errs)
	}
	stud, hu := res.hands[0], res.hands[1]
	if stud.ID != "stud-1" || stud.Pos.Line != 3 || stud.Index != 0 || stud.End != 32 || stud.Button != 0 {
		t.Errorf("stud: ID %q Pos %d Index %d End %d Button %d", stud.ID, stud.Pos.Line, stud.Index, stud.End, stud.Button)
	}
	phhCheckActions(t, stud, []phhWantAction{
		{i: 6, kind: hand.BringIn, player: 3, amount: 2, line: 17},
		{i: 7, kind: hand.Raise, player: 1, to: 5, line: 18},
		{i: 9, kind: hand.Call, player: 3, line: 20},
		{i: 12, kind: hand.Bet, player: 1, to: 5, line: 23},
		{i: 16, kind: hand.Bet, player: 1, to: 10, line: 27},
	})
	if hu.ID != "hu-2" || hu.Pos.Line != 34 || hu.Index != 1 || hu.Scale != 100 || hu.Button != 2 || hu.Currency != "USD" {
		t.Errorf("heads-up: ID %q Pos %d Index %d Scale %d Button %d", hu.ID, hu.Pos.Line, hu.Index, hu.Scale, hu.Button)
	}
	phhCheckActions(t, hu, []phhWantAction{
		{i: 0, kind: hand.Post, player: 2, post: hand.PostSmallBlind, amount: 25, line: 40},
		{i: 1, kind: hand.Post, player: 1, post: hand.PostBigBlind, amount: 50, line: 40},
		{i: 4, kind: hand.Raise, player: 2, to: 150, line: 46},
		{i: 5, kind: hand.Call, player: 1, line: 47},
		{i: 7, kind: hand.Call, player: 1, line: 49}, // "cc": a check, resolved by the engine
		{i: 8, kind: hand.Bet, player: 2, to: 150, line: 50},
	})
}

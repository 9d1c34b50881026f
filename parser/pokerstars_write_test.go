package parser

import (
	"bytes"
	"fmt"
	"github.com/handaudit/handaudit/internal/testenv"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/handaudit/handaudit/cards"
	"github.com/handaudit/handaudit/hand"
)

// writeCorpusDir returns the shared corpus folder dir, skipping the test
// when it is absent, or failing under CI=true.
func writeCorpusDir(t testing.TB, dir string) string {
	t.Helper()
	return testenv.CorpusDir(t, dir)
}

// readHands reads every hand of one input with the reader of format f;
// parse errors are returned apart.
func readHands(t testing.TB, f Format, data []byte, name string) ([]*hand.Hand, []error) {
	t.Helper()
	r, err := Open(f, bytes.NewReader(data), name)
	if err != nil {
		t.Fatal(err)
	}
	var hs []*hand.Hand
	var errs []error
	for {
		h, err := r.Next()
		if err == io.EOF {
			return hs, errs
		}
		if err != nil {
			if !IsParseError(err) {
				t.Fatalf("%s: %v", name, err)
			}
			errs = append(errs, err)
			continue
		}
		hs = append(hs, h)
	}
}

// rescaled returns a copy of h with every amount at scale (a multiple of
// h.Scale), and positions cleared, so that two readings of the same hand
// compare equal with reflect.DeepEqual.
func rescaled(h *hand.Hand, scale int64) *hand.Hand {
	c := *h
	f := hand.Amount(1)
	if h.Scale > 0 && scale > h.Scale {
		f = hand.Amount(scale / h.Scale)
	}
	c.Scale = scale
	c.Pos, c.Index, c.End = hand.Pos{}, 0, 0
	m := func(v hand.Amount) hand.Amount { return v * f }
	ms := func(vs []hand.Amount) []hand.Amount {
		if vs == nil {
			return nil
		}
		out := make([]hand.Amount, len(vs))
		for i, v := range vs {
			out[i] = m(v)
		}
		return out
	}
	st := &c.Stakes
	st.Ante, st.SmallBlind, st.BigBlind, st.BringIn = m(st.Ante), m(st.SmallBlind), m(st.BigBlind), m(st.BringIn)
	st.SmallBet, st.BigBet, st.MinBet, st.Cap = m(st.SmallBet), m(st.BigBet), m(st.MinBet), m(st.Cap)
	st.Straddles = ms(st.Straddles)
	c.Seats = append([]hand.Seat(nil), h.Seats...)
	for i := range c.Seats {
		c.Seats[i].Stack = m(c.Seats[i].Stack)
	}
	c.Actions = append([]hand.Action(nil), h.Actions...)
	for i := range c.Actions {
		a := &c.Actions[i]
		a.Amount, a.To, a.Pos = m(a.Amount), m(a.To), hand.Pos{}
		if len(a.Cards) == 0 {
			a.Cards = nil
		}
	}
	o := &c.Outcome
	o.Pos = hand.Pos{}
	o.TotalPot, o.Rake = m(o.TotalPot), m(o.Rake)
	o.Pots, o.FinishingStacks, o.Winnings = ms(o.Pots), ms(o.FinishingStacks), ms(o.Winnings)
	if o.Fees != nil {
		o.Fees = append([]hand.Fee(nil), o.Fees...)
		for i := range o.Fees {
			o.Fees[i].Amount = m(o.Fees[i].Amount)
		}
	}
	if o.CashOuts != nil {
		o.CashOuts = append([]hand.CashOut(nil), o.CashOuts...)
		for i := range o.CashOuts {
			o.CashOuts[i].Amount, o.CashOuts[i].Fee, o.CashOuts[i].Pos = m(o.CashOuts[i].Amount), m(o.CashOuts[i].Fee), hand.Pos{}
		}
	}
	return &c
}

// HandDiff describes how two hands differ (ignoring file positions and
// the scale they were read at), or returns nil when they are the same.
func HandDiff(a, b *hand.Hand) []string {
	scale := max(a.Scale, b.Scale, 1)
	x, y := rescaled(a, scale), rescaled(b, scale)
	var out []string
	add := func(format string, args ...any) { out = append(out, fmt.Sprintf(format, args...)) }
	if !reflect.DeepEqual(x.Actions, y.Actions) {
		n := max(len(x.Actions), len(y.Actions))
		for i := 0; i < n; i++ {
			switch {
			case i >= len(x.Actions):
				add("action %d: missing in the first: %+v", i, y.Actions[i])
			case i >= len(y.Actions):
				add("action %d: missing in the second: %+v", i, x.Actions[i])
			case !reflect.DeepEqual(x.Actions[i], y.Actions[i]):
				add("action %d: %+v != %+v", i, x.Actions[i], y.Actions[i])
			}
			if len(out) > 5 {
				break
			}
		}
	}
	x.Actions, y.Actions = nil, nil
	if !reflect.DeepEqual(x.Seats, y.Seats) {
		add("seats: %+v != %+v", x.Seats, y.Seats)
	}
	x.Seats, y.Seats = nil, nil
	if !reflect.DeepEqual(x.Stakes, y.Stakes) {
		add("stakes: %+v != %+v", x.Stakes, y.Stakes)
	}
	x.Stakes, y.Stakes = hand.Stakes{}, hand.Stakes{}
	if !reflect.DeepEqual(x.Outcome, y.Outcome) {
		add("outcome: %+v != %+v", x.Outcome, y.Outcome)
	}
	x.Outcome, y.Outcome = hand.Outcome{}, hand.Outcome{}
	if !x.Start.Equal(y.Start) {
		add("start: %v != %v", x.Start, y.Start)
	}
	x.Start, y.Start = time.Time{}, time.Time{}
	if !psExportedEqual(x, y) {
		add("hand: %+v != %+v", *x, *y)
	}
	return out
}

// psExportedEqual reports whether two hands have the same exported fields:
// the unexported ones are memory kept for reuse (the card memory NewCards
// cuts from), not content.
func psExportedEqual(a, b *hand.Hand) bool {
	x, y := reflect.ValueOf(a).Elem(), reflect.ValueOf(b).Elem()
	for i := 0; i < x.NumField(); i++ {
		if x.Type().Field(i).IsExported() && !reflect.DeepEqual(x.Field(i).Interface(), y.Field(i).Interface()) {
			return false
		}
	}
	return true
}

// TestPokerStarsWriteCorpusRoundTrip writes every corpus hand the writer
// can express and reads it back: the hand must come back the same.
func TestPokerStarsWriteCorpusRoundTrip(t *testing.T) {
	dir := writeCorpusDir(t, "rooms/PokerStars")
	var files []string
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".txt") {
			files = append(files, p)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	written, skipped := 0, map[string]int{}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		hs, _ := readHands(t, FormatPokerStars, data, f)
		for _, h := range hs {
			text, err := AppendPokerStars(nil, h)
			if err != nil {
				skipped[err.Error()]++
				continue
			}
			back, errs := readHands(t, FormatPokerStars, text, "written")
			if len(errs) > 0 || len(back) != 1 {
				t.Errorf("%s hand %s: written text does not read back: %v\n%s", f, h.ID, errs, text)
				continue
			}
			written++
			if d := HandDiff(h, back[0]); d != nil {
				t.Errorf("%s hand %s: round trip differs:\n  %s\n%s", f, h.ID, strings.Join(d, "\n  "), text)
			}
		}
	}
	t.Logf("%d corpus hands written and read back; not expressible: %v", written, skipped)
	if written < 50 {
		t.Errorf("only %d corpus hands written: the writer rejects too much", written)
	}
}

// psSample is a hand with most of what the text can say: antes, an all-in
// for less, a side pot, an uncalled bet, a showdown with a muck, rake.
func psSample() *hand.Hand {
	c := func(s string) []cards.Card {
		cs, err := cards.ParseList(s)
		if err != nil {
			panic(err)
		}
		return cs
	}
	u := []cards.Card{cards.Unknown, cards.Unknown}
	return &hand.Hand{
		Format: "pokerstars", Site: "PokerStars", ID: "250000000001", Table: "Synthetic I",
		Start: time.Date(2024, 3, 1, 17, 0, 5, 0, time.UTC), Currency: "USD", Scale: 100,
		Game:     hand.Game{Variant: hand.Holdem, Structure: hand.NoLimit, HoleCards: 2, Code: "Hold'em No Limit"},
		Stakes:   hand.Stakes{Ante: 2, SmallBlind: 5, BigBlind: 10, MinBet: 10},
		MaxSeats: 6, Button: 5,
		Seats: []hand.Seat{
			{Number: 1, Player: "ann", Stack: 1000},
			{Number: 2, Player: "bob [x]", Stack: 150},
			{Number: 4, Player: "cy: z", Stack: 2000},
			{Number: 5, Player: "dee", Stack: 800, SittingOut: true},
		},
		Actions: []hand.Action{
			{Kind: hand.Post, Player: 0, PostKind: hand.PostAnte, Amount: 2, HasAmount: true},
			{Kind: hand.Post, Player: 1, PostKind: hand.PostAnte, Amount: 2, HasAmount: true},
			{Kind: hand.Post, Player: 2, PostKind: hand.PostAnte, Amount: 2, HasAmount: true},
			{Kind: hand.Post, Player: 0, PostKind: hand.PostSmallBlind, Amount: 5, HasAmount: true},
			{Kind: hand.Post, Player: 1, PostKind: hand.PostBigBlind, Amount: 10, HasAmount: true},
			{Kind: hand.DealHole, Player: 0, Cards: u},
			{Kind: hand.DealHole, Player: 1, Cards: u},
			{Kind: hand.DealHole, Player: 2, Cards: c("AhKh")},
			{Kind: hand.Raise, Player: 2, Amount: 20, To: 30, HasAmount: true},
			{Kind: hand.Call, Player: 0, Amount: 25, HasAmount: true},
			{Kind: hand.Call, Player: 1, Amount: 20, HasAmount: true},
			{Kind: hand.DealBoard, Player: hand.NoPlayer, Cards: c("2c7d9s")},
			{Kind: hand.Bet, Player: 0, Amount: 118, To: 118, HasAmount: true},
			{Kind: hand.Call, Player: 1, Amount: 118, HasAmount: true, AllIn: true},
			{Kind: hand.Raise, Player: 2, Amount: 400, To: 518, HasAmount: true},
			{Kind: hand.Fold, Player: 0},
			{Kind: hand.UncalledReturn, Player: 2, Amount: 400, HasAmount: true},
			{Kind: hand.DealBoard, Player: hand.NoPlayer, Cards: c("Qs")},
			{Kind: hand.DealBoard, Player: hand.NoPlayer, Cards: c("3h")},
			{Kind: hand.Show, Player: 2, Cards: c("AhKh")},
			{Kind: hand.Muck, Player: 1},
			{Kind: hand.Collect, Player: 2, Amount: 118, Pot: 1, HasAmount: true},
			{Kind: hand.Collect, Player: 2, Amount: 450, Pot: 0, HasAmount: true},
		},
		Boards: [][]cards.Card{c("2c7d9sQs3h")},
		Outcome: hand.Outcome{TotalPot: 570, HasTotalPot: true, Pots: []hand.Amount{450, 118}, Rake: 2, HasRake: true,
			Winnings: []hand.Amount{0, 0, 568, 0}, HasWinnings: true},
	}
}

func TestPokerStarsWriteSample(t *testing.T) {
	h := psSample()
	text, err := AppendPokerStars(nil, h)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		"PokerStars Hand #250000000001:  Hold'em No Limit ($0.05/$0.10 USD) - 2024/03/01 12:00:05 ET",
		"Table 'Synthetic I' 6-max Seat #5 is the button",
		"Seat 5: dee ($8 in chips) is sitting out",
		"ann: posts the ante $0.02",
		"Dealt to cy: z [Ah Kh]",
		"cy: z: raises $0.20 to $0.30",
		"bob [x]: calls $1.18 and is all-in",
		"Uncalled bet ($4) returned to cy: z",
		"*** RIVER *** [2c 7d 9s Qs] [3h]",
		"*** SHOW DOWN ***",
		"cy: z: shows [Ah Kh] (high card, Ace)",
		"cy: z collected $1.18 from side pot-1",
		"Total pot $5.70 Main pot $4.50. Side pot-1 $1.18. | Rake $0.02",
		"Seat 2: bob [x] (big blind) mucked",
		"Seat 4: cy: z showed [Ah Kh] and won ($5.68) with high card, Ace",
	}
	for _, w := range want {
		if !bytes.Contains(text, []byte(w+"\n")) {
			t.Errorf("missing line %q in\n%s", w, text)
		}
	}
	back, errs := readHands(t, FormatPokerStars, text, "sample")
	if len(errs) > 0 || len(back) != 1 {
		t.Fatalf("does not read back: %v\n%s", errs, text)
	}
	if d := HandDiff(h, back[0]); d != nil {
		t.Errorf("round trip differs:\n  %s\n%s", strings.Join(d, "\n  "), text)
	}
	// The writer appends: a second hand after the first reads back as two.
	h2 := psSample()
	h2.ID = "250000000002"
	var buf bytes.Buffer
	w := NewPokerStarsWriter(&buf)
	for _, x := range []*hand.Hand{h, h2} {
		if err := w.Write(x); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	two, errs := readHands(t, FormatPokerStars, buf.Bytes(), "two")
	if len(errs) > 0 || len(two) != 2 || two[1].ID != "250000000002" {
		t.Fatalf("two hands: %d read, errors %v", len(two), errs)
	}
}

func TestPokerStarsWriteRejects(t *testing.T) {
	for _, tc := range []struct {
		name   string
		change func(h *hand.Hand)
		want   string
	}{
		{"stud", func(h *hand.Hand) { h.Game.Variant = hand.Stud }, "hold'em and Omaha"},
		{"id", func(h *hand.Hand) { h.ID = "abc" }, "not a number"},
		{"no start", func(h *hand.Hand) { h.Start = time.Time{} }, "start time"},
		{"scale", func(h *hand.Hand) { h.Scale = 1000 }, "cents"},
		{"currency", func(h *hand.Hand) { h.Currency = "XYZ" }, "no PokerStars sign"},
		{"second board", func(h *hand.Hand) { h.Actions[17].Board = 1 }, "second board"},
		{"four-card flop", func(h *hand.Hand) { h.Actions[11].Cards = append(h.Actions[11].Cards, h.Actions[17].Cards...) }, "flop of three"},
		{"tournament", func(h *hand.Hand) { h.Tournament = "77" }, "cash-game"},
		{"seat order", func(h *hand.Hand) { h.Seats[0].Number = 3 }, "seat-number order"},
		{"discard", func(h *hand.Hand) { h.Actions[15].Kind = hand.Discard }, "discard"},
	} {
		h := psSample()
		tc.change(h)
		out, err := AppendPokerStars([]byte("keep"), h)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want one mentioning %q", tc.name, err, tc.want)
		}
		if string(out) != "keep" {
			t.Errorf("%s: a rejected hand wrote %q", tc.name, out)
		}
	}
}

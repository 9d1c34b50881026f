package pokerstars

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/handaudit/handaudit/cards"
	"github.com/handaudit/handaudit/hand"
	"github.com/handaudit/handaudit/internal/readertest"
	"github.com/handaudit/handaudit/internal/testenv"
)

// TestPokerStarsWriteCorpusRoundTrip writes every corpus hand the writer
// can express and reads it back: the hand must come back the same.
func TestPokerStarsWriteCorpusRoundTrip(t *testing.T) {
	dir := testenv.CorpusDir(t, "rooms/PokerStars")
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
		hs, _ := readertest.ReadHands(t, Format, data, f)
		for _, h := range hs {
			text, err := AppendHand(nil, h)
			if err != nil {
				skipped[err.Error()]++
				continue
			}
			back, errs := readertest.ReadHands(t, Format, text, "written")
			if len(errs) > 0 || len(back) != 1 {
				t.Errorf("%s hand %s: written text does not read back: %v\n%s", f, h.ID, errs, text)
				continue
			}
			written++
			if d := readertest.HandDiff(h, back[0]); d != nil {
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
	text, err := AppendHand(nil, h)
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
	back, errs := readertest.ReadHands(t, Format, text, "sample")
	if len(errs) > 0 || len(back) != 1 {
		t.Fatalf("does not read back: %v\n%s", errs, text)
	}
	if d := readertest.HandDiff(h, back[0]); d != nil {
		t.Errorf("round trip differs:\n  %s\n%s", strings.Join(d, "\n  "), text)
	}
	// The writer appends: a second hand after the first reads back as two.
	h2 := psSample()
	h2.ID = "250000000002"
	var buf bytes.Buffer
	w := NewWriter(&buf)
	for _, x := range []*hand.Hand{h, h2} {
		if err := w.Write(x); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	two, errs := readertest.ReadHands(t, Format, buf.Bytes(), "two")
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
		out, err := AppendHand([]byte("keep"), h)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want one mentioning %q", tc.name, err, tc.want)
		}
		if string(out) != "keep" {
			t.Errorf("%s: a rejected hand wrote %q", tc.name, out)
		}
	}
}

// TestPokerStarsWriteMisnamed: a summary that named another player for a
// seat is written as it was, and reads back so.
func TestPokerStarsWriteMisnamed(t *testing.T) {
	h := psSample()
	h.Outcome.Misnamed = []hand.Misnamed{{Player: 1, Name: "bobby"}}
	text, err := AppendHand(nil, h)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(text, []byte("\nSeat 2: bobby (big blind) mucked\n")) {
		t.Fatalf("the summary does not name bobby for seat 2:\n%s", text)
	}
	back, errs := readertest.ReadHands(t, Format, text, "misnamed")
	if len(errs) > 0 || len(back) != 1 {
		t.Fatalf("does not read back: %v\n%s", errs, text)
	}
	if m := back[0].Outcome.Misnamed; len(m) != 1 || m[0].Player != 1 || m[0].Name != "bobby" {
		t.Errorf("read back misnamed %+v", m)
	}
}

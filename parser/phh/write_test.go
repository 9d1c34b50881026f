package phh

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

// TestPHHWriteCorpusRoundTrip writes every corpus hand the PHH writer can
// express and reads it back: the hand must come back the same.
func TestPHHWriteCorpusRoundTrip(t *testing.T) {
	dir := testenv.CorpusDir(t, "phh/data")
	var files []string
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && (strings.HasSuffix(p, ".phh") || strings.HasSuffix(p, ".phhs")) {
			files = append(files, p)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	if testing.Short() && len(files) > 400 {
		files = files[:400]
	}
	written, skipped := 0, map[string]int{}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		hs, _ := readertest.ReadHands(t, Format, data, f)
		for _, h := range hs {
			text, err := AppendHand(nil, h, 0)
			if err != nil {
				skipped[err.Error()]++
				continue
			}
			back, errs := readertest.ReadHands(t, Format, text, "written.phh")
			if len(errs) > 0 || len(back) != 1 {
				t.Errorf("%s: written text does not read back: %v\n%s", f, errs, text)
				continue
			}
			written++
			if d := readertest.HandDiff(h, back[0]); d != nil {
				t.Errorf("%s: round trip differs:\n  %s\n%s", f, strings.Join(d, "\n  "), text)
			}
		}
	}
	t.Logf("%d corpus hands written and read back; not expressible: %v", written, skipped)
	if written < 100 {
		t.Errorf("only %d corpus hands written: the writer rejects too much", written)
	}
	if len(skipped) > 0 && !testing.Short() {
		// Every game of the corpus has a PHH code: stud, razz, the draws
		// and badugi (with their bring-ins and discards) are written too.
		t.Errorf("corpus hands the writer rejects: %v", skipped)
	}
}

// phhSample is a PHH hand with decimals, antes, an all-in for less, a
// showdown with a muck, and awkward names.
func phhSample() *hand.Hand {
	c := func(s string) []cards.Card {
		cs, err := cards.ParseList(s)
		if err != nil {
			panic(err)
		}
		return cs
	}
	return &hand.Hand{
		Format: "phh", Site: "Club 'Q'", ID: "42", Table: "T-7", Currency: "USD", Scale: 100,
		Start:    time.Date(2024, 3, 1, 17, 0, 5, 0, time.UTC),
		Game:     hand.Game{Variant: hand.Holdem, Structure: hand.NoLimit, HoleCards: 2, Code: "NT"},
		Stakes:   hand.Stakes{Ante: 10, SmallBlind: 50, BigBlind: 100, MinBet: 100},
		MaxSeats: 9, Button: 8,
		Seats: []hand.Seat{
			{Number: 2, Player: `O'Neil "the" \ rock`, Stack: 12050},
			{Number: 5, Player: "bo", Stack: 90},
			{Number: 8, Player: "Zoé", Stack: 30025},
		},
		Actions: []hand.Action{
			{Kind: hand.Post, Player: 0, PostKind: hand.PostAnte, Amount: 10, HasAmount: true},
			{Kind: hand.Post, Player: 1, PostKind: hand.PostAnte, Amount: 10, HasAmount: true},
			{Kind: hand.Post, Player: 2, PostKind: hand.PostAnte, Amount: 10, HasAmount: true},
			{Kind: hand.Post, Player: 0, PostKind: hand.PostSmallBlind, Amount: 50, HasAmount: true},
			{Kind: hand.Post, Player: 1, PostKind: hand.PostBigBlind, Amount: 80, HasAmount: true, AllIn: true},
			{Kind: hand.DealHole, Player: 0, Cards: c("AsKs")},
			{Kind: hand.DealHole, Player: 1, Cards: c("7h7d")},
			{Kind: hand.DealHole, Player: 2, Cards: c("2c3c")},
			{Kind: hand.Raise, Player: 2, To: 350},
			{Kind: hand.Call, Player: 0},
			{Kind: hand.DealBoard, Player: hand.NoPlayer, Cards: c("Ah9d4c")},
			{Kind: hand.Call, Player: 0}, // PHH "cc" with nothing owed: the engine makes it a check
			{Kind: hand.Bet, Player: 2, To: 125.0},
			{Kind: hand.Fold, Player: 0},
			{Kind: hand.DealBoard, Player: hand.NoPlayer, Cards: c("Jc")},
			{Kind: hand.DealBoard, Player: hand.NoPlayer, Cards: c("Qd")},
			{Kind: hand.Show, Player: 1, Cards: c("7h7d")},
			{Kind: hand.Muck, Player: 2},
		},
		Boards: [][]cards.Card{c("Ah9d4cJcQd")},
		Outcome: hand.Outcome{FinishingStacks: []hand.Amount{11690, 270, 30205}, HasFinishingStacks: true,
			Winnings: []hand.Amount{0, 270, 655}, HasWinnings: true},
	}
}

func TestPHHWriteSample(t *testing.T) {
	h := phhSample()
	text, err := AppendHand(nil, h, 3)
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range []string{
		"[3]\n",
		"variant = 'NT'\n",
		"antes = [0.1, 0.1, 0.1]\n",
		"blinds_or_straddles = [0.5, 1, 0]\n", // the short big blind written at its stake
		"min_bet = 1\n",
		"starting_stacks = [120.5, 0.9, 300.25]\n",
		"'p3 cbr 3.5', 'p1 cc', 'd db Ah9d4c', 'p1 cc', 'p3 cbr 1.25', 'p1 f'",
		"'p2 sm 7h7d', 'p3 sm'",
		"hand = 42\n",
		"venue = \"Club 'Q'\"\n",
		`players = ["O'Neil \"the\" \\ rock", 'bo', 'Zoé']` + "\n",
		"seats = [2, 5, 8]\n",
		"time = 17:00:05\n",
		"finishing_stacks = [116.9, 2.7, 302.05]\n",
	} {
		if !bytes.Contains(text, []byte(w)) {
			t.Errorf("missing %q in\n%s", w, text)
		}
	}
	back, errs := readertest.ReadHands(t, Format, text, "sample.phhs")
	if len(errs) > 0 || len(back) != 1 {
		t.Fatalf("does not read back: %v\n%s", errs, text)
	}
	if d := readertest.HandDiff(h, back[0]); d != nil {
		t.Errorf("round trip differs:\n  %s\n%s", strings.Join(d, "\n  "), text)
	}

	// Many hands through the writer make a .phhs file that reads back.
	var buf bytes.Buffer
	w := NewWriter(&buf)
	for i := 0; i < 3; i++ {
		x := phhSample()
		x.ID = string(rune('a' + i))
		if err := w.Write(x); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	all, errs := readertest.ReadHands(t, Format, buf.Bytes(), "three.phhs")
	if len(errs) > 0 || len(all) != 3 || all[2].ID != "c" {
		t.Fatalf("three hands: %d read, errors %v\n%s", len(all), errs, buf.Bytes())
	}
}

// TestPHHWriteHeadsUp: in heads-up PHH lists the big blind first and
// reverses the forced bets; the writer must undo that.
func TestPHHWriteHeadsUp(t *testing.T) {
	h := &hand.Hand{
		Format: "phh", Scale: 1, Game: hand.Game{Variant: hand.Holdem, Structure: hand.FixedLimit, HoleCards: 2, Code: "FT"},
		Stakes: hand.Stakes{Ante: 5, SmallBlind: 10, BigBlind: 20, SmallBet: 20, BigBet: 40},
		Button: 2,
		Seats:  []hand.Seat{{Number: 1, Player: "bb", Stack: 1000}, {Number: 2, Player: "btn", Stack: 1000}},
		Actions: []hand.Action{
			{Kind: hand.Post, Player: 0, PostKind: hand.PostAnte, Amount: 5, HasAmount: true},
			{Kind: hand.Post, Player: 1, PostKind: hand.PostAnte, Amount: 5, HasAmount: true},
			{Kind: hand.Post, Player: 1, PostKind: hand.PostSmallBlind, Amount: 10, HasAmount: true},
			{Kind: hand.Post, Player: 0, PostKind: hand.PostBigBlind, Amount: 20, HasAmount: true},
			{Kind: hand.Raise, Player: 1, To: 40},
			{Kind: hand.Fold, Player: 0},
		},
	}
	text, err := AppendHand(nil, h, 0)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(text, []byte("blinds_or_straddles = [10, 20]\n")) || !bytes.Contains(text, []byte("small_bet = 20\nbig_bet = 40\n")) {
		t.Errorf("heads-up forced bets written wrongly:\n%s", text)
	}
	back, errs := readertest.ReadHands(t, Format, text, "hu.phh")
	if len(errs) > 0 || len(back) != 1 {
		t.Fatalf("does not read back: %v\n%s", errs, text)
	}
	h.Seats[0].Player, h.Seats[1].Player = "bb", "btn"
	if d := readertest.HandDiff(h, back[0]); d != nil {
		t.Errorf("round trip differs:\n  %s\n%s", strings.Join(d, "\n  "), text)
	}
}

func TestPHHWriteRejects(t *testing.T) {
	for _, tc := range []struct {
		name   string
		change func(h *hand.Hand)
		want   string
	}{
		{"no code", func(h *hand.Hand) { h.Game.Structure = hand.PotLimit }, "no variant code"},
		{"button", func(h *hand.Hand) { h.Button = 2 }, "button must be the last"},
		{"sitting out", func(h *hand.Hand) { h.Seats[1].SittingOut = true }, "sitting out"},
		{"blind seat", func(h *hand.Hand) { h.Actions[3].Player = 2 }, "wrong seat"},
		{"dead blind", func(h *hand.Hand) { h.Actions[0].PostKind = hand.PostDead }, "cannot record"},
		{"second board", func(h *hand.Hand) { h.Actions[14].Board = 1 }, "second board"},
		{"scale", func(h *hand.Hand) { h.Scale = 30 }, "power of ten"},
		{"bring-in", func(h *hand.Hand) { h.Actions[9].Kind = hand.BringIn }, "cannot record a bring-in"},
	} {
		h := phhSample()
		tc.change(h)
		out, err := AppendHand([]byte("keep"), h, 0)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want one mentioning %q", tc.name, err, tc.want)
		}
		if string(out) != "keep" {
			t.Errorf("%s: a rejected hand wrote %q", tc.name, out)
		}
	}
}

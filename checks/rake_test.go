package checks_test

import (
	"bytes"
	"errors"
	"io"
	"strings"
	"testing"

	"github.com/handaudit/handaudit/checks"
	"github.com/handaudit/handaudit/hand"
	"github.com/handaudit/handaudit/parser"
	"github.com/handaudit/handaudit/replay"
)

// readHands reads every hand of a PHH or PokerStars text.
func readHands(t *testing.T, text string) []*hand.Hand {
	t.Helper()
	data := []byte(text)
	r, err := parser.Open(parser.Detect(data), bytes.NewReader(data), "t")
	if err != nil {
		t.Fatal(err)
	}
	var hs []*hand.Hand
	for {
		h, err := r.Next()
		if errors.Is(err, io.EOF) {
			return hs
		}
		if err != nil {
			t.Fatal(err)
		}
		hs = append(hs, h)
	}
}

// sidePotPHH: Ann is all-in for 200 and wins the main pot of 600 with
// aces; Bob beats Cat to the 600 side pot. Only finishing stacks say what
// each was paid.
const sidePotPHH = `variant = "NT"
ante_trimming_status = false
antes = [0, 0, 0]
blinds_or_straddles = [50, 100, 0]
min_bet = 100
starting_stacks = [200, 1000, 1000]
players = ["Ann", "Bob", "Cat"]
actions = [
  "d dh p1 AsAh", "d dh p2 KsKh", "d dh p3 QsQh", "p3 cbr 500", "p1 cc", "p2 cc",
  "d db 2c7d9h", "d db 3s", "d db 4d",
  "p1 sm AsAh", "p2 sm KsKh", "p3 sm QsQh",
]
`

// TestImpliedRake: a PHH record's payouts are after rake. However the room
// shared the rake between the pots, the payouts say it; with a house rule
// the implied rake must follow it.
func TestImpliedRake(t *testing.T) {
	run := func(fin string, rs *replay.Ruleset) []checks.Finding {
		h := readHands(t, sidePotPHH+"finishing_stacks = ["+fin+"]\n")[0]
		tr := replay.Replay(h, rs)
		return checks.Run(h, tr, checks.All())
	}
	d := replay.Default()
	for _, c := range []struct {
		fin, what string
	}{
		{"600, 1100, 500", "no rake"},
		{"570, 1100, 500", "a rake of 30 from the main pot"},
		{"600, 1070, 500", "a rake of 30 from the side pot"},
		{"585, 1085, 500", "a rake of 30 shared by the pots"},
	} {
		if fs := run(c.fin, &d); len(fs) != 0 {
			t.Errorf("%s: %d findings, first %s: %s", c.what, len(fs), fs[0].CheckID, fs[0].Message)
		}
	}
	// Chips to the wrong player are still a wrong award.
	if fs := run("570, 1030, 570", &d); len(fs) != 1 || fs[0].CheckID != "pot.award-mismatch" {
		t.Errorf("Cat paid from the side pot: %+v", fs)
	}

	// With a house rule of 5% capped at 25: 1,200 gives 25.
	rs := d
	rs.HasRakeRule, rs.RakeBasisPoints, rs.RakeCap = true, 500, replay.HouseAmount{Units: 25}
	if fs := run("575, 1100, 500", &rs); len(fs) != 0 {
		t.Errorf("the house's rake: %+v", fs)
	}
	fs := run("570, 1100, 500", &rs)
	if len(fs) != 1 || fs[0].CheckID != "pot.rake-mismatch" || !strings.Contains(fs[0].Message, "implied rake") ||
		fs[0].Expected != 25 || fs[0].Recorded != 30 {
		t.Errorf("30 where the house takes 25: %+v", fs)
	}
}

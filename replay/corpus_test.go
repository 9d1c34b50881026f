package replay

import (
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/handaudit/handaudit/hand"
	"github.com/handaudit/handaudit/parser"
	"github.com/handaudit/handaudit/parser/phh"
	"github.com/handaudit/handaudit/parser/pokerstars"
)

// expectedPHHDiscrepancies lists corpus hands whose recorded finishing
// stacks differ from the replay, with why. Each is a real difference
// between the record and the rules, not a tolerance: the test fails if a
// listed hand stops differing, or if an unlisted one differs.
// Keys are paths relative to the corpus's phh/ directory.
var expectedPHHDiscrepancies = map[string]string{
	// The Pluribus sessions play whole chips (blinds 50/100, stacks 10,000,
	// whole-chip bets) but split an odd pot into half chips. The smallest
	// unit in play is one chip: the record breaks the odd chip, which TDA
	// 20-A gives to the first winner left of the button (pot.odd-chip).
	"data/pluribus/32/23.phh":   "a 20,775 pot split 10,387.5 and 10,387.5 between Gogo and Bill: Gogo, first left of the button, is due 10,388",
	"data/pluribus/41b/204.phh": "a split pot paid ORen and Bill half a chip each: ORen, first left of the button, is due the odd chip",
	"data/pluribus/60/88.phh":   "a split pot paid Pluribus and Eddie half a chip each: Pluribus, first left of the button, is due the odd chip",
	"data/pluribus/75b/76.phh":  "a 775 pot split 387.5 and 387.5 between Budd and Hattori: Budd, first left of the button, is due 388",
}

type corpusHand struct {
	path string // relative to the corpus directory it was read from
	h    *hand.Hand
}

// readPHHCorpus parses every .phh file under dir/phh.
func readPHHCorpus(t testing.TB, dir string) []corpusHand {
	t.Helper()
	root := filepath.Join(dir, "phh")
	var out []corpusHand
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".phh") {
			return err
		}
		f, err := os.Open(p)
		if err != nil {
			return err
		}
		defer f.Close()
		rel, _ := filepath.Rel(root, p)
		r := phh.NewReader(f, rel)
		for {
			h, err := r.Next()
			if errors.Is(err, io.EOF) {
				return nil
			}
			if err != nil {
				if parser.IsParseError(err) {
					t.Errorf("%s: parse error: %v", rel, err)
					continue
				}
				return err
			}
			out = append(out, corpusHand{path: rel, h: h})
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestPHHCorpusFinishingStacks replays every hand of the PHH corpus, of
// every game (hold'em, short deck, Omaha, stud, razz, the draw games and
// badugi), and compares the finishing stacks with the record's. Every pot
// of a hand whose cards are all recorded must be decided by the cards (no
// award follows the record's collects, none is undecided).
func TestPHHCorpusFinishingStacks(t *testing.T) {
	dir := sharedDir(t, "corpus")
	hands := readPHHCorpus(t, dir)
	if len(hands) == 0 {
		t.Fatal("no PHH hands read")
	}
	replayed, compared := 0, 0
	byGame := map[hand.Variant]int{}
	seen := map[string]bool{}
	for _, ch := range hands {
		h := ch.h
		tr := Replay(h, nil)
		if !tr.Supported {
			t.Errorf("%s: not replayed: %s", ch.path, tr.Unsupported)
			continue
		}
		replayed++
		byGame[h.Game.Variant]++
		if err := conservation(tr); err != "" {
			t.Errorf("%s: %s", ch.path, err)
		}
		if known := allCardsKnown(h); known && len(tr.Undecided) > 0 {
			t.Errorf("%s: every card is recorded, but pots %v are undecided", ch.path, tr.Undecided)
		}
		for _, a := range tr.Awards {
			if a.FromRecord && allCardsKnown(h) {
				t.Errorf("%s: every card is recorded, but pot %d follows the record's collects", ch.path, a.Pot)
			}
		}
		if !h.Outcome.HasFinishingStacks {
			continue
		}
		compared++
		diff := stackDiff(h, tr)
		reason, listed := expectedPHHDiscrepancies[ch.path]
		seen[ch.path] = true
		switch {
		case diff != "" && !listed:
			t.Errorf("%s: finishing stacks differ from the record: %s", ch.path, diff)
		case diff == "" && listed:
			t.Errorf("%s: listed as a discrepancy (%s) but the replay matches the record", ch.path, reason)
		}
	}
	for p := range expectedPHHDiscrepancies {
		if !seen[p] {
			t.Errorf("%s: listed as a discrepancy but not in the corpus", p)
		}
	}
	t.Logf("%d hands read, %d replayed (%v), %d finishing stacks compared, %d listed discrepancies",
		len(hands), replayed, byGame, compared, len(expectedPHHDiscrepancies))
	if replayed != len(hands) {
		t.Errorf("%d of %d hands replayed", replayed, len(hands))
	}
	// The WSOP 2023 #43 day 5 hands: 13 stud, 7 stud hi-lo, 10 razz, 7 2-7
	// single draw, 7 2-7 triple draw; and a badugi and a short-deck hand
	// among the famous hands.
	for v, want := range map[hand.Variant]int{hand.Stud: 13, hand.StudHiLo: 7, hand.Razz: 10,
		hand.Deuce7Single: 7, hand.Deuce7Triple: 8, hand.Badugi: 1, hand.ShortDeck: 1} {
		if byGame[v] != want {
			t.Errorf("%v: %d hands replayed, want %d", v, byGame[v], want)
		}
	}
}

// allCardsKnown reports whether every card the record deals or shows is
// known (no "??").
func allCardsKnown(h *hand.Hand) bool {
	for i := range h.Actions {
		for _, c := range h.Actions[i].Cards {
			if !c.Known() {
				return false
			}
		}
	}
	return true
}

// conservation checks that no chip is made or lost: the finishing stacks
// and the rake (and undecided pots) add up to the starting stacks.
func conservation(tr *Trace) string {
	var start, end hand.Amount
	for _, s := range tr.Hand.Seats {
		start += s.Stack
	}
	for _, s := range tr.FinishingStacks {
		end += s
	}
	undecided := tr.UndecidedAmount
	var rake hand.Amount
	for _, p := range tr.Pots {
		rake += p.Rake
	}
	for _, a := range tr.Awards {
		if c := Cite(nil, a.Rule); strings.HasPrefix(c.Title, "unknown") {
			return "award rule " + a.Rule + " is not in the citation table"
		}
	}
	if start != end+rake+undecided {
		return "chips not conserved: start " + start.Format(tr.Hand.Scale) +
			", end " + end.Format(tr.Hand.Scale) + ", rake " + rake.Format(tr.Hand.Scale)
	}
	return ""
}

func stackDiff(h *hand.Hand, tr *Trace) string {
	if slices.Equal(h.Outcome.FinishingStacks, tr.FinishingStacks) {
		return ""
	}
	var b strings.Builder
	for i := range h.Seats {
		rec, got := h.Outcome.FinishingStacks[i], tr.FinishingStacks[i]
		if rec != got {
			b.WriteString(h.PlayerName(i) + ": recorded " + rec.Format(h.Scale) + ", replayed " + got.Format(h.Scale) + "; ")
		}
	}
	return b.String()
}

// expectedPokerStarsDiscrepancies lists PokerStars corpus hands whose
// recorded collects differ from the replay's awards, with why (keys are
// paths relative to rooms/PokerStars/).
var expectedPokerStarsDiscrepancies = map[string]string{
	"CashGame/ExtraHands/UncontestedWinnerFlash.txt#999000000001": "the record's pot is $0.20, but the blinds ($0.05 + $0.10) and " +
		"the $0.10 of the raise the big blind matched make $0.25: the record loses $0.05",
	"CashGame/ExtraHands/UtcTimestampFormat.txt#886664460000891": "the record pays $3.30 from a $3.60 pot with $0.36 rake: " +
		"$3.66 out of $3.60 in; the pot less the rake is $3.24",
	"CashGame/Limits/AnteTable.txt#109715173634": "the record's pot is $0.50, but the six antes ($0.30), the blinds ($0.35) and " +
		"the called $0.25 of the raise make $0.90: the antes and the small blind are missing from the record",
	"CashGame/StreetTests/River.txt#109687480274": "Fishmax3 shows 5d, which is also on the board: not a hand that can be read " +
		"(TDA 13), so yatga's is the only tabled hand and wins by cards speak; the record's hand names (\"pair of Tens\") do not fit the board either",
}

// TestPokerStarsCorpusCollects replays the PokerStars hold'em and Omaha
// hands and compares what each player collects by the rules (pots less the
// rake, split as the engine splits them) with the record's collects. The
// record states no finishing stacks, so the collects are the outcome to
// compare; this checks the rake split, run-it-twice and hi/lo halves
// against a real room's arithmetic.
func TestPokerStarsCorpusCollects(t *testing.T) {
	dir := sharedDir(t, "corpus")
	root := filepath.Join(dir, "rooms", "PokerStars")
	replayed := 0
	seen := map[string]bool{}
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".txt") {
			return err
		}
		f, err := os.Open(p)
		if err != nil {
			return err
		}
		defer f.Close()
		rel, _ := filepath.Rel(root, p)
		r := pokerstars.NewReader(f, rel)
		for i := 0; ; i++ {
			h, err := r.Next()
			if errors.Is(err, io.EOF) {
				return nil
			}
			if err != nil {
				if parser.IsParseError(err) {
					continue // deliberately broken files: the parser's tests cover them
				}
				return err
			}
			v := h.Game.Variant
			if !v.IsBoardGame() || v == hand.ShortDeck {
				continue
			}
			key := rel + "#" + h.ID
			tr := Replay(h, nil)
			if h.Cancelled {
				if tr.Supported || !strings.Contains(tr.Unsupported, "cancelled") {
					t.Errorf("%s: a cancelled hand is not replayed, with the reason: %+v", key, tr.Unsupported)
				}
				continue
			}
			if !tr.Supported {
				t.Errorf("%s: not replayed: %s", key, tr.Unsupported)
				continue
			}
			replayed++
			if msg := conservation(tr); msg != "" {
				t.Errorf("%s: %s", key, msg)
			}
			diff := collectDiff(h, tr)
			reason, listed := expectedPokerStarsDiscrepancies[key]
			seen[key] = true
			switch {
			case diff != "" && !listed:
				t.Errorf("%s: awards differ from the record's collects: %s", key, diff)
			case diff == "" && listed:
				t.Errorf("%s: listed (%s) but the replay matches", key, reason)
			}
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	for k := range expectedPokerStarsDiscrepancies {
		if !seen[k] {
			t.Errorf("%s: listed but not in the corpus", k)
		}
	}
	t.Logf("%d PokerStars hold'em/Omaha hands replayed", replayed)
	if replayed < 50 {
		t.Errorf("only %d PokerStars hands replayed", replayed)
	}
}

// collectDiff compares per-player totals of the record's collects with the
// replay's awards ("" when equal).
func collectDiff(h *hand.Hand, tr *Trace) string {
	rec := make([]hand.Amount, len(h.Seats))
	got := make([]hand.Amount, len(h.Seats))
	for _, a := range h.Actions {
		if a.Kind == hand.Collect && a.Player >= 0 && a.Player < len(rec) {
			rec[a.Player] += a.Amount
		}
	}
	for _, a := range tr.Awards {
		got[a.Player] += a.Amount
	}
	// A player who cashed out is paid by the room instead of the pot
	// (hand.Outcome.CashOuts), so the record has no collect to compare.
	for _, c := range h.Outcome.CashOuts {
		if c.Player >= 0 && c.Player < len(rec) {
			rec[c.Player], got[c.Player] = 0, 0
		}
	}
	if slices.Equal(rec, got) {
		return ""
	}
	var b strings.Builder
	for i := range rec {
		if rec[i] != got[i] {
			b.WriteString(h.PlayerName(i) + ": collected " + rec[i].Format(h.Scale) + ", by the rules " + got[i].Format(h.Scale) + "; ")
		}
	}
	return b.String()
}

package pokerstars

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/handaudit/handaudit/hand"
	"github.com/handaudit/handaudit/internal/testenv"
)

// psLedger adds up a hand's chips as recorded and lists every way the
// record does not add up: chips put in (less uncalled bets) against the
// total pot, the pot against collects, rake and fees, the stated pots, the
// summary's winnings against the collects, and no player putting in more
// than their stack. It is independent of the rules engine: a plain count.
func psLedger(h *hand.Hand) []string {
	if h.Cancelled {
		return nil // nothing was played: no pot to count
	}
	var bad []string
	n := len(h.Seats)
	in := make([]hand.Amount, n)
	street := make([]hand.Amount, n)
	collected := make([]hand.Amount, n)
	var collects hand.Amount
	betting := false // a betting action since the street began
	for _, a := range h.Actions {
		if a.Kind.IsBetting() {
			betting = true
		}
		switch a.Kind {
		case hand.DealBoard, hand.DealHole, hand.Discard:
			// A street begins with the deal (or draw) after betting:
			// Courchevel's first board card and stud's third street
			// begin none.
			if betting && a.Board == 0 {
				clear(street)
				betting = false
			}
		case hand.BringIn:
			in[a.Player] += a.Amount
			street[a.Player] += a.Amount
		case hand.Post:
			in[a.Player] += a.Amount
			switch a.PostKind {
			case hand.PostSmallBlind, hand.PostBigBlind, hand.PostStraddle, hand.PostButtonBlind:
				street[a.Player] += a.Amount
			case hand.PostBothBlind:
				street[a.Player] += min(a.Amount, h.Stakes.BigBlind)
			}
		case hand.Call:
			in[a.Player] += a.Amount
			street[a.Player] += a.Amount
		case hand.Bet, hand.Raise:
			in[a.Player] += a.To - street[a.Player]
			street[a.Player] = a.To
		case hand.UncalledReturn:
			in[a.Player] -= a.Amount
		case hand.Collect:
			collected[a.Player] += a.Amount
			collects += a.Amount
		}
	}
	var pot hand.Amount
	for i, v := range in {
		pot += v
		if v > h.Seats[i].Stack {
			bad = append(bad, fmt.Sprintf("%s put in %d, more than the stack %d", h.Seats[i].Player, v, h.Seats[i].Stack))
		}
	}
	o := h.Outcome
	if pot != o.TotalPot {
		bad = append(bad, fmt.Sprintf("chips put in %d, total pot %d", pot, o.TotalPot))
	}
	out := collects + o.Rake
	for _, f := range o.Fees {
		out += f.Amount
	}
	cashedOut := false
	for _, c := range o.CashOuts {
		cashedOut = true
		out += o.Winnings[c.Player] // the pot the cash-out stands for
	}
	if out != o.TotalPot {
		bad = append(bad, fmt.Sprintf("collects %d + rake and fees = %d, total pot %d", collects, out, o.TotalPot))
	}
	if len(o.Pots) > 0 {
		sum := o.Rake
		for _, p := range o.Pots {
			sum += p
		}
		if sum != o.TotalPot {
			bad = append(bad, fmt.Sprintf("pots + rake = %d, total pot %d", sum, o.TotalPot))
		}
	}
	if o.HasWinnings && !cashedOut {
		for i := range collected {
			if collected[i] != o.Winnings[i] {
				bad = append(bad, fmt.Sprintf("%s collected %d, summary says won %d", h.Seats[i].Player, collected[i], o.Winnings[i]))
			}
		}
	}
	return bad
}

func TestPokerStarsFixtures(t *testing.T) {
	dir := filepath.Join(testenv.RepoRoot(t), "fixtures", "pokerstars", "clean")
	files, err := filepath.Glob(filepath.Join(dir, "*.txt"))
	if err != nil || len(files) < 4 {
		t.Fatalf("want the clean PokerStars fixtures in %s, found %v (%v)", dir, files, err)
	}
	kinds := map[string]bool{}
	for _, path := range files {
		f, err := os.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		hands, errs := psReadAll(t, f, filepath.Base(path))
		f.Close()
		if len(errs) > 0 || len(hands) != 1 {
			t.Fatalf("%s: %d hands, errors %v", path, len(hands), errs)
		}
		h := hands[0]
		if bad := psLedger(h); len(bad) > 0 {
			t.Errorf("%s does not add up: %v", path, bad)
		}
		if len(h.Outcome.Pots) > 1 {
			kinds["side pot"] = true
		}
		if h.Tournament != "" && h.Stakes.Ante > 0 {
			kinds["tournament with antes"] = true
		}
		kinds[h.Game.Variant.String()+" "+h.Game.Structure.String()] = true
	}
	for _, k := range []string{"side pot", "tournament with antes", "omaha pot-limit", "holdem fixed-limit", "holdem no-limit",
		"stud fixed-limit", "stud-hi-lo fixed-limit", "razz fixed-limit", "2-7-triple-draw fixed-limit", "2-7-single-draw no-limit",
		"5-card-draw fixed-limit", "badugi fixed-limit", "short-deck no-limit", "courchevel pot-limit", "courchevel-hi-lo pot-limit"} {
		if !kinds[k] {
			t.Errorf("no clean fixture of a %s hand", k)
		}
	}
}

// TestPokerStarsLedgerCatches makes sure the ledger is not blind.
func TestPokerStarsLedgerCatches(t *testing.T) {
	for _, change := range [][2]string{
		{"Ann collected $0.62 from pot", "Ann collected $0.63 from pot"},
		{"Çé:ñ: calls $0.20", "Çé:ñ: calls $0.25"},
		{"Seat 1: Ann (button) collected ($0.62)", "Seat 1: Ann (button) collected ($0.52)"},
		{"Seat 3: Çé:ñ ($8 in chips)", "Seat 3: Çé:ñ ($0.20 in chips)"},
	} {
		hands, errs := psReadAll(t, strings.NewReader(strings.Replace(psBase, change[0], change[1], 1)), "x")
		if len(errs) > 0 || len(hands) != 1 {
			t.Fatal(errs)
		}
		if bad := psLedger(hands[0]); len(bad) == 0 {
			t.Errorf("ledger misses %q -> %q", change[0], change[1])
		}
	}
}

// psLedgerKnown are the corpus hands that do not add up as recorded, each
// checked by hand: anomalies of the records, for the checks to report.
var psLedgerKnown = map[string]string{
	// 2011 exports: the raiser's unmatched chips go back with no
	// "Uncalled bet" line, so the raise counts in full.
	"CashGame/ExtraHands/DateIssue1.txt #61777648755: chips put in 500, total pot 250":  "no uncalled-bet line",
	"CashGame/ExtraHands/DateIssue2.txt #61910233643: chips put in 4500, total pot 900": "no uncalled-bet line",
	// Blinds 0.05 + 0.10 and the raiser's matched 0.10 make 0.25; the
	// record says the pot was 0.20 and pays 0.20.
	"CashGame/ExtraHands/UncontestedWinnerFlash.txt #999000000001: chips put in 25, total pot 20": "pot short by the small blind",
	// PPPoker: 3.30 collected + 0.36 rake from a 3.60 pot.
	"CashGame/ExtraHands/UtcTimestampFormat.txt #886664460000891: collects 330 + rake and fees = 366, total pot 360": "pays out more than the pot",
	// Six antes of 0.05 are posted but the pot (0.50) leaves them and the small blind out.
	"CashGame/Limits/AnteTable.txt #109715173634: chips put in 90, total pot 50": "antes missing from the pot",
}

// TestPokerStarsCorpusLedger counts every corpus hand's chips: a parser
// that misreads an amount, a pot or a player shows up here.
func TestPokerStarsCorpusLedger(t *testing.T) {
	dir := psCorpusDir(t, "rooms/PokerStars")
	var got []string
	err := filepath.Walk(dir, func(path string, info os.FileInfo, err error) error {
		if err != nil || info.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(dir, path)
		f, err := os.Open(path)
		if err != nil {
			return err
		}
		defer f.Close()
		hands, _ := psReadAll(t, f, filepath.ToSlash(rel))
		for _, h := range hands {
			for _, b := range psLedger(h) {
				got = append(got, fmt.Sprintf("%s #%s: %s", h.Pos.File, h.ID, b))
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(got)
	for _, g := range got {
		if why, ok := psLedgerKnown[g]; ok {
			t.Logf("known record anomaly (%s): %s", why, g)
		} else {
			t.Errorf("does not add up: %s", g)
		}
	}
	for k := range psLedgerKnown {
		if !slices.Contains(got, k) {
			t.Errorf("known anomaly no longer found: %s", k)
		}
	}
}

package gen

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/handaudit/handaudit/cards"
	"github.com/handaudit/handaudit/checks"
	"github.com/handaudit/handaudit/hand"
	"github.com/handaudit/handaudit/internal/readertest"
	"github.com/handaudit/handaudit/parser"
	"github.com/handaudit/handaudit/parser/ggpoker"
	"github.com/handaudit/handaudit/parser/ipoker"
	"github.com/handaudit/handaudit/parser/pacific"
	"github.com/handaudit/handaudit/parser/partypoker"
	"github.com/handaudit/handaudit/parser/phh"
	"github.com/handaudit/handaudit/parser/pokerstars"
	"github.com/handaudit/handaudit/parser/winamax"
	"github.com/handaudit/handaudit/replay"
)

// corpus generates n hands of format f and returns the text and labels.
func corpus(t testing.TB, f parser.Format, seed uint64, n int, rate float64, workers int) ([]byte, []Label) {
	t.Helper()
	return corpusUnder(t, f, seed, n, rate, workers, nil)
}

// corpusUnder is corpus with the hands played under rs (nil: the rules
// audit run picks).
func corpusUnder(t testing.TB, f parser.Format, seed uint64, n int, rate float64, workers int, rs *replay.Ruleset) ([]byte, []Label) {
	t.Helper()
	g, err := New(Config{Seed: seed, Format: f, Violations: rate, Rules: rs})
	if err != nil {
		t.Fatal(err)
	}
	var text, labels bytes.Buffer
	st, err := g.Write(context.Background(), Output{Hands: n, Workers: workers, W: &text, Labels: &labels})
	if err != nil {
		t.Fatal(err)
	}
	if st.Hands != n {
		t.Fatalf("wrote %d hands, want %d", st.Hands, n)
	}
	var ls []Label
	dec := json.NewDecoder(&labels)
	for {
		var l Label
		if err := dec.Decode(&l); err == io.EOF {
			break
		} else if err != nil {
			t.Fatal(err)
		}
		ls = append(ls, l)
	}
	return text.Bytes(), ls
}

// found is one finding reduced to what a label names.
type found struct {
	check string
	index int
}

// audit reads the text back and runs the pipeline's steps on every hand:
// parser, replay, checks. It returns the findings of each hand by ID and
// the hands read.
func audit(t testing.TB, f parser.Format, text []byte) (map[string][]found, []*hand.Hand) {
	t.Helper()
	return auditUnder(t, f, text, auditRules(t))
}

// auditUnder is audit with the rules of book.
func auditUnder(t testing.TB, f parser.Format, text []byte, book *replay.Rulebook) (map[string][]found, []*hand.Hand) {
	t.Helper()
	r, err := parser.Open(f, bytes.NewReader(text), "gen")
	if err != nil {
		t.Fatal(err)
	}
	out := map[string][]found{}
	var hs []*hand.Hand
	var runner checks.Runner
	for {
		h, err := r.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("generated text does not parse: %v", err)
		}
		hs = append(hs, h)
		tr := replay.Replay(h, book.For(h))
		if !tr.Supported {
			t.Fatalf("hand %s: replay unsupported: %s", h.ID, tr.Unsupported)
		}
		var fs []found
		for _, x := range runner.Run(h, tr, checks.All()) {
			fs = append(fs, found{x.CheckID, x.ActionIndex})
		}
		out[h.ID] = fs
	}
	return out, hs
}

// auditRules is how audit run judges hands when it is given no rules:
// each room's preset for the hands whose record names the room.
func auditRules(t testing.TB) *replay.Rulebook {
	d := replay.Default()
	book, err := replay.RoomRules(&d)
	if err != nil {
		t.Fatal(err)
	}
	return book
}

// TestEndToEnd is the generator's promise and a test of the whole system:
// hands written in each format, read back, replayed and checked give no
// finding when clean, and exactly the labelled finding when a violation
// was injected.
func TestEndToEnd(t *testing.T) {
	n := 2000
	if testing.Short() {
		n = 400
	}
	// Raked: a house rake rule of 5% capped at 3 (dollars, or chips), no
	// flop no drop, in both formats; PokerStars shares it among the pots
	// as it likes, PHH pays out after it (an implied rake).
	raked := replay.Default()
	raked.HasRakeRule, raked.RakeBasisPoints, raked.RakeCap, raked.NoFlopNoDrop = true, 500, replay.HouseAmount{Units: 3}, true
	for _, c := range []struct {
		name string
		rs   *replay.Ruleset
	}{{"rooms", nil}, {"raked", &raked}} {
		for _, f := range []parser.Format{pokerstars.Format, phh.Format, winamax.Format, partypoker.Format, ggpoker.Format, ipoker.Format, pacific.Format} {
			t.Run(c.name+"/"+string(f), func(t *testing.T) { endToEnd(t, f, n, c.rs) })
		}
	}
}

// endToEnd is TestEndToEnd for one format and ruleset (nil: the rules
// audit run picks by room).
func endToEnd(t *testing.T, f parser.Format, n int, rs *replay.Ruleset) {
	{
		{
			text, labels := corpusUnder(t, f, 14, n, 0.2, 0, rs)
			book := auditRules(t)
			if rs != nil {
				book = replay.FixedRules(rs)
			}
			found, hs := auditUnder(t, f, text, book)
			if len(hs) != n {
				t.Fatalf("read %d hands back, want %d", len(hs), n)
			}
			byHand := map[string]*Label{}
			perCheck := map[string]int{}
			for i := range labels {
				byHand[labels[i].HandID] = &labels[i]
				perCheck[labels[i].CheckID]++
			}
			bad := 0
			for _, h := range hs {
				got := dedupe(found[h.ID])
				l := byHand[h.ID]
				var want []string
				if l != nil {
					want = []string{fmt.Sprintf("%s@%d", l.CheckID, l.ActionIndex)}
				}
				if strings.Join(got, ",") != strings.Join(want, ",") {
					bad++
					if bad <= 8 {
						what := "clean hand"
						if l != nil {
							what = "injected: " + l.What
						}
						t.Errorf("hand %s (%s): findings %v, want %v\n%s", h.ID, what, got, want, handText(t, f, text, h.ID))
					}
				}
			}
			if bad > 0 {
				t.Errorf("%d of %d hands do not match their labels", bad, len(hs))
			}
			// Every violation the format can express was injected.
			g, _ := New(Config{Format: f})
			for _, id := range g.Checks() {
				if checks.Lookup(id) == nil {
					t.Errorf("label check %q is not in the catalog", id)
				}
				if perCheck[id] == 0 && !testing.Short() {
					t.Errorf("no hand carries %s", id)
				}
			}
			if got, want := len(labels), n/5; got < want*8/10 || got > want*12/10 {
				t.Errorf("%d labels for %d hands at rate 0.2", got, n)
			}
			t.Logf("%s: %d hands, %d labels: %v", f, len(hs), len(labels), perCheck)
		}
	}
}

func dedupe(fs []found) []string {
	seen := map[string]bool{}
	var out []string
	for _, x := range fs {
		k := fmt.Sprintf("%s@%d", x.check, x.index)
		if !seen[k] {
			seen[k] = true
			out = append(out, k)
		}
	}
	sort.Strings(out)
	return out
}

// handText cuts one hand's text out of a corpus, for failure messages.
func handText(t testing.TB, f parser.Format, text []byte, id string) string {
	parts := bytes.Split(text, []byte("\n\n"))
	for _, p := range parts {
		if (f == pokerstars.Format || f == ggpoker.Format) && bytes.Contains(p, []byte("#"+id+":")) ||
			f == winamax.Format && bytes.Contains(p, []byte("#"+id+" - ")) ||
			f == partypoker.Format && bytes.Contains(p, []byte("Game "+id+" *****")) ||
			f == phh.Format && bytes.Contains(p, []byte("\nhand = "+id+"\n")) ||
			f == ipoker.Format && bytes.Contains(p, []byte(`<game gamecode="`+id+`">`)) ||
			f == pacific.Format && bytes.Contains(p, []byte("Hand History for Game "+id+" *****")) {
			return string(p)
		}
	}
	return "(hand text not found)"
}

// TestDeterministic: the same seed gives the same bytes and labels for any
// number of workers; another seed gives other hands.
func TestDeterministic(t *testing.T) {
	for _, f := range []parser.Format{pokerstars.Format, phh.Format, winamax.Format, ggpoker.Format, ipoker.Format, pacific.Format} {
		a, la := corpus(t, f, 99, 600, 0.3, 1)
		b, lb := corpus(t, f, 99, 600, 0.3, 7)
		if !bytes.Equal(a, b) {
			t.Errorf("%s: output differs between 1 and 7 workers", f)
		}
		if fmt.Sprint(la) != fmt.Sprint(lb) {
			t.Errorf("%s: labels differ between 1 and 7 workers", f)
		}
		c, _ := corpus(t, f, 100, 600, 0.3, 2)
		if bytes.Equal(a, c) {
			t.Errorf("%s: seeds 99 and 100 give the same hands", f)
		}
	}
}

// TestVariety: the corpus has what the issue asks for: every game the
// format records, 2 to 9 players, all-ins with side pots, split pots,
// showdowns, and hands that end before the flop.
func TestVariety(t *testing.T) {
	for _, f := range []parser.Format{pokerstars.Format, phh.Format, ggpoker.Format, ipoker.Format, pacific.Format} {
		text, _ := corpus(t, f, 5, 1500, 0, 0)
		_, hs := audit(t, f, text)
		games := map[string]int{}
		players := map[int]int{}
		book := auditRules(t)
		var sidePots, splits, showdowns, preflop, bothBlinds int
		for _, h := range hs {
			for _, a := range h.Actions {
				if a.Kind == hand.Post && a.PostKind == hand.PostBothBlind {
					bothBlinds++ // a returning player's blinds, iPoker's and 888's way
				}
			}
			games[fmt.Sprintf("%s %s %d", h.Game.Variant, h.Game.Structure, h.Game.HoleCards)]++
			players[len(h.Seats)]++
			tr := replay.Replay(h, book.For(h))
			if len(tr.Pots) > 1 {
				sidePots++
			}
			for _, aw := range tr.Awards {
				if aw.OddChip > 0 || aw.Half != replay.Whole {
					splits++
					break
				}
			}
			if len(tr.Shown) > 1 {
				showdowns++
			}
			if len(h.Boards) == 0 {
				preflop++
			}
		}
		want := len(psGames)
		if f == phh.Format {
			want = len(phhGames)
		} else if r := roomTexts[f]; r.games != nil {
			want = len(r.games)
		}
		if len(games) != want {
			t.Errorf("%s: %d games dealt, want %d: %v", f, len(games), want, games)
		}
		for n := 2; n <= 9; n++ {
			if players[n] == 0 {
				t.Errorf("%s: no hand with %d players", f, n)
			}
		}
		counts := map[string]int{"side pots": sidePots, "split pots": splits, "showdowns": showdowns, "preflop ends": preflop}
		if r := roomTexts[f]; r != nil && r.deadSmallBlind == hand.PostBothBlind {
			counts["both blinds posted by a returning player"] = bothBlinds
		}
		for what, c := range counts {
			if c < len(hs)/100 {
				t.Errorf("%s: only %d hands with %s", f, c, what)
			}
		}
		t.Logf("%s: games %v; players %v; side pots %d, splits %d, showdowns %d, preflop %d, both blinds %d", f, games, players, sidePots, splits, showdowns, preflop, bothBlinds)
	}
}

// TestWriteDir writes a folder of shards: files of ShardSize hands, PHH
// tables numbered from [1] in each, labels naming the file.
func TestWriteDir(t *testing.T) {
	dir := t.TempDir()
	g, err := New(Config{Seed: 3, Format: phh.Format, Violations: 0.5})
	if err != nil {
		t.Fatal(err)
	}
	var labels bytes.Buffer
	st, err := g.Write(context.Background(), Output{Hands: 250, Dir: dir, ShardSize: 100, Labels: &labels})
	if err != nil {
		t.Fatal(err)
	}
	if st.Files != 3 || st.Hands != 250 {
		t.Fatalf("%d files, %d hands; want 3 and 250", st.Files, st.Hands)
	}
	total := 0
	for k := 0; k < 3; k++ {
		data, err := os.ReadFile(filepath.Join(dir, g.FileName(k)))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.HasPrefix(data, []byte("[1]\n")) {
			t.Errorf("shard %d does not start with table [1]", k)
		}
		_, hs := audit(t, phh.Format, data)
		total += len(hs)
	}
	if total != 250 {
		t.Errorf("read %d hands from the shards, want 250", total)
	}
	if !strings.Contains(labels.String(), `"file":"hands-000002.phhs"`) {
		t.Errorf("labels do not name the shard files:\n%s", labels.String())
	}
}

// TestIssueCases: the corpus carries the cases the auditor must get right
// on real records: rake with side pots (PokerStars shares it among the pots
// as it likes), multi-way splits with several odd chips (paid by either
// reading of TDA 20-A), dead small blinds, fixed-limit short all-ins, older
// exports without uncalled-bet lines and mucked hands the summary shows;
// and labels for the faults among them.
func TestIssueCases(t *testing.T) {
	n := 6000
	if testing.Short() {
		t.Skip("a large corpus")
	}
	raked := replay.Default()
	raked.HasRakeRule, raked.RakeBasisPoints, raked.RakeCap, raked.NoFlopNoDrop = true, 500, replay.HouseAmount{Units: 3}, true
	for _, f := range []parser.Format{pokerstars.Format, phh.Format} {
		text, labels := corpusUnder(t, f, 31, n, 0.2, 0, &raked)
		_, hs := auditUnder(t, f, text, replay.FixedRules(&raked))
		counts := map[string]int{}
		for _, h := range hs {
			tr := replay.Replay(h, &raked)
			if len(tr.Pots) > 1 && tr.Rake > 0 {
				counts["raked side pots"]++
				var sideRaked bool
				for _, pot := range tr.Pots[1:] {
					sideRaked = sideRaked || pot.Rake > 0
				}
				if sideRaked {
					counts["rake taken from a side pot"]++
				}
			}
			for i, aw := range tr.Awards {
				winners, odd := 0, hand.Amount(0)
				for _, b := range tr.Awards {
					if b.Pot == aw.Pot && b.Board == aw.Board && b.Half == aw.Half && b.Amount > 0 {
						winners++
						odd += b.OddChip
					}
				}
				if i == 0 && winners >= 3 && odd >= 2*max(tr.ChipUnit, 1) {
					counts["multi-way split, several odd chips"]++
				}
			}
			sb := 0
			returns, returnLines := len(tr.Returns), 0
			for _, a := range h.Actions {
				if a.Kind == hand.Post && a.PostKind == hand.PostSmallBlind {
					sb++
				}
				if a.Kind == hand.UncalledReturn {
					returnLines++
				}
				if a.Kind == hand.Muck && len(a.Cards) > 0 {
					counts["muck with its cards shown"]++
				}
			}
			if sb > 1 {
				counts["dead small blind"]++
			}
			if f == pokerstars.Format && returns > 0 && returnLines == 0 {
				counts["no uncalled-bet line"]++
			}
			if h.Game.Structure == hand.FixedLimit {
				for _, st := range tr.Steps {
					if (st.Kind == hand.Raise || st.Kind == hand.Bet) && st.AllIn && !st.FullRaise {
						counts["fixed-limit short all-in"]++
						break
					}
				}
			}
		}
		for _, l := range labels {
			switch {
			case l.CheckID == "raise.not-reopened" && strings.Contains(l.What, "half of a full bet"):
				counts["label: limit raise not reopened"]++
			case l.CheckID == "bet.wrong-call-amount" && strings.Contains(l.What, "dead small blind"):
				counts["label: dead small blind counted live"]++
			case l.CheckID == "pot.rake-mismatch":
				counts["label: rake"]++
			case l.CheckID == "pot.odd-chip":
				counts["label: odd chip"]++
			}
		}
		want := []string{"raked side pots", "rake taken from a side pot", "multi-way split, several odd chips",
			"fixed-limit short all-in", "label: limit raise not reopened", "label: rake", "label: odd chip"}
		if f == pokerstars.Format {
			want = append(want, "dead small blind", "no uncalled-bet line", "muck with its cards shown", "label: dead small blind counted live")
		}
		for _, k := range want {
			if counts[k] == 0 {
				t.Errorf("%s: no hand with %s", f, k)
			}
		}
		t.Logf("%s: %v", f, counts)
	}
}

// corpusOf generates n hands of the games named, in format f.
func corpusOf(t testing.TB, f parser.Format, games []string, seed uint64, n int, rate float64) ([]byte, []Label, *Generator) {
	t.Helper()
	g, err := New(Config{Seed: seed, Format: f, Violations: rate, Games: games})
	if err != nil {
		t.Fatal(err)
	}
	var text, labels bytes.Buffer
	if _, err := g.Write(context.Background(), Output{Hands: n, W: &text, Labels: &labels}); err != nil {
		t.Fatal(err)
	}
	var ls []Label
	dec := json.NewDecoder(&labels)
	for {
		var l Label
		if err := dec.Decode(&l); err == io.EOF {
			break
		} else if err != nil {
			t.Fatal(err)
		}
		ls = append(ls, l)
	}
	return text.Bytes(), ls, g
}

// TestEndToEndGames is TestEndToEnd for each game besides hold'em and
// Omaha, in PHH, and for short deck in iPoker: 2,000 hands of each with 20% violations; every label is
// found at its action, and nothing else.
func TestEndToEndGames(t *testing.T) {
	n := 2000
	if testing.Short() {
		n = 300
	}
	type run struct {
		f    parser.Format
		game string
	}
	var runs []run
	for _, game := range []string{"short-deck", "stud", "stud-hi-lo", "razz", "2-7-single-draw", "2-7-triple-draw", "badugi"} {
		runs = append(runs, run{phh.Format, game})
	}
	runs = append(runs, run{ipoker.Format, "short-deck"}) // iPoker's Six Plus Hold'em
	for _, r := range runs {
		game := r.game
		t.Run(string(r.f)+"/"+game, func(t *testing.T) {
			text, labels, g := corpusOf(t, r.f, []string{game}, 21, n, 0.2)
			found, hs := audit(t, r.f, text)
			if len(hs) != n {
				t.Fatalf("read %d hands back, want %d", len(hs), n)
			}
			byHand := map[string]*Label{}
			perCheck := map[string]int{}
			for i := range labels {
				byHand[labels[i].HandID] = &labels[i]
				perCheck[labels[i].CheckID]++
			}
			bad := 0
			for _, h := range hs {
				if h.Game.Variant.String() != game {
					t.Fatalf("hand %s is %v, want %s", h.ID, h.Game.Variant, game)
				}
				got := dedupe(found[h.ID])
				l := byHand[h.ID]
				var want []string
				if l != nil {
					want = []string{fmt.Sprintf("%s@%d", l.CheckID, l.ActionIndex)}
				}
				if strings.Join(got, ",") != strings.Join(want, ",") {
					bad++
					if bad <= 5 {
						what := "clean hand"
						if l != nil {
							what = "injected: " + l.What
						}
						t.Errorf("hand %s (%s): findings %v, want %v\n%s", h.ID, what, got, want, handText(t, r.f, text, h.ID))
					}
				}
			}
			if bad > 0 {
				t.Errorf("%d of %d hands do not match their labels", bad, len(hs))
			}
			for _, id := range g.Checks() {
				if perCheck[id] == 0 && !testing.Short() {
					t.Errorf("no hand carries %s", id)
				}
			}
			if got, want := len(labels), n/5; got < want*8/10 || got > want*12/10 {
				t.Errorf("%d labels for %d hands at rate 0.2", got, n)
			}
			t.Logf("%s: %d hands, %d labels: %v", game, len(hs), len(labels), perCheck)
		})
	}
}

// TestGamesOption: --games chooses the games; the stud and draw games are
// PHH only, and an unknown name is refused. The default is the format's
// hold'em and Omaha mix, whose corpus does not change with the option's
// arrival (TestDeterministic and the CLI's golden corpora check that).
func TestGamesOption(t *testing.T) {
	if _, err := New(Config{Format: pokerstars.Format, Games: []string{"holdem", "razz"}}); err == nil || !strings.Contains(err.Error(), "PHH only") {
		t.Errorf("razz in PokerStars: error %v, want PHH only", err)
	}
	if _, err := New(Config{Format: phh.Format, Games: []string{"chess"}}); err == nil || !strings.Contains(err.Error(), "unknown game") {
		t.Errorf("chess: error %v", err)
	}
	g, err := New(Config{Format: pokerstars.Format, Games: []string{"omaha"}})
	if err != nil {
		t.Fatal(err)
	}
	for _, k := range g.games {
		if k.variant != hand.Omaha && k.variant != hand.OmahaHiLo {
			t.Errorf("omaha chose %v", k.variant)
		}
	}
	// The checks a game cannot carry are not injected in it.
	g, _ = New(Config{Format: phh.Format, Games: []string{"badugi"}})
	for _, id := range g.Checks() {
		if strings.HasPrefix(id, "bring-in.") || id == "pot.odd-chip" || id == "raise.over-pot-limit" {
			t.Errorf("badugi carries %s", id)
		}
	}
	if !slices.Contains(g.Checks(), "draw.too-many-cards") {
		t.Error("badugi does not carry draw.too-many-cards")
	}
}

// TestGamesVariety: each game's corpus has showdowns won by its own
// ranking, all-ins, and its own phases: up cards and bring-ins in stud,
// draws of every size (standing pat too) in the draw games, and split pots
// in stud hi-lo.
func TestGamesVariety(t *testing.T) {
	rs := replay.Default()
	for _, game := range []string{"short-deck", "stud", "stud-hi-lo", "razz", "2-7-single-draw", "2-7-triple-draw", "badugi"} {
		text, _, _ := corpusOf(t, phh.Format, []string{game}, 8, 600, 0)
		_, hs := audit(t, phh.Format, text)
		var showdowns, allIns, bringIns, completions, pats, draws, splits, redealt int
		players := map[int]bool{}
		for _, h := range hs {
			var mucked cards.Set
			players[len(h.Seats)] = true
			tr := replay.Replay(h, &rs)
			if len(tr.Shown) > 1 {
				showdowns++
			}
			for _, aw := range tr.Awards {
				if aw.Half != replay.Whole {
					splits++
					break
				}
			}
			for i, a := range h.Actions {
				switch {
				case a.Kind == hand.BringIn:
					bringIns++
				case a.Kind == hand.Bet && tr.Steps[i].Street == replay.ThirdStreet:
					completions++
				case a.Kind == hand.Discard && len(a.Cards) == 0:
					pats++
				case a.Kind == hand.Discard:
					draws++
					mucked |= cards.SetOf(a.Cards...)
				case a.Kind == hand.DealHole:
					for _, c := range a.Cards {
						if mucked.Has(c) {
							redealt++ // the stub ran out: the discards were shuffled in
						}
					}
				}
				if a.AllIn || tr.Steps[i].AllIn {
					allIns++
				}
			}
		}
		want := map[string]int{"showdowns": showdowns, "all-ins": allIns}
		switch {
		case strings.Contains(game, "stud") || game == "razz":
			want["bring-ins"], want["completions"] = bringIns, completions
		case strings.Contains(game, "draw") || game == "badugi":
			want["pats"], want["draws"] = pats, draws
		}
		if game == "2-7-triple-draw" {
			want["reshuffled discards"] = redealt * 50 // some hands, not one in fifty
		}
		if game == "stud-hi-lo" {
			want["hi/lo splits"] = splits
		}
		for what, c := range want {
			if c < len(hs)/50 {
				t.Errorf("%s: only %d hands with %s", game, c, what)
			}
		}
		if len(players) < 4 {
			t.Errorf("%s: table sizes %v", game, players)
		}
		t.Logf("%s: %v; players %v", game, want, players)
	}
}

// TestEndToEndSessions: table sessions with 20% session faults, audited as
// the pipeline does (each table's hands in order, under a house that
// numbers hands per table): every label is found at its hand, and nothing
// else; the clean hands carry over stacks, move the button, and see players
// leave, join, sit out and come back.
func TestEndToEndSessions(t *testing.T) {
	for _, c := range []struct {
		f      parser.Format
		preset string
	}{{pokerstars.Format, "pokerstars"}, {ipoker.Format, "ipoker"}, {pacific.Format, "888poker"},
		{winamax.Format, "winamax"}, {partypoker.Format, "partypoker"}, {ggpoker.Format, "ggpoker"}} {
		t.Run(string(c.f), func(t *testing.T) { endToEndSessions(t, c.f, c.preset) })
	}
}

// endToEndSessions is TestEndToEndSessions in format f, under its room's
// preset.
func endToEndSessions(t *testing.T, f parser.Format, preset string) {
	n := 2400
	if testing.Short() {
		n = 480
	}
	rs, err := replay.Preset(preset)
	if err != nil {
		t.Fatal(err)
	}
	rs.Session.ConsecutiveHandIDs = true
	g, err := New(Config{Seed: 11, Format: f, Violations: 0.2, Rules: &rs, Sessions: 12})
	if err != nil {
		t.Fatal(err)
	}
	var text, labelText, text1 bytes.Buffer
	if _, err := g.Write(context.Background(), Output{Hands: n, W: &text, Labels: &labelText, Workers: 3}); err != nil {
		t.Fatal(err)
	}
	if _, err := g.Write(context.Background(), Output{Hands: n, W: &text1, Workers: 1}); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(text.Bytes(), text1.Bytes()) {
		t.Fatal("sessions differ between 1 and 3 workers")
	}
	labels := map[string][]string{}
	perCheck := map[string]int{}
	dec := json.NewDecoder(&labelText)
	for {
		var l Label
		if err := dec.Decode(&l); err == io.EOF {
			break
		} else if err != nil {
			t.Fatal(err)
		}
		labels[l.HandID] = append(labels[l.HandID], fmt.Sprintf("%s@%d", l.CheckID, l.ActionIndex))
		perCheck[l.CheckID]++
	}
	r, err := parser.Open(f, bytes.NewReader(text.Bytes()), "gen")
	if err != nil {
		t.Fatal(err)
	}
	book := replay.FixedRules(&rs)
	sessions := checks.NewSessions(checks.All())
	var runner checks.Runner
	got := map[string][]found{}
	var hands, sittingOut, joins int
	seen := map[string]bool{}
	for {
		h, err := r.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("generated text does not parse: %v", err)
		}
		hands++
		if !sessionIDForm(f, h) {
			t.Fatalf("hand ID %s at %v is not in %s's form", h.ID, h.Start, f)
		}
		for _, s := range h.Seats {
			if s.SittingOut {
				sittingOut++
			}
			if !seen[h.Table+s.Player] {
				seen[h.Table+s.Player] = true
				joins++
			}
		}
		tr := replay.Replay(h, book.For(h))
		fs := runner.Run(h, tr, checks.All())
		fs = append(fs, sessions.Add(checks.SessionOf(h, tr), book.For(h))...)
		for _, x := range fs {
			got[h.ID] = append(got[h.ID], found{x.CheckID, x.ActionIndex})
		}
	}
	if hands != n {
		t.Fatalf("read %d hands back, want %d", hands, n)
	}
	bad := 0
	ids := map[string]bool{}
	for id := range got {
		ids[id] = true
	}
	for id := range labels {
		ids[id] = true
	}
	for id := range ids {
		have, want := dedupe(got[id]), labels[id]
		sort.Strings(want)
		if strings.Join(have, ",") != strings.Join(want, ",") {
			if bad++; bad <= 5 {
				t.Errorf("hand %s: findings %v, want %v\n%s", id, have, want, handText(t, f, text.Bytes(), id))
			}
		}
	}
	if bad > 0 {
		t.Errorf("%d hands do not match their labels", bad)
	}
	for _, id := range g.Checks() {
		if perCheck[id] == 0 {
			t.Errorf("no hand carries %s", id)
		}
	}
	if sittingOut == 0 || joins <= 4*n/12 {
		t.Errorf("sessions without players sitting out (%d) or joining (%d seatings)", sittingOut, joins)
	}
	t.Logf("%d hands, labels %v, %d seats sitting out, %d seatings", hands, perCheck, sittingOut, joins)
}

// sessionIDForm reports whether h's ID, read back, is in its room's form:
// Winamax's TABLE-N-TIME (the hand's start in Unix seconds, but for a copy
// of the last hand's ID), GGPoker's HD and a number, the others' a number.
func sessionIDForm(f parser.Format, h *hand.Hand) bool {
	id := h.ID
	switch f {
	case winamax.Format:
		parts := strings.Split(id, "-")
		if len(parts) != 3 {
			return false
		}
		at, err := strconv.ParseInt(parts[2], 10, 64)
		if err != nil || at > h.Start.Unix() || at < h.Start.Unix()-60 {
			return false
		}
		id = parts[0] + parts[1]
	case ggpoker.Format:
		var ok bool
		if id, ok = strings.CutPrefix(id, "HD"); !ok {
			return false
		}
	}
	_, err := strconv.ParseUint(id, 10, 64)
	return err == nil
}

// TestRoundTrip: each generated hand, written in its format and read back
// by the format's reader, is the hand the generator built (the labels'
// action indexes count the reader's actions). Not yet GGPoker (gen states
// winnings its reader does not give), PHH (its reader gives a check for a
// call of nothing: "cc") nor PartyPoker (a few faulty hands read back
// otherwise: a raise beyond the stack, a short big blind).
func TestRoundTrip(t *testing.T) {
	n := 1500
	if testing.Short() {
		n = 300
	}
	for _, f := range []parser.Format{pokerstars.Format, winamax.Format, ipoker.Format, pacific.Format} {
		t.Run(string(f), func(t *testing.T) {
			g, err := New(Config{Seed: 23, Format: f, Violations: 0.3})
			if err != nil {
				t.Fatal(err)
			}
			var buf []byte
			bad := 0
			for i := range n {
				gh, err := g.Hand(i)
				if err != nil {
					t.Fatal(err)
				}
				buf, _, err = g.Encode(buf[:0], i, i+1)
				if err != nil {
					t.Fatal(err)
				}
				back, errs := readertest.ReadHands(t, f, buf, "gen")
				if len(errs) > 0 || len(back) != 1 {
					t.Fatalf("hand %d: %d hands read back, errors %v\n%s", i, len(back), errs, buf)
				}
				if d := readertest.HandDiff(gh.Hand, back[0]); d != nil {
					if bad++; bad <= 3 {
						t.Errorf("hand %d (%v) differs read back:\n  %s\n%s", i, gh.Label, strings.Join(d, "\n  "), buf)
					}
				}
			}
			if bad > 0 {
				t.Errorf("%d of %d hands differ read back", bad, n)
			}
		})
	}
}

// TestFormatOptions: what each format can carry. Table sessions are
// written in the formats whose sessions the session checks were run on,
// and refused, saying why, in the others; the stud and draw games are PHH
// only; iPoker files are XML.
func TestFormatOptions(t *testing.T) {
	for _, f := range []parser.Format{pokerstars.Format, ipoker.Format, pacific.Format, winamax.Format, partypoker.Format, ggpoker.Format} {
		if _, err := New(Config{Format: f, Sessions: 6}); err != nil {
			t.Errorf("%s sessions: %v", f, err)
		}
	}
	if _, err := New(Config{Format: phh.Format, Sessions: 6}); err == nil ||
		!strings.Contains(err.Error(), "written in 888poker, ggpoker, ipoker, partypoker, pokerstars or winamax only, not phh") ||
		!strings.Contains(err.Error(), "name no table") {
		t.Errorf("phh sessions: error %v", err)
	}
	for _, f := range []parser.Format{ipoker.Format, pacific.Format} {
		if _, err := New(Config{Format: f, Games: []string{"stud"}}); err == nil || !strings.Contains(err.Error(), "PHH only") {
			t.Errorf("stud in %s: error %v", f, err)
		}
	}
	if _, err := New(Config{Format: ipoker.Format, Games: []string{"short-deck", "holdem"}}); err != nil {
		t.Errorf("short deck in iPoker: %v", err)
	}
	if _, err := New(Config{Format: pacific.Format, Games: []string{"short-deck"}}); err == nil ||
		!strings.Contains(err.Error(), "short-deck is written in ipoker or phh only") {
		t.Errorf("short deck in 888poker: error %v", err)
	}
	if _, err := New(Config{Format: "xml"}); err == nil || !strings.Contains(err.Error(), "888poker, ggpoker, ipoker, partypoker, phh, pokerstars or winamax") {
		t.Errorf("unknown format: error %v", err)
	}
	g, _ := New(Config{Format: ipoker.Format})
	if name := g.FileName(2); name != "hands-000002.xml" {
		t.Errorf("iPoker shard named %s", name)
	}
	// A file's first iPoker session has the XML declaration, the next
	// ones do not.
	var text bytes.Buffer
	if _, err := g.Write(context.Background(), Output{Hands: 3, W: &text}); err != nil {
		t.Fatal(err)
	}
	if c := bytes.Count(text.Bytes(), []byte("<?xml ")); c != 1 || !bytes.HasPrefix(text.Bytes(), []byte("<?xml ")) {
		t.Errorf("%d XML declarations in 3 hands:\n%s", c, text.Bytes())
	}
}

// TestEndToEndRakeIsReturnedBet: iPoker records in which the implied rake
// taken from the winner equals the bet he was returned uncalled (5%,
// rounded to the chip, comes to it) read two ways: the bet given back and
// a rake taken, or the bet kept. gen writes them as they fall; the
// auditor reads them as the plausible rake they are, and finds nothing.
func TestEndToEndRakeIsReturnedBet(t *testing.T) {
	const n = 3000 // 0.2s; fewer hands may hold none
	text, _ := corpusUnder(t, ipoker.Format, 5, n, 0, 0, nil)
	book := auditRules(t)
	found, hs := auditUnder(t, ipoker.Format, text, book)
	ambiguous := 0
	for _, h := range hs {
		tr := replay.Replay(h, book.For(h))
		if len(tr.Pots) != 1 || !tr.HasImpliedRake || tr.ImpliedRake <= 0 {
			continue
		}
		for _, r := range tr.Returns {
			won := false
			for _, aw := range tr.Awards {
				won = won || aw.Player == r.Player && aw.Amount > 0
			}
			if !won || r.Amount != tr.ImpliedRake {
				continue
			}
			ambiguous++
			if len(found[h.ID]) > 0 {
				t.Errorf("hand %s: its rake equals the bet returned to the winner; findings %v, want none\n%s", h.ID, found[h.ID], handText(t, ipoker.Format, text, h.ID))
			}
		}
	}
	if ambiguous == 0 {
		t.Fatalf("no hand of %d has a rake equal to the winner's returned bet: the test covers nothing", len(hs))
	}
	t.Logf("%d of %d hands have a rake equal to the winner's returned bet", ambiguous, len(hs))
}

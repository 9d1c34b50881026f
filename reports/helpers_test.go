package reports

import (
	"fmt"
	"github.com/handaudit/handaudit/internal/testenv"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/handaudit/handaudit/cards"
	"github.com/handaudit/handaudit/checks"
	"github.com/handaudit/handaudit/hand"
	"github.com/handaudit/handaudit/replay"
)

// XSS payloads placed in every text field the report shows. A payload that
// ran would set window.__xss or add an element the test looks for.
const (
	xssPlayer  = `<img src=x onerror="window.__xss=1" id="xss-img">`
	xssTable   = `</script><script>window.__xss=2</script>`
	xssHandID  = `"><svg onload="window.__xss=3" id="xss-svg">`
	xssMessage = `raise <!-- </script><script>window.__xss=4</script> & "quotes"`
	xssNote    = `<iframe srcdoc="<script>parent.__xss=5</script>" id="xss-frame"></iframe>`
)

// requireTool skips the test when a tool is missing, or fails it under
// CI=true, where every tool must be installed.
func requireTool(t testing.TB, ok bool, msg string) {
	t.Helper()
	testenv.Require(t, ok, msg)
}

// repoRoot walks up from the package directory to go.mod.
func repoRoot(t testing.TB) string {
	t.Helper()
	return testenv.RepoRoot(t)
}

// nodeModule returns the node binary and the testdata/interop directory, or
// skips (fails under CI) when either is missing.
func nodeModule(t testing.TB) (string, string) {
	t.Helper()
	node, err := exec.LookPath("node")
	requireTool(t, err == nil, "node not found; install Node.js to run this interop test")
	dir, _ := filepath.Abs(filepath.Join("testdata", "interop"))
	_, err = os.Stat(filepath.Join(dir, "node_modules", "@duckdb", "node-api"))
	requireTool(t, err == nil, "reports/testdata/interop/node_modules missing; run: npm ci --prefix reports/testdata/interop")
	return node, dir
}

var t0 = time.Date(2025, 3, 14, 21, 5, 7, 123456000, time.UTC)

// buildHand makes a three-handed no-limit hold'em hand at 0.50/1.00 USD
// with a replay trace: blinds, a raise, a call, a fold, a flop, a bet and a
// call, a showdown and a collect.
func buildHand(id, table, file string, line int, start time.Time, players [3]string) (*hand.Hand, *replay.Trace) {
	h := &hand.Hand{
		Format: "pokerstars", Site: "PokerStars", ID: id, Table: table, Start: start,
		Currency: "USD", Scale: 100,
		Game:   hand.Game{Variant: hand.Holdem, Structure: hand.NoLimit, HoleCards: 2},
		Stakes: hand.Stakes{SmallBlind: 50, BigBlind: 100, MinBet: 100},
		Button: 1, MaxSeats: 6,
		Pos: hand.Pos{File: file, Line: line}, End: line + 20,
	}
	for i, p := range players {
		h.Seats = append(h.Seats, hand.Seat{Number: i + 1, Player: p, Stack: 10000})
	}
	c := func(s string) cards.Card {
		r := strings.IndexByte("23456789TJQKA", s[0])
		su := strings.IndexByte("cdhs", s[1])
		return cards.New(cards.Rank(r), cards.Suit(su))
	}
	board := []cards.Card{c("Ah"), c("7d"), c("2c")}
	h.Boards = [][]cards.Card{board}
	act := func(a hand.Action) {
		a.Pos = hand.Pos{File: file, Line: line + 1 + len(h.Actions)}
		h.Actions = append(h.Actions, a)
	}
	act(hand.Action{Kind: hand.Post, Player: 1, PostKind: hand.PostSmallBlind, Amount: 50, HasAmount: true})
	act(hand.Action{Kind: hand.Post, Player: 2, PostKind: hand.PostBigBlind, Amount: 100, HasAmount: true})
	act(hand.Action{Kind: hand.Raise, Player: 0, Amount: 150, To: 250, HasAmount: true})
	act(hand.Action{Kind: hand.Fold, Player: 1})
	act(hand.Action{Kind: hand.Call, Player: 2, Amount: 150, HasAmount: true})
	act(hand.Action{Kind: hand.DealBoard, Player: hand.NoPlayer, Cards: board})
	act(hand.Action{Kind: hand.Bet, Player: 2, Amount: 300, To: 300, HasAmount: true})
	act(hand.Action{Kind: hand.Call, Player: 0, Amount: 300, HasAmount: true})
	act(hand.Action{Kind: hand.Show, Player: 2, Cards: []cards.Card{c("As"), c("Kd")}})
	act(hand.Action{Kind: hand.Show, Player: 0, Cards: []cards.Card{c("Qs"), c("Qd")}})
	act(hand.Action{Kind: hand.Collect, Player: 2, Amount: 1050, Pot: 0})
	h.Outcome = hand.Outcome{TotalPot: 1150, HasTotalPot: true, Pots: []hand.Amount{1150}, Rake: 0, HasRake: true}

	stacks := []hand.Amount{10000, 10000, 10000}
	pot := hand.Amount(0)
	tr := &replay.Trace{Hand: h, Supported: true, ShowdownFirst: 2, ShowdownReason: "last aggressor on the river"}
	streets := []replay.Street{0, 0, 0, 0, 0, 1, 1, 1, 4, 4, 4}
	added := []hand.Amount{50, 100, 250, 0, 150, 0, 300, 300, 0, 0, 0}
	for i, a := range h.Actions {
		before := pot
		if a.Player >= 0 {
			stacks[a.Player] -= added[i]
		}
		pot += added[i]
		st := replay.Step{Index: i, Kind: a.Kind, Street: streets[i], Player: a.Player, Added: added[i],
			PotBefore: before, PotAfter: pot, Stacks: append([]hand.Amount(nil), stacks...)}
		if a.Kind.IsBetting() {
			st.Betting = true
			st.Window = replay.Window{ToAct: a.Player, ToCall: 100, CurrentBet: 100, MinRaiseTo: 200, MaxRaiseTo: 10000, FullRaise: 100, Open: true}
		}
		if i == 7 {
			st.Note = "call completes the action on the flop"
		}
		tr.Steps = append(tr.Steps, st)
	}
	tr.Committed = []hand.Amount{550, 50, 550}
	tr.TotalPot = 1150
	tr.Pots = []replay.Pot{{Amount: 1150, Level: 550, Eligible: []int{0, 2}}}
	tr.Awards = []replay.Award{{Pot: 0, Player: 2, Amount: 1150, Reason: "best hand: pair of Aces"}}
	tr.Shown = []replay.ShownHand{{Player: 2, Cards: h.Actions[8].Cards, Desc: "pair of Aces"}, {Player: 0, Cards: h.Actions[9].Cards, Desc: "pair of Queens"}}
	tr.FinishingStacks = []hand.Amount{9450, 9950, 10600}
	h.Outcome.FinishingStacks = []hand.Amount{9450, 9950, 10500}
	h.Outcome.HasFinishingStacks = true
	return h, tr
}

// finding builds a finding of h at action index ai (-1 for the hand).
func finding(h *hand.Hand, id string, sev checks.Severity, ai int, msg string) checks.Finding {
	f := checks.Finding{CheckID: id, Severity: sev, Rule: ruleFor(id), Message: msg,
		HandID: h.ID, Table: h.Table, StartedAt: h.Start, File: h.Pos.File, Line: h.Pos.Line,
		ActionIndex: ai, Currency: h.Currency, Scale: h.Scale}
	if ai >= 0 {
		a := h.Actions[ai]
		f.Line = a.Pos.Line
		f.Street = []string{"preflop", "preflop", "preflop", "preflop", "preflop", "flop", "flop", "flop", "showdown", "showdown", "showdown"}[ai]
		if a.Player >= 0 {
			f.Seat = h.Seats[a.Player].Number
			f.Player = h.Seats[a.Player].Player
		}
	}
	return f
}

func ruleFor(id string) string {
	for _, c := range testChecks {
		if c.ID == id {
			return c.Rule
		}
	}
	return ""
}

var testChecks = []CheckInfo{
	{ID: "raise.under-minimum", Title: "bet or raise below the legal minimum", Severity: checks.Error,
		Rule: "TDA 2024 Rule 43 (Raise Amounts)", RuleText: "A raise must be at least the size of the largest previous bet or raise of the current betting round.",
		RuleTextZH: "加注额必须至少等于本轮之前最大的下注或加注额。"},
	{ID: "pot.total-mismatch", Title: "recorded total pot differs from the chips put in", Severity: checks.Error,
		Rule: "Poker convention (Pot Accounting)", RuleText: "The pot is every chip the players put in, less uncalled bets returned."},
	{ID: "stack.finish-mismatch", Title: "recorded finishing stack differs from the replay", Severity: checks.Warning,
		Rule: "Poker convention (Chip Accounting)", RuleText: "A player's stack after the hand is the starting stack less chips committed plus chips won."},
	{ID: "showdown.order", Title: "cards shown out of order", Severity: checks.Info,
		Rule: "TDA 2024 Rule 16 (Face Up for All-Ins)", RuleText: "At showdown the last aggressor on the final betting round shows first."},
}

func testInfo() RunInfo {
	return RunInfo{ToolVersion: "1.2.3-test", Ruleset: "tda-2024", HouseDigest: "sha256:abc123", RunID: "run-0001",
		Inputs: []string{"logs/day1.txt", "logs/day2 <b>.txt"}, Lang: "en", FailOn: checks.Warning, Checks: testChecks}
}

// sampleResults is a small run: two files, clean and flagged hands, a
// parse error, XSS payloads in every text field and a non-UTF-8 name.
func sampleResults() []*HandResult {
	var out []*HandResult
	file1, file2 := "logs/day1.txt", "logs/day2 <b>.txt"

	h1, t1 := buildHand("H-1001", "Alpha", file1, 1, t0, [3]string{"alice", "bob", "carol"})
	out = append(out, &HandResult{Hand: h1, Trace: t1, File: file1, Line: 1, Format: "pokerstars"})

	h2, t2 := buildHand("H-1002", "Alpha", file1, 30, t0.Add(3*time.Minute), [3]string{"alice", xssPlayer, "carol"})
	f := finding(h2, "raise.under-minimum", checks.Error, 2, "alice raised to 2.50 preflop; the minimum raise was to 2.00 "+xssMessage)
	f.Expected, f.HasExpected, f.Recorded, f.HasRecorded = 200, true, 250, true
	g := finding(h2, "stack.finish-mismatch", checks.Warning, -1, "carol finished with 105.00 recorded; the replay gives 106.00")
	g.Seat, g.Player = 3, "carol"
	g.Expected, g.HasExpected, g.Recorded, g.HasRecorded = 10600, true, 10500, true
	t2.Steps[3].Note = xssNote
	out = append(out, &HandResult{Hand: h2, Trace: t2, File: file1, Line: 30, Format: "pokerstars", Findings: []checks.Finding{f, g}})

	out = append(out, &HandResult{File: file1, Line: 61, Format: "pokerstars", Status: StatusParseError, Error: "line 61: expected \"Seat N:\", got <garbage>"})

	h3, t3 := buildHand(xssHandID, xssTable, file2, 1, t0.Add(26*time.Hour), [3]string{"dave", "erin\xff\xfe", "frank"})
	f3 := finding(h3, "pot.total-mismatch", checks.Error, -1, "the record claims a total pot of 11.50; the players put in 12.00")
	f3.ActionIndex = 0 // action index 0 is a real value, not null
	f3.Expected, f3.HasExpected, f3.Recorded, f3.HasRecorded = 0, true, 1150, true
	f4 := finding(h3, "showdown.order", checks.Info, 9, "frank showed before dave")
	f4.Rule = "House rules (Showdown Order)" // a citation outside the catalog
	out = append(out, &HandResult{Hand: h3, Trace: t3, File: file2, Line: 1, Format: "pokerstars", Findings: []checks.Finding{f3, f4}})

	h4, _ := buildHand("H-2002", "Beta", file2, 40, time.Time{}, [3]string{"gina", "hank", "ivan"})
	f5 := checks.Finding{CheckID: "unknown.check", Severity: checks.Warning, Message: "a check the catalog does not list", ActionIndex: -1}
	out = append(out, &HandResult{Hand: h4, Trace: &replay.Trace{Hand: h4, Supported: false, Unsupported: "no stacks recorded"}, File: file2, Line: 40, Findings: []checks.Finding{f5}})
	return out
}

// writeAll drives w through a whole run in dir.
func writeAll(t testing.TB, w Writer, dir string, info RunInfo, results []*HandResult) {
	t.Helper()
	if err := w.Open(dir, info); err != nil {
		t.Fatalf("Open: %v", err)
	}
	for _, r := range results {
		if err := w.WriteHand(r); err != nil {
			t.Fatalf("WriteHand: %v", err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatalf("Close: %v", err)
	}
}

// manyResults is a bigger generated run: n hands over tables T01..T12 and
// several days, every k-th hand flagged with a few findings.
func manyResults(n, k int) []*HandResult {
	ids := []string{"raise.under-minimum", "pot.total-mismatch", "stack.finish-mismatch", "showdown.order"}
	sevs := []checks.Severity{checks.Error, checks.Error, checks.Warning, checks.Info}
	out := make([]*HandResult, 0, n)
	for i := 0; i < n; i++ {
		file := fmt.Sprintf("logs/part-%02d.txt", i/500)
		table := fmt.Sprintf("T%02d", i%12+1)
		h, tr := buildHand(fmt.Sprintf("G-%06d", i), table, file, 1+(i%500)*25, t0.Add(time.Duration(i)*7*time.Minute),
			[3]string{fmt.Sprintf("p%d", i%17), fmt.Sprintf("p%d", (i+5)%17), fmt.Sprintf("p%d", (i+11)%17)})
		r := &HandResult{Hand: h, Trace: tr, File: file, Line: h.Pos.Line, Format: "pokerstars"}
		if i%k == 0 {
			for j := 0; j < 1+i%3; j++ {
				c := (i/k + j) % len(ids)
				f := finding(h, ids[c], sevs[c], []int{2, 4, 6, 7, -1}[(i+j)%5], fmt.Sprintf("finding %d of hand %d", j, i))
				f.Expected, f.HasExpected = hand.Amount(100*(j+1)), true
				r.Findings = append(r.Findings, f)
			}
		}
		out = append(out, r)
	}
	return out
}

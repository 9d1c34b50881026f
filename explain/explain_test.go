package explain

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"github.com/handaudit/handaudit/internal/testenv"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/handaudit/handaudit/checks"
	"github.com/handaudit/handaudit/hand"
	"github.com/handaudit/handaudit/replay"
)

// The golden files under testdata are rewritten by
// `go test ./explain/ -run TestExplain -update`. Another test file of the
// package may define the flag already; define it only if not.
func init() {
	if flag.Lookup("update") == nil {
		flag.Bool("update", false, "rewrite the golden files")
	}
}

func explainUpdate() bool {
	f := flag.Lookup("update")
	return f != nil && f.Value.String() == "true"
}

// explainRoot is the repository root (the folder holding go.mod).
func explainRoot(t *testing.T) string {
	t.Helper()
	return testenv.RepoRoot(t)
}

// explainCase is one hand explained, with the golden outputs it must give
// and the numbers its text must state.
type explainCase struct {
	name    string // golden base name under testdata
	file    string // from the repository root
	hand    string
	line    int
	house   string // house options file, from the repository root
	rules   string
	compare []string // presets compared, instead of rules
	lang    string
	html    bool
	failed  bool     // findings at or above error
	checks  []string // check IDs of the findings, in order
	want    []string // the text states these
}

var explainCases = []explainCase{
	{
		name: "stud-bring-in", file: "fixtures/phh/bring-in.wrong-player.phhs", hand: "stud-suit-tie-wrong", html: true,
		failed: true, checks: []string{"bring-in.wrong-player"},
		// Stud: the up cards marked, the bring-in and the rule's bring-in
		// named by the replay, the later street opened by the best hand showing.
		want: []string{"↑ marks a card dealt face up", "Bob 5c 6d ↑3s", "Bob brings in 2",
			"Cat's 3c is the lowest up card: Cat brings in", "Fourth street", "Bob ↑Ts",
			"Bob's T-3 is the best hand showing: Bob acts first"},
	},
	{
		name: "stud-open-pair", file: "fixtures/phh/games/action.out-of-turn.phhs", hand: "stud-pair-opens",
		failed: true, checks: []string{"action.out-of-turn"},
		want: []string{"Cat's pair of Threes is the best hand showing: Cat acts first",
			"Ann bet 5 on fourth street out of turn; Cat was next to act."},
	},
	{
		name: "draw-out-of-turn", file: "fixtures/phh/games/action.out-of-turn.phhs", hand: "draw-out-of-turn",
		failed: true, checks: []string{"action.out-of-turn"},
		// A draw game: the draws by street, standing pat, the draw out of turn.
		want: []string{"Before the draw", "After the first draw", "Bob (BB) discards ?? ??", "Cat (BTN) stands pat",
			"Bob drew 2 cards out of turn in the first draw; Ann was next to draw"},
	},
	{
		name: "raise-amounts-ex1", file: "fixtures/explain/tda-raise-amounts.phhs", hand: "raise-amounts-ex1",
		// TDA addendum Rule 42 (2013) / 43 (2015, 2024), example 1.
		want: []string{"A (SB) bets 600", "B (BB) raises to 1,600 (+1,000)", "C (UTG) raises to 3,600 (+2,000)",
			"to call 3,600 · min raise to 5,600", "full raise 2,000", "D (BTN) raises to 5,600 (+2,000)"},
	},
	{
		name: "raise-amounts-ex2", file: "fixtures/explain/tda-raise-amounts.phhs", hand: "raise-amounts-ex2",
		// Example 2: a short all-in of 150 over the 100 blind leaves the minimum increment at 100.
		want: []string{"A (UTG) raises to 150 (+50) (all-in)", "to call 150 · min raise to 250", "full raise 100",
			"B (BTN) raises to 250 (+100)"},
	},
	{
		name: "reopening-ex1-1a", file: "fixtures/explain/tda-reopening.phhs", hand: "reopening-ex1-1a", html: true,
		// Example 1: A faces 100 (25 + 75), a full raise: reopened. 1-A: C faces 75: not reopened.
		want: []string{"B (BB) raises to 125 (+25) (all-in)", "D (CO) raises to 200 (+75) (all-in)",
			"betting reopened: the short all-ins since the player acted at 100 add up to 100, at least a full raise of 100",
			"to call 75 · no raise allowed · betting not reopened: the short all-in of 200 is 75 over the 125 bet, less than a full raise of 100"},
	},
	{
		name: "reopening-ex1-1b", file: "fixtures/explain/tda-reopening.phhs", hand: "reopening-ex1-1b",
		// 1-B: A raises to 300; C faces 175 more: reopened.
		want: []string{"A (SB) raises to 300 (+100)", "to call 175 · min raise to 400",
			"betting reopened: a raise to 300 since the player acted at 125"},
	},
	{
		name: "reopening-ex2a", file: "fixtures/explain/tda-reopening.phhs", hand: "reopening-ex2a",
		// 2-A: the big blind may call 3,500 or raise to 11,500; A faces 3,500: not reopened.
		want: []string{"C (BTN) raises to 7,500 (+3,500) (all-in)", "BB (BB) calls 3,500",
			"to call 3,500 · min raise to 11,500",
			"to call 3,500 · no raise allowed · betting not reopened: the short all-in of 7500 is 3500 over the 4000 bet, less than a full raise of 4000"},
	},
	{
		name: "reopening-ex2b", file: "fixtures/explain/tda-reopening.phhs", hand: "reopening-ex2b",
		// 2-B: the big blind raises to 11,500; A faces 7,500: reopened.
		want: []string{"BB (BB) raises to 11,500 (+4,000)", "to call 7,500 · min raise to 15,500",
			"betting reopened: a raise to 11500 since the player acted at 4000"},
	},
	{
		name: "short-all-in-no-reopen", file: "fixtures/explain/tda-reopening.phhs", hand: "short-all-in-no-reopen",
		failed: true, checks: []string{"raise.not-reopened"},
		want: []string{"betting not reopened: the short all-in of 125 is 25 over the 100 bet, less than a full raise of 100",
			"✗ error raise.not-reopened", "expected 125, recorded 400", "Rule: TDA 2024 Rule 47-A (Reopening the Bet)",
			"the 275 no one called goes back to A"},
	},
	{
		name: "short-all-in-no-reopen-2019", file: "fixtures/explain/tda-reopening.phhs", hand: "short-all-in-no-reopen",
		rules: "tda-2019", failed: true, checks: []string{"raise.not-reopened"},
		want: []string{"Rule: TDA 2019 Rule 47 (Reopening the Bet)", "The record breaks the rules (TDA 2019) once"},
	},
	{
		name: "short-all-in-no-reopen", file: "fixtures/explain/tda-reopening.phhs", hand: "short-all-in-no-reopen",
		lang: "zh", failed: true, checks: []string{"raise.not-reopened"},
		want: []string{"合法范围: 跟注需 25 · 不得加注", "未达到加注数额的全下行为并未对之前已经行动的玩家重新打开下注轮", "结论"},
	},
	{
		name: "pot-limit-overbet", file: "fixtures/explain/pot-limit-overbet.phh", hand: "pot-limit-overbet",
		failed: true, checks: []string{"raise.over-pot-limit"},
		// Seed 002: pot 1,000, bet 100, raise to at most 1,300, then to at most 5,000.
		want: []string{"A (SB) bets 100", "max raise to 1,300 (the pot limit)", "B (BB) raises to 1,300 (+1,200)",
			"max raise to 5,000 (the pot limit)", "expected 5,000, recorded 5,500", "TDA 2024 Rule 54 (Pot Size and Pot-Limit Bets)"},
	},
	{
		name: "side-pots-2750", file: "fixtures/explain/side-pots-2750.phh",
		// Seed 002: $2,750 in a main pot of $300 and side pots of $1,000, $400, $450, $600;
		// A wins $300, B $1,000, D $1,450.
		want: []string{"Total pot $2,750",
			"$300 (A, B, C, D, E) + $1,000 (B, C, D, E) + $400 (C, D, E) + $450 (D, E) + $600 (D, E)",
			"Main pot $300", "Side pot 1 $1,000", "Side pot 2 $400", "Side pot 3 $1,050",
			"By the rules the pots go, over the whole hand: A $300 (main pot $300), B $1,000 (side pot 1 $1,000), D $1,450 (side pot 2 $400, side pot 3 $1,050)."},
	},
	{
		name: "side-pots-2750", file: "fixtures/explain/side-pots-2750.phh", lang: "zh",
		want: []string{"总底池 $2,750", "全手各底池合计分配为:A $300(主池 $300)、B $1,000(边池 1 $1,000)、D $1,450(边池 2 $400、边池 3 $1,050)。", "每个底池由有资格的玩家单独争夺"},
	},
	{
		name: "odd-chip-1000", file: "fixtures/explain/odd-chip-1000.phh", house: "fixtures/explain/house-smallest-chip-10.toml",
		// Seed 002: $1,000 split three ways in $10 chips: C $340, D and E $330.
		want: []string{"Chip unit $10", "C $340", "D $330", "E $330",
			"odd chip: C gets the extra $10 (smallest chip $10; first seat left of the button; TDA 2024 Rule 20 (Awarding Odd Chips))"},
	},
	{
		name: "odd-chip-1000-no-house", file: "fixtures/explain/odd-chip-1000.phh",
		failed: true, checks: []string{"pot.award-mismatch"},
		want: []string{"C $334", "D $333", "E $333", "C got $6 too much"},
	},
	{
		name: "three-way-side-pot-odd-chip", file: "fixtures/explain/three-way-side-pot-odd-chip.txt", hand: "300000009001", html: true,
		failed: true, checks: []string{"pot.odd-chip"},
		want: []string{"Main pot $3.03", "Side pot 1 $4.00", "Bob $1.52", "odd chip: Bob gets the extra $0.01",
			"Bob is owed $0.01", "Cat got $0.01 too much",
			// Whole-hand figures are said to be, beside the pots' own.
			"Bob was due $3.52 over the whole hand", "Bob $3.52 (main pot $1.52, side pot 1 $2.00)"},
	},
	{
		name: "run-it-twice", file: "fixtures/explain/run-it-twice.txt", hand: "#300000009101",
		want: []string{"Board run 1: 2c 7d 9h Js 3c", "Board run 2: Ac 8s 4d 5c 6s", "Bob $10.03 — run 1",
			"Cat $10.02 — run 2", "the odd chip to the first run"},
	},
	{
		name: "showdown-order", file: "fixtures/explain/showdown-order.phh", checks: []string{"showdown.order"},
		want: []string{"First to table: Bob — last aggressor on the river: Bob, to 400", "Tabled in the record, in order: Ann shows, Bob shows",
			"! warning showdown.order"},
	},
	{
		name: "wrong-award", file: "fixtures/explain/wrong-award.txt", hand: "300000009201", html: true,
		failed: true, checks: []string{"pot.award-mismatch"},
		want: []string{"Main pot $33.50 (after rake $1.00)", "Bob $33.50 — best hand: pair of Kings",
			"Bob is owed $33.50 (paid: the record $0.00, the rules $33.50) and Cat got $33.50 too much"},
	},
	{
		name: "clean", file: "fixtures/explain/clean.phh", line: 12, html: true,
		want: []string{"No findings: the record follows the rules.", "Clean: the record follows the rules (TDA 2024) at every step",
			"The record pays out correctly: no one is owed anything."},
	},
	{
		name: "clean", file: "fixtures/explain/clean.phh", lang: "zh", html: true,
		want: []string{"无问题:记录在每一步都符合规则(TDA 2024)", "翻牌前", "加注到"},
	},
	{
		// A rule renumbered between versions (47 in 2019, 47-A in 2024)
		// is not a difference of ruling.
		name: "short-all-in-no-reopen-compare", file: "fixtures/explain/tda-reopening.phhs", hand: "short-all-in-no-reopen",
		compare: []string{"tda-2019", "tda-2024"}, failed: true,
		want: []string{"Differences (0)", "The rulings are the same under every ruleset compared."},
	},
	{
		name: "bb-ante-short-compare", file: "fixtures/explain/bb-ante-short.phh", compare: []string{"tda-2019", "tda-2024"},
		failed: true,
		want: []string{"Rulings compared: tda-2019 · tda-2024", "posts the ante 200: forced bet due — tda-2019: 200 · tda-2024: 100",
			"TDA 2024 RP-11 (Big Blind Ante)", "finding blind.wrong-amount — tda-2019: — · tda-2024:",
			"tda-2019: Clean", "tda-2024: The record breaks the rules (TDA 2024) twice"},
	},
}

// goldenName is the case's golden file name for an extension.
func (tc *explainCase) goldenName(ext string) string {
	n := tc.name
	if tc.lang == "zh" {
		n += ".zh"
	}
	return filepath.Join("explain", "testdata", n+ext)
}

// checkGolden compares got with the golden file (rewriting it with -update).
func checkGolden(t *testing.T, path string, got []byte) {
	t.Helper()
	if explainUpdate() {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run with -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs from the output (run with -update to rewrite it); first difference:\n%s", path, firstDiff(want, got))
	}
}

// firstDiff shows the first differing line of two texts.
func firstDiff(want, got []byte) string {
	wl, gl := strings.Split(string(want), "\n"), strings.Split(string(got), "\n")
	for i := 0; i < max(len(wl), len(gl)); i++ {
		var w, g string
		if i < len(wl) {
			w = wl[i]
		}
		if i < len(gl) {
			g = gl[i]
		}
		if w != g {
			return "line " + strconv.Itoa(i+1) + ":\n  want: " + w + "\n  got:  " + g
		}
	}
	return "(lengths differ)"
}

// testHand is a hand of n seats numbered 1..n.
func testHand(n int) *hand.Hand {
	h := &hand.Hand{}
	for i := 1; i <= n; i++ {
		h.Seats = append(h.Seats, hand.Seat{Number: i, Player: "p" + strconv.Itoa(i), Stack: 100})
	}
	return h
}

// loadRules is batch.LoadRules without importing batch (explain may not).
func loadRules(t *testing.T, name, house string) *replay.Ruleset {
	t.Helper()
	rs, err := replay.Preset(name)
	if err != nil {
		t.Fatal(err)
	}
	if house != "" {
		f, err := os.Open(house)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		if rs, err = replay.LoadHouse(f, rs); err != nil {
			t.Fatal(err)
		}
	}
	return &rs
}

func explainFor(t *testing.T, tc *explainCase, preset string) *Explanation {
	t.Helper()
	src, err := Load(tc.file, tc.hand, tc.line)
	if err != nil {
		t.Fatal(err)
	}
	if src.ParseError != nil {
		t.Fatalf("parse error: %v", src.ParseError)
	}
	e := src.Explain(loadRules(t, preset, tc.house), checks.All())
	if e.File != tc.file || len(e.Notes) != len(src.Notes) {
		t.Fatalf("explanation of %s has file %q and notes %q, want the source's %q", tc.file, e.File, e.Notes, src.Notes)
	}
	return e
}

// htmlStyle and htmlCSP match the ruling's stylesheet and the CSP that
// hashes it: the browser test (TestRulingInChromium) checks how the page
// looks and prints, so the golden files leave them out.
var (
	htmlStyle  = regexp.MustCompile(`(?s)<style>.*?</style>`)
	htmlScript = regexp.MustCompile(`(?s)<script>.*?</script>`)
	htmlCSP    = regexp.MustCompile(`<meta http-equiv="Content-Security-Policy" content="[^"]*">`)
)

func normaliseHTML(b []byte) []byte {
	b = htmlStyle.ReplaceAll(b, []byte("<style>/* report.css */</style>"))
	b = htmlScript.ReplaceAll(b, []byte("<script>/* report.js */</script>"))
	return htmlCSP.ReplaceAll(b, []byte(`<meta http-equiv="Content-Security-Policy" content="(report CSP)">`))
}

func TestExplainGolden(t *testing.T) {
	t.Chdir(explainRoot(t))
	for i := range explainCases {
		tc := &explainCases[i]
		t.Run(tc.name+"."+orEN(tc.lang), func(t *testing.T) {
			o := Options{Lang: tc.lang, FailOn: checks.Error, ToolVersion: "test"}
			var text, js bytes.Buffer
			if len(tc.compare) > 0 {
				var es []*Explanation
				failed := false
				for _, p := range tc.compare {
					e := explainFor(t, tc, p)
					es = append(es, e)
					failed = failed || e.Failed(checks.Error)
				}
				if failed != tc.failed {
					t.Errorf("failed = %v, want %v", failed, tc.failed)
				}
				if err := WriteComparisonText(&text, es, o); err != nil {
					t.Fatal(err)
				}
				if err := WriteComparisonJSON(&js, es, o); err != nil {
					t.Fatal(err)
				}
			} else {
				preset := tc.rules
				if preset == "" {
					preset = replay.DefaultPreset
				}
				e := explainFor(t, tc, preset)
				var ids []string
				for _, f := range e.Findings {
					ids = append(ids, f.CheckID)
				}
				if strings.Join(ids, ",") != strings.Join(tc.checks, ",") {
					t.Errorf("findings %v, want %v", ids, tc.checks)
				}
				if got := e.Failed(checks.Error); got != tc.failed {
					t.Errorf("Failed = %v, want %v", got, tc.failed)
				}
				if err := WriteText(&text, e, o); err != nil {
					t.Fatal(err)
				}
				if err := WriteJSON(&js, e, o); err != nil {
					t.Fatal(err)
				}
				if tc.html {
					var h bytes.Buffer
					if err := WriteHTML(&h, e, o); err != nil {
						t.Fatal(err)
					}
					checkGolden(t, tc.goldenName(".html"), normaliseHTML(h.Bytes()))
				}
			}
			if bytes.Contains(text.Bytes(), []byte("\x1b[")) {
				t.Error("text without colour has ANSI escapes")
			}
			for _, w := range tc.want {
				if !strings.Contains(unwrap(text.String()), w) && !strings.Contains(noSpace(text.String()), noSpace(w)) {
					t.Errorf("the explanation does not state %q", w)
				}
			}
			if !json.Valid(js.Bytes()) {
				t.Fatal("JSON output is not valid JSON")
			}
			checkGolden(t, tc.goldenName(".txt"), text.Bytes())
			if tc.lang == "" {
				checkGolden(t, tc.goldenName(".json"), js.Bytes())
			}
		})
	}
}

func orEN(lang string) string {
	if lang == "" {
		return "en"
	}
	return lang
}

// unwrap joins the wrapped lines of an explanation so that a phrase broken
// over two lines still matches: each line's indentation becomes one space.
func unwrap(s string) string {
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		lines[i] = strings.TrimSpace(l)
	}
	return strings.Join(lines, " ")
}

// noSpace drops all white space, for Chinese text wrapped anywhere.
func noSpace(s string) string { return strings.Join(strings.Fields(s), "") }

// TestExplainJSONAmounts checks the JSON's contract: integer amounts in
// minor units with the scale, a window on each betting step, and the
// verdict's amounts owed.
func TestExplainJSONAmounts(t *testing.T) {
	t.Chdir(explainRoot(t))
	tc := &explainCase{file: "fixtures/explain/wrong-award.txt", hand: "300000009201"}
	e := explainFor(t, tc, "tda-2024")
	var b bytes.Buffer
	if err := WriteJSON(&b, e, Options{FailOn: checks.Error}); err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Schema string `json:"schema"`
		Scale  int64  `json:"scale"`
		Trace  struct {
			TotalPot int64 `json:"total_pot"`
			Steps    []struct {
				Betting bool            `json:"betting"`
				Window  json.RawMessage `json:"window"`
			} `json:"steps"`
			Awards []struct {
				Player int   `json:"player"`
				Amount int64 `json:"amount"`
			} `json:"awards"`
		} `json:"trace"`
		Settlement struct {
			Basis string `json:"basis"`
			Seats []struct {
				Owed int64 `json:"owed"`
			} `json:"seats"`
		} `json:"settlement"`
		Verdict struct {
			Failed bool `json:"failed"`
			Errors int  `json:"errors"`
		} `json:"verdict"`
	}
	if err := json.Unmarshal(b.Bytes(), &doc); err != nil {
		t.Fatal(err)
	}
	if doc.Schema != Schema || doc.Scale != 100 || doc.Trace.TotalPot != 3450 {
		t.Errorf("schema %q scale %d total pot %d, want %q 100 3450", doc.Schema, doc.Scale, doc.Trace.TotalPot, Schema)
	}
	for i, st := range doc.Trace.Steps {
		if st.Betting != (string(st.Window) != "null") {
			t.Errorf("step %d: betting %v but window %s", i, st.Betting, st.Window)
		}
	}
	if len(doc.Trace.Awards) != 1 || doc.Trace.Awards[0].Player != 1 || doc.Trace.Awards[0].Amount != 3350 {
		t.Errorf("awards %+v, want Bob (1) 3350", doc.Trace.Awards)
	}
	if doc.Settlement.Basis != "collects" || len(doc.Settlement.Seats) != 3 ||
		doc.Settlement.Seats[1].Owed != 3350 || doc.Settlement.Seats[2].Owed != -3350 {
		t.Errorf("settlement %+v, want Bob owed 3350, Cat -3350", doc.Settlement)
	}
	if !doc.Verdict.Failed || doc.Verdict.Errors != 1 {
		t.Errorf("verdict %+v, want failed with 1 error", doc.Verdict)
	}
}

// TestExplainColor checks that colour is used only when asked for.
func TestExplainColor(t *testing.T) {
	t.Chdir(explainRoot(t))
	e := explainFor(t, &explainCase{file: "fixtures/explain/wrong-award.txt"}, "tda-2024")
	for _, color := range []bool{false, true} {
		var b bytes.Buffer
		if err := WriteText(&b, e, Options{Color: color, FailOn: checks.Error}); err != nil {
			t.Fatal(err)
		}
		has := bytes.Contains(b.Bytes(), []byte("\x1b[31m")) // red: the error finding and the verdict
		if has != color {
			t.Errorf("Color %v: red escape present = %v", color, has)
		}
	}
}

// TestExplainParseError checks the explanation of a hand that could not be
// read: where it is, the line, a pointer under the fault and why, in text
// and JSON, found by ID and by line.
func TestExplainParseError(t *testing.T) {
	t.Chdir(explainRoot(t))
	file := "explain/testdata/broken.phhs"
	for _, sel := range []struct {
		id   string
		line int
	}{{"broken", 0}, {"", 26}, {"", 17}} {
		src, err := Load(file, sel.id, sel.line)
		if err != nil {
			t.Fatalf("%+v: %v", sel, err)
		}
		if src.ParseError == nil || src.ParseError.Line != 26 || src.ParseError.HandID != "broken" {
			t.Fatalf("%+v: parse error %+v, want the broken hand at line 26", sel, src.ParseError)
		}
	}
	src, err := Load(file, "broken", 0)
	if err != nil {
		t.Fatal(err)
	}
	o := Options{FailOn: checks.Error, ToolVersion: "test"}
	var text, js bytes.Buffer
	if err := WriteParseErrorText(&text, src, o); err != nil {
		t.Fatal(err)
	}
	for _, w := range []string{
		"explain/testdata/broken.phhs:26",
		"action \"p7 cc\": player p7 is not in the hand (players are p1..p3)",
		"26 | \t\"p3 cbr 300\", \"p7 cc\", \"p1 f\", \"p2 f\",",
		"   | \t               ^~\n", // at p7, the field the message names
		`Check "p7" in the record at explain/testdata/broken.phhs:26, column 17`,
	} {
		if !strings.Contains(text.String(), w) && !strings.Contains(unwrap(text.String()), w) {
			t.Errorf("parse error explanation lacks %q:\n%s", w, text.String())
		}
	}
	if err := WriteParseErrorJSON(&js, src, o); err != nil {
		t.Fatal(err)
	}
	var doc struct {
		ParseError struct {
			Line, Column int
		} `json:"parse_error"`
	}
	if err := json.Unmarshal(js.Bytes(), &doc); err != nil {
		t.Fatal(err)
	}
	if doc.ParseError.Line != 26 || doc.ParseError.Column != 17 {
		t.Errorf("parse error at %d:%d, want 26:17", doc.ParseError.Line, doc.ParseError.Column)
	}
	checkGolden(t, filepath.Join("explain", "testdata", "parse-error.txt"), text.Bytes())
	checkGolden(t, filepath.Join("explain", "testdata", "parse-error.json"), js.Bytes())
	var page bytes.Buffer
	if err := WriteParseErrorHTML(&page, src, nil, o); err != nil {
		t.Fatal(err)
	}
	checkGolden(t, filepath.Join("explain", "testdata", "parse-error.html"), normaliseHTML(page.Bytes()))

	// The readable hand of the same file notes the broken one.
	src, err = Load(file, "readable", 0)
	if err != nil || src.Hand == nil {
		t.Fatalf("readable hand: %v", err)
	}
	if len(src.Notes) != 1 || !strings.Contains(src.Notes[0], "could not be read (line 26)") {
		t.Errorf("notes %q, want one about line 26", src.Notes)
	}
}

// TestExplainHandNotFound checks the error for a hand that is not there:
// how many hands the file has and a few IDs.
func TestExplainHandNotFound(t *testing.T) {
	t.Chdir(explainRoot(t))
	_, err := Load("fixtures/explain/tda-reopening.phhs", "no-such-hand", 0)
	var nf *HandNotFoundError
	if !errors.As(err, &nf) {
		t.Fatalf("error %v, want a HandNotFoundError", err)
	}
	if nf.Hands != 5 || len(nf.IDs) != 5 || nf.IDs[0] != "reopening-ex1-1a" {
		t.Errorf("not found: %+v, want 5 hands listed", nf)
	}
	msg := err.Error()
	for _, w := range []string{`no hand with ID "no-such-hand"`, "the file has 5 hands", "reopening-ex2b"} {
		if !strings.Contains(msg, w) {
			t.Errorf("message %q lacks %q", msg, w)
		}
	}
	// No hand asked for in a file of several: an error, not a guess.
	if _, err := Load("fixtures/explain/tda-reopening.phhs", "", 0); !errors.As(err, &nf) {
		t.Errorf("no --hand in a file of 5 hands: %v, want a HandNotFoundError", err)
	}
	// A line between hands matches nothing.
	if _, err := Load("fixtures/explain/tda-reopening.phhs", "", 3); !errors.As(err, &nf) || nf.Line != 3 {
		t.Errorf("--line 3 (the file's comment): %v, want a HandNotFoundError", err)
	}
}

// TestSeatPositions checks the position names for table sizes 2 to 9.
func TestSeatPositions(t *testing.T) {
	want := map[int]string{
		2: "BB BTN/SB",
		3: "SB BB BTN",
		4: "SB BB UTG BTN",
		5: "SB BB UTG CO BTN",
		6: "SB BB UTG HJ CO BTN",
		7: "SB BB UTG LJ HJ CO BTN",
		8: "SB BB UTG UTG+1 LJ HJ CO BTN",
		9: "SB BB UTG UTG+1 UTG+2 LJ HJ CO BTN",
	}
	for n, w := range want {
		h := testHand(n)
		got := strings.Join(SeatPositions(h, n-1), " ")
		if got != w {
			t.Errorf("%d seats: %q, want %q", n, got, w)
		}
	}
	if got := SeatPositions(testHand(4), -1); strings.Join(got, "") != "" {
		t.Errorf("unknown button: %q, want no positions", got)
	}
}

// TestWrap checks wrapping of English at spaces and Chinese anywhere.
func TestWrap(t *testing.T) {
	got := wrap("aaa bbb ccc", 7)
	if strings.Join(got, "|") != "aaa bbb|ccc" {
		t.Errorf("english: %q", got)
	}
	got = wrap("中文中文中文", 5)
	if strings.Join(got, "|") != "中文|中文|中文" {
		t.Errorf("chinese: %q", got)
	}
	for _, l := range wrap(strings.Repeat("word ", 50), 20) {
		if displayWidth(l) > 20 {
			t.Errorf("line %q is wider than 20", l)
		}
	}
}

// TestWrite checks that Write picks the writer `audit explain` shows for
// each case (one ruling, a comparison, a parse error), says whether the
// hand failed, and refuses an unknown format.
func TestWrite(t *testing.T) {
	t.Chdir(explainRoot(t))
	o := Options{FailOn: checks.Error, ToolVersion: "test"}
	r2019, r2024 := loadRules(t, "tda-2019", ""), loadRules(t, "tda-2024", "")
	load := func(file, id string, line int) *Source {
		src, err := Load(file, id, line)
		if err != nil {
			t.Fatal(err)
		}
		return src
	}
	award := load("fixtures/explain/wrong-award.txt", "300000009201", 0)
	clean := load("fixtures/explain/clean.phh", "", 12)
	broken := load("explain/testdata/broken.phhs", "broken", 0)
	one, cleanOne := award.Explain(r2024, checks.All()), clean.Explain(r2024, checks.All())
	both := []*Explanation{award.Explain(r2019, checks.All()), one}
	for _, tc := range []struct {
		name     string
		format   string
		src      *Source
		rulesets []*replay.Ruleset
		failed   bool
		want     func(*bytes.Buffer) error
	}{
		{"text", "text", award, []*replay.Ruleset{r2024}, true, func(b *bytes.Buffer) error { return WriteText(b, one, o) }},
		{"json", "json", award, []*replay.Ruleset{r2024}, true, func(b *bytes.Buffer) error { return WriteJSON(b, one, o) }},
		{"clean text", "text", clean, []*replay.Ruleset{r2024}, false, func(b *bytes.Buffer) error { return WriteText(b, cleanOne, o) }},
		{"compare text", "text", award, []*replay.Ruleset{r2019, r2024}, true, func(b *bytes.Buffer) error { return WriteComparisonText(b, both, o) }},
		{"compare json", "json", award, []*replay.Ruleset{r2019, r2024}, true, func(b *bytes.Buffer) error { return WriteComparisonJSON(b, both, o) }},
		{"parse error text", "text", broken, []*replay.Ruleset{r2024}, true, func(b *bytes.Buffer) error { return WriteParseErrorText(b, broken, o) }},
		{"parse error json", "json", broken, []*replay.Ruleset{r2024}, true, func(b *bytes.Buffer) error { return WriteParseErrorJSON(b, broken, o) }},
		{"html", "html", award, []*replay.Ruleset{r2024}, true, func(b *bytes.Buffer) error { return WriteHTML(b, one, o) }},
		{"compare html", "html", award, []*replay.Ruleset{r2019, r2024}, true, func(b *bytes.Buffer) error { return WriteComparisonHTML(b, both, o) }},
		{"parse error html", "html", broken, []*replay.Ruleset{r2024}, true, func(b *bytes.Buffer) error { return WriteParseErrorHTML(b, broken, r2024, o) }},
	} {
		var got, want bytes.Buffer
		failed, err := Write(&got, tc.format, tc.src, tc.rulesets, checks.All(), o)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if failed != tc.failed {
			t.Errorf("%s: failed = %v, want %v", tc.name, failed, tc.failed)
		}
		if err := tc.want(&want); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got.Bytes(), want.Bytes()) {
			t.Errorf("%s: Write differs from the writer for it:\n%s", tc.name, firstDiff(want.Bytes(), got.Bytes()))
		}
	}
	var b bytes.Buffer
	if _, err := Write(&b, "yaml", award, []*replay.Ruleset{r2024}, checks.All(), o); err == nil {
		t.Error("format yaml: no error")
	}
	if b.Len() != 0 {
		t.Errorf("refused writes wrote %d bytes", b.Len())
	}
}

// TestSettlementSilentReturn: an older PokerStars export returns an
// uncalled bet without a line; the settlement reads the record as
// pot.uncalled-not-returned does (returned), so no one is owed it.
func TestSettlementSilentReturn(t *testing.T) {
	tc := &explainCase{file: "fixtures/explain/uncalled-no-line.txt", line: 1}
	t.Chdir(explainRoot(t))
	e := explainFor(t, tc, "pokerstars")
	var b bytes.Buffer
	if err := WriteText(&b, e, Options{}); err != nil {
		t.Fatal(err)
	}
	text := unwrap(b.String())
	if !strings.Contains(text, "no one is owed anything") || strings.Contains(text, " is owed $") {
		t.Errorf("the silent return is counted as owed:\n%s", text)
	}
	if len(e.Findings) != 0 {
		t.Errorf("findings %v, want none", e.Findings)
	}
}

// TestNotReplayedOutcome: a hand the engine did not replay (here a
// cancelled one) is not said to state no outcome: its outcome was not
// checked.
func TestNotReplayedOutcome(t *testing.T) {
	t.Chdir(explainRoot(t))
	e := explainFor(t, &explainCase{file: "fixtures/pokerstars/hand.not-replayed.txt", line: 1}, "pokerstars")
	var b bytes.Buffer
	if err := WriteText(&b, e, Options{}); err != nil {
		t.Fatal(err)
	}
	text := unwrap(b.String())
	if !strings.Contains(text, "Not checked: the hand was not replayed") || strings.Contains(text, "states no outcome") {
		t.Errorf("record vs rules of a hand not replayed:\n%s", text)
	}
}

// TestExplainTableSession: a hand with others at its table in the file is
// judged against the one before it (the session checks' findings join
// its own) and shows both links, in text and JSON.
func TestExplainTableSession(t *testing.T) {
	t.Chdir(explainRoot(t))
	e := explainFor(t, &explainCase{file: "fixtures/pokerstars/session.stack-discontinuity.txt", hand: "300000019004"}, "pokerstars")
	if len(e.Findings) != 1 || e.Findings[0].CheckID != "session.stack-discontinuity" || e.Findings[0].Player != "Ann" {
		t.Fatalf("findings %+v", e.Findings)
	}
	if len(e.Links) != 2 || e.Links[0].Role != "previous" || e.Links[0].ID != "300000019003" || e.Links[1].ID != "300000019005" ||
		e.Links[0].ButtonFrom != 4 || e.Links[0].ButtonTo != 5 || !e.Links[0].Judged {
		t.Fatalf("links %+v", e.Links)
	}
	var b bytes.Buffer
	if err := WriteText(&b, e, Options{}); err != nil {
		t.Fatal(err)
	}
	text := unwrap(b.String())
	for _, want := range []string{"Previous hand at this table 300000019003", "Ann $100.50 → $95.50 (-$5.00)", "Bob $101.00 carried over", "Next hand at this table 300000019005"} {
		if !strings.Contains(text, want) {
			t.Errorf("text lacks %q:\n%s", want, text)
		}
	}
	b.Reset()
	if err := WriteJSON(&b, e, Options{}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), `"table_session"`) || !strings.Contains(b.String(), `"finished": 10050`) {
		t.Errorf("JSON lacks the table session:\n%.2000s", b.String())
	}
	// A hand alone at its table shows none.
	e = explainFor(t, &explainCase{file: "fixtures/explain/wrong-award.txt", line: 1}, "pokerstars")
	if len(e.Links) != 0 {
		t.Errorf("links of a hand alone: %+v", e.Links)
	}
	// A winner short by the rake the earlier record did not state (GGPoker's
	// 2020 export): shown so, and no finding; one short by more is one.
	e = explainFor(t, &explainCase{file: "fixtures/ggpoker/session.stack-discontinuity.txt", hand: "300000019702"}, "ggpoker")
	if len(e.Findings) != 0 || len(e.Links) != 2 {
		t.Fatalf("findings %+v, links %+v", e.Findings, e.Links)
	}
	b.Reset()
	if err := WriteText(&b, e, Options{}); err != nil {
		t.Fatal(err)
	}
	text = unwrap(b.String())
	for _, want := range []string{"Ann $106.75 → $106.36 (-$0.39): the rake the record did not state", "Bob $106.25 → $104.25 (-$2.00) Cat"} {
		if !strings.Contains(text, want) {
			t.Errorf("text lacks %q:\n%s", want, text)
		}
	}
}

package reports

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/handaudit/handaudit/checks"
	"github.com/handaudit/handaudit/hand"
)

// sessionResult is hand i of table session run at table: three players
// whose stacks are stacks (start, finish), and the findings fs.
func sessionResult(run int, table string, i int, stacks [3][2]hand.Amount, fs ...checks.Finding) *HandResult {
	id := fmt.Sprintf("%s-%03d", table, i)
	file := "logs/" + table + ".txt"
	h, tr := buildHand(id, table, file, 1+30*i, t0.Add(time.Duration(i)*time.Minute), [3]string{"ann", "bob", "cy"})
	s := &checks.SessionHand{Key: checks.TableKey{Site: "PokerStars", Table: table}, ID: id, Table: table,
		Start: h.Start, File: file, Line: h.Pos.Line, Currency: "USD", Scale: 100, Button: 1, Run: run}
	for k, p := range []string{"ann", "bob", "cy"} {
		s.Seats = append(s.Seats, checks.SessionSeat{Number: k + 1, Player: p, Start: stacks[k][0], Finish: stacks[k][1], HasFinish: true})
	}
	for k := range fs {
		fs[k].HandID, fs[k].Table = id, table
	}
	return &HandResult{Hand: h, Trace: tr, Findings: fs, File: file, Line: h.Pos.Line, Format: "pokerstars", Session: s}
}

// TestSessionViews writes three table sessions and a hand alone at a
// fourth table, keeps views for two sessions and one hand: the sessions
// with the most session findings are kept, each with its hands in order,
// every player's stacks, its findings marked on the hand they were raised
// at and linked to the hand's view when the report keeps it (else the
// audit explain command), the third counted as left out.
func TestSessionViews(t *testing.T) {
	dir := t.TempDir()
	w := NewHTML(HTMLOptions{MaxSessionViews: 2, MaxHandViews: 1})
	if err := w.Open(dir, testInfo()); err != nil {
		t.Fatal(err)
	}
	gap := checks.Finding{CheckID: "session.stack-discontinuity", Severity: checks.Error, Player: "bob",
		Message: "bob starts with 90.00, finished the hand before with 100.00", ActionIndex: -1}
	button := checks.Finding{CheckID: "session.button-movement", Severity: checks.Warning,
		Message: "the button stayed on seat 1", ActionIndex: -1}
	under := checks.Finding{CheckID: "raise.under-minimum", Severity: checks.Error, Player: "ann", Message: "raise too small",
		ActionIndex: 2, Expected: 200, HasExpected: true, Recorded: 150, HasRecorded: true}
	st := func(a, b, c hand.Amount) [3][2]hand.Amount {
		return [3][2]hand.Amount{{a, a - 100}, {b, b + 100}, {c, c}}
	}
	var results []*HandResult
	// Session 1 at T1: four hands, a stack gap at the third.
	results = append(results,
		sessionResult(1, "T1", 1, st(10000, 10000, 10000)),
		sessionResult(1, "T1", 2, st(9900, 10100, 10000)),
		sessionResult(1, "T1", 3, st(9800, 9000, 10000), gap),
		sessionResult(1, "T1", 4, st(9700, 9100, 10000)))
	// Session 2 at T2: three clean hands, interleaved with session 3.
	results = append(results, sessionResult(2, "T2", 1, st(5000, 5000, 5000)))
	// Session 3 at T3: two hands, the first with the worst finding of the
	// run (an error with money at stake: its view is the one kept), the
	// second with two session findings.
	results = append(results,
		sessionResult(3, "T3", 1, st(2000, 2000, 2000), under),
		sessionResult(2, "T2", 2, st(4900, 5100, 5000)),
		sessionResult(3, "T3", 2, st(1900, 2100, 2000), button, gap),
		sessionResult(2, "T2", 3, st(4800, 5200, 5000)))
	// A hand alone at its table: a session of one, never ended.
	results = append(results, sessionResult(4, "T4", 1, st(100, 100, 100)))
	for _, r := range results {
		if err := w.WriteHand(r); err != nil {
			t.Fatal(err)
		}
	}
	for _, run := range []checks.SessionRun{
		{Seq: 1, Table: "T1", Site: "PokerStars", Hands: 4, Findings: 1, Currency: "USD", Scale: 100},
		{Seq: 2, Table: "T2", Site: "PokerStars", Hands: 3, Findings: 0, Currency: "USD", Scale: 100},
		{Seq: 3, Table: "T3", Site: "PokerStars", Hands: 2, Findings: 2, Currency: "USD", Scale: 100},
	} {
		w.EndSession(&run)
	}
	kept := w.keptViews()
	views, err := w.sessionViews(kept)
	if err != nil {
		t.Fatal(err)
	}
	var seqs []int
	for _, v := range views {
		seqs = append(seqs, v.seq)
	}
	if !slices.Equal(seqs, []int{3, 1}) {
		t.Fatalf("session views %v, want [3 1] (most session findings first, the clean session left out)", seqs)
	}
	t1 := views[1]
	var ids []string
	for _, h := range t1.rows {
		ids = append(ids, h.ID)
	}
	if !slices.Equal(ids, []string{"T1-001", "T1-002", "T1-003", "T1-004"}) {
		t.Errorf("T1's hands %v, want them in order", ids)
	}
	bob := t1.rows[2].Seats[1]
	if bob.Player != "bob" || bob.Start != 9000 || bob.Finish == nil || *bob.Finish != 9100 {
		t.Errorf("T1's third hand, bob: %+v, want 9000 -> 9100", bob)
	}
	if m := t1.rows[2].Marks; len(m) != 1 || m[0].Check != "session.stack-discontinuity" || m[0].Player != "bob" {
		t.Errorf("T1's third hand's marks %+v, want bob's stack gap", m)
	}
	if len(t1.rows[1].Marks) != 0 {
		t.Errorf("a clean hand has marks: %+v", t1.rows[1].Marks)
	}
	// One view kept: T3's first hand; T1's flagged hand had a view
	// spooled, pushed out.
	t3 := views[0].rows[0].View
	if len(kept) != 1 || t1.rows[2].View != -1 || t3 < 0 || !kept[t3] {
		t.Errorf("views kept %v; T1's flagged hand's view %d (want -1), T3's %d", kept, t1.rows[2].View, t3)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	page, err := os.ReadFile(filepath.Join(dir, "report.html"))
	if err != nil {
		t.Fatal(err)
	}
	html := string(page)
	for _, want := range []string{
		`id="sessions-count">Table sessions of two hands or more: 3 · with session findings: 2`,
		`id="truncated-sessions">Sessions without a view here: 1 (`,
		`<details class="session" id="session-3" data-table="T3">`,
		`<details class="session" id="session-1" data-table="T1">`,
		`<svg id="session-1-chart" class="chart stack-chart"`,
		`<tr id="session-1-h3" class="flagged">`,
		// T1's flagged hand has no view: its command.
		`T1-003 <code class="explain-cmd">audit explain logs/T1.txt --line 91</code>`,
		// T3's has one.
		fmt.Sprintf(`<button type="button" class="link hand-link" data-view="%d" data-action="-1">T3-001</button>`, t3),
	} {
		if !strings.Contains(html, want) {
			t.Errorf("report.html lacks %s", want)
		}
	}
	if strings.Contains(html, `id="session-2"`) || strings.Contains(html, `id="session-4"`) {
		t.Error("a session left out, or a session of one hand, has a view")
	}
	if strings.Index(html, `id="session-3"`) > strings.Index(html, `id="session-1"`) {
		t.Error("the session with more findings is not first")
	}
	// T1's chart: a line for each player, bob's with a jump from 10,100
	// (his finish in hand 2) down to 9,000 (his start in hand 3), and the
	// mark on bob's start in hand 3, linked to its row.
	chart := html[strings.Index(html, `<svg id="session-1-chart"`):]
	chart = chart[:strings.Index(chart, `</svg>`)]
	if n := strings.Count(chart, `<path class="pl `); n != 3 {
		t.Errorf("%d player lines, want 3", n)
	}
	if n := strings.Count(chart, `<circle class="mark sev-error"`); n != 1 {
		t.Errorf("%d error marks, want 1", n)
	}
	mark := regexp.MustCompile(`<a class="mark-link" href="#session-1-h3" data-view="-1"><circle class="mark sev-error" cx="([0-9.]+)" cy="(\d+)"`).FindStringSubmatch(chart)
	bobLine := regexp.MustCompile(`<path class="pl pl1" d="([^"]+)"><title>bob</title>`).FindStringSubmatch(chart)
	if mark == nil || bobLine == nil {
		t.Fatalf("no mark on hand 3, or no line of bob's:\n%s", chart)
	}
	// bob's third point pair starts at the mark.
	if !strings.Contains(bobLine[1], "L"+mark[1]+" "+mark[2]) {
		t.Errorf("the mark (%s,%s) is not on bob's line %s", mark[1], mark[2], bobLine[1])
	}
}

// TestStackChartHuge draws stacks near the largest amount without
// overflowing: the peak is at the top, nothing below the axis.
func TestStackChartHuge(t *testing.T) {
	big := int64(1) << 62
	half := big / 2
	v := &sessionView{sessionSummary: sessionSummary{seq: 1, scale: 1}, rows: []sessionHandRec{
		{ID: "a", Seats: []sessionSeatRec{{Player: "p", Start: big, Finish: &half}}},
	}}
	svg := stackChart("c", v, func(k string) string { return k })
	if !strings.Contains(svg, `d="M`) || !strings.Contains(svg, ` 10L`) || !strings.Contains(svg, ` 93"`) {
		t.Errorf("stacks of 2^62 and 2^61 are not at the top and half way (y 10 and 93):\n%s", svg)
	}
}

// TestSessionViewHandsCap: a session longer than a view draws shows its
// first maxSessionHands hands and says how many it left out.
func TestSessionViewHandsCap(t *testing.T) {
	dir := t.TempDir()
	w := NewHTML(HTMLOptions{})
	if err := w.Open(dir, testInfo()); err != nil {
		t.Fatal(err)
	}
	n := maxSessionHands + 5
	for i := 1; i <= n; i++ {
		if err := w.WriteHand(sessionResult(1, "T1", i, [3][2]hand.Amount{{100, 100}, {100, 100}, {100, 100}})); err != nil {
			t.Fatal(err)
		}
	}
	w.EndSession(&checks.SessionRun{Seq: 1, Table: "T1", Hands: n, Scale: 100, Currency: "USD"})
	views, err := w.sessionViews(w.keptViews())
	if err != nil {
		t.Fatal(err)
	}
	if len(views) != 1 || len(views[0].rows) != maxSessionHands || views[0].more != 5 || views[0].rows[maxSessionHands-1].ID != fmt.Sprintf("T1-%03d", maxSessionHands) {
		t.Fatalf("views %d; rows %d, more %d", len(views), len(views[0].rows), views[0].more)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	page, _ := os.ReadFile(filepath.Join(dir, "report.html"))
	if !strings.Contains(string(page), "Later hands not drawn or listed here: 5 (") {
		t.Error("the view does not say it left 5 hands out")
	}
}

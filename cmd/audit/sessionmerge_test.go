package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/parquet-go/parquet-go"

	"github.com/handaudit/handaudit/batch"
	"github.com/handaudit/handaudit/reports"
)

// TestMergeJudgesSessionsAcrossShards is issue 24's acceptance for
// sharded runs: generated table sessions with labelled session faults, in
// files of 37 hands so that tables cross the files and the four shards,
// audited once and as four shards merged. The merge gives the same
// session findings as the one run in every output (findings.jsonl,
// SARIF, JUnit, the summary, findings.parquet with hands.parquet's
// counts) and the same sessions.parquet, row for row;
// the shards alone do not (links across them are judged only at the
// merge), so a merge that did not judge them fails here. The shards need
// the house file at merge (its rules number the hands per table); an
// incremental rerun of the shards (--state) merges to the same again.
func TestMergeJudgesSessionsAcrossShards(t *testing.T) {
	chdirRoot(t)
	dir := t.TempDir()
	house := filepath.Join(dir, "house.toml")
	os.WriteFile(house, []byte("preset = \"pokerstars\"\nname = \"Numbered tables\"\n[session]\nconsecutive_hand_ids = true\n"), 0o644)
	corpus := filepath.Join(dir, "corpus") + string(filepath.Separator)
	hands := "2400"
	if testing.Short() {
		hands = "900"
	}
	audit := func(args ...string) string {
		t.Helper()
		var stdout, stderr bytes.Buffer
		if code := realMain(args, &stdout, &stderr); code != exitOK && code != exitFindings {
			t.Fatalf("audit %s: exit %d\n%s", strings.Join(args, " "), code, stderr.String())
		}
		return stdout.String()
	}
	audit("gen", "--hands", hands, "--seed", "5", "--sessions", "20", "--violations", "0.1", "--shard-size", "37",
		"--house", house, "--out", corpus, "--labels", filepath.Join(dir, "labels.jsonl"))
	labels, err := os.ReadFile(filepath.Join(dir, "labels.jsonl"))
	if err != nil {
		t.Fatal(err)
	}

	single := filepath.Join(dir, "single")
	audit("run", "--out", single, "--format", "parquet,jsonl,sarif,junit,html", "--house", house, "--progress", "never",
		"--summary", filepath.Join(dir, "single.json"), corpus)
	want := sessionOutputs(t, single, filepath.Join(dir, "single.json"))
	// Every label is found by the one run (gen's own test checks the
	// labels against the judge; here, that the run is the reference).
	for _, id := range []string{"session.stack-discontinuity", "session.button-movement", "session.missed-blind",
		"session.missing-hand", "session.conflicting-duplicate"} {
		if n := int64(strings.Count(string(labels), `"`+id+`"`)); want.byCheck[id] != n || n == 0 {
			t.Errorf("one run: %d %s findings, %d labels", want.byCheck[id], id, n)
		}
	}

	shardRun := func(out string, extra ...string) {
		for i := range 4 {
			audit(append([]string{"run", "--out", out, "--format", "parquet", "--house", house, "--progress", "never",
				"--shard-index", fmt.Sprint(i), "--shard-count", "4", corpus}, extra...)...)
		}
	}
	merge := func(shards, out string, extra ...string) sessionResult {
		t.Helper()
		summary := out + ".json"
		audit(append([]string{"merge", "--out", out, "--format", "jsonl,sarif,junit,html,parquet", "--summary", summary}, append(extra, shards)...)...)
		return sessionOutputs(t, out, summary)
	}
	shards := filepath.Join(dir, "shards")
	shardRun(shards)
	var alone int64 // the session findings the shards find on their own
	for i := range 4 {
		m, err := batch.ReadManifest(filepath.Join(shards, fmt.Sprintf("manifest-part-%05d-of-00004.json", i)))
		if err != nil {
			t.Fatal(err)
		}
		for id, n := range m.Totals.ByCheck {
			if strings.HasPrefix(id, "session.") {
				alone += n
			}
		}
	}
	if alone >= want.total {
		t.Fatalf("the shards alone find %d session findings, the one run %d: no link crosses the shards, the test proves nothing", alone, want.total)
	}

	// Without the house file the merge cannot judge under the shards' rules.
	var stdout, stderr bytes.Buffer
	if code := realMain([]string{"merge", "--out", filepath.Join(dir, "nohouse"), shards}, &stdout, &stderr); code != exitUsage ||
		!strings.Contains(stderr.String(), "--house") {
		t.Errorf("merge without the house file: exit %d\n%s", code, stderr.String())
	}
	got := merge(shards, filepath.Join(dir, "merged"), "--house", house)
	want.equal(t, "merged", got)
	sameSessionViews(t, single, filepath.Join(dir, "merged"))
	// --session-views: the merged report draws the first of the one run's.
	merge(shards, filepath.Join(dir, "merged7"), "--house", house, "--session-views", "7")
	all, _, _ := sessionViewsOf(t, single)
	seven, _, _ := sessionViewsOf(t, filepath.Join(dir, "merged7"))
	details := regexp.MustCompile(`(?s)<details class="session".*?</details>`)
	if w, g := details.FindAllString(all, 7), details.FindAllString(seven, -1); !slices.Equal(g, w) {
		t.Errorf("merge --session-views 7 draws %d views, not the one run's first 7", len(g))
	}

	// Incremental: the shards run again with --state, one input changed.
	state := filepath.Join(dir, "state")
	shardRun(filepath.Join(dir, "s1"), "--state", state)
	first := filepath.Join(corpus, "hands-000010.txt")
	b, err := os.ReadFile(first)
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(first, append(b, '\n'), 0o644)
	shardRun(filepath.Join(dir, "s2"), "--state", state)
	want.equal(t, "merged after an incremental rerun", merge(filepath.Join(dir, "s2"), filepath.Join(dir, "merged2"), "--house", house))
	sameSessionViews(t, single, filepath.Join(dir, "merged2"))
}

// sessionViewsOf extracts report.html's session views (from the sessions
// heading to the end of the last view), with what legitimately differs
// between a run's report and a merged one taken out: the hand views. A
// merged report shows the views the shards' reports hold (here none: the
// shards wrote no HTML) under numbers of its own, so a session hand links
// to its view (a button naming the view's number) in one report and gives
// its audit explain command in the other; both become the hand's ID, and
// the chart marks' view numbers go. It also returns how many hands link to
// a view and how many give the command.
func sessionViewsOf(t *testing.T, dir string) (views string, linked, commands int) {
	t.Helper()
	page, err := os.ReadFile(filepath.Join(dir, "report.html"))
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`(?s)<h3 id="sessions">.*</details>\n`).Find(page)
	if m == nil {
		t.Fatalf("%s/report.html has no session views", dir)
	}
	v := string(m)
	button := regexp.MustCompile(`<button type="button" class="link hand-link" data-view="\d+" data-action="-1">([^<]*)</button>`)
	command := regexp.MustCompile(` <code class="explain-cmd">audit explain [^<]*</code>`)
	linked, commands = len(button.FindAllString(v, -1)), len(command.FindAllString(v, -1))
	v = button.ReplaceAllString(v, "$1")
	v = command.ReplaceAllString(v, "")
	v = regexp.MustCompile(` data-view="-?\d+"`).ReplaceAllString(v, "")
	return v, linked, commands
}

// sameSessionViews checks that the merged report draws the one run's
// session views: the same sessions in the same order, each with the same
// hands, chart and findings marked, but for the links to hand views.
func sameSessionViews(t *testing.T, single, merged string) {
	t.Helper()
	want, wl, wc := sessionViewsOf(t, single)
	got, gl, gc := sessionViewsOf(t, merged)
	if n := strings.Count(want, `<details class="session"`); n == 0 || !strings.Contains(want, "<circle") {
		t.Fatalf("the one run's report draws %d session views, or no chart marks: the test proves nothing", n)
	}
	t.Logf("%s: %d session views, %d bytes; the one run's hands link to %d views and give %d commands, the merge's %d and %d",
		merged, strings.Count(want, `<details class="session"`), len(want), wl, wc, gl, gc)
	if got != want {
		i := 0
		for i < len(got) && i < len(want) && got[i] == want[i] {
			i++
		}
		t.Errorf("%s: the session views differ from the one run's at byte %d:\n got %.300s\nwant %.300s", merged, i, got[max(i-100, 0):], want[max(i-100, 0):])
	}
	// The one run links its flagged session hands to their views; the
	// merge, whose shards kept none, gives each its command.
	if gl != 0 || gc != wl+wc {
		t.Errorf("%s: %d session hands link to a view and %d give the command; the one run %d and %d", merged, gl, gc, wl, wc)
	}
}

// sessionResult is what a run or a merge wrote of the session checks.
type sessionResult struct {
	byCheck  map[string]int64 // the summary's session counts
	total    int64
	findings []string // findings.jsonl's session lines, sorted
	sarif    []string // the SARIF results' session rule IDs and lines, sorted
	junit    int      // JUnit failures naming a session check
	sessions []reports.SessionRow
	tables   []string // findings.parquet's session rows and hands.parquet's rows, as JSON, sorted
}

func sessionOutputs(t *testing.T, out, summary string) sessionResult {
	t.Helper()
	var r sessionResult
	var sum struct {
		Findings struct {
			ByCheck map[string]int64 `json:"by_check"`
		} `json:"findings"`
	}
	b, err := os.ReadFile(summary)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, &sum); err != nil {
		t.Fatal(err)
	}
	r.byCheck = map[string]int64{}
	for id, n := range sum.Findings.ByCheck {
		if strings.HasPrefix(id, "session.") {
			r.byCheck[id], r.total = n, r.total+n
		}
	}
	b, err = os.ReadFile(filepath.Join(out, "findings.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range strings.Split(string(b), "\n") {
		if strings.HasPrefix(l, `{"check_id":"session.`) {
			r.findings = append(r.findings, l)
		}
	}
	slices.Sort(r.findings)
	var sarif struct {
		Runs []struct {
			Results []struct {
				RuleID  string `json:"ruleId"`
				Message struct {
					Text string `json:"text"`
				} `json:"message"`
			} `json:"results"`
		} `json:"runs"`
	}
	b, err = os.ReadFile(filepath.Join(out, "results.sarif"))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, &sarif); err != nil {
		t.Fatal(err)
	}
	for _, run := range sarif.Runs {
		for _, res := range run.Results {
			if strings.HasPrefix(res.RuleID, "session.") {
				r.sarif = append(r.sarif, res.RuleID+" "+res.Message.Text)
			}
		}
	}
	slices.Sort(r.sarif)
	b, err = os.ReadFile(filepath.Join(out, "junit.xml"))
	if err != nil {
		t.Fatal(err)
	}
	r.junit = strings.Count(string(b), "session.")
	if r.sessions, err = parquet.ReadFile[reports.SessionRow](filepath.Join(out, "sessions.parquet")); err != nil {
		t.Fatal(err)
	}
	frs, err := parquet.ReadFile[reports.FindingRow](filepath.Join(out, "findings.parquet"))
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range frs {
		if strings.HasPrefix(f.CheckID, "session.") {
			b, _ := json.Marshal(f)
			r.tables = append(r.tables, string(b))
		}
	}
	hrs, err := parquet.ReadFile[reports.HandRow](filepath.Join(out, "hands.parquet"))
	if err != nil {
		t.Fatal(err)
	}
	for _, h := range hrs {
		b, _ := json.Marshal(h)
		r.tables = append(r.tables, string(b))
	}
	slices.Sort(r.tables)
	if r.total == 0 || len(r.sessions) == 0 {
		t.Fatalf("%s: %d session findings, %d sessions", out, r.total, len(r.sessions))
	}
	return r
}

func (want sessionResult) equal(t *testing.T, what string, got sessionResult) {
	t.Helper()
	if fmt.Sprint(got.byCheck) != fmt.Sprint(want.byCheck) {
		t.Errorf("%s: summary %v, one run %v", what, got.byCheck, want.byCheck)
	}
	lines := func(name string, got, want []string) {
		if len(got) != len(want) {
			t.Errorf("%s: %s: %d session results, one run %d", what, name, len(got), len(want))
			return
		}
		for i := range got {
			if got[i] != want[i] {
				t.Errorf("%s: %s differs:\n got %s\nwant %s", what, name, got[i], want[i])
				return
			}
		}
	}
	lines("findings.jsonl", got.findings, want.findings)
	lines("results.sarif", got.sarif, want.sarif)
	lines("findings.parquet and hands.parquet", got.tables, want.tables)
	if got.junit != want.junit {
		t.Errorf("%s: junit.xml names session checks %d times, one run %d", what, got.junit, want.junit)
	}
	if len(got.sessions) != len(want.sessions) {
		t.Errorf("%s: sessions.parquet has %d rows, one run %d", what, len(got.sessions), len(want.sessions))
		return
	}
	for i := range got.sessions {
		g, _ := json.Marshal(got.sessions[i])
		w, _ := json.Marshal(want.sessions[i])
		if !bytes.Equal(g, w) {
			t.Errorf("%s: sessions.parquet row %d:\n got %s\nwant %s", what, i, g, w)
			return
		}
	}
}

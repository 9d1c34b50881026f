package batch

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/parquet-go/parquet-go"

	"github.com/handaudit/handaudit/checks"
	"github.com/handaudit/handaudit/reports"
)

// sessionHands splits the stack-discontinuity fixture's hands into two
// inputs, so that the faulty link (the fourth hand against the third) is
// judged across files.
func sessionHands(t *testing.T, dir string) (day1, day2 string) {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(repoRoot(t), "fixtures/pokerstars/session.stack-discontinuity.txt"))
	if err != nil {
		t.Fatal(err)
	}
	hands := strings.SplitAfter(string(b), "\n\n\n")
	day1, day2 = filepath.Join(dir, "day1.txt"), filepath.Join(dir, "day2.txt")
	os.WriteFile(day1, []byte(strings.Join(hands[:3], "")), 0o644)
	os.WriteFile(day2, []byte(strings.Join(hands[3:], "")), 0o644)
	return day1, day2
}

// TestSessionAcrossInputs: a table's hands in two inputs are one session:
// the link between them is judged, the same with 1 or 4 workers, by
// `audit merge` when the inputs are in two shards, and an incremental run
// (--state) that reuses one input finds what a fresh run finds.
func TestSessionAcrossInputs(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "in")
	os.MkdirAll(in, 0o755)
	_, day2 := sessionHands(t, in)
	findings := func(out string) string {
		b, err := os.ReadFile(filepath.Join(out, "findings.jsonl"))
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	run := func(out string, workers int, state string) *Outcome {
		o := auditOpts(out, in)
		o.Formats, o.Workers, o.StateDir = []string{"jsonl", "parquet", "html"}, workers, state
		return mustAudit(t, o)
	}
	one := run(filepath.Join(dir, "one"), 1, "")
	if got := one.Summary.ByCheck["session.stack-discontinuity"]; got != 2 {
		t.Fatalf("session.stack-discontinuity: %d findings, want 2 (Ann's vanished chips, across the inputs; the tournament's)", got)
	}
	if f := findings(filepath.Join(dir, "one")); !strings.Contains(f, `day2.txt`) || !strings.Contains(f, "Ann starts hand 300000019004") {
		t.Errorf("the link across the inputs is not reported at the later hand:\n%s", f)
	}
	// sessions.parquet: one row a table session, in the order they began.
	rows, err := parquet.ReadFile[reports.SessionRow](filepath.Join(dir, "one", "sessions.parquet"))
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != 2 || rows[0].Table != "Session Alpha" || rows[0].Hands != 5 || rows[0].Findings != 1 ||
		len(rows[0].Players) != 4 || rows[1].Hands != 3 || rows[1].Tournament != "3999000001" || rows[1].Findings != 1 ||
		rows[0].File == rows[0].LastFile || !rows[0].EndedAt.After(rows[0].StartedAt) {
		t.Errorf("sessions.parquet rows: %+v", rows)
	}
	m, err := os.ReadFile(filepath.Join(dir, "one", "manifest.json"))
	if err != nil || !strings.Contains(string(m), `"path": "sessions.parquet"`) {
		t.Errorf("the manifest does not list sessions.parquet:\n%s", m)
	}
	run(filepath.Join(dir, "four"), 4, "")
	if a, b := readTree(t, filepath.Join(dir, "one")), readTree(t, filepath.Join(dir, "four")); !bytes.Equal(a["findings.jsonl"], b["findings.jsonl"]) ||
		!bytes.Equal(a["hands.parquet"], b["hands.parquet"]) || !bytes.Equal(a["sessions.parquet"], b["sessions.parquet"]) || len(a["sessions.parquet"]) == 0 {
		t.Error("1 and 4 workers give different outputs")
	}

	// Sharded: a shard lacks the other shards' inputs, so it judges links
	// within each input only: the tournament's fault (inside day2) is
	// found, the link across the inputs is not (and no false one either).
	var sharded int64
	for k := 0; k < 2; k++ {
		o := auditOpts(filepath.Join(dir, "shard"), in)
		o.Formats, o.ShardIndex, o.ShardCount = []string{"jsonl"}, k, 2
		o.OutDir = filepath.Join(dir, "shard", strconv.Itoa(k))
		res := mustAudit(t, o)
		sharded += res.Summary.ByCheck["session.stack-discontinuity"]
	}
	if sharded != 1 {
		t.Errorf("sharded runs: %d session findings, want 1 (the one within an input)", sharded)
	}
	// Merged, the link across the inputs (and shards) is judged: the
	// merge finds what the one run finds.
	shards := filepath.Join(dir, "shards")
	for k := 0; k < 2; k++ {
		o := auditOpts(shards, in)
		o.Formats, o.ShardIndex, o.ShardCount = []string{"parquet"}, k, 2
		mustAudit(t, o)
	}
	merged := filepath.Join(dir, "merged")
	res, err := Merge(context.Background(), MergeOptions{Dirs: []string{shards}, OutDir: merged, Formats: []string{"jsonl"}, FailOn: checks.Error})
	if err != nil {
		t.Fatal(err)
	}
	if got := res.Summary.ByCheck["session.stack-discontinuity"]; got != 2 {
		t.Errorf("merged: %d session.stack-discontinuity findings, want 2", got)
	}
	if got, want := sortedLines(findings(merged)), sortedLines(findings(filepath.Join(dir, "one"))); got != want {
		t.Errorf("merged findings:\n%s\nwant (one run's)\n%s", got, want)
	}

	// Incremental: the second run reuses day1 and reads day2 again.
	state := filepath.Join(dir, "state")
	run(filepath.Join(dir, "s1"), 2, state)
	b, _ := os.ReadFile(day2)
	os.WriteFile(day2, append(b, '\n'), 0o644)
	second := run(filepath.Join(dir, "s2"), 2, state)
	if second.Summary.Reused != 1 {
		t.Fatalf("reused %d inputs, want 1", second.Summary.Reused)
	}
	if got, want := findings(filepath.Join(dir, "s2")), findings(filepath.Join(dir, "one")); got != want {
		t.Errorf("an incremental run finds other findings:\n%s\nwant\n%s", got, want)
	}
	// And the other way: day1 changed, day2 (the one with the finding) reused.
	first, _ := os.ReadFile(filepath.Join(in, "day1.txt"))
	os.WriteFile(filepath.Join(in, "day1.txt"), append(first, '\n'), 0o644)
	third := run(filepath.Join(dir, "s3"), 2, state)
	if third.Summary.Reused != 1 || third.Summary.ByCheck["session.stack-discontinuity"] != 2 {
		t.Errorf("day2 reused: %d reused, %d session findings", third.Summary.Reused, third.Summary.ByCheck["session.stack-discontinuity"])
	}
	if got, want := findings(filepath.Join(dir, "s3")), findings(filepath.Join(dir, "one")); got != want {
		t.Errorf("an incremental run reusing the later input finds other findings:\n%s\nwant\n%s", got, want)
	}
}

// sortedLines is text's lines, sorted: a merge writes the hands shard by
// shard.
func sortedLines(text string) string {
	lines := strings.Split(strings.TrimSpace(text), "\n")
	slices.Sort(lines)
	return strings.Join(lines, "\n")
}

// TestConflictingCopies: a hand ID read again in another input is
// hand.duplicate-id's warning when the record is the same, and
// session.conflicting-duplicate's error (alone) when it differs.
func TestConflictingCopies(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "in")
	os.MkdirAll(in, 0o755)
	b, err := os.ReadFile(filepath.Join(repoRoot(t), "fixtures/pokerstars/session.stack-discontinuity.txt"))
	if err != nil {
		t.Fatal(err)
	}
	hands := strings.SplitAfter(string(b), "\n\n\n")
	os.WriteFile(filepath.Join(in, "a.txt"), []byte(hands[0]+hands[1]), 0o644)
	altered := strings.Replace(hands[1], "collected $2.50 from pot", "collected $2.40 from pot", 1)
	altered = strings.Replace(altered, "Total pot $2.50 | Rake $0", "Total pot $2.50 | Rake $0.10", 1)
	if altered == hands[1] {
		t.Fatal("the fixture's second hand changed shape: alter it another way")
	}
	os.WriteFile(filepath.Join(in, "b.txt"), []byte(hands[0]+altered), 0o644)
	o := auditOpts(filepath.Join(dir, "out"), in)
	o.Formats = []string{"jsonl"}
	res := mustAudit(t, o)
	if got := res.Summary.ByCheck; got["hand.duplicate-id"] != 1 || got["session.conflicting-duplicate"] != 1 {
		t.Errorf("findings %v: want one duplicate-id (the identical copy) and one conflicting-duplicate (the altered one)", got)
	}
	f, _ := os.ReadFile(filepath.Join(dir, "out", "findings.jsonl"))
	if !strings.Contains(string(f), "a.txt:") || strings.Count(string(f), "session.conflicting-duplicate") != 1 {
		t.Errorf("findings.jsonl:\n%s", f)
	}
}

// TestSessionSpool: the merge's spool gives back the records of the
// sessions viewed, as they were given (a start time or none, seats with
// and without a finishing stack, sitting out), and none of the others.
func TestSessionSpool(t *testing.T) {
	sp, err := newSessionSpool(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer sp.remove()
	at := time.Date(2024, 3, 2, 20, 1, 2, 300, time.UTC)
	recs := []*checks.SessionHand{
		{Run: 1, RunPos: 1, File: "a.txt", Line: 1, ID: "h1", Start: at, Seats: []checks.SessionSeat{
			{Number: 1, Player: "Ann", Start: 100, Finish: 250, HasFinish: true}, {Number: 4, Player: "Bob", Start: -3, SittingOut: true}}},
		{Run: 2, RunPos: 1, File: "a.txt", Line: 30, ID: "h2"},
		{Run: 1, RunPos: 2, File: "b.txt", Line: 7, ID: "h3", Start: at.Add(time.Minute), Seats: []checks.SessionSeat{{Number: 2, Player: "Cat", Start: 5}}},
		{Run: 0, File: "b.txt", Line: 40, ID: "alone"},
	}
	for _, s := range recs {
		if err := sp.add("in/"+s.File, s); err != nil {
			t.Fatal(err)
		}
	}
	got, err := sp.viewed(map[int]bool{1: true, 2: true, 3: true})
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 3 {
		t.Fatalf("%d records back, want the 3 of sessions 1 and 2", len(got))
	}
	recs[1].Seats = []checks.SessionSeat{} // read back as an empty list
	for _, want := range recs[:3] {
		g := got[viewKey{"in/" + want.File, want.Line}]
		if g == nil || !reflect.DeepEqual(g, want) {
			t.Errorf("record %s: got %+v, want %+v", want.ID, g, want)
		}
	}
	none, err := (&sessionSpool{}).viewed(nil)
	if err != nil || len(none) != 0 {
		t.Errorf("no session viewed: %v %v", none, err)
	}
}

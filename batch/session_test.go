package batch

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
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
// the link between them is judged, the same with 1 or 4 workers, and an
// incremental run (--state) that reuses one input finds what a fresh run
// finds.
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
	run(filepath.Join(dir, "four"), 4, "")
	if a, b := readTree(t, filepath.Join(dir, "one")), readTree(t, filepath.Join(dir, "four")); !bytes.Equal(a["findings.jsonl"], b["findings.jsonl"]) ||
		!bytes.Equal(a["hands.parquet"], b["hands.parquet"]) {
		t.Error("1 and 4 workers give different outputs")
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

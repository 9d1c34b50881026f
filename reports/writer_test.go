package reports

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/handaudit/handaudit/checks"
	"github.com/handaudit/handaudit/hand"
	"github.com/handaudit/handaudit/replay"
)

func replayPot(amount hand.Amount, eligible []int) replay.Pot {
	return replay.Pot{Amount: amount, Eligible: eligible}
}

func dirNames(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	sort.Strings(names)
	return names
}

func allWriters() Multi {
	var m Multi
	for _, f := range Formats() {
		w, err := New(f)
		if err != nil {
			panic(err)
		}
		m = append(m, w)
	}
	return m
}

// TestMultiAtomic runs every format at once: while writing, only hidden
// temporary files exist; Close leaves exactly the outputs.
func TestMultiAtomic(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "out", "nested")
	m := allWriters()
	if err := m.Open(dir, testInfo()); err != nil {
		t.Fatal(err)
	}
	for _, r := range sampleResults() {
		if err := m.WriteHand(r); err != nil {
			t.Fatal(err)
		}
	}
	for _, name := range dirNames(t, dir) {
		if !strings.HasPrefix(name, ".") {
			t.Errorf("before Close, %s is visible", name)
		}
	}
	if err := m.Close(); err != nil {
		t.Fatal(err)
	}
	got := strings.Join(dirNames(t, dir), " ")
	want := "findings.arrow findings.jsonl findings.parquet hands.arrow hands.parquet junit.xml report.html results.sarif settlements.parquet"
	if got != want {
		t.Errorf("outputs:\n got %s\nwant %s", got, want)
	}
	for _, name := range dirNames(t, dir) {
		if st, _ := os.Stat(filepath.Join(dir, name)); st.Mode().Perm() != 0o644 {
			t.Errorf("%s has mode %v, want 0644", name, st.Mode().Perm())
		}
	}
}

func TestAbortRemovesTemporaries(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "report.html"), []byte("previous run"), 0o644); err != nil {
		t.Fatal(err)
	}
	m := allWriters()
	if err := m.Open(dir, testInfo()); err != nil {
		t.Fatal(err)
	}
	for _, r := range sampleResults() {
		if err := m.WriteHand(r); err != nil {
			t.Fatal(err)
		}
	}
	if err := m.Abort(); err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(dirNames(t, dir), " "); got != "report.html" {
		t.Errorf("after Abort the directory holds %q, want only the previous report.html", got)
	}
	if b, _ := os.ReadFile(filepath.Join(dir, "report.html")); string(b) != "previous run" {
		t.Error("Abort touched the previous output")
	}
}

// failingWriter fails Open, so Multi must abort the writers it opened.
type failingWriter struct{}

func (failingWriter) Open(string, RunInfo) error  { return errors.New("disk full") }
func (failingWriter) WriteHand(*HandResult) error { return nil }
func (failingWriter) Close() error                { return nil }
func (failingWriter) Abort() error                { return nil }

func TestMultiOpenFailure(t *testing.T) {
	dir := t.TempDir()
	m := Multi{NewParquet(), NewHTML(HTMLOptions{}), failingWriter{}}
	if err := m.Open(dir, testInfo()); err == nil || err.Error() != "disk full" {
		t.Fatalf("Open: %v", err)
	}
	if names := dirNames(t, dir); len(names) != 0 {
		t.Errorf("failed Open left %v", names)
	}
}

func TestOutputNames(t *testing.T) {
	for _, bad := range []string{"../x", "a/b", ".hidden", ""} {
		if _, err := createAtomic(t.TempDir(), bad, nil); err == nil {
			t.Errorf("createAtomic accepted %q", bad)
		}
	}
	if _, err := New("pdf"); err == nil {
		t.Error("New accepted an unknown format")
	}
}

// TestJSONLMatchesParquetColumns checks that findings.jsonl, written by
// the checks package's encoder, has the Parquet columns in order and the
// same values, including what is filled in from the hand.
func TestJSONLMatchesParquetColumns(t *testing.T) {
	results := sampleResults()
	// A finding that leaves hand fields empty: the writer fills them in.
	h, tr := buildHand("H-3000", "Gamma", "logs/day3.txt", 5, t0, [3]string{"x", "y", "z"})
	results = append(results, &HandResult{Hand: h, Trace: tr, File: "logs/day3.txt", Line: 5,
		Findings: []checks.Finding{{CheckID: "pot.total-mismatch", Severity: checks.Error, Message: "m", ActionIndex: -1,
			Expected: hand.Amount(0), HasExpected: true}}})
	out := readOutput(t, NewJSONL(), "findings.jsonl", testInfo(), results)
	want := expectedFindingRows(results)
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(nil, 1<<20)
	i := 0
	for ; sc.Scan(); i++ {
		line := sc.Bytes()
		var keys []string
		dec := json.NewDecoder(bytes.NewReader(line))
		if _, err := dec.Token(); err != nil {
			t.Fatal(err)
		}
		obj := map[string]any{}
		for dec.More() {
			k, _ := dec.Token()
			var v any
			if err := dec.Decode(&v); err != nil {
				t.Fatal(err)
			}
			keys = append(keys, k.(string))
			obj[k.(string)] = v
		}
		if strings.Join(keys, ",") != strings.Join(findingRowColumns, ",") {
			t.Fatalf("line %d keys %v, want %v", i, keys, findingRowColumns)
		}
		w := want[i]
		if obj["check_id"] != w.CheckID || obj["message"] != w.Message || obj["hand_id"] != nullable(w.HandID) ||
			obj["table"] != nullable(w.Table) || obj["file"] != nullable(w.File) {
			t.Errorf("line %d: %v, want %+v", i, obj, w)
		}
		if (w.Expected == nil) != (obj["expected"] == nil) {
			t.Errorf("line %d expected: %v vs %v", i, obj["expected"], w.Expected)
		}
	}
	if i != len(want) {
		t.Errorf("%d lines, want %d", i, len(want))
	}
	if !strings.Contains(string(out), `"hand_id":"H-3000","table":"Gamma"`) {
		t.Errorf("hand fields not filled in:\n%s", out)
	}
}

// TestInconsistentTrace feeds every writer a hand whose trace disagrees
// with its record (short steps, indexes out of range, unknown cards): the
// writers must report it, not panic.
func TestInconsistentTrace(t *testing.T) {
	h, tr := buildHand("H-odd", "T", "odd.txt", 1, t0, [3]string{"a", "b", "c"})
	tr.Steps = tr.Steps[:3]
	tr.Steps[1].Stacks = nil
	tr.Pots = append(tr.Pots, replayPot(99, []int{7, -3}))
	tr.Awards[0].Player = 42
	tr.ShowdownFirst = 17
	h.Actions[4].Player = 9
	h.Actions[8].Cards = append(h.Actions[8].Cards, 0xFF)
	h.Outcome.FinishingStacks = h.Outcome.FinishingStacks[:1]
	f := finding(h, "raise.under-minimum", checks.Error, 2, "m")
	f.ActionIndex = 500
	results := []*HandResult{{Hand: h, Trace: tr, File: "odd.txt", Line: 1, Findings: []checks.Finding{f}}}
	dir := t.TempDir()
	writeAll(t, allWriters(), dir, testInfo(), results)
	page, err := os.ReadFile(filepath.Join(dir, "report.html"))
	if err != nil || !bytes.Contains(page, []byte(`"id":"H-odd"`)) {
		t.Errorf("report.html lacks the hand view (%v)", err)
	}
}

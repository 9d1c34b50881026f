package batch

import (
	"encoding/json"
	"maps"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestStateReusesUnchangedInputs: a second run with --state parses no
// unchanged input and writes byte-identical outputs; after one input
// changes and one is added, only those two are parsed, and the outputs
// equal those of a fresh run without state.
func TestStateReusesUnchangedInputs(t *testing.T) {
	chdirRoot(t)
	dir := t.TempDir()
	in := filepath.Join(dir, "in")
	// Copies, so the test can change them: fixtures (with findings on many
	// hands, so full hands are stored), PokerStars logs, and a big file.
	for _, src := range []string{"fixtures/phh", "fixtures/pokerstars"} {
		copyTree(t, src, filepath.Join(in, filepath.Base(src)))
	}
	copyTree(t, filepath.Join(corpusDir(t), "rooms", "PokerStars", "CashGame"), filepath.Join(in, "ps"))
	bigPHH(t, in, 400)
	state := filepath.Join(dir, "state")
	run := func(out string, withState bool) *Outcome {
		o := auditOpts(filepath.Join(dir, out), in)
		o.Workers = 3
		if withState {
			o.StateDir = state
		}
		return mustAudit(t, o)
	}
	first := run("out1", true)
	// The corpus folder holds fragments of logs (no hand header): they are
	// not audited, so neither parsed nor reused.
	n := first.Summary.Files - int(first.Summary.SkippedByReason()[SkipUnrecognised])
	if first.Summary.Parsed != n || first.Summary.Reused != 0 {
		t.Fatalf("first run: parsed %d, reused %d of %d", first.Summary.Parsed, first.Summary.Reused, n)
	}
	second := run("out2", true)
	if second.Summary.Parsed != 0 || second.Summary.Reused != n {
		t.Fatalf("second run: parsed %d, reused %d of %d; want 0 and %d", second.Summary.Parsed, second.Summary.Reused, n, n)
	}
	if second.Summary.Hands != first.Summary.Hands {
		t.Errorf("hands %d then %d", first.Summary.Hands, second.Summary.Hands)
	}
	sameTrees(t, filepath.Join(dir, "out1"), filepath.Join(dir, "out2"))

	// Change one input, add one: only they are parsed.
	changed := filepath.Join(in, "phh", "pot.odd-chip.phhs")
	b, err := os.ReadFile(changed)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(changed, append(b, "\n# appended comment\n"...), 0o644); err != nil {
		t.Fatal(err)
	}
	copyFile(t, "fixtures/phh/raise.under-minimum.phhs", filepath.Join(in, "new", "added.phhs"))
	third := run("out3", true)
	if third.Summary.Parsed != 2 || third.Summary.Reused != n-1 {
		t.Errorf("third run: parsed %d, reused %d; want 2 and %d", third.Summary.Parsed, third.Summary.Reused, n-1)
	}
	run("fresh", false)
	sameTrees(t, filepath.Join(dir, "fresh"), filepath.Join(dir, "out3"))

	// A copy of a stored input, sorted before it, makes its hands
	// duplicates: they are flagged, and shown whole, as in a fresh run.
	copyFile(t, filepath.Join(in, "ps", "PlayerTests", "RunItTwice.txt"), filepath.Join(in, "aaa", "copy.txt"))
	fourth := run("out4", true)
	if fourth.Summary.Parsed != 1 || fourth.Summary.ByCheck[duplicateID] <= third.Summary.ByCheck[duplicateID] {
		t.Errorf("fourth run: parsed %d, duplicates %d (before %d)", fourth.Summary.Parsed,
			fourth.Summary.ByCheck[duplicateID], third.Summary.ByCheck[duplicateID])
	}
	run("fresh4", false)
	sameTrees(t, filepath.Join(dir, "fresh4"), filepath.Join(dir, "out4"))

	// One entry per input: the changed input's old entry is gone.
	entries, _ := filepath.Glob(filepath.Join(state, "*", "*.state"))
	if len(entries) != n+2 {
		t.Errorf("%d state entries for %d inputs", len(entries), n+2)
	}
}

// TestStateCorruptEntryIgnored: an entry whose bytes were damaged fails its
// checksum and the input is parsed again.
func TestStateCorruptEntryIgnored(t *testing.T) {
	chdirRoot(t)
	dir := t.TempDir()
	state := filepath.Join(dir, "state")
	o := auditOpts(filepath.Join(dir, "a"), "fixtures/phh/pot.odd-chip.phhs", "fixtures/phh/showdown.order.phhs")
	o.StateDir = state
	mustAudit(t, o)
	entries, _ := filepath.Glob(filepath.Join(state, "*", "*.state"))
	if len(entries) != 2 {
		t.Fatalf("%d entries", len(entries))
	}
	b, _ := os.ReadFile(entries[0])
	b[len(b)/2] ^= 0xff
	os.WriteFile(entries[0], b, 0o644)
	o.OutDir = filepath.Join(dir, "b")
	res := mustAudit(t, o)
	if res.Summary.Parsed != 1 || res.Summary.Reused != 1 {
		t.Errorf("parsed %d reused %d, want 1 and 1", res.Summary.Parsed, res.Summary.Reused)
	}
	sameTrees(t, filepath.Join(dir, "a"), filepath.Join(dir, "b"))
}

func copyTree(t *testing.T, from, to string) {
	t.Helper()
	err := filepath.WalkDir(from, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(from, p)
		copyFile(t, p, filepath.Join(to, rel))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// mtimes maps each file under dir to its modification time, but for the
// lock files (which every run writes its process ID into).
func mtimes(t *testing.T, dir string) map[string]string {
	t.Helper()
	out := map[string]string{}
	filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && !strings.HasPrefix(d.Name(), lockPrefix) {
			if fi, err := d.Info(); err == nil {
				out[p] = fi.ModTime().String()
			}
		}
		return nil
	})
	return out
}

// TestStateUnchangedRun: a run with --state whose configuration and
// inputs have not changed since the last run into the same --out, whose
// outputs are intact, leaves them in place (not one file rewritten) and
// reports the same summary; a change to any input, to any output, or to
// an option that shapes the outputs makes it run, with outputs equal to a
// fresh run's.
func TestStateUnchangedRun(t *testing.T) {
	chdirRoot(t)
	dir := t.TempDir()
	in := filepath.Join(dir, "in")
	copyTree(t, "fixtures/phh", filepath.Join(in, "phh"))
	copyTree(t, "fixtures/bad", filepath.Join(in, "bad")) // parse errors, a file not recognised, README
	os.Remove(filepath.Join(in, "bad", "gzip-bomb.phhs.gz"))
	state := filepath.Join(dir, "state")
	out := filepath.Join(dir, "out")
	run := func(change func(*Options)) *Outcome {
		o := auditOpts(out, in)
		o.StateDir = state
		o.Formats = []string{"parquet", "html", "jsonl", "junit"}
		o.SummaryFile = filepath.Join(dir, "summary.json")
		if change != nil {
			change(&o)
		}
		return mustAudit(t, o)
	}
	first := run(nil)
	before := readTree(t, out)
	times := mtimes(t, out)
	firstSummary, _ := os.ReadFile(filepath.Join(dir, "summary.json"))

	second := run(nil)
	if got := mtimes(t, out); !maps.Equal(got, times) {
		t.Errorf("an unchanged run rewrote outputs")
	}
	s1, s2 := first.Summary, second.Summary
	if s2.Hands != s1.Hands || s2.ParseErrors != s1.ParseErrors || !maps.Equal(s2.ByCheck, s1.ByCheck) || s2.BySeverity != s1.BySeverity ||
		s2.Files != s1.Files || s2.Parsed != 0 || s2.Reused != s1.Parsed+s1.Reused || second.Failed != first.Failed ||
		!maps.Equal(s2.SkippedByReason(), s1.SkippedByReason()) || len(s2.Inputs) != len(s1.Inputs) {
		t.Errorf("an unchanged run's summary differs:\n%+v\n%+v", s1, s2)
	}
	secondSummary, _ := os.ReadFile(filepath.Join(dir, "summary.json"))
	strip := func(b []byte) string { // the times differ
		var m map[string]any
		json.Unmarshal(b, &m)
		delete(m, "elapsed_seconds")
		delete(m, "hands_per_second")
		delete(m, "inputs_parsed")
		delete(m, "inputs_reused")
		out, _ := json.Marshal(m)
		return string(out)
	}
	if strip(firstSummary) != strip(secondSummary) {
		t.Errorf("summary.json differs:\n%s\n%s", firstSummary, secondSummary)
	}

	// An output changed: the run writes them all again, the same.
	report := filepath.Join(out, "report.html")
	b, _ := os.ReadFile(report)
	os.WriteFile(report, append(b, ' '), 0o644)
	run(nil)
	if got := readTree(t, out); !maps.EqualFunc(got, before, func(a, b []byte) bool { return string(a) == string(b) }) {
		t.Errorf("after an output changed, the run did not restore the outputs")
	}
	if got := mtimes(t, out); maps.Equal(got, times) {
		t.Errorf("after an output changed, nothing was written")
	}

	// An option that shapes the outputs: they follow it.
	times = mtimes(t, out)
	zh := run(func(o *Options) { o.Lang = "zh" })
	if got := mtimes(t, out); maps.Equal(got, times) || zh.Summary.Reused == 0 {
		t.Errorf("with another --lang the outputs were not written again (reused %d)", zh.Summary.Reused)
	}
	page, _ := os.ReadFile(report)
	if !strings.Contains(string(page), `<html lang="zh-CN">`) {
		t.Errorf("the report is not in the language asked for")
	}

	// An input changed: it is parsed, the others are reused.
	run(nil)
	times = mtimes(t, out)
	changed := filepath.Join(in, "phh", "pot.odd-chip.phhs")
	b, _ = os.ReadFile(changed)
	os.WriteFile(changed, append(b, "\n# appended\n"...), 0o644)
	third := run(nil)
	if third.Summary.Parsed != 1 || maps.Equal(mtimes(t, out), times) {
		t.Errorf("after an input changed: parsed %d, outputs written again: %v", third.Summary.Parsed, !maps.Equal(mtimes(t, out), times))
	}
	fresh := filepath.Join(dir, "fresh")
	o := auditOpts(fresh, in)
	o.Formats = []string{"parquet", "html", "jsonl", "junit"}
	mustAudit(t, o)
	sameTrees(t, fresh, out)
}

package batch

import (
	"os"
	"path/filepath"
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

//go:build unix

package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestConcurrentRunsOneOut starts a run that holds its --out (reading a
// stdin that is slow to come), then: a second run on the same --out
// refuses at once with a clear error naming the first; a shard of another
// part may write to the same folder, and removes the staging folders that
// dead runs left there (of its own part, or of a part nobody holds) but
// not the live run's; and the first run then completes.
func TestConcurrentRunsOneOut(t *testing.T) {
	bin := hostileBinary(t)
	dir := t.TempDir()
	good := filepath.Join(dir, "good.phhs")
	if err := os.WriteFile(good, []byte(goodPHH), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "out")
	// What killed runs left: staging folders of part 0 of 1 and part 0 of 2.
	for _, d := range []string{".handaudit-staging-part-00000-of-00001-111", ".handaudit-staging-part-00000-of-00002-222"} {
		if err := os.MkdirAll(filepath.Join(out, d, "findings"), 0o755); err != nil {
			t.Fatal(err)
		}
		os.WriteFile(filepath.Join(out, d, "findings", ".x.parquet.tmp-1"), []byte("partial"), 0o644)
	}
	os.WriteFile(filepath.Join(out, ".manifest.json.tmp-333"), []byte("{"), 0o644)

	first := exec.Command(bin, "run", "--out", out, "--format", "parquet,jsonl,html", "--progress", "never", good, "-")
	stdin, err := first.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	var firstErr strings.Builder
	first.Stderr = &firstErr
	if err := first.Start(); err != nil {
		t.Fatal(err)
	}
	defer first.Process.Kill()
	// The first run holds the folder once its staging folder is there.
	var live string
	for deadline := time.Now().Add(20 * time.Second); live == "" && time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		ents, _ := os.ReadDir(out)
		for _, e := range ents {
			if strings.HasPrefix(e.Name(), ".handaudit-staging-part-00000-of-00001-") && !strings.HasSuffix(e.Name(), "-111") {
				live = e.Name()
			}
		}
	}
	if live == "" {
		t.Fatalf("the first run never staged its outputs:\n%s", firstErr.String())
	}
	if _, err := os.Stat(filepath.Join(out, ".handaudit-staging-part-00000-of-00001-111")); err == nil {
		t.Errorf("the first run did not remove the staging folder a dead run of its part left")
	}
	if _, err := os.Stat(filepath.Join(out, ".manifest.json.tmp-333")); err == nil {
		t.Errorf("the first run did not remove a dead run's manifest temporary")
	}

	start := time.Now()
	second := runAudit(t, bin, dir, nil, "run", "--out", out, "--format", "parquet,html", "--progress", "never", good)
	wantMsg := fmt.Sprintf("another audit run is writing to this output folder: %s, part-00000-of-00001 (pid %d)", out, first.Process.Pid)
	if second.exit != exitIO || !strings.Contains(second.stderr, wantMsg) {
		t.Errorf("second run on the same --out: exit %d, stderr:\n%s\nwant exit %d and %q", second.exit, second.stderr, exitIO, wantMsg)
	}
	if took := time.Since(start); took > 5*time.Second {
		t.Errorf("the second run took %v to refuse", took)
	}

	// Another part of the same folder: allowed, and it removes the dead
	// run's staging folder of part 0 of 2 (free), not the live one's.
	shard := runAudit(t, bin, dir, nil, "run", "--out", out, "--format", "parquet", "--progress", "never",
		"--shard-index", "1", "--shard-count", "2", good)
	if shard.exit != exitOK {
		t.Errorf("a shard of another part: exit %d\n%s", shard.exit, shard.stderr)
	}
	if _, err := os.Stat(filepath.Join(out, ".handaudit-staging-part-00000-of-00002-222")); err == nil {
		t.Errorf("a dead run's staging folder (part 0 of 2, not held) was left")
	}
	if _, err := os.Stat(filepath.Join(out, live)); err != nil {
		t.Errorf("the live run's staging folder was removed by another run: %v", err)
	}

	stdin.Write([]byte(strings.ReplaceAll(goodPHH, "good-1", "stdin-1")))
	stdin.Close()
	if err := first.Wait(); err != nil {
		t.Fatalf("first run: %v\n%s", err, firstErr.String())
	}
	got := outcome(t, out)
	matchOutcome(t, "-", got["-"], []string{"hand stdin-1@1 clean"})
	if left := leftovers(t, out); len(left) > 0 {
		t.Errorf("left in --out: %q", left)
	}
}

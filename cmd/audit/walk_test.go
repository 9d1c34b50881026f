//go:build unix

package main

import (
	"encoding/json"
	"fmt"
	"html"
	"net"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/handaudit/handaudit/internal/testenv"
)

// TestWalkReportsEverySkip audits a folder holding a good hand history
// beside a FIFO, a socket, a symlink loop, a folder that cannot be opened,
// a file in no known format and a broken link, and names a file that does
// not exist: nothing stops the run, the good hands are audited, every entry
// not audited is in the log with its reason and counted by reason in the
// summary and listed in the manifest, the missing inputs are I/O errors,
// and the run exits 3 (inputs or folders could not be read).
func TestWalkReportsEverySkip(t *testing.T) {
	bin := hostileBinary(t)
	base := t.TempDir()
	dir := filepath.Join(base, "in")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	write := func(name, text string) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("good.phhs", goodPHH)
	write("notes.bin", "\x00\x01\x02 not a hand history at all")
	if err := syscall.Mkfifo(filepath.Join(dir, "feed.fifo"), 0o600); err != nil {
		t.Fatal(err)
	}
	l, err := net.Listen("unix", filepath.Join(dir, "s.sock"))
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	for link, to := range map[string]string{"loop": ".", "gone.phhs": "nowhere.phhs"} {
		if err := os.Symlink(to, filepath.Join(dir, link)); err != nil {
			t.Fatal(err)
		}
	}
	unreadable := []string{testenv.TooLongPath(t, dir, "lost.phhs", []byte(goodPHH))}
	if os.Geteuid() != 0 {
		locked := filepath.Join(dir, "locked")
		os.Mkdir(locked, 0o755)
		os.WriteFile(filepath.Join(locked, "x.phhs"), []byte(goodPHH), 0o644)
		os.Chmod(locked, 0)
		t.Cleanup(func() { os.Chmod(locked, 0o755) })
		unreadable = append(unreadable, locked)
	} else {
		t.Log("running as root: a folder without permissions would be read; the unreadable entry is a path longer than PATH_MAX only")
	}
	missing := filepath.Join(base, "missing.phhs")

	out := filepath.Join(base, "out")
	sum := filepath.Join(base, "summary.json")
	run := runAudit(t, bin, base, nil, "run", "--out", out, "--format", "parquet,jsonl,html", "--summary", sum,
		"--progress", "never", dir, missing)
	if run.exit != exitIO {
		t.Errorf("exit %d, want %d\n%s", run.exit, exitIO, run.stderr)
	}
	got := outcome(t, out)
	matchOutcome(t, "good", got[filepath.Join(dir, "good.phhs")], []string{"hand good-1@1 clean"})
	for _, name := range []string{missing, filepath.Join(dir, "gone.phhs")} {
		matchOutcome(t, name, got[name], []string{"hand @0 parse-error",
			"parse.error @0: cannot read " + name + ": open " + name + ": no such file or directory"})
	}
	if len(got) != 3 {
		t.Errorf("results for %d inputs, want 3: %q", len(got), maps(got))
	}

	wantSkips := map[string]string{
		filepath.Join(dir, "feed.fifo"): "not a regular file",
		filepath.Join(dir, "s.sock"):    "not a regular file",
		filepath.Join(dir, "loop"):      "symlink loop",
		filepath.Join(dir, "notes.bin"): "format not recognised",
	}
	for _, u := range unreadable {
		wantSkips[u] = "unreadable"
	}
	for name, reason := range wantSkips {
		said := false
		for _, line := range strings.Split(run.stderr, "\n") {
			said = said || strings.Contains(line, `msg="not audited" file=`+name+" ") &&
				(strings.Contains(line, "reason="+reason+" ") || strings.Contains(line, fmt.Sprintf("reason=%q", reason)))
		}
		if !said {
			t.Errorf("the log does not say that %s is not audited (%s):\n%s", name, reason, run.stderr)
		}
	}
	var s struct {
		IOErrors int64            `json:"io_errors"`
		Skipped  map[string]int64 `json:"skipped"`
	}
	b, err := os.ReadFile(sum)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, &s); err != nil {
		t.Fatal(err)
	}
	want := map[string]int64{"not a regular file": 2, "symlink loop": 1, "unreadable": int64(len(unreadable)), "format not recognised": 1}
	if fmt.Sprint(s.Skipped) != fmt.Sprint(want) || s.IOErrors != 2 {
		t.Errorf("summary: skipped %v, io_errors %d; want %v and 2\n%s", s.Skipped, s.IOErrors, want, b)
	}
	var m struct {
		Skipped []struct{ Name, Reason, Detail string } `json:"skipped"`
		Inputs  []struct{ Name, Skipped string }        `json:"inputs"`
	}
	b, err = os.ReadFile(filepath.Join(out, "manifest.json"))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	listed := map[string]string{}
	for _, sk := range m.Skipped {
		listed[sk.Name] = sk.Reason
	}
	for _, in := range m.Inputs {
		if in.Skipped != "" {
			listed[in.Name] = in.Skipped
		}
	}
	if fmt.Sprint(listed) != fmt.Sprint(wantSkips) {
		t.Errorf("manifest lists as not audited %v, want %v", listed, wantSkips)
	}
	// The report lists each one with its reason, and counts the hands
	// audited apart from the I/O errors.
	page, err := os.ReadFile(filepath.Join(out, "report.html"))
	if err != nil {
		t.Fatal(err)
	}
	for name, reason := range wantSkips {
		if row := "<tr><td>" + html.EscapeString(name) + "</td><td>" + html.EscapeString(reason) + "</td>"; !strings.Contains(string(page), row) {
			t.Errorf("report.html does not list %s (%s)", name, reason)
		}
	}
	for _, want := range []string{`id="count-hands"><div class="n">1<`, `id="count-parse-errors"><div class="n">2<`} {
		if !strings.Contains(string(page), want) {
			t.Errorf("report.html lacks %s", want)
		}
	}
}

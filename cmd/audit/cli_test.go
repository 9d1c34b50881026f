package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/handaudit/handaudit/batch"
	"github.com/handaudit/handaudit/checks"
)

// cli runs audit with args and returns its exit code, stdout and stderr.
func cli(args ...string) (int, string, string) {
	var stdout, stderr bytes.Buffer
	code := realMain(args, &stdout, &stderr)
	return code, stdout.String(), stderr.String()
}

// TestCLIVersion: audit --version and audit version print the version on
// stdout.
func TestCLIVersion(t *testing.T) {
	for _, args := range [][]string{{"--version"}, {"version"}} {
		code, out, errOut := cli(args...)
		if code != exitOK || out != "audit "+version+"\n" || errOut != "" {
			t.Errorf("%v: exit %d, stdout %q, stderr %q", args, code, out, errOut)
		}
	}
}

// TestCLIHelp: every command's help, asked for with --help or with audit
// help COMMAND, is on stdout (nothing on stderr, exit 0) and has examples;
// audit --help lists the commands.
func TestCLIHelp(t *testing.T) {
	for _, c := range commands() {
		for _, args := range [][]string{{c.name, "--help"}, {"help", c.name}, {c.name, "-h"}} {
			code, out, errOut := cli(args...)
			if code != exitOK || errOut != "" {
				t.Errorf("%v: exit %d, stderr %q", args, code, errOut)
			}
			if !strings.HasPrefix(out, "Usage: audit "+c.name) || !strings.Contains(out, "\nExamples:\n  audit ") && !strings.Contains(out, "\nExamples:\n  zcat") {
				t.Errorf("%v: help without usage or examples:\n%s", args, out)
			}
		}
	}
	code, out, errOut := cli("--help")
	if code != exitOK || errOut != "" || !strings.Contains(out, "Examples:") || !strings.Contains(out, "  explain ") {
		t.Errorf("audit --help: exit %d, stderr %q:\n%s", code, errOut, out)
	}
	// Without a command: the usage, on stderr, and a usage error.
	if code, out, errOut := cli(); code != exitUsage || out != "" || !strings.Contains(errOut, "Usage: audit COMMAND") {
		t.Errorf("audit: exit %d, stdout %q, stderr %q", code, out, errOut)
	}
}

// TestCLIDidYouMean: a mistyped command or flag gets the nearest name.
func TestCLIDidYouMean(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"rnu", "x"}, `unknown command "rnu"; did you mean "run"?`},
		{[]string{"expalin"}, `did you mean "explain"?`},
		{[]string{"run", "--fromat", "html", "x"}, `unknown flag: --fromat; did you mean "--format"?`},
		{[]string{"run", "--fail-no=none", "x"}, `did you mean "--fail-on"?`},
		{[]string{"explain", "--hnad", "1", "f"}, `did you mean "--hand"?`},
		{[]string{"merge", "--verfy", "d"}, `did you mean "--verify"?`},
	} {
		code, out, errOut := cli(tc.args...)
		if code != exitUsage || out != "" || !strings.Contains(errOut, tc.want) {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want %q", tc.args, code, out, errOut, tc.want)
		}
	}
	// Nothing close: no suggestion.
	if _, _, errOut := cli("frobnicate"); strings.Contains(errOut, "did you mean") {
		t.Errorf("a suggestion for nothing close: %q", errOut)
	}
}

// TestCLINoInputsNamesFolder: a folder with nothing to audit is named in
// the error.
func TestCLINoInputsNamesFolder(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "empty logs")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "README.md"), []byte("notes"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, errOut := cli("run", dir, "--out", filepath.Join(t.TempDir(), "out"), "--progress", "never")
	if code != exitUsage || !strings.Contains(errOut, `no inputs in "`+dir+`" (1 entry not audited`) {
		t.Errorf("exit %d, stderr %q", code, errOut)
	}
}

// TestCLIProgressCleared: on a terminal the progress line is erased, not
// left with a line break, before the summary is printed.
func TestCLIProgressCleared(t *testing.T) {
	var w bytes.Buffer
	cb, done, err := progressTo("always", &w, true)
	if err != nil {
		t.Fatal(err)
	}
	cb(batch.Progress{FilesDone: 1, FilesTotal: 1, Hands: 10, Elapsed: time.Second})
	if !strings.Contains(w.String(), "hands 10") {
		t.Fatalf("no progress drawn: %q", w.String())
	}
	done()
	if !strings.HasSuffix(w.String(), "\r\033[K") || strings.Contains(w.String(), "\n") {
		t.Errorf("progress not cleared: %q", w.String())
	}
}

// TestCLISummaryOnce: a run prints its summary once, on stdout, after the
// progress, with counts in words of the right number ("1 finding").
func TestCLISummaryOnce(t *testing.T) {
	chdirRoot(t)
	code, out, errOut := cli("run", "fixtures/phh/clean", "fixtures/phh/bet.exceeds-stack.phhs", "--out", filepath.Join(t.TempDir(), "out"), "--progress", "never")
	if code != exitFindings {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if strings.Count(out+errOut, "outputs in ") != 1 || strings.Count(out+errOut, " hands, ") != 1 || strings.Contains(errOut, "hands") {
		t.Errorf("the summary is not printed once, on stdout:\nstdout:\n%s\nstderr:\n%s", out, errOut)
	}
	var b bytes.Buffer
	s := &batch.Summary{Files: 1, Hands: 1, ParseErrors: 1}
	s.BySeverity[checks.Error] = 1
	batch.WriteTextSummary(&b, s)
	if want := "1 file, 1 hand, 1 parse error, 1 finding (1 error, 0 warnings, 0 info) in "; !strings.HasPrefix(b.String(), want) {
		t.Errorf("summary %q, want it to start %q", b.String(), want)
	}
}

// TestCLIJSONLogDurations: --log-format json gives durations as numbers
// of seconds.
func TestCLIJSONLogDurations(t *testing.T) {
	chdirRoot(t)
	_, _, errOut := cli("run", "fixtures/phh/clean", "--out", filepath.Join(t.TempDir(), "out"), "--progress", "never", "--log-format", "json")
	found := false
	sc := bufio.NewScanner(strings.NewReader(errOut))
	for sc.Scan() {
		var rec map[string]any
		if err := json.Unmarshal(sc.Bytes(), &rec); err != nil {
			t.Fatalf("not a JSON log line: %q", sc.Text())
		}
		if rec["msg"] != "run finished" {
			continue
		}
		found = true
		if sec, ok := rec["elapsed_seconds"].(float64); !ok || sec <= 0 || sec > 600 {
			t.Errorf("elapsed_seconds %#v, want a number of seconds", rec["elapsed_seconds"])
		}
		for k, v := range rec {
			if s, ok := v.(string); ok && k != "time" && k != "msg" && k != "level" {
				if _, err := time.ParseDuration(s); err == nil {
					t.Errorf("%s is a duration as text: %q", k, s)
				}
			}
		}
	}
	if !found {
		t.Errorf("no run finished record:\n%s", errOut)
	}
}

package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestGenCommand: audit gen writes a folder of shards and the labels
// beside it, the same bytes for any number of workers, and audit run over
// the folder finds a violation in every labelled hand.
func TestGenCommand(t *testing.T) {
	dir := t.TempDir()
	run := func(args ...string) (int, string, string) {
		var out, errb bytes.Buffer
		code := realMain(args, &out, &errb)
		return code, out.String(), errb.String()
	}
	for _, w := range []string{"1", "3"} {
		code, _, stderr := run("gen", "--hands", "900", "--seed", "5", "--format", "phh", "--violations", "0.25",
			"--shard-size", "400", "--workers", w, "--out", filepath.Join(dir, "w"+w)+"/")
		if code != 0 {
			t.Fatalf("gen exit %d: %s", code, stderr)
		}
		if !strings.Contains(stderr, "900 phh hands in 3 file(s)") {
			t.Errorf("gen summary: %s", stderr)
		}
	}
	for _, name := range []string{"hands-000000.phhs", "hands-000001.phhs", "hands-000002.phhs"} {
		a, err := os.ReadFile(filepath.Join(dir, "w1", name))
		if err != nil {
			t.Fatal(err)
		}
		b, err := os.ReadFile(filepath.Join(dir, "w3", name))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(a, b) {
			t.Errorf("%s differs between 1 and 3 workers", name)
		}
	}
	lf, err := os.Open(filepath.Join(dir, "w1.labels.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	defer lf.Close()
	labelled := map[string]string{}
	sc := bufio.NewScanner(lf)
	for sc.Scan() {
		var l struct {
			HandID  string `json:"hand_id"`
			CheckID string `json:"check_id"`
			Index   *int   `json:"action_index"`
		}
		if err := json.Unmarshal(sc.Bytes(), &l); err != nil || l.HandID == "" || l.CheckID == "" || l.Index == nil {
			t.Fatalf("bad label line %q: %v", sc.Text(), err)
		}
		labelled[l.HandID] = l.CheckID
	}
	if n := len(labelled); n < 150 || n > 300 {
		t.Errorf("%d labels for 900 hands at 0.25", n)
	}

	// The labels are outside the folder: a run over it reads only hands.
	code, stdout, stderr := run("run", filepath.Join(dir, "w1"), "--out", filepath.Join(dir, "out"), "--format", "jsonl", "--progress", "never")
	if code != 1 {
		t.Fatalf("run exit %d (want 1: findings): %s %s", code, stdout, stderr)
	}
	if !strings.Contains(stdout, "900 hands, 0 parse errors") {
		t.Errorf("run summary: %s", stdout)
	}
	// One finding per labelled hand (a few cascades aside, see gen's tests).
	var errs, warns int
	if i := strings.Index(stdout, "findings ("); i < 0 {
		t.Errorf("no findings count in %q", stdout)
	} else if _, err := fmt.Sscanf(stdout[i:], "findings (%d errors, %d warnings", &errs, &warns); err != nil {
		t.Errorf("findings count in %q: %v", stdout, err)
	}
	if n := errs + warns; n < len(labelled)*9/10 || n > len(labelled)+len(labelled)/10 {
		t.Errorf("%d findings for %d labelled hands", n, len(labelled))
	}

	for _, bad := range [][]string{
		{"gen", "--format", "xml"},
		{"gen", "--violations", "2"},
		{"gen", "--hands", "-1"},
		{"gen", "extra"},
	} {
		if code, _, _ := run(bad...); code != exitUsage {
			t.Errorf("%v: exit %d, want %d", bad, code, exitUsage)
		}
	}
	// Stdout: the hands themselves.
	code, stdout, _ = run("gen", "--hands", "3", "--format", "pokerstars")
	if code != 0 || strings.Count(stdout, "PokerStars Hand #") != 3 {
		t.Errorf("gen to stdout: exit %d, output:\n%s", code, stdout)
	}
	code, stdout, _ = run("gen", "--hands", "3", "--format", "partypoker")
	if code != 0 || strings.Count(stdout, "***** Hand History for Game ") != 3 {
		t.Errorf("gen --format partypoker to stdout: exit %d, output:\n%s", code, stdout)
	}
}

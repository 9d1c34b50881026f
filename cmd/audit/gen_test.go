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
	code, stdout, _ = run("gen", "--hands", "3", "--format", "888poker")
	if code != 0 || strings.Count(stdout, "***** 888poker Hand History for Game ") != 3 {
		t.Errorf("gen --format 888poker to stdout: exit %d, output:\n%s", code, stdout)
	}
	code, stdout, _ = run("gen", "--hands", "3", "--format", "ipoker")
	if code != 0 || strings.Count(stdout, "<game gamecode=") != 3 || !strings.HasPrefix(stdout, "<?xml") {
		t.Errorf("gen --format ipoker to stdout: exit %d, output:\n%s", code, stdout)
	}
	// Sessions where the format carries them; a clear refusal where not.
	code, _, stderr = run("gen", "--hands", "24", "--format", "ipoker", "--sessions", "8", "--out", filepath.Join(dir, "s.xml"))
	if code != 0 {
		t.Errorf("gen --format ipoker --sessions: exit %d: %s", code, stderr)
	}
	code, stdout, stderr = run("gen", "--hands", "24", "--format", "winamax", "--sessions", "8")
	if code != 0 || strings.Count(stdout, "HandId: #1001000000-") != 8 || strings.Count(stdout, "Table: 'Session 3'") != 8 {
		t.Errorf("gen --format winamax --sessions: exit %d: %s", code, stderr)
	}
	code, _, stderr = run("gen", "--hands", "24", "--format", "phh", "--sessions", "8")
	if code != exitUsage || !strings.Contains(stderr, "not phh: PHH records name no table") {
		t.Errorf("gen --format phh --sessions: exit %d: %s", code, stderr)
	}
	code, _, stderr = run("gen", "--format", "xml")
	if !strings.Contains(stderr, "--format must be one of 888poker, ggpoker, ipoker, partypoker, phh, pokerstars, winamax") {
		t.Errorf("gen --format xml: exit %d: %s", code, stderr)
	}
}

// TestGenRoomFormats: audit gen writes iPoker XML and 888poker text
// folders (.xml and .txt shards) that audit run reads, reporting one
// finding for each labelled hand and none in the others.
func TestGenRoomFormats(t *testing.T) {
	dir := t.TempDir()
	run := func(args ...string) (int, string, string) {
		var out, errb bytes.Buffer
		code := realMain(args, &out, &errb)
		return code, out.String(), errb.String()
	}
	for f, ext := range map[string]string{"ipoker": ".xml", "888poker": ".txt"} {
		out := filepath.Join(dir, f) + "/"
		code, _, stderr := run("gen", "--hands", "600", "--seed", "9", "--format", f, "--violations", "0.2", "--shard-size", "250", "--out", out)
		if code != 0 {
			t.Fatalf("gen %s: exit %d: %s", f, code, stderr)
		}
		if _, err := os.Stat(filepath.Join(out, "hands-000002"+ext)); err != nil {
			t.Errorf("%s: %v", f, err)
		}
		labels, err := os.ReadFile(filepath.Join(dir, f+".labels.jsonl"))
		if err != nil {
			t.Fatal(err)
		}
		want := map[string]string{}
		for _, line := range strings.Split(strings.TrimSpace(string(labels)), "\n") {
			var l struct {
				HandID  string `json:"hand_id"`
				CheckID string `json:"check_id"`
			}
			if err := json.Unmarshal([]byte(line), &l); err != nil {
				t.Fatal(err)
			}
			want[l.HandID] = l.CheckID
		}
		res := filepath.Join(dir, "out-"+f)
		code, stdout, stderr := run("run", out, "--out", res, "--format", "jsonl", "--progress", "never")
		if code != 1 || !strings.Contains(stdout, "600 hands, 0 parse errors") {
			t.Fatalf("run %s: exit %d: %s %s", f, code, stdout, stderr)
		}
		files, _ := filepath.Glob(filepath.Join(res, "*.jsonl"))
		got := map[string][]string{}
		for _, name := range files {
			data, err := os.ReadFile(name)
			if err != nil {
				t.Fatal(err)
			}
			for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
				var x struct {
					HandID  string `json:"hand_id"`
					CheckID string `json:"check_id"`
				}
				if json.Unmarshal([]byte(line), &x) == nil && x.CheckID != "" && x.HandID != "" {
					got[x.HandID] = append(got[x.HandID], x.CheckID)
				}
			}
		}
		if len(got) != len(want) {
			t.Errorf("%s: findings in %d hands, %d labelled", f, len(got), len(want))
		}
		for id, check := range want {
			if len(got[id]) != 1 || got[id][0] != check {
				t.Errorf("%s: hand %s: findings %v, want %s", f, id, got[id], check)
			}
		}
	}
}

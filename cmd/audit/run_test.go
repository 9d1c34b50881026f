package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/handaudit/handaudit/batch"
)

// chdirRoot runs the test from the repository root.
func chdirRoot(t *testing.T) {
	t.Helper()
	dir, _ := os.Getwd()
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			break
		}
		if filepath.Dir(dir) == dir {
			t.Fatal("go.mod not found")
		}
		dir = filepath.Dir(dir)
	}
	t.Chdir(dir)
}

func TestShardFlags(t *testing.T) {
	env := func(kv map[string]string) func(string) string { return func(k string) string { return kv[k] } }
	for _, tc := range []struct {
		name             string
		idxSet, countSet bool
		idx, count       int
		env              map[string]string
		wantIdx, wantN   int
		wantErr          string
	}{
		{name: "defaults", count: 1, wantIdx: 0, wantN: 1},
		{name: "indexed job", count: 1, env: map[string]string{"JOB_COMPLETION_INDEX": "3", "HANDAUDIT_SHARD_COUNT": "8"}, wantIdx: 3, wantN: 8},
		{name: "own env", count: 1, env: map[string]string{"HANDAUDIT_SHARD_INDEX": "2", "HANDAUDIT_SHARD_COUNT": "4"}, wantIdx: 2, wantN: 4},
		{name: "flags win", idxSet: true, idx: 1, countSet: true, count: 2, env: map[string]string{"JOB_COMPLETION_INDEX": "3", "HANDAUDIT_SHARD_COUNT": "8"}, wantIdx: 1, wantN: 2},
		{name: "index out of range", count: 1, env: map[string]string{"JOB_COMPLETION_INDEX": "4", "HANDAUDIT_SHARD_COUNT": "4"}, wantErr: "out of range"},
		{name: "bad env", count: 1, env: map[string]string{"HANDAUDIT_SHARD_COUNT": "many"}, wantErr: "not a number"},
		{name: "zero shards", countSet: true, count: 0, wantErr: "at least 1"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			i, n, err := shardFlags(tc.idxSet, tc.idx, tc.countSet, tc.count, env(tc.env))
			if tc.wantErr != "" {
				if _, ok := err.(usageError); !ok || !strings.Contains(err.Error(), tc.wantErr) {
					t.Fatalf("err = %v, want a usage error with %q", err, tc.wantErr)
				}
				return
			}
			if err != nil || i != tc.wantIdx || n != tc.wantN {
				t.Fatalf("got %d of %d (%v), want %d of %d", i, n, err, tc.wantIdx, tc.wantN)
			}
		})
	}
}

func TestProgressLine(t *testing.T) {
	p := batch.Progress{FilesDone: 3, FilesTotal: 10, Hands: 5000, Findings: 12, Bytes: 250, BytesTotal: 1000, Elapsed: 10 * time.Second}
	if got, want := progressLine(p), "files 3/10  hands 5000  500 hands/s  findings 12  ETA 30s"; got != want {
		t.Errorf("got  %q\nwant %q", got, want)
	}
	var buf bytes.Buffer
	cb, done, err := progressPrinter("always", &buf)
	if err != nil {
		t.Fatal(err)
	}
	cb(p) // first call prints
	cb(p) // within the interval: not printed
	p.FilesDone, p.Hands = 10, 9000
	cb(p) // the final state always prints, once
	cb(p)
	done()
	lines := strings.Split(strings.TrimSpace(buf.String()), "\n")
	if len(lines) != 2 || !strings.HasSuffix(lines[1], "ETA 0s") || strings.Contains(buf.String(), "\r") {
		t.Errorf("progress into a non-terminal:\n%s", buf.String())
	}
	buf.Reset()
	if cb, _, _ := progressPrinter("auto", &buf); cb != nil {
		t.Error("auto progress on a non-terminal")
	}
	if _, _, err := progressPrinter("sometimes", &buf); err == nil {
		t.Error("bad --progress accepted")
	}
}

// TestRunShardsAndMerge drives the CLI: two shards into one folder, then
// merge, then merge --verify on a tampered copy.
func TestRunShardsAndMerge(t *testing.T) {
	chdirRoot(t)
	dir := t.TempDir()
	shards := filepath.Join(dir, "shards")
	for i, idx := range []string{"0", "1"} {
		var stdout, stderr bytes.Buffer
		code := realMain([]string{"run", "--out", shards, "--format", "parquet,html", "--progress", "never",
			"--shard-index", idx, "--shard-count", "2", "fixtures/phh"}, &stdout, &stderr)
		if code != exitFindings {
			t.Fatalf("shard %d: exit %d\n%s", i, code, stderr.String())
		}
		if !strings.Contains(stdout.String(), "shard "+idx+"/2: outputs in "+shards) {
			t.Errorf("shard %d: the summary does not name the shard:\n%s", i, stdout.String())
		}
	}
	for _, n := range []string{"manifest-part-00000-of-00002.json", "manifest-part-00001-of-00002.json",
		"findings-part-00001-of-00002.parquet", "report-part-00000-of-00002.html"} {
		if _, err := os.Stat(filepath.Join(shards, n)); err != nil {
			t.Error(err)
		}
	}
	var stdout, stderr bytes.Buffer
	merged := filepath.Join(dir, "merged")
	if code := realMain([]string{"merge", "--out", merged, "--summary", filepath.Join(dir, "summary.json"), shards}, &stdout, &stderr); code != exitFindings {
		t.Fatalf("merge: exit %d\n%s", code, stderr.String())
	}
	for _, n := range []string{"report.html", "manifest.json"} {
		if _, err := os.Stat(filepath.Join(merged, n)); err != nil {
			t.Error(err)
		}
	}
	if code := realMain([]string{"merge", "--verify", shards}, &stdout, &stderr); code != exitFindings {
		t.Errorf("merge --verify: exit %d\n%s", code, stderr.String())
	}
	os.Remove(filepath.Join(shards, "manifest-part-00001-of-00002.json"))
	stderr.Reset()
	if code := realMain([]string{"merge", "--verify", shards}, &stdout, &stderr); code != exitIO || !strings.Contains(stderr.String(), "missing shards (of 2): 1") {
		t.Errorf("incomplete merge: exit %d\n%s", code, stderr.String())
	}
}

func TestRunExitCode(t *testing.T) {
	unsupported := []batch.UnsupportedInput{{Name: "a.xml", Format: "iPoker XML", Hands: 3}}
	unreadable := []batch.Skipped{{Name: "locked", Reason: batch.SkipUnreadable}}
	fifo := []batch.Skipped{{Name: "feed", Reason: batch.SkipNotRegular}}
	for _, c := range []struct {
		io, internal int64
		unsupported  []batch.UnsupportedInput
		skipped      []batch.Skipped
		failed       bool
		want         int
	}{
		{0, 0, nil, nil, false, exitOK},
		{0, 0, nil, nil, true, exitFindings},
		{0, 2, nil, nil, true, exitInternal},
		{0, 1, nil, nil, false, exitInternal},
		{1, 1, nil, nil, true, exitIO},
		{0, 0, unsupported, nil, true, exitUnsupported},
		{0, 0, unsupported, nil, false, exitUnsupported},
		{0, 1, unsupported, nil, true, exitInternal},
		{1, 0, unsupported, nil, true, exitIO},
		{0, 0, nil, unreadable, false, exitIO},
		{0, 0, nil, fifo, false, exitOK},
		{0, 0, nil, fifo, true, exitFindings},
	} {
		s := &batch.Summary{IOErrors: c.io, Internal: c.internal, Unsupported: c.unsupported, Skipped: c.skipped}
		if got := runExitCode(s, c.failed); got != c.want {
			t.Errorf("io %d internal %d unsupported %d skipped %v failed %v: exit %d, want %d", c.io, c.internal, len(c.unsupported), c.skipped, c.failed, got, c.want)
		}
	}
}

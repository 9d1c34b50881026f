//go:build unix

package main

import (
	"bufio"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"io/fs"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// stopLimit is how soon after SIGINT or SIGTERM `audit run` must have
// exited.
const stopLimit = 2 * time.Second

// TestSignalAnyMoment sends SIGTERM to `audit run` at random moments, over
// and over: while it reads, while it reads a line of hundreds of MiB,
// while it replays, while it writes and closes its outputs. The --out
// folder first holds a complete run's outputs. Each time the process must
// exit within stopLimit of the signal, with exit code 143 (128 + SIGTERM)
// and a message, or 1 if it had finished; the files under final names must
// be exactly the complete run's, byte for byte (nothing partial, nothing
// half-replaced; a run that finished writes the same outputs, and a summary
// with its own time), and a run that stopped must leave nothing behind in
// --out but the lock file (its staging folder goes with it).
func TestSignalAnyMoment(t *testing.T) {
	runs, hands, giant := 20, 40000, int64(256<<20)
	if testing.Short() {
		runs, hands, giant = 6, 10000, 64<<20
	}
	dir := t.TempDir()
	writeManyHands(t, filepath.Join(dir, "a-many.phhs"), hands)
	writeGiantLine(t, filepath.Join(dir, "b-giant.phhs"), giant)
	bin := hostileBinary(t)
	out := filepath.Join(dir, "out")
	args := []string{"run", "--out", out, "--format", "parquet,arrow,jsonl,html,sarif,junit",
		"--summary", filepath.Join(out, "summary.json"), "--progress", "never", "--workers", "2",
		"--partition", "day", filepath.Join(dir, "a-many.phhs"), filepath.Join(dir, "b-giant.phhs")}

	// Complete runs first: their files are what a signal must not spoil;
	// the second's time (with the input in the page cache, as in the runs
	// that follow) sets the range of signal moments.
	var took time.Duration
	for range 2 {
		start := time.Now()
		full := exec.Command(bin, args...)
		if b, err := full.CombinedOutput(); full.ProcessState.ExitCode() != exitFindings {
			t.Fatalf("complete run: %v\n%s", err, b)
		}
		took = time.Since(start)
	}
	complete := finalTree(t, out)
	t.Logf("%d hands and a %d MiB line: a complete run takes %v and writes %d files", hands, giant>>20,
		took.Round(time.Millisecond), len(complete))

	rng := rand.New(rand.NewPCG(20251104, uint64(runs)))
	stopped := 0
	for i := range runs {
		delay := time.Duration(rng.Int64N(int64(took) * 11 / 10))
		cmd := exec.Command(bin, args...)
		var stderr strings.Builder
		cmd.Stdout, cmd.Stderr = io.Discard, &stderr
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		done := make(chan error, 1)
		go func() { done <- cmd.Wait() }()
		state := "finished"
		var exitAfter time.Duration
		select {
		case <-done:
		case <-time.After(delay):
			sent := time.Now()
			if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
				<-done
				break
			}
			select {
			case <-done:
				exitAfter = time.Since(sent)
			case <-time.After(30 * time.Second):
				cmd.Process.Kill()
				<-done
				t.Fatalf("run %d: still running 30 s after SIGTERM at %v", i+1, delay)
			}
			state = "signalled"
		}
		code := cmd.ProcessState.ExitCode()
		switch {
		case code == exitInterrupted+int(syscall.SIGTERM):
			stopped++
			if !strings.Contains(stderr.String(), "interrupted by SIGTERM") {
				t.Errorf("run %d: exit %d without the message:\n%s", i+1, code, stderr.String())
			}
			if left := leftovers(t, out); len(left) > 0 {
				t.Errorf("run %d: a stopped run left %q in --out", i+1, left)
			}
		case code == exitFindings:
		default:
			t.Errorf("run %d: exit code %d after SIGTERM at %v\n%s", i+1, code, delay, stderr.String())
		}
		if exitAfter > stopLimit {
			t.Errorf("run %d: exited %v after SIGTERM (at %v into the run), more than %v", i+1, exitAfter, delay, stopLimit)
		}
		got := finalTree(t, out)
		if code == exitFindings {
			// It has the run's time: the next runs must keep this one's.
			complete["summary.json"] = got["summary.json"]
		}
		if !sameTree(got, complete) {
			t.Errorf("run %d (SIGTERM at %v, exit %d): the outputs under final names are not the complete run's:\n got %v\nwant %v",
				i+1, delay, code, got, complete)
		}
		t.Logf("run %2d: %-9s at %6v (%3.0f%% of a run): exit %3d, %v after the signal", i+1, state,
			delay.Round(time.Millisecond), 100*float64(delay)/float64(took), code, exitAfter.Round(time.Millisecond))
		if t.Failed() {
			break
		}
	}
	if stopped == 0 {
		t.Errorf("no run was stopped by its signal")
	}
}

// writeGiantLine writes a PHH file with a good hand, a hand with a line of
// n bytes, and another good hand, without holding the line.
func writeGiantLine(t *testing.T, path string, n int64) {
	t.Helper()
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	in, _ := longLineInput("phh", n)
	w := bufio.NewWriterSize(f, 1<<20)
	if _, err := io.Copy(w, in); err != nil {
		t.Fatal(err)
	}
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
}

// finalTree maps each file under a final (not hidden) name in out to its
// sha256.
func finalTree(t *testing.T, out string) map[string]string {
	t.Helper()
	tree := map[string]string{}
	err := filepath.WalkDir(out, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if strings.HasPrefix(d.Name(), ".") {
			if d.IsDir() {
				return filepath.SkipDir
			}
			return nil
		}
		if d.IsDir() {
			return nil
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		sum := sha256.Sum256(b)
		rel, _ := filepath.Rel(out, p)
		tree[rel] = hex.EncodeToString(sum[:8])
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return tree
}

func sameTree(a, b map[string]string) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if b[k] != v {
			return false
		}
	}
	return true
}

// leftovers lists the hidden entries of out other than the lock file.
func leftovers(t *testing.T, out string) []string {
	t.Helper()
	var left []string
	filepath.WalkDir(out, func(p string, d fs.DirEntry, err error) error {
		if err == nil && strings.HasPrefix(d.Name(), ".") && !strings.HasPrefix(d.Name(), ".handaudit-lock") {
			left = append(left, p)
			if d.IsDir() {
				return filepath.SkipDir
			}
		}
		return nil
	})
	return left
}

// TestSignalStuckInput stops a run whose only input, stdin, is a pipe that
// stays open and never yields a byte (a stuck producer): SIGTERM ends it
// within stopLimit with exit code 143, although its reader is blocked in
// a read; and two SIGINTs in a row end it at once.
func TestSignalStuckInput(t *testing.T) {
	bin := hostileBinary(t)
	for _, tc := range []struct {
		name string
		sigs []syscall.Signal
	}{
		{"SIGTERM", []syscall.Signal{syscall.SIGTERM}},
		{"SIGINT twice", []syscall.Signal{syscall.SIGINT, syscall.SIGINT}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out := filepath.Join(t.TempDir(), "out")
			cmd := exec.Command(bin, "run", "--out", out, "--format", "parquet,html", "--progress", "never", "-")
			w, err := cmd.StdinPipe()
			if err != nil {
				t.Fatal(err)
			}
			defer w.Close()
			var stderr strings.Builder
			cmd.Stderr = &stderr
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			done := make(chan error, 1)
			go func() { done <- cmd.Wait() }()
			select {
			case <-done:
				t.Fatalf("the run ended without input: %s", stderr.String())
			case <-time.After(500 * time.Millisecond):
			}
			sent := time.Now()
			for _, s := range tc.sigs {
				cmd.Process.Signal(s)
				time.Sleep(5 * time.Millisecond)
			}
			select {
			case <-done:
			case <-time.After(30 * time.Second):
				cmd.Process.Kill()
				<-done
				t.Fatalf("still running 30 s after %s", tc.name)
			}
			took := time.Since(sent)
			if took > stopLimit {
				t.Errorf("exited %v after %s, more than %v", took, tc.name, stopLimit)
			}
			code := cmd.ProcessState.ExitCode()
			ws := cmd.ProcessState.Sys().(syscall.WaitStatus)
			want := exitInterrupted + int(tc.sigs[0])
			if code != want && !(len(tc.sigs) > 1 && ws.Signaled() && ws.Signal() == tc.sigs[0]) {
				t.Errorf("exit code %d (%v), want %d\n%s", code, ws, want, stderr.String())
			}
			if _, err := os.Stat(filepath.Join(out, "report.html")); err == nil {
				t.Errorf("an interrupted run wrote report.html")
			}
			t.Logf("%s: exit %d (%s) %v after the signal", tc.name, code, fmt.Sprint(ws), took.Round(time.Millisecond))
		})
	}
}

//go:build unix

package main

import (
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// goodPHH is one clean PHH hand.
const goodPHH = "[1]\nvariant = \"NT\"\nante_trimming_status = false\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\n" +
	"min_bet = 2\nstarting_stacks = [100, 100]\nactions = [\"d dh p1 AsKs\", \"d dh p2 7c2d\", \"p2 f\"]\n" +
	"hand = \"good-1\"\nplayers = [\"Ann\", \"Bob\"]\nfinishing_stacks = [101, 99]\n"

// endlessWriter writes a PHH hand and then lines of x to w for ever, until
// w is closed or fails: an input whose size nobody knows.
func endlessWriter(w io.WriteCloser) {
	defer w.Close()
	if _, err := io.WriteString(w, goodPHH+"[2]\nhand = \"endless\"\n_pad = [\n"); err != nil {
		return
	}
	line := []byte("  \"" + strings.Repeat("x", 1000) + "\",\n")
	block := []byte(strings.Repeat(string(line), 64))
	for {
		if _, err := w.Write(block); err != nil {
			return
		}
	}
}

// TestEndlessInputs runs `audit run` on inputs that never end, beside a
// good file: /dev/zero, a pipe on stdin and a FIFO named on the command
// line, each fed for ever. Every byte read counts against
// --max-file-bytes: each is an I/O error that names the input and the
// limit, the good file is audited, the run exits 3, and it ends in about
// the time it takes to read the limit (not never).
func TestEndlessInputs(t *testing.T) {
	const limit = 32 << 20
	bin := hostileBinary(t)
	dir := t.TempDir()
	good := filepath.Join(dir, "good.phhs")
	if err := os.WriteFile(good, []byte(goodPHH), 0o644); err != nil {
		t.Fatal(err)
	}
	fifo := filepath.Join(dir, "feed.fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name, input string
		feed        func(t *testing.T, cmd *exec.Cmd)
	}{
		{"dev-zero", "/dev/zero", nil},
		{"stdin-pipe", "-", func(t *testing.T, cmd *exec.Cmd) {
			w, err := cmd.StdinPipe()
			if err != nil {
				t.Fatal(err)
			}
			go endlessWriter(w)
		}},
		{"fifo", fifo, func(t *testing.T, cmd *exec.Cmd) {
			go func() {
				// Opening blocks until the audit opens the other end.
				f, err := os.OpenFile(fifo, os.O_WRONLY, 0)
				if err == nil {
					endlessWriter(f)
				}
			}()
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out := filepath.Join(t.TempDir(), "out")
			cmd := exec.Command(bin, "run", "--out", out, "--format", "parquet,jsonl", "--progress", "never",
				"--max-file-bytes", "33554432", good, tc.input)
			var stderr strings.Builder
			cmd.Stderr = &stderr
			if tc.feed != nil {
				tc.feed(t, cmd)
			}
			start := time.Now()
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			done := make(chan error, 1)
			go func() { done <- cmd.Wait() }()
			select {
			case <-done:
			case <-time.After(60 * time.Second):
				cmd.Process.Kill()
				<-done
				t.Fatalf("still reading %s after 60 s with --max-file-bytes %d", tc.input, limit)
			}
			took := time.Since(start)
			if code := cmd.ProcessState.ExitCode(); code != exitIO {
				t.Errorf("exit code %d, want %d (an input could not be read)\n%s", code, exitIO, stderr.String())
			}
			got := outcome(t, out)
			matchOutcome(t, good, got[good], []string{"hand good-1@1 clean"})
			msg := "parse.error @0: cannot read " + tc.input + ": input exceeds --max-file-bytes (33554432 bytes)"
			found := false
			for _, s := range got[tc.input] {
				found = found || s == msg
			}
			if !found {
				t.Errorf("%s: no I/O error %q in %q", tc.input, msg, got[tc.input])
			}
			t.Logf("%s: stopped after %v at the %d MiB limit", tc.input, took.Round(time.Millisecond), limit>>20)
		})
	}
}

//go:build unix

package main

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"encoding/xml"
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

	"github.com/parquet-go/parquet-go"
)

// TestKillAnyMoment kills `audit run` with SIGKILL at random moments, over
// and over, writing every output format into the same --out folder, which
// first holds a complete run. After each kill every file under a final
// (not hidden) name must be complete and valid: Parquet opens and has its
// footer, Arrow has its end magic, HTML ends with </html>, JSONL, JSON and
// SARIF parse, JUnit XML parses to its end; and a manifest, when there is
// one, vouches only for files whose size and SHA-256 it states (never for
// a mix of two runs). Temporary files may remain, but only under hidden
// names. A last uninterrupted run must then succeed in the same folder,
// and remove the killed runs' staging folders.
func TestKillAnyMoment(t *testing.T) {
	runs := 25
	hands := 40000
	if testing.Short() {
		runs, hands = 8, 10000
	}
	dir := t.TempDir()
	input := filepath.Join(dir, "big.phhs")
	writeManyHands(t, input, hands)
	bin := hostileBinary(t)
	out := filepath.Join(dir, "out")
	args := []string{"run", "--out", out, "--format", "parquet,arrow,jsonl,html,sarif,junit",
		"--summary", filepath.Join(out, "summary.json"), "--progress", "never", "--workers", "2",
		"--partition", "day", input}

	// A complete run first: its files are what a kill must not spoil, and
	// its duration sets the range of kill moments.
	start := time.Now()
	full := exec.Command(bin, args...)
	if b, err := full.CombinedOutput(); full.ProcessState.ExitCode() != exitFindings {
		t.Fatalf("complete run: %v\n%s", err, b)
	}
	took := time.Since(start)
	complete := checkOutputs(t, out)
	if len(complete) < 8 {
		t.Fatalf("a complete run wrote only %q", complete)
	}
	t.Logf("%d hands: a complete run takes %v and writes %d files", hands, took.Round(time.Millisecond), len(complete))

	rng := rand.New(rand.NewPCG(20250921, uint64(runs)))
	var report []string
	for i := 0; i < runs; i++ {
		// Kill anywhere from the start to a little past the usual end.
		delay := time.Duration(rng.Int64N(int64(took) * 11 / 10))
		cmd := exec.Command(bin, args...)
		cmd.Stdout, cmd.Stderr = io.Discard, io.Discard
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		done := make(chan error, 1)
		go func() { done <- cmd.Wait() }()
		killed := false
		select {
		case <-done:
		case <-time.After(delay):
			if err := cmd.Process.Signal(syscall.SIGKILL); err == nil {
				killed = true
			}
			<-done
		}
		files := checkOutputs(t, out)
		temps := hiddenTemps(t, out)
		manifest := checkManifest(t, out)
		state := "finished"
		if killed && cmd.ProcessState.ExitCode() == -1 {
			state = "killed"
		}
		report = append(report, fmt.Sprintf("run %2d: %-8s at %6v: %d complete files (manifest: %v), %d temp files left",
			i+1, state, delay.Round(time.Millisecond), len(files), manifest, len(temps)))
		if t.Failed() {
			break
		}
	}
	for _, line := range report {
		t.Log(line)
	}

	// A new run succeeds in the same folder, and removes what the killed
	// runs left: their staging folders (the lock file tells they are dead).
	last := exec.Command(bin, args...)
	if b, err := last.CombinedOutput(); last.ProcessState.ExitCode() != exitFindings {
		t.Fatalf("run after the kills: %v\n%s", err, b)
	}
	if got := checkOutputs(t, out); len(got) != len(complete) {
		t.Errorf("run after the kills wrote %d files, a complete run %d", len(got), len(complete))
	}
	if left := leftovers(t, out); len(left) > 0 {
		t.Errorf("the run after the kills left the killed runs' %q", left)
	}
}

// writeManyHands writes a .phhs file of n heads-up hands over several days,
// every seventh with a finishing stack that the rules contradict.
func writeManyHands(t *testing.T, path string, n int) {
	t.Helper()
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	w := bufio.NewWriter(f)
	for i := 0; i < n; i++ {
		fin := "[48.50, 51.50]"
		if i%7 == 0 {
			fin = "[48.50, 51.75]" // 0.25 paid beyond the pot: pot.rake-mismatch
		}
		fmt.Fprintf(w, "[%d]\nvariant = \"NT\"\nante_trimming_status = false\nantes = [0, 0]\n"+
			"blinds_or_straddles = [0.25, 0.50]\nmin_bet = 0.50\nstarting_stacks = [50, 50]\n"+
			"actions = [\"d dh p1 9s8s\", \"d dh p2 AhQc\", \"p2 cbr 1.50\", \"p1 cc\", \"d db Kd7h2c\", \"p1 cc\", \"p2 cbr 1.50\", \"p1 f\"]\n"+
			"hand = \"k-%d\"\nplayers = [\"Ann <b>\", \"Bob\"]\nfinishing_stacks = %s\ncurrency = \"USD\"\n"+
			"year = 2025\nmonth = 3\nday = %d\ntable = \"T%d\"\n",
			i+1, i, fin, 1+i*5/n, i%9)
	}
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
}

// checkOutputs validates every file under a final name in out and returns
// their paths. Hidden files (temporaries) are skipped.
func checkOutputs(t *testing.T, out string) []string {
	t.Helper()
	var files []string
	err := filepath.WalkDir(out, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			if os.IsNotExist(err) && p == out {
				return filepath.SkipAll
			}
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
		files = append(files, p)
		if err := validOutput(p); err != nil {
			t.Errorf("%s is under its final name but not complete: %v", p, err)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

// checkManifest checks, when out has a manifest.json, that every output it
// lists is on disk with the size and SHA-256 it states, and reports
// whether there is one.
func checkManifest(t *testing.T, out string) bool {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(out, "manifest.json"))
	if os.IsNotExist(err) {
		return false
	}
	if err != nil {
		t.Fatal(err)
	}
	var m struct {
		Outputs []struct {
			Path   string `json:"path"`
			Bytes  int64  `json:"bytes"`
			SHA256 string `json:"sha256"`
		} `json:"outputs"`
	}
	if err := json.Unmarshal(b, &m); err != nil {
		t.Errorf("manifest.json: %v", err)
		return true
	}
	if len(m.Outputs) == 0 {
		t.Errorf("manifest.json lists no outputs")
	}
	for _, o := range m.Outputs {
		data, err := os.ReadFile(filepath.Join(out, filepath.FromSlash(o.Path)))
		if err != nil {
			t.Errorf("manifest.json lists %s: %v", o.Path, err)
			continue
		}
		if sum := sha256.Sum256(data); int64(len(data)) != o.Bytes || hex.EncodeToString(sum[:]) != o.SHA256 {
			t.Errorf("manifest.json vouches for %s (%d bytes, sha256 %s), which is %d bytes, sha256 %x",
				o.Path, o.Bytes, o.SHA256, len(data), sum)
		}
	}
	return true
}

// hiddenTemps lists the hidden files left in out.
func hiddenTemps(t *testing.T, out string) []string {
	t.Helper()
	var temps []string
	filepath.WalkDir(out, func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasPrefix(d.Name(), ".") {
			temps = append(temps, p)
		}
		return nil
	})
	return temps
}

// validOutput checks that one output file is complete.
func validOutput(p string) error {
	b, err := os.ReadFile(p)
	if err != nil {
		return err
	}
	switch ext := filepath.Ext(p); ext {
	case ".parquet":
		if len(b) < 12 || string(b[:4]) != "PAR1" || string(b[len(b)-4:]) != "PAR1" {
			return fmt.Errorf("no Parquet magic at both ends (%d bytes)", len(b))
		}
		pf, err := parquet.OpenFile(bytes.NewReader(b), int64(len(b)))
		if err != nil {
			return err
		}
		r := parquet.NewReader(pf)
		defer r.Close()
		row := make([]parquet.Row, 64)
		read := int64(0)
		for {
			n, err := r.ReadRows(row)
			read += int64(n)
			if err == io.EOF {
				break
			}
			if err != nil {
				return fmt.Errorf("reading rows: %w", err)
			}
		}
		if read != pf.NumRows() {
			return fmt.Errorf("read %d of %d rows", read, pf.NumRows())
		}
	case ".arrow":
		if len(b) < 12 || string(b[:6]) != "ARROW1" || string(b[len(b)-6:]) != "ARROW1" {
			return fmt.Errorf("no Arrow file magic at both ends (%d bytes)", len(b))
		}
	case ".html":
		if !bytes.HasSuffix(bytes.TrimSpace(b), []byte("</html>")) {
			return fmt.Errorf("does not end with </html> (%d bytes)", len(b))
		}
	case ".jsonl":
		if len(b) > 0 && b[len(b)-1] != '\n' {
			return fmt.Errorf("last line cut short")
		}
		for i, line := range bytes.Split(bytes.TrimSuffix(b, []byte("\n")), []byte("\n")) {
			if len(line) > 0 && !json.Valid(line) {
				return fmt.Errorf("line %d is not JSON", i+1)
			}
		}
	case ".json", ".sarif":
		if !json.Valid(b) {
			return fmt.Errorf("not valid JSON (%d bytes)", len(b))
		}
	case ".xml":
		d := xml.NewDecoder(bytes.NewReader(b))
		depth, seen := 0, false
		for {
			tok, err := d.Token()
			if err == io.EOF {
				break
			}
			if err != nil {
				return err
			}
			switch tok.(type) {
			case xml.StartElement:
				depth++
				seen = true
			case xml.EndElement:
				depth--
			}
		}
		if !seen || depth != 0 {
			return fmt.Errorf("XML not closed (depth %d)", depth)
		}
	default:
		return fmt.Errorf("unexpected output file %s", filepath.Base(p))
	}
	return nil
}

package batch

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/handaudit/handaudit/checks"
	"github.com/handaudit/handaudit/reports"
)

// fileWriter is a report writer that writes its file only on Close, as the
// real ones finish theirs, under a hidden name renamed into place, or
// fails to close with err.
type fileWriter struct {
	dir, name, text string
	err             error
}

func (w *fileWriter) Open(dir string, _ reports.RunInfo) error { w.dir = dir; return nil }
func (w *fileWriter) WriteHand(*reports.HandResult) error      { return nil }
func (w *fileWriter) Abort() error                             { return nil }
func (w *fileWriter) Close() error {
	if w.err != nil {
		return w.err
	}
	tmp := filepath.Join(w.dir, "."+w.name+".tmp")
	if err := os.WriteFile(tmp, []byte(w.text), 0o644); err != nil {
		return err
	}
	return os.Rename(tmp, filepath.Join(w.dir, w.name))
}

// TestOutputsCloseTogether closes the writers of the whole run, of open
// day partitions and of one closed earlier, which close and hash their
// files at the same time: every file must be listed in the manifest once,
// with its own digest and size, and moved into place. A writer that fails
// to close fails the run with its error (the first in writer order when
// several fail), and leaves no output and no staging folder.
func TestOutputsCloseTogether(t *testing.T) {
	open := func(t *testing.T, fail ...error) (*outputs, string) {
		out := t.TempDir()
		o, err := openOutputs(out, Layout{ShardCount: 1, ByDay: true}, nil, reports.RunInfo{}, nil)
		if err != nil {
			t.Fatal(err)
		}
		set := func(dir string, ws ...*fileWriter) *writerSet {
			s, err := o.openSet(dir, nil)
			if err != nil {
				t.Fatal(err)
			}
			for _, w := range ws {
				w.Open(s.dir, reports.RunInfo{})
				s.w = append(s.w, w)
			}
			return s
		}
		errAt := func(i int) error {
			if i < len(fail) {
				return fail[i]
			}
			return nil
		}
		o.top = set(o.stage,
			&fileWriter{name: "report.html", text: "<html>", err: errAt(0)},
			&fileWriter{name: "results.sarif", text: "{}", err: errAt(1)})
		for i, dt := range []string{"dt=2024-05-02", "dt=2024-05-01"} {
			ws := set(filepath.Join(o.stage, dt, "c0"),
				&fileWriter{name: "findings.jsonl", text: dt + " findings"},
				&fileWriter{name: "hands.jsonl", text: dt + " hands", err: errAt(2 + i)})
			ws.dt = dt
			o.parts[dt] = ws
		}
		early := set(filepath.Join(o.stage, "dt=2024-04-30", "c0"), &fileWriter{name: "hands.jsonl", text: "early"})
		early.dt = "dt=2024-04-30"
		if err := early.w.Close(); err != nil {
			t.Fatal(err)
		}
		o.closed = append(o.closed, early)
		return o, out
	}

	o, out := open(t)
	m := &Manifest{}
	if err := o.close(context.Background(), m); err != nil {
		t.Fatal(err)
	}
	want := map[string]string{
		"report.html":   "<html>",
		"results.sarif": "{}",
		"findings/dt=2024-05-01/part-00000-of-00001.jsonl": "dt=2024-05-01 findings",
		"hands/dt=2024-05-01/part-00000-of-00001.jsonl":    "dt=2024-05-01 hands",
		"findings/dt=2024-05-02/part-00000-of-00001.jsonl": "dt=2024-05-02 findings",
		"hands/dt=2024-05-02/part-00000-of-00001.jsonl":    "dt=2024-05-02 hands",
		"hands/dt=2024-04-30/part-00000-of-00001.jsonl":    "early",
	}
	var paths []string
	for _, mo := range m.Outputs {
		paths = append(paths, mo.Path)
		text, ok := want[mo.Path]
		if !ok {
			t.Errorf("unexpected output %s", mo.Path)
			continue
		}
		if mo.SHA256 != sha([]byte(text)) || mo.Bytes != int64(len(text)) {
			t.Errorf("%s: sha256 %s, %d bytes; want those of %q", mo.Path, mo.SHA256, mo.Bytes, text)
		}
		if b, err := os.ReadFile(filepath.Join(out, filepath.FromSlash(mo.Path))); err != nil || string(b) != text {
			t.Errorf("%s in place: %q, %v; want %q", mo.Path, b, err, text)
		}
	}
	if len(paths) != len(want) || !slices.IsSorted(paths) {
		t.Errorf("outputs %q: want each of the %d files once, in order", paths, len(want))
	}

	first, second := errors.New("first writer failed"), errors.New("a later writer failed")
	o, out = open(t, nil, first, nil, second)
	if err := o.close(context.Background(), &Manifest{}); !errors.Is(err, first) {
		t.Errorf("close with failing writers: %v, want %v", err, first)
	}
	ents, err := os.ReadDir(out)
	if err != nil || len(ents) != 1 || ents[0].Name() != lockPrefix+"part-00000-of-00001" {
		t.Errorf("a failed close left %d entries in the output folder, not the lock file alone (%v)", len(ents), err)
	}
}

// TestOutputsDigestsAsWritten runs the real writers, whose files record
// their digests as they are written: the manifest lists each file with
// the sha256 and size of its bytes in place, and none is read back to
// hash it.
func TestOutputsDigestsAsWritten(t *testing.T) {
	out := t.TempDir()
	formats := []string{"parquet", "html", "jsonl", "arrow", "sarif", "junit"}
	o, err := openOutputs(out, Layout{ShardCount: 1}, formats, reports.RunInfo{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	for i := range 3 {
		r := &Result{Input: &Input{Name: "in.txt"}, Line: 1 + 10*i,
			Findings: []checks.Finding{{CheckID: "PARSE", Severity: checks.Error, Message: strings.Repeat("not a hand ", 1+i)}}}
		if err := o.write(r); err != nil {
			t.Fatal(err)
		}
	}
	var reads []string
	readDigest = func(name string) (string, int64, error) {
		reads = append(reads, name)
		return fileDigest(name)
	}
	defer func() { readDigest = fileDigest }()
	m := &Manifest{}
	if err := o.close(context.Background(), m); err != nil {
		t.Fatal(err)
	}
	if len(reads) > 0 {
		t.Errorf("outputs read back to hash them: %q", reads)
	}
	if len(m.Outputs) < len(formats) {
		t.Fatalf("%d outputs listed, want at least %d", len(m.Outputs), len(formats))
	}
	for _, mo := range m.Outputs {
		b, err := os.ReadFile(filepath.Join(out, filepath.FromSlash(mo.Path)))
		if err != nil {
			t.Fatal(err)
		}
		if mo.SHA256 != sha(b) || mo.Bytes != int64(len(b)) {
			t.Errorf("%s: sha256 %s, %d bytes; the file has %s, %d", mo.Path, mo.SHA256, mo.Bytes, sha(b), len(b))
		}
	}
}

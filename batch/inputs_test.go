package batch

import (
	"archive/zip"
	"bytes"
	"compress/gzip"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/handaudit/handaudit/replay"
)

func sha(b []byte) string {
	s := sha256.Sum256(b)
	return hex.EncodeToString(s[:])
}

func fixture(t *testing.T, rel string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(repoRoot(t), "fixtures", rel))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// handsIn counts the hands (and parse errors) of one input read plainly.
func handsIn(t *testing.T, name string) (hands, errs int64) {
	t.Helper()
	rs, _ := replay.Preset("tda-2024")
	sum, err := Run(context.Background(), Config{Inputs: []Input{{Name: name, Path: name}}, Rules: &rs, Workers: 1},
		func(*Result) error { return nil })
	if err != nil {
		t.Fatal(err)
	}
	return sum.Hands, sum.ParseErrors
}

// TestInputKinds reads a plain file, a .gz file, a zip with two members,
// a glob, a listing file and stdin in one run, and checks that each input
// yields the hands of its plain text and is identified by the sha256 of
// its bytes as stored.
func TestInputKinds(t *testing.T) {
	dir := t.TempDir()
	plain := fixture(t, "phh/raise.under-minimum.phhs")
	odd := fixture(t, "phh/pot.odd-chip.phhs")
	ps := fixture(t, "pokerstars/blind.wrong-amount.txt")
	side := fixture(t, "phh/showdown.order.phhs")
	write := func(name string, b []byte) string {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, b, 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	// The plain texts, for the expected counts.
	plainOdd, plainPS, plainSide := write("ref/odd.phhs", odd), write("ref/ps.txt", ps), write("ref/side.phhs", side)

	a := write("in/a.phhs", plain)
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	zw.Write(odd)
	zw.Close()
	b := write("in/b.phhs.gz", gz.Bytes())
	var zb bytes.Buffer
	zz := zip.NewWriter(&zb)
	for _, m := range []struct {
		name string
		data []byte
	}{{"logs/ps.txt", ps}, {"logs/side.phhs", side}, {"README.md", []byte("not a hand history")}} {
		w, _ := zz.Create(m.name)
		w.Write(m.data)
	}
	zz.Close()
	c := write("in/c.zip", zb.Bytes())
	globbed := write("glob/g1.phhs", plain)
	write("glob/g2.txt", ps) // not matched by the pattern
	listing := write("list.txt", []byte("# inputs\n\n"+globbed+"\n"))

	inputs, _, err := ExpandInputs([]string{filepath.Join(dir, "in"), filepath.Join(dir, "glob", "*.phhs"), "-"}, listing)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, in := range inputs {
		got = append(got, in.Name)
	}
	want := []string{"-", a, b, c + "!logs/ps.txt", c + "!logs/side.phhs", globbed}
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Fatalf("inputs:\n got %q\nwant %q", got, want)
	}

	stdin := fixture(t, "phh/bet.exceeds-stack.phhs")
	plainStdin := write("ref/stdin.phhs", stdin)
	out := filepath.Join(dir, "out")
	o := auditOpts(out, filepath.Join(dir, "in"), filepath.Join(dir, "glob", "*.phhs"), "-")
	o.InputsFrom = listing
	o.Stdin = bytes.NewReader(stdin)
	o.Formats = []string{"jsonl"}
	res := mustAudit(t, o)
	if res.Summary.Files != len(want) || res.Summary.IOErrors != 0 {
		t.Fatalf("files %d io errors %d", res.Summary.Files, res.Summary.IOErrors)
	}
	m, err := ReadManifest(filepath.Join(out, "manifest.json"))
	if err != nil {
		t.Fatal(err)
	}
	byName := map[string]ManifestInput{}
	for _, in := range m.Inputs {
		byName[in.Name] = in
	}
	for _, tc := range []struct {
		name, plain string
		stored      []byte
	}{
		{a, a, plain},
		{b, plainOdd, gz.Bytes()}, // the digest of the .gz file as stored
		{c + "!logs/ps.txt", plainPS, ps},
		{c + "!logs/side.phhs", plainSide, side},
		{globbed, globbed, plain},
		{"-", plainStdin, stdin},
	} {
		in, ok := byName[tc.name]
		if !ok {
			t.Errorf("%s not in the manifest", tc.name)
			continue
		}
		hands, errs := handsIn(t, tc.plain)
		if hands == 0 {
			t.Fatalf("%s: reference has no hands", tc.plain)
		}
		if in.Hands != hands || in.ParseErrors != errs {
			t.Errorf("%s: %d hands, %d parse errors; read plainly %d, %d", tc.name, in.Hands, in.ParseErrors, hands, errs)
		}
		if in.SHA256 != sha(tc.stored) || in.Size != int64(len(tc.stored)) {
			t.Errorf("%s: sha256 %s size %d, want %s %d", tc.name, in.SHA256, in.Size, sha(tc.stored), len(tc.stored))
		}
	}
	// Findings name the input as given, zip members as archive!member.
	jl, err := os.ReadFile(filepath.Join(out, "findings.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range []string{c + "!logs/ps.txt", "\"file\":\"-\""} {
		if !strings.Contains(string(jl), n) {
			t.Errorf("findings.jsonl does not name %s", n)
		}
	}
}

// TestInputErrors: a missing file, a pattern that matches nothing and a
// corrupt .gz are each an I/O error on that input alone, named in its
// finding and in the manifest, while the others are audited.
func TestInputErrors(t *testing.T) {
	dir := t.TempDir()
	missing := filepath.Join(dir, "nope.phhs")
	pattern := filepath.Join(dir, "*.none")
	bad := filepath.Join(dir, "bad.phhs.gz")
	os.WriteFile(bad, []byte{0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0, 'x', 'y'}, 0o644)
	good := filepath.Join(dir, "good.phhs")
	os.WriteFile(good, fixture(t, "phh/raise.under-minimum.phhs"), 0o644)
	out := filepath.Join(dir, "out")
	o := auditOpts(out, missing, pattern, bad, good)
	o.Formats = []string{"jsonl"}
	res := mustAudit(t, o)
	if res.Summary.IOErrors != 3 || res.Summary.Files != 4 {
		t.Errorf("IOErrors = %d of %d files, want 3 of 4", res.Summary.IOErrors, res.Summary.Files)
	}
	if h, _ := handsIn(t, good); res.Summary.Hands != h {
		t.Errorf("hands = %d, want the good file's %d", res.Summary.Hands, h)
	}
	m, err := ReadManifest(filepath.Join(out, "manifest.json"))
	if err != nil {
		t.Fatal(err)
	}
	errs := map[string]string{}
	for _, in := range m.Inputs {
		errs[in.Name] = in.Error
	}
	for name, want := range map[string]string{missing: "no such file", pattern: "no files match", bad: "unexpected EOF", good: ""} {
		if got := errs[name]; (want == "") != (got == "") || !strings.Contains(got, want) {
			t.Errorf("manifest: %s: error %q, want one with %q", name, got, want)
		}
	}
	jl, err := os.ReadFile(filepath.Join(out, "findings.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{missing, pattern, bad} {
		if !strings.Contains(string(jl), "cannot read "+name+": ") {
			t.Errorf("findings.jsonl has no I/O error naming %s", name)
		}
	}
}

// TestFolderSkipsNonHands: a folder walk leaves out files that sit beside
// hand histories but are never hands (house options, gen labels, expected
// findings, docs, hidden files); naming such a file explicitly still reads it.
func TestFolderSkipsNonHands(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{"a.phh", "house.toml", "corpus.labels.jsonl", "a.expected.json",
		"README.md", ".hidden.phh", "b.txt"} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte("x"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	ins, _, err := ExpandInputs([]string{dir}, "")
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, in := range ins {
		got = append(got, filepath.Base(in.Name))
	}
	if strings.Join(got, ",") != "a.phh,b.txt" {
		t.Errorf("folder inputs %v, want a.phh and b.txt only", got)
	}
	ins, _, err = ExpandInputs([]string{filepath.Join(dir, "house.toml")}, "")
	if err != nil || len(ins) != 1 {
		t.Errorf("an explicitly named file must be read: %v %v", ins, err)
	}
}

// TestRawInputAsyncDigest reads inputs through rawInput with the hashing
// on its own goroutine, in reads of odd sizes (some larger than a hash
// block), stopping early or not, and checks the digest and size against
// sha256 of the bytes; and that closing without finishing stops the
// hashing goroutine.
func TestRawInputAsyncDigest(t *testing.T) {
	dir := t.TempDir()
	data := make([]byte, 3*hashBlockSize+12345)
	for i := range data {
		data[i] = byte(i*7 + i>>9)
	}
	path := filepath.Join(dir, "in.txt")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	in := Input{Name: path, Path: path}
	for _, readSize := range []int{1, 4096, hashBlockSize, hashBlockSize + 1, 5 * hashBlockSize} {
		for _, stopAt := range []int{0, 1000, len(data)} {
			ri, err := openRawAsync(in, nil, nil)
			if err != nil {
				t.Fatal(err)
			}
			buf := make([]byte, readSize)
			for read := 0; read < stopAt; {
				n, err := ri.Read(buf)
				read += n
				if err != nil {
					break
				}
			}
			digest, size, err := ri.finish()
			if err != nil {
				t.Fatal(err)
			}
			if digest != sha(data) || size != int64(len(data)) {
				t.Errorf("reads of %d, stop at %d: digest %s size %d, want %s %d", readSize, stopAt, digest, size, sha(data), len(data))
			}
			if err := ri.Close(); err != nil {
				t.Fatal(err)
			}
		}
	}
	// Closed without finish (a run that stops): the goroutine ends.
	ri, err := openRawAsync(in, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := ri.Read(make([]byte, 2*hashBlockSize)); err != nil {
		t.Fatal(err)
	}
	done := ri.async.done
	ri.Close()
	select {
	case <-done:
	default:
		t.Fatal("the hashing goroutine still runs after Close")
	}
}

// TestRawInputShortReads reads stdin-like sources that return less than a
// block per call (a byte at a time, or half of what is asked), with and
// without the hashing goroutine: the text, the digest and the size must be
// those of the bytes, a gzip stream must still be told by its first two
// bytes, a source's error must reach both the reader and finish, after the
// bytes before it, and a source that never makes progress must not hang.
func TestRawInputShortReads(t *testing.T) {
	data := make([]byte, 2*hashBlockSize+777)
	for i := range data {
		data[i] = 'a' + byte(i%26)
	}
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	zw.Write(data)
	zw.Close()
	sources := map[string]func(b []byte) io.Reader{
		"one byte": func(b []byte) io.Reader { return iotest.OneByteReader(bytes.NewReader(b)) },
		"half":     func(b []byte) io.Reader { return iotest.HalfReader(bytes.NewReader(b)) },
	}
	for name, source := range sources {
		for _, async := range []bool{false, true} {
			for _, stored := range [][]byte{data, gz.Bytes()} {
				open := openRaw
				if async {
					open = openRawAsync
				}
				ri, err := open(Input{Name: Stdin}, source(stored), nil)
				if err != nil {
					t.Fatal(err)
				}
				text, closer, err := decodeInput(ri, 0)
				if err != nil {
					t.Fatal(err)
				}
				got, err := io.ReadAll(text)
				closer.Close()
				if err != nil || !bytes.Equal(got, data) {
					t.Errorf("%s, async %v, %d bytes stored: read %d bytes (%v), want the %d of the text", name, async, len(stored), len(got), err, len(data))
				}
				digest, size, err := ri.finish()
				if err != nil || digest != sha(stored) || size != int64(len(stored)) {
					t.Errorf("%s, async %v: digest %s size %d (%v), want %s %d", name, async, digest, size, err, sha(stored), len(stored))
				}
				ri.Close()
			}
		}
	}

	// An error after some bytes: the bytes come first, then the error, to
	// the reader and to finish.
	bad := errors.New("device gone")
	for _, async := range []bool{false, true} {
		open := openRaw
		if async {
			open = openRawAsync
		}
		ri, err := open(Input{Name: Stdin}, io.MultiReader(bytes.NewReader(data), iotest.ErrReader(bad)), nil)
		if err != nil {
			t.Fatal(err)
		}
		got, err := io.ReadAll(ri)
		if !errors.Is(err, bad) || !bytes.Equal(got, data) {
			t.Errorf("async %v: read %d bytes and %v, want %d and %v", async, len(got), err, len(data), bad)
		}
		if _, size, err := ri.finish(); !errors.Is(err, bad) || size != int64(len(data)) {
			t.Errorf("async %v: finish: size %d, %v; want %d, %v", async, size, err, len(data), bad)
		}
		ri.Close()
	}

	ri, err := openRawAsync(Input{Name: Stdin}, stuckReader{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := ri.finish(); !errors.Is(err, io.ErrNoProgress) {
		t.Errorf("a source that never returns anything: finish says %v, want %v", err, io.ErrNoProgress)
	}
	ri.Close()
}

// stuckReader returns nothing, and no error, forever.
type stuckReader struct{}

func (stuckReader) Read([]byte) (int, error) { return 0, nil }

// endless yields one byte for ever, as /dev/zero or a stuck producer does.
type endless struct{ read int64 }

func (e *endless) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = 'x'
	}
	e.read += int64(len(p))
	return len(p), nil
}

// TestRawInputBound reads an input that never ends through a bounded
// rawInput: reading and finish both stop with ErrTooLarge, naming the
// limit, a block or so past it, with no digest (it would not be the
// input's); and a cancelled context stops reading at the next block.
func TestRawInputBound(t *testing.T) {
	const limit = 1 << 20
	for _, async := range []bool{false, true} {
		for _, readAll := range []bool{false, true} {
			src := &endless{}
			open := openRaw
			if async {
				open = openRawAsync
			}
			ri, err := open(Input{Name: Stdin}, src, nil)
			if err != nil {
				t.Fatal(err)
			}
			ri.bound(context.Background(), limit)
			if readAll {
				n, err := io.Copy(io.Discard, ri)
				if !errors.Is(err, ErrTooLarge) || n <= limit || n > limit+hashBlockSize {
					t.Errorf("async %v: read %d bytes, %v; want a little over %d and %v", async, n, err, limit, ErrTooLarge)
				}
			}
			digest, size, err := ri.finish()
			if !errors.Is(err, ErrTooLarge) || !strings.Contains(err.Error(), "(1048576 bytes)") || digest != "" || size > limit+hashBlockSize {
				t.Errorf("async %v, read first %v: finish: %q, %d bytes, %v", async, readAll, digest, size, err)
			}
			if src.read > limit+2*hashBlockSize {
				t.Errorf("async %v: %d bytes taken from the source for a limit of %d", async, src.read, limit)
			}
			ri.Close()
		}
	}
	// The decompressed text has the limit too, named the same way.
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	zw.Write(bytes.Repeat([]byte("x"), 4<<20))
	zw.Close()
	ri, _ := openRaw(Input{Name: Stdin}, bytes.NewReader(gz.Bytes()), nil)
	text, closer, err := decodeInput(ri.bound(context.Background(), limit), limit)
	if err != nil {
		t.Fatal(err)
	}
	if n, err := io.Copy(io.Discard, text); !errors.Is(err, ErrTooLarge) || n != limit || !strings.Contains(err.Error(), "(1048576 bytes)") {
		t.Errorf("gzip: %d bytes, %v", n, err)
	}
	closer.Close()
	ri.Close()

	ctx, cancel := context.WithCancel(context.Background())
	src := &endless{}
	ri, _ = openRawAsync(Input{Name: Stdin}, src, nil)
	ri.bound(ctx, 0)
	buf := make([]byte, 4096)
	for range 100 {
		if _, err := ri.Read(buf); err != nil {
			t.Fatal(err)
		}
	}
	cancel()
	n, err := io.Copy(io.Discard, ri)
	if !errors.Is(err, context.Canceled) || n > hashBlockSize {
		t.Errorf("after cancel: read %d more bytes, %v", n, err)
	}
	if _, _, err := ri.finish(); !errors.Is(err, context.Canceled) {
		t.Errorf("finish after cancel: %v", err)
	}
	ri.Close()
}

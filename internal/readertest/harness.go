package readertest

// The scaffolding of the readers' corpus, benchmark and fuzz tests: what
// each test asserts about its format stays in the format's package.

import (
	"bufio"
	"bytes"
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/handaudit/handaudit/hand"
	"github.com/handaudit/handaudit/internal/testenv"
	"github.com/handaudit/handaudit/parser"
)

// MaxResults is how many results Read takes from one reader before it
// fails the test: a reader that does not stop.
const MaxResults = 100_000

// Results reads every result of r in order, the file named name in
// messages. An error other than a *parser.Error fails t, and so does a
// reader that does not stop (more than MaxResults results). A hand is as
// the reader returned it: a pooled reader's caller copies what it keeps.
func Results(t testing.TB, r parser.Reader, name string) []ReadResult {
	t.Helper()
	var out []ReadResult
	for {
		h, err := r.Next()
		if err == io.EOF {
			return out
		}
		var pe *parser.Error
		switch {
		case errors.As(err, &pe):
			out = append(out, ReadResult{Err: pe})
		case err != nil:
			t.Fatalf("%s: I/O error: %v", name, err)
		default:
			out = append(out, ReadResult{H: h})
		}
		if len(out) > MaxResults {
			t.Fatalf("%s: reader does not stop", name)
		}
	}
}

// Read is Results with the hands and the parse errors apart.
func Read(t testing.TB, r parser.Reader, name string) ([]*hand.Hand, []*parser.Error) {
	t.Helper()
	var hands []*hand.Hand
	var errs []*parser.Error
	for _, res := range Results(t, r, name) {
		if res.Err != nil {
			errs = append(errs, res.Err)
		} else {
			hands = append(hands, res.H)
		}
	}
	return hands, errs
}

// CorpusFiles lists the files under the shared corpus's folder sub (see
// testenv.CorpusDir, which skips the test without the corpus), as Files
// does.
func CorpusFiles(t testing.TB, sub, ext string) (dir string, names []string) {
	t.Helper()
	dir = testenv.CorpusDir(t, sub)
	return dir, Files(t, dir, ext)
}

// Files lists the files under dir: their names relative to dir, with
// slashes, sorted. With ext, only the names that end so.
func Files(t testing.TB, dir, ext string) []string {
	t.Helper()
	var names []string
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ext) {
			return err
		}
		rel, err := filepath.Rel(dir, p)
		names = append(names, filepath.ToSlash(rel))
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	slices.Sort(names)
	return names
}

// ReadFile returns the content of the file at path, failing t if it cannot.
func ReadFile(t testing.TB, path string) []byte {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// CountLines counts the lines of data that is says are: the corpus tests
// count hand headers so, apart from the reader. A line is any length.
func CountLines(data []byte, is func(line string) bool) int {
	n := 0
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(nil, len(data)+1)
	for sc.Scan() {
		if is(sc.Text()) {
			n++
		}
	}
	return n
}

// Golden compares got with the golden file at path (-update in the
// calling package: update, which writes it instead). A difference is
// reported at its first line.
func Golden(t testing.TB, path, got string, update bool) {
	t.Helper()
	if update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run the test with -update to write it)", err)
	}
	if got == string(want) {
		return
	}
	gl, wl := strings.Split(got, "\n"), strings.Split(string(want), "\n")
	for i := range max(len(gl), len(wl)) {
		var g, w string
		if i < len(gl) {
			g = gl[i]
		}
		if i < len(wl) {
			w = wl[i]
		}
		if g != w {
			t.Fatalf("%s differs at line %d:\n got: %s\nwant: %s\n(run with -update if the change is right)", path, i+1, g, w)
		}
	}
	t.Fatalf("%s differs at its end: %d lines, want %d", path, len(gl), len(wl))
}

// RoundTrip writes h with write and reads the text back with open: it must
// be one hand, the same as h. It reports whether it was; name says where
// h is from, in the messages.
func RoundTrip(t testing.TB, name string, h *hand.Hand, write func(*hand.Hand) ([]byte, error), open func(io.Reader, string) parser.Reader) bool {
	t.Helper()
	text, err := write(h)
	if err != nil {
		t.Errorf("%s:%d: hand %s cannot be written: %v", name, h.Pos.Line, h.ID, err)
		return false
	}
	back, errs := Read(t, open(bytes.NewReader(text), "written"), "written")
	if len(errs) > 0 || len(back) != 1 {
		t.Errorf("%s:%d: hand %s, written, reads as %d hands, errors %v:\n%s", name, h.Pos.Line, h.ID, len(back), errs, text)
		return false
	}
	if d := HandDiff(h, back[0]); d != nil {
		t.Errorf("%s:%d: hand %s differs after a round trip:\n  %s\n%s", name, h.Pos.Line, h.ID, strings.Join(d, "\n  "), text)
		return false
	}
	return true
}

// ComparePooled reads r, a reader taking its hands from pool, and gives
// each hand back once compared: the hands must be want, content for
// content, as many.
func ComparePooled(t testing.TB, r parser.Reader, pool *hand.Pool, want []*hand.Hand) {
	t.Helper()
	for i := 0; ; i++ {
		h, err := r.Next()
		if err == io.EOF {
			if i != len(want) {
				t.Errorf("%d pooled hands, want %d", i, len(want))
			}
			return
		}
		if err != nil {
			t.Fatalf("pooled hand %d: %v", i, err)
		}
		if i >= len(want) {
			t.Fatalf("pooled hand %d: more hands than the %d read without a pool", i, len(want))
		}
		if d := HandContentDiff(h, want[i]); d != nil {
			t.Errorf("pooled hand %d differs: %v", i, d)
		}
		pool.Put(h)
	}
}

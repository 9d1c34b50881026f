package batch

import (
	"bytes"
	"context"
	"github.com/handaudit/handaudit/internal/testenv"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/handaudit/handaudit/checks"
)

// repoRoot is the folder holding go.mod.
func repoRoot(t testing.TB) string {
	t.Helper()
	return testenv.RepoRoot(t)
}

// corpusDir is ../shared/corpus relative to the repository root; the test
// skips when it is absent, and fails instead under CI=true.
func corpusDir(t testing.TB) string {
	t.Helper()
	return testenv.CorpusDir(t, "")
}

// chdirRoot runs the test from the repository root, so that input names
// (and so outputs) are the same relative paths in every test.
func chdirRoot(t *testing.T) {
	t.Helper()
	t.Chdir(repoRoot(t))
}

// auditOpts are options for a quiet run writing every format.
func auditOpts(out string, args ...string) Options {
	return Options{Args: args, OutDir: out, Formats: KnownFormats, Rules: "tda-2024", Lang: "en",
		FailOn: checks.Error, MaxFileBytes: 1 << 30}
}

func mustAudit(t *testing.T, o Options) *Outcome {
	t.Helper()
	res, err := Audit(context.Background(), o)
	if err != nil {
		t.Fatalf("Audit: %v", err)
	}
	return res
}

// readTree returns every file under dir by slash-separated relative path,
// but for the runs' lock files (which name the process that held them).
func readTree(t *testing.T, dir string) map[string][]byte {
	t.Helper()
	out := map[string][]byte{}
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || strings.HasPrefix(d.Name(), lockPrefix) {
			return err
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		out[filepath.ToSlash(rel)] = b
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func names(m map[string][]byte) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// sameTrees fails unless two output folders hold the same files, byte for byte.
func sameTrees(t *testing.T, a, b string) {
	t.Helper()
	ta, tb := readTree(t, a), readTree(t, b)
	if got, want := strings.Join(names(tb), " "), strings.Join(names(ta), " "); got != want {
		t.Fatalf("files differ:\n%s: %s\n%s: %s", a, want, b, got)
	}
	for _, n := range names(ta) {
		if !bytes.Equal(ta[n], tb[n]) {
			t.Errorf("%s differs between %s and %s (%d and %d bytes)", n, a, b, len(ta[n]), len(tb[n]))
		}
	}
}

func copyFile(t *testing.T, from, to string) {
	t.Helper()
	in, err := os.Open(from)
	if err != nil {
		t.Fatal(err)
	}
	defer in.Close()
	if err := os.MkdirAll(filepath.Dir(to), 0o755); err != nil {
		t.Fatal(err)
	}
	out, err := os.Create(to)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := io.Copy(out, in); err != nil {
		t.Fatal(err)
	}
	if err := out.Close(); err != nil {
		t.Fatal(err)
	}
}

//go:build unix

package testenv

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TooLongPath makes, under dir, a chain of folders whose full path is
// longer than the system allows (PATH_MAX, 4096), with the file name
// holding content at its end, and returns the first folder whose path is
// too long to open: an entry that fails to open even for root, whom file
// modes do not stop. It is made through os.Root, which opens each level
// relative to the last.
func TooLongPath(tb testing.TB, dir, name string, content []byte) string {
	tb.Helper()
	root, err := os.OpenRoot(dir)
	if err != nil {
		tb.Fatal(err)
	}
	defer root.Close()
	rel, first := "deep", ""
	if err := root.Mkdir(rel, 0o755); err != nil {
		tb.Fatal(err)
	}
	for len(dir)+len(rel) < 4200 {
		rel = filepath.Join(rel, strings.Repeat("d", 250))
		if err := root.Mkdir(rel, 0o755); err != nil {
			tb.Fatal(err)
		}
		if first == "" && len(dir)+1+len(rel) >= 4096 {
			first = filepath.Join(dir, rel)
		}
	}
	if err := root.WriteFile(filepath.Join(rel, name), content, 0o644); err != nil {
		tb.Fatal(err)
	}
	return first
}

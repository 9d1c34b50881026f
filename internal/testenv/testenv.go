// Package testenv is what the project's tests share about their
// environment: where the repository and the shared corpus are, and the one
// rule for external parts — a test that needs something missing skips with
// a message, except under CI=true, where it fails instead.
package testenv

import (
	"os"
	"path/filepath"
	"testing"
)

// CI reports whether the tests run in CI (CI=true), where nothing may skip
// for a missing part.
func CI() bool { return os.Getenv("CI") == "true" }

// Require skips tb with msg when ok is false, or fails it under CI=true.
func Require(tb testing.TB, ok bool, msg string) {
	tb.Helper()
	if ok {
		return
	}
	if CI() {
		tb.Fatalf("%s (required under CI=true)", msg)
	}
	tb.Skip(msg + "; skipping")
}

// RepoRoot is the folder holding go.mod, found by walking up from the
// test's working directory (its package folder).
func RepoRoot(tb testing.TB) string {
	tb.Helper()
	dir, err := os.Getwd()
	if err != nil {
		tb.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			tb.Fatal("go.mod not found above the test's folder")
		}
		dir = parent
	}
}

// CorpusDir is ../shared/corpus/<sub> relative to the repository root
// (sub may be empty). It skips the test when the folder is absent, and
// fails it under CI=true.
func CorpusDir(tb testing.TB, sub string) string {
	tb.Helper()
	dir := filepath.Join(RepoRoot(tb), "..", "shared", "corpus", sub)
	_, err := os.Stat(dir)
	Require(tb, err == nil, "corpus not found at "+dir)
	return dir
}

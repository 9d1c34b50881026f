package testenv

import (
	"os"
	"path/filepath"
	"testing"
)

func TestRepoRoot(t *testing.T) {
	root := RepoRoot(t)
	if _, err := os.Stat(filepath.Join(root, "go.mod")); err != nil {
		t.Fatalf("RepoRoot %s holds no go.mod", root)
	}
	if filepath.Base(filepath.Dir(filepath.Join(root, "internal", "testenv"))) != "internal" {
		t.Fatal("unexpected layout")
	}
}

func TestCIFlag(t *testing.T) {
	t.Setenv("CI", "true")
	if !CI() {
		t.Error("CI=true not seen")
	}
	t.Setenv("CI", "")
	if CI() {
		t.Error("empty CI seen as true")
	}
}

package testenv

import (
	"os"
	"path/filepath"
	"testing"
	"time"
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

// TestCPUTime: CPU time is counted, and grows while the process works.
func TestCPUTime(t *testing.T) {
	c0, ok := CPUTime()
	if !ok {
		t.Skip("no CPU time on this system")
	}
	x := 0
	for start := time.Now(); time.Since(start) < 5*time.Second; {
		for i := range 1_000_000 {
			x ^= i
		}
		if c1, _ := CPUTime(); c1 > c0 {
			return
		}
	}
	t.Fatalf("CPU time stays %v after 5 s of work (%d)", c0, x)
}

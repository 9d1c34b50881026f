//go:build unix

package testenv

import (
	"os"
	"strings"
	"testing"
)

// TestTooLongPath: the folder returned is past PATH_MAX and cannot be
// opened by its path; the one above it can.
func TestTooLongPath(t *testing.T) {
	dir := t.TempDir()
	p := TooLongPath(t, dir, "f.txt", []byte("x"))
	if len(p) < 4096 || !strings.HasPrefix(p, dir) {
		t.Fatalf("path of %d bytes: %.80s...", len(p), p)
	}
	if _, err := os.Stat(p); err == nil {
		t.Errorf("the too long path opens")
	}
	if _, err := os.Stat(p[:strings.LastIndexByte(p, '/')]); err != nil {
		t.Errorf("the folder above it does not open: %v", err)
	}
}

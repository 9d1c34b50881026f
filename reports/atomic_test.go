package reports

import (
	"crypto/sha256"
	"encoding/hex"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestAtomicFileDigest writes a file through every way into an atomicFile
// (buffered writes, a write larger than the buffer, a copy from a reader,
// over several writeback steps) and checks that the digest commit records
// is the sha256 and size of the file as it lies on disk, that it is taken
// once, and that it is refused for a file replaced or changed since.
func TestAtomicFileDigest(t *testing.T) {
	dir := t.TempDir()
	rng := rand.New(rand.NewPCG(1, 2))
	big := make([]byte, 3*writebackBytes+12345)
	for i := range big {
		big[i] = byte(rng.Uint32())
	}
	digests := new(Digests)
	a, err := createAtomic(dir, "out.bin", digests)
	if err != nil {
		t.Fatal(err)
	}
	a.WriteString("head ")
	a.Write(big[:100])
	a.Write(big) // larger than the buffer: written past it
	if _, err := a.ReadFrom(strings.NewReader(string(big[7:]))); err != nil {
		t.Fatal(err)
	}
	a.WriteString(" tail")
	if err := a.commit(); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "out.bin")
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if want := 5 + 100 + len(big) + len(big) - 7 + 5; len(b) != want {
		t.Fatalf("file has %d bytes, want %d", len(b), want)
	}
	sum := sha256.Sum256(b)
	d, ok := digests.Take(path)
	if !ok || d.SHA256 != hex.EncodeToString(sum[:]) || d.Size != int64(len(b)) {
		t.Errorf("Take = %+v, %v; want %x, %d bytes", d, ok, sum, len(b))
	}
	if _, ok := digests.Take(path); ok {
		t.Error("a digest was taken twice")
	}

	// Another file renamed over the committed one, and the committed one
	// grown in place: the digest recorded is not theirs.
	for _, change := range []func() error{
		func() error {
			other := filepath.Join(dir, "other")
			if err := os.WriteFile(other, []byte("x"), 0o644); err != nil {
				return err
			}
			return os.Rename(other, path)
		},
		func() error {
			f, err := os.OpenFile(path, os.O_APPEND|os.O_WRONLY, 0)
			if err != nil {
				return err
			}
			f.WriteString("more")
			return f.Close()
		},
	} {
		a, err := createAtomic(dir, "out.bin", digests)
		if err != nil {
			t.Fatal(err)
		}
		a.WriteString("contents")
		if err := a.commit(); err != nil {
			t.Fatal(err)
		}
		if err := change(); err != nil {
			t.Fatal(err)
		}
		if d, ok := digests.Take(path); ok {
			t.Errorf("Take of a changed file = %+v, want none", d)
		}
	}

	// A file aborted records nothing.
	a, err = createAtomic(dir, "gone.bin", digests)
	if err != nil {
		t.Fatal(err)
	}
	a.WriteString("x")
	a.abort()
	if _, ok := digests.Take(filepath.Join(dir, "gone.bin")); ok {
		t.Error("an aborted file has a digest")
	}
}

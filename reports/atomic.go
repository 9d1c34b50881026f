package reports

import (
	"bufio"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"hash"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
)

// atomicFile is an output file written under a temporary name in its final
// directory and renamed into place by commit, so that the final name only
// ever holds a complete file. It hashes the bytes as they go to the file,
// and commit records the digest in the run's Digests, if any, so that a
// run's manifest need not read its outputs back.
type atomicFile struct {
	f       *os.File
	out     *digestingFile // f, under w
	w       *bufio.Writer
	final   string
	done    bool
	digests *Digests // where commit records the digest (nil: nowhere)
}

// digestingFile is the file under an atomicFile's buffer: it keeps the
// sha256 and size of what it has written, which is all the file holds
// (nothing else writes to it, seeks or truncates it). It has no ReadFrom,
// so that everything it writes passes through Write.
type digestingFile struct {
	f    *os.File
	sum  hash.Hash
	size int64
	// flushed is how much of the file has been handed to the disk (see
	// writebackBytes).
	flushed int64
}

// writebackBytes is how much an output file grows before its new bytes
// are sent on to the disk: then commit's sync waits for the last of them
// only, not for the whole file (report.html, 13 MB for 300,000 hands, is
// written all at the end of a run).
const writebackBytes = 1 << 20

func (f *digestingFile) Write(p []byte) (int, error) {
	n, err := f.f.Write(p)
	f.sum.Write(p[:n])
	f.size += int64(n)
	if f.size-f.flushed >= writebackBytes {
		startWriteback(f.f, f.flushed, f.size-f.flushed)
		f.flushed = f.size
	}
	return n, err
}

// createAtomic starts writing dir/name, whose digest commit records in d
// (which may be nil). name must be a plain file name: outputs never escape
// dir.
func createAtomic(dir, name string, d *Digests) (*atomicFile, error) {
	if name == "" || name != filepath.Base(name) || strings.HasPrefix(name, ".") {
		return nil, fmt.Errorf("reports: invalid output name %q", name)
	}
	if dir == "" {
		dir = "."
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("reports: output directory: %w", err)
	}
	f, err := os.CreateTemp(dir, "."+name+".tmp-*")
	if err != nil {
		return nil, fmt.Errorf("reports: %w", err)
	}
	out := &digestingFile{f: f, sum: sha256.New()}
	return &atomicFile{f: f, out: out, w: bufio.NewWriterSize(out, 256<<10), final: filepath.Join(dir, name), digests: d}, nil
}

func (a *atomicFile) Write(p []byte) (int, error) { return a.w.Write(p) }

func (a *atomicFile) WriteString(s string) (int, error) { return a.w.WriteString(s) }

// ReadFrom copies r into the file through the buffer, which reads r
// straight into itself: copying a spool costs one copy of its bytes, not
// two.
func (a *atomicFile) ReadFrom(r io.Reader) (int64, error) { return a.w.ReadFrom(r) }

// commit flushes, syncs and renames the file into place.
func (a *atomicFile) commit() error {
	if a == nil || a.done {
		return nil
	}
	a.done = true
	err := a.w.Flush()
	if err == nil {
		err = a.f.Chmod(0o644)
	}
	if err == nil {
		err = a.f.Sync()
	}
	var written os.FileInfo
	if err == nil {
		written, err = a.f.Stat()
	}
	if cerr := a.f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		// Recorded before the rename: whoever sees the file under its
		// final name finds its digest.
		a.digests.record(a.final, Digest{SHA256: hex.EncodeToString(a.out.sum.Sum(nil)), Size: a.out.size}, written)
		if err = os.Rename(a.f.Name(), a.final); err != nil {
			a.digests.Take(a.final) // forget it
		}
	}
	if err != nil {
		_ = os.Remove(a.f.Name())
		return fmt.Errorf("reports: writing %s: %w", a.final, err)
	}
	syncDir(filepath.Dir(a.final))
	return nil
}

// Digest is the sha256 (in hex) and size of an output file.
type Digest struct {
	SHA256 string
	Size   int64
}

// Digests holds the digests of the files a run's writers committed
// (RunInfo.Digests), computed from the bytes as they were written, until
// the run takes them for its manifest. It is safe for concurrent use: the
// writers close on goroutines of their own.
type Digests struct {
	mu sync.Mutex
	m  map[string]recordedDigest // by path as committed
}

// recordedDigest is the digest of a committed file, with the file's
// identity and last modification as committed.
type recordedDigest struct {
	Digest
	file os.FileInfo
}

func (d *Digests) record(path string, dg Digest, file os.FileInfo) {
	if d == nil {
		return
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.m == nil {
		d.m = map[string]recordedDigest{}
	}
	d.m[filepath.Clean(path)] = recordedDigest{dg, file}
}

// Take returns the digest of the output file a writer committed at path
// and forgets it. It reports false when it has none, or when the file now
// at path is not the one committed (another file, or one changed since):
// the caller then reads the file to hash it.
func (d *Digests) Take(path string) (Digest, bool) {
	if d == nil {
		return Digest{}, false
	}
	d.mu.Lock()
	rd, ok := d.m[filepath.Clean(path)]
	delete(d.m, filepath.Clean(path))
	d.mu.Unlock()
	if !ok {
		return Digest{}, false
	}
	fi, err := os.Stat(path)
	if err != nil || !os.SameFile(fi, rd.file) || fi.Size() != rd.Size || !fi.ModTime().Equal(rd.file.ModTime()) {
		return Digest{}, false
	}
	return rd.Digest, true
}

// abort removes the temporary file.
func (a *atomicFile) abort() error {
	if a == nil || a.done {
		return nil
	}
	a.done = true
	cerr := a.f.Close()
	rerr := os.Remove(a.f.Name())
	if errors.Is(rerr, os.ErrNotExist) {
		rerr = nil
	}
	if rerr != nil {
		return rerr
	}
	if cerr != nil && !errors.Is(cerr, os.ErrClosed) {
		return cerr
	}
	return nil
}

// syncDir makes a rename durable; failures are ignored because not every
// file system supports syncing a directory.
func syncDir(dir string) {
	if d, err := os.Open(dir); err == nil {
		_ = d.Sync()
		_ = d.Close()
	}
}

// tempSpool is a scratch file in the output directory that a writer
// fills and later copies into its output; it is always removed.
type tempSpool struct {
	f *os.File
	w *bufio.Writer
}

func createSpool(dir, name string) (*tempSpool, error) {
	f, err := os.CreateTemp(dir, "."+name+".spool-*")
	if err != nil {
		return nil, fmt.Errorf("reports: %w", err)
	}
	return &tempSpool{f: f, w: bufio.NewWriterSize(f, 64<<10)}, nil
}

func (s *tempSpool) Write(p []byte) (int, error) { return s.w.Write(p) }

func (s *tempSpool) WriteString(str string) (int, error) { return s.w.WriteString(str) }

// copyTo writes everything spooled so far to w and empties the spool.
func (s *tempSpool) copyTo(w io.Writer) error {
	if err := s.writeTo(w); err != nil {
		return err
	}
	if err := s.f.Truncate(0); err != nil {
		return err
	}
	_, err := s.f.Seek(0, io.SeekStart)
	return err
}

// writeTo writes everything spooled to w, for the last time: unlike
// copyTo, it leaves the spool as it is, for remove to free.
func (s *tempSpool) writeTo(w io.Writer) error {
	if err := s.w.Flush(); err != nil {
		return err
	}
	if _, err := s.f.Seek(0, io.SeekStart); err != nil {
		return err
	}
	_, err := io.Copy(w, s.f)
	return err
}

func (s *tempSpool) remove() {
	if s == nil {
		return
	}
	_ = s.f.Close()
	_ = os.Remove(s.f.Name())
}

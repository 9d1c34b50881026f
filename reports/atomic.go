package reports

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
)

// atomicFile is an output file written under a temporary name in its final
// directory and renamed into place by commit, so that the final name only
// ever holds a complete file.
type atomicFile struct {
	f     *os.File
	w     *bufio.Writer
	final string
	done  bool
}

// createAtomic starts writing dir/name. name must be a plain file name:
// outputs never escape dir.
func createAtomic(dir, name string) (*atomicFile, error) {
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
	return &atomicFile{f: f, w: bufio.NewWriterSize(f, 256<<10), final: filepath.Join(dir, name)}, nil
}

func (a *atomicFile) Write(p []byte) (int, error) { return a.w.Write(p) }

func (a *atomicFile) WriteString(s string) (int, error) { return a.w.WriteString(s) }

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
	if cerr := a.f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(a.f.Name(), a.final)
	}
	if err != nil {
		_ = os.Remove(a.f.Name())
		return fmt.Errorf("reports: writing %s: %w", a.final, err)
	}
	syncDir(filepath.Dir(a.final))
	return nil
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
	if err := s.w.Flush(); err != nil {
		return err
	}
	if _, err := s.f.Seek(0, io.SeekStart); err != nil {
		return err
	}
	if _, err := io.Copy(w, s.f); err != nil {
		return err
	}
	if err := s.f.Truncate(0); err != nil {
		return err
	}
	_, err := s.f.Seek(0, io.SeekStart)
	return err
}

func (s *tempSpool) remove() {
	if s == nil {
		return
	}
	_ = s.f.Close()
	_ = os.Remove(s.f.Name())
}

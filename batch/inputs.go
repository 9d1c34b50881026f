package batch

import (
	"archive/zip"
	"bufio"
	"bytes"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// Input is one source of hands: a file, a member of a zip archive, or stdin.
type Input struct {
	// Name is how the input is reported: the path as the user gave it (or
	// as found under a folder they gave), "archive.zip!member" for a zip
	// member, "-" for stdin.
	Name string
	// Path is the file to open ("" for stdin).
	Path string
	// Member is the zip member name when the input is inside an archive.
	Member string
	Size   int64
}

// Stdin is the Name of the standard-input input.
const Stdin = "-"

// ExpandInputs turns command-line arguments (files, folders searched
// recursively, glob patterns, "-") and the lines of an optional listing file
// into a sorted, de-duplicated list of inputs. Sorting by name makes the run
// deterministic and gives sharding a stable order. Zip archives are expanded
// into their members.
func ExpandInputs(args []string, inputsFrom string) ([]Input, error) {
	if inputsFrom != "" {
		more, err := readListing(inputsFrom)
		if err != nil {
			return nil, err
		}
		args = append(append([]string(nil), args...), more...)
	}
	seen := map[string]bool{}
	var out []Input
	add := func(in Input) {
		if !seen[in.Name] {
			seen[in.Name] = true
			out = append(out, in)
		}
	}
	for _, a := range args {
		if a == Stdin {
			add(Input{Name: Stdin})
			continue
		}
		paths := []string{a}
		if hasGlobMeta(a) {
			m, err := filepath.Glob(a)
			if err != nil {
				return nil, fmt.Errorf("bad pattern %q: %w", a, err)
			}
			if len(m) == 0 {
				return nil, fmt.Errorf("%s: no files match", a)
			}
			paths = m
		}
		for _, p := range paths {
			st, err := os.Stat(p)
			if err != nil {
				return nil, err
			}
			if !st.IsDir() {
				if err := addFile(p, st.Size(), add); err != nil {
					return nil, err
				}
				continue
			}
			err = filepath.WalkDir(p, func(q string, d fs.DirEntry, err error) error {
				if err != nil {
					return err
				}
				if d.IsDir() {
					if q != p && strings.HasPrefix(d.Name(), ".") {
						return filepath.SkipDir // .git, .cache: never hand histories
					}
					return nil
				}
				if !d.Type().IsRegular() || skipName(d.Name()) {
					return nil
				}
				info, err := d.Info()
				if err != nil {
					return err
				}
				return addFile(q, info.Size(), add)
			})
			if err != nil {
				return nil, err
			}
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out, nil
}

// skipName reports files found in folders that are never hand histories:
// our own expected-findings files, hidden files, and documentation.
func skipName(name string) bool {
	return strings.HasPrefix(name, ".") || strings.HasSuffix(name, ".expected.json") ||
		strings.EqualFold(name, "README.md") || strings.EqualFold(name, "LICENSE")
}

func addFile(p string, size int64, add func(Input)) error {
	if strings.EqualFold(filepath.Ext(p), ".zip") {
		zr, err := zip.OpenReader(p)
		if err != nil {
			return fmt.Errorf("%s: %w", p, err)
		}
		defer zr.Close()
		for _, f := range zr.File {
			if f.FileInfo().IsDir() || skipName(filepath.Base(f.Name)) {
				continue
			}
			add(Input{Name: p + "!" + f.Name, Path: p, Member: f.Name, Size: int64(f.UncompressedSize64)})
		}
		return nil
	}
	add(Input{Name: p, Path: p, Size: size})
	return nil
}

func hasGlobMeta(s string) bool { return strings.ContainsAny(s, "*?[") }

func readListing(name string) ([]string, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var out []string
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 64*1024), 1<<20)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		out = append(out, line)
	}
	return out, sc.Err()
}

// ErrTooLarge is returned when an input decompresses to more than the
// allowed number of bytes (a guard against decompression bombs).
var ErrTooLarge = errors.New("input exceeds --max-file-bytes")

// openInput opens an input for reading, transparently gunzipping .gz data
// (detected by its magic bytes) and limiting the decompressed size to
// maxBytes (0 = no limit).
func openInput(in Input, stdin io.Reader, maxBytes int64) (io.ReadCloser, error) {
	var rc io.ReadCloser
	switch {
	case in.Name == Stdin:
		rc = io.NopCloser(stdin)
	case in.Member != "":
		zr, err := zip.OpenReader(in.Path)
		if err != nil {
			return nil, err
		}
		var f *zip.File
		for _, zf := range zr.File {
			if zf.Name == in.Member {
				f = zf
				break
			}
		}
		if f == nil {
			zr.Close()
			return nil, fmt.Errorf("%s: member %s not found", in.Path, in.Member)
		}
		r, err := f.Open()
		if err != nil {
			zr.Close()
			return nil, err
		}
		rc = multiCloser{r, []io.Closer{r, zr}}
	default:
		f, err := os.Open(in.Path)
		if err != nil {
			return nil, err
		}
		rc = f
	}
	br := bufio.NewReaderSize(rc, 64*1024)
	head, _ := br.Peek(2)
	var r io.Reader = br
	closers := []io.Closer{rc}
	if bytes.Equal(head, []byte{0x1f, 0x8b}) {
		zr, err := gzip.NewReader(br)
		if err != nil {
			rc.Close()
			return nil, fmt.Errorf("gzip: %w", err)
		}
		r = zr
		closers = append([]io.Closer{zr}, closers...)
	}
	if maxBytes > 0 {
		r = &limitReader{r: r, left: maxBytes}
	}
	return multiCloser{r, closers}, nil
}

type multiCloser struct {
	io.Reader
	closers []io.Closer
}

func (m multiCloser) Close() error {
	var first error
	for _, c := range m.closers {
		if err := c.Close(); err != nil && first == nil {
			first = err
		}
	}
	return first
}

// limitReader is io.LimitReader that reports ErrTooLarge instead of a silent EOF,
// so a truncated bomb is never mistaken for a complete file.
type limitReader struct {
	r    io.Reader
	left int64
}

func (l *limitReader) Read(p []byte) (int, error) {
	if l.left <= 0 {
		var one [1]byte
		if n, _ := l.r.Read(one[:]); n > 0 {
			return 0, ErrTooLarge
		}
		return 0, io.EOF
	}
	if int64(len(p)) > l.left {
		p = p[:l.left]
	}
	n, err := l.r.Read(p)
	l.left -= int64(n)
	return n, err
}

package batch

import (
	"archive/zip"
	"bufio"
	"bytes"
	"compress/gzip"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"hash"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
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
	// InFolder: the input was found by walking a folder, not named on the
	// command line (or in --inputs-from). Content in no format handaudit
	// recognises is then skipped with a word, not a finding.
	InFolder bool

	// fail is why the input cannot be opened, found while expanding the
	// inputs (a zip archive that cannot be read, a pattern that matches
	// nothing): reading it is then an I/O error.
	fail error
}

// Stdin is the Name of the standard-input input.
const Stdin = "-"

// Skipped is an entry met while walking a folder that is not audited, and
// why. Every such entry is reported (log, summary, manifest, HTML report):
// an entry skipped without a word would be a coverage gap nobody sees.
type Skipped struct {
	Name   string // the path as found under the folder given
	Reason string // one of the Skip... reasons
	Detail string // what it is, or the error met ("FIFO", "permission denied")
}

// Reasons for skipping a folder entry, as counted in the summary.
const (
	// SkipNotRegular: a FIFO, socket or device, read only when named on
	// the command line (reading one found in a folder could block, or
	// never end).
	SkipNotRegular = "not a regular file"
	// SkipSymlinkLoop: a symbolic link that leads back to a folder being
	// walked, or that cannot be resolved for links pointing at each other.
	SkipSymlinkLoop = "symlink loop"
	// SkipUnreadable: a folder that cannot be listed, or an entry that
	// cannot be examined. Hands may hide there: the run exits 3.
	SkipUnreadable = "unreadable"
	// SkipUnrecognised: a file whose content is in no format handaudit
	// recognises (named on the command line, it is an unsupported input).
	SkipUnrecognised = "format not recognised"
	// SkipByName: hidden files and folders, and the files that sit beside
	// hand histories but never are one: house options (.toml), audit gen's
	// labels, expected findings, README and LICENSE.
	SkipByName = "not a hand history (by name)"
)

// ExpandInputs turns command-line arguments (files, folders searched
// recursively, glob patterns, "-") and the lines of an optional listing file
// into a sorted, de-duplicated list of inputs, and the sorted list of
// folder entries not audited. Sorting by name makes the run deterministic
// and gives sharding a stable order. Zip archives are expanded into their
// members.
//
// A missing input stops nothing: a named file that does not exist, a
// pattern that matches nothing or a broken link in a folder is an input
// whose reading fails (an I/O error for it alone). A symbolic link to a
// folder, named or met in a walk, is walked like the folder, unless it
// leads back to a folder being walked. FIFOs, sockets and devices are read
// only when named.
func ExpandInputs(args []string, inputsFrom string) ([]Input, []Skipped, error) {
	if inputsFrom != "" {
		more, err := readListing(inputsFrom)
		if err != nil {
			return nil, nil, err
		}
		args = append(append([]string(nil), args...), more...)
	}
	seen := map[string]bool{}
	w := &walker{}
	w.add = func(in Input) {
		if !seen[in.Name] {
			seen[in.Name] = true
			w.inputs = append(w.inputs, in)
		}
	}
	for _, a := range args {
		if a == Stdin {
			w.add(Input{Name: Stdin})
			continue
		}
		paths := []string{a}
		if hasGlobMeta(a) {
			m, err := filepath.Glob(a)
			if err != nil {
				return nil, nil, fmt.Errorf("bad pattern %q: %w", a, err)
			}
			if len(m) == 0 {
				w.add(Input{Name: a, Path: a, fail: errors.New("no files match")})
				continue
			}
			paths = m
		}
		for _, p := range paths {
			st, err := os.Stat(p)
			switch {
			case err != nil:
				w.add(Input{Name: p, Path: p}) // reading it reports the error
			case st.IsDir():
				w.walk(p, []fs.FileInfo{st})
			default:
				// Named: read whatever it is (a FIFO, a device too).
				w.addFile(p, st.Size(), false)
			}
		}
	}
	sort.Slice(w.inputs, func(i, j int) bool { return w.inputs[i].Name < w.inputs[j].Name })
	sort.Slice(w.skipped, func(i, j int) bool { return w.skipped[i].Name < w.skipped[j].Name })
	return w.inputs, w.skipped, nil
}

// walker collects the inputs and skipped entries of folder walks.
type walker struct {
	add     func(Input)
	inputs  []Input
	skipped []Skipped
}

func (w *walker) skip(name, reason, detail string) {
	w.skipped = append(w.skipped, Skipped{Name: name, Reason: reason, Detail: detail})
}

// walk adds the entries of folder dir, recursively, in name order.
// ancestors are the folders being walked, dir's own last: a link back to
// one of them is a loop.
func (w *walker) walk(dir string, ancestors []fs.FileInfo) {
	ents, err := os.ReadDir(dir)
	for _, e := range ents {
		w.entry(filepath.Join(dir, e.Name()), e, ancestors)
	}
	if err != nil {
		w.skip(dir, SkipUnreadable, errText(err))
	}
}

// entry adds one folder entry, or says why not.
func (w *walker) entry(p string, e fs.DirEntry, ancestors []fs.FileInfo) {
	if skipName(e.Name()) {
		w.skip(p, SkipByName, "")
		return
	}
	var info fs.FileInfo
	var err error
	link := e.Type()&fs.ModeSymlink != 0
	if link {
		info, err = os.Stat(p)
		switch {
		case errors.Is(err, syscall.ELOOP):
			w.skip(p, SkipSymlinkLoop, errText(err))
			return
		case errors.Is(err, fs.ErrNotExist):
			w.add(Input{Name: p, Path: p, InFolder: true}) // a broken link: reading it reports the error
			return
		}
	} else {
		info, err = e.Info()
	}
	if err != nil {
		w.skip(p, SkipUnreadable, errText(err))
		return
	}
	switch {
	case info.IsDir():
		for _, a := range ancestors {
			if os.SameFile(a, info) {
				w.skip(p, SkipSymlinkLoop, "leads back to a folder being walked")
				return
			}
		}
		w.walk(p, append(ancestors[:len(ancestors):len(ancestors)], info))
	case info.Mode().IsRegular():
		w.addFile(p, info.Size(), true)
	default:
		w.skip(p, SkipNotRegular, fileKind(info.Mode()))
	}
}

// fileKind names what a file that is neither regular nor a folder is.
func fileKind(m fs.FileMode) string {
	switch {
	case m&fs.ModeNamedPipe != 0:
		return "FIFO"
	case m&fs.ModeSocket != 0:
		return "socket"
	case m&fs.ModeCharDevice != 0:
		return "character device"
	case m&fs.ModeDevice != 0:
		return "block device"
	}
	return m.Type().String()
}

// errText is an error's message without the path it names (the skipped
// entry names it already).
func errText(err error) string {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err.Error()
	}
	return err.Error()
}

// skipName reports files found in folders that are never hand histories:
// hidden files, our own expected-findings and labels files, house options
// files and documentation. A file named on the command line is always read.
func skipName(name string) bool {
	lower := strings.ToLower(name)
	return strings.HasPrefix(name, ".") || strings.HasSuffix(lower, ".expected.json") ||
		strings.HasSuffix(lower, ".labels.jsonl") || // audit gen's labels beside its hands
		strings.HasSuffix(lower, ".toml") || // house options files beside the logs they govern
		lower == "readme.md" || lower == "license"
}

// addFile adds a file, or the members of a zip archive.
func (w *walker) addFile(p string, size int64, inFolder bool) {
	if !strings.EqualFold(filepath.Ext(p), ".zip") {
		w.add(Input{Name: p, Path: p, Size: size, InFolder: inFolder})
		return
	}
	zr, err := zip.OpenReader(p)
	if err != nil {
		w.add(Input{Name: p, Path: p, Size: size, InFolder: inFolder, fail: err})
		return
	}
	defer zr.Close()
	for _, f := range zr.File {
		name := p + "!" + f.Name
		switch {
		case f.FileInfo().IsDir():
		case skipName(filepath.Base(f.Name)):
			w.skip(name, SkipByName, "")
		default:
			w.add(Input{Name: name, Path: p, Member: f.Name, Size: int64(f.UncompressedSize64), InFolder: inFolder})
		}
	}
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

// ErrTooLarge is returned when an input holds, or decompresses to, more
// than the allowed number of bytes: a guard against decompression bombs,
// and against inputs that never end (a device, a pipe fed for ever, a file
// that keeps growing).
var ErrTooLarge = errors.New("input exceeds --max-file-bytes")

// tooLarge is ErrTooLarge with the limit, for the message.
func tooLarge(limit int64) error { return fmt.Errorf("%w (%d bytes)", ErrTooLarge, limit) }

// rawInput reads an input's bytes as stored (the file, the zip member's
// contents, or stdin), hashing them with sha256 and counting them as they
// pass, so that every run can state exactly what it audited.
//
// It reads the source in blocks of its own and serves Read from the
// current block; once a block has been read to its end it goes to the
// hash whole. So the hash needs no copy of the bytes, and a reader above
// needs no buffer of its own: the bytes are copied once, from the block
// into the caller's buffer.
type rawInput struct {
	r       io.Reader
	closers []io.Closer
	hash    hash.Hash
	async   *hashWorker // hashes on a goroutine of its own instead (see openRawAsync)
	n       int64
	counter *atomic.Int64 // progress: bytes read by the whole run (may be nil)

	blk *[]byte // the block being read from (nil: none yet), from hashBlocks
	pos int     // bytes of blk already read
	err error   // the source's error (io.EOF at the end), returned once blk is read

	// Set by bound: reading ends with an error once more than max bytes
	// (0: no limit) are read, or once ctx is done.
	max int64
	ctx context.Context
}

// openRaw opens an input's stored bytes.
func openRaw(in Input, stdin io.Reader, counter *atomic.Int64) (*rawInput, error) {
	ri := &rawInput{hash: sha256.New(), counter: counter}
	switch {
	case in.fail != nil:
		return nil, in.fail
	case in.Name == Stdin:
		ri.r = stdin
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
		ri.r, ri.closers = r, []io.Closer{r, zr}
	default:
		f, err := os.Open(in.Path)
		if err != nil {
			return nil, err
		}
		ri.r, ri.closers = f, []io.Closer{f}
	}
	return ri, nil
}

// bound makes every byte read from the input count against max (0: no
// limit), whatever the input (a file, a zip member, stdin, a device, a
// pipe, a file still growing), and makes reading stop once ctx is done:
// past the limit the input ends with ErrTooLarge, and a run that is
// stopping reads no further. It returns ri.
func (ri *rawInput) bound(ctx context.Context, max int64) *rawInput {
	ri.ctx, ri.max = ctx, max
	return ri
}

// openRawAsync is openRaw with the hashing moved off the reading
// goroutine. The pipeline reads each input on one goroutine, in order, and
// that goroutine also parses: sha256 (about 1.4 GB/s) was a tenth of its
// work, on the path every hand of the input waits on.
func openRawAsync(in Input, stdin io.Reader, counter *atomic.Int64) (*rawInput, error) {
	ri, err := openRaw(in, stdin, counter)
	if err != nil {
		return nil, err
	}
	ri.async = startHashWorker(ri.hash)
	return ri, nil
}

// hashBlockSize is the size of rawInput's blocks: each is read from the
// source in one call (for a file), and handed to the hash in one piece.
const hashBlockSize = 128 << 10

// minBlockRoom is the least room left in a block that the next read of the
// source goes into rather than into a new block: a pipe or a decompressor
// returns less than a block per read.
const minBlockRoom = 16 << 10

// hashBlocks are rawInput's blocks, shared by all inputs.
var hashBlocks = sync.Pool{New: func() any { b := make([]byte, 0, hashBlockSize); return &b }}

func (ri *rawInput) Read(p []byte) (int, error) {
	if len(p) == 0 {
		return 0, nil
	}
	if ri.blk == nil || ri.pos == len(*ri.blk) {
		if ri.err != nil {
			return 0, ri.err
		}
		ri.fill()
		if ri.pos == len(*ri.blk) {
			return 0, ri.err
		}
	}
	n := copy(p, (*ri.blk)[ri.pos:])
	ri.pos += n
	return n, nil
}

// fill reads the source once, onto the end of the current block, or of a
// new one when the current one has little room left; the old block goes to
// the hash. It may only be called once the current block has been read.
func (ri *rawInput) fill() {
	if ri.blk == nil || cap(*ri.blk)-len(*ri.blk) < minBlockRoom {
		ri.seal()
		ri.blk = hashBlocks.Get().(*[]byte)
	}
	if ri.ctx != nil { // set by bound
		if err := ri.ctx.Err(); err != nil {
			ri.err = err
			return
		}
	}
	b := *ri.blk
	n, err := ri.r.Read(b[len(b):cap(b)])
	*ri.blk = b[:len(b)+n]
	ri.err = err
	if n > 0 {
		ri.n += int64(n)
		if ri.counter != nil {
			ri.counter.Add(int64(n))
		}
		if ri.max > 0 && ri.n > ri.max && (err == nil || err == io.EOF) {
			ri.err = tooLarge(ri.max)
		}
	}
}

// seal hands the current block, read to its end, to the hash.
func (ri *rawInput) seal() {
	b := ri.blk
	if b == nil {
		return
	}
	ri.blk, ri.pos = nil, 0
	switch {
	case len(*b) == 0:
		hashBlocks.Put(b)
	case ri.async != nil:
		ri.async.blocks <- b // the worker puts it back in the pool
	default:
		ri.hash.Write(*b)
		*b = (*b)[:0]
		hashBlocks.Put(b)
	}
}

// head returns up to the first n bytes of the input without reading them
// (fewer only at the end of input or on an error), as bufio.Reader's Peek
// does. It must be called before any Read, and n be small.
func (ri *rawInput) head(n int) []byte {
	for tries := 0; (ri.blk == nil || len(*ri.blk) < n) && ri.err == nil && tries < 100; tries++ {
		ri.fill()
	}
	return (*ri.blk)[:min(n, len(*ri.blk))]
}

// finish reads what is left unread, so that the digest covers the whole
// input even when reading stopped early, and returns the sha256 (hex) and
// the size in bytes. When the input could not be read to its end (an
// error, the limit of bound) the digest is "": it would not be the
// input's.
func (ri *rawInput) finish() (digest string, size int64, err error) {
	for empty := 0; ri.err == nil; {
		if ri.blk != nil {
			ri.pos = len(*ri.blk) // the block is hashed whole: skip what was not read
		}
		before := ri.n
		ri.fill()
		if ri.n > before {
			empty = 0
		} else if empty++; empty >= 100 {
			ri.err = io.ErrNoProgress
		}
	}
	ri.seal()
	ri.async.wait()
	if err = ri.err; err != io.EOF {
		return "", ri.n, err
	}
	return hex.EncodeToString(ri.hash.Sum(nil)), ri.n, nil
}

func (ri *rawInput) Close() error {
	ri.async.wait() // the hashing goroutine ends with the input
	if ri.blk != nil {
		*ri.blk = (*ri.blk)[:0]
		hashBlocks.Put(ri.blk)
		ri.blk = nil
	}
	var first error
	for _, c := range ri.closers {
		if err := c.Close(); err != nil && first == nil {
			first = err
		}
	}
	return first
}

// hashWorker feeds a hash on a goroutine of its own: it is given rawInput's
// blocks, in order, and puts each back in the pool once hashed; wait
// returns once all are hashed.
type hashWorker struct {
	blocks chan *[]byte
	done   chan struct{}
	waited bool
}

func startHashWorker(h hash.Hash) *hashWorker {
	// A block waiting, if any, is the usual: the hash is faster than the
	// parser. The bound keeps the memory of a slow hash small: with the
	// block being read and the one being hashed, five blocks (640 KiB).
	w := &hashWorker{blocks: make(chan *[]byte, 3), done: make(chan struct{})}
	go func() {
		defer close(w.done)
		for b := range w.blocks {
			h.Write(*b)
			*b = (*b)[:0]
			hashBlocks.Put(b)
		}
	}()
	return w
}

// wait waits until everything written is hashed; the worker then stops.
// It does nothing on a nil worker, or after the first call.
func (w *hashWorker) wait() {
	if w == nil || w.waited {
		return
	}
	w.waited = true
	close(w.blocks)
	<-w.done
}

// digestInput returns an input's sha256 and size without parsing it,
// reading at most max bytes (0: no limit) and stopping once ctx is done.
func digestInput(ctx context.Context, in Input, max int64) (string, int64, error) {
	ri, err := openRaw(in, nil, nil)
	if err != nil {
		return "", 0, err
	}
	defer ri.Close()
	return ri.bound(ctx, max).finish()
}

// decodeInput returns the text of an input from its stored bytes,
// transparently gunzipping .gz data (detected by its magic bytes) and
// limiting the decompressed size to maxBytes (0 = no limit).
func decodeInput(raw *rawInput, maxBytes int64) (io.Reader, io.Closer, error) {
	var r io.Reader = raw // the text is read from raw's blocks: no buffer between
	var closer io.Closer = io.NopCloser(nil)
	if bytes.Equal(raw.head(2), []byte{0x1f, 0x8b}) {
		zr, err := gzip.NewReader(bufio.NewReaderSize(raw, 64*1024))
		if err != nil {
			return nil, nil, fmt.Errorf("gzip: %w", err)
		}
		r, closer = zr, zr
	}
	if maxBytes > 0 {
		r = &limitReader{r: r, left: maxBytes, limit: maxBytes}
	}
	return r, closer, nil
}

// limitReader is io.LimitReader that reports ErrTooLarge instead of a silent EOF,
// so a truncated bomb is never mistaken for a complete file.
type limitReader struct {
	r           io.Reader
	left, limit int64
}

func (l *limitReader) Read(p []byte) (int, error) {
	if l.left <= 0 {
		var one [1]byte
		if n, _ := l.r.Read(one[:]); n > 0 {
			return 0, tooLarge(l.limit)
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

// ShardOf returns the shard, of count, that audits the input called name:
// FNV-1a (64-bit) of the name modulo count. It depends on the name alone,
// so an input stays in its shard as an archive grows (and its --state entry
// stays useful), and every machine computes the same assignment.
func ShardOf(name string, count int) int {
	if count <= 1 {
		return 0
	}
	return int(fnvString(fnvOffset, name) % uint64(count))
}

// ShardInputs returns the inputs of shard index of count, in their order.
func ShardInputs(inputs []Input, index, count int) []Input {
	if count <= 1 {
		return inputs
	}
	var out []Input
	for _, in := range inputs {
		if ShardOf(in.Name, count) == index {
			out = append(out, in)
		}
	}
	return out
}

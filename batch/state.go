package batch

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"encoding/gob"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime/debug"
	"slices"
	"strings"
	"sync"

	"github.com/klauspost/compress/zstd"

	"github.com/handaudit/handaudit/checks"
	"github.com/handaudit/handaudit/hand"
	"github.com/handaudit/handaudit/parser"
	"github.com/handaudit/handaudit/replay"
)

// State is the memory of incremental runs (--state DIR): for each input
// name, the sha256 of the content last audited and that audit's results,
// so that a run over a growing archive only parses, replays and checks the
// inputs that are new or changed, and streams the others' results back to
// the report writers.
//
// An entry holds what the writers need, compactly: for a hand without
// findings, the hand's header (IDs, table, time, stakes, the number of
// seats, claimed totals) and the engine's computed pot; for a hand with findings, the
// whole hand and replay (the HTML report shows it). Entries are kept per
// configuration: a different tool version, ruleset or check selection
// uses a different folder under DIR and starts afresh.
//
// Layout: DIR/<configuration>/<hash of the input name>-<content sha256>.state.
// An entry is written under a temporary name and renamed when complete, and
// carries a checksum of its own bytes, so a killed run never leaves a
// partial entry that would be believed.
//
// An entry is the input's name, the gob type definitions of its records,
// then blocks of records (gob values, zstd), each decodable alone once the
// type definitions are known: a gob stream sends a type's definition once,
// and a decoder compiles its decoding of a type once, which for a stream
// per block cost more than decoding the records (a re-run with one input
// of twenty changed took twice a fresh run). Encoders and decoders that
// have seen the definitions are kept and reused from block to block.
type State struct {
	dir   string
	rules *replay.Rulebook
	enc   *zstd.Encoder
	dec   *zstd.Decoder

	// stored names the inputs with an entry when the run began, by the
	// hash of their names: an input without one is not read for its
	// digest before it is parsed (a first run reads each input once).
	stored map[string]bool

	typeDefs []byte    // this process's gob definitions of []stateRecord
	encoders sync.Pool // of *blockEncoder
	decoders sync.Pool // of *blockDecoder
}

const stateMagic = "handaudit-state 2\n"

// OpenState opens (creating if needed) the state folder dir for runs under
// rules and sel.
func OpenState(dir string, rules *replay.Rulebook, sel checks.Selection, lim parser.Limits) (*State, error) {
	fp := stateFingerprint(rules, sel, lim)
	d := filepath.Join(dir, fp)
	if err := os.MkdirAll(d, 0o755); err != nil {
		return nil, fmt.Errorf("state: %w", err)
	}
	enc, err := zstd.NewWriter(nil, zstd.WithEncoderConcurrency(1), zstd.WithEncoderLevel(zstd.SpeedFastest))
	if err != nil {
		return nil, err
	}
	dec, err := zstd.NewReader(nil, zstd.WithDecoderConcurrency(1))
	if err != nil {
		return nil, err
	}
	s := &State{dir: d, rules: rules, enc: enc, dec: dec, stored: map[string]bool{}}
	ents, err := os.ReadDir(d)
	if err != nil {
		return nil, fmt.Errorf("state: %w", err)
	}
	for _, e := range ents {
		if name, ok := strings.CutSuffix(e.Name(), ".state"); ok {
			if i := strings.IndexByte(name, '-'); i > 0 {
				s.stored[name[:i]] = true
			}
		}
	}
	if s.typeDefs, err = recordTypeDefs(); err != nil {
		return nil, fmt.Errorf("state: %w", err)
	}
	return s, nil
}

// recordTypeDefs is what a gob encoder writes before its first
// []stateRecord value: the type definitions.
func recordTypeDefs() ([]byte, error) {
	var first, second bytes.Buffer
	enc := gob.NewEncoder(&first)
	if err := enc.Encode([]stateRecord{}); err != nil {
		return nil, err
	}
	n := first.Len()
	if err := enc.Encode([]stateRecord{}); err != nil {
		return nil, err
	}
	value := first.Bytes()[n:] // the second, a value alone
	if !bytes.HasSuffix(first.Bytes()[:n], value) {
		return nil, errors.New("gob: unexpected stream layout")
	}
	second.Write(first.Bytes()[:n-len(value)])
	return second.Bytes(), nil
}

// blockEncoder is a gob encoder that has sent the type definitions: what
// it writes next is a value alone.
type blockEncoder struct {
	buf bytes.Buffer
	enc *gob.Encoder
}

func (s *State) blockEncoder() (*blockEncoder, error) {
	if e, ok := s.encoders.Get().(*blockEncoder); ok {
		return e, nil
	}
	e := &blockEncoder{}
	e.enc = gob.NewEncoder(&e.buf)
	if err := e.enc.Encode([]stateRecord{}); err != nil {
		return nil, err
	}
	if !bytes.HasPrefix(e.buf.Bytes(), s.typeDefs) {
		return nil, errors.New("state: gob type definitions differ between encoders")
	}
	return e, nil
}

// blockDecoder is a gob decoder reading blocks fed to it one at a time,
// and the type definitions it was given.
type blockDecoder struct {
	feed   blockFeed
	dec    *gob.Decoder
	defs   []byte
	primed bool // the decoder has read defs
}

// blockFeed gives a decoder the bytes of one block; a ByteReader, so
// that the decoder reads exactly the messages given and no further.
type blockFeed struct{ bytes.Reader }

func (s *State) blockDecoder(defs []byte) *blockDecoder {
	if d, ok := s.decoders.Get().(*blockDecoder); ok && bytes.Equal(d.defs, defs) {
		return d
	}
	d := &blockDecoder{defs: defs}
	d.dec = gob.NewDecoder(&d.feed)
	return d
}

// Close releases the codecs.
func (s *State) Close() {
	if s != nil {
		s.dec.Close()
	}
}

// stateFingerprint names the configuration results depend on: the tool
// (its version and, when built from version control, its revision), every
// ruleset option, the selected checks and the parser's limits.
func stateFingerprint(book *replay.Rulebook, sel checks.Selection, lim parser.Limits) string {
	h := sha256.New()
	fmt.Fprintf(h, "%s%s\n%s\n", stateMagic, ToolVersion, buildRevision())
	for _, rules := range book.All() {
		fmt.Fprintf(h, "%s\n%s\n%s\n", rules.Name, rules.House, rules.Options())
	}
	fmt.Fprintf(h, "%s\n%d %d %d\n", strings.Join(sel.IDs(), ","), lim.MaxHandBytes, lim.MaxLineBytes, lim.MaxActions)
	return "v1-" + hex.EncodeToString(h.Sum(nil))[:16]
}

var buildRevision = sync.OnceValue(func() string {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return ""
	}
	var rev, mod string
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			mod = s.Value
		}
	}
	return rev + " " + mod
})

func (s *State) prefix(name string) string {
	return filepath.Join(s.dir, nameKey(name))
}

func nameKey(name string) string {
	sum := sha256.Sum256([]byte(name))
	return hex.EncodeToString(sum[:12])
}

// mayHave reports whether the state had an entry for the input name, of
// any content, when the run began.
func (s *State) mayHave(name string) bool { return s.stored[nameKey(name)] }

func (s *State) path(name, digest string) string {
	return s.prefix(name) + "-" + digest + ".state"
}

// stateRecord is one Result as stored.
type stateRecord struct {
	Line       int
	Format     string
	Hand       *hand.Hand
	Trace      *replay.Trace
	Full       bool // Hand and Trace are whole, not the header only
	Findings   []checks.Finding
	ParseError *parser.Error
	Session    *checks.SessionHand // nil: none
}

// encodeBlock stores one chunk of results. It is called from the workers
// (and again from the collector for a chunk in which it found duplicate
// hand IDs, or session findings). Findings that depend on the other
// inputs are not stored (ownFindings).
func (s *State) encodeBlock(rs []Result) ([]byte, error) {
	recs := make([]stateRecord, len(rs))
	for i := range rs {
		r := &rs[i]
		full := len(r.Findings) > 0
		recs[i] = stateRecord{Line: r.Line, Format: string(r.Format), Findings: ownFindings(r.Findings),
			ParseError: r.ParseError}
		recs[i].Session = r.Session
		if r.Hand != nil {
			recs[i].Hand, recs[i].Trace = storedHand(r.Hand, r.Trace, full)
			recs[i].Full = full
		}
	}
	e, err := s.blockEncoder()
	if err != nil {
		return nil, fmt.Errorf("state: %w", err)
	}
	e.buf.Reset()
	if err := e.enc.Encode(recs); err != nil {
		return nil, fmt.Errorf("state: %w", err) // the encoder is dropped
	}
	b := s.enc.EncodeAll(e.buf.Bytes(), nil)
	s.encoders.Put(e)
	return b, nil
}

// ownFindings is fs without the findings that depend on the other inputs
// (hand.duplicate-id, the session checks): every run finds those afresh,
// and they come last.
func ownFindings(fs []checks.Finding) []checks.Finding {
	k := len(fs)
	for k > 0 && (fs[k-1].CheckID == duplicateID || checks.IsSessionCheck(fs[k-1].CheckID)) {
		k--
	}
	return fs[:k]
}

// storedHand returns what is kept of a hand and its replay: everything for
// a flagged hand, the header and totals for a clean one.
func storedHand(h *hand.Hand, t *replay.Trace, full bool) (*hand.Hand, *replay.Trace) {
	hc := *h
	if !full {
		// The writers read of a clean hand's seats only how many there
		// are (the players column): zero seats cost next to nothing to
		// store and read back, names and stacks most of a header.
		hc.Seats = make([]hand.Seat, len(h.Seats))
		hc.Actions, hc.Boards = nil, nil
		hc.Outcome = hand.Outcome{TotalPot: h.Outcome.TotalPot, HasTotalPot: h.Outcome.HasTotalPot,
			Rake: h.Outcome.Rake, HasRake: h.Outcome.HasRake, Pos: h.Outcome.Pos}
	}
	if t == nil {
		return &hc, nil
	}
	tc := *t
	if !full {
		tc = t.Totals()
	}
	tc.Hand, tc.Rules = nil, nil
	return &hc, &tc
}

// decodeBlock decodes a block of an entry whose type definitions are defs.
func (s *State) decodeBlock(b, defs []byte, in *Input) ([]Result, error) {
	raw, err := s.dec.DecodeAll(b, nil)
	if err != nil {
		return nil, err
	}
	d := s.blockDecoder(defs)
	if !d.primed {
		raw = append(slices.Clip(defs), raw...) // a new decoder learns the types first
		d.primed = true
	}
	d.feed.Reset(raw)
	var recs []stateRecord
	if err := d.dec.Decode(&recs); err != nil {
		return nil, err // the decoder is dropped
	}
	if d.feed.Len() != 0 {
		return nil, errors.New("state: trailing bytes in a block")
	}
	s.decoders.Put(d)
	out := make([]Result, len(recs))
	for i := range recs {
		rec := &recs[i]
		out[i] = Result{Input: in, Hand: rec.Hand, Trace: rec.Trace, Findings: rec.Findings,
			Format: parser.Format(rec.Format), Line: rec.Line, ParseError: rec.ParseError,
			stub: rec.Hand != nil && !rec.Full}
		out[i].Session = rec.Session
		if rec.Trace != nil {
			rec.Trace.Hand, rec.Trace.Rules = rec.Hand, s.rules.For(rec.Hand)
		}
	}
	return out, nil
}

// stateEntry is a stored input being read back, block by block.
type stateEntry struct {
	f    *os.File
	br   *bufio.Reader
	defs []byte // the gob type definitions of its blocks
}

// lookup opens the entry for name with content digest, verifying its
// checksum. It returns nil when there is none (or it is unusable).
func (s *State) lookup(name, digest string) *stateEntry {
	f, err := os.Open(s.path(name, digest))
	if err != nil {
		return nil
	}
	st, err := f.Stat()
	if err != nil || st.Size() < int64(len(stateMagic))+sha256.Size {
		f.Close()
		return nil
	}
	h := sha256.New()
	if _, err := io.CopyN(h, f, st.Size()-sha256.Size); err != nil {
		f.Close()
		return nil
	}
	var sum [sha256.Size]byte
	if _, err := io.ReadFull(f, sum[:]); err != nil || !bytes.Equal(sum[:], h.Sum(nil)) {
		f.Close()
		return nil
	}
	if _, err := f.Seek(0, io.SeekStart); err != nil {
		f.Close()
		return nil
	}
	br := bufio.NewReader(io.LimitReader(f, st.Size()-sha256.Size))
	head := make([]byte, len(stateMagic))
	if _, err := io.ReadFull(br, head); err != nil || string(head) != stateMagic {
		f.Close()
		return nil
	}
	stored, err := readBlock(br)
	if err != nil || string(stored) != name {
		f.Close()
		return nil
	}
	defs, err := readBlock(br)
	if err != nil || len(defs) == 0 {
		f.Close()
		return nil
	}
	return &stateEntry{f: f, br: br, defs: defs}
}

// next returns the next stored block, or io.EOF.
func (e *stateEntry) next() ([]byte, error) {
	b, err := readBlock(e.br)
	if err == io.EOF {
		return nil, io.EOF
	}
	if err != nil {
		return nil, fmt.Errorf("state: truncated entry: %w", err)
	}
	return b, nil
}

func (e *stateEntry) close() { e.f.Close() }

func readBlock(br *bufio.Reader) ([]byte, error) {
	n, err := binary.ReadUvarint(br)
	if err != nil {
		return nil, err
	}
	if n > 1<<30 {
		return nil, errors.New("state: block too large")
	}
	b := make([]byte, n)
	if _, err := io.ReadFull(br, b); err != nil {
		return nil, io.ErrUnexpectedEOF
	}
	return b, nil
}

// stateWriter writes one input's entry under a temporary name.
type stateWriter struct {
	s    *State
	name string
	f    *os.File
	bw   *bufio.Writer
	sum  func() []byte // sha256 of everything written
	err  error
}

func (s *State) create(name string) *stateWriter {
	w := &stateWriter{s: s, name: name}
	w.f, w.err = os.CreateTemp(s.dir, ".entry-*.tmp")
	if w.err != nil {
		return w
	}
	hs := sha256.New()
	w.bw = bufio.NewWriterSize(io.MultiWriter(w.f, hs), 64<<10)
	w.sum = func() []byte { return hs.Sum(nil) }
	_, w.err = w.bw.WriteString(stateMagic)
	w.block([]byte(name))
	w.block(s.typeDefs)
	return w
}

func (w *stateWriter) block(b []byte) {
	if w.err != nil {
		return
	}
	var n [binary.MaxVarintLen64]byte
	if _, w.err = w.bw.Write(n[:binary.PutUvarint(n[:], uint64(len(b)))]); w.err == nil {
		_, w.err = w.bw.Write(b)
	}
}

// commit seals the entry under the input's content digest and removes the
// entries of earlier contents of the same input.
func (w *stateWriter) commit(digest string) error {
	if w.f == nil {
		return w.err
	}
	if w.err == nil {
		w.err = w.bw.Flush()
	}
	if w.err == nil {
		_, w.err = w.f.Write(w.sum())
	}
	if w.err == nil {
		w.err = w.f.Close()
	} else {
		w.f.Close()
	}
	final := w.s.path(w.name, digest)
	if w.err == nil {
		old, _ := filepath.Glob(w.s.prefix(w.name) + "-*.state")
		w.err = os.Rename(w.f.Name(), final)
		for _, o := range old {
			if o != final {
				os.Remove(o)
			}
		}
	}
	if w.err != nil {
		os.Remove(w.f.Name())
	}
	return w.err
}

func (w *stateWriter) abort() {
	if w.f != nil {
		w.f.Close()
		os.Remove(w.f.Name())
	}
}

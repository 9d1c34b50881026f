// Package batch runs the audit pipeline over many inputs: it expands the
// inputs, reads each with the parser its content calls for, replays and
// checks every hand in parallel, and hands the results, in input order, to
// the report writers. It also shards a run across machines, keeps the
// state of incremental runs, writes each run's manifest, and merges the
// outputs of sharded runs.
//
// The pipeline has three stages. Readers (one goroutine per worker) take
// the inputs in order; each parses its input and cuts the hands into
// chunks. Workers replay and check the hands of any chunk, so that one
// large input is spread over every core. A single collector puts the
// chunks back in order (input, then chunk) and passes the results on.
//
// Output order never depends on the number of workers: inputs are sorted,
// each input's hands keep their order, and the collector releases results
// strictly in that order. Memory stays bounded whatever the input size: a
// gate limits the chunks in flight (parsed but not yet written), both per
// input and in all; the input the collector is waiting for may always go
// ahead of the overall limit, so the gate can never deadlock.
package batch

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/handaudit/handaudit/checks"
	"github.com/handaudit/handaudit/hand"
	"github.com/handaudit/handaudit/parser"
	_ "github.com/handaudit/handaudit/parser/formats" // every input format
	"github.com/handaudit/handaudit/replay"
)

// Result is what the pipeline learned about one hand, or about one input
// that could not be read at all (Hand nil, a parse.error or I/O finding).
type Result struct {
	Input    *Input
	Hand     *hand.Hand    // nil when the hand could not be parsed
	Trace    *replay.Trace // nil when the hand could not be parsed
	Findings []checks.Finding
	Format   parser.Format
	// Line is where the hand (or the parse error) starts.
	Line int
	// ParseError is set when the hand or input could not be read.
	ParseError *parser.Error
	// IOError is set when the input could not be opened or read at all.
	IOError bool
	// Skip, when set, is why the input is not audited at all (a
	// Skip... reason): Run counts it and does not emit it.
	Skip string
	// Unsupported, when set, says the input is in a format handaudit does
	// not read: Run counts it and does not emit it.
	Unsupported *Unsupported

	// Session is the hand's record for the checks across the hands of its
	// table: nil for a hand at no table, or when no session check is
	// selected. It is one of its chunk's records (chunk.sessions).
	Session *checks.SessionHand

	// stub: Hand and Trace came from --state as the hand's header only.
	stub bool
}

// Config says what to run and how.
type Config struct {
	Inputs  []Input
	Workers int // 0 = all cores
	Rules   *replay.Ruleset
	// Rulebook, if set, picks each hand's ruleset (a room's preset for
	// the hands whose record names the room); otherwise every hand is
	// judged under Rules.
	Rulebook  *replay.Rulebook
	Selection checks.Selection
	// MaxFileBytes bounds every input (0 = no limit): the bytes read from
	// it, whatever it is (a file, stdin, a device, a pipe, a file still
	// growing), and its decompressed text. Past it the input is an I/O
	// error and the run goes on with the others.
	MaxFileBytes int64
	// Limits bounds one hand (zero fields: the parser's defaults).
	Limits parser.Limits
	Stdin  io.Reader
	Logger *slog.Logger
	// OnProgress, if set, is called from the collector after each chunk.
	OnProgress func(Progress)
	// State, if set, supplies stored results of unchanged inputs and
	// stores the results of the others.
	State *State
	// Reuse lets the pipeline reuse each result's Hand and Trace (and all
	// their slices) for later hands once emit has returned: emit must not
	// keep them. Reusing their memory instead of allocating it for every
	// hand is most of what a large run saves on the garbage collector.
	Reuse bool

	sessions bool // a session check is selected: results carry Session
	// SessionsPerInput: judge the session links within each input only.
	// A shard of a sharded run lacks the inputs of the other shards, so a
	// link across its inputs may skip hands in between: `audit merge`
	// judges the tables whole from the shards' session-hands tables.
	SessionsPerInput bool
	// OnSession, if set, receives each table session of two hands or
	// more as it ends (the rows of sessions.parquet), from the collector.
	OnSession func(*checks.SessionRun) error
}

// Progress is a snapshot of a running batch.
type Progress struct {
	FilesDone, FilesTotal int
	Hands                 int64
	Findings              int64
	Bytes                 int64
	BytesTotal            int64
	Elapsed               time.Duration
}

// Summary counts what a run saw.
type Summary struct {
	Files       int
	Hands       int64
	ParseErrors int64
	IOErrors    int64
	Internal    int64
	ByCheck     map[string]int64
	BySeverity  [3]int64 // indexed by checks.Severity
	Elapsed     time.Duration
	// Parsed counts the inputs read and audited; Reused those whose
	// stored results (--state) were used instead.
	Parsed, Reused int
	// Inputs describes each input, in input order.
	Inputs []InputStat
	// Skipped lists what was not audited, in name order: folder entries
	// (Audit adds them) and inputs in no recognised format found in a
	// folder.
	Skipped []Skipped
	// Unsupported lists the inputs in formats handaudit does not read, in
	// input order.
	Unsupported []UnsupportedInput
	// Rulesets are the rulesets hands were judged under (Audit and Merge
	// set them; see Manifest.Rulesets).
	Rulesets []ManifestRuleset
	// impliedRake is the rake the records imply without stating it, by
	// currency (see ImpliedRake).
	impliedRake map[string]*rakeSum

	maxInFlight int // most chunks held at once (tests check the bound)
}

// InputStat is what a run records about one input: its identity (sha256
// of the bytes as stored: the file, the zip member's contents, stdin) and
// what was found in it.
type InputStat struct {
	Name        string
	Size        int64 // bytes read (as stored)
	SHA256      string
	Hands       int64
	ParseErrors int64
	Findings    int64
	Reused      bool   // results came from --state
	Error       string // the input could not be read
	Skipped     string // why the input was not audited (a Skip... reason)
	// Unsupported names the format of an input handaudit does not read;
	// UnsupportedHands counts its hands by their headers.
	Unsupported      string
	UnsupportedHands int64
}

// chunkHands is how many hands a reader puts in one chunk: enough to
// amortise channel traffic, few enough that the hands and traces in flight
// (and reused from the pools) stay in the processor's caches: 32 measured
// about 10% less CPU per hand than 128 (bench/run.sh), and less memory.
const chunkHands = 32

type chunk struct {
	file, seq int
	results   []Result
	// sessions holds the session records of the results, by index, when
	// a session check is selected: the workers fill them, the collector
	// judges them. They are apart from the results so that a result stays
	// small: results are cleared, copied and scanned whole.
	sessions []checks.SessionHand
	audit    bool // hands need replay and checks
	store    bool // encode the results for the state
	block    []byte
	blockErr error
	last     bool
	stat     *InputStat // on the last chunk
}

// Run executes the pipeline and calls emit for every result, in input
// order, from a single goroutine. It returns the run's summary. An error
// from emit stops the run and is returned; a cancelled ctx stops it with
// ctx.Err().
func Run(ctx context.Context, cfg Config, emit func(*Result) error) (*Summary, error) {
	start := time.Now()
	workers := cfg.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.New(slog.DiscardHandler)
	}
	if cfg.Stdin == nil {
		cfg.Stdin = eofReader{}
	}
	cfg.sessions = cfg.sessionsOn()
	parent := ctx
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()

	n := len(cfg.Inputs)
	// An input may have ahead chunks in flight, enough to keep every worker
	// busy on it; all inputs together limit, plus the head's.
	g := newGate(2*workers+2, 4*workers+4)
	stop := context.AfterFunc(ctx, g.close)
	defer stop()

	files := make(chan int)
	jobs := make(chan *chunk, workers)
	out := make(chan *chunk, 2*workers)

	var bytesTotal int64
	for _, in := range cfg.Inputs {
		bytesTotal += in.Size
	}
	var bytesRead atomic.Int64
	var pl *pools
	if cfg.Reuse {
		pl = newPools()
	}

	go func() {
		defer close(files)
		for i := 0; i < n; i++ {
			select {
			case files <- i:
			case <-ctx.Done():
				return
			}
		}
	}()
	var readers, auditors sync.WaitGroup
	for range workers {
		readers.Add(1)
		go func() {
			defer readers.Done()
			rd := &reader{cfg: &cfg, ctx: ctx, gate: g, jobs: jobs, out: out, bytes: &bytesRead, pools: pl.local()}
			for i := range files {
				rd.read(i)
			}
		}()
		auditors.Add(1)
		go func() {
			defer auditors.Done()
			var runner checks.Runner // scratch space of the checks, this worker's own
			traces := pl.local().traceMem()
			for c := range jobs {
				if c.audit && ctx.Err() == nil {
					if cfg.sessions {
						c.sessions = pl.sessionRecords(len(c.results))
					}
					for k := range c.results {
						if r := &c.results[k]; r.Hand != nil {
							var rec *checks.SessionHand
							if c.sessions != nil {
								rec = &c.sessions[k]
							}
							auditHand(&cfg, traces, &runner, r, rec)
						}
					}
				}
				if c.store && ctx.Err() == nil {
					c.block, c.blockErr = cfg.State.encodeBlock(c.results)
				}
				out <- c
			}
		}()
	}
	go func() {
		readers.Wait()
		close(jobs)
		auditors.Wait()
		close(out)
	}()

	col := newCollector(&cfg, emit)
	col.pools = pl.local()
	defer func() {
		// Whatever stopped the run, readers and workers may still be
		// finishing: drain their chunks, so that none waits on a send for
		// ever. On a cancelled run they are given stopGrace to end, no
		// more: one may be blocked in a read that never returns (a pipe
		// whose producer is stuck), and a run that is told to stop must
		// stop within seconds.
		drained := make(chan struct{})
		go func() {
			for range out {
			}
			close(drained)
		}()
		if ctx.Err() != nil {
			select {
			case <-drained:
			case <-time.After(stopGrace):
				cfg.Logger.Warn("stopping without waiting for a reader blocked in a read")
			}
		}
	}()
	for {
		var c *chunk
		select {
		case c = <-out:
		case <-ctx.Done():
		}
		if c == nil || col.err != nil || ctx.Err() != nil {
			break
		}
		col.add(c)
		if k := g.inFlight(); k > col.sum.maxInFlight {
			col.sum.maxInFlight = k
		}
		for col.next < n {
			c := col.ready()
			if c == nil {
				break
			}
			col.emitChunk(c)
			g.release(c.file)
			if col.err != nil {
				cancel()
				break
			}
			if c.last {
				col.next++
				g.setHead(col.next)
			}
		}
		if cfg.OnProgress != nil && col.err == nil {
			cfg.OnProgress(Progress{FilesDone: col.next, FilesTotal: n, Hands: col.sum.Hands,
				Findings: totalFindings(col.sum), Bytes: bytesRead.Load(), BytesTotal: bytesTotal,
				Elapsed: time.Since(start)})
		}
	}
	cancel() // whatever is still reading stops
	if col.sessions != nil && col.err == nil && col.next == n {
		col.sessions.Close() // the sessions still open end with the run
	}
	col.cleanup()
	sum := col.sum
	sum.Elapsed = time.Since(start)
	if col.err != nil {
		return sum, col.err
	}
	if err := parent.Err(); err != nil && col.next < n {
		return sum, err
	}
	if col.next < n {
		return sum, fmt.Errorf("batch: internal error: %d of %d inputs finished", col.next, n)
	}
	return sum, nil
}

// stopGrace is how long a cancelled run waits for its readers and workers
// to end before it returns without them.
const stopGrace = 500 * time.Millisecond

// gate bounds the chunks in flight: at most ahead per input, and at most
// limit in all except for the head, the input the collector waits for,
// which may always proceed within its own ahead. So the head always makes
// progress, and every other chunk in flight waits only for the head.
type gate struct {
	mu           sync.Mutex
	cond         *sync.Cond
	perFile      map[int]int
	total        int
	ahead, limit int
	head         int
	closed       bool
}

func newGate(ahead, limit int) *gate {
	g := &gate{perFile: map[int]int{}, ahead: ahead, limit: limit}
	g.cond = sync.NewCond(&g.mu)
	return g
}

// acquire waits for room for one more chunk of input f; false once closed.
func (g *gate) acquire(f int) bool {
	g.mu.Lock()
	defer g.mu.Unlock()
	for !g.closed && (g.perFile[f] >= g.ahead || (f != g.head && g.total >= g.limit)) {
		g.cond.Wait()
	}
	if g.closed {
		return false
	}
	g.perFile[f]++
	g.total++
	return true
}

// inFlight returns the chunks held now.
func (g *gate) inFlight() int {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.total
}

func (g *gate) release(f int) {
	g.mu.Lock()
	if g.perFile[f]--; g.perFile[f] <= 0 {
		delete(g.perFile, f)
	}
	g.total--
	g.mu.Unlock()
	g.cond.Broadcast()
}

func (g *gate) setHead(f int) {
	g.mu.Lock()
	g.head = f
	g.mu.Unlock()
	g.cond.Broadcast()
}

func (g *gate) close() {
	g.mu.Lock()
	g.closed = true
	g.mu.Unlock()
	g.cond.Broadcast()
}

// reader reads inputs into chunks.
type reader struct {
	cfg   *Config
	pools *pools // nil unless Config.Reuse
	ctx   context.Context
	gate  *gate
	jobs  chan<- *chunk
	out   chan<- *chunk
	bytes *atomic.Int64

	file  int
	seq   int
	cur   []Result
	store bool
}

// submit sends the current chunk on: to the workers if it needs work, else
// straight to the collector. It reports false when the run is stopping.
func (rd *reader) submit(audit, last bool, stat *InputStat) bool {
	c := &chunk{file: rd.file, seq: rd.seq, results: rd.cur, audit: audit, store: rd.store, last: last, stat: stat}
	rd.seq++
	rd.cur = rd.pools.results()
	if !rd.gate.acquire(rd.file) {
		return false
	}
	dst := rd.out
	if audit || c.store {
		dst = rd.jobs
	}
	select {
	case dst <- c:
		return true
	case <-rd.ctx.Done():
		return false
	}
}

// read reads input i and submits its chunks. It always submits a last
// chunk, with the input's statistics, unless the run is stopping.
func (rd *reader) read(i int) {
	cfg := rd.cfg
	in := &cfg.Inputs[i]
	rd.file, rd.seq, rd.store = i, 0, false
	rd.cur = rd.pools.results()
	stat := &InputStat{Name: in.Name}
	audit := false
	defer func() {
		if p := recover(); p != nil {
			// A parser bug must not lose the run: report it on this input and go on.
			cfg.Logger.Error("internal error reading input", "file", in.Name, "panic", fmt.Sprint(p), "stack", stackDigest())
			rd.cur = append(rd.cur, Result{Input: in, Findings: []checks.Finding{
				internalErrorFinding(in.Name, 0, fmt.Sprintf("internal error while reading this input: %v", p))}})
		}
		rd.submit(audit, true, stat)
	}()

	if cfg.State != nil && in.Name != Stdin && rd.reuse(in, stat) {
		return
	}
	rd.store = cfg.State != nil && in.Name != Stdin
	raw, err := openRawAsync(*in, cfg.Stdin, rd.bytes)
	if err == nil {
		raw.bound(rd.ctx, cfg.MaxFileBytes)
	}
	if err != nil {
		stat.Error = err.Error()
		rd.cur = append(rd.cur, Result{Input: in, IOError: true, Findings: []checks.Finding{ioErrorFinding(in.Name, err)}})
		return
	}
	defer raw.Close()
	defer func() {
		if rd.ctx.Err() != nil {
			return // the run is stopping: no digest needed
		}
		// Hash what was not read, so the digest covers the whole input.
		d, size, err := raw.finish()
		stat.SHA256, stat.Size = d, size
		if err != nil && stat.Error == "" {
			stat.Error = err.Error()
			rd.cur = append(rd.cur, Result{Input: in, IOError: true, Findings: []checks.Finding{ioErrorFinding(in.Name, err)}})
		}
	}()
	text, closer, err := decodeInput(raw, cfg.MaxFileBytes)
	if err != nil {
		stat.Error = err.Error()
		rd.cur = append(rd.cur, Result{Input: in, IOError: true, Findings: []checks.Finding{ioErrorFinding(in.Name, err)}})
		return
	}
	defer closer.Close()
	// The format reader reads the decoded text straight on (it does not
	// decode a DecodedReader again); Peek keeps the head for Detect.
	dr := parser.NewDecodedReader(text)
	head, err := dr.Peek(8192)
	if err != nil && err != io.EOF {
		stat.Error = err.Error()
		rd.cur = append(rd.cur, Result{Input: in, IOError: true, Findings: []checks.Finding{ioErrorFinding(in.Name, err)}})
		return
	}
	format := parser.Detect(head)
	if format == parser.FormatUnknown && len(head) > 0 {
		name, marker := parser.Recognise(head) // a format no reader reads yet?
		if name == "" && in.InFolder {
			rd.cur = append(rd.cur, Result{Input: in, Skip: SkipUnrecognised})
			return
		}
		u := &Unsupported{Format: name}
		rd.cur = append(rd.cur, Result{Input: in, Unsupported: u})
		if marker != nil {
			n, err := parser.CountHands(dr, marker)
			if u.Hands = n; err != nil {
				stat.Error = err.Error()
				rd.cur = append(rd.cur, Result{Input: in, IOError: true, Findings: []checks.Finding{ioErrorFinding(in.Name, err)}})
			}
		}
		return
	}
	if format == parser.FormatUnknown {
		msg := "empty input: no hands"
		rd.cur = append(rd.cur, parseErrorResult(in, format, &parser.Error{File: in.Name, Line: 1, HandIndex: -1, Msg: msg}))
		return
	}
	rdr, err := parser.OpenPooled(format, dr, in.Name, cfg.Limits, rd.pools.handMem())
	if err != nil {
		stat.Error = err.Error()
		rd.cur = append(rd.cur, Result{Input: in, IOError: true, Findings: []checks.Finding{ioErrorFinding(in.Name, err)}})
		return
	}
	audit = true
	for {
		if rd.ctx.Err() != nil {
			return
		}
		h, err := rdr.Next()
		if err == io.EOF {
			return
		}
		if err != nil {
			var pe *parser.Error
			if !errors.As(err, &pe) {
				stat.Error = err.Error()
				rd.cur = append(rd.cur, Result{Input: in, Format: format, IOError: true, Findings: []checks.Finding{ioErrorFinding(in.Name, err)}})
				return
			}
			rd.cur = append(rd.cur, parseErrorResult(in, format, pe))
		} else {
			rd.cur = append(rd.cur, Result{Input: in, Hand: h, Format: format, Line: h.Pos.Line})
		}
		if len(rd.cur) == chunkHands && !rd.submit(true, false, nil) {
			return
		}
	}
}

// reuse streams the stored results of input in, if the state has them for
// its current content. It reports whether it did.
func (rd *reader) reuse(in *Input, stat *InputStat) bool {
	s := rd.cfg.State
	if !s.mayHave(in.Name) {
		return false // new: parsed, and its digest taken as it is read
	}
	digest, size, err := digestInput(rd.ctx, *in, rd.cfg.MaxFileBytes)
	if err != nil {
		return false // the parse path reports the error
	}
	e := s.lookup(in.Name, digest)
	if e == nil {
		return false
	}
	defer e.close()
	stat.SHA256, stat.Size, stat.Reused = digest, size, true
	rd.bytes.Add(size)
	for {
		if rd.ctx.Err() != nil {
			return true // the run is stopping
		}
		b, err := e.next()
		if err == io.EOF {
			return true
		}
		var rs []Result
		if err == nil {
			rs, err = s.decodeBlock(b, e.defs, in)
		}
		if err != nil && rd.ctx.Err() != nil {
			return true
		}
		if err != nil {
			rd.cfg.Logger.Error("unreadable state entry", "file", in.Name, "err", err)
			rd.cur = append(rd.cur, Result{Input: in, Findings: []checks.Finding{internalErrorFinding(in.Name, 0,
				fmt.Sprintf("internal error: the stored results of this input (--state) could not be read: %v; delete the state folder and run again", err))}})
			return true
		}
		if len(rd.cur) > 0 && !rd.submit(false, false, nil) {
			return true
		}
		rd.cur = rs
	}
}

// collector puts chunks back in order and emits their results.
type collector struct {
	cfg     *Config
	emit    func(*Result) error
	sum     *Summary
	next    int
	pending map[int]map[int]*chunk
	seqs    map[int]int // next chunk expected per input
	dups    hashSet
	dupOn   bool
	// parseOn: parse.error is among the checks run (--only and --skip
	// select it like any other). Off, a hand that cannot be read is still
	// a parse-error row and counted as one, but raises no finding.
	parseOn bool
	// sessions judges each table's hands against the table's previous
	// hand (nil: no session check selected).
	sessions *checks.Sessions
	keyer    handKeys           // computes the hands' duplicate-ID keys
	keys     []uint64           // the duplicate-ID keys of the chunk being emitted
	keyed    []bool             // whether each hand of the chunk has a key
	firsts   []firstSeen        // for each hand of the chunk, where its key was first seen
	judged   [][]checks.Finding // for each hand of the chunk, its session findings
	peeked   uint64             // keeps the loads of keyChunk from being optimised away
	err      error

	sw        *stateWriter // the head input's state entry being written
	swFile    int
	cacheable bool
	re        *refresher // reads flagged hands again for their views
	firstRe   *refresher // reads the first records of repeated IDs again
	pools     *pools     // nil unless Config.Reuse
}

func newCollector(cfg *Config, emit func(*Result) error) *collector {
	c := &collector{cfg: cfg, emit: emit, pending: map[int]map[int]*chunk{}, seqs: map[int]int{}, swFile: -1,
		sum: &Summary{Files: len(cfg.Inputs), ByCheck: map[string]int64{}, Inputs: make([]InputStat, 0, len(cfg.Inputs))}}
	// hand.duplicate-id follows --only/--skip once the catalog lists it.
	c.dupOn = checks.Lookup(duplicateID) == nil || cfg.Selection.Has(duplicateID)
	c.parseOn = checks.Lookup(parseErrorID) == nil || cfg.Selection.Has(parseErrorID)
	if c.dupOn {
		c.dups.reserve(estimateHands(cfg.Inputs))
	}
	if cfg.sessionsOn() {
		c.sessions = c.newSessions()
	}
	return c
}

// newSessions is a session judge whose ended sessions go to
// Config.OnSession.
func (c *collector) newSessions() *checks.Sessions {
	ss := checks.NewSessions(c.cfg.Selection)
	if c.cfg.OnSession != nil {
		ss.OnClose = func(r *checks.SessionRun) {
			if err := c.cfg.OnSession(r); err != nil && c.err == nil {
				c.err = err
			}
		}
	}
	return ss
}

// sessionsOn reports whether any session check is selected.
func (cfg *Config) sessionsOn() bool { return sessionsSelected(cfg.Selection) }

// sessionsSelected reports whether sel selects any session check.
func sessionsSelected(sel checks.Selection) bool {
	for _, id := range checks.SessionIDs {
		if sel.Has(id) {
			return true
		}
	}
	return false
}

// estimateHands guesses how many hands inputs hold from their sizes, on
// the high side: a hand history takes at least about bytesPerHandLow
// bytes a hand (PHH, the terser format, about 700; PokerStars text more).
// Compressed inputs count low, which only leaves the set to grow.
func estimateHands(inputs []Input) int64 {
	var bytes int64
	for i := range inputs {
		bytes += max(inputs[i].Size, 0)
	}
	return bytes / bytesPerHandLow
}

const bytesPerHandLow = 600

func (c *collector) add(ch *chunk) {
	m := c.pending[ch.file]
	if m == nil {
		m = map[int]*chunk{}
		c.pending[ch.file] = m
	}
	m[ch.seq] = ch
}

// ready returns the next chunk in order, if it has arrived.
func (c *collector) ready() *chunk {
	m := c.pending[c.next]
	seq := c.seqs[c.next]
	ch := m[seq]
	if ch == nil {
		return nil
	}
	delete(m, seq)
	if ch.last {
		delete(c.pending, c.next)
		delete(c.seqs, c.next)
	} else {
		c.seqs[c.next] = seq + 1
	}
	return ch
}

func (c *collector) emitChunk(ch *chunk) {
	if ch.seq == 0 {
		c.cacheable = true
		if c.sessions != nil && c.cfg.SessionsPerInput {
			c.sessions.Close()
			prev := c.sessions
			c.sessions = c.newSessions()
			c.sessions.ContinueSeq(prev)
		}
	}
	st := c.stat(ch)
	dups, sessionFlagged := false, false
	if c.dupOn {
		c.keyChunk(ch)
	}
	if c.sessions != nil {
		c.judgeChunk(ch)
	}
	for k := range ch.results {
		r := &ch.results[k]
		if r.Skip != "" {
			st.Skipped = r.Skip
			sk := Skipped{Name: r.Input.Name, Reason: r.Skip}
			logSkipped(c.cfg.Logger, sk)
			c.sum.Skipped = append(c.sum.Skipped, sk)
			c.cacheable = false
			continue
		}
		if u := r.Unsupported; u != nil {
			st.Unsupported, st.UnsupportedHands = u.name(), u.Hands
			ui := UnsupportedInput{Name: r.Input.Name, Format: u.name(), Hands: u.Hands}
			logUnsupported(c.cfg.Logger, ui)
			c.sum.Unsupported = append(c.sum.Unsupported, ui)
			c.cacheable = false
			continue
		}
		if !c.parseOn {
			r.Findings = withoutCheck(r.Findings, parseErrorID)
		}
		if c.dupOn {
			if first := c.firsts[k]; first.dup {
				dups = true
				c.wholeForReport(ch, r)
				firstName := c.cfg.Inputs[first.file].Name
				if f := c.conflictingCopy(r, first); f != nil {
					r.Findings = append(r.Findings, *f)
				} else {
					r.Findings = append(r.Findings, duplicateFinding(r.Hand, r.Input.Name, r.Line, firstName, first.line))
				}
			}
		}
		if c.sessions != nil {
			if fs := c.judged[k]; len(fs) > 0 {
				sessionFlagged = true
				if slices.ContainsFunc(fs, func(f checks.Finding) bool { return f.CheckID == checks.ConflictingDuplicateID }) {
					// One fault, one finding: another record under the
					// ID is the error, not also the repeated ID's warning,
					// and not twice (the pipeline may have found it first).
					if slices.ContainsFunc(r.Findings, func(f checks.Finding) bool { return f.CheckID == checks.ConflictingDuplicateID }) {
						fs = withoutCheck(fs, checks.ConflictingDuplicateID)
					}
					r.Findings = withoutCheck(r.Findings, duplicateID)
				}
				r.Findings = append(r.Findings, fs...)
				c.wholeForReport(ch, r)
			}
		}
		count(c.sum, r)
		if r.Hand != nil {
			st.Hands++
		}
		st.Findings += int64(len(r.Findings))
		if r.ParseError != nil {
			st.ParseErrors++
		}
		if r.IOError || (len(r.Findings) > 0 && r.Findings[0].CheckID == internalErrorID) {
			c.cacheable = false
		}
		if err := c.emit(r); err != nil {
			c.err = err
			return
		}
	}
	if (dups || sessionFlagged) && ch.store && c.cacheable && ch.blockErr == nil {
		// Store the hands now flagged whole, for the report of the next run.
		ch.block, ch.blockErr = c.cfg.State.encodeBlock(ch.results)
	}
	c.storeChunk(ch)
	if ch.last {
		c.finishInput(ch)
	}
	c.pools.recycle(ch.results)
	c.pools.recycleSessions(ch.sessions)
	ch.results, ch.sessions = nil, nil
}

// wholeForReport makes r, flagged by the collector (a duplicate ID, a
// session check), whole for the reports, which show a flagged hand.
func (c *collector) wholeForReport(ch *chunk, r *Result) {
	switch {
	case r.stub:
		c.refresh(ch.file, r) // read it again
	case r.Trace != nil && r.Trace.Terse:
		// Flagged after all: its view needs the engine's words.
		c.pools.traceMem().Put(r.Trace)
		r.Trace = replayHand(c.pools.traceMem(), r.Hand, c.cfg.rulesFor(r.Hand))
	}
}

// firstSeen is where a hand's key was first seen, if before the hand (dup).
type firstSeen struct {
	file, line int
	dup        bool
}

// keyChunk computes the duplicate-ID keys of the chunk's hands, loads each
// key's first slot of the set before any is added, then adds them all:
// the slots are scattered over a table far larger than the caches, and
// loads that do not depend on each other wait for memory together rather
// than one by one. The loads come in a loop of their own, after the
// hashing: between two loads the hashing of a hand ID (a chain of
// multiplications) left room for only a few of them to be under way at
// once. The keys are added at once, before emitting any hand: the report
// writers that emitting runs would push the loaded slots out of the
// caches again. The set sees the keys in the same order either way.
func (c *collector) keyChunk(ch *chunk) {
	c.keys, c.keyed = c.keys[:0], c.keyed[:0]
	for k := range ch.results {
		key, ok := c.keyer.key(ch.results[k].Hand, ch.file)
		c.keys, c.keyed = append(c.keys, key), append(c.keyed, ok)
	}
	var sum uint64
	for k, key := range c.keys {
		if c.keyed[k] {
			sum += c.dups.peek(key)
		}
	}
	c.peeked += sum
	c.firsts = c.firsts[:0]
	for k, key := range c.keys {
		var first firstSeen
		if c.keyed[k] {
			var isNew bool
			first.file, first.line, isNew = c.dups.add(key, ch.file, ch.results[k].Line)
			first.dup = !isNew
		}
		c.firsts = append(c.firsts, first)
	}
}

// judgeChunk judges the session records of the chunk's hands, in order,
// before any hand is emitted: the judge's tables and records stay in the
// caches for the whole chunk, where the report writers that emitting runs
// would push them out between two hands. c.judged[k] are the session
// findings of result k.
func (c *collector) judgeChunk(ch *chunk) {
	clear(c.judged) // the last chunk's findings: emitted, not to be kept alive
	c.judged = c.judged[:0]
	for k := range ch.results {
		var fs []checks.Finding
		if r := &ch.results[k]; r.Session != nil {
			fs = c.sessions.Add(r.Session, c.cfg.rulesFor(r.Hand))
		}
		c.judged = append(c.judged, fs)
	}
}

// stat returns the statistics of the head input, started on its first chunk.
func (c *collector) stat(ch *chunk) *InputStat {
	if len(c.sum.Inputs) <= ch.file {
		c.sum.Inputs = append(c.sum.Inputs, InputStat{Name: c.cfg.Inputs[ch.file].Name})
	}
	return &c.sum.Inputs[ch.file]
}

func (c *collector) storeChunk(ch *chunk) {
	if !ch.store || !c.cacheable {
		return
	}
	if ch.blockErr != nil || ch.block == nil {
		c.cacheable = false
		return
	}
	if c.sw == nil {
		c.sw, c.swFile = c.cfg.State.create(c.cfg.Inputs[ch.file].Name), ch.file
	}
	c.sw.block(ch.block)
}

func (c *collector) finishInput(ch *chunk) {
	st := &c.sum.Inputs[ch.file]
	if s := ch.stat; s != nil {
		st.Size, st.SHA256, st.Reused, st.Error = s.Size, s.SHA256, s.Reused, s.Error
	}
	switch {
	case st.Skipped != "", st.Unsupported != "": // not audited: neither parsed nor reused
	case st.Reused:
		c.sum.Reused++
	default:
		c.sum.Parsed++
	}
	if c.sw != nil {
		if c.cacheable && ch.store && st.SHA256 != "" && st.Error == "" {
			if err := c.sw.commit(st.SHA256); err != nil {
				c.cfg.Logger.Warn("could not store results in the state folder", "file", st.Name, "err", err)
			}
		} else {
			c.sw.abort()
		}
		c.sw, c.swFile = nil, -1
	}
}

// refresh replaces the stored header of a reused hand by the hand read
// again from its input, replayed and checked. It is needed only when a
// reused hand turns out to be a duplicate of a hand of another input: the
// reports then show it whole. The input is read sequentially, once per run
// at most, as the hands to refresh come in input order.
func (c *collector) refresh(file int, r *Result) {
	h := c.handAt(&c.re, file, r.Line, r.Format)
	if h == nil {
		c.cfg.Logger.Warn("cannot read a flagged hand again for its view", "file", r.Input.Name, "line", r.Line)
		return
	}
	full := Result{Input: r.Input, Hand: h, Format: r.Format, Line: h.Pos.Line}
	auditHand(c.cfg, nil, nil, &full, nil)
	r.Hand, r.Trace, r.stub = full.Hand, full.Trace, false
}

// handAt reads the hand at line of input file again, with the reader *rp
// if it is on that input before that line (hands asked in input order are
// read in one pass), or nil if it cannot (the input changed or cannot be
// read: the caller says so).
func (c *collector) handAt(rp **refresher, file, line int, f parser.Format) *hand.Hand {
	re := *rp
	if re == nil || re.file != file || re.line >= line {
		re.close()
		*rp = nil
		in := &c.cfg.Inputs[file]
		raw, err := openRaw(*in, nil, nil)
		if err != nil {
			return nil
		}
		raw.bound(context.Background(), c.cfg.MaxFileBytes)
		text, closer, err := decodeInput(raw, c.cfg.MaxFileBytes)
		if err != nil {
			raw.Close()
			return nil
		}
		rdr, err := parser.OpenLimited(f, parser.NewDecodedReader(text), in.Name, c.cfg.Limits)
		if err != nil {
			closer.Close()
			raw.Close()
			return nil
		}
		re = &refresher{file: file, raw: raw, closer: closer, rdr: rdr}
		*rp = re
	}
	for {
		h, err := re.rdr.Next()
		if err == io.EOF || (err != nil && !parser.IsParseError(err)) {
			return nil
		}
		if err != nil {
			continue
		}
		re.line = h.Pos.Line
		if h.Pos.Line == line {
			return h
		}
		if h.Pos.Line > line {
			return nil
		}
	}
}

// conflictingCopy judges a hand whose ID was read before (at first): the
// first record is read again and, when its contents differ, the hand gets
// session.conflicting-duplicate (an error) instead of hand.duplicate-id's
// warning. Only duplicates pay for it: copies of a whole file come in the
// order of the first, which is then read in one pass.
func (c *collector) conflictingCopy(r *Result, first firstSeen) *checks.Finding {
	if r.Hand == nil || r.stub || !c.cfg.Selection.Has(checks.ConflictingDuplicateID) {
		return nil
	}
	h := c.handAt(&c.firstRe, first.file, first.line, r.Format)
	if h == nil {
		return nil // the first cannot be read again: the repeated ID is all that is known
	}
	rs := c.cfg.rulesFor(r.Hand)
	if checks.RecordDigest(h, replay.Replay(h, c.cfg.rulesFor(h))) == checks.RecordDigest(r.Hand, r.Trace) {
		return nil
	}
	return checks.ConflictingCopy(c.cfg.Selection, rs, r.Hand, r.Input.Name, r.Line, c.cfg.Inputs[first.file].Name, first.line)
}

type refresher struct {
	file   int
	line   int // line of the last hand read
	raw    *rawInput
	closer io.Closer
	rdr    parser.Reader
}

func (re *refresher) close() {
	if re != nil {
		re.closer.Close()
		re.raw.Close()
	}
}

// cleanup drops a state entry left unfinished by an interrupted run and
// closes an input opened to refresh hands.
func (c *collector) cleanup() {
	c.dups.free()
	c.re.close()
	c.re = nil
	c.firstRe.close()
	c.firstRe = nil
	if c.sw != nil {
		c.sw.abort()
		c.sw = nil
	}
}

func totalFindings(s *Summary) int64 {
	return s.BySeverity[0] + s.BySeverity[1] + s.BySeverity[2]
}

func count(sum *Summary, r *Result) {
	if r.Hand != nil {
		sum.Hands++
	}
	if r.IOError {
		sum.IOErrors++
	}
	if r.ParseError != nil || r.IOError {
		sum.ParseErrors++
	}
	countFindings(sum, r.Findings)
	countImpliedRake(sum, r.Hand, r.Trace)
}

// withoutCheck returns fs without the findings of check id (in place).
func withoutCheck(fs []checks.Finding, id string) []checks.Finding {
	for i := range fs {
		if fs[i].CheckID == id {
			return slices.DeleteFunc(fs, func(f checks.Finding) bool { return f.CheckID == id })
		}
	}
	return fs
}

// countFindings adds findings to a summary's counts.
func countFindings(sum *Summary, fs []checks.Finding) {
	for i := range fs {
		f := &fs[i]
		sum.ByCheck[f.CheckID]++
		if int(f.Severity) < len(sum.BySeverity) {
			sum.BySeverity[f.Severity]++
		}
		if f.CheckID == internalErrorID {
			sum.Internal++
		}
	}
}

func parseErrorResult(in *Input, f parser.Format, pe *parser.Error) Result {
	return Result{Input: in, Format: f, Line: pe.Line, ParseError: pe,
		Findings: []checks.Finding{checks.ParseErrorFinding(pe)}}
}

// auditHand replays and checks the hand of r, a result as the reader made
// it (no trace, no findings yet), and sets r's Trace and Findings, in place:
// the result is not built anew and copied over. It uses runner's scratch
// space when runner is not nil, and fills rec, when not nil, with the
// hand's session record (r.Session then points to it if the hand is at a
// table). A panic in either becomes an internal.error finding on this
// hand; the run goes on.
func auditHand(cfg *Config, traces *replay.TracePool, runner *checks.Runner, r *Result, rec *checks.SessionHand) {
	if runner == nil {
		runner = new(checks.Runner)
	}
	h := r.Hand
	defer func() {
		if p := recover(); p != nil {
			digest := stackDigest()
			cfg.Logger.Error("internal error auditing hand", "file", r.Input.Name, "line", h.Pos.Line,
				"hand", h.ID, "panic", fmt.Sprint(p), "stack_digest", digest)
			r.Trace = nil
			r.Findings = []checks.Finding{internalErrorFinding(r.Input.Name, h.Pos.Line,
				fmt.Sprintf("internal error auditing hand %s (stack digest %s): %v", h.ID, digest, p))}
			r.Findings[0].HandID = h.ID
			r.Findings[0].Table = h.Table
		}
	}()
	if testHookAudit != nil {
		testHookAudit(h)
	}
	rs := cfg.rulesFor(h)
	if traces != nil {
		// Most hands are clean, and nobody reads the engine's words on a
		// clean hand: replay tersely first, and again in full only when
		// there is something to report (the findings are the same; their
		// messages quote the engine's reasons).
		tr := replayTerse(traces, h, rs)
		if msg := tr.InternalError; msg != "" {
			panic("replay: " + msg)
		}
		if fs := runner.Run(h, tr, cfg.Selection); len(fs) == 0 {
			r.fillSession(rec, tr)
			// The writers read only a clean hand's totals: its steps go
			// back now, to be reused while in this core's caches.
			traces.Release(tr)
			r.Trace = tr
			return
		}
		traces.Put(tr)
	}
	r.Trace = replayHand(traces, h, rs)
	if msg := r.Trace.InternalError; msg != "" {
		// The engine recovered from its own bug: this hand was not audited.
		panic("replay: " + msg)
	}
	r.Findings = runner.Run(h, r.Trace, cfg.Selection)
	r.fillSession(rec, r.Trace)
}

// fillSession fills rec, if not nil, with the session record of r's hand,
// replayed as t, and points r.Session to it if the hand is at a table.
func (r *Result) fillSession(rec *checks.SessionHand, t *replay.Trace) {
	if rec != nil && rec.Fill(r.Hand, t) {
		r.Session = rec
	}
}

// rulesFor is the ruleset hand h is judged under.
func (cfg *Config) rulesFor(h *hand.Hand) *replay.Ruleset {
	if cfg.Rulebook != nil {
		return cfg.Rulebook.For(h)
	}
	return cfg.Rules
}

// replayHand replays h, into a trace from traces when it is not nil; a
// test replaces it to stand in for an engine that failed on a hand.
var replayHand = func(traces *replay.TracePool, h *hand.Hand, rs *replay.Ruleset) *replay.Trace {
	if traces != nil {
		return traces.Replay(h, rs)
	}
	return replay.Replay(h, rs)
}

// replayTerse is TracePool.ReplayTerse; a test replaces it with
// replayHand's stand-in.
var replayTerse = func(traces *replay.TracePool, h *hand.Hand, rs *replay.Ruleset) *replay.Trace {
	return traces.ReplayTerse(h, rs)
}

// pools are the hands and traces a run reuses (Config.Reuse). Readers
// and workers take from them; the collector gives every result back once
// emitted. Each goroutine works through pools of its own (local), which
// take and give the run's hands and traces a batch at a time. A nil
// *pools reuses nothing.
type pools struct {
	hands    *hand.Pool
	traces   *replay.TracePool
	chunks   *sync.Pool // of *[]Result with room for chunkHands
	sessions *sync.Pool // of *[]checks.SessionHand: a chunk's session records
}

// newPools returns a run's shared pools.
func newPools() *pools {
	return &pools{hands: new(hand.Pool), traces: new(replay.TracePool), chunks: new(sync.Pool), sessions: new(sync.Pool)}
}

// local returns pools for one goroutine in front of p's shared ones.
func (p *pools) local() *pools {
	if p == nil {
		return nil
	}
	return &pools{hands: p.hands.Local(), traces: p.traces.Local(), chunks: p.chunks, sessions: p.sessions}
}

// results returns an empty slice of results with room for a chunk.
func (p *pools) results() []Result {
	if p != nil {
		if rs, _ := p.chunks.Get().(*[]Result); rs != nil {
			return (*rs)[:0]
		}
	}
	return make([]Result, 0, chunkHands)
}

// sessionRecords returns n session records for a chunk's hands. Reused
// records keep the memory of their seats; Fill overwrites them whole.
func (p *pools) sessionRecords(n int) []checks.SessionHand {
	if p != nil {
		if ss, _ := p.sessions.Get().(*[]checks.SessionHand); ss != nil && cap(*ss) >= n {
			return (*ss)[:n]
		}
	}
	return make([]checks.SessionHand, n, max(n, chunkHands))
}

// recycleSessions gives back a chunk's session records, once judged.
func (p *pools) recycleSessions(ss []checks.SessionHand) {
	if p != nil && cap(ss) >= chunkHands {
		p.sessions.Put(&ss)
	}
}

func (p *pools) handMem() *hand.Pool {
	if p == nil {
		return nil
	}
	return p.hands
}

func (p *pools) traceMem() *replay.TracePool {
	if p == nil {
		return nil
	}
	return p.traces
}

// recycle gives back the hands and traces of emitted results. Each result
// is cleared: nothing may reach the reused memory through it.
func (p *pools) recycle(rs []Result) {
	if p == nil {
		return
	}
	for i := range rs {
		r := &rs[i]
		p.traces.Put(r.Trace)
		p.hands.Put(r.Hand)
	}
	if cap(rs) >= chunkHands {
		clear(rs) // nothing may reach a reused hand, or an old finding, through it
		rs = rs[:0]
		p.chunks.Put(&rs)
	}
}

// testHookAudit, when a test sets it, runs before each hand is audited; a
// test makes it panic to prove that a bug met in one hand does not stop the
// run (replay recovers its own panics, so only a hook reaches this path).
var testHookAudit func(*hand.Hand)

type eofReader struct{}

func (eofReader) Read([]byte) (int, error) { return 0, io.EOF }

// stackDigest is a short hash of the function names on the current stack
// (not addresses or goroutine IDs), so the same bug seen in many hands gets
// the same digest and can be grouped in the logs.
func stackDigest() string {
	pcs := make([]uintptr, 64)
	frames := runtime.CallersFrames(pcs[:runtime.Callers(3, pcs)])
	var h uint64 = 14695981039346656037
	for {
		fr, more := frames.Next()
		for i := 0; i < len(fr.Function); i++ {
			h ^= uint64(fr.Function[i])
			h *= 1099511628211
		}
		h ^= uint64(fr.Line)
		h *= 1099511628211
		if !more {
			break
		}
	}
	return fmt.Sprintf("%016x", h)
}

// Package batch runs the audit pipeline over many inputs: it expands the
// inputs, reads each with the parser its content calls for, replays and
// checks every hand in parallel, and hands the results, in input order, to
// the report writers.
//
// Output order never depends on the number of workers: inputs are sorted,
// each input's hands keep their order, and a collector releases results
// strictly in that order. Memory stays bounded: only a window of inputs is
// in flight, and each holds at most a few batches of results.
package batch

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"runtime"
	"sync"
	"sync/atomic"
	"time"

	"github.com/handaudit/handaudit/checks"
	"github.com/handaudit/handaudit/hand"
	"github.com/handaudit/handaudit/parser"
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
}

// Config says what to run and how.
type Config struct {
	Inputs    []Input
	Workers   int // 0 = all cores
	Rules     *replay.Ruleset
	Selection checks.Selection
	// MaxFileBytes bounds the decompressed size of one input (0 = no limit).
	MaxFileBytes int64
	Stdin        io.Reader
	Logger       *slog.Logger
	// OnProgress, if set, is called from the collector after each batch.
	OnProgress func(Progress)
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
}

// batchSize is how many hands a worker groups before handing them on:
// large enough to amortise channel traffic, small enough to bound memory.
const batchSize = 256

// aheadBatches is how many finished batches one input may hold while the
// collector is still writing an earlier input.
const aheadBatches = 4

type resultBatch struct {
	file    int
	results []Result
	last    bool
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
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()

	n := len(cfg.Inputs)
	window := 2 * workers
	// tokens[i] bounds how far input i's worker may run ahead of the collector.
	tokens := make([]chan struct{}, n)
	for i := range tokens {
		tokens[i] = make(chan struct{}, aheadBatches)
	}
	admit := make(chan struct{}, window) // inputs in flight
	jobs := make(chan int)
	out := make(chan resultBatch, workers*aheadBatches)

	var bytesTotal int64
	for _, in := range cfg.Inputs {
		bytesTotal += in.Size
	}
	var bytesRead atomic.Int64

	go func() {
		defer close(jobs)
		for i := 0; i < n; i++ {
			select {
			case admit <- struct{}{}:
			case <-ctx.Done():
				return
			}
			select {
			case jobs <- i:
			case <-ctx.Done():
				return
			}
		}
	}()

	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range jobs {
				processInput(ctx, &cfg, i, tokens[i], out, &bytesRead)
			}
		}()
	}
	go func() { wg.Wait(); close(out) }()

	sum := &Summary{Files: n, ByCheck: map[string]int64{}}
	pending := make([][]resultBatch, n)
	next := 0
	var emitErr error
	for b := range out {
		if emitErr != nil {
			continue // drain so workers can finish
		}
		pending[b.file] = append(pending[b.file], b)
		for next < n && len(pending[next]) > 0 {
			cur := pending[next][0]
			pending[next] = pending[next][1:]
			for k := range cur.results {
				r := &cur.results[k]
				count(sum, r)
				if err := emit(r); err != nil {
					emitErr = err
					cancel()
					break
				}
			}
			<-tokens[next]
			if cur.last {
				pending[next] = nil
				next++
				<-admit
			}
			if emitErr != nil {
				break
			}
		}
		if cfg.OnProgress != nil && emitErr == nil {
			cfg.OnProgress(Progress{FilesDone: next, FilesTotal: n, Hands: sum.Hands,
				Findings: totalFindings(sum), Bytes: bytesRead.Load(), BytesTotal: bytesTotal,
				Elapsed: time.Since(start)})
		}
	}
	sum.Elapsed = time.Since(start)
	if emitErr != nil {
		return sum, emitErr
	}
	if err := ctx.Err(); err != nil && next < n {
		return sum, err
	}
	if next < n {
		return sum, fmt.Errorf("batch: internal error: %d of %d inputs finished", next, n)
	}
	return sum, nil
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
	for i := range r.Findings {
		f := &r.Findings[i]
		sum.ByCheck[f.CheckID]++
		if int(f.Severity) < len(sum.BySeverity) {
			sum.BySeverity[f.Severity]++
		}
		switch f.CheckID {
		case parseErrorID:
			sum.ParseErrors++
		case internalErrorID:
			sum.Internal++
		}
	}
}

// processInput reads one input and sends its results in batches. It always
// sends a final batch with last set, even on error, so the collector can move on.
func processInput(ctx context.Context, cfg *Config, idx int, tok chan struct{}, out chan<- resultBatch, bytesRead *atomic.Int64) {
	in := &cfg.Inputs[idx]
	batch := make([]Result, 0, batchSize)
	send := func(last bool) bool {
		select {
		case tok <- struct{}{}:
		case <-ctx.Done():
			return false
		}
		select {
		case out <- resultBatch{file: idx, results: batch, last: last}:
		case <-ctx.Done():
			return false
		}
		batch = make([]Result, 0, batchSize)
		return true
	}
	defer func() {
		if p := recover(); p != nil {
			// A parser bug must not lose the batch: report it on this input and go on.
			cfg.Logger.Error("internal error reading input", "file", in.Name, "panic", fmt.Sprint(p), "stack", stackDigest())
			batch = append(batch, Result{Input: in, Findings: []checks.Finding{
				internalErrorFinding(in.Name, 0, fmt.Sprintf("internal error while reading this input: %v", p))}})
		}
		send(true)
	}()

	rc, err := openInput(*in, cfg.Stdin, cfg.MaxFileBytes)
	if err != nil {
		batch = append(batch, Result{Input: in, IOError: true, Findings: []checks.Finding{ioErrorFinding(in.Name, err)}})
		return
	}
	defer rc.Close()
	cr := &countingReader{r: rc, n: bytesRead}
	br := bufio.NewReaderSize(parser.NewDecodedReader(cr), 64*1024)
	head, _ := br.Peek(8192)
	format := parser.Detect(head)
	if format == parser.FormatUnknown {
		if len(head) == 0 {
			batch = append(batch, parseErrorResult(in, format, &parser.Error{File: in.Name, Line: 1, HandIndex: -1, Msg: "empty input: no hands"}))
		} else {
			batch = append(batch, parseErrorResult(in, format, &parser.Error{File: in.Name, Line: 1, HandIndex: -1, Msg: "unrecognised input format (not PHH or PokerStars text)"}))
		}
		return
	}
	rd, err := parser.Open(format, br, in.Name)
	if err != nil {
		batch = append(batch, Result{Input: in, IOError: true, Findings: []checks.Finding{ioErrorFinding(in.Name, err)}})
		return
	}
	for {
		if ctx.Err() != nil {
			return
		}
		h, err := rd.Next()
		if err == io.EOF {
			return
		}
		if err != nil {
			var pe *parser.Error
			if errors.As(err, &pe) {
				batch = append(batch, parseErrorResult(in, format, pe))
			} else {
				batch = append(batch, Result{Input: in, Format: format, IOError: true, Findings: []checks.Finding{ioErrorFinding(in.Name, err)}})
				return
			}
		} else {
			batch = append(batch, auditHand(cfg, in, format, h))
		}
		if len(batch) == batchSize {
			if !send(false) {
				return
			}
		}
	}
}

func parseErrorResult(in *Input, f parser.Format, pe *parser.Error) Result {
	return Result{Input: in, Format: f, Line: pe.Line, ParseError: pe,
		Findings: []checks.Finding{checks.ParseErrorFinding(pe)}}
}

// auditHand replays and checks one hand. A panic in either becomes an
// internal.error finding on this hand; the run goes on.
func auditHand(cfg *Config, in *Input, format parser.Format, h *hand.Hand) (res Result) {
	res = Result{Input: in, Hand: h, Format: format, Line: h.Pos.Line}
	defer func() {
		if p := recover(); p != nil {
			digest := stackDigest()
			cfg.Logger.Error("internal error auditing hand", "file", in.Name, "line", h.Pos.Line,
				"hand", h.ID, "panic", fmt.Sprint(p), "stack_digest", digest)
			res.Trace = nil
			res.Findings = []checks.Finding{internalErrorFinding(in.Name, h.Pos.Line,
				fmt.Sprintf("internal error auditing hand %s (stack digest %s): %v", h.ID, digest, p))}
			res.Findings[0].HandID = h.ID
			res.Findings[0].Table = h.Table
		}
	}()
	res.Trace = replay.Replay(h, cfg.Rules)
	res.Findings = checks.Run(h, res.Trace, cfg.Selection)
	return res
}

type countingReader struct {
	r io.Reader
	n *atomic.Int64
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n.Add(int64(n))
	return n, err
}

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

package reports

import (
	"fmt"
	"io"
	"sync"

	"github.com/klauspost/compress/zstd"
	"github.com/parquet-go/parquet-go"
	pqzstd "github.com/parquet-go/parquet-go/compress/zstd"
)

// Parquet layout: row groups of about 128k rows, zstd, dictionaries for
// repetitive string columns, bounded so that a high-cardinality column
// falls back to plain encoding instead of growing without limit.
const (
	parquetRowGroupRows = 128 << 10
	parquetDictMaxBytes = 4 << 20
	parquetBatchRows    = 4096
	// parquetPageBytes is the uncompressed size at which a column's page
	// is cut. Every column of both tables holds up to this much at once,
	// so it is most of a run's heap: 256 KiB pages keep a 10-million-hand
	// run under 300 MB, and are still large pages for any reader.
	parquetPageBytes = 256 << 10
	parquetBatches   = 3 // batches per table: one filling, the others queued or encoding
	parquetZstdLevel = pqzstd.SpeedFastest
)

func parquetOptions(info RunInfo) []parquet.WriterOption {
	opts := []parquet.WriterOption{
		parquet.Compression(&pqzstd.Codec{Level: parquetZstdLevel}),
		parquet.MaxRowsPerRowGroup(parquetRowGroupRows),
		parquet.DictionaryMaxBytes(parquetDictMaxBytes),
		parquet.PageBufferSize(parquetPageBytes),
		parquet.CreatedBy("handaudit", info.ToolVersion, ""),
	}
	for _, kv := range info.metadata() {
		opts = append(opts, parquet.KeyValueMetadata(kv[0], kv[1]))
	}
	return opts
}

// findingsCodec compresses findings.parquet's pages with one zstd encoder
// kept for the whole table, made with the options parquet-go's zstd codec
// gives its own encoders, so that the bytes are the same. That codec takes
// its encoders from a sync.Pool, which garbage collections empty, and a new
// encoder zeroes megabytes of history: findings come in a few large batches,
// far apart, so nearly every batch paid for one, and the last one did so
// at the end of the run, when nothing else is left to do.
type findingsCodec struct {
	pqzstd.Codec // names the codec and decodes
	enc          *zstd.Encoder
}

func newFindingsCodec() (*findingsCodec, error) {
	// WithLowerEncoderMem only sizes the encoder's buffers to what it is
	// given; the bytes it writes are the same.
	enc, err := zstd.NewWriter(nil, zstd.WithEncoderConcurrency(pqzstd.DefaultConcurrency),
		zstd.WithEncoderLevel(parquetZstdLevel), zstd.WithZeroFrames(true), zstd.WithEncoderCRC(false),
		zstd.WithLowerEncoderMem(true))
	if err != nil {
		return nil, err
	}
	return &findingsCodec{Codec: pqzstd.Codec{Level: parquetZstdLevel}, enc: enc}, nil
}

func (c *findingsCodec) Encode(dst, src []byte) ([]byte, error) {
	return c.enc.EncodeAll(src, dst[:0]), nil
}

// tableBatch is a batch of rows on its way from the caller's goroutine to
// a table's encoder.
type tableBatch interface {
	rows() int
	reset()
}

// batchEncoder encodes batches into a Parquet file.
type batchEncoder[B tableBatch] interface {
	encode(b B) error
	Close() error
}

// prefault writes s's memory once, before the garbage collector reads it.
// Memory fresh from the system is known to be zero, so the runtime does
// not clear it, and a batch's pointer slots are then first touched by the
// collector's scan: that maps each page to the shared zero page, and the
// first row written to the page faults again to replace it, interrupting
// the other cores to flush their TLBs. Written first, a page faults once.
func prefault[T any](s []T) { clear(s) }

// rowBatch is a batch of rows with the slab their nullable values point into.
type rowBatch[T any] struct {
	list []T
	slab rowMem
}

func (b *rowBatch[T]) rows() int { return len(b.list) }

func (b *rowBatch[T]) reset() {
	clear(b.list)
	b.list = b.list[:0]
	b.slab.reset()
}

// genericEncoder encodes rows with parquet-go's generic writer.
type genericEncoder[T any] struct{ w *parquet.GenericWriter[T] }

func (e genericEncoder[T]) encode(b *rowBatch[T]) error {
	_, err := e.w.Write(b.list)
	return err
}

func (e genericEncoder[T]) Close() error { return e.w.Close() }

// parquetTable streams rows into one Parquet file. Rows are gathered in
// batches by the caller's goroutine and encoded by a goroutine of the
// table's own, so that building rows, encoding and compressing overlap; a
// fixed number of batches bounds the memory.
type parquetTable[B tableBatch] struct {
	name string
	file *atomicFile
	enc  batchEncoder[B]

	cur  B // the batch the caller fills
	full chan B
	free chan B
	done chan struct{}

	mu  sync.Mutex
	err error // first encoding error, set by the encoder goroutine
}

// openParquetTable creates dir/name, encoded by the encoder newEncoder
// makes, in batches newBatch makes.
func openParquetTable[B tableBatch](dir, name string, digests *Digests, newBatch func() B, newEncoder func(io.Writer) (batchEncoder[B], error)) (*parquetTable[B], error) {
	f, err := createAtomic(dir, name, digests)
	if err != nil {
		return nil, err
	}
	enc, err := newEncoder(f)
	if err != nil {
		_ = f.abort()
		return nil, err
	}
	t := &parquetTable[B]{name: name, file: f, enc: enc,
		full: make(chan B, parquetBatches), free: make(chan B, parquetBatches),
		done: make(chan struct{})}
	for range parquetBatches - 1 {
		t.free <- newBatch()
	}
	t.cur = newBatch()
	go t.encode()
	return t, nil
}

// encode writes the batches it receives until full is closed.
func (t *parquetTable[B]) encode() {
	defer close(t.done)
	for b := range t.full {
		if t.failed() == nil {
			t.setErr(t.write(b))
		}
		b.reset()
		t.free <- b
	}
}

func (t *parquetTable[B]) write(b B) (err error) {
	defer recoverInto(&err, "parquet")
	if err := t.enc.encode(b); err != nil {
		return fmt.Errorf("reports: %s: %w", t.name, err)
	}
	return nil
}

func (t *parquetTable[B]) setErr(err error) {
	if err == nil {
		return
	}
	t.mu.Lock()
	if t.err == nil {
		t.err = err
	}
	t.mu.Unlock()
}

func (t *parquetTable[B]) failed() error {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.err
}

// added is called once a row is added to t.cur: it hands a full batch to
// the encoder.
func (t *parquetTable[B]) added() error {
	if t.cur.rows() < parquetBatchRows {
		return nil
	}
	return t.flush()
}

// flush hands the current batch to the encoder.
func (t *parquetTable[B]) flush() error {
	if err := t.failed(); err != nil {
		return err
	}
	if t.cur.rows() == 0 {
		return nil
	}
	t.full <- t.cur
	t.cur = <-t.free
	return nil
}

// stop ends the encoder goroutine; it is safe to call more than once.
func (t *parquetTable[B]) stop() {
	if t.full != nil {
		close(t.full)
		<-t.done
		t.full = nil
	}
}

// close encodes what is left, writes the footer and renames the file into place.
func (t *parquetTable[B]) close() (err error) {
	defer recoverInto(&err, "parquet")
	if t.enc == nil {
		return nil // closed before
	}
	ferr := t.flush()
	t.stop()
	if ferr != nil {
		return ferr
	}
	if err := t.failed(); err != nil {
		return err
	}
	if err := t.enc.Close(); err != nil {
		return fmt.Errorf("reports: %s: %w", t.name, err)
	}
	// A day partition's writers stay listed until the run ends: the
	// encoder and its compressor go now.
	t.enc = nil
	return t.file.commit()
}

func (t *parquetTable[B]) abort() error {
	if t == nil {
		return nil
	}
	t.stop()
	return t.file.abort()
}

// ParquetWriter writes findings.parquet, hands.parquet and
// settlements.parquet (docs/schema.md).
type ParquetWriter struct {
	findings    *parquetTable[*rowBatch[FindingRow]]
	hands       *parquetTable[*handBatch]
	settlements *parquetTable[*rowBatch[SettlementRow]]
	handMem     rowMem // the stakes texts of recent hands
	settler     settler
	settled     int64 // settlement rows written
}

// NewParquet returns a writer for findings.parquet, hands.parquet and
// settlements.parquet.
func NewParquet() *ParquetWriter { return &ParquetWriter{} }

// Open creates the temporary files in dir.
func (w *ParquetWriter) Open(dir string, info RunInfo) (err error) {
	defer recoverInto(&err, "parquet")
	opts := parquetOptions(info.normalized())
	// Findings are few (most hands have none): the generic writer is cheap
	// enough for them. Every hand has a row in hands.parquet, which the
	// column writer encodes at a fraction of the generic writer's cost.
	newFindings := func() *rowBatch[FindingRow] {
		list := make([]FindingRow, parquetBatchRows)
		prefault(list)
		return &rowBatch[FindingRow]{list: list[:0]}
	}
	findingsEncoder := func(f io.Writer) (batchEncoder[*rowBatch[FindingRow]], error) {
		codec, err := newFindingsCodec()
		if err != nil {
			return nil, err
		}
		fopts := append(opts[:len(opts):len(opts)], parquet.Compression(codec))
		return genericEncoder[FindingRow]{parquet.NewGenericWriter[FindingRow](f, fopts...)}, nil
	}
	handsEncoder := func(f io.Writer) (batchEncoder[*handBatch], error) { return newHandsWriter(f, opts) }
	if w.findings, err = openParquetTable(dir, "findings.parquet", info.Digests, newFindings, findingsEncoder); err != nil {
		return err
	}
	if w.hands, err = openParquetTable(dir, "hands.parquet", info.Digests, newHandBatch, handsEncoder); err != nil {
		_ = w.findings.abort()
		return err
	}
	// Settlement rows are fewer still: a row per player paid wrong.
	newSettlements := func() *rowBatch[SettlementRow] {
		return &rowBatch[SettlementRow]{list: make([]SettlementRow, 0, parquetBatchRows)}
	}
	settlementsEncoder := func(f io.Writer) (batchEncoder[*rowBatch[SettlementRow]], error) {
		return genericEncoder[SettlementRow]{parquet.NewGenericWriter[SettlementRow](f, opts...)}, nil
	}
	if w.settlements, err = openParquetTable(dir, "settlements.parquet", info.Digests, newSettlements, settlementsEncoder); err != nil {
		_ = w.findings.abort()
		_ = w.hands.abort()
		return err
	}
	w.settled = 0
	return nil
}

// Settlements is how many rows settlements.parquet has so far.
func (w *ParquetWriter) Settlements() int64 { return w.settled }

// addSettlement appends one settlement row.
func (w *ParquetWriter) addSettlement(row SettlementRow) error {
	b := w.settlements.cur
	b.list = append(b.list, row)
	w.settled++
	return w.settlements.added()
}

// WriteHand appends the hand's row and its findings' rows.
func (w *ParquetWriter) WriteHand(r *HandResult) (err error) {
	defer recoverInto(&err, "parquet")
	if w.findings == nil {
		return fmt.Errorf("reports: parquet writer not open")
	}
	for i := range r.Findings {
		b := w.findings.cur
		b.list = append(b.list, findingRow(&r.Findings[i], r, &b.slab))
		if err := w.findings.added(); err != nil {
			return err
		}
	}
	if len(r.Findings) > 0 {
		// A hand paid other than the rules pay has a finding.
		if err := w.settler.settle(r, w.addSettlement); err != nil {
			return err
		}
	}
	w.hands.cur.addResult(r, &w.handMem)
	// As added does, without its call through the generic table's
	// dictionary for the batch's length.
	if w.hands.cur.n < parquetBatchRows {
		return nil
	}
	return w.hands.flush()
}

// Close writes the footers and renames both files into place.
func (w *ParquetWriter) Close() (err error) {
	if w.findings == nil {
		return nil
	}
	defer func() {
		if err != nil {
			_ = w.Abort()
		}
	}()
	// The tables finish at the same time: at the end of a run this is
	// what is left to do, and the hands' last row group and the findings'
	// (their only one, in most runs) need not take turns.
	var findingsErr, settlementsErr error
	var wg sync.WaitGroup
	wg.Go(func() { findingsErr = w.findings.close() })
	wg.Go(func() { settlementsErr = w.settlements.close() })
	handsErr := w.hands.close()
	wg.Wait()
	if findingsErr != nil {
		return findingsErr
	}
	if settlementsErr != nil {
		return settlementsErr
	}
	return handsErr
}

// Abort stops the encoders and removes the temporary files.
func (w *ParquetWriter) Abort() error {
	err1 := w.findings.abort()
	err2 := w.hands.abort()
	err3 := w.settlements.abort()
	for _, err := range []error{err1, err2, err3} {
		if err != nil {
			return err
		}
	}
	return nil
}

// recoverInto turns a panic in a third-party encoder into an error: bad
// input must never crash a run.
func recoverInto(err *error, what string) {
	if p := recover(); p != nil {
		*err = fmt.Errorf("reports: %s writer: internal error: %v", what, p)
	}
}

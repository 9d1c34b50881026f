package reports

import (
	"fmt"
	"sync"

	"github.com/parquet-go/parquet-go"
	"github.com/parquet-go/parquet-go/compress/zstd"
)

// Parquet layout: row groups of about 128k rows, zstd, dictionaries for
// repetitive string columns, bounded so that a high-cardinality column
// falls back to plain encoding instead of growing without limit.
const (
	parquetRowGroupRows = 128 << 10
	parquetDictMaxBytes = 4 << 20
	parquetBatchRows    = 4096
	parquetBatches      = 3 // batches per table: one filling, the others queued or encoding
)

func parquetOptions(info RunInfo) []parquet.WriterOption {
	opts := []parquet.WriterOption{
		parquet.Compression(&zstd.Codec{Level: zstd.SpeedFastest}),
		parquet.MaxRowsPerRowGroup(parquetRowGroupRows),
		parquet.DictionaryMaxBytes(parquetDictMaxBytes),
		parquet.PageBufferSize(1 << 20),
		parquet.CreatedBy("handaudit", info.ToolVersion, ""),
	}
	for _, kv := range info.metadata() {
		opts = append(opts, parquet.KeyValueMetadata(kv[0], kv[1]))
	}
	return opts
}

// rowBatch is a batch of rows with the slab their nullable values point into.
type rowBatch[T any] struct {
	rows []T
	slab rowMem
}

// parquetTable streams rows of type T into one Parquet file. Rows are
// gathered in batches by the caller's goroutine and encoded by a goroutine
// of the table's own, so that building rows, encoding and compressing
// overlap; a fixed number of batches bounds the memory.
type parquetTable[T any] struct {
	name string
	file *atomicFile
	w    *parquet.GenericWriter[T]

	cur  *rowBatch[T]
	full chan *rowBatch[T]
	free chan *rowBatch[T]
	done chan struct{}

	mu  sync.Mutex
	err error // first encoding error, set by the encoder goroutine
}

func openParquetTable[T any](dir, name string, opts []parquet.WriterOption) (*parquetTable[T], error) {
	f, err := createAtomic(dir, name)
	if err != nil {
		return nil, err
	}
	t := &parquetTable[T]{name: name, file: f, w: parquet.NewGenericWriter[T](f, opts...),
		full: make(chan *rowBatch[T], parquetBatches), free: make(chan *rowBatch[T], parquetBatches),
		done: make(chan struct{})}
	for range parquetBatches - 1 {
		t.free <- &rowBatch[T]{rows: make([]T, 0, parquetBatchRows)}
	}
	t.cur = &rowBatch[T]{rows: make([]T, 0, parquetBatchRows)}
	go t.encode()
	return t, nil
}

// encode writes the batches it receives until full is closed.
func (t *parquetTable[T]) encode() {
	defer close(t.done)
	for b := range t.full {
		if t.failed() == nil {
			t.setErr(t.write(b.rows))
		}
		clear(b.rows)
		b.rows = b.rows[:0]
		b.slab.reset()
		t.free <- b
	}
}

func (t *parquetTable[T]) write(rows []T) (err error) {
	defer recoverInto(&err, "parquet")
	if _, err := t.w.Write(rows); err != nil {
		return fmt.Errorf("reports: %s: %w", t.name, err)
	}
	return nil
}

func (t *parquetTable[T]) setErr(err error) {
	if err == nil {
		return
	}
	t.mu.Lock()
	if t.err == nil {
		t.err = err
	}
	t.mu.Unlock()
}

func (t *parquetTable[T]) failed() error {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.err
}

// slab is where the next row's nullable values go: the current batch's.
func (t *parquetTable[T]) slab() *rowMem { return &t.cur.slab }

// push appends a row built with slab.
func (t *parquetTable[T]) push(row T) error {
	t.cur.rows = append(t.cur.rows, row)
	if len(t.cur.rows) < parquetBatchRows {
		return nil
	}
	return t.flush()
}

// flush hands the current batch to the encoder.
func (t *parquetTable[T]) flush() error {
	if err := t.failed(); err != nil {
		return err
	}
	if len(t.cur.rows) == 0 {
		return nil
	}
	t.full <- t.cur
	t.cur = <-t.free
	return nil
}

// stop ends the encoder goroutine; it is safe to call more than once.
func (t *parquetTable[T]) stop() {
	if t.full != nil {
		close(t.full)
		<-t.done
		t.full = nil
	}
}

// close encodes what is left, writes the footer and renames the file into place.
func (t *parquetTable[T]) close() (err error) {
	defer recoverInto(&err, "parquet")
	ferr := t.flush()
	t.stop()
	if ferr != nil {
		return ferr
	}
	if err := t.failed(); err != nil {
		return err
	}
	if err := t.w.Close(); err != nil {
		return fmt.Errorf("reports: %s: %w", t.name, err)
	}
	return t.file.commit()
}

func (t *parquetTable[T]) abort() error {
	if t == nil {
		return nil
	}
	t.stop()
	return t.file.abort()
}

// ParquetWriter writes findings.parquet and hands.parquet (docs/schema.md).
type ParquetWriter struct {
	findings *parquetTable[FindingRow]
	hands    *parquetTable[HandRow]
}

// NewParquet returns a writer for findings.parquet and hands.parquet.
func NewParquet() *ParquetWriter { return &ParquetWriter{} }

// Open creates the temporary files in dir.
func (w *ParquetWriter) Open(dir string, info RunInfo) (err error) {
	defer recoverInto(&err, "parquet")
	opts := parquetOptions(info.normalized())
	if w.findings, err = openParquetTable[FindingRow](dir, "findings.parquet", opts); err != nil {
		return err
	}
	if w.hands, err = openParquetTable[HandRow](dir, "hands.parquet", opts); err != nil {
		_ = w.findings.abort()
		return err
	}
	return nil
}

// WriteHand appends the hand's row and its findings' rows.
func (w *ParquetWriter) WriteHand(r *HandResult) (err error) {
	defer recoverInto(&err, "parquet")
	if w.findings == nil {
		return fmt.Errorf("reports: parquet writer not open")
	}
	for i := range r.Findings {
		if err := w.findings.push(findingRow(&r.Findings[i], r, w.findings.slab())); err != nil {
			return err
		}
	}
	return w.hands.push(handRow(r, w.hands.slab()))
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
	if err := w.findings.close(); err != nil {
		return err
	}
	return w.hands.close()
}

// Abort stops the encoders and removes the temporary files.
func (w *ParquetWriter) Abort() error {
	err1 := w.findings.abort()
	err2 := w.hands.abort()
	if err1 != nil {
		return err1
	}
	return err2
}

// recoverInto turns a panic in a third-party encoder into an error: bad
// input must never crash a run.
func recoverInto(err *error, what string) {
	if p := recover(); p != nil {
		*err = fmt.Errorf("reports: %s writer: internal error: %v", what, p)
	}
}

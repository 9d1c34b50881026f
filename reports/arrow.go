package reports

import (
	"fmt"
	"time"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/ipc"
	"github.com/apache/arrow-go/v18/arrow/memory"
)

// arrowBatchRows is the number of rows per Arrow record batch.
const arrowBatchRows = 64 << 10

// arrowColumn is one column of an Arrow table built from rows of type T:
// its field and how to append a row's value to its builder.
type arrowColumn[T any] struct {
	field  arrow.Field
	append func(b array.Builder, row *T)
}

// strCol is a string column; empty strings are null when nullable.
func strCol[T any](name string, nullable bool, get func(*T) string) arrowColumn[T] {
	return arrowColumn[T]{
		field: arrow.Field{Name: name, Type: arrow.BinaryTypes.String, Nullable: nullable},
		append: func(b array.Builder, row *T) {
			sb := b.(*array.StringBuilder)
			if v := get(row); v != "" || !nullable {
				sb.Append(v)
			} else {
				sb.AppendNull()
			}
		},
	}
}

// intCol is an int64 column; zero is null when nullable.
func intCol[T any](name string, nullable bool, get func(*T) int64) arrowColumn[T] {
	return arrowColumn[T]{
		field: arrow.Field{Name: name, Type: arrow.PrimitiveTypes.Int64, Nullable: nullable},
		append: func(b array.Builder, row *T) {
			ib := b.(*array.Int64Builder)
			if v := get(row); v != 0 || !nullable {
				ib.Append(v)
			} else {
				ib.AppendNull()
			}
		},
	}
}

// ptrCol is a nullable int64 column where zero is a value: nil is null.
func ptrCol[T any](name string, get func(*T) *int64) arrowColumn[T] {
	return arrowColumn[T]{
		field: arrow.Field{Name: name, Type: arrow.PrimitiveTypes.Int64, Nullable: true},
		append: func(b array.Builder, row *T) {
			ib := b.(*array.Int64Builder)
			if v := get(row); v != nil {
				ib.Append(*v)
			} else {
				ib.AppendNull()
			}
		},
	}
}

// timeCol is a nullable UTC timestamp column in microseconds.
func timeCol[T any](name string, get func(*T) time.Time) arrowColumn[T] {
	return arrowColumn[T]{
		field: arrow.Field{Name: name, Type: arrow.FixedWidthTypes.Timestamp_us, Nullable: true},
		append: func(b array.Builder, row *T) {
			tb := b.(*array.TimestampBuilder)
			if t := get(row); !t.IsZero() {
				tb.Append(arrow.Timestamp(t.UnixMicro()))
			} else {
				tb.AppendNull()
			}
		},
	}
}

var findingArrowColumns = []arrowColumn[FindingRow]{
	strCol("check_id", false, func(r *FindingRow) string { return r.CheckID }),
	strCol("severity", false, func(r *FindingRow) string { return r.Severity }),
	strCol("rule", true, func(r *FindingRow) string { return r.Rule }),
	strCol("message", false, func(r *FindingRow) string { return r.Message }),
	strCol("hand_id", true, func(r *FindingRow) string { return r.HandID }),
	strCol("table", true, func(r *FindingRow) string { return r.Table }),
	timeCol("started_at", func(r *FindingRow) time.Time { return r.StartedAt }),
	strCol("file", true, func(r *FindingRow) string { return r.File }),
	intCol("line", true, func(r *FindingRow) int64 { return r.Line }),
	strCol("street", true, func(r *FindingRow) string { return r.Street }),
	ptrCol("action_index", func(r *FindingRow) *int64 { return r.ActionIndex }),
	intCol("seat", true, func(r *FindingRow) int64 { return r.Seat }),
	strCol("player", true, func(r *FindingRow) string { return r.Player }),
	ptrCol("expected", func(r *FindingRow) *int64 { return r.Expected }),
	ptrCol("recorded", func(r *FindingRow) *int64 { return r.Recorded }),
	strCol("currency", true, func(r *FindingRow) string { return r.Currency }),
	intCol("scale", true, func(r *FindingRow) int64 { return r.Scale }),
}

var handArrowColumns = []arrowColumn[HandRow]{
	strCol("hand_id", true, func(r *HandRow) string { return r.HandID }),
	strCol("file", true, func(r *HandRow) string { return r.File }),
	intCol("line", true, func(r *HandRow) int64 { return r.Line }),
	intCol("end_line", true, func(r *HandRow) int64 { return r.EndLine }),
	strCol("format", true, func(r *HandRow) string { return r.Format }),
	strCol("site", true, func(r *HandRow) string { return r.Site }),
	strCol("table", true, func(r *HandRow) string { return r.Table }),
	timeCol("started_at", func(r *HandRow) time.Time { return r.StartedAt }),
	strCol("tournament", true, func(r *HandRow) string { return r.Tournament }),
	strCol("game", true, func(r *HandRow) string { return r.Game }),
	strCol("structure", true, func(r *HandRow) string { return r.Structure }),
	strCol("stakes", true, func(r *HandRow) string { return r.Stakes }),
	ptrCol("small_blind", func(r *HandRow) *int64 { return r.SmallBlind }),
	ptrCol("big_blind", func(r *HandRow) *int64 { return r.BigBlind }),
	ptrCol("ante", func(r *HandRow) *int64 { return r.Ante }),
	strCol("currency", true, func(r *HandRow) string { return r.Currency }),
	intCol("scale", true, func(r *HandRow) int64 { return r.Scale }),
	ptrCol("players", func(r *HandRow) *int64 { return r.Players }),
	ptrCol("total_pot", func(r *HandRow) *int64 { return r.TotalPot }),
	ptrCol("computed_pot", func(r *HandRow) *int64 { return r.ComputedPot }),
	ptrCol("rake", func(r *HandRow) *int64 { return r.Rake }),
	intCol("findings", false, func(r *HandRow) int64 { return r.Findings }),
	intCol("findings_error", false, func(r *HandRow) int64 { return r.FindingsError }),
	intCol("findings_warning", false, func(r *HandRow) int64 { return r.FindingsWarning }),
	intCol("findings_info", false, func(r *HandRow) int64 { return r.FindingsInfo }),
	strCol("status", false, func(r *HandRow) string { return r.Status }),
	strCol("error", true, func(r *HandRow) string { return r.Error }),
}

// arrowTable streams rows of type T into one Arrow IPC file.
type arrowTable[T any] struct {
	cols []arrowColumn[T]
	file *atomicFile
	b    *array.RecordBuilder
	w    *ipc.FileWriter
	n    int
}

func openArrowTable[T any](dir, name string, cols []arrowColumn[T], info RunInfo) (*arrowTable[T], error) {
	fields := make([]arrow.Field, len(cols))
	for i, c := range cols {
		fields[i] = c.field
	}
	var keys, values []string
	for _, kv := range info.metadata() {
		keys, values = append(keys, kv[0]), append(values, kv[1])
	}
	md := arrow.NewMetadata(keys, values)
	schema := arrow.NewSchema(fields, &md)
	f, err := createAtomic(dir, name, info.Digests)
	if err != nil {
		return nil, err
	}
	mem := memory.DefaultAllocator
	w, err := ipc.NewFileWriter(f, ipc.WithSchema(schema), ipc.WithAllocator(mem), ipc.WithZstd())
	if err != nil {
		_ = f.abort()
		return nil, fmt.Errorf("reports: %s: %w", name, err)
	}
	return &arrowTable[T]{cols: cols, file: f, b: array.NewRecordBuilder(mem, schema), w: w}, nil
}

func (t *arrowTable[T]) append(row *T) error {
	for i, c := range t.cols {
		c.append(t.b.Field(i), row)
	}
	t.n++
	if t.n == arrowBatchRows {
		return t.flush()
	}
	return nil
}

func (t *arrowTable[T]) flush() error {
	if t.n == 0 {
		return nil
	}
	rec := t.b.NewRecordBatch()
	defer rec.Release()
	t.n = 0
	if err := t.w.Write(rec); err != nil {
		return fmt.Errorf("reports: %s: %w", t.file.final, err)
	}
	return nil
}

func (t *arrowTable[T]) close() error {
	if err := t.flush(); err != nil {
		return err
	}
	if err := t.w.Close(); err != nil {
		return fmt.Errorf("reports: %s: %w", t.file.final, err)
	}
	t.b.Release()
	return t.file.commit()
}

func (t *arrowTable[T]) abort() error {
	if t == nil {
		return nil
	}
	return t.file.abort()
}

// ArrowWriter writes findings.arrow and hands.arrow in the Arrow IPC file
// format, with the same columns as the Parquet tables.
type ArrowWriter struct {
	findings *arrowTable[FindingRow]
	hands    *arrowTable[HandRow]
	slab     rowMem
}

// NewArrow returns a writer for findings.arrow and hands.arrow.
func NewArrow() *ArrowWriter { return &ArrowWriter{} }

// Open creates the temporary files in dir.
func (w *ArrowWriter) Open(dir string, info RunInfo) (err error) {
	defer recoverInto(&err, "arrow")
	info = info.normalized()
	if w.findings, err = openArrowTable(dir, "findings.arrow", findingArrowColumns, info); err != nil {
		return err
	}
	if w.hands, err = openArrowTable(dir, "hands.arrow", handArrowColumns, info); err != nil {
		_ = w.findings.abort()
		return err
	}
	return nil
}

// WriteHand appends the hand's row and its findings' rows.
func (w *ArrowWriter) WriteHand(r *HandResult) (err error) {
	defer recoverInto(&err, "arrow")
	if w.findings == nil {
		return fmt.Errorf("reports: arrow writer not open")
	}
	for i := range r.Findings {
		row := findingRow(&r.Findings[i], r, &w.slab)
		if err := w.findings.append(&row); err != nil {
			return err
		}
	}
	row := handRow(r, &w.slab)
	w.slab.reset()
	return w.hands.append(&row)
}

// Close finishes both files and renames them into place.
func (w *ArrowWriter) Close() (err error) {
	defer recoverInto(&err, "arrow")
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

// Abort removes the temporary files.
func (w *ArrowWriter) Abort() error {
	err1 := w.findings.abort()
	err2 := w.hands.abort()
	if err1 != nil {
		return err1
	}
	return err2
}

package reports

import (
	"bytes"
	"cmp"
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"io"
	"math/bits"
	"slices"
	"strings"
	"sync"

	"github.com/handaudit/handaudit/checks"
	"github.com/handaudit/handaudit/hand"
	"github.com/klauspost/compress/zstd"
	"github.com/parquet-go/parquet-go"
	"github.com/parquet-go/parquet-go/compress"
	pqzstd "github.com/parquet-go/parquet-go/compress/zstd"
	"github.com/parquet-go/parquet-go/encoding"
	"github.com/parquet-go/parquet-go/encoding/rle"
	"github.com/parquet-go/parquet-go/encoding/thrift"
	"github.com/parquet-go/parquet-go/format"
)

// handsWriter writes hands.parquet column by column. hands.parquet has a row
// per hand, so its cost is paid on every hand of a run: parquet-go's generic
// writer spends most of it taking each row apart by reflection, turning
// *int64 into nulls and hashing every dictionary string. This writer appends
// each field straight to its column, looks a dictionary string up only when
// it differs from the previous row's, and reuses parquet-go's encodings,
// codec, column indexers and Thrift structures for everything else.
//
// The file is byte for byte the one parquet.GenericWriter[HandRow] writes
// with the same options (TestParquetHandsSameBytes): same schema, metadata,
// row groups, pages (cut where the generic writer cuts them: when a column's
// buffer reaches 98% of the page buffer size, checked every 64 rows),
// dictionaries (falling back to PLAIN past DictionaryMaxBytes), statistics
// and page index. It supports the options parquetOptions sets and no others:
// no bloom filters, sorting columns, encryption or data pages v1.
type handsWriter struct {
	out       offsetWriter
	codec     pageCodec
	maxRows   int64 // rows per row group
	pageLimit int64 // a column's page is cut once its buffer holds this many bytes
	dictLimit int64 // past this many bytes a dictionary stops growing for the row group

	buf    *handsBuffers // cols and page are buf's
	cols   *handColumns
	page   *pageBuffers
	rgRows int64 // rows in the current row group

	createdBy string
	kv        []format.KeyValue
	schema    []format.SchemaElement
	orders    []format.ColumnOrder

	rowGroups     []format.RowGroup
	columnIndexes [][]format.ColumnIndex
	offsetIndexes [][]format.OffsetIndex

	header bytes.Buffer
	enc    *thrift.Encoder // encodes into header
}

// pageRowStride is how often (in rows) the generic writer checks whether a
// column's page is full: it writes rows in chunks of 64.
const pageRowStride = 64

// handColumnKinds is how each column of HandRow is stored, in schema order;
// newHandsWriter checks it against the schema parquet-go derives from the
// struct tags. The string columns that handRow passes through text are
// marked: the batch holds them as the hand has them, and the column makes
// them valid UTF-8 (a dictionary column only once per distinct value).
var handColumnKinds = [...]struct {
	name string
	kind colKind
	text bool
}{
	{"hand_id", colBytes, true}, {"file", colDict, true}, {"line", colInt64, false}, {"end_line", colInt64, false},
	{"format", colDict, true}, {"site", colDict, true}, {"table", colDict, true}, {"started_at", colInt64, false},
	{"tournament", colDict, true}, {"game", colDict, false}, {"structure", colDict, false}, {"stakes", colDict, false},
	{"small_blind", colIntDict, false}, {"big_blind", colIntDict, false}, {"ante", colIntDict, false}, {"currency", colDict, true},
	{"scale", colInt64, false}, {"players", colIntDict, false}, {"total_pot", colInt64, false}, {"computed_pot", colInt64, false},
	{"rake", colIntDict, false}, {"findings", colInt64, false}, {"findings_error", colInt64, false},
	{"findings_warning", colInt64, false}, {"findings_info", colInt64, false}, {"status", colDict, false}, {"error", colBytes, true},
}

// handsSchema is the schema of hands.parquet: the one the struct tags of
// HandRow give, as the generic writer used it.
var handsSchema = parquet.SchemaOf(HandRow{})

func newHandsWriter(w io.Writer, opts []parquet.WriterOption) (*handsWriter, error) {
	cfg, err := parquet.NewWriterConfig(opts...)
	if err != nil {
		return nil, err
	}
	if cfg.DataPageVersion != 2 || !cfg.DataPageStatistics || cfg.DeprecatedDataPageStatistics ||
		len(cfg.BloomFilters) > 0 || len(cfg.Sorting.SortingColumns) > 0 || cfg.Encryption != nil ||
		len(cfg.SkipPageBounds) > 0 || len(cfg.SkipPageStatistics) > 0 || len(cfg.Encodings) > 0 ||
		cfg.Compression == nil {
		return nil, fmt.Errorf("reports: hands.parquet: writer options not supported by the column writer")
	}
	buf := takeHandsBuffers()
	h := &handsWriter{
		out:       offsetWriter{w: w},
		codec:     buf.codec(cfg.Compression),
		maxRows:   cfg.MaxRowsPerRowGroup,
		pageLimit: int64(int32(float64(cfg.PageBufferSize) * 0.98)), // as parquet-go sizes column buffers
		dictLimit: cfg.DictionaryMaxBytes,
		createdBy: cfg.CreatedBy,
		buf:       buf,
		cols:      &buf.cols,
		page:      &buf.page,
	}
	h.enc = thrift.NewEncoder(new(thrift.CompactProtocol).NewWriter(&h.header))
	for k, v := range cfg.KeyValueMetadata {
		h.kv = append(h.kv, format.KeyValue{Key: k, Value: v})
	}
	slices.SortFunc(h.kv, func(a, b format.KeyValue) int {
		return cmp.Or(strings.Compare(a.Key, b.Key), strings.Compare(a.Value, b.Value))
	})
	h.schema = schemaElements(nil, handsSchema.Name(), handsSchema, true)

	paths := handsSchema.Columns()
	if len(paths) != len(h.cols) {
		return nil, fmt.Errorf("reports: hands.parquet: schema has %d columns, the writer %d", len(paths), len(h.cols))
	}
	var slots [colIntDict + 1]int // columns of each physical type so far
	for i, path := range paths {
		leaf, _ := handsSchema.Lookup(path...)
		want := handColumnKinds[i]
		typ := leaf.Node.Type()
		dict := leaf.Node.Encoding() != nil && leaf.Node.Encoding().Encoding() == format.RLEDictionary
		kind := map[parquet.Kind]colKind{parquet.Int64: colInt64, parquet.ByteArray: colBytes}[typ.Kind()]
		if dict {
			kind = map[parquet.Kind]colKind{parquet.Int64: colIntDict, parquet.ByteArray: colDict}[typ.Kind()]
		}
		if path[len(path)-1] != want.name || kind != want.kind || leaf.MaxRepetitionLevel != 0 || leaf.MaxDefinitionLevel > 1 ||
			(leaf.Node.Compression() != nil) || (typ.Kind() != parquet.Int64 && typ.Kind() != parquet.ByteArray) {
			return nil, fmt.Errorf("reports: hands.parquet: column %d is %v, the writer expects %s", i, path, want.name)
		}
		slot := &slots[colInt64] // dictionary or not, handBatch holds int64
		if typ.Kind() == parquet.ByteArray {
			slot = &slots[colBytes] // and strings
		}
		h.cols[i].init(path, typ, kind, *slot, leaf.MaxDefinitionLevel == 1, valueEncoding(leaf.Node, dict), h.codec, cfg.ColumnIndexSizeLimit(path))
		h.cols[i].text = want.text
		*slot++
		h.orders = append(h.orders, *typ.ColumnOrder())
	}
	if slots[colInt64] != handIntColumns || slots[colBytes] != handStringColumns {
		return nil, fmt.Errorf("reports: hands.parquet: %d int and %d string columns, handBatch has %d and %d",
			slots[colInt64], slots[colBytes], handIntColumns, handStringColumns)
	}
	return h, nil
}

// valueEncoding is the encoding of a column's values that are not
// dictionary indexes, as parquet-go picks it: the node's, else
// DELTA_LENGTH_BYTE_ARRAY for byte arrays and PLAIN for the rest; PLAIN
// for a dictionary column that gave up its dictionary.
func valueEncoding(node parquet.Node, dict bool) encoding.Encoding {
	switch {
	case dict:
		return &parquet.Plain
	case node.Encoding() != nil:
		return node.Encoding()
	case node.Type().Kind() == parquet.ByteArray:
		return &parquet.DeltaLengthByteArray
	}
	return &parquet.Plain
}

// schemaElements flattens node as parquet-go's writer does for the footer.
func schemaElements(dst []format.SchemaElement, name string, node parquet.Node, root bool) []format.SchemaElement {
	typ := node.Type()
	elem := format.SchemaElement{Name: name, FieldID: int32(node.ID())}
	if !root {
		switch {
		case node.Required():
			elem.RepetitionType = thrift.New(format.Required)
		case node.Optional():
			elem.RepetitionType = thrift.New(format.Optional)
		case node.Repeated():
			elem.RepetitionType = thrift.New(format.Repeated)
		}
	}
	if lt := typ.LogicalType(); lt != nil {
		elem.LogicalType = *lt
		if d, ok := lt.Value.(*format.DecimalType); ok {
			elem.Scale.Set(d.Scale)
			elem.Precision.Set(d.Precision)
		}
	}
	if n := int32(typ.Length()); n > 0 {
		elem.TypeLength.Set(n)
	}
	if !node.Leaf() {
		elem.NumChildren.Set(int32(len(node.Fields())))
	}
	if pt := typ.PhysicalType(); pt != nil {
		elem.Type.Set(*pt)
	}
	if ct := typ.ConvertedType(); ct != nil {
		elem.ConvertedType.Set(*ct)
	}
	dst = append(dst, elem)
	for _, f := range node.Fields() {
		dst = schemaElements(dst, f.Name(), f, false)
	}
	return dst
}

// handBatch is a batch of hand rows, column by column: the caller's
// goroutine fills it from HandRow values, and the encoder appends each
// column's run of values to its page in one go.
type handBatch struct {
	n     int
	strs  [handStringColumns][parquetBatchRows]string
	ints  [handIntColumns][parquetBatchRows]int64
	nulls [parquetBatchRows]uint16 // bit i: int column i is null in this row
	// anyNull has bit i set if int column i is null in any row: most
	// columns never are, and are copied whole.
	anyNull uint16
}

// Columns of hands.parquet by kind, numbered in schema order within each
// kind (pqColumn.slot).
const (
	handStringColumns = 12
	handIntColumns    = 15
)

func newHandBatch() *handBatch {
	b := new(handBatch)
	for i := range b.strs {
		prefault(b.strs[i][:]) // the int columns are written before they are read
	}
	return b
}

func (b *handBatch) rows() int { return b.n }

// reset empties the batch. Its strings are left in place, to be
// overwritten by the next rows: clearing them would cost more than
// keeping a few batches' strings reachable a little longer.
func (b *handBatch) reset() { b.n, b.anyNull = 0, 0 }

// add stores r as the batch's next row; optional fields are null when zero
// (empty string, zero time, 0, nil), as the generic writer stores them.
func (b *handBatch) add(r *HandRow) {
	n := b.n
	b.n++
	s, v := &b.strs, &b.ints
	s[0][n] = r.HandID
	s[1][n] = r.File
	s[2][n] = r.Format
	s[3][n] = r.Site
	s[4][n] = r.Table
	s[5][n] = r.Tournament
	s[6][n] = r.Game
	s[7][n] = r.Structure
	s[8][n] = r.Stakes
	s[9][n] = r.Currency
	s[10][n] = r.Status
	s[11][n] = r.Error
	v[0][n] = r.Line
	v[1][n] = r.EndLine
	v[2][n] = r.StartedAt.UnixMicro()
	v[3][n] = value(r.SmallBlind)
	v[4][n] = value(r.BigBlind)
	v[5][n] = value(r.Ante)
	v[6][n] = r.Scale
	v[7][n] = value(r.Players)
	v[8][n] = value(r.TotalPot)
	v[9][n] = value(r.ComputedPot)
	v[10][n] = value(r.Rake)
	v[11][n] = r.Findings
	v[12][n] = r.FindingsError
	v[13][n] = r.FindingsWarning
	v[14][n] = r.FindingsInfo
	b.nulls[n] = nullIf(r.Line == 0, 0) | nullIf(r.EndLine == 0, 1) | nullIf(r.StartedAt.IsZero(), 2) |
		nullIf(r.SmallBlind == nil, 3) | nullIf(r.BigBlind == nil, 4) | nullIf(r.Ante == nil, 5) |
		nullIf(r.Scale == 0, 6) | nullIf(r.Players == nil, 7) | nullIf(r.TotalPot == nil, 8) |
		nullIf(r.ComputedPot == nil, 9) | nullIf(r.Rake == nil, 10)
	b.anyNull |= b.nulls[n]
}

// addResult stores the row handRow(r) makes as the batch's next row,
// without making it: no HandRow, no *int64 for the nullable amounts, and
// the strings that handRow passes through text stored as they are (the
// columns marked in handColumnKinds apply it). It must store what add
// stores for that row, up to text (TestHandBatchAddResult).
func (b *handBatch) addResult(r *HandResult, mem *rowMem) {
	n := b.n
	b.n++
	s, v := &b.strs, &b.ints
	var counts severityCounts
	for i := range r.Findings {
		counts.add(r.Findings[i].Severity)
	}
	v[11][n] = int64(len(r.Findings))
	v[12][n] = counts[checks.Error]
	v[13][n] = counts[checks.Warning]
	v[14][n] = counts[checks.Info]
	s[10][n] = r.status()
	s[11][n] = r.Error
	file, line, format := r.File, int64(r.Line), r.Format
	h := r.Hand
	if h == nil {
		// An unreadable hand: see handFields.
		id := ""
		for i := range r.Findings {
			if id = r.Findings[i].HandID; id != "" {
				break
			}
		}
		s[0][n], s[1][n], s[2][n] = id, file, format
		for c := 3; c < 10; c++ {
			s[c][n] = ""
		}
		v[0][n] = line
		for c := 1; c < 11; c++ {
			v[c][n] = 0
		}
		b.nulls[n] = nullIf(line == 0, 0) | (1<<11 - 1<<1) // all but line may be null
		b.anyNull |= b.nulls[n]
		return
	}
	if file == "" {
		file = h.Pos.File
	}
	if line == 0 {
		line = int64(h.Pos.Line)
	}
	if format == "" {
		format = h.Format
	}
	game, structure := "", ""
	if h.Game.Variant != hand.UnknownVariant {
		game = h.Game.Variant.String()
	}
	if h.Game.Structure != hand.UnknownStructure {
		structure = h.Game.Structure.String()
	}
	s[0][n] = h.ID
	s[1][n] = file
	s[2][n] = format
	s[3][n] = h.Site
	s[4][n] = h.Table
	s[5][n] = h.Tournament
	s[6][n] = game
	s[7][n] = structure
	s[8][n] = mem.stakes(h)
	s[9][n] = h.Currency
	st, out := &h.Stakes, &h.Outcome
	var start, computed int64
	if !h.Start.IsZero() {
		start = h.Start.UnixMicro()
	}
	replayed := r.Trace != nil && r.Trace.Supported
	if replayed {
		computed = int64(r.Trace.TotalPot)
	}
	v[0][n] = line
	v[1][n] = int64(h.End)
	v[2][n] = start
	v[3][n] = int64(st.SmallBlind)
	v[4][n] = int64(st.BigBlind)
	v[5][n] = int64(st.Ante)
	v[6][n] = h.Scale
	v[7][n] = int64(len(h.Seats))
	v[8][n] = int64(out.TotalPot)
	v[9][n] = computed
	v[10][n] = int64(out.Rake)
	b.nulls[n] = nullIf(line == 0, 0) | nullIf(h.End == 0, 1) | nullIf(h.Start.IsZero(), 2) |
		nullIf(st.SmallBlind == 0, 3) | nullIf(st.BigBlind == 0, 4) | nullIf(st.Ante == 0, 5) |
		nullIf(h.Scale == 0, 6) | nullIf(!out.HasTotalPot, 8) | nullIf(!replayed, 9) | nullIf(!out.HasRake, 10)
	b.anyNull |= b.nulls[n]
}

// nullIf is the null bit of int column slot when null is true.
func nullIf(null bool, slot int) uint16 {
	if null {
		return 1 << slot
	}
	return 0
}

func value(v *int64) int64 {
	if v == nil {
		return 0
	}
	return *v
}

// encode appends a batch, cutting pages and row groups as they fill.
func (h *handsWriter) encode(b *handBatch) error {
	for start := 0; start < b.n; {
		end := min(b.n, start+int(h.maxRows-h.rgRows))
		for i := range h.cols {
			if err := h.appendColumn(&h.cols[i], b, start, end); err != nil {
				return err
			}
		}
		h.rgRows += int64(end - start)
		if h.rgRows >= h.maxRows {
			if err := h.flushRowGroup(); err != nil {
				return err
			}
		}
		start = end
	}
	return nil
}

// appendColumn appends rows [start, end) of b to col's page, checking
// whether the page is full every pageRowStride rows of the row group.
func (h *handsWriter) appendColumn(col *pqColumn, b *handBatch, start, end int) error {
	rowBytes := col.maxRowBytes()
	for i := start; i < end; {
		done := h.rgRows + int64(i-start) // rows of the row group before row i
		next := min(end, i+pageRowStride-int(done%pageRowStride))
		// A column whose page grows by at most rowBytes a row cannot be
		// full before it has grown by room: the checks until then would
		// all fail, and the rows before it are appended at once.
		check := true
		if room := h.pageLimit - col.size(); rowBytes > 0 && (room-1)/rowBytes > int64(next-i) {
			next, check = min(end, i+int((room-1)/rowBytes)), false
		}
		switch {
		case col.kind == colIntDict && !col.plain:
			col.addIntIndexes(b.ints[col.slot][i:next], b.nulls[i:next], b.anyNull>>col.slot&1 == 0)
		case col.isInt():
			col.addInts(b.ints[col.slot][i:next], b.nulls[i:next], b.anyNull>>col.slot&1 == 0)
		default:
			col.addStrings(b.strs[col.slot][i:next])
		}
		if check && (done+int64(next-i))%pageRowStride == 0 && col.size() >= h.pageLimit {
			if err := h.flushPage(col); err != nil {
				return err
			}
			rowBytes = col.maxRowBytes() // a dictionary may have given way to PLAIN
		}
		i = next
	}
	return nil
}

// Close writes what is buffered, the page index and the footer.
func (h *handsWriter) Close() error {
	if h.buf == nil {
		return nil // closed already
	}
	if err := h.writeMagic(); err != nil {
		return err
	}
	if err := h.flushRowGroup(); err != nil {
		return err
	}
	if err := h.writeFooter(); err != nil {
		return err
	}
	putHandsBuffers(h.buf)
	h.buf, h.cols, h.page = nil, nil, nil
	return nil
}

// pageCodec compresses pages.
type pageCodec interface {
	Encode(dst, src []byte) ([]byte, error)
	CompressionCodec() format.CompressionCodec
}

// zstdCodec compresses with an encoder of its own, made with the options
// parquet-go's zstd codec gives its encoders, so that the bytes are the
// same: that codec keeps its encoders in a sync.Pool, which garbage
// collections empty, and each new encoder zeroes megabytes of history.
type zstdCodec struct {
	enc                *zstd.Encoder
	level, concurrency int
}

func (c *zstdCodec) Encode(dst, src []byte) ([]byte, error) {
	return c.enc.EncodeAll(src, dst[:0]), nil
}

func (c *zstdCodec) CompressionCodec() format.CompressionCodec { return format.Zstd }

// codec returns codec, or a zstdCodec in its place (b's, if it has one
// made with the same options).
func (b *handsBuffers) codec(codec compress.Codec) pageCodec {
	c, ok := codec.(*pqzstd.Codec)
	if !ok {
		return codec
	}
	level, concurrency := c.Level, int(c.Concurrency)
	if level == 0 {
		level = pqzstd.DefaultLevel
	}
	if concurrency == 0 {
		concurrency = pqzstd.DefaultConcurrency
	}
	if z := b.zstd; z != nil && z.level == int(level) && z.concurrency == concurrency {
		return z
	}
	// WithLowerEncoderMem only sizes the encoder's buffers to what it is
	// given (the history is 8 MB, not 16): pages are at most
	// parquetPageBytes, and the bytes it writes are the same.
	enc, err := zstd.NewWriter(nil, zstd.WithEncoderConcurrency(concurrency), zstd.WithEncoderLevel(level),
		zstd.WithZeroFrames(true), zstd.WithEncoderCRC(false), zstd.WithLowerEncoderMem(true))
	if err != nil {
		return codec
	}
	b.zstd = &zstdCodec{enc: enc, level: int(level), concurrency: concurrency}
	return b.zstd
}

func (h *handsWriter) writeMagic() error {
	if h.out.offset > 0 {
		return nil
	}
	_, err := io.WriteString(&h.out, "PAR1")
	return err
}

// pageBuffers is scratch memory for encoding one page.
type pageBuffers struct {
	levels, data, compressed []byte
	prefixes, suffixes       []int32 // DELTA_BYTE_ARRAY's lengths
	lengths                  []byte  // the lengths, encoded
}

// deltaByteArray encodes the byte array values of src, which end at
// offsets[1:], as parquet.DeltaByteArray does (replacing dst): the prefix
// each shares with the one before, then the rest. Its prefixes are found
// eight bytes at a time; parquet-go compares a byte at a time, which cost
// as much as compressing hand IDs in DELTA_LENGTH_BYTE_ARRAY.
func (b *pageBuffers) deltaByteArray(dst, src []byte, offsets []uint32) ([]byte, error) {
	b.prefixes, b.suffixes = b.prefixes[:0], b.suffixes[:0]
	var last []byte
	rest := 0 // total length of the suffixes
	for k := 1; k < len(offsets); k++ {
		v := src[offsets[k-1]:offsets[k]]
		p := commonPrefix(last, v)
		b.prefixes = append(b.prefixes, int32(p))
		b.suffixes = append(b.suffixes, int32(len(v)-p))
		rest += len(v) - p
		last = v
	}
	var err error
	if b.lengths, err = parquet.DeltaBinaryPacked.EncodeInt32(b.lengths, b.prefixes); err != nil {
		return dst, err
	}
	dst = append(dst[:0], b.lengths...)
	if b.lengths, err = parquet.DeltaBinaryPacked.EncodeInt32(b.lengths, b.suffixes); err != nil {
		return dst, err
	}
	dst = append(dst, b.lengths...)
	dst = slices.Grow(dst, rest)
	for k, p := range b.prefixes {
		dst = append(dst, src[int(offsets[k])+int(p):offsets[k+1]]...)
	}
	return dst, nil
}

// commonPrefix is the length of the longest common prefix of a and b.
func commonPrefix(a, b []byte) int {
	m := min(len(a), len(b))
	a, b = a[:m], b[:m]
	n := 0
	for ; m-n >= 8; n += 8 {
		if x := word(a[n:]) ^ word(b[n:]); x != 0 {
			return n + bits.TrailingZeros64(x)/8
		}
	}
	if n == m {
		return m
	}
	if m >= 8 {
		// The last eight bytes, overlapping the equal ones before n (hand
		// IDs are 12 digits or so): the first that differs is one of the
		// rest.
		if x := word(a[m-8:]) ^ word(b[m-8:]); x != 0 {
			return m - 8 + bits.TrailingZeros64(x)/8
		}
		return m
	}
	for n < m && a[n] == b[n] {
		n++
	}
	return n
}

// flushPage encodes col's buffered values as a data page (v2) into the
// column's pages of the row group, with its statistics.
func (h *handsWriter) flushPage(col *pqColumn) error {
	if col.rows == 0 {
		return nil
	}
	// The dictionary's size is checked before the page is written, and a
	// dictionary past the limit is dropped for the next pages only.
	fallback := col.isDict() && !col.plain && col.dictBytes > h.dictLimit

	b := h.page
	var err error
	b.levels = b.levels[:0]
	if col.optional {
		if b.levels, err = levelEncoding.EncodeLevels(b.levels, col.defs); err != nil {
			return err
		}
	}
	dictPage := col.isDict() && !col.plain
	enc := col.valueEnc
	switch {
	case dictPage:
		enc = &parquet.RLEDictionary
		b.data, err = enc.EncodeInt32(b.data, col.idx)
	case col.isInt():
		b.data, err = enc.EncodeInt64(b.data, col.ints)
	case enc.Encoding() == format.DeltaByteArray:
		b.data, err = b.deltaByteArray(b.data, col.bytes, col.offsets)
	default:
		b.data, err = enc.EncodeByteArray(b.data, col.bytes, col.offsets)
	}
	encoding := enc.Encoding()
	if err != nil {
		return err
	}
	if b.compressed, err = h.codec.Encode(b.compressed, b.data); err != nil {
		return err
	}

	numRows := int64(col.rows)
	numNulls := numRows - int64(col.vals)
	minValue, maxValue, hasBounds := col.bounds()
	stats := format.Statistics{NullCount: numNulls}
	if hasBounds {
		stats.Min, stats.MinValue = minValue.Bytes(), minValue.Bytes()
		stats.Max, stats.MaxValue = maxValue.Bytes(), maxValue.Bytes()
	}
	crc := crc32.Update(crc32.ChecksumIEEE(b.levels), crc32.IEEETable, b.compressed)
	header := format.PageHeader{
		Type:                 format.DataPageV2,
		UncompressedPageSize: int32(len(b.levels) + len(b.data)),
		CompressedPageSize:   int32(len(b.levels) + len(b.compressed)),
		CRC:                  int32(crc),
		DataPageHeaderV2: thrift.New(format.DataPageHeaderV2{
			NumValues:                  int32(numRows),
			NumNulls:                   int32(numNulls),
			NumRows:                    int32(numRows),
			Encoding:                   encoding,
			DefinitionLevelsByteLength: int32(len(b.levels)),
			IsCompressed:               thrift.New(true),
			Statistics:                 stats,
		}),
	}
	if err := h.encodeHeader(&header); err != nil {
		return err
	}
	headerSize := int64(h.header.Len())

	// Statistics of the column chunk and the page index.
	meta := &col.chunk.MetaData
	col.indexer.IndexPage(numRows, numNulls, minValue, maxValue)
	meta.NumValues += numRows
	meta.Statistics.NullCount += numNulls
	if hasBounds {
		col.mergeBounds(minValue, maxValue)
	}
	col.offsetIndex.PageLocations = append(col.offsetIndex.PageLocations, format.PageLocation{
		Offset:             meta.TotalCompressedSize,
		CompressedPageSize: int32(headerSize) + header.CompressedPageSize,
		FirstRowIndex:      col.flushedRows,
	})
	col.flushedRows += numRows
	if !col.isInt() && !dictPage {
		col.unencodedBytes += int64(len(col.bytes))
	}
	if col.optional {
		col.defHist[0] += numNulls
		col.defHist[1] += int64(col.vals)
		col.pageDefHists = append(col.pageDefHists, numNulls, int64(col.vals))
	}
	meta.TotalUncompressedSize += headerSize + int64(header.UncompressedPageSize)
	meta.TotalCompressedSize += headerSize + int64(header.CompressedPageSize)
	meta.EncodingStats = addEncodingStats(meta.EncodingStats, format.DataPageV2, encoding)

	col.pages = append(col.pages, h.header.Bytes()...)
	col.pages = append(col.pages, b.levels...)
	col.pages = append(col.pages, b.compressed...)
	col.resetPage()
	if fallback {
		col.plain = true
	}
	return nil
}

func (h *handsWriter) encodeHeader(header *format.PageHeader) error {
	h.header.Reset()
	return h.enc.Encode(header)
}

// flushRowGroup writes the buffered rows as a row group: each column's
// dictionary page and data pages, in schema order.
func (h *handsWriter) flushRowGroup() error {
	for i := range h.cols {
		if err := h.flushPage(&h.cols[i]); err != nil {
			return err
		}
	}
	if h.rgRows == 0 {
		return nil
	}
	if err := h.writeMagic(); err != nil {
		return err
	}
	fileOffset := h.out.offset
	columns := make([]format.ColumnChunk, len(h.cols))
	columnIndex := make([]format.ColumnIndex, len(h.cols))
	offsetIndex := make([]format.OffsetIndex, len(h.cols))
	var totalSize, totalCompressed int64
	for i := range h.cols {
		col := &h.cols[i]
		meta := &col.chunk.MetaData
		ci := col.indexer.ColumnIndex()
		ci.DefinitionLevelHistogram = append(ci.DefinitionLevelHistogram[:0], col.pageDefHists...)
		columnIndex[i] = ci
		meta.SizeStatistics = format.SizeStatistics{UnencodedByteArrayDataBytes: col.unencodedBytes}
		if col.optional {
			meta.SizeStatistics.DefinitionLevelHistogram = []int64{col.defHist[0], col.defHist[1]}
		}
		if col.isDict() {
			meta.DictionaryPageOffset = h.out.offset
			if err := h.writeDictionaryPage(col); err != nil {
				return err
			}
		}
		meta.DataPageOffset = h.out.offset
		for j := range col.offsetIndex.PageLocations {
			col.offsetIndex.PageLocations[j].Offset += meta.DataPageOffset
		}
		if _, err := h.out.Write(col.pages); err != nil {
			return err
		}
		slices.SortFunc(meta.EncodingStats, func(a, b format.PageEncodingStats) int {
			return cmp.Or(cmp.Compare(a.PageType, b.PageType), cmp.Compare(a.Encoding, b.Encoding))
		})
		totalSize += meta.TotalUncompressedSize
		totalCompressed += meta.TotalCompressedSize
		columns[i] = col.chunk
		offsetIndex[i] = col.offsetIndex
		col.resetChunk()
	}
	h.rowGroups = append(h.rowGroups, format.RowGroup{
		Columns:             columns,
		TotalByteSize:       totalSize,
		NumRows:             h.rgRows,
		SortingColumns:      []format.SortingColumn{},
		FileOffset:          fileOffset,
		TotalCompressedSize: totalCompressed,
		Ordinal:             int16(len(h.rowGroups)),
	})
	h.columnIndexes = append(h.columnIndexes, columnIndex)
	h.offsetIndexes = append(h.offsetIndexes, offsetIndex)
	h.rgRows = 0
	return nil
}

func (h *handsWriter) writeDictionaryPage(col *pqColumn) error {
	b := h.page
	var err error
	if b.compressed, err = h.codec.Encode(b.compressed, col.dictPage); err != nil {
		return err
	}
	header := format.PageHeader{
		Type:                 format.DictionaryPage,
		UncompressedPageSize: int32(len(col.dictPage)),
		CompressedPageSize:   int32(len(b.compressed)),
		CRC:                  int32(crc32.ChecksumIEEE(b.compressed)),
		DictionaryPageHeader: thrift.New(format.DictionaryPageHeader{
			NumValues: int32(col.dictLen()),
			Encoding:  format.Plain,
		}),
	}
	if err := h.encodeHeader(&header); err != nil {
		return err
	}
	if _, err := h.out.Write(h.header.Bytes()); err != nil {
		return err
	}
	if _, err := h.out.Write(b.compressed); err != nil {
		return err
	}
	meta := &col.chunk.MetaData
	headerSize := int64(h.header.Len())
	meta.TotalUncompressedSize += headerSize + int64(header.UncompressedPageSize)
	meta.TotalCompressedSize += headerSize + int64(header.CompressedPageSize)
	meta.EncodingStats = addEncodingStats(meta.EncodingStats, format.DictionaryPage, format.Plain)
	return nil
}

// writeFooter writes the page index (column indexes, then offset indexes)
// and the file metadata.
func (h *handsWriter) writeFooter() error {
	enc := thrift.NewEncoder(new(thrift.CompactProtocol).NewWriter(&h.out))
	for i, indexes := range h.columnIndexes {
		for j := range indexes {
			c := &h.rowGroups[i].Columns[j]
			c.ColumnIndexOffset = h.out.offset
			if err := enc.Encode(&indexes[j]); err != nil {
				return err
			}
			c.ColumnIndexLength = int32(h.out.offset - c.ColumnIndexOffset)
		}
	}
	for i, indexes := range h.offsetIndexes {
		for j := range indexes {
			c := &h.rowGroups[i].Columns[j]
			c.OffsetIndexOffset = h.out.offset
			if err := enc.Encode(&indexes[j]); err != nil {
				return err
			}
			c.OffsetIndexLength = int32(h.out.offset - c.OffsetIndexOffset)
		}
	}
	var numRows int64
	for i := range h.rowGroups {
		numRows += h.rowGroups[i].NumRows
	}
	md := format.FileMetaData{
		Version:          2,
		Schema:           h.schema,
		NumRows:          numRows,
		RowGroups:        h.rowGroups,
		KeyValueMetadata: h.kv,
		CreatedBy:        h.createdBy,
		ColumnOrders:     h.orders,
	}
	start := h.out.offset
	if err := enc.Encode(&md); err != nil {
		return err
	}
	var tail [8]byte
	binary.LittleEndian.PutUint32(tail[:4], uint32(h.out.offset-start))
	copy(tail[4:], "PAR1")
	_, err := h.out.Write(tail[:])
	return err
}

func addEncodingStats(stats []format.PageEncodingStats, page format.PageType, enc format.Encoding) []format.PageEncodingStats {
	for i := range stats {
		if stats[i].PageType == page && stats[i].Encoding == enc {
			stats[i].Count++
			return stats
		}
	}
	return append(stats, format.PageEncodingStats{PageType: page, Encoding: enc, Count: 1})
}

// levelEncoding encodes the definition levels of optional columns.
var levelEncoding = rle.Encoding{BitWidth: 1}

// offsetWriter counts the bytes written: the footer records offsets.
type offsetWriter struct {
	w      io.Writer
	offset int64
}

func (o *offsetWriter) Write(p []byte) (int, error) {
	n, err := o.w.Write(p)
	o.offset += int64(n)
	return n, err
}

// colKind is how a column stores its values.
type colKind uint8

const (
	colInt64   colKind = iota + 1 // INT64 (and TIMESTAMP)
	colBytes                      // BYTE_ARRAY
	colDict                       // BYTE_ARRAY, RLE_DICTIONARY (PLAIN once the dictionary is full)
	colIntDict                    // INT64, RLE_DICTIONARY (PLAIN once the dictionary is full)
)

// isInt reports whether the column's values are INT64.
func (c *pqColumn) isInt() bool { return c.kind == colInt64 || c.kind == colIntDict }

// isDict reports whether the column starts each row group with a dictionary.
func (c *pqColumn) isDict() bool { return c.kind == colDict || c.kind == colIntDict }

// dictLen is the number of entries in the row group's dictionary.
func (c *pqColumn) dictLen() int {
	if c.kind == colIntDict {
		return len(c.intDict.values)
	}
	return len(c.dictValues)
}

// handColumns are the columns of hands.parquet.
type handColumns [len(handColumnKinds)]pqColumn

// handsBuffers is the memory a handsWriter works in.
type handsBuffers struct {
	cols handColumns
	page pageBuffers
	zstd *zstdCodec
}

// spareBuffers keeps the buffers of the last hands writer closed, for the
// next one: they grow to a page of every column (tens of megabytes), and
// growing them anew for each file costs as much as encoding tens of
// thousands of hands.
var spareBuffers struct {
	sync.Mutex
	buf *handsBuffers
}

func takeHandsBuffers() *handsBuffers {
	spareBuffers.Lock()
	defer spareBuffers.Unlock()
	b := spareBuffers.buf
	spareBuffers.buf = nil
	if b == nil {
		b = new(handsBuffers)
	}
	return b
}

func putHandsBuffers(b *handsBuffers) {
	for i := range b.cols {
		b.cols[i].release()
	}
	spareBuffers.Lock()
	spareBuffers.buf = b
	spareBuffers.Unlock()
}

// pqColumn is one column of the current row group: the values of the page
// being filled, the encoded pages before it, and the chunk's statistics.
type pqColumn struct {
	kind     colKind
	slot     int // the column's number among handBatch's columns of its kind
	optional bool
	text     bool // values are made valid UTF-8 (text) as they are added
	typ      parquet.Type
	valueEnc encoding.Encoding // for values that are not dictionary indexes

	// The page being filled.
	rows    int      // rows, null or not
	vals    int      // non-null values
	defs    []byte   // definition levels, for optional columns
	ints    []int64  // colInt64 values (and colIntDict's once plain)
	idx     []int32  // colDict and colIntDict values, as dictionary indexes
	bytes   []byte   // colBytes values (and colDict's once plain), end to end
	offsets []uint32 // where each value of bytes starts, and where the last ends

	minAt, maxAt int     // value numbers in bytes of the page's bounds
	pageEntries  []int32 // the dictionary entries the page uses, for its bounds
	pageMark     uint32  // marks the entries of pageEntries in entryMarks

	// The dictionary of the row group, in order of first appearance.
	dict       map[string]int32
	recent     [1 << recentBits]recentValue // values recently looked up, by endsSlot
	dictValues []string
	intDict    intDictionary // colIntDict's dictionary, in place of dict and dictValues
	entryMarks []uint32      // by entry: pageMark if the page uses it
	dictPage   []byte        // the entries, PLAIN-encoded
	dictBytes  int64         // length of the entries, as parquet-go measures the dictionary
	plain      bool          // the dictionary filled up: PLAIN until the end of the row group

	// The last value looked up (last in colDict, lastInt in colIntDict),
	// and its index: rows often repeat the previous row's. Forgotten at
	// each page (lastIdx -1), whose entries it records.
	last    string
	lastInt int64
	lastIdx int32

	// The column chunk of the row group.
	chunk          format.ColumnChunk
	indexer        parquet.ColumnIndexer
	offsetIndex    format.OffsetIndex
	pages          []byte // encoded data pages
	flushedRows    int64
	unencodedBytes int64
	defHist        [2]int64
	pageDefHists   []int64
}

// init readies c for a new file, keeping the buffers it had.
func (c *pqColumn) init(path []string, typ parquet.Type, kind colKind, slot int, optional bool, valueEnc encoding.Encoding, codec pageCodec, indexSizeLimit int) {
	c.kind, c.typ, c.slot, c.optional, c.valueEnc = kind, typ, slot, optional, valueEnc
	c.indexer = typ.NewColumnIndexer(indexSizeLimit)
	// The encodings a chunk may use, sorted, as parquet-go lists them.
	var encodings []format.Encoding
	if optional {
		encodings = append(encodings, format.RLE)
	}
	if kind == colDict || kind == colIntDict {
		encodings = append(encodings, format.Plain, format.RLEDictionary)
		if c.dict == nil && kind == colDict {
			c.dict = map[string]int32{}
		}
	} else {
		encodings = append(encodings, valueEnc.Encoding())
	}
	slices.Sort(encodings)
	c.chunk = format.ColumnChunk{MetaData: format.ColumnMetaData{
		Type:         format.Type(typ.Kind()),
		Encoding:     slices.Compact(encodings),
		PathInSchema: slices.Clone(path),
		Codec:        codec.CompressionCodec(),
	}}
	c.resetPage()
	c.resetChunk()
}

// release drops what c holds of the rows (strings) and of the file.
func (c *pqColumn) release() {
	c.resetPage()
	c.resetChunk()
	c.chunk, c.indexer, c.typ, c.valueEnc = format.ColumnChunk{}, nil, nil, nil
}

// addInts appends values, null where their bit (the column's slot) is set
// in nulls; noNulls says that none is. The page's bounds are found when
// it is written.
func (c *pqColumn) addInts(values []int64, nulls []uint16, noNulls bool) {
	n := len(values)
	c.rows += n
	c.ints = reserve(c.ints, n)
	if !c.optional || noNulls {
		c.ints = append(c.ints, values...)
		c.vals = len(c.ints)
		if c.optional {
			c.defs = appendPresent(c.defs, n)
		}
		return
	}
	c.defs = reserve(c.defs, n)
	defs := c.defs[len(c.defs) : len(c.defs)+n]
	ints := c.ints[len(c.ints) : len(c.ints)+n]
	nulls = nulls[:n]
	slot := uint(c.slot) & 15
	k := 0
	for i, v := range values {
		present := nulls[i]>>slot&1 ^ 1
		defs[i] = byte(present)
		ints[k] = v // overwritten by the next value when null
		k += int(present)
	}
	c.defs = c.defs[:len(c.defs)+n]
	c.ints = c.ints[:len(c.ints)+k]
	c.vals = len(c.ints)
}

// addStrings appends values; in an optional column the empty string is null.
func (c *pqColumn) addStrings(values []string) {
	n := len(values)
	c.rows += n
	if c.kind == colDict && !c.plain {
		c.addIndexes(values)
		return
	}
	if c.optional {
		c.defs = reserve(c.defs, n)
		defs := c.defs[len(c.defs) : len(c.defs)+n]
		for i, s := range values {
			defs[i] = present(len(s))
		}
		c.defs = c.defs[:len(c.defs)+n]
	}
	c.offsets = reserve(c.offsets, n)
	for _, s := range values {
		if s != "" || !c.optional {
			if c.text {
				s = text(s)
			}
			c.addBytes(s)
		}
	}
	c.vals = len(c.offsets) - 1
}

// appendPresent appends n definition levels of present values.
func appendPresent(defs []byte, n int) []byte {
	defs = reserve(defs, n)
	for n > 0 {
		k := min(n, len(presentLevels))
		defs = append(defs, presentLevels[:k]...)
		n -= k
	}
	return defs
}

// presentLevels are definition levels of present values, copied at once
// (most columns never have a null): a batch's worth, which appendColumn
// may append in one go.
var presentLevels = bytes.Repeat([]byte{1}, parquetBatchRows)

// present is the definition level of a string of length n.
func present(n int) byte {
	if n == 0 {
		return 0
	}
	return 1
}

// addIndexes appends the dictionary indexes of values, but nulls, and
// their definition levels.
func (c *pqColumn) addIndexes(values []string) {
	n := len(values)
	c.idx = reserve(c.idx, n)
	c.defs = reserve(c.defs, n)
	idx := c.idx[len(c.idx) : len(c.idx)+n]
	// A required column's levels are written too, past the end of its
	// defs, and left there: that costs less than testing for it.
	defs := c.defs[len(c.defs) : len(c.defs)+n]
	k := 0
	last, lastIdx, optional := c.last, c.lastIdx, c.optional
	for i := 0; i < n; i++ {
		// Most rows repeat the previous row's value: a loop for each
		// length of it stores its index for the rows that repeat it,
		// keeping its bytes in registers, and comparing eight bytes at a
		// time (or four, or the first, middle and last byte), the last
		// word overlapping the one before, without a call (the == of
		// strings makes one). lastIdx is -1 until a value is looked up
		// in the page (in an optional column, "" never is).
		if m := len(last); lastIdx >= 0 {
			switch {
			case m > 16:
				head, tail := word(last[:8]), word(last[m-8:m])
			long:
				for ; i < n; i++ {
					s := values[i]
					if len(s) != m || word(s[:8]) != head || word(s[m-8:m]) != tail {
						break
					}
					for j := 8; j < m-8; j += 8 {
						if word(s[j:j+8]) != word(last[j:j+8]) {
							break long
						}
					}
					idx[k], defs[i] = lastIdx, 1
					k++
				}
			case m >= 8:
				head, tail := word(last[:8]), word(last[m-8:m])
				for ; i < n; i++ {
					if s := values[i]; len(s) != m || word(s[:8]) != head || word(s[m-8:m]) != tail {
						break
					}
					idx[k], defs[i] = lastIdx, 1
					k++
				}
			case m >= 4:
				head, tail := word4(last[:4]), word4(last[m-4:m])
				for ; i < n; i++ {
					if s := values[i]; len(s) != m || word4(s[:4]) != head || word4(s[m-4:m]) != tail {
						break
					}
					idx[k], defs[i] = lastIdx, 1
					k++
				}
			case m > 0:
				first, middle, end := last[0], last[m/2], last[m-1]
				for ; i < n; i++ {
					if s := values[i]; len(s) != m || s[0] != first || s[m/2] != middle || s[m-1] != end {
						break
					}
					idx[k], defs[i] = lastIdx, 1
					k++
				}
			default:
				for ; i < n && len(values[i]) == 0; i++ {
					idx[k], defs[i] = lastIdx, 1
					k++
				}
			}
			if i == n {
				break
			}
		}
		s := values[i]
		if s == "" && optional {
			defs[i] = 0
			continue
		}
		// A new value: most are among the recent values (see index), found
		// here without a call.
		m := len(s)
		var h, t uint64 // ends(s), inlined
		switch {
		case m >= 8:
			h, t = word(s[:8]), word(s[m-8:m])
		case m >= 4:
			h, t = uint64(word4(s[:4])), uint64(word4(s[m-4:m]))
		case m > 0:
			h, t = uint64(s[0])|uint64(s[m/2])<<8, uint64(s[m-1])
		}
		last = s
		if r := &c.recent[endsSlot(h, t, m)]; r.entry > 0 && len(r.value) == m && r.head == h && r.tail == t && m <= 16 {
			lastIdx = r.entry - 1
			if c.entryMarks[lastIdx] != c.pageMark {
				c.mark(lastIdx)
			}
		} else {
			lastIdx = c.index(s)
		}
		idx[k], defs[i] = lastIdx, 1
		k++
	}
	c.last, c.lastIdx = last, lastIdx
	c.idx = c.idx[:len(c.idx)+k]
	c.vals = len(c.idx)
	if optional {
		c.defs = c.defs[:len(c.defs)+n]
	}
}

// addIntIndexes appends the dictionary indexes of values, null where their
// bit (the column's slot) is set in nulls; noNulls says that none is.
func (c *pqColumn) addIntIndexes(values []int64, nulls []uint16, noNulls bool) {
	n := len(values)
	c.rows += n
	c.idx = reserve(c.idx, n)
	idx := c.idx[len(c.idx) : len(c.idx)+n]
	if c.optional {
		if noNulls {
			c.defs = appendPresent(c.defs, n)
		} else {
			c.defs = reserve(c.defs, n)
			defs := c.defs[len(c.defs) : len(c.defs)+n]
			nulls, slot := nulls[:n], uint(c.slot)&15
			for i := range defs {
				defs[i] = byte(nulls[i]>>slot&1 ^ 1)
			}
			c.defs = c.defs[:len(c.defs)+n]
		}
	}
	// Rows often repeat the previous row's value, whose index is kept
	// (lastIdx, -1 until a value is looked up in the page): the others
	// are looked up without a call.
	d := &c.intDict
	if len(d.slots) == 0 {
		d.grow() // find needs a table
	}
	k := 0
	slot := uint(c.slot) & 15
	last, lastIdx := c.lastInt, c.lastIdx
	for i, v := range values {
		if !noNulls && nulls[i]>>slot&1 != 0 {
			continue
		}
		if v != last || lastIdx < 0 {
			e := d.find(v)
			if e < 0 {
				e = c.addIntEntry(v)
			}
			last, lastIdx = v, c.mark(e)
		}
		idx[k] = lastIdx
		k++
	}
	c.lastInt, c.lastIdx = last, lastIdx
	c.idx = c.idx[:len(c.idx)+k]
	c.vals = len(c.idx)
}

// addIntEntry adds v, not in the dictionary, and returns its index.
func (c *pqColumn) addIntEntry(v int64) int32 {
	c.entryMarks = append(c.entryMarks, 0)
	c.dictPage = binary.LittleEndian.AppendUint64(c.dictPage, uint64(v))
	c.dictBytes += 8
	return c.intDict.add(v)
}

// intDictionary is the dictionary of an INT64 column: its values in order
// of first appearance, and a hash table of their indexes (open
// addressing, linear probing), which amounts and player counts, of a few
// dozen values mostly, look up faster than a map.
type intDictionary struct {
	values []int64
	slots  []int32 // index+1 of the value whose probe starts at or before it; 0 is free
	shift  uint    // 64 - log2(len(slots))
}

// index returns the index of v, adding it if new (added).
func (d *intDictionary) index(v int64) (i int32, added bool) {
	if len(d.slots) == 0 {
		d.grow()
	}
	if i := d.find(v); i >= 0 {
		return i, false
	}
	return d.add(v), true
}

// find returns the index of v, -1 if it is not in the dictionary. The
// table must have slots (grow makes them).
func (d *intDictionary) find(v int64) int32 {
	mask := len(d.slots) - 1
	for j := int(uint64(v) * 0x9E3779B97F4A7C15 >> d.shift); ; j = (j + 1) & mask {
		if e := d.slots[j]; e == 0 || d.values[e-1] == v {
			return e - 1
		}
	}
}

// add adds v, not in the dictionary, and returns its index, growing the
// table to keep it at most half full.
func (d *intDictionary) add(v int64) int32 {
	if 2*(len(d.values)+1) > len(d.slots) {
		d.grow()
	}
	mask := len(d.slots) - 1
	j := int(uint64(v) * 0x9E3779B97F4A7C15 >> d.shift)
	for d.slots[j] != 0 {
		j = (j + 1) & mask
	}
	d.values = append(d.values, v)
	d.slots[j] = int32(len(d.values))
	return int32(len(d.values) - 1)
}

// grow doubles the table (at least 64 slots) and puts the values back.
func (d *intDictionary) grow() {
	n := max(64, 2*len(d.slots))
	d.slots = make([]int32, n)
	d.shift = uint(64 - bits.TrailingZeros(uint(n)))
	mask := n - 1
	for i, v := range d.values {
		j := int(uint64(v) * 0x9E3779B97F4A7C15 >> d.shift)
		for d.slots[j] != 0 {
			j = (j + 1) & mask
		}
		d.slots[j] = int32(i + 1)
	}
}

// reset empties the dictionary, keeping its memory.
func (d *intDictionary) reset() {
	d.values = d.values[:0]
	clear(d.slots)
}

// index returns the index in the dictionary of the value s (of text(s)
// in a text column), adding it if new, and records that the page uses it.
func (c *pqColumn) index(s string) int32 {
	// Rows often alternate between a few values (tables, games, stakes):
	// values recently looked up are found by a cheap hash of their ends,
	// and compared without hashing them whole.
	h, t := ends(s)
	recent := &c.recent[endsSlot(h, t, len(s))]
	if recent.entry > 0 && recent.value == s {
		return c.mark(recent.entry - 1)
	}
	entry := s
	if c.text {
		entry = text(s)
	}
	i := c.lookup(entry)
	*recent = recentValue{s, h, t, i + 1}
	return c.mark(i)
}

// ends are the first and last eight bytes of s, little-endian (four if
// it is shorter; its first and middle byte and its last if shorter still;
// zeros if empty): they overlap, and two strings of the same length up to
// 16 bytes are equal if their ends are.
func ends(s string) (head, tail uint64) {
	switch n := len(s); {
	case n >= 8:
		return word(s[:8]), word(s[n-8 : n])
	case n >= 4:
		return uint64(word4(s[:4])), uint64(word4(s[n-4 : n]))
	case n > 0:
		return uint64(s[0]) | uint64(s[n/2])<<8, uint64(s[n-1])
	}
	return 0, 0
}

// endsSlot is where a value of length n and ends head and tail goes in
// pqColumn.recent: both ends tell apart the values that share a length
// and an end ("0.01/0.02 USD", "0.25/0.50 USD").
func endsSlot(head, tail uint64, n int) int {
	x := (head ^ tail<<1 ^ uint64(n)) * 0x9E3779B97F4A7C15
	return int(x >> (64 - recentBits))
}

// recentBits is log2 of the length of pqColumn.recent (and of interner.recent).
const recentBits = 6

// recentValue is a value looked up (a row's string), its ends, and its
// entry (+1, 0 for none).
type recentValue struct {
	value      string
	head, tail uint64
	entry      int32
}

// lookup returns the index of s in the dictionary, adding it if new.
func (c *pqColumn) lookup(s string) int32 {
	i, ok := c.dict[s]
	if !ok {
		entry := strings.Clone(s) // the row's memory is not ours to keep
		i = int32(len(c.dictValues))
		c.dict[entry] = i
		c.dictValues = append(c.dictValues, entry)
		c.entryMarks = append(c.entryMarks, 0)
		c.dictPage = binary.LittleEndian.AppendUint32(c.dictPage, uint32(len(s)))
		c.dictPage = append(c.dictPage, s...)
		c.dictBytes += int64(len(s))
	}
	return i
}

// mark records that the page uses entry i, and returns it.
func (c *pqColumn) mark(i int32) int32 {
	if c.entryMarks[i] != c.pageMark {
		c.entryMarks[i] = c.pageMark
		c.pageEntries = append(c.pageEntries, i)
	}
	return i
}

// reserve makes room for n more elements, doubling the capacity: a page
// grows to a hundred thousand values and more, which append's gentler
// growth of large slices would copy many times over.
func reserve[T any](s []T, n int) []T {
	if cap(s)-len(s) >= n {
		return s
	}
	t := make([]T, len(s), max(2*cap(s), len(s)+n, 1024))
	copy(t, s)
	return t
}

func (c *pqColumn) addBytes(s string) {
	// The maximum is checked first: hand IDs mostly rise.
	if n := len(c.offsets) - 1; n == 0 {
		c.minAt, c.maxAt = 0, 0
	} else if o := c.offsets; s > string(c.bytes[o[c.maxAt]:o[c.maxAt+1]]) { // no allocation: compared in place
		c.maxAt = n
	} else if s < string(c.bytes[o[c.minAt]:o[c.minAt+1]]) {
		c.minAt = n
	}
	c.bytes = append(c.bytes, s...)
	c.offsets = append(c.offsets, uint32(len(c.bytes)))
}

// valueAt is the i-th byte array value of the page.
func (c *pqColumn) valueAt(i int) string {
	return string(c.bytes[c.offsets[i]:c.offsets[i+1]])
}

// size is what parquet-go's column buffer would report for the page being
// filled: the generic writer cuts a page when it reaches the page limit.
func (c *pqColumn) size() int64 {
	var n int64
	switch {
	case c.isDict() && !c.plain:
		n = 4 * int64(c.vals)
	case c.isInt():
		n = 8 * int64(c.vals)
	default:
		n = 4*int64(c.vals) + int64(len(c.bytes))
	}
	if c.optional {
		n += 5 * int64(c.rows) // a row index and a definition level per row
	}
	return n
}

// maxRowBytes is the most a row adds to size, 0 if that has no bound
// (byte array values).
func (c *pqColumn) maxRowBytes() int64 {
	var n int64
	switch {
	case c.isDict() && !c.plain:
		n = 4
	case c.isInt():
		n = 8
	default:
		return 0
	}
	if c.optional {
		n += 5
	}
	return n
}

// bounds are the page's minimum and maximum values, if it has any.
func (c *pqColumn) bounds() (minValue, maxValue parquet.Value, ok bool) {
	if c.vals == 0 {
		return minValue, maxValue, false
	}
	switch {
	case c.kind == colIntDict && !c.plain:
		values := c.intDict.values
		lo, hi := values[c.pageEntries[0]], values[c.pageEntries[0]]
		for _, i := range c.pageEntries[1:] {
			lo, hi = min(lo, values[i]), max(hi, values[i])
		}
		return parquet.Int64Value(lo), parquet.Int64Value(hi), true
	case c.isInt():
		lo, hi := int64Bounds(c.ints)
		return parquet.Int64Value(lo), parquet.Int64Value(hi), true
	case c.kind == colDict && !c.plain:
		lo, hi := c.dictValues[c.pageEntries[0]], c.dictValues[c.pageEntries[0]]
		for _, i := range c.pageEntries[1:] {
			lo, hi = min(lo, c.dictValues[i]), max(hi, c.dictValues[i])
		}
		return parquet.ByteArrayValue([]byte(lo)), parquet.ByteArrayValue([]byte(hi)), true
	default:
		return parquet.ByteArrayValue([]byte(c.valueAt(c.minAt))), parquet.ByteArrayValue([]byte(c.valueAt(c.maxAt))), true
	}
}

// int64Bounds is the least and the greatest of values (not empty), four
// at a time: two chains of min and max, which do not wait on each other,
// and half the loop's steps.
func int64Bounds(values []int64) (lo, hi int64) {
	lo, hi = values[0], values[0]
	lo2, hi2 := lo, hi
	for len(values) >= 4 {
		v := values[:4]
		lo, hi = min(lo, v[0], v[2]), max(hi, v[0], v[2])
		lo2, hi2 = min(lo2, v[1], v[3]), max(hi2, v[1], v[3])
		values = values[4:]
	}
	for _, v := range values {
		lo, hi = min(lo, v), max(hi, v)
	}
	return min(lo, lo2), max(hi, hi2)
}

// mergeBounds widens the chunk's statistics to a page's bounds, keeping
// them as parquet-go does (an empty byte array bound is empty, not absent).
func (c *pqColumn) mergeBounds(minValue, maxValue parquet.Value) {
	st := &c.chunk.MetaData.Statistics
	var oldMax, oldMin parquet.Value
	if st.MaxValue != nil && st.MinValue != nil {
		oldMax, oldMin = c.typ.Kind().Value(st.MaxValue), c.typ.Kind().Value(st.MinValue)
	}
	if oldMax.IsNull() || c.typ.Compare(maxValue, oldMax) > 0 {
		buf := st.MaxValue[:0]
		if buf == nil && maxValue.Kind() == parquet.ByteArray && len(maxValue.ByteArray()) == 0 {
			buf = []byte{}
		}
		st.MaxValue = maxValue.AppendBytes(buf)
	}
	if oldMin.IsNull() || c.typ.Compare(minValue, oldMin) < 0 {
		buf := st.MinValue[:0]
		if buf == nil && minValue.Kind() == parquet.ByteArray && len(minValue.ByteArray()) == 0 {
			buf = []byte{}
		}
		st.MinValue = minValue.AppendBytes(buf)
	}
}

func (c *pqColumn) resetPage() {
	c.rows, c.vals = 0, 0
	c.defs, c.ints, c.idx, c.bytes, c.offsets = c.defs[:0], c.ints[:0], c.idx[:0], c.bytes[:0], append(c.offsets[:0], 0)
	c.pageEntries = c.pageEntries[:0]
	if c.pageMark++; c.pageMark == 0 { // wrapped: old marks would match
		clear(c.entryMarks)
		c.pageMark = 1
	}
	c.last, c.lastIdx = "", -1
}

// resetChunk starts the next row group; the finished chunk's slices now
// belong to the footer.
func (c *pqColumn) resetChunk() {
	meta := c.chunk.MetaData
	c.chunk = format.ColumnChunk{MetaData: format.ColumnMetaData{
		Type: meta.Type, Encoding: meta.Encoding, PathInSchema: meta.PathInSchema, Codec: meta.Codec,
	}}
	if c.indexer != nil {
		c.indexer.Reset()
	}
	c.offsetIndex = format.OffsetIndex{}
	c.pages = c.pages[:0]
	c.flushedRows, c.unencodedBytes = 0, 0
	c.defHist = [2]int64{}
	c.pageDefHists = c.pageDefHists[:0]
	clear(c.dict)
	c.recent = [len(c.recent)]recentValue{}
	clear(c.dictValues)
	c.dictValues, c.entryMarks = c.dictValues[:0], c.entryMarks[:0]
	c.intDict.reset()
	c.dictPage = c.dictPage[:0]
	c.dictBytes = 0
	c.last, c.lastIdx, c.plain = "", -1, false
}

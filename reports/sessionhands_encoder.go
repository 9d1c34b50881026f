package reports

import (
	"encoding/binary"
	"fmt"
	"io"
	"slices"

	"github.com/klauspost/compress/s2"

	"github.com/parquet-go/parquet-go"
	"github.com/parquet-go/parquet-go/encoding/thrift"
	"github.com/parquet-go/parquet-go/format"

	"github.com/handaudit/handaudit/checks"
)

// sessionHandsEncoder writes the session-hands table (SessionHandRow's
// schema) column by column. Why not parquet-go's generic writer: it cost
// about 3 µs a row for this table's 14 fields and 5 lists of seats, a third
// more CPU on a shard's whole run (about 8 µs a hand: 100k generated
// PokerStars hands, 2 shards, 1 worker). This writer appends each value to
// its column and encodes a row group's column as one data page (v2): the
// integers DELTA_BINARY_PACKED, the text with a dictionary (but hand_id and
// player, PLAIN), compressed with Snappy in s2's fast mode (zstd, and
// Snappy's "better" mode, took most of the cost); no statistics but null
// counts, no page index (the merge reads the table whole).
// TestSessionHandsRoundTrip reads it back through parquet-go,
// TestSessionHandsDuckDB through DuckDB.
type sessionHandsEncoder struct {
	out    offsetWriter
	schema []format.SchemaElement
	leaves []sessionLeaf
	kv     []format.KeyValue
	by     string // created by

	rows      int64 // in the row group being filled
	rowGroups []format.RowGroup
	enc       *thrift.Encoder
	header    offsetWriter // the page header being encoded, into headerBuf
	headerBuf []byte
	levels    []byte
	data      []byte
	packed    []byte
}

// sessionLeaf is one column of the row group being filled.
type sessionLeaf struct {
	path     []string
	typ      format.Type
	maxDef   int // 0 required, 1 optional or repeated
	repeated bool
	ints     []int64
	bytes    []byte   // the strings end to end
	offsets  []uint32 // where each string starts, then where the last ends
	defs     []byte
	reps     []byte
	nulls    int64

	// A dictionary column (low-cardinality text: dict set) keeps the row
	// group's distinct values in bytes and offsets, and each row's index.
	dict    map[string]int32
	idx     []int32
	last    string // the last value added, and its index: rows repeat it
	lastIdx int32
}

// sessionRowGroupRows bounds a row group (and so the memory the encoder
// holds: about half a kilobyte a row).
const sessionRowGroupRows = 8192

func newSessionHandsEncoder(w io.Writer, info RunInfo) (*sessionHandsEncoder, error) {
	schema := parquet.SchemaOf(SessionHandRow{})
	e := &sessionHandsEncoder{out: offsetWriter{w: w}, by: "handaudit version " + info.normalized().ToolVersion,
		schema: schemaElements(nil, schema.Name(), schema, true)}
	for _, kv := range info.normalized().metadata() {
		e.kv = append(e.kv, format.KeyValue{Key: kv[0], Value: kv[1]})
	}
	slices.SortFunc(e.kv, func(a, b format.KeyValue) int {
		if a.Key < b.Key {
			return -1
		}
		if a.Key > b.Key {
			return 1
		}
		return 0
	})
	for _, path := range schema.Columns() {
		leaf, _ := schema.Lookup(path...)
		l := sessionLeaf{path: path, typ: format.Type(leaf.Node.Type().Kind()), maxDef: leaf.MaxDefinitionLevel,
			repeated: leaf.MaxRepetitionLevel > 0, lastIdx: -1}
		if l.typ == format.ByteArray && path[0] != "hand_id" && path[0] != "player" {
			l.dict = map[string]int32{}
		}
		if leaf.MaxRepetitionLevel > 1 || leaf.MaxDefinitionLevel > 1 || (l.typ != format.Int64 && l.typ != format.ByteArray) {
			return nil, fmt.Errorf("reports: %s: column %v is not one the encoder writes", SessionHandsName, path)
		}
		e.leaves = append(e.leaves, l)
	}
	if len(e.leaves) != sessionLeaves {
		return nil, fmt.Errorf("reports: %s: %d columns, the encoder writes %d", SessionHandsName, len(e.leaves), sessionLeaves)
	}
	e.enc = thrift.NewEncoder(new(thrift.CompactProtocol).NewWriter(&e.header))
	if _, err := e.out.Write([]byte("PAR1")); err != nil {
		return nil, err
	}
	return e, nil
}

// sessionLeaves is the number of SessionHandRow's columns; addHand
// follows their order.
const sessionLeaves = 20

// addHand appends the record of a hand read from input in format (the
// row SessionHandOf makes), a value to each column in schema order.
func (e *sessionHandsEncoder) addHand(input, format string, s *checks.SessionHand) error {
	l := e.leaves
	l[0].str(text(input))
	l[1].str(text(s.File))
	l[2].int(int64(s.Line))
	l[3].str(text(format))
	l[4].str(text(s.Key.Site))
	l[5].str(text(s.Key.Tournament))
	l[6].str(text(s.Table))
	l[7].str(text(s.ID))
	if s.Start.IsZero() {
		l[8].null()
	} else {
		l[8].int(s.Start.UnixMicro())
	}
	l[9].str(text(s.Currency))
	l[10].int(s.Scale)
	l[11].int(int64(s.Button))
	l[12].int(int64(s.BigBlind))
	l[13].int(int64(s.Digest()))
	l[14].int(int64(s.UnstatedRake))
	if len(s.Seats) == 0 {
		for i := 15; i < sessionLeaves; i++ {
			l[i].reps = append(l[i].reps, 0)
			l[i].null()
		}
	}
	for k := range s.Seats {
		st := &s.Seats[k]
		flags, finish := seatColumns(st)
		rep := min(byte(k), 1)
		l[15].elem(rep).int(int64(st.Number))
		l[16].elem(rep).str(text(st.Player))
		l[17].elem(rep).int(int64(st.Start))
		l[18].elem(rep).int(finish)
		l[19].elem(rep).int(flags)
	}
	if e.rows++; e.rows == sessionRowGroupRows {
		return e.flushRowGroup()
	}
	return nil
}

// elem starts a list's element: its repetition level (0: the row's first)
// and, for text, its definition level (int adds an int's).
func (l *sessionLeaf) elem(rep byte) *sessionLeaf {
	l.reps = append(l.reps, rep)
	if l.typ == format.ByteArray {
		l.defs = append(l.defs, 1)
	}
	return l
}

func (l *sessionLeaf) int(v int64) {
	l.ints = append(l.ints, v)
	if l.maxDef > 0 {
		l.defs = append(l.defs, 1)
	}
}

func (l *sessionLeaf) null() {
	l.defs = append(l.defs, 0)
	l.nulls++
}

func (l *sessionLeaf) str(s string) {
	if l.dict != nil {
		if l.lastIdx < 0 || s != l.last {
			i, ok := l.dict[s]
			if !ok {
				i = int32(len(l.dict))
				l.dict[s] = i
				l.addBytes(s)
			}
			l.last, l.lastIdx = s, i
		}
		l.idx = append(l.idx, l.lastIdx)
		return
	}
	l.addBytes(s)
}

// addBytes appends s to bytes and offsets.
func (l *sessionLeaf) addBytes(s string) {
	if len(l.offsets) == 0 {
		l.offsets = append(l.offsets, 0)
	}
	l.bytes = append(l.bytes, s...)
	l.offsets = append(l.offsets, uint32(len(l.bytes)))
}

// flushRowGroup writes the buffered rows: each column as one page.
func (e *sessionHandsEncoder) flushRowGroup() error {
	if e.rows == 0 {
		return nil
	}
	fileOffset := e.out.offset
	rg := format.RowGroup{NumRows: e.rows, FileOffset: fileOffset, Ordinal: int16(len(e.rowGroups)),
		SortingColumns: []format.SortingColumn{}}
	for i := range e.leaves {
		l := &e.leaves[i]
		cc, err := e.writeColumn(l)
		if err != nil {
			return err
		}
		rg.Columns = append(rg.Columns, cc)
		rg.TotalByteSize += cc.MetaData.TotalUncompressedSize
		rg.TotalCompressedSize += cc.MetaData.TotalCompressedSize
		l.ints, l.bytes, l.offsets, l.defs, l.reps, l.nulls = l.ints[:0], l.bytes[:0], l.offsets[:0], l.defs[:0], l.reps[:0], 0
		if l.dict != nil {
			clear(l.dict)
			l.idx, l.last, l.lastIdx = l.idx[:0], "", -1
		}
	}
	e.rowGroups = append(e.rowGroups, rg)
	e.rows = 0
	return nil
}

func (e *sessionHandsEncoder) writeColumn(l *sessionLeaf) (format.ColumnChunk, error) {
	var err error
	e.levels = e.levels[:0]
	var repLen, defLen int
	if l.repeated {
		// EncodeLevels writes from the start of the buffer it is given.
		if e.data, err = levelEncoding.EncodeLevels(e.data[:0], l.reps); err != nil {
			return format.ColumnChunk{}, err
		}
		e.levels = append(e.levels, e.data...)
		repLen = len(e.levels)
	}
	if l.maxDef > 0 {
		if e.data, err = levelEncoding.EncodeLevels(e.data[:0], l.defs); err != nil {
			return format.ColumnChunk{}, err
		}
		e.levels = append(e.levels, e.data...)
		defLen = len(e.levels) - repLen
	}
	start := e.out.offset
	var dictOffset int64
	var dictSize int64 // uncompressed, with its header
	numValues := int64(len(l.ints))
	switch {
	case l.dict != nil:
		dictOffset = start
		if dictSize, err = e.writeDictionary(l); err != nil {
			return format.ColumnChunk{}, err
		}
		numValues = int64(len(l.idx))
		e.data, err = parquet.RLEDictionary.EncodeInt32(e.data[:0], l.idx)
	case l.typ == format.ByteArray:
		numValues = int64(max(len(l.offsets)-1, 0))
		e.data, err = parquet.Plain.EncodeByteArray(e.data[:0], l.bytes, l.offsets)
	default:
		// Lines, times, seats, stacks and flags rise steadily or
		// repeat: delta-encoded they are a byte or two each.
		e.data, err = parquet.DeltaBinaryPacked.EncodeInt64(e.data[:0], l.ints)
	}
	if err != nil {
		return format.ColumnChunk{}, err
	}
	numValues += l.nulls // level entries: values and nulls
	valueEncoding := format.Plain
	switch {
	case l.dict != nil:
		valueEncoding = format.RLEDictionary
	case l.typ == format.Int64:
		valueEncoding = format.DeltaBinaryPacked
	}
	e.packed = snappyBlock(e.packed, e.data)
	header := format.PageHeader{
		Type:                 format.DataPageV2,
		UncompressedPageSize: int32(len(e.levels) + len(e.data)),
		CompressedPageSize:   int32(len(e.levels) + len(e.packed)),
		DataPageHeaderV2: thrift.New(format.DataPageHeaderV2{
			NumValues: int32(numValues), NumNulls: int32(l.nulls), NumRows: int32(e.rows), Encoding: valueEncoding,
			DefinitionLevelsByteLength: int32(defLen), RepetitionLevelsByteLength: int32(repLen),
			IsCompressed: thrift.New(true),
			Statistics:   format.Statistics{NullCount: l.nulls},
		}),
	}
	e.header = offsetWriter{w: (*sliceWriter)(&e.headerBuf)}
	e.headerBuf = e.headerBuf[:0]
	if err := e.enc.Encode(&header); err != nil {
		return format.ColumnChunk{}, err
	}
	dataOffset := e.out.offset
	for _, b := range [][]byte{e.headerBuf, e.levels, e.packed} {
		if _, err := e.out.Write(b); err != nil {
			return format.ColumnChunk{}, err
		}
	}
	encodings := []format.Encoding{format.Plain}
	if l.typ == format.Int64 {
		encodings[0] = format.DeltaBinaryPacked
	}
	if l.maxDef > 0 || l.repeated {
		encodings = append(encodings, format.RLE)
	}
	if l.dict != nil {
		encodings = append(encodings, format.RLEDictionary)
	}
	slices.Sort(encodings)
	return format.ColumnChunk{FileOffset: start, MetaData: format.ColumnMetaData{
		Type: l.typ, Encoding: encodings, PathInSchema: l.path, Codec: format.Snappy, NumValues: numValues,
		TotalUncompressedSize: dictSize + int64(len(e.headerBuf)) + int64(header.UncompressedPageSize),
		TotalCompressedSize:   e.out.offset - start,
		DataPageOffset:        dataOffset,
		DictionaryPageOffset:  dictOffset,
		// The null count alone: a reader that finds no statistics may
		// take a column for one without nulls (DuckDB's count does).
		Statistics: format.Statistics{NullCount: l.nulls},
	}}, nil
}

// writeDictionary writes a dictionary column's page of distinct values
// (PLAIN) and returns its size uncompressed, with its header.
func (e *sessionHandsEncoder) writeDictionary(l *sessionLeaf) (int64, error) {
	var err error
	if e.data, err = parquet.Plain.EncodeByteArray(e.data[:0], l.bytes, l.offsets); err != nil {
		return 0, err
	}
	e.packed = snappyBlock(e.packed, e.data)
	header := format.PageHeader{
		Type:                 format.DictionaryPage,
		UncompressedPageSize: int32(len(e.data)),
		CompressedPageSize:   int32(len(e.packed)),
		DictionaryPageHeader: thrift.New(format.DictionaryPageHeader{NumValues: int32(len(l.dict)), Encoding: format.Plain}),
	}
	e.headerBuf = e.headerBuf[:0]
	e.header = offsetWriter{w: (*sliceWriter)(&e.headerBuf)}
	if err := e.enc.Encode(&header); err != nil {
		return 0, err
	}
	for _, b := range [][]byte{e.headerBuf, e.packed} {
		if _, err := e.out.Write(b); err != nil {
			return 0, err
		}
	}
	return int64(len(e.headerBuf) + len(e.data)), nil
}

// Close writes the last row group and the footer.
func (e *sessionHandsEncoder) Close() error {
	if err := e.flushRowGroup(); err != nil {
		return err
	}
	var numRows int64
	for i := range e.rowGroups {
		numRows += e.rowGroups[i].NumRows
	}
	md := format.FileMetaData{Version: 2, Schema: e.schema, NumRows: numRows, RowGroups: e.rowGroups,
		KeyValueMetadata: e.kv, CreatedBy: e.by}
	e.headerBuf = e.headerBuf[:0]
	e.header = offsetWriter{w: (*sliceWriter)(&e.headerBuf)}
	if err := e.enc.Encode(&md); err != nil {
		return err
	}
	var tail [8]byte
	binary.LittleEndian.PutUint32(tail[:4], uint32(len(e.headerBuf)))
	copy(tail[4:], "PAR1")
	if _, err := e.out.Write(append(e.headerBuf, tail[:]...)); err != nil {
		return err
	}
	return nil
}

// snappyBlock compresses src as a Snappy block into dst's memory, in s2's
// fast mode (parquet-go's Snappy codec uses its "better" mode, which took
// most of this table's cost).
func snappyBlock(dst, src []byte) []byte {
	if n := s2.MaxEncodedLen(len(src)); cap(dst) < n {
		dst = make([]byte, n)
	}
	return s2.EncodeSnappy(dst[:cap(dst)], src)
}

// sliceWriter appends what is written to a byte slice.
type sliceWriter []byte

func (s *sliceWriter) Write(p []byte) (int, error) {
	*s = append(*s, p...)
	return len(p), nil
}

// Package binrec reads the compact binary records that the batch pipeline
// and the HTML report spool to temporary files (session hands kept for the
// report's session views and for a merge): unsigned and signed varints,
// fixed 64-bit integers, single bytes and length-prefixed strings. A record
// cut short or damaged sets Bad and yields zero values, never a panic, so a
// decoder reads a whole record and checks Bad once.
package binrec

import "encoding/binary"

// Reader reads one record's fields in order.
type Reader struct {
	b   []byte
	Bad bool // a field ran past the record's end
}

// NewReader reads the record b.
func NewReader(b []byte) *Reader { return &Reader{b: b} }

func (r *Reader) fail() { r.Bad, r.b = true, nil }

// Uvarint reads an unsigned varint (binary.AppendUvarint).
func (r *Reader) Uvarint() uint64 {
	v, n := binary.Uvarint(r.b)
	if n <= 0 {
		r.fail()
		return 0
	}
	r.b = r.b[n:]
	return v
}

// Varint reads a signed varint (binary.AppendVarint).
func (r *Reader) Varint() int64 {
	v, n := binary.Varint(r.b)
	if n <= 0 {
		r.fail()
		return 0
	}
	r.b = r.b[n:]
	return v
}

// Int64 reads a little-endian 64-bit integer (binary.LittleEndian.AppendUint64).
func (r *Reader) Int64() int64 {
	if len(r.b) < 8 {
		r.fail()
		return 0
	}
	v := int64(binary.LittleEndian.Uint64(r.b))
	r.b = r.b[8:]
	return v
}

// Byte reads one byte.
func (r *Reader) Byte() byte {
	if len(r.b) == 0 {
		r.fail()
		return 0
	}
	c := r.b[0]
	r.b = r.b[1:]
	return c
}

// Str reads a string written as its length (a Uvarint) and its bytes.
func (r *Reader) Str() string {
	n := r.Uvarint()
	if n > uint64(len(r.b)) {
		r.fail()
		return ""
	}
	s := string(r.b[:n])
	r.b = r.b[n:]
	return s
}

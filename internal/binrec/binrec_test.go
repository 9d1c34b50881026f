package binrec

import (
	"encoding/binary"
	"testing"
)

func record() []byte {
	b := binary.AppendUvarint(nil, 300)
	b = binary.AppendVarint(b, -7)
	b = binary.LittleEndian.AppendUint64(b, uint64(1<<40+5))
	b = append(b, 9)
	b = binary.AppendUvarint(b, 5)
	return append(b, "hello"...)
}

// TestRoundTrip: each field reads back as written, and the record is whole.
func TestRoundTrip(t *testing.T) {
	r := NewReader(record())
	if u, v, i, c, s := r.Uvarint(), r.Varint(), r.Int64(), r.Byte(), r.Str(); u != 300 || v != -7 || i != 1<<40+5 || c != 9 || s != "hello" || r.Bad {
		t.Fatalf("read %d %d %d %d %q bad=%v", u, v, i, c, s, r.Bad)
	}
	if r.Byte(); !r.Bad {
		t.Fatal("a read past the end did not set Bad")
	}
}

// TestCutShort: every prefix of a record reads without a panic, and a
// prefix that cuts a field sets Bad.
func TestCutShort(t *testing.T) {
	full := record()
	for n := range len(full) {
		r := NewReader(full[:n])
		r.Uvarint()
		r.Varint()
		r.Int64()
		r.Byte()
		if s := r.Str(); !r.Bad || s != "" {
			t.Fatalf("record cut to %d bytes: bad=%v str=%q", n, r.Bad, s)
		}
	}
}

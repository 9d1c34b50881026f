package parser

import (
	"encoding/binary"
	"math/bits"
)

// phhInternSlots is the size of a reader's string cache: far more than the
// players, tables and venues that the hands of one file share, and enough
// that a site's regulars stay in it across files (a reader's state, and
// so its cache, is reused by the next reader).
const (
	phhInternBits  = 13
	phhInternSlots = 1 << phhInternBits
)

// phhInterner shares the strings of recurring names (players, tables,
// venues, currencies), so that a name seen lately costs no allocation. It
// is a direct-mapped cache: a name whose slot another took is simply
// copied again, so a file with very many players never makes it grow.
type phhInterner struct {
	slots *[phhInternSlots]phhInternSlot // allocated on first use
}

// phhInternSlot is one cached string with its bytes packed as phhPack
// packs them: a name of up to 16 bytes is compared in the slot itself,
// without reading the string's bytes from wherever they are in memory.
type phhInternSlot struct {
	w0, w1 uint64
	s      string
}

// intern returns b as a string, a copy shared with earlier calls when b
// was seen lately.
func (c *phhInterner) intern(b []byte) string {
	if len(b) == 0 {
		return ""
	}
	if c.slots == nil {
		c.slots = new([phhInternSlots]phhInternSlot)
	}
	w0, w1 := phhPack(b)
	// The top bits of a product depend on all the bits of its factors.
	x := (w0*0x9E3779B97F4A7C15 ^ w1) * 0xBF58476D1CE4E5B9
	slot := &c.slots[x>>(64-phhInternBits)]
	if slot.w0 == w0 && slot.w1 == w1 && len(slot.s) == len(b) && (len(b) <= 16 || slot.s == string(b)) {
		return slot.s
	}
	s := string(b)
	*slot = phhInternSlot{w0, w1, s}
	return s
}

// phhPack packs b into two words: for a given length of up to 16 bytes,
// different bytes give different words. A longer b gives its first and
// last eight bytes, mixed with the others.
func phhPack(b []byte) (w0, w1 uint64) {
	n := len(b)
	switch {
	case n > 16:
		w0, w1 = binary.LittleEndian.Uint64(b), binary.LittleEndian.Uint64(b[n-8:])
		for i := 8; i < n-8; i += 8 {
			w1 = bits.RotateLeft64(w1, 17) ^ binary.LittleEndian.Uint64(b[i:])
		}
	case n >= 8:
		w0, w1 = binary.LittleEndian.Uint64(b), binary.LittleEndian.Uint64(b[n-8:])
	case n >= 4:
		w0 = uint64(binary.LittleEndian.Uint32(b)) | uint64(binary.LittleEndian.Uint32(b[n-4:]))<<32
	case n > 0:
		w0 = uint64(b[0]) | uint64(b[n/2])<<8 | uint64(b[n-1])<<16
	}
	return w0, w1 ^ uint64(n)
}

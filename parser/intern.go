package parser

import (
	"encoding/binary"
	"math/bits"
)

// A reader's name cache starts with internSlots slots: far more than the
// players, tables and fee names one file's hands usually share. A file of
// many more distinct names (a merged export, a site's whole day) misses
// often; then the cache grows, up to internMaxSlots.
const (
	internSlots    = 1 << 11
	internMaxSlots = 1 << 13
)

// nameInterner shares the strings of recurring names (players, tables, sites,
// currencies) among the hands of a file; both readers keep one. It is a direct-mapped cache: each
// name hashes to one slot, and a new name evicts the one there. So its cost
// per name is one hash and one compare, its memory is bounded, and a corpus
// of many players never makes it rebuild more than a few times; a name
// evicted is only copied again.
//
// A slot keeps the first 16 bytes of its name as two words beside the
// string, so that a name is hashed and compared in registers, without
// reading the string's bytes from wherever the heap put them.
type nameInterner struct {
	slots  []internSlot // allocated on first use; a power of two long
	shift  uint         // 64 - log2(len(slots)): a hash's top bits pick the slot
	misses int          // since the last growth
}

type internSlot struct {
	w0, w1 uint64 // the name's first 16 bytes (see nameWords)
	s      string
}

func (c *nameInterner) intern(b []byte) string {
	w0, w1 := nameWords(b)
	return c.internWords(b, w0, w1)
}

// internWords is intern for a name whose words (nameWords) are known.
func (c *nameInterner) internWords(b []byte, w0, w1 uint64) string {
	if c.slots == nil {
		c.slots = make([]internSlot, internSlots)
		c.shift = 64 - uint(bits.TrailingZeros(internSlots))
	}
	slot := &c.slots[nameHash(w0, w1, len(b))>>c.shift]
	if slot.w0 == w0 && slot.w1 == w1 && len(slot.s) == len(b) && (len(b) <= 16 || slot.s[16:] == string(b[16:])) {
		return slot.s
	}
	s := string(b)
	*slot = internSlot{w0, w1, s}
	if c.misses++; c.misses > 2*len(c.slots) && len(c.slots) < internMaxSlots {
		c.grow()
	}
	return s
}

// grow makes the cache four times larger, keeping the names it holds.
func (c *nameInterner) grow() {
	old := c.slots
	c.slots = make([]internSlot, 4*len(old))
	c.shift -= 2
	for _, sl := range old {
		if sl.s != "" {
			c.slots[nameHash(sl.w0, sl.w1, len(sl.s))>>c.shift] = sl
		}
	}
	c.misses = 0
}

// nameWords returns the first 16 bytes of b as two little-endian words,
// zero past the end of b.
func nameWords(b []byte) (w0, w1 uint64) {
	if cap(b) >= 16 {
		// Load whole words from b's array and clear what is past its end:
		// names are read from a large buffer, which has room after them.
		full := b[:16:16]
		w0, w1 = binary.LittleEndian.Uint64(full), binary.LittleEndian.Uint64(full[8:])
		switch n := len(b); {
		case n < 8:
			w0 &= 1<<(8*n) - 1
			w1 = 0
		case n < 16:
			w1 &= 1<<(8*(n-8)) - 1
		}
		return w0, w1
	}
	for i, c := range b[:min(len(b), 16)] {
		if i < 8 {
			w0 |= uint64(c) << (8 * i)
		} else {
			w1 |= uint64(c) << (8 * (i - 8))
		}
	}
	return w0, w1
}

// nameHash mixes a name's first words and length into the top bits,
// which pick the slot (a multiply carries every bit upward): names that
// differ in a digit or two get unrelated slots.
func nameHash(w0, w1 uint64, n int) uint64 {
	return (w0 ^ bits.RotateLeft64(w1, 29) ^ uint64(n)<<58) * 0x9E3779B97F4A7C15
}

package parser

import (
	"encoding/binary"
	"math/bits"
)

// internSetBits is log2 of the sets in a reader's name cache: 256 sets of
// two names, 16 KB. That holds the players of a couple of dozen tables,
// the most a real file interleaves, and it is small enough to stay in the
// CPU's caches between hands. A larger table keeps more names, but one
// that names seldom recur in (a generated corpus of thousands of players
// met at random) goes cold: its probe then missed the caches and cost more
// than copying the name would have.
const internSetBits = 8

// NameInterner shares the strings of recurring names (players, tables, sites,
// currencies) among the hands of a file; each Reader keeps one. It is a
// set-associative cache: each name hashes to a set of two slots, one cache
// line, and a new name goes in the set's first slot, moving the name there
// to the second and evicting the second's. So its cost per name is one
// hash and two compares at most, its memory is small and bounded, and a
// name evicted is only copied again.
//
// A slot keeps the first 16 bytes of its name as two words beside the
// string, so that a name is hashed and compared in registers, without
// reading the string's bytes from wherever the heap put them.
type NameInterner struct {
	sets *InternSets // allocated on first use
}

// InternSet is a set of the cache: 64 bytes, one cache line (its array
// is allocated whole, at an address a multiple of 64).
type InternSet [2]internSlot

type internSlot struct {
	w0, w1 uint64 // the name's first 16 bytes (see NameWords)
	s      string
}

func (c *NameInterner) Intern(b []byte) string {
	w0, w1 := NameWords(b)
	return c.InternWords(b, w0, w1)
}

// InternWords is Intern for a name whose words (NameWords) are known.
func (c *NameInterner) InternWords(b []byte, w0, w1 uint64) string {
	if c.sets == nil {
		c.sets = new(InternSets)
	}
	set := &c.sets[NameHash(w0, w1, len(b))>>(64-internSetBits)]
	if set[0].holds(b, w0, w1) {
		return set[0].s
	}
	if set[1].holds(b, w0, w1) {
		return set[1].s
	}
	s := string(b)
	set[1] = set[0]
	set[0] = internSlot{w0, w1, s}
	return s
}

// InternSets is the interner's array of sets. A reader that makes a
// hand's new names together (see HandStrings) looks each name up in its
// set (Sets, InternSetIndex, Find) and adds the new ones after (Add).
type InternSets [1 << internSetBits]InternSet

// Sets returns the interner's sets, allocating them on first use; a
// loop over many names asks once.
func (c *NameInterner) Sets() *InternSets {
	if c.sets == nil {
		c.sets = new(InternSets)
	}
	return c.sets
}

// InternSetIndex returns the index in InternSets of the set of a name
// of length n whose words are w0, w1 (NameWords).
func InternSetIndex(w0, w1 uint64, n int) uint32 {
	return uint32(NameHash(w0, w1, n) >> (64 - internSetBits))
}

// Find returns the cached string of the name b, whose words are w0, w1,
// if set holds it.
func (set *InternSet) Find(b []byte, w0, w1 uint64) (string, bool) {
	sl := &set[0]
	if !sl.holds(b, w0, w1) {
		sl = &set[1]
		if !sl.holds(b, w0, w1) {
			return "", false
		}
	}
	return sl.s, true
}

// Add caches s, a name Find did not find in set, whose words are w0,
// w1, as InternWords caches a new name.
func (set *InternSet) Add(s string, w0, w1 uint64) {
	set[1] = set[0]
	set[0] = internSlot{w0, w1, s}
}

// HandStrings makes the strings a hand needs that no earlier hand had
// (its ID, the names the interner did not hold) with one allocation, not
// one each: their bytes are gathered one after another (Append,
// AddName), and the strings are slices of the one string Make returns.
// The strings of one hand, a few dozen bytes, share their memory only
// with each other; nothing of another hand's is kept alive by them.
type HandStrings struct {
	buf  []byte          // the strings' bytes, one after another
	news []HandStringNew // the names among them (not the ID)
}

// HandStringNew is a name gathered in HandStrings: its index (a seat),
// its place in the bytes (Off, N), the interner's set it belongs in (see
// InternSetIndex) and its words (NameWords). It holds no pointer, so
// gathering one costs no write barrier.
type HandStringNew struct {
	Index, Off, N, Set uint32
	W0, W1             uint64
}

// Reset starts a hand's strings.
func (hs *HandStrings) Reset() {
	hs.buf, hs.news = hs.buf[:0], hs.news[:0]
}

// Append gathers b, a string that is not a name to cache (the hand's
// ID), at offset Len.
func (hs *HandStrings) Append(b []byte) { hs.buf = append(hs.buf, b...) }

// Len returns how many bytes are gathered.
func (hs *HandStrings) Len() int { return len(hs.buf) }

// AddName gathers name b (words w0, w1; set: see InternSetIndex), to be
// the string of index i.
func (hs *HandStrings) AddName(i int, b []byte, w0, w1 uint64, set uint32) {
	off := len(hs.buf)
	hs.news = append(hs.news, HandStringNew{uint32(i), uint32(off), uint32(len(b)), set, w0, w1})
	if len(b) > 16 || cap(hs.buf)-off < 16 {
		hs.buf = append(hs.buf, b...)
		return
	}
	// A short name is all in its words, zero past its end: two stores,
	// not a copy.
	binary.LittleEndian.PutUint64(hs.buf[off:off+8], w0)
	binary.LittleEndian.PutUint64(hs.buf[off+8:off+16], w1)
	hs.buf = hs.buf[:off+len(b)]
}

// News returns the names gathered, in the order added.
func (hs *HandStrings) News() []HandStringNew { return hs.news }

// Make returns the string of all the bytes gathered; the string of a
// part at off, n is its [off:off+n].
func (hs *HandStrings) Make() string { return string(hs.buf) }

// holds reports whether the slot holds the name b, whose words are w0, w1.
func (sl *internSlot) holds(b []byte, w0, w1 uint64) bool {
	return sl.w0 == w0 && sl.w1 == w1 && len(sl.s) == len(b) && (len(b) <= 16 || sl.s[16:] == string(b[16:]))
}

// NameWords returns the first 16 bytes of b as two little-endian words,
// zero past the end of b.
func NameWords(b []byte) (w0, w1 uint64) {
	if cap(b) < 16 {
		// Seldom: names are read from a large buffer, which has room
		// after them.
		var room [16]byte
		b = room[:copy(room[:], b)]
	}
	// Load whole words from b's array and clear what is past its end.
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

// NameHash mixes a name's first words and length into the top bits,
// which pick the slot (a multiply carries every bit upward): names that
// differ in a digit or two get unrelated slots.
func NameHash(w0, w1 uint64, n int) uint64 {
	return (w0 ^ bits.RotateLeft64(w1, 29) ^ uint64(n)<<58) * 0x9E3779B97F4A7C15
}

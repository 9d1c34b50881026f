package batch

import (
	"encoding/binary"
	"sort"
)

// hashSet is the set of hand keys seen in a run, each with where it was
// first seen. Ten million keys take about 135 MB, all outside the Go heap
// (allocWords, allocBytes), where a map of strings would take several
// times that and double it again in garbage-collector headroom.
//
// A key's ordinal is its rank of insertion. The table is open addressing
// with linear probing, split by the key's low 8 bits into 256 segments
// that grow one at a time by a sixth (growing never doubles the memory in
// one go), mostly within a mapping with room to grow (reserveWords), so
// that growing faults in no pages but the new slots'. A slot holds the
// key's high 32 bits and its ordinal. Bits 8 to 31 of the key are kept by
// ordinal, three bytes a key (the segment is bits 0 to 7), and compared
// only when the high bits match, so the set is exact. Where a key was
// first seen is kept as the first ordinal of each input and the line of
// each key by ordinal, delta-encoded outside the heap: a byte or two a key.
type hashSet struct {
	segs   [hashSegments]hashSegment
	low    []bytesChunk // bits 8 to 31 of the keys by ordinal, three bytes each
	n      uint32       // keys added: the next ordinal
	inputs []inputStart // in input order
	lines  lineLog
	// scratch holds a segment's keys while it grows within its mapping.
	scratch []uint64
}

const (
	hashSegments = 256
	// A segment grows when more than 11/12 full, by a sixth: it stays
	// between 79% and 92% full, where linear probing with a well-mixed key
	// is still short (a few cache lines, read in order). Fuller or in
	// smaller steps saves little memory for much more probing and moving.
	hashMaxLoadNum, hashMaxLoadDen = 11, 12
	hashGrowDiv                    = 6
	// hashReserve: a segment's table is mapped with room for this many
	// times its slots, and grows within it until full.
	hashReserve  = 4
	lowChunkKeys = 1 << 18 // 768 KiB
	// heapWords: a table smaller than this (64 KiB) is on the heap, and a
	// segment that small doubles when it grows (its memory is small); a
	// larger one grows by a sixth.
	heapWords = 1 << 13
	maxKeys   = 1<<32 - 2
)

type offheap struct {
	w      []uint64
	mapped bool
}

type bytesChunk struct {
	b      []byte
	mapped bool
}

type hashSegment struct {
	// slots: high 32 bits of the key, then ordinal+1; 0 is an empty slot.
	slots offheap
	n     int
}

// inputStart is the first ordinal of an input's keys.
type inputStart struct {
	file  int
	first uint32
}

// add adds key, seen in input file at line. If the key was already there
// it returns where it was first seen and false.
func (s *hashSet) add(key uint64, file, line int) (firstFile, firstLine int, isNew bool) {
	if s.n >= maxKeys {
		return 0, 0, true // beyond four billion hands: no more checking
	}
	seg := &s.segs[key&(hashSegments-1)]
	if (seg.n+1)*hashMaxLoadDen > len(seg.slots.w)*hashMaxLoadNum {
		seg.grow(&s.scratch)
	}
	hi, lo := key>>32, uint32(key>>8)&lowMask
	w := seg.slots.w
	for i := home(hi, len(w)); ; i++ {
		if i == len(w) {
			i = 0
		}
		v := w[i]
		if v == 0 {
			ord := s.n
			w[i] = hi<<32 | uint64(ord+1)
			s.setLow(ord, lo)
			if len(s.inputs) == 0 || s.inputs[len(s.inputs)-1].file != file {
				s.inputs = append(s.inputs, inputStart{file, ord})
			}
			s.lines.add(ord, line)
			s.n++
			seg.n++
			return file, line, true
		}
		if v>>32 == hi {
			if ord := uint32(v) - 1; s.getLow(ord) == lo {
				f, l := s.location(ord)
				return f, l, false
			}
		}
	}
}

// reserve sizes the empty set's segments for about keys keys, so that a
// run of up to that many hands never grows a segment: each growth moves
// all of the segment's keys again, to scattered slots, and at a sixth a
// step a key is moved about seven times in all. keys is capped at
// reserveMaxKeys (about 20 MB of slots): beyond, a segment grows as
// before, so an estimate far too large costs no more than that.
func (s *hashSet) reserve(keys int64) {
	keys = min(keys, reserveMaxKeys)
	per := int(keys/hashSegments) * hashMaxLoadDen / hashMaxLoadNum
	if per < 64 {
		return
	}
	for i := range s.segs {
		if g := &s.segs[i]; g.n == 0 && len(g.slots.w) < per {
			freeWords(g.slots.w, g.slots.mapped)
			w, mapped := reserveWords(per, hashReserve*per)
			touchPages(w)
			g.slots = offheap{w, mapped}
		}
	}
}

// touchPages writes each page of new slots once, with the zero it already
// holds. The set reads a slot before it writes it (peek, and the probe
// that finds an empty slot), and a page first touched by a read is mapped
// to the shared zero page: the write then faults again to replace it,
// which also interrupts the other cores to flush their TLBs. Written
// first, a page faults once.
func touchPages(w []uint64) {
	for i := 0; i < len(w); i += pageWords {
		w[i] = 0
	}
}

const pageWords = 4096 / 8

// reserveMaxKeys caps reserve: 2M keys, about 20 MB of slots.
const reserveMaxKeys = 2 << 20

// peek loads the first slot key would be looked up in, so that a later
// add finds it in the cache.
func (s *hashSet) peek(key uint64) uint64 {
	w := s.segs[key&(hashSegments-1)].slots.w
	if len(w) == 0 {
		return 0
	}
	return w[home(key>>32, len(w))]
}

// home maps the high bits to a first slot by multiplying instead of
// masking, so that a segment's size need not be a power of two; growing
// needs only the slots themselves.
func home(hi uint64, n int) int { return int(hi * uint64(n) >> 32) }

// grow makes the segment's table larger. Within its mapping it moves the
// keys out to scratch and back in; otherwise it moves them to a new
// mapping with room for hashReserve times the slots.
func (g *hashSegment) grow(scratch *[]uint64) {
	old := g.slots
	n := len(old.w) + len(old.w)/hashGrowDiv
	if len(old.w) < heapWords {
		n = max(2*len(old.w), 64)
	}
	if n <= cap(old.w) {
		keys := (*scratch)[:0]
		for _, v := range old.w {
			if v != 0 {
				keys = append(keys, v)
			}
		}
		*scratch = keys
		clear(old.w)
		g.slots.w = old.w[:n]
		touchPages(g.slots.w[len(old.w):])
		g.insertAll(keys)
		return
	}
	w, mapped := reserveWords(n, hashReserve*n)
	touchPages(w)
	g.slots = offheap{w, mapped}
	g.insertAll(old.w)
	freeWords(old.w, old.mapped)
}

// insertAll puts slot values into the segment's empty table. The values
// come in slot order, so homes mostly ascend and the writes go in order.
func (g *hashSegment) insertAll(vs []uint64) {
	w := g.slots.w
	n := len(w)
	for _, v := range vs {
		if v == 0 {
			continue
		}
		i := home(v>>32, n)
		for w[i] != 0 {
			if i++; i == n {
				i = 0
			}
		}
		w[i] = v
	}
}

const lowMask = 1<<24 - 1

func (s *hashSet) setLow(ord, lo uint32) {
	c, k := int(ord/lowChunkKeys), 3*int(ord%lowChunkKeys)
	if c == len(s.low) {
		b, mapped := allocBytes(3 * lowChunkKeys)
		s.low = append(s.low, bytesChunk{b, mapped})
	}
	b := s.low[c].b[k : k+3]
	b[0], b[1], b[2] = byte(lo), byte(lo>>8), byte(lo>>16)
}

func (s *hashSet) getLow(ord uint32) uint32 {
	k := 3 * int(ord%lowChunkKeys)
	b := s.low[ord/lowChunkKeys].b[k : k+3]
	return uint32(b[0]) | uint32(b[1])<<8 | uint32(b[2])<<16
}

// free returns the set's memory.
func (s *hashSet) free() {
	for i := range s.segs {
		freeWords(s.segs[i].slots.w, s.segs[i].slots.mapped)
		s.segs[i] = hashSegment{}
	}
	for _, c := range s.low {
		freeBytes(c.b, c.mapped)
	}
	s.lines.free()
	s.low, s.inputs, s.n, s.scratch = nil, nil, 0, nil
}

// location returns the input and line of the key of ordinal ord.
func (s *hashSet) location(ord uint32) (file, line int) {
	k := sort.Search(len(s.inputs), func(i int) bool { return s.inputs[i].first > ord }) - 1
	return s.inputs[k].file, s.lines.line(ord)
}

// lineLog is the line of each key by ordinal, in groups of 64 ordinals:
// a group is its first line, then each other's difference from the one
// before, as varints, in a stream of bytes kept in chunks outside the heap
// that no group straddles.
type lineLog struct {
	groups []offheap    // by group: its position, chunk<<logChunkShift | offset
	chunks []bytesChunk // the stream
	off    int          // the end of the stream in its last chunk
	last   int          // the line of the last key
}

const (
	logChunkShift   = 20 // 1 MiB chunks
	logChunkBytes   = 1 << logChunkShift
	groupChunkWords = 1 << 14 // 128 KiB: a million keys
	maxGroupBytes   = 64 * binary.MaxVarintLen64
)

func (l *lineLog) add(ord uint32, line int) {
	d := line - l.last
	if ord%64 == 0 {
		if len(l.chunks) == 0 || l.off+maxGroupBytes > logChunkBytes {
			b, mapped := allocBytes(logChunkBytes)
			l.chunks, l.off = append(l.chunks, bytesChunk{b, mapped}), 0
		}
		g := ord / 64
		c, k := int(g/groupChunkWords), int(g%groupChunkWords)
		if c == len(l.groups) {
			w, mapped := allocWords(groupChunkWords)
			l.groups = append(l.groups, offheap{w, mapped})
		}
		l.groups[c].w[k] = uint64(len(l.chunks)-1)<<logChunkShift | uint64(l.off)
		d = line
	}
	l.off += binary.PutVarint(l.chunks[len(l.chunks)-1].b[l.off:], int64(d))
	l.last = line
}

func (l *lineLog) line(ord uint32) int {
	g := ord / 64
	pos := l.groups[g/groupChunkWords].w[g%groupChunkWords]
	b := l.chunks[pos>>logChunkShift].b[pos&(logChunkBytes-1):]
	line, off := binary.Varint(b)
	for range ord % 64 {
		d, w := binary.Varint(b[off:])
		line += d
		off += w
	}
	return int(line)
}

func (l *lineLog) free() {
	for _, c := range l.groups {
		freeWords(c.w, c.mapped)
	}
	for _, c := range l.chunks {
		freeBytes(c.b, c.mapped)
	}
	*l = lineLog{}
}

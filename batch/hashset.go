package batch

import (
	"encoding/binary"
	"sort"
)

// hashSet is the set of hand keys seen in a run, each with where it was
// first seen. Ten million keys take about 160 MB, outside the Go heap
// (allocWords), where a map of strings would take several times that and
// double it again in garbage-collector headroom.
//
// A key's ordinal is its rank of insertion. The table is open addressing
// with linear probing, split into 256 segments that grow one at a time by
// a quarter (growing never doubles the memory in one go); a slot holds the
// key's high 32 bits and its ordinal. The low 32 bits are kept by ordinal,
// four bytes a key, and compared only when the high bits match, so the set
// is exact. Where a key was first seen is kept per input as the line of
// each keyed hand, delta-encoded: a byte or two a key.
type hashSet struct {
	segs [hashSegments]hashSegment
	low  []offheap // the keys' low 32 bits by ordinal, two to a word
	n    uint32    // keys added: the next ordinal
	logs []lineLog // by input, in input order
}

const (
	hashSegments = 256
	// A segment grows when more than 7/8 full: linear probing stays short
	// enough at that load with a well-mixed key.
	hashMaxLoadNum, hashMaxLoadDen = 7, 8
	lowChunkWords                  = 1 << 17 // 1 MiB: 256 Ki keys
	// heapWords: a table smaller than this (64 KiB) is on the heap, and a
	// segment that small doubles when it grows (its memory is small); a
	// larger one grows by a quarter.
	heapWords = 1 << 13
	maxKeys   = 1<<32 - 2
)

type offheap struct {
	w      []uint64
	mapped bool
}

type hashSegment struct {
	// slots: high 32 bits of the key, then ordinal+1; 0 is an empty slot.
	slots offheap
	n     int
}

// add adds key, seen in input file at line. If the key was already there
// it returns where it was first seen and false.
func (s *hashSet) add(key uint64, file, line int) (firstFile, firstLine int, isNew bool) {
	if s.n >= maxKeys {
		return 0, 0, true // beyond four billion hands: no more checking
	}
	seg := &s.segs[key&(hashSegments-1)]
	if (seg.n+1)*hashMaxLoadDen > len(seg.slots.w)*hashMaxLoadNum {
		seg.grow()
	}
	hi, lo := key>>32, uint32(key)
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
			s.logLine(file, line)
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

func (g *hashSegment) grow() {
	old := g.slots
	n := len(old.w) + len(old.w)/4
	if len(old.w) < heapWords {
		n = max(2*len(old.w), 64)
	}
	w, mapped := allocWords(n)
	for _, v := range old.w {
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
	freeWords(old.w, old.mapped)
	g.slots = offheap{w, mapped}
}

func (s *hashSet) setLow(ord, lo uint32) {
	c, k := int(ord/2/lowChunkWords), int(ord/2%lowChunkWords)
	if c == len(s.low) {
		w, mapped := allocWords(lowChunkWords)
		s.low = append(s.low, offheap{w, mapped})
	}
	s.low[c].w[k] |= uint64(lo) << (32 * (ord % 2))
}

func (s *hashSet) getLow(ord uint32) uint32 {
	return uint32(s.low[ord/2/lowChunkWords].w[ord/2%lowChunkWords] >> (32 * (ord % 2)))
}

// free returns the set's memory.
func (s *hashSet) free() {
	for i := range s.segs {
		freeWords(s.segs[i].slots.w, s.segs[i].slots.mapped)
		s.segs[i] = hashSegment{}
	}
	for _, c := range s.low {
		freeWords(c.w, c.mapped)
	}
	s.low, s.logs, s.n = nil, nil, 0
}

// lineLog is the lines of one input's keyed hands, in order: every 64th
// in full, the others as the difference from the one before.
type lineLog struct {
	file  int
	first uint32   // ordinal of the input's first key
	n     uint32   // keys of this input
	marks []uint32 // for every 64th key: its line, then its offset in delta
	delta []byte
	last  int
}

func (s *hashSet) logLine(file, line int) {
	if len(s.logs) == 0 || s.logs[len(s.logs)-1].file != file {
		s.logs = append(s.logs, lineLog{file: file, first: s.n})
	}
	l := &s.logs[len(s.logs)-1]
	if l.n%64 == 0 {
		l.marks = append(l.marks, uint32(line), uint32(len(l.delta)))
	} else {
		l.delta = binary.AppendVarint(l.delta, int64(line-l.last))
	}
	l.last = line
	l.n++
}

// location returns the input and line of the key of ordinal ord.
func (s *hashSet) location(ord uint32) (file, line int) {
	k := sort.Search(len(s.logs), func(i int) bool { return s.logs[i].first > ord }) - 1
	l := &s.logs[k]
	i := ord - l.first
	line, off := int(l.marks[2*(i/64)]), int(l.marks[2*(i/64)+1])
	for range i % 64 {
		d, w := binary.Varint(l.delta[off:])
		line += int(d)
		off += w
	}
	return l.file, line
}

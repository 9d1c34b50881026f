package batch

import (
	"math/rand/v2"
	"testing"
)

// TestHashSetOneSegment fills one segment far past the heap's sizes, so
// that it grows both into new mappings and within its mapping, with lines
// whose differences take varints of one to seven bytes (and fill several chunks
// of the line log), and keys that differ only in bits the slots do not
// hold; every key then reports where it was first seen.
func TestHashSetOneSegment(t *testing.T) {
	var s hashSet
	defer s.free()
	r := rand.New(rand.NewPCG(3, 4))
	const n = 300_000
	keys := make([]uint64, 0, n)
	for len(keys) < n {
		k := r.Uint64() &^ (hashSegments - 1)   // all in segment 0
		keys = append(keys, k, k^0xabcd00, k|7) // same high bits; other segment
	}
	files, lines := make([]int, len(keys)), make([]int, len(keys))
	line := 1
	for i := range keys {
		files[i] = i / 40_000
		if i > 0 && files[i] != files[i-1] {
			line = 1 + i%5 // a new input starts again, below the last line
		}
		line += 1 + r.IntN(1<<uint(r.IntN(48))) // up to 2^47: varints of up to seven bytes
		lines[i] = line
	}
	grewInPlace := false
	for i, k := range keys {
		w := s.segs[0].slots.w
		if _, _, isNew := s.add(k, files[i], lines[i]); !isNew {
			t.Fatalf("key %d reported seen", i)
		}
		if g := s.segs[0].slots.w; len(g) != len(w) && len(w) > 0 && &g[0] == &w[0] {
			grewInPlace = true
		}
	}
	if !grewInPlace && s.segs[0].slots.mapped {
		t.Error("segment 0 never grew within its mapping")
	}
	if len(s.lines.chunks) < 2 {
		t.Errorf("line log in %d chunks; the test means to fill several", len(s.lines.chunks))
	}
	for i, k := range keys {
		f, l, isNew := s.add(k, 99, 1)
		if isNew || f != files[i] || l != lines[i] {
			t.Fatalf("key %d: new %v at %d:%d, want %d:%d", i, isNew, f, l, files[i], lines[i])
		}
	}
	g := &s.segs[0]
	if g.n*hashMaxLoadDen > len(g.slots.w)*hashMaxLoadNum || g.n != 2*n/3 {
		t.Errorf("segment 0: %d keys in %d slots", g.n, len(g.slots.w))
	}
	if _, _, isNew := s.add(keys[0]^1<<8, 0, 1); !isNew {
		t.Error("a key differing in bit 8 only was reported seen")
	}
}

// TestHashSetReserve checks that a reserved set takes as many keys as it
// was reserved for without growing a segment, still finds every key where
// it was first seen, grows past the reservation, and that reserve caps
// what it takes.
func TestHashSetReserve(t *testing.T) {
	var s hashSet
	defer s.free()
	const n = 200_000
	s.reserve(n)
	sizes := make([]int, hashSegments)
	for i := range s.segs {
		sizes[i] = len(s.segs[i].slots.w)
		if want := n / hashSegments * hashMaxLoadDen / hashMaxLoadNum; sizes[i] != want {
			t.Fatalf("segment %d reserved %d slots, want %d", i, sizes[i], want)
		}
	}
	r := rand.New(rand.NewPCG(5, 6))
	keys := make([]uint64, n*8/10) // some segments get more than their share
	for i := range keys {
		keys[i] = r.Uint64()
		if _, _, isNew := s.add(keys[i], 0, i+1); !isNew {
			t.Fatalf("key %d reported seen", i)
		}
	}
	for i := range s.segs {
		if len(s.segs[i].slots.w) != sizes[i] {
			t.Fatalf("segment %d grew from %d to %d slots with %d keys", i, sizes[i], len(s.segs[i].slots.w), s.segs[i].n)
		}
	}
	for i := 0; i < n; i++ { // past the reservation: segments grow
		s.add(r.Uint64(), 1, i+1)
	}
	grown := 0
	for i := range s.segs {
		if len(s.segs[i].slots.w) > sizes[i] {
			grown++
		}
	}
	if grown == 0 {
		t.Error("no segment grew past its reservation")
	}
	for i, k := range keys {
		if f, l, isNew := s.add(k, 9, 1); isNew || f != 0 || l != i+1 {
			t.Fatalf("key %d: new %v at %d:%d, want 0:%d", i, isNew, f, l, i+1)
		}
	}

	var big hashSet
	defer big.free()
	big.reserve(1 << 40)
	if got, most := len(big.segs[0].slots.w), reserveMaxKeys/hashSegments*hashMaxLoadDen/hashMaxLoadNum; got != most {
		t.Errorf("reserve(2^40) gave a segment %d slots, want the cap's %d", got, most)
	}
}

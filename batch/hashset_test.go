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

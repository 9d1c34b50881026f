package batch

import "testing"

// footprint is the bytes the set holds: its tables outside the heap and
// its line logs.
func (s *hashSet) footprint() (offHeap, heap int) {
	for i := range s.segs {
		offHeap += 8 * len(s.segs[i].slots.w)
	}
	for _, c := range s.low {
		offHeap += len(c.b)
	}
	for _, c := range s.lines.groups {
		offHeap += 8 * len(c.w)
	}
	for _, c := range s.lines.chunks {
		offHeap += len(c.b)
	}
	return offHeap, 16 * cap(s.inputs)
}

// benchmarkHashSetN adds n keys, in 20 inputs with lines 23 apart, in
// chunks of 32 as the collector does (peeking each chunk first if peek),
// and reports the set's bytes per key and time per add.
func benchmarkHashSetN(b *testing.B, n int, peek bool) {
	keys := make([]uint64, n)
	x := uint64(1)
	for i := range keys {
		x = mix64(x + uint64(i))
		keys[i] = x
	}
	perFile := (n + 19) / 20
	var sink uint64
	var off, heap int
	for b.Loop() {
		var s hashSet
		for i := 0; i < n; i += 32 {
			end := min(i+32, n)
			if peek {
				for _, k := range keys[i:end] {
					sink += s.peek(k)
				}
			}
			for j, k := range keys[i:end] {
				s.add(k, (i+j)/perFile, 1+23*((i+j)%perFile))
			}
		}
		off, heap = s.footprint()
		s.free()
	}
	_ = sink
	b.ReportMetric(float64(off)/float64(n), "offheap-B/key")
	b.ReportMetric(float64(heap)/float64(n), "heap-B/key")
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/add")
}

// BenchmarkHashSetSweep adds 16M keys and reports the set's bytes per key
// averaged over every 250k keys from 4M: the segments grow nearly in
// step, so one count of keys alone falls somewhere in their cycle.
func BenchmarkHashSetSweep(b *testing.B) {
	const n = 16_000_000
	var sum float64
	var samples int
	for b.Loop() {
		sum, samples = 0, 0
		var s hashSet
		x := uint64(1)
		for i := range n {
			x = mix64(x + uint64(i))
			s.add(x, i/800_000, 1+23*(i%800_000))
			if k := i + 1; k >= 4_000_000 && k%250_000 == 0 {
				off, heap := s.footprint()
				sum += float64(off+heap) / float64(k)
				samples++
			}
		}
		s.free()
	}
	b.ReportMetric(sum/float64(samples), "mean-B/key")
}

func BenchmarkHashSet10M(b *testing.B) {
	b.Run("plain", func(b *testing.B) { benchmarkHashSetN(b, 10_000_000, false) })
	b.Run("peek", func(b *testing.B) { benchmarkHashSetN(b, 10_000_000, true) })
}

package parser

import (
	"math/rand/v2"
	"strconv"
	"testing"
	"time"
	"unsafe"
)

// The cache returns each name's own text, shares the string of a name met
// again, and tells apart names that share their first 16 bytes or a set.
func TestNameInternerShares(t *testing.T) {
	var c NameInterner
	buf := []byte("Hero Player One2 and more bytes after it")
	long := buf[:17] // "Hero Player One2 " (17 bytes: a tail past the words)
	long2 := []byte("Hero Player One2!")
	short := []byte("x")

	a := c.Intern(long)
	if a != string(long) {
		t.Fatalf("intern(%q) = %q", long, a)
	}
	if b := c.Intern(append([]byte(nil), long...)); b != a || !sameString(a, b) {
		t.Errorf("a name met again is not the string kept for it")
	}
	if b := c.Intern(long2); b != string(long2) {
		t.Errorf("intern(%q) = %q: names sharing 16 bytes mixed up", long2, b)
	}
	if b := c.Intern(short); b != "x" {
		t.Errorf("intern(%q) = %q", short, b)
	}
	if b := c.Intern(nil); b != "" {
		t.Errorf("intern(nil) = %q", b)
	}

	// Two names of one set are both kept: the second evicts neither.
	first := "p0"
	set := internSetOf(first)
	var second string
	for i := 1; second == ""; i++ {
		if n := "p" + strconv.Itoa(i); internSetOf(n) == set {
			second = n
		}
	}
	x := c.Intern([]byte(first))
	y := c.Intern([]byte(second))
	if x2 := c.Intern([]byte(first)); !sameString(x, x2) {
		t.Errorf("%q was evicted by %q, of the same set", first, second)
	}
	if y2 := c.Intern([]byte(second)); !sameString(y, y2) {
		t.Errorf("%q was evicted by %q, of the same set", second, first)
	}
}

// internSetOf returns the set of the cache that the name s goes in.
func internSetOf(s string) uint64 {
	w0, w1 := NameWords([]byte(s))
	return NameHash(w0, w1, len(s)) >> (64 - internSetBits)
}

// sameString reports whether a and b are one string: the same bytes in
// memory, not only equal ones.
func sameString(a, b string) bool {
	return a == b && unsafe.StringData(a) == unsafe.StringData(b)
}

// BenchmarkIntern interns the seat names of hands: "generated" as the
// corpus generator picks them (about 20k distinct players met at random),
// "repeat" as a real file has them (a dozen tables whose players stay for
// many hands, 5,000 regulars). The "busy" variants write 64 KB of other
// memory between hands, as the rest of the pipeline does, and time only
// the interning (ns/name, with a clock read per hand): the cache's table
// must stay small to stay in the CPU's caches.
func BenchmarkIntern(b *testing.B) {
	for _, kind := range []string{"generated", "repeat"} {
		text, hands := internBenchHands(kind)
		for _, busy := range []bool{false, true} {
			name := kind
			if busy {
				name += "/busy"
			}
			b.Run(name, func(b *testing.B) {
				other := make([]byte, 64<<20)
				at := 0
				b.ReportAllocs()
				seats := 0
				var spent time.Duration
				for b.Loop() {
					var c NameInterner
					for _, h := range hands {
						start := time.Now()
						for _, n := range h {
							_ = c.Intern(text[n[0]:n[1]])
						}
						seats += len(h)
						if busy {
							spent += time.Since(start)
							for i := 0; i < 64<<10; i += 64 {
								other[at+i]++
							}
							at = (at + 64<<10) % len(other)
						}
					}
				}
				if !busy {
					spent = b.Elapsed()
				}
				b.ReportMetric(float64(spent.Nanoseconds())/float64(seats), "ns/name")
			})
		}
	}
}

// internBenchHands returns 20,000 hands' seat names, each the bounds of
// a name in text, with room after it, as names are read from a line
// buffer. (Bounds, not slices: the benchmark's own data holds no pointers
// for the collector to scan.)
func internBenchHands(kind string) (text []byte, hands [][][2]int) {
	r := rand.New(rand.NewPCG(1, 2))
	prefixes := []string{"ace", "Bluff", "river rat", "K.Lee", "nitro", "fold[er]", "Zoé", "the_rock",
		"MrPink", "lucky 7", "vega$", "Ostrich", "donk-a-lot", "J. Doe", "Hé Who", "quads4u",
		"Cap: Jack", "sunny", "OMG", "x"}
	name := func(s string) [2]int {
		at := len(text)
		text = append(text, s+" ($1.50 in chips)\n"...)
		return [2]int{at, at + len(s)}
	}
	hands = make([][][2]int, 20000)
	switch kind {
	case "generated":
		for i := range hands {
			for range 2 + r.IntN(8) {
				n := prefixes[r.IntN(len(prefixes))]
				if r.IntN(3) > 0 {
					n += strconv.Itoa(r.IntN(1000))
				}
				hands[i] = append(hands[i], name(n))
			}
		}
	case "repeat":
		zipf := rand.NewZipf(r, 1.1, 10, 4999)
		player := func() string { return "reg " + strconv.Itoa(int(zipf.Uint64())) }
		tables := make([][]string, 12)
		for t := range tables {
			for range 6 + r.IntN(4) {
				tables[t] = append(tables[t], player())
			}
			tables[t][0] = "Hero"
		}
		for i := range hands {
			t := tables[r.IntN(len(tables))]
			for j := range t {
				if j > 0 && r.IntN(50) == 0 {
					t[j] = player()
				}
				hands[i] = append(hands[i], name(t[j]))
			}
		}
	}
	return text, hands
}

// TestNameWordsShortRoom checks that NameWords reads a name with less
// room than 16 bytes after its start (copied aside) as it reads one in
// a large buffer, and that addName gathers a name from its words as it
// copies one.
func TestNameWordsShortRoom(t *testing.T) {
	big := make([]byte, 64)
	for i := range big {
		big[i] = 0xAA
	}
	for n := 0; n <= 20; n++ {
		name := []byte("abcdefghijklmnopqrstuvwxyz"[:n])
		tight := append(make([]byte, 0, n), name...)[:n:n]
		roomy := append(big[:0], name...)
		w0, w1 := NameWords(tight)
		v0, v1 := NameWords(roomy)
		if w0 != v0 || w1 != v1 {
			t.Errorf("NameWords(%q): %x %x with no room, %x %x with room", name, w0, w1, v0, v1)
		}
		var hs HandStrings
		hs.buf = make([]byte, 0, 32)
		hs.AddName(0, roomy, v0, v1, 0)
		if string(hs.buf) != string(name) {
			t.Errorf("addName(%q) gathered %q", name, hs.buf)
		}
	}
}

package phh

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/handaudit/handaudit/hand"
	"github.com/handaudit/handaudit/internal/readertest"
	"github.com/handaudit/handaudit/internal/testenv"
	"github.com/handaudit/handaudit/parser"
)

// phhNextAll reads every result of r; any error other than a *Error fails.
func phhNextAll(tb testing.TB, r parser.Reader, name string) []readertest.ReadResult {
	tb.Helper()
	var out []readertest.ReadResult
	for {
		h, err := r.Next()
		if err == io.EOF {
			return out
		}
		pe, ok := err.(*parser.Error)
		if err != nil && !ok {
			tb.Fatalf("%s: not a parse error: %v", name, err)
		}
		if h != nil {
			h = phhCloneHand(h)
		}
		out = append(out, readertest.ReadResult{H: h, Err: pe})
	}
}

// phhCloneHand returns a copy of h's exported content that shares no
// memory with it, so that it stays a witness of what h held whatever is
// later written over h's memory.
func phhCloneHand(h *hand.Hand) *hand.Hand {
	c := new(hand.Hand)
	phhDeepCopy(reflect.ValueOf(c).Elem(), reflect.ValueOf(h).Elem())
	return c
}

func phhDeepCopy(dst, src reflect.Value) {
	switch src.Kind() {
	case reflect.Struct:
		if src.Type() == reflect.TypeFor[time.Time]() {
			dst.Set(src)
			return
		}
		for i := range src.NumField() {
			if src.Type().Field(i).IsExported() {
				phhDeepCopy(dst.Field(i), src.Field(i))
			}
		}
	case reflect.Slice:
		if src.IsNil() {
			return
		}
		s := reflect.MakeSlice(src.Type(), src.Len(), src.Len())
		for i := range src.Len() {
			phhDeepCopy(s.Index(i), src.Index(i))
		}
		dst.Set(s)
	default:
		dst.Set(src)
	}
}

// phhPoolInputs returns the corpus files, the PHH fixtures, the corpus
// joined into one .phhs stream (the fast path) and inputs with errors.
func phhPoolInputs(t *testing.T) map[string][]byte {
	t.Helper()
	inputs := map[string][]byte{}
	var stream bytes.Buffer
	for i, p := range phhCorpusFiles(t) {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		inputs[p] = data
		if strings.HasSuffix(p, ".phh") {
			stream.WriteString("[" + strconv.Itoa(i+1) + "]\n")
			stream.Write(data)
			stream.WriteString("\n")
		}
	}
	inputs["corpus.phhs"] = stream.Bytes()
	err := filepath.WalkDir(filepath.Join(phhRepoRoot(t), "fixtures", "phh"), func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !(strings.HasSuffix(p, ".phh") || strings.HasSuffix(p, ".phhs")) {
			return err
		}
		data, err := os.ReadFile(p)
		inputs[p] = data
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	for name, text := range phhSomeInputs() {
		inputs["some/"+name] = []byte(text)
	}
	return inputs
}

// TestPHHPooledSameHands reads every input through a pooled reader, twice,
// and checks each result against an unpooled reader's: hands refilled in
// the memory of earlier ones (of other shapes, from other files) must come
// out identical. Each hand is kept until a few later ones have been read
// and compared again before it goes back, so that two hands in use at
// once sharing memory would show.
func TestPHHPooledSameHands(t *testing.T) {
	inputs := phhPoolInputs(t)
	if len(inputs) < 4800 {
		t.Fatalf("only %d inputs", len(inputs))
	}
	names := make([]string, 0, len(inputs))
	for name := range inputs {
		names = append(names, name)
	}
	var pool hand.Pool
	const keep = 3 // hands in use at once
	var live []readertest.ReadResult
	var liveWant []readertest.ReadResult
	check := func(name string, i int, got, want readertest.ReadResult) {
		t.Helper()
		if d := readertest.ResultDiff(got, want); d != "" {
			t.Fatalf("%s: result %d, pooled: %s", name, i, d)
		}
	}
	hands := 0
	for _, noFast := range []bool{false, true} {
		for round := range 2 {
			for _, name := range names {
				if noFast && name != "corpus.phhs" {
					continue
				}
				data := inputs[name]
				want := phhNextAll(t, NewReader(bytes.NewReader(data), name), name)
				r, err := parser.OpenPooled(Format, bytes.NewReader(data), name, parser.Limits{}, &pool)
				if err != nil {
					t.Fatal(err)
				}
				r.(*Reader).st.noFast = noFast
				for i := 0; ; i++ {
					h, err := r.Next()
					if err == io.EOF {
						if i != len(want) {
							t.Fatalf("%s: %d results pooled, %d unpooled", name, i, len(want))
						}
						break
					}
					pe, _ := err.(*parser.Error)
					if err != nil && pe == nil {
						t.Fatalf("%s: not a parse error: %v", name, err)
					}
					if i >= len(want) {
						t.Fatalf("%s: more results pooled than the %d unpooled", name, len(want))
					}
					got := readertest.ReadResult{H: h, Err: pe}
					check(name, i, got, want[i])
					if h == nil {
						continue
					}
					hands++
					live, liveWant = append(live, got), append(liveWant, want[i])
					if len(live) > keep {
						check(name+" (later)", round, live[0], liveWant[0])
						pool.Put(live[0].H)
						live, liveWant = live[1:], liveWant[1:]
					}
				}
			}
		}
	}
	if hands < 2*4800 {
		t.Fatalf("only %d hands read", hands)
	}
}

// BenchmarkPHHPooled measures reading a .phhs stream as the pipeline does,
// giving every hand back to a pool: the corpus's Pluribus hands, or the
// .phhs file named by $PHH_BENCH_FILE (such as a generated corpus file).
// Single core: go test -run X -bench '^BenchmarkPHHPooled$' -cpu 1 ./parser/phh/
func BenchmarkPHHPooled(b *testing.B) {
	var data []byte
	if name := os.Getenv("PHH_BENCH_FILE"); name != "" {
		var err error
		if data, err = os.ReadFile(name); err != nil {
			b.Fatal(err)
		}
	} else {
		_, data = phhBenchInput(b)
	}
	var pool hand.Pool
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	hands := 0
	rd := new(bytes.Reader)
	cpu0, _ := testenv.CPUTime()
	for b.Loop() {
		rd.Reset(data)
		r, err := parser.OpenPooled(Format, rd, "bench.phhs", parser.Limits{}, &pool)
		if err != nil {
			b.Fatal(err)
		}
		for {
			h, err := r.Next()
			if err == io.EOF {
				break
			}
			if err != nil {
				b.Fatal(err)
			}
			hands++
			pool.Put(h)
		}
	}
	b.ReportMetric(float64(hands)/b.Elapsed().Seconds(), "hands/s")
	if cpu1, _ := testenv.CPUTime(); cpu1 > cpu0 {
		cpu := cpu1 - cpu0
		b.ReportMetric(float64(hands)/cpu.Seconds(), "hands/cpu-s")
	}
}

// FuzzPHHPooled reads arbitrary input through a pooled reader, twice, and
// checks every result against an unpooled reader's. The pool is shared by
// all inputs, so hands are refilled in the memory of hands of other
// shapes; all the hands of one reading are kept until its end and checked
// again, so that two of them sharing memory would show.
func FuzzPHHPooled(f *testing.F) {
	for _, text := range phhSomeInputs() {
		f.Add([]byte(text))
	}
	var pool hand.Pool
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) > 1<<16 {
			return
		}
		want := phhNextAll(t, NewReader(bytes.NewReader(data), "fuzz.phhs"), "fuzz.phhs")
		check := func(i int, got, want readertest.ReadResult) {
			t.Helper()
			if d := readertest.ResultDiff(got, want); d != "" {
				t.Fatalf("result %d, pooled: %s", i, d)
			}
		}
		for range 2 {
			r, err := parser.OpenPooled(Format, bytes.NewReader(data), "fuzz.phhs", parser.Limits{}, &pool)
			if err != nil {
				t.Fatal(err)
			}
			var got []readertest.ReadResult
			for {
				h, err := r.Next()
				if err == io.EOF {
					break
				}
				pe, ok := err.(*parser.Error)
				if err != nil && !ok {
					t.Fatalf("not a parse error: %v", err)
				}
				if len(got) == len(want) {
					t.Fatalf("more results pooled than the %d unpooled", len(want))
				}
				got = append(got, readertest.ReadResult{H: h, Err: pe})
				check(len(got)-1, got[len(got)-1], want[len(got)-1])
			}
			if len(got) != len(want) {
				t.Fatalf("%d results pooled, %d unpooled", len(got), len(want))
			}
			for i, o := range got {
				check(i, o, want[i])
				pool.Put(o.H)
			}
		}
	})
}

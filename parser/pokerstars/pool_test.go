package pokerstars

import (
	"bytes"
	"errors"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/handaudit/handaudit/hand"
	"github.com/handaudit/handaudit/internal/readertest"
	"github.com/handaudit/handaudit/internal/testenv"
	"github.com/handaudit/handaudit/parser"
)

// psNextAll reads every result of r.
func psNextAll(t *testing.T, r parser.Reader, name string) []readertest.ReadResult {
	t.Helper()
	var out []readertest.ReadResult
	for {
		h, err := r.Next()
		if err == io.EOF {
			return out
		}
		var pe *parser.Error
		switch {
		case errors.As(err, &pe):
			out = append(out, readertest.ReadResult{Err: pe})
		case err != nil:
			t.Fatalf("%s: I/O error: %v", name, err)
		default:
			out = append(out, readertest.ReadResult{H: h})
		}
		if len(out) > 1_000_000 {
			t.Fatalf("%s: reader does not stop", name)
		}
	}
}

// psPoolInputs returns the corpus files, the PokerStars fixtures, the whole
// corpus joined into one stream (hands of every shape one after another),
// the fuzz seeds, and broken hands: every cut of the base hand followed by
// a whole one, so that abandoned hands go back to the pool.
func psPoolInputs(t *testing.T) map[string][]byte {
	t.Helper()
	inputs := map[string][]byte{}
	var stream bytes.Buffer
	add := func(root string, join bool) {
		err := filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(p, ".txt") {
				return err
			}
			data, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			inputs[p] = data
			if join {
				stream.Write(data)
				stream.WriteString("\n\n")
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	add(psCorpusDir(t, "rooms/PokerStars"), true)
	add(filepath.Join(testenv.RepoRoot(t), "fixtures", "pokerstars"), false)
	inputs["corpus-stream"] = stream.Bytes()
	seeds, _ := filepath.Glob(filepath.Join("testdata", "fuzz", "FuzzPokerStars", "*"))
	for _, p := range seeds {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		for _, line := range strings.Split(string(data), "\n") {
			if q, ok := strings.CutPrefix(line, "[]byte("); ok {
				if s, err := strconv.Unquote(strings.TrimSuffix(q, ")")); err == nil {
					inputs["seed/"+filepath.Base(p)] = []byte(s)
				}
			}
		}
	}
	var cuts bytes.Buffer
	for k := 0; k < len(psBase); k += 7 {
		cuts.WriteString(psBase[:k])
		cuts.WriteString("\n")
		cuts.WriteString(psBase)
		cuts.WriteString("\n")
	}
	inputs["cuts"] = cuts.Bytes()
	if len(inputs) < 100 {
		t.Fatalf("only %d inputs", len(inputs))
	}
	return inputs
}

// TestPokerStarsPooledSameHands reads every input through a pooled reader,
// twice, and checks each result against an unpooled reader's: hands
// refilled in the memory of earlier ones (of other shapes, from other
// files) must come out identical. Each hand is kept until a few later ones
// have been read, and compared again before it goes back, so that two
// hands in use at once sharing memory would show.
func TestPokerStarsPooledSameHands(t *testing.T) {
	inputs := psPoolInputs(t)
	names := make([]string, 0, len(inputs))
	for name := range inputs {
		names = append(names, name)
	}
	sort.Strings(names)
	var pool hand.Pool
	const keep = 3 // hands in use at once
	type pair struct{ got, want readertest.ReadResult }
	var live []pair
	check := func(name string, i int, got, want readertest.ReadResult) {
		t.Helper()
		if d := readertest.ResultDiff(got, want); d != "" {
			t.Fatalf("%s: result %d, pooled: %s", name, i, d)
		}
	}
	hands := 0
	for round := range 2 {
		for _, name := range names {
			data := inputs[name]
			ur, err := parser.OpenLimited(Format, bytes.NewReader(data), name, parser.Limits{})
			if err != nil {
				t.Fatal(err)
			}
			want := psNextAll(t, ur, name)
			pr, err := parser.OpenPooled(Format, bytes.NewReader(data), name, parser.Limits{}, &pool)
			if err != nil {
				t.Fatal(err)
			}
			for i := 0; ; i++ {
				h, err := pr.Next()
				if err == io.EOF {
					if i != len(want) {
						t.Fatalf("%s: %d results pooled, %d unpooled", name, i, len(want))
					}
					break
				}
				var got readertest.ReadResult
				if !errors.As(err, &got.Err) {
					if err != nil {
						t.Fatalf("%s: I/O error: %v", name, err)
					}
					got.H = h
					hands++
				}
				if i >= len(want) {
					t.Fatalf("%s: more results pooled than the %d unpooled", name, len(want))
				}
				check(name, i, got, want[i])
				live = append(live, pair{got, want[i]})
				if len(live) > keep {
					old := live[0]
					check(name+" (kept)", i, old.got, old.want)
					pool.Put(old.got.H)
					live = live[1:]
				}
			}
		}
		t.Logf("round %d: %d hands pooled", round, hands)
	}
	if hands < 900 {
		t.Fatalf("only %d hands read", hands)
	}
}

// FuzzPokerStarsPooled reads arbitrary bytes through a pooled reader whose
// pool holds hands of other inputs, twice, and checks every result against
// an unpooled reader's.
func FuzzPokerStarsPooled(f *testing.F) {
	f.Add([]byte(psBase))
	f.Add([]byte(psBase[:len(psBase)/2] + psBase))
	f.Add(readertest.UTF16(psBase, false))
	f.Fuzz(func(t *testing.T, data []byte) {
		want := psNextAll(t, NewReader(bytes.NewReader(data), "fuzz"), "fuzz")
		var pool hand.Pool
		// Leave hands of another shape in the pool.
		other, _ := parser.OpenPooled(Format, strings.NewReader(psBase+"\n"+psBase), "base", parser.Limits{}, &pool)
		for _, r := range psNextAll(t, other, "base") {
			pool.Put(r.H)
		}
		for round := range 2 {
			r, _ := parser.OpenPooled(Format, bytes.NewReader(data), "fuzz", parser.Limits{}, &pool)
			got := psNextAll(t, r, "fuzz")
			if len(got) != len(want) {
				t.Fatalf("round %d: %d results pooled, %d unpooled", round, len(got), len(want))
			}
			for i := range got {
				switch {
				case (got[i].H == nil) != (want[i].H == nil):
					t.Fatalf("round %d, result %d: pooled hand %v, error %v; unpooled hand %v, error %v", round, i, got[i].H != nil, got[i].Err, want[i].H != nil, want[i].Err)
				case got[i].H != nil:
					if d := readertest.HandContentDiff(got[i].H, want[i].H); d != nil {
						t.Fatalf("round %d: hand %d differs when pooled:\n  %s", round, i, strings.Join(d, "\n  "))
					}
				case !reflect.DeepEqual(got[i].Err, want[i].Err):
					t.Fatalf("round %d, result %d: error %+v, want %+v", round, i, *got[i].Err, *want[i].Err)
				}
			}
			for _, g := range got {
				pool.Put(g.H)
			}
		}
	})
}

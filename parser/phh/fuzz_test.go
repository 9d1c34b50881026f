package phh

import (
	"bytes"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/handaudit/handaudit/cards"
	"github.com/handaudit/handaudit/parser"
)

// phhReadAllNoFast reads like phhReadAll but always with the full TOML
// parser, for differential tests of the fast path.
func phhReadAllNoFast(tb testing.TB, data []byte, name string) phhResult {
	tb.Helper()
	pr := NewReader(bytes.NewReader(data), name)
	pr.st.noFast = true
	var res phhResult
	for {
		h, err := pr.Next()
		if err != nil {
			if pe, ok := err.(*parser.Error); ok {
				res.errs = append(res.errs, pe)
				continue
			}
			break
		}
		res.hands = append(res.hands, h)
	}
	return res
}

// FuzzPHH feeds the reader arbitrary input. It must not panic (a panic
// would show as an "internal error"), every error must be a *Error at a
// line of the input, every hand must be well formed, and reading in
// one-byte pieces or without the fast path must give the same result.
//
// Seeds: testdata/fuzz/FuzzPHH. Run: go test -fuzz=FuzzPHH ./parser/phh/
func FuzzPHH(f *testing.F) {
	for _, text := range phhSomeInputs() {
		f.Add([]byte(text))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) > 1<<16 {
			return
		}
		lines := bytes.Count(data, []byte{'\n'}) + 1
		res := phhReadAll(t, bytes.NewReader(data), "fuzz.phhs")
		for _, e := range res.errs {
			if strings.Contains(e.Msg, "internal error") {
				t.Fatalf("panic: %v", e)
			}
			if e.File != "fuzz.phhs" || e.Line < 1 || e.Line > lines || e.HandIndex < 0 || e.Msg == "" {
				t.Fatalf("bad error %+v (input has %d lines)", e, lines)
			}
		}
		for _, h := range res.hands {
			phhCheckInvariants(t, h, lines)
		}
		if got := phhReadAll(t, iotest.OneByteReader(bytes.NewReader(data)), "fuzz.phhs"); !reflect.DeepEqual(got, res) {
			t.Fatalf("one byte at a time differs:\n got %s\nwant %s", got, res)
		}
		if got := phhReadAllNoFast(t, data, "fuzz.phhs"); !reflect.DeepEqual(got, res) {
			t.Fatalf("without the fast path differs:\n got %s\nwant %s", got, res)
		}

		// Under small limits (so that fuzz inputs reach them) the same
		// must hold: hands over a limit are errors wherever the reads
		// fall, and the fast path and the full parser agree.
		lim := parser.Limits{MaxHandBytes: 400, MaxLineBytes: 48, MaxActions: 10}
		limited := phhDrain(t, newReader(bytes.NewReader(data), "fuzz.phhs", lim), "fuzz.phhs")
		for _, e := range limited.errs {
			if strings.Contains(e.Msg, "internal error") {
				t.Fatalf("panic under limits: %v", e)
			}
			if e.Line < 1 || e.Line > lines || e.HandIndex < 0 || e.Msg == "" {
				t.Fatalf("bad error under limits %+v (input has %d lines)", e, lines)
			}
		}
		for _, h := range limited.hands {
			phhCheckInvariants(t, h, lines)
			if len(h.Actions) > lim.MaxActions {
				t.Fatalf("hand of %d actions read under a limit of %d", len(h.Actions), lim.MaxActions)
			}
		}
		one := phhDrain(t, newReader(iotest.OneByteReader(bytes.NewReader(data)), "fuzz.phhs", lim), "fuzz.phhs")
		if !reflect.DeepEqual(one, limited) {
			t.Fatalf("under limits, one byte at a time differs:\n got %s\nwant %s", one, limited)
		}
		slow := newReader(bytes.NewReader(data), "fuzz.phhs", lim)
		slow.st.noFast = true
		if got := phhDrain(t, slow, "fuzz.phhs"); !reflect.DeepEqual(got, limited) {
			t.Fatalf("under limits, without the fast path differs:\n got %s\nwant %s", got, limited)
		}
	})
}

// FuzzPHHFastPath checks the fast path against the full TOML parser on
// one hand's text: when walkFast accepts it, walk must read the very same
// fields.
func FuzzPHHFastPath(f *testing.F) {
	for _, text := range phhSomeInputs() {
		f.Add([]byte(text), false)
		f.Add([]byte(text), true)
	}
	f.Fuzz(func(t *testing.T, data []byte, multi bool) {
		phhCompareWalks(t, data, multi)
	})
}

// phhCompareWalks runs walkFast and walk on data as one hand's text and
// fails if walkFast accepts it but walk reads something else.
func phhCompareWalks(t *testing.T, data []byte, multi bool) {
	t.Helper()
	mode := phhModeSingle
	if multi {
		mode = phhModeMulti
	}
	phhCompareWalksWith(t, &phhState{mode: mode}, data)
}

// phhCompareWalksWith is phhCompareWalks with fast as the fast path's
// state: one that has read other hands before (and learned the order of
// their keys) reads more of the hand on its shortcuts.
func phhCompareWalksWith(t *testing.T, fast *phhState, data []byte) {
	t.Helper()
	mode := fast.mode
	multi := mode == phhModeMulti
	fast.lines.reset(data, 1)
	hl, end, _, res := fast.walkFast(data, 1, false)
	if res != phhFastOK || end != len(data) {
		return
	}
	full := &phhState{mode: mode}
	full.lines.reset(data, 1)
	hl2, perr := full.walk(phhChunk{data: data, line: 1})
	if perr != nil {
		t.Fatalf("fast path accepted what the TOML parser rejects: %v\n%q", perr, data)
	}
	if hl != hl2 || !bytes.Equal(fast.handName, full.handName) && multi {
		t.Fatalf("header line %d/%d name %q/%q", hl, hl2, fast.handName, full.handName)
	}
	if fast.fields.decoded&(1<<phhActions) != 0 {
		// The notations, as actionsUsual tokenized them, must be those
		// the general code gets from the listed notations.
		acts := slices.Clone(fast.acts)
		// Its cards, too: each notation's, in order, as cards reads them.
		var want []cards.Card
		for i := range acts {
			a := &acts[i]
			if !a.hasArg || a.verb == phhBetTo || string(fast.bytes(a.arg)) == "-" {
				continue
			}
			cs, perr := fast.cards(a, false, &want)
			if perr != nil {
				t.Fatalf("actionsUsual read cards that cards refuses: %v\n%q", perr, data)
			}
			if a.known != cards.SetOf(cs...) {
				t.Fatalf("notation %q: known cards %x, want %x", fast.bytes(a.text), a.known, cards.SetOf(cs...))
			}
			a.known = 0 // the general code does not note them
		}
		if !slices.Equal(want, fast.cardBuf) {
			t.Fatalf("cards %v, want %v\n%q", fast.cardBuf, want, data)
		}
		fast.listActions()
		var places, places2 int8
		if perr := fast.tokenize(9, &places); perr != nil { // every one-digit player
			t.Fatalf("tokenize: %v", perr)
		}
		for _, a := range acts {
			places2 = max(places2, a.amount.places)
		}
		if !slices.Equal(acts, fast.acts) || places != places2 {
			t.Fatalf("actions differ:\n%+v\n%+v\n%q", acts, fast.acts, data)
		}
	}
	a, b := &fast.fields, &full.fields
	for f := range phhNumFields {
		// The elements the fast path did not list (elems lists them)
		// must be its numbers.
		if a.unlisted&(1<<f) == 0 {
			continue
		}
		dec := slices.Clone(a.dec[f])
		el := fast.elems(f)
		if len(el) != len(dec) {
			t.Fatalf("field %s: %d numbers, %d elements", f, len(dec), len(el))
		}
		for i, tok := range el {
			if d, err := phhParseDecimal(fast.tb(tok)); err != nil || d != dec[i] {
				t.Fatalf("field %s[%d]: %q read as %v", f, i, fast.tb(tok), dec[i])
			}
		}
	}
	if a.seen != b.seen {
		t.Fatalf("fields differ: seen %x/%x\n%q", a.seen, b.seen, data)
	}
	for f := range phhNumFields {
		// (a state that read hands before keeps the lines of fields this
		// hand does not have)
		if a.has(f) && a.keyLine[f] != b.keyLine[f] {
			t.Fatalf("field %s: key on line %d/%d\n%q", f, a.keyLine[f], b.keyLine[f], data)
		}
	}
	same := func(x, y phhTok) bool {
		return x.kind == y.kind && x.line == y.line && bytes.Equal(fast.tb(x), full.tb(y))
	}
	for f := range phhNumFields {
		if !a.has(f) {
			continue
		}
		if !same(a.val[f], b.val[f]) || len(a.arr[f]) != len(b.arr[f]) {
			t.Fatalf("field %s differs: %+v %q / %+v %q", f, a.val[f], fast.tb(a.val[f]), b.val[f], full.tb(b.val[f]))
		}
		for i := range a.arr[f] {
			if !same(a.arr[f][i], b.arr[f][i]) {
				t.Fatalf("%s[%d] differs: %q line %d / %q line %d", f, i, fast.tb(a.arr[f][i]), a.arr[f][i].line, full.tb(b.arr[f][i]), b.arr[f][i].line)
			}
		}
	}
	if len(a.unknown) != len(b.unknown) {
		t.Fatalf("unknown keys differ")
	}
}

// TestPHHFastPathCorpus runs the fast path against the full parser on
// every corpus and fixture file, and checks that it accepts them all (it
// is meant for exactly such files).
func TestPHHFastPathCorpus(t *testing.T) {
	paths := phhCorpusFiles(t)
	fixtures, _ := filepath.Glob(filepath.Join(phhRepoRoot(t), "fixtures", "phh", "clean", "*.phh"))
	for _, p := range append(paths, fixtures...) {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		phhCompareWalks(t, data, false)
		s := &phhState{mode: phhModeSingle}
		s.lines.reset(data, 1)
		if _, end, _, res := s.walkFast(data, 1, false); res != phhFastOK || end != len(data) {
			t.Errorf("%s: the fast path does not read it", p)
		}
	}
}

// TestPHHNoFastPathSameHands checks, on the corpus joined into a .phhs
// stream, that the full parser alone reads the same hands.
func TestPHHNoFastPathSameHands(t *testing.T) {
	if testing.Short() {
		t.Skip("slow")
	}
	var stream bytes.Buffer
	for i, p := range phhCorpusFiles(t) {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		stream.WriteString("[" + strconv.Itoa(i+1) + "]\n")
		stream.Write(data)
		stream.WriteString("\n")
	}
	want := phhReadAll(t, bytes.NewReader(stream.Bytes()), "s")
	got := phhReadAllNoFast(t, stream.Bytes(), "s")
	if len(want.hands) < 4800 || !reflect.DeepEqual(got, want) {
		t.Fatalf("%d/%d hands; results differ", len(got.hands), len(want.hands))
	}
}

package batch

import (
	"context"
	"reflect"
	"testing"

	"github.com/handaudit/handaudit/checks"
	"github.com/handaudit/handaudit/parser"
	"github.com/handaudit/handaudit/replay"
)

// TestStateBlocksDecodeAlone: blocks store the gob type definitions once
// per entry, not per block; each decodes alone, in any order, by a decoder
// that has read them for another block or by a new one, to what was
// stored; a clean hand keeps the number of its seats (the players column)
// and a flagged hand all of it.
func TestStateBlocksDecodeAlone(t *testing.T) {
	chdirRoot(t)
	book, err := LoadRulebook("", "")
	if err != nil {
		t.Fatal(err)
	}
	sel, _ := checks.Select(nil, nil)
	s, err := OpenState(t.TempDir(), book, sel, parser.Limits{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	rs, _ := replay.Preset("tda-2024")
	inputs, _, err := ExpandInputs([]string{"fixtures/pokerstars"}, "")
	if err != nil {
		t.Fatal(err)
	}
	var results []Result
	if _, err := Run(context.Background(), Config{Inputs: inputs, Rules: &rs, Workers: 2}, func(r *Result) error {
		if r.Hand != nil {
			results = append(results, *r)
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	var blocks [][]byte
	var want [][]Result
	for i := 0; i < len(results); i += 7 {
		chunk := results[i:min(i+7, len(results))]
		b, err := s.encodeBlock(chunk)
		if err != nil {
			t.Fatal(err)
		}
		blocks, want = append(blocks, b), append(want, chunk)
	}
	if len(blocks) < 4 {
		t.Fatalf("%d blocks: the fixtures should give more", len(blocks))
	}
	in := &inputs[0]
	check := func(k int, got []Result) {
		t.Helper()
		if len(got) != len(want[k]) {
			t.Fatalf("block %d: %d results, want %d", k, len(got), len(want[k]))
		}
		for i, g := range got {
			w := &want[k][i]
			// Findings that depend on other inputs are found afresh, not stored.
			if g.Line != w.Line || g.Hand.ID != w.Hand.ID || len(g.Hand.Seats) != len(w.Hand.Seats) ||
				len(g.Findings) != len(ownFindings(w.Findings)) || g.stub != (len(w.Findings) == 0) {
				t.Errorf("block %d hand %d: %s line %d, %d seats, %d findings, stub %v; stored %s line %d, %d seats, %d findings",
					k, i, g.Hand.ID, g.Line, len(g.Hand.Seats), len(g.Findings), g.stub, w.Hand.ID, w.Line, len(w.Hand.Seats), len(w.Findings))
			}
			if len(w.Findings) > 0 && !reflect.DeepEqual(g.Hand.Actions, w.Hand.Actions) {
				t.Errorf("block %d hand %d: a flagged hand's actions differ", k, i)
			}
		}
	}
	// Backwards, through the decoders kept between blocks.
	for k := len(blocks) - 1; k >= 0; k-- {
		got, err := s.decodeBlock(blocks[k], s.typeDefs, in)
		if err != nil {
			t.Fatalf("block %d: %v", k, err)
		}
		check(k, got)
	}
	// Each by a new decoder (another run's, or a block first read).
	for k := range blocks {
		fresh, err := OpenState(t.TempDir(), book, sel, parser.Limits{})
		if err != nil {
			t.Fatal(err)
		}
		got, err := fresh.decodeBlock(blocks[k], fresh.typeDefs, in)
		if err != nil {
			t.Fatalf("block %d, new decoder: %v", k, err)
		}
		check(k, got)
		fresh.Close()
	}
	// A block is a value alone: without the definitions a new decoder
	// cannot read it.
	if _, err := s.decodeBlock(blocks[0], []byte("other definitions"), in); err == nil {
		t.Error("a block decoded with the wrong type definitions")
	}
}

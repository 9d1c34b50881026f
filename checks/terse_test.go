package checks_test

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/handaudit/handaudit/checks"
	"github.com/handaudit/handaudit/gen"
	"github.com/handaudit/handaudit/hand"
	"github.com/handaudit/handaudit/parser"
	"github.com/handaudit/handaudit/replay"
)

// TestTerseTraceSameFindings: the checks find exactly the same things on a
// terse trace (replay.TracePool.ReplayTerse) as on a full one, message
// aside, on every fixture and on generated hands with injected violations.
// The pipeline relies on it: it replays a hand in full only when the
// terse replay has findings.
func TestTerseTraceSameFindings(t *testing.T) {
	root := repoRoot(t)
	var hs []*hand.Hand
	for _, f := range []struct {
		format parser.Format
		glob   string
	}{
		{parser.FormatPHH, "fixtures/phh/*.phh*"},
		{parser.FormatPHH, "fixtures/phh/clean/*.phh*"},
		{parser.FormatPokerStars, "fixtures/pokerstars/*.txt"},
		{parser.FormatPokerStars, "fixtures/pokerstars/clean/*.txt"},
	} {
		paths, _ := filepath.Glob(filepath.Join(root, f.glob))
		for _, p := range paths {
			data, err := os.ReadFile(p)
			if err != nil {
				t.Fatal(err)
			}
			r, err := parser.Open(f.format, bytes.NewReader(data), filepath.Base(p))
			if err != nil {
				t.Fatal(err)
			}
			for {
				h, err := r.Next()
				if err == io.EOF {
					break
				}
				if err == nil {
					hs = append(hs, h)
				}
			}
		}
	}
	for _, f := range []parser.Format{parser.FormatPHH, parser.FormatPokerStars} {
		g, err := gen.New(gen.Config{Seed: 11, Format: f, Violations: 0.5})
		if err != nil {
			t.Fatal(err)
		}
		for i := 0; i < 1000; i++ {
			gh, err := g.Hand(i)
			if err != nil {
				t.Fatal(err)
			}
			hs = append(hs, gh.Hand)
		}
	}
	rs := replay.Default()
	sel := checks.All()
	var pool replay.TracePool
	flagged := 0
	for _, h := range hs {
		want := checks.Run(h, replay.Replay(h, &rs), sel)
		tr := pool.ReplayTerse(h, &rs)
		got := checks.Run(h, tr, sel)
		pool.Put(tr)
		if len(want) > 0 {
			flagged++
		}
		if len(got) != len(want) {
			t.Fatalf("hand %s (%s:%d): %d findings on the terse trace, %d on the full one", h.ID, h.Pos.File, h.Pos.Line, len(got), len(want))
		}
		for i := range want {
			w, g := want[i], got[i]
			w.Message, g.Message = "", ""
			if w != g {
				t.Fatalf("hand %s (%s:%d) finding %d:\nfull  %+v\nterse %+v", h.ID, h.Pos.File, h.Pos.Line, i, w, g)
			}
		}
	}
	if flagged < 300 {
		t.Fatalf("only %d flagged hands: the comparison proves little", flagged)
	}
}

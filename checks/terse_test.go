package checks_test

import (
	"testing"

	"github.com/handaudit/handaudit/checks"
	"github.com/handaudit/handaudit/hand"
	"github.com/handaudit/handaudit/internal/testhands"
	"github.com/handaudit/handaudit/parser"
	"github.com/handaudit/handaudit/parser/phh"
	"github.com/handaudit/handaudit/parser/pokerstars"
	"github.com/handaudit/handaudit/replay"
)

// TestTerseTraceSameFindings: the checks find exactly the same things on a
// terse trace (replay.TracePool.ReplayTerse) as on a full one, message
// aside, on every fixture and on generated hands with injected violations.
// The pipeline relies on it: it replays a hand in full only when the
// terse replay has findings.
func TestTerseTraceSameFindings(t *testing.T) {
	var hs []*hand.Hand
	hs = append(hs, testhands.Fixtures(t, phh.Format, "fixtures/phh/*.phh*", "fixtures/phh/clean/*.phh*", "fixtures/phh/games/*.phh*")...)
	hs = append(hs, testhands.Fixtures(t, pokerstars.Format, "fixtures/pokerstars/*.txt", "fixtures/pokerstars/clean/*.txt")...)
	for _, f := range []parser.Format{phh.Format, pokerstars.Format} {
		hs = append(hs, testhands.Generated(t, f, 11, 0.5, 1000)...)
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

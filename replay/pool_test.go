package replay_test

import (
	"fmt"
	"reflect"
	"strings"
	"sync"
	"testing"

	"github.com/handaudit/handaudit/hand"
	"github.com/handaudit/handaudit/internal/testhands"
	"github.com/handaudit/handaudit/parser"
	"github.com/handaudit/handaudit/parser/phh"
	"github.com/handaudit/handaudit/parser/pokerstars"
	"github.com/handaudit/handaudit/replay"
)

// poolHands returns hands of every shape the engine meets: the fixtures of
// both formats (violations, side pots, run twice, hi/lo, broken records)
// and generated hands with injected violations, in an order that takes a
// reused trace from large hands to small ones and back.
func poolHands(t *testing.T) []*hand.Hand {
	t.Helper()
	var hs []*hand.Hand
	hs = append(hs, testhands.Fixtures(t, phh.Format, "fixtures/phh/*.phhs", "fixtures/phh/clean/*.phh*", "fixtures/phh/games/*.phh*")...)
	hs = append(hs, testhands.Fixtures(t, pokerstars.Format, "fixtures/pokerstars/*.txt", "fixtures/pokerstars/clean/*.txt")...)
	if len(hs) < 50 {
		t.Fatalf("only %d fixture hands: are the fixtures missing?", len(hs))
	}
	for _, f := range []parser.Format{phh.Format, pokerstars.Format} {
		hs = append(hs, testhands.Generated(t, f, 7, 0.3, 400)...)
	}
	return hs
}

// sameTrace says how a pooled trace differs from Replay's, or "".
func sameTrace(want, got *replay.Trace) string {
	w, g := replay.StripPool(want), replay.StripPool(got)
	if reflect.DeepEqual(w, g) {
		return ""
	}
	wv, gv := reflect.ValueOf(w), reflect.ValueOf(g)
	var diff []string
	for i := 0; i < wv.NumField(); i++ {
		if f := wv.Type().Field(i); f.IsExported() && !reflect.DeepEqual(wv.Field(i).Interface(), gv.Field(i).Interface()) {
			diff = append(diff, fmt.Sprintf("%s: want %+v, got %+v", f.Name, wv.Field(i).Interface(), gv.Field(i).Interface()))
		}
	}
	return strings.Join(diff, "\n")
}

// TestTracePoolSameAsReplay replays every hand both ways, twice over (in
// order, then in reverse, so reused traces go from large hands to small
// ones and back), and requires the pooled trace to equal Replay's exactly:
// reflect.DeepEqual, so a nil slice and an empty one differ, and a field
// left over from an earlier hand shows.
func TestTracePoolSameAsReplay(t *testing.T) {
	hs := poolHands(t)
	rs := replay.Default()
	var pool replay.TracePool
	reused := 0
	var prev *replay.Trace
	for pass := 0; pass < 2; pass++ {
		for k := range hs {
			h := hs[k]
			if pass == 1 {
				h = hs[len(hs)-1-k]
			}
			want := replay.Replay(h, &rs)
			got := pool.Replay(h, &rs)
			if !replay.Pooled(got) {
				t.Fatal("a trace from the pool carries no pooled memory")
			}
			if got == prev {
				reused++
			}
			if d := sameTrace(want, got); d != "" {
				t.Fatalf("hand %s (%s:%d): the pooled trace differs from Replay's:\n%s", h.ID, h.Pos.File, h.Pos.Line, d)
			}
			pool.Put(got)
			prev = got
		}
	}
	// sync.Pool may drop a trace (always under the race detector, now and
	// then), but on one goroutine it mostly hands the same one back.
	if reused < len(hs)/2 {
		t.Errorf("the pool reused a trace %d times in %d replays", reused, 2*len(hs))
	}
}

// TestTracePoolPutIgnoresOthers: Put ignores nil and a trace from Replay,
// which has no pooled memory to give.
func TestTracePoolPutIgnoresOthers(t *testing.T) {
	var pool replay.TracePool
	pool.Put(nil)
	h := poolHands(t)[0]
	rs := replay.Default()
	tr := replay.Replay(h, &rs)
	steps := len(tr.Steps)
	pool.Put(tr)
	if tr.Hand != h || len(tr.Steps) != steps {
		t.Fatal("Put changed a trace that is not from the pool")
	}
	if got := pool.Replay(h, &rs); got == tr {
		t.Fatal("the pool handed out a trace from Replay")
	}
}

// TestReplayRecoversItsOwnPanic: a bug met inside the engine is recovered
// and reported on the trace as an internal error, not as an unsupported game.
func TestReplayRecoversItsOwnPanic(t *testing.T) {
	replay.SetTestHookReplay(func(*hand.Hand) { panic("injected engine failure") })
	defer replay.SetTestHookReplay(nil)
	h := &hand.Hand{Game: hand.Game{Variant: hand.Holdem, Structure: hand.NoLimit, HoleCards: 2}}
	tr := replay.Replay(h, nil)
	if tr.Supported || tr.InternalError != "injected engine failure" {
		t.Errorf("supported %v, internal error %q: want the recovered panic", tr.Supported, tr.InternalError)
	}
	// A pooled terse trace keeps what the replay was asked for.
	var pool replay.TracePool
	rs := replay.Default()
	tr = pool.ReplayTerse(h, &rs)
	if tr == nil {
		t.Fatal("a recovered panic returned no trace")
	}
	if tr.InternalError != "injected engine failure" || tr.Hand != h || tr.Rules != &rs || !tr.Terse || tr.Button != -1 || tr.ShowdownFirst != -1 {
		t.Errorf("internal error %q, hand kept %v, rules kept %v, terse %v, button %d, showdown first %d",
			tr.InternalError, tr.Hand == h, tr.Rules == &rs, tr.Terse, tr.Button, tr.ShowdownFirst)
	}
	pool.Put(tr)
}

// untext returns a copy of tr without the engine's plain words, the
// steps' stacks, and the windows of folds and checks but for ToAct (and
// without pooled memory), for comparing a terse trace with a full one.
func untext(tr *replay.Trace) replay.Trace {
	c := replay.StripPool(tr)
	c.Terse = false
	c.ShowdownReason = ""
	c.Steps = append([]replay.Step(nil), c.Steps...)
	for i := range c.Steps {
		st := &c.Steps[i]
		st.Note = ""
		st.Window.OpenReason = ""
		st.Stacks = nil
		if k := tr.Hand.Actions[i].Kind; st.Betting && (k == hand.Fold || k == hand.Check) {
			st.Window = replay.Window{ToAct: st.Window.ToAct}
		}
	}
	c.Awards = append([]replay.Award(nil), c.Awards...)
	for i := range c.Awards {
		c.Awards[i].Reason = ""
	}
	c.Shown = append([]replay.ShownHand(nil), c.Shown...)
	for i := range c.Shown {
		c.Shown[i].Desc, c.Shown[i].Best = "", nil
	}
	return c
}

// TestReplayTerseSameButText: a terse trace equals Replay's in everything
// but the plain words, on every hand shape (and reusing traces between
// terse and full replays), so that checks on it find the same things.
func TestReplayTerseSameButText(t *testing.T) {
	hs := poolHands(t)
	rs := replay.Default()
	var pool replay.TracePool
	texts := 0
	for k, h := range hs {
		want := replay.Replay(h, &rs)
		got := pool.ReplayTerse(h, &rs)
		if !got.Terse || want.Terse {
			t.Fatalf("Terse: terse trace %v, full trace %v", got.Terse, want.Terse)
		}
		for _, s := range got.Shown {
			if s.Desc != "" || s.Best != nil {
				t.Fatalf("hand %s: a terse trace describes a shown hand: %q %v", h.ID, s.Desc, s.Best)
			}
		}
		if want.ShowdownReason != "" || len(want.Shown) > 0 {
			texts++
		}
		if d := terseStacks(h, want, got); d != "" {
			t.Fatalf("hand %s (%s:%d): %s", h.ID, h.Pos.File, h.Pos.Line, d)
		}
		for i, st := range got.Steps {
			if k := h.Actions[i].Kind; st.Betting && (k == hand.Fold || k == hand.Check) && st.Window != (replay.Window{ToAct: st.Window.ToAct}) {
				t.Fatalf("hand %s step %d: a terse %v has the window %+v: want only ToAct", h.ID, i, k, st.Window)
			}
		}
		w, g := untext(want), untext(got)
		if !reflect.DeepEqual(w, g) {
			t.Fatalf("hand %s (%s:%d): the terse trace differs from Replay's beyond its text:\n%s",
				h.ID, h.Pos.File, h.Pos.Line, sameTrace(&w, &g))
		}
		pool.Put(got)
		if k%3 == 0 {
			// A full replay into a trace last used tersely has all its text.
			full := pool.Replay(h, &rs)
			if d := sameTrace(want, full); d != "" {
				t.Fatalf("hand %s: a full replay into a reused terse trace differs:\n%s", h.ID, d)
			}
			pool.Put(full)
		}
	}
	if texts < 100 {
		t.Fatalf("only %d hands with a showdown: the comparison proves little", texts)
	}
}

// terseStacks says how the steps' stacks of a terse trace differ from what
// Trace.Terse promises, or "": those of the last seated player's forced
// bet or betting action as Replay has them, and none on any other step.
func terseStacks(h *hand.Hand, full, terse *replay.Trace) string {
	last := -1
	for i, a := range h.Actions {
		if a.Player < 0 || a.Player >= len(h.Seats) {
			continue
		}
		switch a.Kind {
		case hand.Post, hand.Fold, hand.Check, hand.Call, hand.Bet, hand.Raise, hand.BringIn:
			last = i
		}
	}
	for i := range terse.Steps {
		got := terse.Steps[i].Stacks
		if i != last {
			if got != nil {
				return fmt.Sprintf("step %d of the terse trace has stacks %v", i, got)
			}
			continue
		}
		if want := full.Steps[i].Stacks; !reflect.DeepEqual(got, want) {
			return fmt.Sprintf("step %d of the terse trace has stacks %v, Replay's %v", i, got, want)
		}
	}
	return ""
}

// TestTraceRelease: a released trace keeps its totals and loses every
// slice, and the pool's later replays, which reuse its memory, do not
// change it; Put then takes the trace itself back.
func TestTraceRelease(t *testing.T) {
	hs := poolHands(t)
	rs := replay.Default()
	var pool replay.TracePool
	type totals struct {
		supported                            bool
		unsupported, internal, showdownWhy   string
		total, rake, undecided, expectedRake hand.Amount
		hasExpectedRake, terse               bool
		button, showdownFirst                int
		h                                    *hand.Hand
	}
	of := func(tr *replay.Trace) totals {
		return totals{tr.Supported, tr.Unsupported, tr.InternalError, tr.ShowdownReason, tr.TotalPot, tr.Rake,
			tr.UndecidedAmount, tr.ExpectedRake, tr.HasExpectedRake, tr.Terse, tr.Button, tr.ShowdownFirst, tr.Hand}
	}
	var released []*replay.Trace
	var want []totals
	pots := 0
	for _, h := range hs {
		tr := pool.ReplayTerse(h, &rs)
		want = append(want, of(tr))
		if len(tr.Pots) > 0 {
			pots++
		}
		wantTotals := tr.Totals()
		pool.Release(tr)
		if got := tr.Totals(); !reflect.DeepEqual(got, wantTotals) {
			t.Fatalf("hand %s: a released trace is not its Totals:\n%+v\nwant %+v", h.ID, got, wantTotals)
		}
		pool.Release(tr) // a second time does nothing
		if replay.Pooled(tr) || tr.Steps != nil || tr.Pots != nil || tr.Awards != nil || tr.Committed != nil ||
			tr.FinishingStacks != nil || tr.Returns != nil || tr.Shown != nil || tr.Boards != nil || tr.Undecided != nil {
			t.Fatalf("hand %s: a released trace keeps memory: %+v", h.ID, *tr)
		}
		released = append(released, tr)
		// The next replays reuse the memory released.
		full := pool.Replay(h, &rs)
		if d := sameTrace(replay.Replay(h, &rs), full); d != "" {
			t.Fatalf("hand %s: a replay into released memory differs:\n%s", h.ID, d)
		}
		pool.Put(full)
	}
	if pots < 100 {
		t.Fatalf("only %d hands with pots: the test proves little", pots)
	}
	for i, tr := range released {
		if got := of(tr); got != want[i] {
			t.Fatalf("hand %s: released totals %+v changed to %+v", hs[i].ID, want[i], got)
		}
		pool.Put(tr)
		if tr.Hand != nil || tr.Supported || tr.TotalPot != 0 {
			t.Fatalf("hand %s: Put left the trace %+v", hs[i].ID, *tr)
		}
	}
}

// TestTracePoolConcurrent replays on several goroutines (a third of the
// hands tersely, released at once, as the pipeline's workers do with clean
// hands) while one more puts every trace back, as a pipeline's writer
// does: every trace equals Replay's when it is handed over, so no two
// hands ever share a trace or its memory. Each goroutine works through the
// pool itself, or through a pool of its own from Local, however the
// batches then move.
func TestTracePoolConcurrent(t *testing.T) {
	hs := poolHands(t)
	rs := replay.Default()
	for _, local := range []bool{false, true} {
		t.Run(fmt.Sprintf("local=%v", local), func(t *testing.T) {
			var pool replay.TracePool
			own := func() *replay.TracePool {
				if local {
					return pool.Local()
				}
				return &pool
			}
			type done struct {
				want, got *replay.Trace
				released  bool
			}
			out := make(chan done, 64)
			var wg sync.WaitGroup
			for w := 0; w < 4; w++ {
				wg.Add(1)
				go func(w int) {
					defer wg.Done()
					p := own()
					for pass := 0; pass < 3; pass++ {
						for k := w; k < len(hs); k += 4 {
							h := hs[k]
							if k%3 != 0 {
								out <- done{replay.Replay(h, &rs), p.Replay(h, &rs), false}
								continue
							}
							tr := p.ReplayTerse(h, &rs)
							want := new(replay.TracePool).ReplayTerse(h, &rs).Totals() // from memory never used
							p.Release(tr)
							if got := tr.Totals(); !reflect.DeepEqual(got, want) || replay.Pooled(tr) {
								t.Errorf("hand %s: a released terse trace's totals differ from a fresh one's", h.ID)
							}
							out <- done{got: tr, released: true}
						}
					}
				}(w)
			}
			go func() { wg.Wait(); close(out) }()
			writer := own()
			n := 0
			for d := range out {
				if !d.released {
					if diff := sameTrace(d.want, d.got); diff != "" {
						t.Fatalf("hand %s: the pooled trace differs from Replay's:\n%s", d.want.Hand.ID, diff)
					}
				}
				writer.Put(d.got)
				n++
			}
			if n != 3*len(hs) {
				t.Fatalf("%d traces for %d hands", n, 3*len(hs))
			}
		})
	}
}

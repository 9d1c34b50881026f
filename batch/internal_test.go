package batch

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/handaudit/handaudit/hand"
	"github.com/handaudit/handaudit/replay"
)

// TestPanicInOneHand: a bug met while auditing one hand becomes an
// internal.error finding on that hand; the other hands are audited and
// the run completes with its outputs.
func TestPanicInOneHand(t *testing.T) {
	chdirRoot(t)
	testHookAudit = func(h *hand.Hand) {
		if h.ID == "hu-2" {
			panic("injected failure")
		}
	}
	defer func() { testHookAudit = nil }()
	out := t.TempDir()
	o := auditOpts(out, "fixtures/phh/clean")
	o.Formats = []string{"jsonl"}
	res := mustAudit(t, o)
	s := res.Summary
	if s.Internal != 1 || s.Hands != 5 || s.ByCheck[internalErrorID] != 1 {
		t.Fatalf("summary: %d internal errors, %d hands, by check %v; want 1 internal error in 5 hands", s.Internal, s.Hands, s.ByCheck)
	}
	if !res.Failed {
		t.Error("an internal error must fail the run at --fail-on error")
	}
	b, err := os.ReadFile(filepath.Join(out, "findings.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	lines := bytes.Split(bytes.TrimSpace(b), []byte("\n"))
	if len(lines) != 1 || !bytes.Contains(lines[0], []byte(`"check_id":"internal.error"`)) ||
		!bytes.Contains(lines[0], []byte(`"hand_id":"hu-2"`)) || !bytes.Contains(lines[0], []byte("injected failure")) {
		t.Errorf("findings.jsonl: %s", b)
	}
}

// TestEngineFailureIsInternalError: a hand the engine failed on (its panic
// recovered into Trace.InternalError) is an internal.error finding, not an
// info-level hand.not-replayed that the exit code would not show.
func TestEngineFailureIsInternalError(t *testing.T) {
	chdirRoot(t)
	savedFull, savedTerse := replayHand, replayTerse
	replayHand = func(_ *replay.TracePool, h *hand.Hand, rs *replay.Ruleset) *replay.Trace {
		if h.ID == "hu-3" {
			return &replay.Trace{Hand: h, Rules: rs, InternalError: "index out of range", Unsupported: "internal error while replaying"}
		}
		return replay.Replay(h, rs)
	}
	replayTerse = replayHand
	defer func() { replayHand, replayTerse = savedFull, savedTerse }()
	o := auditOpts(t.TempDir(), "fixtures/phh/clean")
	o.Formats = []string{"jsonl"}
	s := mustAudit(t, o).Summary
	if s.Internal != 1 || s.ByCheck[internalErrorID] != 1 || s.ByCheck["hand.not-replayed"] != 0 || s.Hands != 5 {
		t.Errorf("summary: %d internal, by check %v, %d hands; want one internal.error and no hand.not-replayed", s.Internal, s.ByCheck, s.Hands)
	}
}

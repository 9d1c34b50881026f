package batch

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/handaudit/handaudit/hand"
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

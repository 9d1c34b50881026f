package reports

import (
	"os"
	"path/filepath"
	"regexp"
	"testing"

	"github.com/handaudit/handaudit/checks"
	"github.com/handaudit/handaudit/hand"
)

// TestHandViewCheckIsACheck: a call of nothing (PHH's "cc" with no bet to
// call), which the replay reads as a check, is a check in the hand view,
// with no amount, as the explanation says "checks".
func TestHandViewCheckIsACheck(t *testing.T) {
	h, tr := buildHand("H-CHK", "Alpha", "logs/c.txt", 1, t0, [3]string{"alice", "bob", "carol"})
	// Step 6 is a bet on the flop; make it a call of nothing, read as a check.
	h.Actions[6] = hand.Action{Kind: hand.Call, Player: 2, Amount: 0, HasAmount: true, Pos: h.Actions[6].Pos}
	tr.Steps[6].Kind, tr.Steps[6].Added = hand.Check, 0
	f := finding(h, "showdown.order", checks.Info, 9, "a finding, so the hand has a view")
	dir := t.TempDir()
	writeAll(t, NewHTML(HTMLOptions{}), dir, testInfo(), []*HandResult{{Hand: h, Trace: tr, File: "logs/c.txt", Line: 1, Findings: []checks.Finding{f}}})
	page, err := os.ReadFile(filepath.Join(dir, "report.html"))
	if err != nil {
		t.Fatal(err)
	}
	step := regexp.MustCompile(`\{"i":6,[^}]*\}`).Find(page)
	if step == nil {
		t.Fatal("no step 6 in the hand view")
	}
	if !regexp.MustCompile(`"k":"check"`).Match(step) || regexp.MustCompile(`"amt"`).Match(step) {
		t.Errorf("step 6 is %s, want a check with no amount", step)
	}
}

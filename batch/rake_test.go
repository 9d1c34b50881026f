package batch

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/handaudit/handaudit/hand"
)

// TestImpliedRakeSummary: the rake PHH records imply is reported once per
// run, by currency, in the summary and the manifest.
func TestImpliedRakeSummary(t *testing.T) {
	chdirRoot(t)
	out := t.TempDir()
	o := auditOpts(out, "fixtures/phh/pot.implied-rake.phhs")
	o.Formats = []string{"jsonl"}
	o.SummaryFile = filepath.Join(out, "summary.json")
	res := mustAudit(t, o)
	want := ImpliedRake{Hands: 4, Total: "190"} // 10, 30, 120 and 30 chips
	if got := res.Summary.ImpliedRake()["chips"]; got != want {
		t.Errorf("summary implied rake %+v, want %+v", got, want)
	}
	var doc struct {
		ImpliedRake map[string]ImpliedRake `json:"implied_rake"`
	}
	b, err := os.ReadFile(o.SummaryFile)
	if err != nil || json.Unmarshal(b, &doc) != nil || doc.ImpliedRake["chips"] != want {
		t.Errorf("summary file implied_rake %+v (%v)", doc.ImpliedRake, err)
	}
	m, err := ReadManifest(filepath.Join(out, "manifest.json"))
	if err != nil || m.Totals.ImpliedRake["chips"] != want {
		t.Errorf("manifest implied_rake %+v (%v)", m.Totals.ImpliedRake, err)
	}
}

// TestRakeSumScales: implied rakes of hands of different scales add up
// exactly.
func TestRakeSumScales(t *testing.T) {
	var s rakeSum
	s.add(5, 10)    // 0.5
	s.add(3, 1)     // 3
	s.add(125, 100) // 1.25
	s.hands = 3
	if got := s.json(); got.Total != "4.75" {
		t.Errorf("total %q, want 4.75", got.Total)
	}
	back, err := parseRakeSum(s.json())
	if err != nil || back.total != hand.Amount(475) || back.scale != 100 {
		t.Errorf("read back %+v, %v", back, err)
	}
}

package reports

import (
	"testing"

	"github.com/handaudit/handaudit/checks"
)

// TestParseErrorRowKeepsHandID: a hand that could not be read still gets
// its hand ID in hands.parquet when the parser had read it.
func TestParseErrorRowKeepsHandID(t *testing.T) {
	r := &HandResult{File: "logs/x.txt", Line: 40, Format: "pokerstars", Status: StatusParseError,
		Error: "hand ends without a *** SUMMARY ***",
		Findings: []checks.Finding{{CheckID: "parse.error", Severity: checks.Error, HandID: "254100000009",
			File: "logs/x.txt", Line: 52, ActionIndex: -1}}}
	var slab rowMem
	row := handRow(r, &slab)
	if row.HandID != "254100000009" || row.Status != StatusParseError || row.FindingsError != 1 {
		t.Errorf("row: hand %q status %q errors %d; want the parse error's hand ID", row.HandID, row.Status, row.FindingsError)
	}
	r.Findings[0].HandID = ""
	if row := handRow(r, &slab); row.HandID != "" {
		t.Errorf("row without a known hand ID: %q", row.HandID)
	}
}

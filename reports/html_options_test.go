package reports

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestHTMLNoHandViews: a merged report has no hand views and says why.
func TestHTMLNoHandViews(t *testing.T) {
	page := writeHTML(t, HTMLOptions{NoHandViews: true}, testInfo(), sampleResults())
	var d reportData
	if err := json.Unmarshal([]byte(scriptBlock(t, page, "report-data")), &d); err != nil {
		t.Fatal(err)
	}
	if d.Views != 0 || d.Total != 5 {
		t.Errorf("views %d, total %d: want no views and every finding listed (5)", d.Views, d.Total)
	}
	if strings.Contains(page, `id="hv-0"`) {
		t.Error("a hand view was written")
	}
	if !strings.Contains(page, `id="no-views"`) || !strings.Contains(page, "audit explain") {
		t.Error("the page does not say why it has no hand views")
	}
}

// TestHTMLOpenHand: explain's page gives its one hand a view even when the
// hand is clean, and asks the script to open it on load.
func TestHTMLOpenHand(t *testing.T) {
	clean := sampleResults()[0] // H-1001, no findings
	if len(clean.Findings) != 0 {
		t.Fatal("sample hand 0 is expected to be clean")
	}
	page := writeHTML(t, HTMLOptions{MaxHandViews: 1, OpenHand: true}, testInfo(), []*HandResult{clean})
	var d struct {
		Views int   `json:"views"`
		Open  *int  `json:"open"`
		Hands []any `json:"hands"`
	}
	if err := json.Unmarshal([]byte(scriptBlock(t, page, "report-data")), &d); err != nil {
		t.Fatal(err)
	}
	if d.Views != 1 || len(d.Hands) != 1 || d.Open == nil || *d.Open != 0 {
		t.Errorf("views %d, hands %d, open %v: want the clean hand viewed and opened", d.Views, len(d.Hands), d.Open)
	}
	if !strings.Contains(page, `id="hv-0"`) {
		t.Error("no hand view written for the clean hand")
	}
	// Without OpenHand a clean hand gets no view and nothing is opened.
	plain := writeHTML(t, HTMLOptions{}, testInfo(), []*HandResult{clean})
	if strings.Contains(plain, `"open":`) || strings.Contains(plain, `id="hv-0"`) {
		t.Error("a plain report views or opens a clean hand")
	}
}

package explain

import (
	"strings"
	"testing"

	"github.com/handaudit/handaudit/checks"
	"github.com/handaudit/handaudit/reports"
)

// TestCatalogInfo checks that the real catalog and citation table give
// every check a title and rule, and a quotable text for its citation.
func TestCatalogInfo(t *testing.T) {
	infos, quotes := catalogInfo(nil)
	if len(infos) != len(checks.Catalog()) || len(infos) == 0 {
		t.Fatalf("%d checks described, catalog has %d", len(infos), len(checks.Catalog()))
	}
	quoted := map[string]reports.RuleQuote{}
	for _, q := range quotes {
		quoted[q.Citation] = q
	}
	var withText int
	for _, c := range infos {
		if c.ID == "" || c.Title == "" {
			t.Errorf("check without ID or title: %+v", c)
		}
		if c.RuleText != "" {
			withText++
			if q, ok := quoted[c.Rule]; !ok || q.Text != c.RuleText {
				t.Errorf("%s: citation %q has no matching quote", c.ID, c.Rule)
			}
		}
	}
	if withText < len(infos)/2 {
		t.Errorf("only %d of %d checks have a rule text", withText, len(infos))
	}
	for _, c := range infos {
		if c.ID == "raise.under-minimum" && (!strings.HasPrefix(c.Rule, "TDA 2024 Rule") || c.RuleTextZH == "") {
			t.Errorf("raise.under-minimum: %+v", c)
		}
	}
}

package reports

import (
	"strings"

	"github.com/handaudit/handaudit/checks"
	"github.com/handaudit/handaudit/hand"
	"github.com/handaudit/handaudit/replay"
)

// RuleQuote is the text of one rule as findings cite it, for quoting in
// the HTML report.
type RuleQuote struct {
	Citation string // as in Finding.Rule: "TDA 2024 Rule 43 (Raise Amounts)"
	Text     string // English
	TextZH   string // Simplified Chinese; "" when the citation table has none
}

// CatalogInfo describes the check catalog under rs for RunInfo.Checks, and
// every rule of the citation table for RunInfo.Rules, so that reports name
// each check and quote each rule a finding cites.
func CatalogInfo(rs *replay.Ruleset) ([]CheckInfo, []RuleQuote) {
	var infos []CheckInfo
	for _, c := range checks.Catalog() {
		info := CheckInfo{ID: c.ID, Title: c.Title, Severity: c.Severity, Rule: c.Rule(rs, hand.NoLimit)}
		if c.RuleKey != "" {
			cite := replay.Cite(rs, c.RuleKey)
			if !strings.HasPrefix(cite.Title, "unknown rule key") {
				info.RuleText, info.RuleTextZH = cite.TextEN, cite.TextZH
			}
		}
		infos = append(infos, info)
	}
	var quotes []RuleQuote
	for _, key := range replay.CitationKeys() {
		cite := replay.Cite(rs, key)
		if cite.TextEN == "" && cite.TextZH == "" {
			continue
		}
		quotes = append(quotes, RuleQuote{Citation: cite.String(), Text: cite.TextEN, TextZH: cite.TextZH})
	}
	return infos, quotes
}

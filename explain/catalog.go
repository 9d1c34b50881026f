package explain

import (
	"github.com/handaudit/handaudit/checks"
	"github.com/handaudit/handaudit/hand"
	"github.com/handaudit/handaudit/replay"
	"github.com/handaudit/handaudit/reports"
)

// catalogInfo describes the check catalog under rs for RunInfo.Checks, and
// every rule of the citation table for RunInfo.Rules, so that the HTML page
// names each check and quotes each rule a finding cites.
func catalogInfo(rs *replay.Ruleset) ([]reports.CheckInfo, []reports.RuleQuote) {
	var infos []reports.CheckInfo
	for _, c := range checks.Catalog() {
		info := reports.CheckInfo{ID: c.ID, Title: c.Title, Severity: c.Severity, Rule: c.Rule(rs, hand.NoLimit)}
		if c.RuleKey != "" {
			cite := replay.Cite(rs, c.RuleKey)
			if citeKnown(cite) {
				info.RuleText, info.RuleTextZH = cite.TextEN, cite.TextZH
			}
		}
		infos = append(infos, info)
	}
	var quotes []reports.RuleQuote
	for _, key := range replay.CitationKeys() {
		cite := replay.Cite(rs, key)
		if cite.TextEN == "" && cite.TextZH == "" {
			continue
		}
		quotes = append(quotes, reports.RuleQuote{Citation: cite.String(), Text: cite.TextEN, TextZH: cite.TextZH})
	}
	return infos, quotes
}

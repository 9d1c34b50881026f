package batch

import (
	"strings"
	"testing"
)

// TestCheckInfosWording: the rule texts the reports quote (HTML, SARIF
// help) say when they are a summary, and when they are another version's
// wording than the rule cited.
func TestCheckInfosWording(t *testing.T) {
	got := map[string][2]string{}
	for _, c := range CheckInfos(nil) {
		got[c.ID] = [2]string{c.RuleText, c.RuleTextZH}
	}
	for id, want := range map[string]string{
		"raise.not-reopened":   "(summary, not the official wording of TDA 2024 Rule 47-A (Reopening the Bet))",
		"pot.award-mismatch":   "(wording of TDA 2019 Rule 12)",
		"raise.over-pot-limit": "(summary, not the official wording of TDA 2024 Rule 54 (Pot Size and Pot-Limit Bets))",
	} {
		if !strings.HasSuffix(got[id][0], want) {
			t.Errorf("%s: rule text %q, want it to end %q", id, got[id][0], want)
		}
		if !strings.Contains(got[id][1], "TDA 20") {
			t.Errorf("%s: Chinese rule text %q names no version", id, got[id][1])
		}
	}
}

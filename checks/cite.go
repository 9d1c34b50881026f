package checks

import (
	"strings"

	"github.com/handaudit/handaudit/replay"
)

// citation is the rule a check cites, as findings print it, from the
// replay citation table under rs's version.
func citation(rs *replay.Ruleset, key string) string {
	c := replay.Cite(rs, key)
	if strings.HasPrefix(c.Title, "unknown rule key") {
		if s, ok := fallbackCitations[key]; ok {
			return s(c.Version)
		}
	}
	return c.String()
}

// fallbackCitations covers keys the replay citation table does not (yet)
// have, so that a finding never cites "unknown rule key".
var fallbackCitations = map[string]func(version string) string{
	"fixed-limit-bets": func(string) string { return "Poker convention (Fixed-Limit Bet Sizes)" },
	"misdeal":          func(v string) string { return v + " Rule 35-A (Misdeals and Fouled Decks)" },
	"call-amount":      func(string) string { return "Poker convention (Calling)" },
}

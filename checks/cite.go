package checks

import "github.com/handaudit/handaudit/replay"

// citation is the rule a check cites, as findings print it, from the
// replay citation table under rs's version.
func citation(rs *replay.Ruleset, key string) string {
	return replay.Cite(rs, key).String()
}

package checks_test

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/handaudit/handaudit/replay"
)

// TestOddChipReadingsHouse: the two readings of TDA 20-A are both accepted
// by default (the fixtures); a house option requires one, and a record that
// follows the other then gets pot.odd-chip saying which reading it followed.
func TestOddChipReadingsHouse(t *testing.T) {
	root := repoRoot(t)
	path := filepath.Join(root, "fixtures", "phh", "pot.odd-chip.phhs")
	for _, c := range []struct {
		rule   replay.OddChipRule
		hand   string
		want   string // "" for no finding, else a phrase of the message
		policy string
	}{
		{replay.OddChipLeftOfButton, "two-odd-chips-all-to-first", "", "either"},
		{replay.OddChipLeftOfButton, "two-odd-chips-one-each", "", "either"},
		{replay.OddChipAllToFirst, "two-odd-chips-all-to-first", "", "all to the first"},
		{replay.OddChipAllToFirst, "two-odd-chips-one-each", "the house requires them all to go to the first winner left of the button", "all to the first"},
		{replay.OddChipOneEach, "two-odd-chips-one-each", "", "one each"},
		{replay.OddChipOneEach, "two-odd-chips-all-to-first", "the house requires one each", "one each"},
		{replay.OddChipOneEach, "two-odd-chips-to-the-button", "Dan was due 11 but got 13", "one each"},
		// A split of one odd chip reads the same either way.
		{replay.OddChipAllToFirst, "odd-chip-left-of-button", "", "all to the first"},
		{replay.OddChipAllToFirst, "odd-chip-to-button", "Cat was due 12 but got 13", "all to the first"},
	} {
		rs := replay.Default()
		rs.OddChip = c.rule
		res := runFixture(t, path, replay.FixedRules(&rs))
		fs := res.byHand[c.hand]
		switch {
		case c.want == "" && len(fs) != 0:
			t.Errorf("%s under %s: %d findings, want none: %v", c.hand, c.policy, len(fs), fs[0].Message)
		case c.want != "" && (len(fs) != 1 || fs[0].CheckID != "pot.odd-chip" || !strings.Contains(fs[0].Message, c.want)):
			t.Errorf("%s under %s: findings %+v, want one pot.odd-chip saying %q", c.hand, c.policy, fs, c.want)
		}
	}
}

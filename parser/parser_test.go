package parser

import "testing"

// TestLimitsNormalized checks that zero limits take the defaults and that
// a line is never allowed more than a hand.
func TestLimitsNormalized(t *testing.T) {
	if d := (Limits{}).Normalized(); d.MaxHandBytes != DefaultMaxHandBytes || d.MaxLineBytes != DefaultMaxLineBytes || d.MaxActions != DefaultMaxActions {
		t.Errorf("zero Limits normalize to %+v", d)
	}
	if d := (Limits{MaxHandBytes: 100, MaxLineBytes: 1000}).Normalized(); d.MaxLineBytes != 100 {
		t.Errorf("a line is never allowed more than a hand: %+v", d)
	}
}

package checks_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/handaudit/handaudit/checks"
)

func TestSelect(t *testing.T) {
	all := len(checks.Catalog())
	tests := []struct {
		only, skip []string
		want       []string // nil: compare count only
		count      int
		err        string
	}{
		{count: all},
		{only: []string{"pot."}, count: 7},
		{only: []string{"pot"}, count: 7},
		{only: []string{"raise.under-minimum"}, want: []string{"raise.under-minimum"}},
		{only: []string{"pot.", "cards."}, skip: []string{"pot.odd-chip"}, count: 8},
		{skip: []string{"showdown."}, count: all - 2},
		{only: []string{"raise.under-minimum", "raise.under-minimum"}, want: []string{"raise.under-minimum"}},
		{only: []string{"raise.under"}, err: "matches no check"},
		{skip: []string{"pots."}, err: "matches no check"},
		{only: []string{""}, err: "empty"},
		{only: []string{"bet"}, want: []string{"bet.wrong-limit-size", "bet.exceeds-stack", "bet.wrong-call-amount"}},
	}
	for _, tc := range tests {
		sel, err := checks.Select(tc.only, tc.skip)
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("Select(%q, %q): error %v, want %q", tc.only, tc.skip, err, tc.err)
			}
			continue
		}
		if err != nil {
			t.Errorf("Select(%q, %q): %v", tc.only, tc.skip, err)
			continue
		}
		ids := sel.IDs()
		if tc.want != nil && !slices.Equal(ids, tc.want) {
			t.Errorf("Select(%q, %q) = %q, want %q", tc.only, tc.skip, ids, tc.want)
		}
		if tc.want == nil && len(ids) != tc.count {
			t.Errorf("Select(%q, %q) selects %d checks, want %d: %q", tc.only, tc.skip, len(ids), tc.count, ids)
		}
		for _, id := range ids {
			if !sel.Has(id) {
				t.Errorf("Has(%q) false for a selected check", id)
			}
		}
	}
	var zero checks.Selection
	if len(zero.IDs()) != all || zero.Empty() {
		t.Error("the zero Selection must select every check")
	}
	none, err := checks.Select(nil, []string{"raise.", "bet.", "action.", "blind.", "bring-in.", "pot.", "showdown.", "cards.", "draw.", "hand.", "session.", "parse."})
	if err != nil || !none.Empty() {
		t.Errorf("skipping every family: Empty() = %v, err %v", none.Empty(), err)
	}
	if zero.Has("no.such-check") {
		t.Error("Has of an unknown ID must be false")
	}
}

func TestCatalogIDs(t *testing.T) {
	want := []string{
		"raise.under-minimum", "raise.not-reopened", "raise.over-pot-limit", "raise.cap-exceeded",
		"bet.wrong-limit-size", "bet.exceeds-stack", "bet.wrong-call-amount", "action.out-of-turn", "action.after-fold",
		"blind.wrong-amount", "bring-in.wrong-player", "bring-in.wrong-amount", "bring-in.illegal-completion",
		"pot.total-mismatch", "pot.side-pot-mismatch", "pot.award-mismatch",
		"pot.odd-chip", "pot.uncalled-not-returned", "pot.rake-mismatch", "pot.implied-rake", "showdown.order",
		"showdown.allin-not-tabled", "cards.duplicate", "cards.wrong-count", "draw.too-many-cards",
		"hand.summary-name-mismatch", "hand.not-replayed", "hand.duplicate-id", "session.stack-discontinuity", "session.button-movement",
		"session.missed-blind", "session.missing-hand", "session.conflicting-duplicate", "parse.error",
	}
	var got []string
	for _, c := range checks.Catalog() {
		got = append(got, c.ID)
		if c.Title == "" || c.Explain == "" {
			t.Errorf("%s: missing title or explanation", c.ID)
		}
		if checks.Lookup(c.ID) != c {
			t.Errorf("Lookup(%q) does not return the catalog entry", c.ID)
		}
	}
	if !slices.Equal(got, want) {
		t.Errorf("catalog IDs\n got %q\nwant %q", got, want)
	}
	if c := checks.Lookup("showdown.order"); c.Severity != checks.Warning {
		t.Errorf("showdown.order severity %v, want warning", c.Severity)
	}
}

package replay

import "testing"

// TestWordingNote: a summary says so and names the rule; a text quoted
// from another version than the one cited names where it is from; a text
// quoted from the cited version needs no note.
func TestWordingNote(t *testing.T) {
	r2019, err := Preset("tda-2019")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		rs        *Ruleset
		key, lang string
		want      string
	}{
		{nil, "reopening", "en", "summary, not the official wording of TDA 2024 Rule 47-A (Reopening the Bet)"},
		{&r2019, "reopening", "en", "summary, not the official wording of TDA 2019 Rule 47 (Reopening the Bet)"},
		{nil, "cards-speak", "en", "wording of TDA 2019 Rule 12"},
		{&r2019, "cards-speak", "en", ""},
		{nil, "cards-speak", "zh", "原文出自 TDA 2015 Rule 12 (Chinese translation)"},
		{nil, "reopening", "zh", "原文出自 TDA 2015 Rule 44 (Chinese translation)"},
	} {
		if got := Cite(tc.rs, tc.key).WordingNote(tc.lang); got != tc.want {
			t.Errorf("%s (%s) %s: %q, want %q", tc.key, Cite(tc.rs, tc.key).Version, tc.lang, got, tc.want)
		}
	}
	// Every citation with a text in a language says whose words they are,
	// unless they are the cited version's own.
	for _, key := range CitationKeys() {
		c := Cite(nil, key)
		if c.TextEN != "" && c.WordingNote("en") == "" && !c.ENSummary && c.wordingSource("en") == "" {
			t.Errorf("%s: English text of unknown source (%q)", key, c.Source)
		}
	}
}

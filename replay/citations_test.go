package replay

import (
	"github.com/handaudit/handaudit/internal/testenv"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode"
)

// sharedDir returns ../shared/<name> relative to the repository root (the
// directory holding go.mod). When it is absent the test is skipped, or
// fails under CI=true.
func sharedDir(t testing.TB, name string) string {
	t.Helper()
	p := filepath.Join(testenv.RepoRoot(t), "..", "shared", name)
	_, err := os.Stat(p)
	testenv.Require(t, err == nil, p+" is absent")
	return p
}

func TestCiteNumbersByVersion(t *testing.T) {
	r24, r19 := ruleset(t, "tda-2024"), ruleset(t, "tda-2019")
	// TDA 2024 numbers as the seeds README gives them; 2019 from seeds 003/004
	// and the cross-references noted in citations.go.
	cases := []struct{ key, n24, n19 string }{
		{"raise-amounts", "43", "46"},
		{"reopening", "47-A", "47"},
		{"reopening-limit", "47-B", "47"},
		{"number-of-raises", "48", "51"},
		{"pot-limit", "54", "53"},
		{"face-up-all-in", "16", "16"},
		{"showdown-order", "17-A", "17-A"},
		{"odd-chips", "20", "20"},
		{"side-pots", "21", "21"},
		{"accounting", "22", "22"},
		{"cards-speak", "12", "12"},
		{"heads-up", "34", "34"},
		{"dead-button", "32", "32"},
		{"fouled-deck", "35-E", "35-E"},
		{"action-in-turn", "53", "41"},
	}
	for _, c := range cases {
		if got := Cite(r24, c.key); got.Number != c.n24 || got.Version != "TDA 2024" {
			t.Errorf("2024 %s: %s", c.key, got)
		}
		if got := Cite(r19, c.key); got.Number != c.n19 || got.Version != "TDA 2019" {
			t.Errorf("2019 %s: %s", c.key, got)
		}
	}
	if got := Cite(r24, "reopening").String(); got != "TDA 2024 Rule 47-A (Reopening the Bet)" {
		t.Errorf("String() = %q", got)
	}
	if got := Cite(r24, "big-blind-ante").String(); got != "TDA 2024 RP-11 (Big Blind Ante)" {
		t.Errorf("String() = %q", got)
	}
	if got := Cite(nil, "uncalled-bet").String(); got != "Poker convention (Uncalled Bets)" {
		t.Errorf("String() = %q", got)
	}
	if got := Cite(r24, "no-such-rule"); !strings.Contains(got.Title, "unknown") {
		t.Errorf("unknown key gives %+v", got)
	}
}

func TestCitationTableComplete(t *testing.T) {
	required := []string{"raise-amounts", "reopening", "reopening-limit", "number-of-raises", "pot-limit",
		"face-up-all-in", "showdown-order", "odd-chips", "side-pots", "accounting", "cards-speak", "heads-up",
		"fouled-deck", "action-in-turn", "table-stakes", "uncalled-bet", "forced-bets"}
	keys := map[string]bool{}
	for _, k := range CitationKeys() {
		if keys[k] {
			t.Errorf("duplicate key %s", k)
		}
		keys[k] = true
	}
	for _, k := range required {
		if !keys[k] {
			t.Errorf("missing citation key %s", k)
		}
	}
	for _, k := range CitationKeys() {
		for _, rs := range []*Ruleset{ruleset(t, "tda-2024"), ruleset(t, "tda-2019")} {
			c := Cite(rs, k)
			if c.Title == "" || c.TextEN == "" || c.TextZH == "" || c.Source == "" {
				t.Errorf("%s (%s): incomplete %+v", k, rs.Name, c)
			}
			if c.Text("zh") != c.TextZH || c.Text("en") != c.TextEN {
				t.Errorf("%s: Text(lang) does not pick the language", k)
			}
		}
	}
}

// TestCitationQuotesMatchSeeds checks that every text not marked as a
// summary is a faithful quotation: it appears in a seed file (whitespace
// ignored, since the seeds wrap lines).
func TestCitationQuotesMatchSeeds(t *testing.T) {
	dir := sharedDir(t, "seeds")
	files, err := filepath.Glob(filepath.Join(dir, "*.txt"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no seed files in %s: %v", dir, err)
	}
	var all strings.Builder
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		all.WriteString(squeeze(string(b)))
	}
	seeds := all.String()
	quoted := 0
	for _, k := range CitationKeys() {
		c := Cite(nil, k)
		if !c.ENSummary {
			quoted++
			if !strings.Contains(seeds, squeeze(c.TextEN)) {
				t.Errorf("%s: English text is not in the seeds: %q", k, c.TextEN)
			}
		}
		if !c.ZHSummary {
			quoted++
			if !strings.Contains(seeds, squeeze(c.TextZH)) {
				t.Errorf("%s: Chinese text is not in the seeds: %q", k, c.TextZH)
			}
		}
	}
	if quoted < 25 {
		t.Errorf("only %d quoted texts", quoted)
	}
}

// squeeze drops all white space, so that wrapped seed text compares with
// the joined quotation.
func squeeze(s string) string {
	return strings.Map(func(r rune) rune {
		if unicode.IsSpace(r) {
			return -1
		}
		return r
	}, s)
}

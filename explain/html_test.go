package explain

import (
	"bytes"
	"html"
	"regexp"
	"strings"
	"testing"

	"github.com/handaudit/handaudit/checks"
	"github.com/handaudit/handaudit/replay"
)

// textSection is the section titled title of a text explanation: its
// lines, indentation removed.
func textSection(text, title string) []string {
	var lines []string
	in := false
	for _, l := range strings.Split(text, "\n") {
		switch {
		case l == title:
			in = true
		case in && l != "" && !strings.HasPrefix(l, " "):
			in = false
		case in:
			if l = strings.TrimSpace(l); l != "" {
				lines = append(lines, l)
			}
		}
	}
	return lines
}

var (
	htmlVerdict = regexp.MustCompile(`(?s)<section id="verdict">\n<h2>[^<]*</h2>\n(.*?)</section>`)
	htmlTags    = regexp.MustCompile(`<[^>]+>`)
)

// htmlSectionText is the text of an HTML section's body, paragraphs
// joined by spaces as unwrap joins lines.
func htmlSectionText(body string) string {
	var parts []string
	for _, l := range strings.Split(strings.TrimSpace(body), "\n") {
		parts = append(parts, strings.TrimSpace(html.UnescapeString(htmlTags.ReplaceAllString(l, ""))))
	}
	return strings.Join(parts, " ")
}

// TestRulingVerdictIsTheText: for every explain case, in its language,
// the ruling's verdict is the text output's verdict word for word, the
// ruling opens with it, and every section of the text has its section in
// the ruling, under the same title.
func TestRulingVerdictIsTheText(t *testing.T) {
	t.Chdir(explainRoot(t))
	for i := range explainCases {
		tc := &explainCases[i]
		if len(tc.compare) > 0 {
			continue
		}
		for _, lang := range []string{"en", "zh"} {
			preset := tc.rules
			if preset == "" {
				preset = replay.DefaultPreset
			}
			e := explainFor(t, tc, preset)
			o := Options{Lang: lang, FailOn: checks.Error, ToolVersion: "test"}
			var text, page bytes.Buffer
			if err := WriteText(&text, e, o); err != nil {
				t.Fatal(err)
			}
			if err := WriteHTML(&page, e, o); err != nil {
				t.Fatal(err)
			}
			checkRuling(t, tc.name+"."+lang, text.String(), page.String(), label(lang, "verdict"))
		}
	}
}

func checkRuling(t *testing.T, name, text, page, verdictTitle string) {
	t.Helper()
	want := textSection(text, verdictTitle)
	m := htmlVerdict.FindStringSubmatch(page)
	if m == nil {
		t.Fatalf("%s: the ruling has no verdict section", name)
	}
	// Wrapped as the text wraps it (Chinese has no spaces to unwrap
	// at), the ruling's verdict is the text's, line for line.
	got := wrap(htmlSectionText(m[1]), textWidth-2)
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("%s: verdict differs from the text's:\n  text: %q\n  html: %q", name, want, got)
	}
	if len(want) == 0 {
		t.Errorf("%s: the text has no verdict", name)
	}
	body := page[strings.Index(page, "<body>"):]
	if first := strings.Index(body, "<section"); first != strings.Index(body, `<section id="verdict">`) {
		t.Errorf("%s: the ruling does not open with the verdict", name)
	}
	// Every section title of the text (a line at column 0 after a blank
	// line) is an h2 of the ruling.
	lines := strings.Split(text, "\n")
	for k := 1; k < len(lines); k++ {
		if lines[k-1] == "" && lines[k] != "" && !strings.HasPrefix(lines[k], " ") {
			if !strings.Contains(page, "<h2>"+html.EscapeString(lines[k])+"</h2>") {
				t.Errorf("%s: the ruling has no section %q", name, lines[k])
			}
		}
	}
}

// TestRulingParseError: a hand that cannot be read is a ruling too: the
// verdict of the text, then the line with the pointer under the fault.
func TestRulingParseError(t *testing.T) {
	t.Chdir(explainRoot(t))
	src, err := Load("explain/testdata/broken.phhs", "broken", 0)
	if err != nil || src.ParseError == nil {
		t.Fatalf("Load: %v, %v", src, err)
	}
	for _, lang := range []string{"en", "zh"} {
		o := Options{Lang: lang, FailOn: checks.Error, ToolVersion: "test"}
		var text, page bytes.Buffer
		if err := WriteParseErrorText(&text, src, o); err != nil {
			t.Fatal(err)
		}
		if err := WriteParseErrorHTML(&page, src, nil, o); err != nil {
			t.Fatal(err)
		}
		checkRuling(t, "parse-error."+lang, text.String(), page.String(), label(lang, "verdict"))
		if !regexp.MustCompile(`<span class="pointer">[\t ]*\^~+</span>`).MatchString(page.String()) {
			t.Errorf("%s: no pointer under the fault:\n%s", lang, page.String())
		}
	}
}

// TestRulingComparison: --compare-rules as HTML lays the differences out
// side by side, one column per ruleset, each cell the text's value.
func TestRulingComparison(t *testing.T) {
	t.Chdir(explainRoot(t))
	tc := &explainCase{file: "fixtures/explain/bb-ante-short.phh"}
	es := []*Explanation{explainFor(t, tc, "tda-2019"), explainFor(t, tc, "tda-2024")}
	o := Options{FailOn: checks.Error, ToolVersion: "test"}
	var page bytes.Buffer
	if err := WriteComparisonHTML(&page, es, o); err != nil {
		t.Fatal(err)
	}
	s := page.String()
	for _, want := range []string{
		"<th>Step</th><th>Ruling</th><th>tda-2019</th><th>tda-2024</th>",
		"<td>#0 line 9  Bob (BB) posts the ante 200</td><td>forced bet due (TDA 2019 RP (Big Blind Ante) · TDA 2024 RP-11 (Big Blind Ante))</td><td>200</td><td>100</td>",
		"ruleset tda-2019 · tda-2024",
	} {
		if !strings.Contains(s, want) {
			t.Errorf("the comparison does not show %q", want)
		}
	}
	if strings.Index(s, `<section id="verdicts">`) > strings.Index(s, `<section id="differences">`) {
		t.Error("the verdicts do not come first")
	}
}

package reports

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/handaudit/handaudit/checks"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/golden")

// golden compares got with testdata/golden/name, or rewrites it with -update.
func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", "golden", name)
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs from the golden file (go test -update rewrites it)\n got:\n%s", name, got)
	}
}

func readOutput(t *testing.T, w Writer, name string, info RunInfo, results []*HandResult) []byte {
	t.Helper()
	dir := t.TempDir()
	writeAll(t, w, dir, info, results)
	b, err := os.ReadFile(filepath.Join(dir, name))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

type sarifLog struct {
	Version string `json:"version"`
	Runs    []struct {
		Results []struct {
			RuleID    string `json:"ruleId"`
			RuleIndex int    `json:"ruleIndex"`
			Level     string `json:"level"`
			Message   struct {
				Text string `json:"text"`
			} `json:"message"`
			Locations []struct {
				PhysicalLocation struct {
					ArtifactLocation struct {
						URI string `json:"uri"`
					} `json:"artifactLocation"`
					Region struct {
						StartLine int `json:"startLine"`
					} `json:"region"`
				} `json:"physicalLocation"`
			} `json:"locations"`
			PartialFingerprints map[string]string `json:"partialFingerprints"`
		} `json:"results"`
		Tool struct {
			Driver struct {
				Name  string `json:"name"`
				Rules []struct {
					ID   string `json:"id"`
					Help struct {
						Text string `json:"text"`
					} `json:"help"`
					DefaultConfiguration struct {
						Level string `json:"level"`
					} `json:"defaultConfiguration"`
				} `json:"rules"`
			} `json:"driver"`
		} `json:"tool"`
	} `json:"runs"`
}

func TestSARIF(t *testing.T) {
	out := readOutput(t, NewSARIF(), "results.sarif", testInfo(), sampleResults())
	golden(t, "sample.sarif", out)
	var log sarifLog
	if err := json.Unmarshal(out, &log); err != nil {
		t.Fatalf("results.sarif is not JSON: %v", err)
	}
	if log.Version != "2.1.0" || len(log.Runs) != 1 {
		t.Fatalf("version %q, %d runs", log.Version, len(log.Runs))
	}
	run := log.Runs[0]
	if len(run.Results) != 5 {
		t.Fatalf("%d results, want 5", len(run.Results))
	}
	rules := run.Tool.Driver.Rules
	if len(rules) != len(testChecks)+1 || rules[4].ID != "unknown.check" {
		t.Fatalf("rules: %+v", rules)
	}
	if !strings.Contains(rules[0].Help.Text, "A raise must be at least") || rules[0].DefaultConfiguration.Level != "error" {
		t.Errorf("rule 0: %+v", rules[0])
	}
	wantLevel := map[string]string{"raise.under-minimum": "error", "stack.finish-mismatch": "warning",
		"pot.total-mismatch": "error", "showdown.order": "note", "unknown.check": "warning"}
	seen := map[string]bool{}
	for i, r := range run.Results {
		if rules[r.RuleIndex].ID != r.RuleID {
			t.Errorf("result %d: ruleIndex %d is %s, not %s", i, r.RuleIndex, rules[r.RuleIndex].ID, r.RuleID)
		}
		if r.Level != wantLevel[r.RuleID] {
			t.Errorf("result %d (%s): level %s", i, r.RuleID, r.Level)
		}
		fp := r.PartialFingerprints["handaudit/v1"]
		if len(fp) != 32 || seen[fp] {
			t.Errorf("result %d: fingerprint %q not unique", i, fp)
		}
		seen[fp] = true
	}
	loc := run.Results[0].Locations[0].PhysicalLocation
	if loc.ArtifactLocation.URI != "logs/day1.txt" || loc.Region.StartLine != 33 {
		t.Errorf("result 0 location: %+v", loc)
	}
	if u := run.Results[1].Locations[0].PhysicalLocation.ArtifactLocation.URI; u != "logs/day2%20%3Cb%3E.txt" {
		t.Errorf("escaped URI: %q", u)
	}
	// Most severe first, input order within a severity.
	var levels []string
	for _, r := range run.Results {
		levels = append(levels, r.RuleID)
	}
	if got := strings.Join(levels, " "); got != "raise.under-minimum pot.total-mismatch stack.finish-mismatch unknown.check showdown.order" {
		t.Errorf("result order: %s", got)
	}
}

func TestSARIFMaxResults(t *testing.T) {
	w := NewSARIF()
	w.MaxResults = 3
	out := readOutput(t, w, "results.sarif", testInfo(), sampleResults())
	var log struct {
		Runs []struct {
			Results []struct {
				RuleID string `json:"ruleId"`
			} `json:"results"`
			Invocations []struct {
				Notifications []struct {
					Message struct {
						Text string `json:"text"`
					} `json:"message"`
				} `json:"toolExecutionNotifications"`
			} `json:"invocations"`
			Properties map[string]any `json:"properties"`
		} `json:"runs"`
	}
	if err := json.Unmarshal(out, &log); err != nil {
		t.Fatal(err)
	}
	run := log.Runs[0]
	if len(run.Results) != 3 || run.Results[2].RuleID != "stack.finish-mismatch" {
		t.Errorf("results kept: %+v", run.Results)
	}
	if run.Properties["handaudit.results_omitted"] != float64(2) || len(run.Invocations[0].Notifications) != 1 ||
		!strings.HasPrefix(run.Invocations[0].Notifications[0].Message.Text, "2 findings beyond the limit of 3") {
		t.Errorf("omission not reported: %+v %+v", run.Properties, run.Invocations)
	}
}

// validateSARIF runs the ajv validator on path with the vendored schema.
func validateSARIF(t *testing.T, path string) (bool, string) {
	t.Helper()
	node, dir := nodeModule(t)
	schema, _ := filepath.Abs(filepath.Join("testdata", "sarif-schema-2.1.0.json"))
	cmd := exec.Command(node, filepath.Join(dir, "validate_sarif.mjs"), schema, path)
	cmd.Dir = dir
	out, err := cmd.CombinedOutput()
	if err != nil {
		if _, ok := err.(*exec.ExitError); !ok {
			t.Fatalf("validator: %v", err)
		}
	}
	return err == nil && strings.TrimSpace(string(out)) == "valid", string(out)
}

// TestSARIFSchema validates the SARIF output against the official SARIF
// 2.1.0 schema, and checks that the validator rejects a broken log.
func TestSARIFSchema(t *testing.T) {
	nodeModule(t)
	dir := t.TempDir()
	results := append(sampleResults(), manyResults(200, 3)...)
	results = append(results, &HandResult{File: "/abs/path/with:colon.txt", Line: 7, Status: StatusParseError, Error: "bad",
		Findings: []checks.Finding{{CheckID: "parse.error", Severity: checks.Error, Message: "could not parse", ActionIndex: -1}}})
	capped := NewSARIF()
	capped.MaxResults = 50 // also validate the omission notification
	writeAll(t, capped, dir, testInfo(), results)
	path := filepath.Join(dir, "results.sarif")
	if ok, out := validateSARIF(t, path); !ok {
		t.Fatalf("results.sarif does not validate:\n%s", out)
	}
	zh := testInfo()
	zh.Lang = "zh"
	writeAll(t, NewSARIF(), dir, zh, results)
	if ok, out := validateSARIF(t, path); !ok {
		t.Fatalf("results.sarif (zh) does not validate:\n%s", out)
	}

	// The validator must catch a broken log: a result level SARIF does not know.
	b, _ := os.ReadFile(path)
	bad := filepath.Join(dir, "bad.sarif")
	if err := os.WriteFile(bad, bytes.Replace(b, []byte(`"level":"error"`), []byte(`"level":"fatal"`), 1), 0o644); err != nil {
		t.Fatal(err)
	}
	if ok, _ := validateSARIF(t, bad); ok {
		t.Error("validator accepted a result with level \"fatal\"")
	}
}

type junitSuites struct {
	Tests    int `xml:"tests,attr"`
	Failures int `xml:"failures,attr"`
	Errors   int `xml:"errors,attr"`
	Skipped  int `xml:"skipped,attr"`
	Suites   []struct {
		Name     string `xml:"name,attr"`
		Tests    int    `xml:"tests,attr"`
		Failures int    `xml:"failures,attr"`
		Errors   int    `xml:"errors,attr"`
		Skipped  int    `xml:"skipped,attr"`
		Cases    []struct {
			Name    string `xml:"name,attr"`
			File    string `xml:"file,attr"`
			Line    int    `xml:"line,attr"`
			Failure *struct {
				Type    string `xml:"type,attr"`
				Message string `xml:"message,attr"`
				Body    string `xml:",chardata"`
			} `xml:"failure"`
			Error *struct {
				Message string `xml:"message,attr"`
			} `xml:"error"`
			Skipped *struct {
				Message string `xml:"message,attr"`
			} `xml:"skipped"`
			SystemOut string `xml:"system-out"`
		} `xml:"testcase"`
	} `xml:"testsuite"`
}

func TestJUnit(t *testing.T) {
	out := readOutput(t, NewJUnit(), "junit.xml", testInfo(), sampleResults())
	golden(t, "sample.junit.xml", out)
	var s junitSuites
	if err := xml.Unmarshal(out, &s); err != nil {
		t.Fatalf("junit.xml does not parse: %v", err)
	}
	// day1: H-1002 (fails: error + warning), the parse error (skipped: no
	// parse.error finding, as when --skip leaves it out), 1 clean hand.
	// day2: the XSS hand (fails: error; info below FailOn), H-2002 (fails: warning).
	if len(s.Suites) != 2 || s.Tests != 5 || s.Failures != 3 || s.Errors != 0 || s.Skipped != 1 {
		t.Fatalf("suites %d, tests %d, failures %d, errors %d, skipped %d; want 2, 5, 3, 0, 1", len(s.Suites), s.Tests, s.Failures, s.Errors, s.Skipped)
	}
	day1 := s.Suites[0]
	if day1.Name != "logs/day1.txt" || day1.Tests != 3 || day1.Failures != 1 || day1.Errors != 0 || day1.Skipped != 1 {
		t.Errorf("day1 suite: %+v", day1)
	}
	if c := day1.Cases[0]; c.Failure == nil || c.Failure.Type != "raise.under-minimum" || !strings.Contains(c.Failure.Body, "stack.finish-mismatch") || c.Line != 30 {
		t.Errorf("H-1002 case: %+v", c)
	}
	if c := day1.Cases[2]; c.Name != "hands without findings: 1" || c.Failure != nil {
		t.Errorf("clean case: %+v", c)
	}
	day2 := s.Suites[1]
	if c := day2.Cases[0]; c.Name != "hand "+xssHandID+" (line 1)" || !strings.Contains(c.SystemOut, "showdown.order") || strings.Contains(c.Failure.Body, "showdown.order") {
		t.Errorf("XSS hand case: %+v", c)
	}

	// FailOn error: warnings no longer fail.
	info := testInfo()
	info.FailOn = checks.Error
	var s2 junitSuites
	if err := xml.Unmarshal(readOutput(t, NewJUnit(), "junit.xml", info, sampleResults()), &s2); err != nil {
		t.Fatal(err)
	}
	if s2.Failures != 2 {
		t.Errorf("FailOn error: %d failures, want 2", s2.Failures)
	}
}

// TestJUnitUnreadOnce: a hand that could not be read is one <error>, its
// parse.error (or internal.error) finding not also a <failure>, whatever
// its severity against FailOn; without that finding (parse.error not
// selected) it is <skipped>; an input in a format not read is a suite
// with one skipped case; a finding of another check on the same case
// still fails it.
func TestJUnitUnreadOnce(t *testing.T) {
	pe := checks.Finding{CheckID: "parse.error", Severity: checks.Error, Message: "line 3: no seat", File: "a.txt", Line: 3, ActionIndex: -1}
	ie := checks.Finding{CheckID: "internal.error", Severity: checks.Error, Message: "internal error while reading", File: "a.txt", ActionIndex: -1}
	other := checks.Finding{CheckID: "pot.total-mismatch", Severity: checks.Error, Message: "pot", File: "a.txt", Line: 9, ActionIndex: -1}
	results := []*HandResult{
		{File: "a.txt", Line: 3, Status: StatusParseError, Error: "line 3: no seat", Findings: []checks.Finding{pe}},
		{File: "a.txt", Line: 7, Status: StatusParseError, Error: "internal error while reading", Findings: []checks.Finding{ie}},
		{File: "a.txt", Line: 9, Status: StatusParseError, Error: "cannot read a.txt: I/O", Findings: []checks.Finding{pe, other}},
		{File: "a.txt", Line: 12, Status: StatusParseError, Error: "line 12: cancelled hand"},
	}
	info := testInfo()
	info.FailOn = checks.Info
	var s junitSuites
	w := NewJUnit()
	w.SetNotAudited([]NotAudited{
		{Name: "in/feed.fifo", Reason: "not a regular file", Detail: "FIFO"},
		{Name: "b.xml", Reason: "format not read", Unsupported: true, Format: "iPoker XML", Hands: 3},
	})
	out := readOutput(t, w, "junit.xml", info, results)
	if err := xml.Unmarshal(out, &s); err != nil {
		t.Fatalf("junit.xml does not parse: %v\n%s", err, out)
	}
	if s.Tests != 5 || s.Errors != 3 || s.Failures != 1 || s.Skipped != 2 {
		t.Fatalf("tests %d, errors %d, failures %d, skipped %d; want 5, 3, 1, 2\n%s", s.Tests, s.Errors, s.Failures, s.Skipped, out)
	}
	cases := s.Suites[0].Cases
	for i, c := range cases[:3] {
		if c.Error == nil || (i < 2) != (c.Failure == nil) {
			t.Errorf("case %d: error %v, failure %v", i, c.Error, c.Failure)
		}
	}
	if c := cases[2]; c.Failure == nil || c.Failure.Type != "pot.total-mismatch" || strings.Contains(c.Failure.Body, "parse.error") {
		t.Errorf("the unread hand's other finding: %+v", c.Failure)
	}
	if c := cases[3]; c.Error != nil || c.Skipped == nil || !strings.Contains(c.Skipped.Message, "cancelled hand") {
		t.Errorf("a parse error without its finding: %+v", c)
	}
	if len(s.Suites) != 2 || s.Suites[1].Name != "b.xml" {
		t.Fatalf("suites: %+v (the unsupported input has one, the FIFO none)", s.Suites)
	}
	if c := s.Suites[1].Cases[0]; c.Skipped == nil || c.Skipped.Message != "iPoker XML: not read by handaudit; 3 hands (counted by their headers) not audited" ||
		c.Error != nil || c.Failure != nil {
		t.Errorf("an unsupported input: %+v", c)
	}
	if s.Suites[1].Skipped != 1 || s.Suites[0].Skipped != 1 || s.Suites[0].Errors != 3 {
		t.Errorf("suites: %+v", s.Suites)
	}
}

func TestConsole(t *testing.T) {
	var buf bytes.Buffer
	c := NewConsole(&buf)
	writeAll(t, c, t.TempDir(), testInfo(), sampleResults())
	golden(t, "sample.console.txt", buf.Bytes())
	if !c.Failed() {
		t.Error("run with errors at FailOn warning did not fail")
	}
	// Hands audited: the four read and replayed, as the HTML report and the
	// run's summary count them; the parse error apart.
	for _, want := range []string{"Hands audited: 4", "Parse errors                      1", "Findings: 5  (error 2, warning 2, info 1)", "FAIL"} {
		if !strings.Contains(buf.String(), want) {
			t.Errorf("summary lacks %q:\n%s", want, buf.String())
		}
	}
	clean := NewConsole(&bytes.Buffer{})
	writeAll(t, clean, t.TempDir(), testInfo(), sampleResults()[:1])
	if clean.Failed() {
		t.Error("a clean run failed")
	}
}

package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestCountsAgree: one run over the fixtures (parse errors, inputs not
// audited, every severity) counts its hands, parse errors and findings
// the same in every output: the summary JSON, the manifest, the HTML
// report's cards, the tables' row counts, SARIF, and the text summary.
func TestCountsAgree(t *testing.T) {
	chdirRoot(t)
	dir := t.TempDir()
	out := filepath.Join(dir, "out")
	var stdout, stderr bytes.Buffer
	code := realMain([]string{"run", "fixtures", "--out", out, "--format", "parquet,html,jsonl,arrow,sarif,junit",
		"--summary", filepath.Join(dir, "summary.json"), "--progress", "never"}, &stdout, &stderr)
	if code != exitFindings {
		t.Fatalf("exit %d, want %d\n%s", code, exitFindings, stderr.String())
	}
	var sum struct {
		Hands       int64 `json:"hands"`
		ParseErrors int64 `json:"parse_errors"`
	}
	readJSON(t, filepath.Join(dir, "summary.json"), &sum)
	var man struct {
		Totals struct {
			Hands       int64            `json:"hands"`
			ParseErrors int64            `json:"parse_errors"`
			Findings    int64            `json:"findings"`
			BySeverity  map[string]int64 `json:"by_severity"`
		} `json:"totals"`
		Outputs []struct {
			Path string `json:"path"`
			Rows *int64 `json:"rows"`
		} `json:"outputs"`
	}
	readJSON(t, filepath.Join(out, "manifest.json"), &man)
	tot := man.Totals
	if sum.ParseErrors == 0 || tot.BySeverity["warning"] == 0 || tot.BySeverity["info"] == 0 {
		t.Fatalf("the fixtures should have parse errors and findings of every severity: %+v", tot)
	}
	if tot.Hands != sum.Hands || tot.ParseErrors != sum.ParseErrors {
		t.Errorf("manifest: %d hands, %d parse errors; summary: %d, %d", tot.Hands, tot.ParseErrors, sum.Hands, sum.ParseErrors)
	}
	findings := tot.BySeverity["error"] + tot.BySeverity["warning"] + tot.BySeverity["info"]
	if findings != tot.Findings {
		t.Errorf("manifest: %d findings, %d by severity", tot.Findings, findings)
	}
	for _, o := range man.Outputs {
		want := int64(-1)
		switch {
		case strings.HasPrefix(o.Path, "hands."):
			want = sum.Hands + sum.ParseErrors // a row per hand read or not
		case strings.HasPrefix(o.Path, "findings."):
			want = findings
		}
		if want >= 0 && (o.Rows == nil || *o.Rows != want) {
			t.Errorf("%s: rows %v, want %d", o.Path, o.Rows, want)
		}
	}

	page, err := os.ReadFile(filepath.Join(out, "report.html"))
	if err != nil {
		t.Fatal(err)
	}
	card := func(id string) string {
		m := regexp.MustCompile(`id="` + id + `"><div class="n">([0-9,]+)<`).FindSubmatch(page)
		if m == nil {
			t.Fatalf("no card %s", id)
		}
		return strings.ReplaceAll(string(m[1]), ",", "")
	}
	for id, want := range map[string]int64{"count-hands": sum.Hands, "count-parse-errors": sum.ParseErrors,
		"count-findings": findings, "count-error": tot.BySeverity["error"], "count-warning": tot.BySeverity["warning"],
		"count-info": tot.BySeverity["info"]} {
		if got := card(id); got != fmt.Sprint(want) {
			t.Errorf("report.html %s: %s, want %d", id, got, want)
		}
	}

	var sarif struct {
		Runs []struct {
			Results []json.RawMessage `json:"results"`
		} `json:"runs"`
	}
	readJSON(t, filepath.Join(out, "results.sarif"), &sarif)
	n := 0
	for _, r := range sarif.Runs {
		n += len(r.Results)
	}
	if int64(n) != findings {
		t.Errorf("SARIF: %d results, want %d", n, findings)
	}

	text := stdout.String() + stderr.String()
	for _, want := range []string{fmt.Sprintf("%d hands", sum.Hands), fmt.Sprintf("%d parse errors", sum.ParseErrors)} {
		if !strings.Contains(text, want) {
			t.Errorf("the text summary lacks %q:\n%s", want, text)
		}
	}
}

func readJSON(t *testing.T, name string, v any) {
	t.Helper()
	b, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, v); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
}

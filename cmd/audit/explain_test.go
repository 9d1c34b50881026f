package main

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
)

// runExplain runs `audit explain ARGS` and returns the exit code, stdout and stderr.
func runExplain(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	code := realMain(append([]string{"explain"}, args...), &out, &errb)
	return code, out.String(), errb.String()
}

const fx = "../../fixtures/explain/"

func TestExplainExitCodes(t *testing.T) {
	cases := []struct {
		name string
		args []string
		code int
		out  []string // stdout contains
		err  []string // stderr contains
	}{
		{"clean hand", []string{fx + "clean.phh"}, exitOK, []string{"Hand clean", "Clean: the record follows the rules (TDA 2024)"}, nil},
		{"findings", []string{fx + "wrong-award.txt", "--hand", "300000009201"}, exitFindings, []string{"Bob is owed $33.50"}, nil},
		{"warning below fail-on", []string{fx + "showdown-order.phh"}, exitOK, []string{"! warning showdown.order"}, nil},
		{"warning at fail-on", []string{fx + "showdown-order.phh", "--fail-on", "warning"}, exitFindings, nil, nil},
		{"skip the check", []string{fx + "wrong-award.txt", "--skip", "pot."}, exitOK, []string{"Findings (0)"}, nil},
		{"by line", []string{fx + "tda-reopening.phhs", "--line", "100"}, exitFindings, []string{"Hand short-all-in-no-reopen"}, nil},
		{"house file", []string{fx + "odd-chip-1000.phh", "--house", fx + "house-smallest-chip-10.toml"}, exitOK, []string{"C $340"}, nil},
		{"no house file", []string{fx + "odd-chip-1000.phh"}, exitFindings, []string{"C $334"}, nil},
		{"2019 rules", []string{fx + "tda-reopening.phhs", "--hand", "short-all-in-no-reopen", "--rules", "tda-2019"}, exitFindings,
			[]string{"TDA 2019 Rule 47 (Reopening the Bet)"}, nil},
		{"compare", []string{fx + "bb-ante-short.phh", "--compare-rules", "tda-2019,tda-2024"}, exitFindings,
			[]string{"Rulings compared: tda-2019 · tda-2024", "tda-2019: Clean"}, nil},
		{"chinese", []string{fx + "clean.phh", "--lang", "zh"}, exitOK, []string{"结论", "无问题"}, nil},
		{"no such hand", []string{fx + "tda-reopening.phhs", "--hand", "nope"}, exitUsage, nil,
			[]string{`no hand with ID "nope"`, "the file has 5 hands", "reopening-ex1-1a"}},
		{"several hands, none chosen", []string{fx + "tda-reopening.phhs"}, exitUsage, nil, []string{"give --hand ID or --line N"}},
		{"both hand and line", []string{fx + "clean.phh", "--hand", "clean", "--line", "3"}, exitUsage, nil, []string{"not both"}},
		{"bad preset", []string{fx + "clean.phh", "--rules", "tda-1999"}, exitUsage, nil, []string{"unknown ruleset preset"}},
		{"bad format", []string{fx + "clean.phh", "--format", "pdf"}, exitUsage, nil, nil},
		{"no file", []string{}, exitUsage, nil, []string{"exactly one FILE"}},
		{"missing file", []string{fx + "no-such-file.phh"}, exitIO, nil, []string{"no-such-file.phh"}},
		{"parse error", []string{"../../explain/testdata/broken.phhs", "--hand", "broken"}, exitFindings,
			[]string{"Parse error", "broken.phhs:26", "^~\n", `Check "p7" in the record`}, nil},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			code, out, errs := runExplain(t, tc.args...)
			if code != tc.code {
				t.Errorf("exit %d, want %d\nstdout:\n%s\nstderr:\n%s", code, tc.code, out, errs)
			}
			for _, w := range tc.out {
				if !strings.Contains(out, w) {
					t.Errorf("stdout lacks %q", w)
				}
			}
			for _, w := range tc.err {
				if !strings.Contains(errs, w) {
					t.Errorf("stderr lacks %q: %s", w, errs)
				}
			}
			if strings.Contains(out, "\x1b[") {
				t.Error("colour written to a buffer that is not a terminal")
			}
		})
	}
}

func TestExplainFormats(t *testing.T) {
	code, out, _ := runExplain(t, fx+"run-it-twice.txt", "--format", "json")
	if code != exitOK {
		t.Fatalf("exit %d", code)
	}
	var doc struct {
		Schema string `json:"schema"`
		Scale  int64  `json:"scale"`
		Trace  struct {
			Awards []struct {
				Board  int   `json:"board"`
				Amount int64 `json:"amount"`
			} `json:"awards"`
		} `json:"trace"`
	}
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatal(err)
	}
	if doc.Schema != "handaudit.explain/1" || doc.Scale != 100 || len(doc.Trace.Awards) != 2 ||
		doc.Trace.Awards[0].Amount != 1003 || doc.Trace.Awards[1].Amount != 1002 {
		t.Errorf("json: %+v, want two runs of 1003 and 1002 cents", doc)
	}

	code, out, _ = runExplain(t, fx+"wrong-award.txt", "--format", "html")
	if code != exitFindings || !strings.HasPrefix(out, "<!DOCTYPE html>") || !strings.Contains(out, `<section id="verdict">`) {
		t.Errorf("html: exit %d, want a ruling that opens with the verdict", code)
	}

	code, out, _ = runExplain(t, fx+"wrong-award.txt", "--color", "always")
	if code != exitFindings || !strings.Contains(out, "\x1b[31m") {
		t.Errorf("--color always: exit %d, no red escape", code)
	}
}

//go:build unix

package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestSkipParseError: --skip parse.error and --only apply to hands that
// cannot be read, as to any check: the hand is still a parse-error row,
// counted as a parse error, but raises no finding and does not fail the
// run; by default it does. JUnit counts it once, as an <error>, or as
// <skipped> when parse.error is not selected. audit explain follows the
// same selection.
func TestSkipParseError(t *testing.T) {
	chdirRoot(t)
	dir := t.TempDir()
	for _, tc := range []struct {
		name     string
		flags    []string
		exit     int
		findings bool
	}{
		{"default", nil, exitFindings, true},
		{"skip", []string{"--skip", "parse.error"}, exitOK, false},
		{"only", []string{"--only", "pot."}, exitOK, false},
		{"only parse", []string{"--only", "parse.error"}, exitFindings, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out := filepath.Join(dir, tc.name)
			sum := filepath.Join(dir, tc.name+".json")
			var stdout, stderr bytes.Buffer
			args := append([]string{"run", "--out", out, "--format", "parquet,jsonl,junit", "--summary", sum, "--progress", "never",
				"fixtures/bad/empty.txt"}, tc.flags...)
			if code := realMain(args, &stdout, &stderr); code != tc.exit {
				t.Errorf("exit %d, want %d\n%s", code, tc.exit, stderr.String())
			}
			b, _ := os.ReadFile(sum)
			if !strings.Contains(string(b), `"parse_errors": 1,`) {
				t.Errorf("summary does not count the parse error:\n%s", b)
			}
			jl, _ := os.ReadFile(filepath.Join(out, "findings.jsonl"))
			if got := strings.Contains(string(jl), `"check_id":"parse.error"`); got != tc.findings {
				t.Errorf("findings.jsonl has a parse.error finding: %v, want %v\n%s", got, tc.findings, jl)
			}
			rows := outcome(t, out)["fixtures/bad/empty.txt"]
			if len(rows) == 0 || rows[0] != "hand @1 parse-error" {
				t.Errorf("hands.parquet has no parse-error row: %q", rows)
			}
			ju, _ := os.ReadFile(filepath.Join(out, "junit.xml"))
			want := `errors="1" skipped="0"`
			if !tc.findings {
				want = `errors="0" skipped="1"`
			}
			if !strings.Contains(string(ju), `<testsuites name="handaudit" tests="1" failures="0" `+want) {
				t.Errorf("junit.xml does not count the parse error once (%s):\n%s", want, ju)
			}
			if !tc.findings && !strings.Contains(stderr.String(), "not reported as findings") {
				t.Errorf("no warning that parse errors are not findings:\n%s", stderr.String())
			}
		})
	}
	var stdout, stderr bytes.Buffer
	if code := realMain([]string{"explain", "fixtures/bad/empty.txt", "--line", "1"}, &stdout, &stderr); code != exitFindings {
		t.Errorf("explain a parse error: exit %d\n%s", code, stderr.String())
	}
	if code := realMain([]string{"explain", "fixtures/bad/empty.txt", "--line", "1", "--skip", "parse.error"}, &stdout, &stderr); code != exitOK {
		t.Errorf("explain a parse error with --skip parse.error: exit %d\n%s", code, stderr.String())
	}
}

// TestUnsupportedInput names a file in no format handaudit reads beside a
// good one: it is not a parse error but an unsupported input, counted
// apart in the summary, the manifest, the HTML report (its own card and
// row) and JUnit (a skipped case), and the run exits 5, not 1: a nightly
// job tells "we cannot read this" from "violations found".
func TestUnsupportedInput(t *testing.T) {
	chdirRoot(t)
	dir := t.TempDir()
	out := filepath.Join(dir, "out")
	sum := filepath.Join(dir, "summary.json")
	var stdout, stderr bytes.Buffer
	code := realMain([]string{"run", "--out", out, "--format", "parquet,jsonl,html,junit", "--summary", sum, "--progress", "never",
		"fixtures/bad/binary-garbage.bin", "fixtures/phh/showdown.order.phhs", "--fail-on", "none"}, &stdout, &stderr)
	if code != exitUnsupported {
		t.Errorf("exit %d, want %d\n%s", code, exitUnsupported, stderr.String())
	}
	b, _ := os.ReadFile(sum)
	for _, want := range []string{`"parse_errors": 0,`, `"unsupported": {
    "inputs": 1,
    "hands": 0,
    "formats": {
      "format not recognised": {`} {
		if !strings.Contains(string(b), want) {
			t.Errorf("summary lacks %q:\n%s", want, b)
		}
	}
	if got := outcome(t, out)["fixtures/bad/binary-garbage.bin"]; len(got) != 0 {
		t.Errorf("the unsupported input has rows: %q", got)
	}
	page, _ := os.ReadFile(filepath.Join(out, "report.html"))
	for _, want := range []string{`id="count-not-read"`, "<tr><td>fixtures/bad/binary-garbage.bin</td><td>format not read</td><td>format not recognised</td><td>0</td></tr>"} {
		if !strings.Contains(string(page), want) {
			t.Errorf("report.html lacks %q", want)
		}
	}
	ju, _ := os.ReadFile(filepath.Join(out, "junit.xml"))
	if !strings.Contains(string(ju), `<testsuite name="fixtures/bad/binary-garbage.bin" tests="1" failures="0" errors="0" skipped="1"`) {
		t.Errorf("junit.xml has no skipped suite for the unsupported input:\n%s", ju)
	}
	m, _ := os.ReadFile(filepath.Join(out, "manifest.json"))
	if !strings.Contains(string(m), `"unsupported": "format not recognised"`) || !strings.Contains(string(m), `"unsupported_inputs": 1,`) {
		t.Errorf("manifest does not name the unsupported input:\n%s", m)
	}
}

// TestRecognisedFormats audits a folder holding a PokerStars log beside
// logs of formats handaudit recognises but does not read: each of those is
// named as what it is, its hands counted by their headers, and reported
// apart from parse errors (summary, manifest, HTML, JUnit), whether named
// or found in the folder; the run exits 5.
func TestRecognisedFormats(t *testing.T) {
	chdirRoot(t)
	dir := t.TempDir()
	in := filepath.Join(dir, "in")
	os.MkdirAll(in, 0o755)
	bovada := "Bovada Hand #3762323612 TBL#20395476 HOLDEM No Limit - 2019-05-23 09:14:55\nSeat 1: UTG ($25 in chips)\n\n" +
		"Bovada Hand #3762323613 TBL#20395476 HOLDEM No Limit - 2019-05-23 09:15:40\n\n" +
		"Bovada Hand #3762323614 TBL#20395476 HOLDEM No Limit - 2019-05-23 09:16:02\n"
	merge := `<description type="Holdem" stakes="No Limit ($0.05/$0.10)"/>` + "\n" +
		`<game id="53363692-2070" starttime="20120417015848" numholecards="2" gametype="2" seats="9" realmoney="true">` + "\n</game>\n"
	os.WriteFile(filepath.Join(in, "bovada.txt"), []byte(bovada), 0o644)
	os.WriteFile(filepath.Join(in, "merge.xml"), []byte(merge), 0o644)
	copyFileT(t, "fixtures/pokerstars/pot.odd-chip.txt", filepath.Join(in, "stars.txt"))
	out := filepath.Join(dir, "out")
	sum := filepath.Join(dir, "summary.json")
	var stdout, stderr bytes.Buffer
	code := realMain([]string{"run", "--out", out, "--format", "parquet,jsonl,html,junit", "--summary", sum, "--progress", "never", in}, &stdout, &stderr)
	if code != exitUnsupported {
		t.Errorf("exit %d, want %d\n%s", code, exitUnsupported, stderr.String())
	}
	b, _ := os.ReadFile(sum)
	for _, want := range []string{`"inputs": 2,
    "hands": 4,`, `"Bovada text": {
        "inputs": 1,
        "hands": 3
      }`, `"Merge XML": {
        "inputs": 1,
        "hands": 1
      }`, `"parse_errors": 0,`} {
		if !strings.Contains(string(b), want) {
			t.Errorf("summary lacks %q:\n%s", want, b)
		}
	}
	page, _ := os.ReadFile(filepath.Join(out, "report.html"))
	for _, want := range []string{
		"<tr><td>" + filepath.Join(in, "bovada.txt") + "</td><td>format not read</td><td>Bovada text</td><td>3</td></tr>",
		"<tr><td>" + filepath.Join(in, "merge.xml") + "</td><td>format not read</td><td>Merge XML</td><td>1</td></tr>",
		`id="count-not-read"><div class="n">4<`} {
		if !strings.Contains(string(page), want) {
			t.Errorf("report.html lacks %q", want)
		}
	}
	ju, _ := os.ReadFile(filepath.Join(out, "junit.xml"))
	if !strings.Contains(string(ju), `<skipped message="Bovada text: not read by handaudit; 3 hands (counted by their headers) not audited"/>`) {
		t.Errorf("junit.xml does not skip the Bovada hands:\n%s", ju)
	}
	if !strings.Contains(stderr.String(), `format="Bovada text" hands=3`) {
		t.Errorf("the log does not name the format:\n%s", stderr.String())
	}
}

func copyFileT(t *testing.T, from, to string) {
	t.Helper()
	b, err := os.ReadFile(from)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(to, b, 0o644); err != nil {
		t.Fatal(err)
	}
}

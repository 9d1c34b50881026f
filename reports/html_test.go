package reports

import (
	"bytes"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/handaudit/handaudit/hand"
)

func writeHTML(t *testing.T, opts HTMLOptions, info RunInfo, results []*HandResult) string {
	t.Helper()
	dir := t.TempDir()
	writeAll(t, NewHTML(opts), dir, info, results)
	b, err := os.ReadFile(filepath.Join(dir, "report.html"))
	if err != nil {
		t.Fatal(err)
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 {
		t.Errorf("out dir holds %d entries after Close, want only report.html", len(entries))
	}
	return string(b)
}

// scriptBlock returns the text of <script type="application/json" id=id>.
func scriptBlock(t *testing.T, page, id string) string {
	t.Helper()
	open := `<script type="application/json" id="` + id + `">`
	i := strings.Index(page, open)
	if i < 0 {
		t.Fatalf("no script block %q", id)
	}
	rest := page[i+len(open):]
	j := strings.Index(rest, "</script>")
	return rest[:j]
}

type reportData struct {
	Lang     string              `json:"lang"`
	Labels   map[string]string   `json:"labels"`
	Rules    [][2]string         `json:"rules"`
	S        []string            `json:"s"`
	Total    int                 `json:"total"`
	Views    int                 `json:"views"`
	Hands    [][]json.RawMessage `json:"hands"`
	Findings [][]json.RawMessage `json:"findings"`
}

func TestHTMLEscapingAndCSP(t *testing.T) {
	page := writeHTML(t, HTMLOptions{}, testInfo(), sampleResults())

	// No payload survives as markup anywhere in the file.
	for _, bad := range []string{"<img", "<svg onload", "<iframe", "<script>window.__xss", "<script>parent.__xss", "<b>.txt", "<!-- </script>"} {
		if strings.Contains(page, bad) {
			t.Errorf("page contains raw %q", bad)
		}
	}
	// Exactly the data block, three hand views and the report script.
	if n := strings.Count(page, "<script"); n != 5 {
		t.Errorf("%d <script> tags, want 5", n)
	}
	if n := strings.Count(page, "</script>"); n != 5 {
		t.Errorf("%d </script> tags, want 5 (data must not close a script early)", n)
	}

	// The policy allows exactly the inline script and style, by hash, and no network.
	m := regexp.MustCompile(`<meta http-equiv="Content-Security-Policy" content="([^"]+)">`).FindStringSubmatch(page)
	if m == nil {
		t.Fatal("no Content-Security-Policy meta")
	}
	csp := strings.ReplaceAll(m[1], "&#39;", "'")
	if !strings.HasPrefix(csp, "default-src 'none';") || strings.Contains(csp, "unsafe") {
		t.Errorf("CSP %q", csp)
	}
	lastScript := page[strings.LastIndex(page, "<script>")+len("<script>"):]
	lastScript = lastScript[:strings.Index(lastScript, "</script>")]
	style := page[strings.Index(page, "<style>")+len("<style>"):]
	style = style[:strings.Index(style, "</style>")]
	for what, body := range map[string]string{"script-src": lastScript, "style-src": style} {
		sum := sha256.Sum256([]byte(body))
		want := what + " 'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) + "'"
		if !strings.Contains(csp, want) {
			t.Errorf("CSP lacks %s", want)
		}
	}
	// Nothing is loaded from anywhere: the only URL attribute is the empty data: icon.
	attr := regexp.MustCompile(`\s(?:src|href|action|srcset|data|formaction)=("[^"]*"|[^\s>]+)`)
	for _, tag := range regexp.MustCompile(`<[a-zA-Z][^>]*>`).FindAllString(page, -1) {
		for _, a := range attr.FindAllStringSubmatch(tag, -1) {
			if a[1] != `"data:,"` {
				t.Errorf("page references %s in %s", a[0], tag)
			}
		}
	}

	// The data block decodes back to the original text.
	var d reportData
	if err := json.Unmarshal([]byte(scriptBlock(t, page, "report-data")), &d); err != nil {
		t.Fatalf("report data: %v", err)
	}
	if d.Total != 5 || len(d.Findings) != 5 || len(d.Hands) != 3 || d.Views != 3 {
		t.Errorf("data: total %d, %d findings, %d hands, %d views; want 5, 5, 3, 3", d.Total, len(d.Findings), len(d.Hands), d.Views)
	}
	joined := strings.Join(d.S, "\n")
	for _, want := range []string{xssTable, "logs/day2 <b>.txt", "raise.under-minimum", "carol"} {
		if !strings.Contains(joined, want) {
			t.Errorf("strings table lacks %q", want)
		}
	}
	var msg string
	_ = json.Unmarshal(d.Findings[0][6], &msg)
	if !strings.HasSuffix(msg, xssMessage) {
		t.Errorf("message decoded as %q", msg)
	}
	var view struct {
		ID    string `json:"id"`
		Steps []struct {
			Pot  string `json:"pot"`
			Note string `json:"note"`
			P    string `json:"p"`
		} `json:"steps"`
		Pots struct {
			RecTotal  string `json:"recTotal"`
			CalcTotal string `json:"calcTotal"`
		} `json:"pots"`
		Findings []struct {
			C string `json:"c"`
			A int    `json:"a"`
		} `json:"findings"`
	}
	if err := json.Unmarshal([]byte(scriptBlock(t, page, "hv-1")), &view); err != nil {
		t.Fatalf("hand view: %v", err)
	}
	if view.ID != xssHandID || len(view.Steps) != 11 || view.Steps[10].Pot != "11.50" || view.Pots.RecTotal != "11.50" {
		t.Errorf("hand view 1: %+v", view)
	}
	if len(view.Findings) != 2 || view.Findings[0].A != 0 || view.Findings[1].A != 9 {
		t.Errorf("hand view findings: %+v", view.Findings)
	}

	// The header and summary state what was audited.
	// Hands audited: the four read and replayed, not the parse error.
	for _, want := range []string{`id="count-hands"><div class="n">4<`, `id="count-flagged"><div class="n">3<`,
		`id="count-parse-errors"><div class="n">1<`, `id="count-findings"><div class="n">5<`, "tda-2024", "1.2.3-test",
		"run-0001", "sha256:abc123", "2025-03-14 21:05 – 2025-03-15 23:05 UTC", "logs/day2 &lt;b&gt;.txt"} {
		if !strings.Contains(page, want) {
			t.Errorf("page lacks %q", want)
		}
	}
}

func TestHTMLChinese(t *testing.T) {
	info := testInfo()
	info.Lang = "zh"
	page := writeHTML(t, HTMLOptions{}, info, sampleResults())
	if !strings.Contains(page, `<html lang="zh-CN">`) || !strings.Contains(page, "牌局记录审计报告") || !strings.Contains(page, "按检查项和严重程度统计") {
		t.Error("page is not in Chinese")
	}
	var d reportData
	if err := json.Unmarshal([]byte(scriptBlock(t, page, "report-data")), &d); err != nil {
		t.Fatal(err)
	}
	quotes := map[string]string{}
	for _, r := range d.Rules {
		quotes[r[0]] = r[1]
	}
	if q := quotes["TDA 2024 Rule 43 (Raise Amounts)"]; q != testChecks[0].RuleTextZH {
		t.Errorf("rule 43 quoted as %q, want the Chinese text", q)
	}
	// No Chinese text: the English quote stands in.
	if q := quotes["Poker convention (Chip Accounting)"]; q != testChecks[2].RuleText {
		t.Errorf("chip accounting quoted as %q", q)
	}
	if d.Labels["hand_view"] != "手牌视图" {
		t.Errorf("labels: %q", d.Labels["hand_view"])
	}
}

func TestHTMLBounded(t *testing.T) {
	results := manyResults(600, 2) // 300 flagged hands, 600 findings
	total := 0
	for _, r := range results {
		total += len(r.Findings)
	}
	page := writeHTML(t, HTMLOptions{MaxHandViews: 5, MaxFindings: 50}, testInfo(), results)
	if n := strings.Count(page, `<script type="application/json" id="hv-`); n != 5 {
		t.Errorf("%d hand views, want 5", n)
	}
	var d reportData
	if err := json.Unmarshal([]byte(scriptBlock(t, page, "report-data")), &d); err != nil {
		t.Fatal(err)
	}
	if len(d.Findings) != 50 || d.Total != total {
		t.Errorf("%d findings listed of %d, want 50 of %d", len(d.Findings), d.Total, total)
	}
	if !strings.Contains(page, `id="truncated-rows"`) || !strings.Contains(page, `id="truncated-views"`) {
		t.Error("no note about the limits")
	}
	if !strings.Contains(page, `id="count-findings"><div class="n">`+groupInt(int64(total))+`<`) {
		t.Error("summary does not count every finding")
	}
}

func TestHTMLDeterministic(t *testing.T) {
	a := writeHTML(t, HTMLOptions{}, testInfo(), manyResults(300, 2))
	b := writeHTML(t, HTMLOptions{}, testInfo(), manyResults(300, 2))
	if !bytes.Equal([]byte(a), []byte(b)) {
		t.Error("two runs over the same input differ")
	}
}

func TestAppendJSONString(t *testing.T) {
	for in, want := range map[string]string{
		`</script><!--`:     `"\u003c/script\u003e\u003c!--"`,
		"a&b\"c\\d\n\t\x01": `"a\u0026b\"c\\d\n\t\u0001"`,
		"\u2028\u2029":      `"\u2028\u2029"`,
		"bad\xffutf8":       `"bad\ufffdutf8"`,
		"中文":                `"中文"`,
	} {
		got := string(appendJSONString(nil, in))
		if got != want {
			t.Errorf("appendJSONString(%q) = %s, want %s", in, got, want)
		}
		var back string
		if err := json.Unmarshal([]byte(got), &back); err != nil {
			t.Errorf("%s is not valid JSON: %v", got, err)
		}
	}
}

func TestFormatting(t *testing.T) {
	for _, c := range []struct {
		a     int64
		scale int64
		want  string
	}{{1234, 100, "12.34"}, {-5, 100, "-0.05"}, {7, 1, "7"}, {7, 0, "7"}, {100, 1000, "0.100"}, {5, 3, "5/3"}, {-9223372036854775808, 100, "-92233720368547758.08"}} {
		if got := formatAmount(hand.Amount(c.a), c.scale); got != c.want {
			t.Errorf("formatAmount(%d, %d) = %q, want %q", c.a, c.scale, got, c.want)
		}
	}
	if got := groupInt(1204311); got != "1,204,311" {
		t.Errorf("groupInt: %q", got)
	}
	if got := percent(4, 1000); got != " (0.4%)" {
		t.Errorf("percent: %q", got)
	}
}

// appendInt writes what strconv.AppendInt does, across its fast path's
// widths and limits, and appends to what b holds.
func TestAppendIntMatchesStrconv(t *testing.T) {
	ns := []int64{0, 1, 9, 10, 99, 100, 101, 999, 1000, 9999, 10000, 65535, 99999, 100000,
		999999, 1000000, 9999999, 10000000, 99999999, 100000000, 123456789012, -1, -10, -99999, -1 << 63, 1<<63 - 1}
	for p := int64(1); p < 1e12; p *= 7 {
		ns = append(ns, p, p-1, p+1)
	}
	for _, n := range ns {
		got, want := string(appendInt([]byte("x"), n)), string(strconv.AppendInt([]byte("x"), n, 10))
		if got != want {
			t.Errorf("appendInt(%d) = %q, want %q", n, got, want)
		}
	}
}

// timeSpan finds the first and last start as time.Time's Before and
// After did, and dayTally counts each UTC day under its own date.
func TestTimeSpanAndDayTally(t *testing.T) {
	at := func(s string) time.Time {
		v, err := time.Parse(time.RFC3339Nano, s)
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	var span timeSpan
	for _, s := range []string{"2024-03-01T10:00:00.5Z", "2024-02-29T23:59:59Z", "2024-03-01T10:00:00.25Z", "2024-03-02T00:00:00+02:00"} {
		span.add(at(s))
	}
	if got := span.first().Format(time.RFC3339Nano); got != "2024-02-29T23:59:59Z" {
		t.Errorf("first = %s", got)
	}
	if got := span.last().Format(time.RFC3339Nano); got != "2024-03-01T22:00:00Z" {
		t.Errorf("last = %s", got)
	}
	var days dayTally
	byDay := map[string]*int64{}
	for _, s := range []string{"2024-02-29T23:59:59Z", "2024-03-01T00:00:00Z", "2024-03-01T23:59:59Z", "2024-02-29T00:00:00Z", "1969-12-31T23:59:59Z", "1970-01-01T00:00:00Z"} {
		*days.count(byDay, at(s))++
	}
	want := map[string]int64{"2024-02-29": 2, "2024-03-01": 2, "1969-12-31": 1, "1970-01-01": 1}
	for d, n := range want {
		if byDay[d] == nil || *byDay[d] != n {
			t.Errorf("day %s counted %v, want %d", d, byDay[d], n)
		}
	}
	if len(byDay) != len(want) {
		t.Errorf("%d days counted, want %d", len(byDay), len(want))
	}
}

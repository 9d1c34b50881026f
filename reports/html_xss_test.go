package reports

import (
	"context"
	"encoding/json"
	"fmt"
	"html"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"

	"github.com/handaudit/handaudit/checks"
	"github.com/handaudit/handaudit/internal/testenv"
	"github.com/handaudit/handaudit/replay"
)

// xssPayloads are classic cross-site scripting payloads. Each one, if it
// ever ran or were parsed as markup, would set window.__xss (or
// parent.__xss) or add an element whose id starts with "xss-". The tests
// place them in every text field a report shows from the audited logs:
// player names, table names, hand IDs, input file names, finding messages,
// engine notes and parse errors. (hand.Hand has no chat field: PokerStars
// chat lines are not kept, so chat never reaches a report.)
var xssPayloads = []string{
	`<script>window.__xss=1</script>`,
	`<img src=x onerror="window.__xss=2" id="xss-2">`,
	`<svg onload="window.__xss=3" id="xss-3">`,
	`<svg><script>window.__xss=4</script></svg>`,
	`javascript:window.__xss=5`,
	`</script><script>window.__xss=6</script>`,
	`<!-- </script><script>window.__xss=7</script> -->`,
	`"><img src=x onerror=window.__xss=8 id=xss-8>`,
	`'><img src=x onerror=window.__xss=9 id=xss-9>`,
	`" autofocus onfocus="window.__xss=10" x="`,
	`<iframe srcdoc="<script>parent.__xss=11</script>" id="xss-11"></iframe>`,
	`\u003cscript\u003ewindow.__xss=12\u003c/script\u003e`,
	"line\u2028sep\u2029<script>window.__xss=13</script>",
	`<math><mtext><table><mglyph><style><img src=x onerror=window.__xss=14 id=xss-14>`,
	`<a href="javascript:window.__xss=15" id="xss-15">click</a>`,
	`<body onload=window.__xss=16>`,
	`${window.__xss=17}`,
	`{{constructor.constructor('window.__xss=18')()}}`,
	`<object data="data:text/html,<script>parent.__xss=19</script>" id="xss-19"></object>`,
	`<details open ontoggle="window.__xss=20" id="xss-20">`,
	`&lt;script&gt;window.__xss=21&lt;/script&gt;`,
	`</textarea></title></style><script>window.__xss=22</script>`,
	`]]><script>window.__xss=23</script>`,
	`"}]};window.__xss=24;//`,
	`</SCRIPT ><ScRiPt>window.__xss=25</sCrIpT>`,
	"<scr\x00ipt>window.__xss=26</script>",
	`<embed src="data:text/html,<script>parent.__xss=27</script>" id="xss-27">`,
	`<base href="javascript:window.__xss=28//"><a href="x" id="xss-28">`,
	`<meta http-equiv="refresh" content="0;url=javascript:window.__xss=29">`,
	`<input autofocus onfocus=window.__xss=30 id=xss-30>`,
}

// spoofNames are names the formats bring that would mislead a reader if
// shown as they are: bidirectional overrides and isolates (which reorder
// what follows), zero-width and other invisible characters (two names
// that look the same), a line break (a name that looks like two lines of
// the log), names that look like actions, and XML entities and CDATA as an
// XML format may hold them. The report must show each invisible character
// by its code, and everything else as text. An Arabic name is shown as it
// is: right-to-left text is not spoofing.
var spoofNames = []string{
	"\u202Egnp.exe",
	"Bo\u200Bb",
	"\u2066Alice\u2069 raises",
	"\uFEFFCarol",
	"A\u00ADnn",
	"Bob: raises $100 to $200",
	"Bob\nAlice: folds",
	"Dan\r\n*** SHOWDOWN ***",
	"&lt;Eve&amp;&#x3C;script&#x3E;",
	"<![CDATA[Frank]]>",
	"\u0645\u062D\u0645\u062F",
}

// spoofShown is how the report must show each of spoofNames.
var spoofShown = []string{
	"⟨U+202E⟩gnp.exe",
	"Bo⟨U+200B⟩b",
	"⟨U+2066⟩Alice⟨U+2069⟩ raises",
	"⟨U+FEFF⟩Carol",
	"A⟨U+00AD⟩nn",
	"Bob: raises $100 to $200",
	"Bob⟨U+000A⟩Alice: folds",
	"Dan⟨U+000D⟩⟨U+000A⟩*** SHOWDOWN ***",
	"&lt;Eve&amp;&#x3C;script&#x3E;",
	"<![CDATA[Frank]]>",
	"\u0645\u062D\u0645\u062F",
}

// xssNotAudited lists entries not audited whose names, reasons and formats
// carry the payloads and the spoofing names.
func xssNotAudited() []NotAudited {
	var out []NotAudited
	for i, p := range append(append([]string(nil), xssPayloads...), spoofNames...) {
		na := NotAudited{Name: "in/" + p, Reason: "symlink loop", Detail: p}
		if i%2 == 0 {
			na = NotAudited{Name: "in/" + p + ".xml", Reason: "format not read", Unsupported: true, Format: p, Hands: int64(i)}
		}
		out = append(out, na)
	}
	return out
}

// xssResults is a run whose every text field carries a payload: hand i
// has payload i as its ID and, rotated, in its table, its players, its
// file name, its findings' messages and an engine note; a parse error
// carries one in its message. More hands carry the spoofing names as
// IDs, tables, players and file names.
func xssResults() ([]*HandResult, RunInfo) {
	n := len(xssPayloads)
	pick := func(i int) string { return xssPayloads[i%n] }
	var out []*HandResult
	info := testInfo()
	info.Inputs = nil
	for i := 0; i < n; i++ {
		file := "logs/" + pick(i+3) + ".txt"
		info.Inputs = append(info.Inputs, file)
		h, tr := buildHand(pick(i), pick(i+1), file, 1+i*40, t0.Add(time.Duration(i)*time.Hour),
			[3]string{pick(i + 2), "bob " + pick(i+4), pick(i + 5)})
		tr.Steps[3].Note = pick(i + 6)
		f := finding(h, "raise.under-minimum", checks.Error, 2, "minimum raise broken: "+pick(i+7))
		f.Expected, f.HasExpected, f.Recorded, f.HasRecorded = 200, true, 250, true
		g := finding(h, "stack.finish-mismatch", checks.Warning, -1, pick(i+8))
		g.Player = pick(i + 9)
		out = append(out, &HandResult{Hand: h, Trace: tr, File: file, Line: h.Pos.Line, Format: "pokerstars",
			Findings: []checks.Finding{f, g}})
		if i%10 == 0 {
			out = append(out, &HandResult{File: file, Line: 1000 + i, Format: "phh", Status: StatusParseError,
				Error: "bad line: " + pick(i+10)})
		}
	}
	h, _ := buildHand("unreplayed "+pick(11), pick(12), "logs/x.txt", 5000, t0, [3]string{"a", "b", "c"})
	out = append(out, &HandResult{Hand: h, Trace: &replay.Trace{Hand: h, Unsupported: pick(13)}, File: "logs/x.txt", Line: 5000,
		Findings: []checks.Finding{finding(h, "hand.not-replayed", checks.Info, -1, pick(14))}})
	m := len(spoofNames)
	spoof := func(i int) string { return spoofNames[i%m] }
	for i := 0; i < m; i++ {
		file := "logs/" + spoof(i+3) + ".xml"
		info.Inputs = append(info.Inputs, file)
		h, tr := buildHand(spoof(i), spoof(i+1), file, 7000+i*40, t0.Add(time.Duration(i)*time.Minute),
			[3]string{spoof(i + 2), "bob " + spoof(i+4), spoof(i + 5)})
		f := finding(h, "raise.under-minimum", checks.Error, 2, "minimum raise broken by "+spoof(i+6))
		f.Player = spoof(i + 7)
		out = append(out, &HandResult{Hand: h, Trace: tr, File: file, Line: h.Pos.Line, Format: "ipoker",
			Findings: []checks.Finding{f}})
	}
	return out, info
}

// invisibleIn returns the characters of page that would show nothing or
// move other text (as visible marks them), but for the page's own line
// breaks and tabs.
func invisibleIn(page string) []string {
	var bad []string
	for _, r := range page {
		if r != '\n' && r != '\t' && invisible(r) {
			bad = append(bad, fmt.Sprintf("U+%04X", r))
		}
	}
	return bad
}

// TestHTMLSpoofing writes the run of xssResults, with entries not audited
// carrying the same names, and checks that no character that shows
// nothing or reorders text reaches the page, in its markup or its data;
// that each spoofing name is shown with its invisible characters named;
// and that everything from the logs stays inside the element it belongs
// to (a name that looks like an action is a table cell, not a line).
func TestHTMLSpoofing(t *testing.T) {
	results, info := xssResults()
	dir := t.TempDir()
	w := NewHTML(HTMLOptions{})
	w.SetNotAudited(xssNotAudited())
	writeAll(t, w, dir, info, results)
	b, err := os.ReadFile(filepath.Join(dir, "report.html"))
	if err != nil {
		t.Fatal(err)
	}
	page := string(b)
	if bad := invisibleIn(page); len(bad) > 0 {
		t.Errorf("the page holds %d characters that show nothing or move text: %v", len(bad), bad)
	}
	var d reportData
	if err := json.Unmarshal([]byte(scriptBlock(t, page, "report-data")), &d); err != nil {
		t.Fatalf("report data: %v", err)
	}
	data := strings.Join(d.S, "\x01") + string(mustMarshal(t, d.Findings))
	for i := 0; i < 10; i++ {
		data += scriptBlockOr(page, fmt.Sprintf("hv-%d", i))
	}
	for i, name := range spoofNames {
		shown := spoofShown[i]
		if visible(name) != shown {
			t.Errorf("visible(%q) = %q, want %q", name, visible(name), shown)
		}
		// In the data (decoded JSON) as the reader will see it.
		if !strings.Contains(strings.Join(d.S, "\x01"), shown) && !strings.Contains(data, strings.Trim(string(mustMarshal(t, shown)), `"`)) {
			t.Errorf("spoofing name %d is not in the report data as %q", i, shown)
		}
		// In the "Not audited" table, as a cell of its own, escaped.
		if cell := "<td>in/" + html.EscapeString(shown); !strings.Contains(page, cell) {
			t.Errorf("the not-audited table has no cell %q", cell)
		}
	}
	for _, want := range []string{`id="count-not-read"><div class="n">`, `id="count-not-audited"><div class="n">` + fmt.Sprint(len(xssNotAudited())) + `<`,
		`<section id="not-audited">`} {
		if !strings.Contains(page, want) {
			t.Errorf("page lacks %q", want)
		}
	}
}

// scriptBlockOr is scriptBlock, or "" when the page has no such block.
func scriptBlockOr(page, id string) string {
	start := `<script type="application/json" id="` + id + `">`
	i := strings.Index(page, start)
	if i < 0 {
		return ""
	}
	rest := page[i+len(start):]
	return rest[:strings.Index(rest, "</script>")]
}

// TestHTMLXSSPayloads checks the report file itself: no payload appears as
// markup, no event-handler attribute or script URL exists, the script
// blocks are only the report's own, and the embedded data decodes back to
// every payload exactly (escaping loses nothing).
func TestHTMLXSSPayloads(t *testing.T) {
	results, info := xssResults()
	page := writeHTML(t, HTMLOptions{}, info, results)

	// Outside the JSON data blocks (checked below by decoding them), no
	// payload appears unescaped.
	markup := regexp.MustCompile(`(?s)<script type="application/json"[^>]*>.*?</script>`).ReplaceAllString(page, "")
	for i, p := range xssPayloads {
		if strings.ContainsAny(p, "<>\"'&") && strings.Contains(markup, p) {
			t.Errorf("payload %d appears raw in the page: %q", i, p)
		}
	}
	views := 0
	for _, r := range results {
		if r.Hand != nil && len(r.Findings) > 0 {
			views++
		}
	}
	if n, want := strings.Count(strings.ToLower(page), "<script"), 2+views; n != want {
		t.Errorf("%d <script tags, want %d (the data, %d hand views, the report script)", n, want, views)
	}
	if n, want := strings.Count(strings.ToLower(page), "</script"), 2+views; n != want {
		t.Errorf("%d </script tags, want %d: data closed a script early", n, want)
	}
	for _, re := range []string{
		`(?i)<[a-z][^>]*\son[a-z]+\s*=`,                                          // event handler attributes
		`(?i)(href|src|action|formaction|data|srcdoc)\s*=\s*["']?\s*javascript:`, // script URLs
		`(?i)<(iframe|object|embed|img|base|math|details|textarea|meta http-equiv="refresh")\b`,
		`(?i)<input\b[^>]*type="(?:[^s]|s[^e])`, // the report's own inputs are search boxes
		`(?i)<body\s`,                           // the report's own <body> has no attributes
	} {
		// The report's own <details> lists the inputs.
		own := strings.Replace(page, `<details id="inputs-list">`, "", 1)
		if m := regexp.MustCompile(re).FindString(own); m != "" {
			t.Errorf("page has %q (pattern %s)", m, re)
		}
	}

	var d reportData
	if err := json.Unmarshal([]byte(scriptBlock(t, page, "report-data")), &d); err != nil {
		t.Fatalf("report data: %v", err)
	}
	joined := strings.Join(d.S, "\x01")
	for i, p := range xssPayloads {
		want := visible(p) // as text, its invisible characters named
		if !strings.Contains(joined, want) && !strings.Contains(string(mustMarshal(t, d.Findings)), strings.Trim(string(mustMarshal(t, want)), `"`)) {
			t.Errorf("payload %d is not in the report data as text: %q", i, p)
		}
	}
	for i := 0; i < views; i++ {
		var v map[string]any
		if err := json.Unmarshal([]byte(scriptBlock(t, page, fmt.Sprintf("hv-%d", i))), &v); err != nil {
			t.Fatalf("hand view %d: %v", i, err)
		}
	}
}

func mustMarshal(t *testing.T, v any) []byte {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestHTMLXSSBrowser opens the XSS report in headless Chromium, walks every
// page of the findings table and opens every hand view, and checks after
// each step that no payload ran (window.__xss unset), no element was
// injected, the only scripts are the report's own, and the page logged no
// error; and that the payloads are shown to the reader as text.
func TestHTMLXSSBrowser(t *testing.T) {
	chromium := testenv.Chromium(t)
	results, info := xssResults()
	dir := t.TempDir()
	hw := NewHTML(HTMLOptions{})
	hw.SetNotAudited(xssNotAudited())
	writeAll(t, hw, dir, info, results)
	views := 0
	for _, r := range results {
		if r.Hand != nil && len(r.Findings) > 0 {
			views++
		}
	}

	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(),
		chromedp.ExecPath(chromium), chromedp.Headless, chromedp.NoSandbox, chromedp.DisableGPU,
		chromedp.NoFirstRun, chromedp.NoDefaultBrowserCheck, chromedp.UserDataDir(t.TempDir()),
		chromedp.Flag("disable-background-networking", true), chromedp.WindowSize(1280, 1200))
	defer cancelAlloc()
	ctx, cancel := chromedp.NewContext(actx)
	defer cancel()
	ctx, cancelTimeout := context.WithTimeout(ctx, 120*time.Second)
	defer cancelTimeout()
	if err := chromedp.Do(ctx); err != nil {
		t.Fatalf("start chromium: %v", err)
	}
	evCtx, stopEvents := context.WithCancel(ctx)
	exceptions := chromedp.Events(evCtx, runtime.ExceptionThrown)
	consoleEvents := chromedp.Events(evCtx, runtime.ConsoleAPICalled)
	var mu sync.Mutex
	var problems []string
	var wg sync.WaitGroup
	note := func(s string) { mu.Lock(); problems = append(problems, s); mu.Unlock() }
	wg.Add(2)
	go func() {
		defer wg.Done()
		for ev, err := range exceptions {
			if err != nil {
				return
			}
			note("exception: " + ev.ExceptionDetails.Text + " " + exceptionDesc(ev.ExceptionDetails))
		}
	}()
	go func() {
		defer wg.Done()
		for ev, err := range consoleEvents {
			if err != nil {
				return
			}
			if ev.Type == runtime.ConsoleAPICalledTypeError {
				note("console error")
			}
		}
	}()
	probe := func(when string) {
		t.Helper()
		ran := evalJS[bool](t, ctx, `window.__xss !== undefined || (window.parent && window.parent.__xss !== undefined)`)
		injected := evalJS[[]string](t, ctx, `Array.from(document.querySelectorAll('[id^="xss-"], iframe, object, embed, img, base, math, details:not(#inputs-list), input:not([type=search]), textarea, body [onload], [onerror], [onfocus], [ontoggle], meta[http-equiv=refresh]')).map(e => e.outerHTML.slice(0, 80))`)
		scripts := evalJS[int](t, ctx, `document.scripts.length`)
		if ran {
			t.Errorf("%s: a payload ran (window.__xss is set)", when)
		}
		if len(injected) > 0 {
			t.Errorf("%s: injected elements: %q", when, injected)
		}
		if scripts != 2+views {
			t.Errorf("%s: %d script elements, want %d", when, scripts, 2+views)
		}
	}

	url := "file://" + filepath.Join(dir, "report.html")
	if err := chromedp.Do(ctx, chromedp.Navigate(url), chromedp.WaitVisible(chromedp.CSS(`body[data-ready="1"]`))); err != nil {
		t.Fatalf("open report: %v", err)
	}
	probe("after load")

	// The findings table shows the payloads as text, page after page.
	seen := map[int]bool{}
	for page := 0; page < 10; page++ {
		shown := evalJS[string](t, ctx, `document.querySelector('#findings-table tbody').textContent + document.querySelector('header').textContent`)
		for i, p := range xssPayloads {
			if strings.Contains(shown, visible(p)) {
				seen[i] = true
			}
		}
		last := evalJS[bool](t, ctx, `(function(){var b=document.getElementById('pg-next'); if (b.disabled) return true; b.click(); return false})()`)
		probe(fmt.Sprintf("findings page %d", page+1))
		if last {
			break
		}
	}
	for i, p := range xssPayloads {
		if !seen[i] {
			t.Errorf("payload %d is not shown as text in the findings table or header: %q", i, p)
		}
	}
	// What the reader sees: no character that shows nothing or moves
	// text; the spoofing names with their invisible characters named, in
	// the header, the findings table and the "Not audited" section.
	body := evalJS[string](t, ctx, `document.body.innerText`)
	if bad := invisibleIn(body); len(bad) > 0 {
		t.Errorf("the rendered page shows %d invisible or reordering characters: %v", len(bad), bad)
	}
	na := evalJS[string](t, ctx, `document.getElementById('not-audited').innerText`)
	for i, shown := range spoofShown {
		if !strings.Contains(na, "in/"+shown) {
			t.Errorf("spoofing name %d is not shown as %q in the not-audited section", i, shown)
		}
	}

	// Open every hand view, from whichever page of the table its button is on.
	open := func(v int) bool {
		return evalJS[bool](t, ctx, fmt.Sprintf(`(function(){var b=document.querySelector('button.hand-link[data-view="%d"]'); if(!b) return false; b.click(); return true})()`, v))
	}
	for v := 0; v < views; v++ {
		ok := open(v)
		if !ok {
			evalJS[bool](t, ctx, `(function(){document.getElementById('f-reset').click(); return true})()`)
			for step := 0; step < 10 && !ok; step++ {
				ok = open(v)
				if !ok {
					evalJS[bool](t, ctx, `(function(){document.getElementById('pg-next').click(); return true})()`)
				}
			}
		}
		if !ok {
			t.Errorf("hand view %d: no button opens it", v)
			continue
		}
		if text := evalJS[string](t, ctx, `document.getElementById('hand-view').textContent`); !strings.Contains(text, "bob ") && !strings.Contains(text, "unreplayed") {
			t.Errorf("hand view %d does not show the players", v)
		}
		probe(fmt.Sprintf("hand view %d", v))
	}
	time.Sleep(200 * time.Millisecond) // let late events arrive
	stopEvents()
	wg.Wait()
	mu.Lock()
	defer mu.Unlock()
	for _, p := range problems {
		t.Errorf("browser reported: %s", p)
	}
}

// evalJS evaluates expr in the page and returns its value.
func evalJS[T any](t *testing.T, ctx context.Context, expr string) T {
	t.Helper()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](expr))
	if err != nil {
		t.Fatalf("%s: %v", expr, err)
	}
	return v
}

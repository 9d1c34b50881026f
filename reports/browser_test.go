package reports

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/log"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"

	"github.com/handaudit/handaudit/checks"
	"github.com/handaudit/handaudit/internal/testenv"
)

// TestHTMLBrowser opens a generated report in headless Chromium, checks
// the counts it shows, filters, opens a hand view, and confirms that no
// script from the input ran and that the page logged no error. It saves
// screenshots to test-artifacts/report.png and report-hand.png.
func TestHTMLBrowser(t *testing.T) {

	dir := t.TempDir()
	results := append(sampleResults(), manyResults(1200, 3)...)
	writeAll(t, NewHTML(HTMLOptions{}), dir, testInfo(), results)
	var total, errorsN, tableT04, potChecks int
	var firstFlagged = -1
	for i, r := range results {
		total += len(r.Findings)
		for _, f := range r.Findings {
			if f.Severity == checks.Error {
				errorsN++
			}
			if f.Table == "T04" {
				tableT04++
			}
			if f.CheckID == "pot.total-mismatch" {
				potChecks++
			}
		}
		if firstFlagged < 0 && len(r.Findings) > 0 {
			firstFlagged = i
		}
	}

	ctx := testenv.Browser(t, 90*time.Second)

	// Collect every console error or warning, uncaught exception and log
	// entry (CSP violations arrive there) while the test runs.
	// Start the browser first: each subscription would start one otherwise.
	if err := chromedp.Do(ctx); err != nil {
		t.Fatalf("start chromium: %v", err)
	}
	evCtx, stopEvents := context.WithCancel(ctx)
	consoleEvents := chromedp.Events(evCtx, runtime.ConsoleAPICalled)
	exceptionEvents := chromedp.Events(evCtx, runtime.ExceptionThrown)
	logEvents := chromedp.Events(evCtx, log.EntryAdded)
	var mu sync.Mutex
	var problems []string
	var wg sync.WaitGroup
	note := func(s string) { mu.Lock(); problems = append(problems, s); mu.Unlock() }
	wg.Add(3)
	go func() {
		defer wg.Done()
		for ev, err := range consoleEvents {
			if err != nil {
				return
			}
			if ev.Type == runtime.ConsoleAPICalledTypeError || ev.Type == runtime.ConsoleAPICalledTypeWarning {
				var parts []string
				for _, a := range ev.Args {
					parts = append(parts, string(a.Value)+a.Description)
				}
				note(fmt.Sprintf("console %s: %s", ev.Type, strings.Join(parts, " ")))
			}
		}
	}()
	go func() {
		defer wg.Done()
		for ev, err := range exceptionEvents {
			if err != nil {
				return
			}
			note("exception: " + ev.ExceptionDetails.Text + " " + exceptionDesc(ev.ExceptionDetails))
		}
	}()
	go func() {
		defer wg.Done()
		for ev, err := range logEvents {
			if err != nil {
				return
			}
			if ev.Entry.Level == log.EntryLevelError || ev.Entry.Level == log.EntryLevelWarning {
				note(fmt.Sprintf("log %s (%s): %s", ev.Entry.Level, ev.Entry.Source, ev.Entry.Text))
			}
		}
	}()

	step := func(what string, err error) {
		t.Helper()
		if err != nil {
			mu.Lock()
			defer mu.Unlock()
			t.Fatalf("%s: %v\nbrowser problems so far: %q", what, err, problems)
		}
	}
	text := func(sel string) string {
		t.Helper()
		s, err := chromedp.Run(ctx, chromedp.Text(chromedp.CSS(sel)))
		step("text of "+sel, err)
		return s
	}
	attr := func(sel, name string) string {
		t.Helper()
		a, err := chromedp.Run(ctx, chromedp.AttributeValue(chromedp.CSS(sel), name))
		step("attribute "+name+" of "+sel, err)
		return a.Value
	}
	// matchingAfterFilter waits for a filter to take effect (the page
	// applies typed text after a short delay, longer under load), then
	// reads the matching count. Every filter used here narrows from all.
	matchingAfterFilter := func() string {
		t.Helper()
		_, err := chromedp.Run(ctx, chromedp.Poll[bool](
			`document.getElementById('match-count').getAttribute('data-matching') !== `+strconv.Quote(fmt.Sprint(total)),
			chromedp.WithPollingTimeout(10*time.Second)))
		step("wait for the filter", err)
		return attr(`#match-count`, "data-matching")
	}
	eval := func(expr string) int {
		t.Helper()
		n, err := chromedp.Run(ctx, chromedp.Evaluate[int](expr))
		step(expr, err)
		return n
	}

	_, err := chromedp.Call(ctx, log.Enable, cdp.Empty{})
	step("Log.enable", err)
	url := "file://" + filepath.Join(dir, "report.html")
	step("navigate", chromedp.Do(ctx, chromedp.Navigate(url), chromedp.WaitVisible(chromedp.CSS(`body[data-ready="1"]`))))
	shownFindings := text(`#count-findings .n`)
	shownHands := text(`#count-hands .n`)
	matching := attr(`#match-count`, "data-matching")
	rows := eval(`document.querySelectorAll('#findings-table tbody tr').length`)
	top, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
	step("screenshot", err)

	// Filter by severity, reset, then search the text.
	step("filter", chromedp.Do(ctx,
		chromedp.SetValue(chromedp.CSS(`#f-severity`), "2"),
		chromedp.Evaluate[chromedp.Void](`document.getElementById('f-severity').dispatchEvent(new Event('change'))`)))
	matchingAfter := attr(`#match-count`, "data-matching")
	step("check and table filters", chromedp.Do(ctx,
		chromedp.Click(chromedp.CSS(`#f-reset`)),
		chromedp.SetValue(chromedp.CSS(`#f-check`), "pot.total-mismatch"),
		chromedp.Evaluate[chromedp.Void](`document.getElementById('f-check').dispatchEvent(new Event('change'))`)))
	matchingCheck := attr(`#match-count`, "data-matching")
	step("table filter", chromedp.Do(ctx,
		chromedp.Click(chromedp.CSS(`#f-reset`)),
		chromedp.SendKeys(chromedp.CSS(`#f-table`), "t04")))
	matchingTable := matchingAfterFilter()
	// Sort by check, descending, and page forward.
	step("sort and page", chromedp.Do(ctx,
		chromedp.Click(chromedp.CSS(`#f-reset`)),
		chromedp.Evaluate[chromedp.Void](`document.querySelector('th[data-sort="check"]').click()`),
		chromedp.Evaluate[chromedp.Void](`document.querySelector('th[data-sort="check"]').click()`),
		chromedp.Click(chromedp.CSS(`#pg-next`))))
	firstCheck := text(`#findings-table tbody tr:first-child td:nth-child(2)`)
	pageInfo := text(`#pg-info`)
	step("reset and search", chromedp.Do(ctx,
		chromedp.Click(chromedp.CSS(`#f-reset`)),
		chromedp.SendKeys(chromedp.CSS(`#f-text`), "__xss=4")))
	matchingText := matchingAfterFilter()

	// Open the hand view of the first flagged hand (XSS player name).
	// A script click: a mouse click would land on the sticky table header
	// that covers the row once it is scrolled to the top.
	// The search re-renders the table after a short delay: wait for the row.
	step("open hand", chromedp.Do(ctx,
		chromedp.WaitVisible(chromedp.CSS(`#findings-table tbody tr:first-child button.hand-link`)),
		chromedp.Evaluate[chromedp.Void](`document.querySelector('#findings-table tbody tr:first-child button.hand-link').click()`),
		chromedp.WaitVisible(chromedp.CSS(`#hv-timeline`))))
	handText := text(`#hand-view`)
	timelineRows := eval(`document.querySelectorAll('#hv-timeline tbody tr').length`)
	quote := text(`#hand-view blockquote.rule`)
	handShot, err := chromedp.Run(ctx, chromedp.Screenshot(chromedp.CSS(`#hand-view`)))
	step("hand screenshot", err)
	xssUndefined, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`window.__xss === undefined && parent.__xss === undefined`))
	step("xss probe", err)
	injected := eval(`document.querySelectorAll('#xss-img, #xss-svg, #xss-frame, iframe, img, object, embed').length`)
	scripts := eval(`document.scripts.length`)

	time.Sleep(300 * time.Millisecond) // let late console events arrive
	stopEvents()
	wg.Wait()

	if shownFindings != groupInt(int64(total)) || matching != fmt.Sprint(total) {
		t.Errorf("page shows %s findings (%s matching), want %d", shownFindings, matching, total)
	}
	audited := 0 // hands read and replayed: parse errors are counted apart
	for _, r := range results {
		if r.status() != StatusParseError {
			audited++
		}
	}
	if shownHands != groupInt(int64(audited)) {
		t.Errorf("page shows %s hands audited, want %d", shownHands, audited)
	}
	if rows != 100 {
		t.Errorf("first page has %d rows, want 100", rows)
	}
	if matchingAfter != fmt.Sprint(errorsN) {
		t.Errorf("severity filter: %s matching, want %d errors", matchingAfter, errorsN)
	}
	if matchingCheck != fmt.Sprint(potChecks) || matchingTable != fmt.Sprint(tableT04) {
		t.Errorf("check filter %s (want %d), table filter %s (want %d)", matchingCheck, potChecks, matchingTable, tableT04)
	}
	if firstCheck != "stack.finish-mismatch" || !strings.HasPrefix(pageInfo, "Page 2 / ") {
		t.Errorf("sorted descending by check, page 2: first check %q, pager %q", firstCheck, pageInfo)
	}
	if matchingText != "1" {
		t.Errorf("text search: %s matching, want 1", matchingText)
	}
	if !strings.Contains(handText, xssPlayer) || !strings.Contains(handText, "H-1002") {
		t.Errorf("hand view does not show the player name as text:\n%s", handText)
	}
	if !strings.Contains(handText, "audit explain logs/day1.txt --line 30 --format html") {
		t.Errorf("hand view does not name the ruling of the hand (audit explain ... --format html)")
	}
	if !strings.Contains(handText, xssNote) {
		t.Errorf("hand view does not show the engine note as text")
	}
	if !strings.Contains(quote, "A raise must be at least") {
		t.Errorf("rule quote: %q", quote)
	}
	if n := len(results[firstFlagged].Hand.Actions); timelineRows < n {
		t.Errorf("timeline has %d rows, want at least %d", timelineRows, n)
	}
	if !xssUndefined {
		t.Error("a script from the input ran (window.__xss is set)")
	}
	if injected != 0 {
		t.Errorf("%d injected elements found", injected)
	}
	if want := 2 + countViews(results); scripts != want {
		t.Errorf("%d script elements, want %d", scripts, want)
	}
	mu.Lock()
	for _, p := range problems {
		t.Errorf("browser reported: %s", p)
	}
	mu.Unlock()

	art := filepath.Join(repoRoot(t), "test-artifacts")
	if err := os.MkdirAll(art, 0o755); err != nil {
		t.Fatal(err)
	}
	for name, img := range map[string][]byte{"report.png": top, "report-hand.png": handShot} {
		if len(img) < 1000 {
			t.Errorf("%s: screenshot is empty", name)
			continue
		}
		if err := os.WriteFile(filepath.Join(art, name), img, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	t.Logf("screenshots: %s", filepath.Join(art, "report.png"))
}

func exceptionDesc(d *runtime.ExceptionDetails) string {
	if d.Exception != nil {
		return d.Exception.Description
	}
	return ""
}

// countViews is how many hand views a default HTML writer embeds.
func countViews(results []*HandResult) int {
	n := 0
	for _, r := range results {
		if len(r.Findings) > 0 && r.Hand != nil && n < 2000 {
			n++
		}
	}
	return n
}

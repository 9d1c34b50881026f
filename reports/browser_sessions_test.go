package reports_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/handaudit/handaudit/batch"
	"github.com/handaudit/handaudit/gen"
	"github.com/handaudit/handaudit/internal/testenv"
	"github.com/handaudit/handaudit/parser/pokerstars"
)

// TestHTMLBrowserSessions audits generated table sessions with injected
// session faults (audit gen --sessions 12 --violations 0.2) and opens the
// report in headless Chromium: the tables view links a flagged table to
// its session view, which draws each player's stack, marks the session
// findings, and a click on a mark opens the hand view that shows the
// finding, and its link to the hand's ruling (written beside the report)
// opens that hand's ruling. A screenshot goes to
// test-artifacts/report-session.png.
func TestHTMLBrowserSessions(t *testing.T) {
	dir := t.TempDir()
	g, err := gen.New(gen.Config{Seed: 5, Format: pokerstars.Format, Violations: 0.2, Sessions: 12})
	if err != nil {
		t.Fatal(err)
	}
	logs := filepath.Join(dir, "sessions.txt")
	f, err := os.Create(logs)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := g.Write(context.Background(), gen.Output{Hands: 240, W: f, Workers: 1}); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "out")
	if _, err := batch.Audit(context.Background(), batch.Options{Args: []string{logs}, OutDir: out, Formats: []string{"html"}, Workers: 2}); err != nil {
		t.Fatal(err)
	}

	ctx := testenv.Browser(t, 2*time.Minute)
	url := "file://" + filepath.Join(out, "report.html")
	if err := chromedp.Do(ctx, chromedp.Navigate(url), chromedp.WaitVisible(chromedp.CSS(`body[data-ready="1"]`))); err != nil {
		t.Fatal(err)
	}
	type sessionStats struct {
		Sessions, Lines, Marks, SessionLinks int
		Opened                               bool
		MarkTitle, MarkView                  string
	}
	// The first session view is the one with the most session findings;
	// its table's row in the tables view opens it.
	st, err := chromedp.Run(ctx, chromedp.Evaluate[sessionStats](`(function () {
		var d = document.querySelector('details.session');
		var st = {Sessions: document.querySelectorAll('details.session').length,
			SessionLinks: document.querySelectorAll('#tables-table button.session-link').length};
		var link = document.querySelector('#tables-table button.session-link[data-session="' + d.id + '"]');
		if (link) link.click();
		st.Opened = d.open;
		st.Lines = d.querySelectorAll('svg.stack-chart path.pl').length;
		var marks = Array.from(d.querySelectorAll('svg.stack-chart a.mark-link')).filter(function (a) {
			return a.querySelector('title').textContent.indexOf('session.') >= 0 && Number(a.dataset.view) >= 0;
		});
		st.Marks = d.querySelectorAll('svg.stack-chart circle.mark').length;
		if (marks.length) {
			st.MarkTitle = marks[0].querySelector('title').textContent;
			st.MarkView = marks[0].dataset.view;
		}
		return st;
	})()`))
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%+v", st)
	if st.Sessions == 0 || st.SessionLinks == 0 || !st.Opened {
		t.Fatalf("%d session views, %d tables linking to one; the first opened from its table: %v", st.Sessions, st.SessionLinks, st.Opened)
	}
	if st.Lines < 2 || st.Marks == 0 || st.MarkTitle == "" {
		t.Fatalf("the first session's chart has %d player lines, %d marks, none of a session finding with a hand view", st.Lines, st.Marks)
	}
	shot, err := chromedp.Run(ctx, chromedp.Screenshot(chromedp.CSS(`details.session`)))
	if err != nil {
		t.Fatal(err)
	}
	// Click the mark: the hand view opens on the hand, with the finding.
	if err := chromedp.Do(ctx,
		chromedp.Evaluate[chromedp.Void](`document.querySelector('details.session svg a.mark-link[data-view="`+st.MarkView+`"]').dispatchEvent(new MouseEvent('click', {bubbles: true, cancelable: true}))`),
		chromedp.WaitVisible(chromedp.CSS(`#hv-timeline`))); err != nil {
		t.Fatal(err)
	}
	handText, err := chromedp.Run(ctx, chromedp.Text(`#hand-view`))
	if err != nil {
		t.Fatal(err)
	}
	// The mark's title: "#N HANDID · CHECK[ · PLAYER]: MESSAGE".
	parts := strings.SplitN(strings.SplitN(st.MarkTitle, ": ", 2)[0], " · ", 3)
	handID := strings.Fields(parts[0])[1]
	if !strings.Contains(handText, handID) || !strings.Contains(handText, parts[1]) {
		t.Errorf("the mark %q opened a hand view without its hand %s or its check %s:\n%s", st.MarkTitle, handID, parts[1], handText)
	}
	// The hand view links to the hand's ruling, written beside the
	// report: following the link opens the ruling of that hand.
	href, err := chromedp.Run(ctx, chromedp.Evaluate[string](`(function () { var a = document.getElementById('hv-ruling'); return a ? a.getAttribute('href') : ''; })()`))
	if err != nil || !strings.HasPrefix(href, "rulings/") {
		t.Fatalf("the hand view has no link to its ruling (%q, %v)", href, err)
	}
	if err := chromedp.Do(ctx,
		chromedp.Evaluate[chromedp.Void](`document.getElementById('hv-ruling').click()`),
		chromedp.WaitVisible(chromedp.CSS(`#verdict`))); err != nil {
		t.Fatal(err)
	}
	loc, err := chromedp.Run(ctx, chromedp.Evaluate[string](`location.href`))
	if err != nil {
		t.Fatal(err)
	}
	ruling, err := chromedp.Run(ctx, chromedp.Text(`body`))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasSuffix(loc, href) || !strings.Contains(ruling, handID) || !strings.Contains(ruling, parts[1]) {
		t.Errorf("the ruling link opened %s, without the hand %s or its finding %s", loc, handID, parts[1])
	}
	art := filepath.Join(testenv.RepoRoot(t), "test-artifacts")
	if err := os.MkdirAll(art, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(art, "report-session.png"), shot, 0o644); err != nil {
		t.Fatal(err)
	}
}

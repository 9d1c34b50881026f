package reports

import (
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/handaudit/handaudit/internal/testenv"
)

// TestHTMLBrowserViews opens a report of 20,000 flagged hands, more than
// it keeps views for, in headless Chromium, and pages through every row of
// the findings table: errors come first, then warnings, then info; every
// row opens its hand's view or gives the audit explain command for it.
func TestHTMLBrowserViews(t *testing.T) {
	dir := t.TempDir()
	results := manyResults(20000, 1)
	for i, r := range results {
		if i%97 == 0 {
			r.File = "logs/it's here.txt" // a name the shell must have quoted
		}
	}
	writeAll(t, NewHTML(HTMLOptions{}), dir, testInfo(), results)
	total := 0
	for _, r := range results {
		total += len(r.Findings)
	}

	ctx := testenv.Browser(t, 3*time.Minute)
	url := "file://" + filepath.Join(dir, "report.html")
	if err := chromedp.Do(ctx, chromedp.Navigate(url), chromedp.WaitVisible(chromedp.CSS(`body[data-ready="1"]`))); err != nil {
		t.Fatal(err)
	}
	// Page through the table in the page itself: one round trip.
	type pageStats struct {
		Rows, Viewed, Commands, Neither, Disorder int
		FirstSev, Quoted                          string
		Views                                     int
	}
	st, err := chromedp.Run(ctx, chromedp.Evaluate[pageStats](`(function () {
		var st = {Rows: 0, Viewed: 0, Commands: 0, Neither: 0, Disorder: 0, FirstSev: '', Quoted: '',
			Views: document.querySelectorAll('script[id^="hv-"]').length};
		var sevs = {error: 2, warning: 1, info: 0}, last = 3;
		for (;;) {
			document.querySelectorAll('#findings-table tbody tr').forEach(function (tr) {
				st.Rows++;
				var badge = tr.querySelector('.badge');
				var sev = sevs[badge.className.replace(/.*sev-/, '')];
				if (!st.FirstSev) st.FirstSev = badge.className;
				if (sev > last) st.Disorder++;
				last = sev;
				var b = tr.querySelector('button.hand-link'), c = tr.querySelector('code.explain-cmd');
				if (b && document.getElementById('hv-' + b.dataset.view)) st.Viewed++;
				else if (c && /^audit explain \S.* --line \d+$/.test(c.textContent)) {
					st.Commands++;
					if (c.textContent.indexOf('here.txt') >= 0) st.Quoted = c.textContent;
				} else st.Neither++;
			});
			var next = document.getElementById('pg-next');
			if (next.disabled) break;
			next.click();
		}
		return st;
	})()`))
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%+v", st)
	if st.Rows != total {
		t.Errorf("%d rows paged through, want %d", st.Rows, total)
	}
	if st.Views != DefaultHandViews {
		t.Errorf("%d views in the page, want %d", st.Views, DefaultHandViews)
	}
	if st.Neither != 0 || st.Viewed == 0 || st.Commands == 0 || st.Viewed+st.Commands != total {
		t.Errorf("%d rows with a view, %d with the explain command, %d with neither", st.Viewed, st.Commands, st.Neither)
	}
	if st.Disorder != 0 || !strings.Contains(st.FirstSev, "sev-error") {
		t.Errorf("default order: first row %q, %d rows more severe than the one before", st.FirstSev, st.Disorder)
	}
	if want := `audit explain 'logs/it'\''s here.txt' --line `; !strings.HasPrefix(st.Quoted, want) {
		t.Errorf("explain command %q, want it to start %q", st.Quoted, want)
	}
}

package reports

import (
	"encoding/csv"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/handaudit/handaudit/checks"
	"github.com/handaudit/handaudit/internal/testenv"
)

// TestHTMLBrowserURLAndCSV: a link with filters and an open hand in its
// fragment opens the report filtered, sorted and with the hand shown;
// changing a filter updates the link; the CSV export holds exactly the
// matching rows, in the table's order, the visible page first.
func TestHTMLBrowserURLAndCSV(t *testing.T) {
	ctx := testenv.Browser(t, 90*time.Second)
	dir := t.TempDir()
	results := manyResults(3000, 2)
	writeAll(t, NewHTML(HTMLOptions{}), dir, testInfo(), results)
	want := 0 // errors of pot.total-mismatch with a player p1x
	for _, r := range results {
		for _, f := range r.Findings {
			if f.CheckID == "pot.total-mismatch" && f.Severity == checks.Error && strings.Contains(f.Player, "p1") {
				want++
			}
		}
	}
	if want < 20 {
		t.Fatalf("only %d rows would match: the test proves little", want)
	}
	url := "file://" + filepath.Join(dir, "report.html") + "#check=pot.total-mismatch&sev=2&player=p1&sort=hand&dir=-1&hand=7"
	if err := chromedp.Do(ctx, chromedp.Navigate(url), chromedp.WaitVisible(chromedp.CSS(`body[data-ready="1"]`))); err != nil {
		t.Fatal(err)
	}
	type view struct {
		Check, Sev, Player, Matching, HandShown, HandID, FirstHand string
		Hidden                                                     bool
	}
	v, err := chromedp.Run(ctx, chromedp.Evaluate[view](`({
		Check: document.getElementById('f-check').value, Sev: document.getElementById('f-severity').value,
		Player: document.getElementById('f-player').value,
		Matching: document.getElementById('match-count').dataset.matching,
		Hidden: document.getElementById('hand-view').hidden,
		HandShown: document.querySelector('#hand-view h2') ? document.querySelector('#hand-view h2').firstChild.textContent : '',
		HandID: JSON.parse(document.getElementById('hv-7').textContent).id,
		FirstHand: document.querySelector('#findings-table tbody tr td:nth-child(3)').textContent,
	})`))
	if err != nil {
		t.Fatal(err)
	}
	if v.Check != "pot.total-mismatch" || v.Sev != "2" || v.Player != "p1" || v.Matching != fmt.Sprint(want) {
		t.Errorf("filters from the link: %+v, want %d matching", v, want)
	}
	if v.Hidden || !strings.HasSuffix(v.HandShown, v.HandID) {
		t.Errorf("the linked hand is not shown: %+v", v)
	}

	// The CSV: the matching rows, in order; its first rows are the page's.
	type page struct {
		CSV  string
		Rows [][]string
		Hash string
	}
	p, err := chromedp.Run(ctx, chromedp.Evaluate[page](`({
		CSV: window.handauditCSV(),
		Rows: Array.from(document.querySelectorAll('#findings-table tbody tr')).map(function (tr) {
			return [tr.cells[1].textContent, tr.cells[2].querySelector('span,button').textContent, tr.cells[8].textContent];
		}),
		Hash: location.hash,
	})`))
	if err != nil {
		t.Fatal(err)
	}
	recs, err := csv.NewReader(strings.NewReader(p.CSV)).ReadAll()
	if err != nil {
		t.Fatalf("CSV: %v\n%s", err, p.CSV)
	}
	if len(recs) != want+1 || recs[0][0] != "severity" {
		t.Fatalf("CSV has %d lines, want a header and %d rows", len(recs), want)
	}
	for i, row := range p.Rows {
		rec := recs[i+1]
		if rec[0] != "error" || rec[1] != row[0] || rec[2] != row[1] || rec[8] != row[2] {
			t.Errorf("CSV row %d %v, page row %v", i, rec, row)
		}
	}
	for i := 2; i < len(recs); i++ {
		if recs[i][2] > recs[i-1][2] {
			t.Errorf("CSV not in the table's order (hand, descending): %s after %s", recs[i][2], recs[i-1][2])
			break
		}
	}

	// A filter changed in the page changes the link.
	hash, err := chromedp.Run(ctx, chromedp.Evaluate[string](`(function () {
		var s = document.getElementById('f-severity');
		s.value = '';
		s.dispatchEvent(new Event('change'));
		return location.hash;
	})()`))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(hash, "check=pot.total-mismatch") || strings.Contains(hash, "sev=") || !strings.Contains(hash, "hand=7") {
		t.Errorf("link after clearing the severity: %q (before %q)", hash, p.Hash)
	}
}

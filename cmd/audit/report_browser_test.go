package main

import (
	"bytes"
	"fmt"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/parquet-go/parquet-go"

	"github.com/handaudit/handaudit/hand"
	"github.com/handaudit/handaudit/internal/testenv"
	"github.com/handaudit/handaudit/reports"
)

// TestReportPlayersMatchSettlements opens the fixtures' report in headless
// Chromium: the per-player and per-table views' money paid too much and
// too little adds up, player by player (table by table) and currency by
// currency, to settlements.parquet, and the settlements table lists every
// row of the file.
func TestReportPlayersMatchSettlements(t *testing.T) {
	chdirRoot(t)
	ctx := testenv.Browser(t, 90*time.Second)
	out := filepath.Join(t.TempDir(), "out")
	var stdout, stderr bytes.Buffer
	if code := realMain([]string{"run", "fixtures", "--out", out, "--format", "parquet,html", "--progress", "never"}, &stdout, &stderr); code != exitFindings {
		t.Fatalf("exit %d\n%s", code, stderr.String())
	}
	rows, err := parquet.ReadFile[reports.SettlementRow](filepath.Join(out, "settlements.parquet"))
	if err != nil {
		t.Fatal(err)
	}
	type sums map[string]int64 // by currency and scale
	// By player and by table: what the records paid too much and too little.
	type totals struct{ over, under map[string]sums }
	by := func(key func(reports.SettlementRow) string) totals {
		t := totals{map[string]sums{}, map[string]sums{}}
		for _, r := range rows {
			side := t.over
			d := r.Difference
			if d < 0 {
				side, d = t.under, -d
			}
			k := key(r)
			if side[k] == nil {
				side[k] = sums{}
			}
			side[k][r.Currency+"\x01"+fmt.Sprint(r.Scale)] += d
		}
		return t
	}
	views := map[string]totals{
		"players": by(func(r reports.SettlementRow) string { return r.Player }),
		"tables":  by(func(r reports.SettlementRow) string { return r.Table }),
	}
	text := func(s sums) string {
		var keys []string
		for k := range s {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		var parts []string
		for _, k := range keys {
			cur, scale, _ := strings.Cut(k, "\x01")
			var sc int64
			fmt.Sscan(scale, &sc)
			parts = append(parts, reports.FormatAmount(hand.Amount(s[k]), sc, cur))
		}
		return strings.Join(parts, ", ")
	}

	if err := chromedp.Do(ctx, chromedp.Navigate("file://"+filepath.Join(out, "report.html")),
		chromedp.WaitVisible(chromedp.CSS(`body[data-ready="1"]`))); err != nil {
		t.Fatal(err)
	}
	type shown struct{ Key, Over, Under string }
	settled, err := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll('#settlements-table tbody tr').length`))
	if err != nil {
		t.Fatal(err)
	}
	if settled != len(rows) || len(rows) < 10 {
		t.Errorf("settlements table: %d rows, settlements.parquet %d", settled, len(rows))
	}
	for view, want := range views {
		got, err := chromedp.Run(ctx, chromedp.Evaluate[[]shown](`Array.from(document.querySelectorAll('#`+view+`-table tbody tr')).map(function (tr) {
			return {Key: tr.dataset.key, Over: tr.cells[4].textContent, Under: tr.cells[5].textContent};
		})`))
		if err != nil {
			t.Fatal(err)
		}
		seen := map[string]bool{}
		for _, p := range got {
			seen[p.Key] = true
			if w := text(want.over[p.Key]); p.Over != w {
				t.Errorf("%s %q paid too much: page %q, settlements.parquet %q", view, p.Key, p.Over, w)
			}
			if w := text(want.under[p.Key]); p.Under != w {
				t.Errorf("%s %q paid too little: page %q, settlements.parquet %q", view, p.Key, p.Under, w)
			}
		}
		for _, m := range []map[string]sums{want.over, want.under} {
			for name := range m {
				if !seen[name] {
					t.Errorf("%q has settlement rows and no row in the %s view", name, view)
				}
			}
		}
	}
}

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
// Chromium: the per-player view's money paid too much and too little adds
// up, player by player and currency by currency, to settlements.parquet,
// and the settlements table lists every row of the file.
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
	over, under := map[string]sums{}, map[string]sums{}
	for _, r := range rows {
		side := over
		d := r.Difference
		if d < 0 {
			side, d = under, -d
		}
		if side[r.Player] == nil {
			side[r.Player] = sums{}
		}
		side[r.Player][r.Currency+"\x01"+fmt.Sprint(r.Scale)] += d
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
	type shown struct{ Player, Over, Under string }
	players, err := chromedp.Run(ctx, chromedp.Evaluate[[]shown](`Array.from(document.querySelectorAll('#players-table tbody tr')).map(function (tr) {
		return {Player: tr.dataset.player, Over: tr.cells[4].textContent, Under: tr.cells[5].textContent};
	})`))
	if err != nil {
		t.Fatal(err)
	}
	settled, err := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll('#settlements-table tbody tr').length`))
	if err != nil {
		t.Fatal(err)
	}
	if settled != len(rows) || len(rows) < 10 {
		t.Errorf("settlements table: %d rows, settlements.parquet %d", settled, len(rows))
	}
	seen := map[string]bool{}
	for _, p := range players {
		seen[p.Player] = true
		if want := text(over[p.Player]); p.Over != want {
			t.Errorf("%s paid too much: page %q, settlements.parquet %q", p.Player, p.Over, want)
		}
		if want := text(under[p.Player]); p.Under != want {
			t.Errorf("%s paid too little: page %q, settlements.parquet %q", p.Player, p.Under, want)
		}
	}
	for _, m := range []map[string]sums{over, under} {
		for name := range m {
			if !seen[name] {
				t.Errorf("%s has settlement rows and no row in the players view", name)
			}
		}
	}
}

package reports

import (
	"encoding/json"
	"math/big"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/handaudit/handaudit/hand"
)

// TestHTMLViewsWorstFirst: with more flagged hands than views, the views
// go to the worst hands (worst severity, then the largest difference
// between expected and recorded, in major units whatever the scale, then
// input order), and every other flagged hand is listed without one.
func TestHTMLViewsWorstFirst(t *testing.T) {
	results := manyResults(600, 1)
	type ranked struct {
		id    string
		sev   int
		stake *big.Rat
		i     int
	}
	var want []ranked
	for i, r := range results {
		if i%3 == 0 {
			r.Hand.Scale = 1 // a stake of 7 at scale 1 outranks 500 at scale 100
			for j := range r.Findings {
				r.Findings[j].Scale = 0 // the hand's
			}
		}
		rk := ranked{id: r.Hand.ID, sev: -1, stake: new(big.Rat), i: i}
		for j := range r.Findings {
			f := &r.Findings[j]
			f.Recorded, f.HasRecorded = hand.Amount((i*7919+j*104729)%1000), true
			if i%11 == 0 {
				f.HasRecorded = false // no amount at stake
			}
			rk.sev = max(rk.sev, int(f.Severity))
			if f.HasRecorded {
				d := int64(f.Expected - f.Recorded)
				if d < 0 {
					d = -d
				}
				if s := big.NewRat(d, r.Hand.Scale); s.Cmp(rk.stake) > 0 {
					rk.stake = s
				}
			}
		}
		want = append(want, rk)
	}
	sort.SliceStable(want, func(a, b int) bool {
		x, y := want[a], want[b]
		if x.sev != y.sev {
			return x.sev > y.sev
		}
		if c := x.stake.Cmp(y.stake); c != 0 {
			return c > 0
		}
		return x.i < y.i
	})
	const n = 40
	page := writeHTML(t, HTMLOptions{MaxHandViews: n}, testInfo(), results)
	got := map[string]bool{}
	for _, m := range regexp.MustCompile(`<script type="application/json" id="hv-\d+">(.*?)</script>`).FindAllStringSubmatch(page, -1) {
		var v struct{ ID string }
		if err := json.Unmarshal([]byte(m[1]), &v); err != nil {
			t.Fatal(err)
		}
		got[v.ID] = true
	}
	if len(got) != n {
		t.Fatalf("%d hand views, want %d", len(got), n)
	}
	for _, w := range want[:n] {
		if !got[w.id] {
			t.Errorf("hand %s (severity %v, stake %s) has no view", w.id, w.sev, w.stake.FloatString(2))
		}
	}
	if want[n-1].sev == want[len(want)-1].sev && want[n-1].stake.Cmp(want[len(want)-1].stake) == 0 {
		t.Fatal("the test's hands do not differ in rank: it proves nothing")
	}
	var d reportData
	if err := json.Unmarshal([]byte(scriptBlock(t, page, "report-data")), &d); err != nil {
		t.Fatal(err)
	}
	if d.Views != n || len(d.Hands) != len(results) {
		t.Errorf("data: %d views, %d hands; want %d, %d", d.Views, len(d.Hands), n, len(results))
	}
	if !strings.Contains(page, `id="truncated-views">560 `) {
		t.Error("the page does not say how many flagged hands have no view")
	}
}

// TestHTMLViewsAllKept: when every flagged hand fits, every one gets its
// view, numbered in input order, as before any was ranked.
func TestHTMLViewsAllKept(t *testing.T) {
	results := manyResults(90, 2)
	page := writeHTML(t, HTMLOptions{MaxHandViews: 45}, testInfo(), results)
	ids := regexp.MustCompile(`id="hv-(\d+)"`).FindAllStringSubmatch(page, -1)
	if len(ids) != 45 {
		t.Fatalf("%d views, want 45", len(ids))
	}
	for i, m := range ids {
		if m[1] != strings.TrimSpace(itoa(i)) {
			t.Fatalf("view %d is hv-%s", i, m[1])
		}
	}
}

func itoa(i int) string { return string(appendInt(nil, int64(i))) }

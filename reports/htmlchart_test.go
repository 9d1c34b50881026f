package reports

import (
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"
)

// TestDayLabelsDoNotOverlap: whatever the number of days, the by-day
// chart's labels (as wide as their text at the label size) never overlap
// and stay inside the chart, the first and the last day are labelled, and
// a long run still gets several labels.
func TestDayLabelsDoNotOverlap(t *testing.T) {
	t0 := time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC)
	for n := 1; n <= 400; n++ {
		var days []dayBar
		for i := range n {
			days = append(days, dayBar{t0.AddDate(0, 0, i).Format("2006-01-02"), int64(i%7 + 1)})
		}
		if n > 120 {
			days = byMonth(days)
		}
		svg := vbarChart("c", days)
		re := regexp.MustCompile(`<text class="lbl" x="([0-9.]+)" y="\d+" text-anchor="(\w+)">([^<]+)</text>`)
		type ext struct{ from, to float64 }
		var got []ext
		var texts []string
		for _, m := range re.FindAllStringSubmatch(svg, -1) {
			x, _ := strconv.ParseFloat(m[1], 64)
			w := labelCharW * float64(len(m[3]))
			e := ext{x - w/2, x + w/2}
			switch m[2] {
			case "start":
				e = ext{x, x + w}
			case "end":
				e = ext{x - w, x}
			}
			if e.from < 0 || e.to > 820 {
				t.Errorf("%d days: label %q at %.1f-%.1f leaves the chart", n, m[3], e.from, e.to)
			}
			for _, o := range got {
				if e.from < o.to && e.to > o.from {
					t.Errorf("%d days: label %q overlaps another (%v, %v)", n, m[3], e, o)
				}
			}
			got = append(got, e)
			texts = append(texts, m[3])
		}
		if len(texts) == 0 || texts[0] != days[0].day || texts[len(texts)-1] != days[len(days)-1].day {
			t.Errorf("%d days: labels %v: want the first and the last", n, texts)
		}
		if len(days) >= 30 && len(texts) < 4 {
			t.Errorf("%d days: only %d labels", n, len(texts))
		}
	}
}

// TestHTMLInputsCollapsed: the header counts the inputs and lists them in
// a collapsed list, the first thousand of them.
func TestHTMLInputsCollapsed(t *testing.T) {
	info := testInfo()
	info.Inputs = nil
	for i := range 1500 {
		info.Inputs = append(info.Inputs, "logs/day-"+strconv.Itoa(i)+".txt")
	}
	page := writeHTML(t, HTMLOptions{}, info, sampleResults())
	i := strings.Index(page, `<details id="inputs-list"><summary>1,500 inputs</summary><ul>`)
	if i < 0 || strings.Contains(page, `<details id="inputs-list" open`) {
		t.Fatal("the inputs are not counted in a collapsed list")
	}
	list := page[i : strings.Index(page[i:], "</details>")+i]
	if n := strings.Count(list, "<li>"); n != 1001 || !strings.Contains(list, "<li>+500 more</li>") || !strings.Contains(list, "logs/day-999.txt") {
		t.Errorf("%d list items (want 1,000 and a +500 line)", n)
	}
}

package reports

import (
	"fmt"
	"html"
	"io"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/handaudit/handaudit/checks"
	"github.com/handaudit/handaudit/hand"
)

// The summary charts are inline SVG drawn here, not by script, so that
// they show with scripting off and print as they look.

// bar is one labelled bar of a chart, stacked by severity.
type bar struct {
	label  string
	counts severityCounts
}

func sortedBars(m map[string]*severityCounts) []bar {
	bars := make([]bar, 0, len(m))
	for k, v := range m {
		bars = append(bars, bar{k, *v})
	}
	sort.Slice(bars, func(i, j int) bool {
		ti, tj := bars[i].counts.total(), bars[j].counts.total()
		if ti != tj {
			return ti > tj
		}
		return bars[i].label < bars[j].label
	})
	return bars
}

// severity draw order: most severe first, left to right.
var severityOrder = []checks.Severity{checks.Error, checks.Warning, checks.Info}

// hbarChart draws horizontal stacked bars, one row per bar.
func hbarChart(id string, bars []bar, L func(string) string) string {
	const (
		width  = 820
		labelW = 260
		countW = 70
		rowH   = 22
	)
	var peak int64
	for _, b := range bars {
		peak = maxInt64(peak, b.counts.total())
	}
	if peak == 0 {
		peak = 1
	}
	h := rowH*len(bars) + 8
	var sb strings.Builder
	fmt.Fprintf(&sb, `<svg id="%s" class="chart" role="img" viewBox="0 0 %d %d" width="%d" height="%d" xmlns="http://www.w3.org/2000/svg">`, id, width, h, width, h)
	barW := width - labelW - countW
	for i, b := range bars {
		y := 4 + i*rowH
		fmt.Fprintf(&sb, `<text class="lbl" x="%d" y="%d" text-anchor="end">%s</text>`, labelW-8, y+15, html.EscapeString(ellipsis(b.label, 34)))
		x := labelW
		for _, s := range severityOrder {
			n := b.counts[s]
			if n == 0 {
				continue
			}
			wpx := int(n * int64(barW) / peak)
			if wpx < 1 {
				wpx = 1
			}
			fmt.Fprintf(&sb, `<rect class="sev-%s" x="%d" y="%d" width="%d" height="%d"><title>%s · %s: %d</title></rect>`,
				s, x, y+3, wpx, rowH-6, html.EscapeString(b.label), html.EscapeString(L(s.String())), n)
			x += wpx
		}
		fmt.Fprintf(&sb, `<text class="cnt" x="%d" y="%d">%s</text>`, x+6, y+15, groupInt(b.counts.total()))
	}
	sb.WriteString(`</svg>`)
	return sb.String()
}

// dayBar is one column of the by-day chart.
type dayBar struct {
	day string
	n   int64
}

// vbarChart draws one column per day, or per month when there are many days.
func vbarChart(id string, days []dayBar) string {
	const (
		width  = 820
		height = 180
		top    = 10
		bottom = 30
	)
	var peak int64
	for _, d := range days {
		peak = maxInt64(peak, d.n)
	}
	if peak == 0 {
		peak = 1
	}
	var sb strings.Builder
	fmt.Fprintf(&sb, `<svg id="%s" class="chart" role="img" viewBox="0 0 %d %d" width="%d" height="%d" xmlns="http://www.w3.org/2000/svg">`, id, width, height, width, height)
	plotH := height - top - bottom
	colW := float64(width-20) / float64(max1(len(days)))
	for i, d := range days {
		hpx := int(d.n * int64(plotH) / peak)
		if hpx < 1 && d.n > 0 {
			hpx = 1
		}
		x := 10 + float64(i)*colW
		fmt.Fprintf(&sb, `<rect class="day" x="%.1f" y="%d" width="%.1f" height="%d"><title>%s: %d</title></rect>`,
			x+colW*0.1, top+plotH-hpx, colW*0.8, hpx, html.EscapeString(d.day), d.n)
	}
	for _, l := range dayLabels(days, colW) {
		fmt.Fprintf(&sb, `<text class="lbl" x="%.1f" y="%d" text-anchor="%s">%s</text>`, l.x, height-10, l.anchor, html.EscapeString(days[l.i].day))
	}
	fmt.Fprintf(&sb, `<text class="cnt" x="12" y="%d">%s</text>`, top+10, groupInt(peak))
	sb.WriteString(`</svg>`)
	return sb.String()
}

// dayLabel is a column label of the by-day chart: the column, where the
// text is anchored and how.
type dayLabel struct {
	i      int
	x      float64
	anchor string
}

// labelCharW is the most a label character takes at the chart's label
// size (12px digits and dashes), so that labels laid out by it never
// overlap.
const labelCharW = 7.5

// dayLabels chooses the columns labelled: the first and the last, then
// every step-th between, each only where its text stays clear of those
// already placed (a label is as wide as its text: on a long run the
// columns are narrower than their dates). Labels at the edges are
// anchored inside the chart.
func dayLabels(days []dayBar, colW float64) []dayLabel {
	if len(days) == 0 {
		return nil
	}
	const gap = 8 // px between two labels
	place := func(i int) (dayLabel, float64, float64) {
		w := labelCharW * float64(len(days[i].day))
		x := 10 + float64(i)*colW + colW/2
		switch {
		case x-w/2 < 10:
			return dayLabel{i, 10, "start"}, 10, 10 + w
		case x+w/2 > 10+float64(len(days))*colW:
			end := 10 + float64(len(days))*colW
			return dayLabel{i, end, "end"}, end - w, end
		}
		return dayLabel{i, x, "middle"}, x - w/2, x + w/2
	}
	type span struct{ from, to float64 }
	var out []dayLabel
	var taken []span
	try := func(i int) {
		l, from, to := place(i)
		for _, s := range taken {
			if from < s.to+gap && to > s.from-gap {
				return
			}
		}
		out = append(out, l)
		taken = append(taken, span{from, to})
	}
	try(0)
	if len(days) > 1 {
		try(len(days) - 1)
	}
	step := max(1, (len(days)+7)/8)
	for i := step; i < len(days)-1; i += step {
		try(i)
	}
	sort.Slice(out, func(a, b int) bool { return out[a].i < out[b].i })
	return out
}

// writeCharts writes the three summary charts, each with its counts as a table.
func (w *HTMLWriter) writeCharts(out io.Writer, L func(string) string) error {
	e := html.EscapeString
	var sb strings.Builder
	if w.sev.total() == 0 {
		fmt.Fprintf(&sb, "<p class=\"note\" id=\"no-findings\">%s</p>\n", e(L("no_findings")))
		_, err := io.WriteString(out, sb.String())
		return err
	}

	byCheck := make(map[string]*severityCounts, len(w.byCheck))
	for id, c := range w.byCheck {
		byCheck[id] = &c.counts
	}
	// Errors first, then warnings, then info, each group by count: a
	// run's many warnings (duplicate IDs) do not push its errors down.
	checksBars := sortedBars(byCheck)
	sort.SliceStable(checksBars, func(i, j int) bool { return checksBars[i].counts.worst() > checksBars[j].counts.worst() })
	fmt.Fprintf(&sb, "<h3>%s</h3>\n<div class=\"legend\">", e(L("by_check")))
	for _, s := range severityOrder {
		fmt.Fprintf(&sb, `<span class="key sev-%s"></span>%s `, s, e(L(s.String())))
	}
	sb.WriteString("</div>\n")
	sb.WriteString(hbarChart("chart-checks", checksBars, L))
	fmt.Fprintf(&sb, "\n<table class=\"counts\" id=\"counts-checks\"><thead><tr><th>%s</th><th>%s</th><th>%s</th><th>%s</th><th>%s</th></tr></thead><tbody>\n",
		e(L("check")), e(L("error")), e(L("warning")), e(L("info")), e(L("total")))
	for _, b := range checksBars {
		title := ""
		if c, ok := w.info.checkByID(b.label); ok {
			title = c.Title
		}
		fmt.Fprintf(&sb, "<tr><td><code>%s</code> <span class=\"muted\">%s</span></td><td>%s</td><td>%s</td><td>%s</td><td>%s</td></tr>\n",
			e(b.label), e(title), groupInt(b.counts[checks.Error]), groupInt(b.counts[checks.Warning]),
			groupInt(b.counts[checks.Info]), groupInt(b.counts.total()))
	}
	sb.WriteString("</tbody></table>\n")

	const topTables = 20
	tables := sortedBars(w.byTable)
	fmt.Fprintf(&sb, "<h3>%s</h3>\n", e(L("by_table")))
	shown := tables[:min(len(tables), topTables)]
	for i := range shown {
		if shown[i].label == "" {
			shown[i].label = "(" + L("unknown") + ")"
		}
	}
	sb.WriteString(hbarChart("chart-tables", shown, L))
	if rest := len(tables) - len(shown); rest > 0 {
		var n int64
		for _, b := range tables[len(shown):] {
			n += b.counts.total()
		}
		fmt.Fprintf(&sb, "\n<p class=\"note\">+ %s %s: %s</p>", groupInt(int64(rest)), e(L("other_tables")), groupInt(n))
	}

	fmt.Fprintf(&sb, "\n<h3>%s</h3>\n", e(L("by_day")))
	days := make([]dayBar, 0, len(w.byDay))
	for d, n := range w.byDay {
		days = append(days, dayBar{d, *n})
	}
	sort.Slice(days, func(i, j int) bool { return days[i].day < days[j].day })
	if len(days) > 120 {
		days = byMonth(days)
	}
	if len(days) > 0 {
		sb.WriteString(vbarChart("chart-days", days))
	}
	if w.undated > 0 {
		fmt.Fprintf(&sb, "\n<p class=\"note\">%s %s</p>", groupInt(w.undated), e(L("unknown_date")))
	}
	sb.WriteString("\n")
	_, err := io.WriteString(out, sb.String())
	return err
}

// byMonth merges sorted days into months.
func byMonth(days []dayBar) []dayBar {
	var out []dayBar
	for _, d := range days {
		m := d.day[:7]
		if len(out) > 0 && out[len(out)-1].day == m {
			out[len(out)-1].n += d.n
			continue
		}
		out = append(out, dayBar{m, d.n})
	}
	return out
}

func ellipsis(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "…"
}

func maxInt64(a, b int64) int64 {
	if a > b {
		return a
	}
	return b
}

func max1(n int) int {
	if n < 1 {
		return 1
	}
	return n
}

// stackChart draws a session's stacks: one line a player, across the
// hands in order, from each hand's starting stack to its finishing stack
// (as the record leaves it) and on to the next hand's start, so that a
// stack that does not carry over shows as a jump between two hands. The
// hands with findings are marked on the player a finding names (on the
// axis when it names none); each mark links to the hand's row, and the
// script opens the hand's view from it.
func stackChart(id string, v *sessionView, L func(string) string) string {
	const (
		width  = 820
		height = 200
		left   = 80
		right  = 10
		top    = 10
		bottom = 24
	)
	plotW, plotH := float64(width-left-right), int64(height-top-bottom)
	names := sessionPlayers(v)
	var peak int64 = 1
	for i := range v.rows {
		for _, s := range v.rows[i].Seats {
			peak = max(peak, s.Start)
			if s.Finish != nil {
				peak = max(peak, *s.Finish)
			}
		}
	}
	// y maps a stack to its height in integers; a huge stack is shifted
	// down with the peak so that the product fits.
	shift := uint(0)
	for peak>>shift > 1<<40 {
		shift++
	}
	y := func(a int64) int64 {
		a = min(max(a, 0), peak)
		return top + plotH - (a>>shift)*plotH/max(peak>>shift, 1)
	}
	n := max(len(v.rows), 1)
	slot := plotW / float64(n)
	x := func(i int, finish bool) float64 {
		f := 0.15
		if finish {
			f = 0.85
		}
		return float64(left) + slot*(float64(i)+f)
	}
	var sb strings.Builder
	fmt.Fprintf(&sb, `<svg id="%s" class="chart stack-chart" role="img" viewBox="0 0 %d %d" width="%d" height="%d" xmlns="http://www.w3.org/2000/svg">`, id, width, height, width, height)
	fmt.Fprintf(&sb, `<title>%s</title>`, html.EscapeString(L("stack_chart")))
	fmt.Fprintf(&sb, `<line class="axis" x1="%d" y1="%d" x2="%d" y2="%d"/>`, left, top+plotH, width-right, top+plotH)
	fmt.Fprintf(&sb, `<text class="cnt" x="%d" y="%d" text-anchor="end">%s</text>`, left-6, top+10, html.EscapeString(FormatAmount(hand.Amount(peak), v.scale, v.currency)))
	fmt.Fprintf(&sb, `<text class="cnt" x="%d" y="%d" text-anchor="end">0</text>`, left-6, top+plotH)
	fmt.Fprintf(&sb, `<text class="cnt" x="%.1f" y="%d">1</text>`, x(0, false), height-8)
	if len(v.rows) > 1 {
		fmt.Fprintf(&sb, `<text class="cnt" x="%.1f" y="%d" text-anchor="end">%d</text>`, x(len(v.rows)-1, true), height-8, len(v.rows))
	}
	// The marks' lines first, under the stacks.
	for i := range v.rows {
		if h := &v.rows[i]; len(h.Marks) > 0 {
			fmt.Fprintf(&sb, `<line class="mark-line" x1="%.1f" y1="%d" x2="%.1f" y2="%d"/>`, x(i, false), top, x(i, false), top+plotH)
		}
	}
	var d []byte
	for p, name := range names {
		d = d[:0]
		in := false // the player sat in the hand before
		for i := range v.rows {
			h := &v.rows[i]
			k := slices.IndexFunc(h.Seats, func(s sessionSeatRec) bool { return s.Player == name })
			if k < 0 {
				in = false
				continue
			}
			s := &h.Seats[k]
			if in {
				d = append(d, 'L')
			} else {
				d = append(d, 'M')
			}
			d = strconv.AppendFloat(d, x(i, false), 'f', 1, 64)
			d = append(d, ' ')
			d = strconv.AppendInt(d, y(s.Start), 10)
			if s.Finish != nil {
				d = append(d, 'L')
				d = strconv.AppendFloat(d, x(i, true), 'f', 1, 64)
				d = append(d, ' ')
				d = strconv.AppendInt(d, y(*s.Finish), 10)
			}
			in = true
		}
		fmt.Fprintf(&sb, `<path class="pl pl%d" d="%s"><title>%s</title></path>`, p%playerColors, d, html.EscapeString(name))
	}
	for i := range v.rows {
		h := &v.rows[i]
		for _, m := range h.Marks {
			cy := top + plotH
			if k := slices.IndexFunc(h.Seats, func(s sessionSeatRec) bool { return s.Player == m.Player }); m.Player != "" && k >= 0 {
				cy = y(h.Seats[k].Start)
			}
			title := fmt.Sprintf("#%d %s · %s", i+1, h.ID, m.Check)
			if m.Player != "" {
				title += " · " + m.Player
			}
			title += ": " + m.Message
			fmt.Fprintf(&sb, `<a class="mark-link" href="#%s-h%d" data-view="%d"><circle class="mark sev-%s" cx="%.1f" cy="%d" r="5"><title>%s</title></circle></a>`,
				strings.TrimSuffix(id, "-chart"), i+1, h.View, m.Severity, x(i, false), cy, html.EscapeString(title))
		}
	}
	sb.WriteString(`</svg>`)
	sb.WriteString(`<p class="legend">`)
	for p, name := range names {
		fmt.Fprintf(&sb, `<span class="key pl%d"></span>%s `, p%playerColors, html.EscapeString(name))
	}
	sb.WriteString("</p>\n")
	return sb.String()
}

// playerColors is how many line colours the stack chart has (report.css
// .pl0 to .pl7); players beyond share them, and the legend names each.
const playerColors = 8

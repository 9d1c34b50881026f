package reports

import (
	"bufio"
	"fmt"
	"io"
	"sort"

	"github.com/handaudit/handaudit/checks"
)

// ConsoleWriter prints a text summary of the run when it closes: hands
// read and their status, findings by severity and by check, and whether
// the run fails at RunInfo.FailOn. It writes no file; Open's dir is unused.
type ConsoleWriter struct {
	w    io.Writer
	info RunInfo

	hands, clean, flagged, parseErrors int64
	sev                                severityCounts
	byCheck                            map[string]*severityCounts
}

// NewConsole returns a summary writer that prints to w.
func NewConsole(w io.Writer) *ConsoleWriter { return &ConsoleWriter{w: w} }

// Open resets the counts.
func (c *ConsoleWriter) Open(_ string, info RunInfo) error {
	c.info = info.normalized()
	c.byCheck = make(map[string]*severityCounts)
	c.hands, c.clean, c.flagged, c.parseErrors = 0, 0, 0, 0
	c.sev = severityCounts{}
	return nil
}

// WriteHand counts the hand and its findings.
func (c *ConsoleWriter) WriteHand(r *HandResult) error {
	if c.byCheck == nil {
		return fmt.Errorf("reports: console writer not open")
	}
	c.hands++
	switch r.status() {
	case StatusClean:
		c.clean++
	case StatusParseError:
		c.parseErrors++
	default:
		c.flagged++
	}
	for i := range r.Findings {
		f := &r.Findings[i]
		c.sev.add(f.Severity)
		n := c.byCheck[f.CheckID]
		if n == nil {
			n = new(severityCounts)
			c.byCheck[f.CheckID] = n
		}
		n.add(f.Severity)
	}
	return nil
}

// Failed reports whether any finding is at or above RunInfo.FailOn.
func (c *ConsoleWriter) Failed() bool {
	for s := c.info.FailOn; int(s) < len(c.sev); s++ {
		if c.sev[s] > 0 {
			return true
		}
	}
	return false
}

// Close prints the summary.
func (c *ConsoleWriter) Close() error {
	if c.byCheck == nil {
		return nil
	}
	L := func(k string) string { return label(c.info.Lang, k) }
	b := bufio.NewWriter(c.w)
	// Hands audited are those read and replayed, as in every output;
	// parse errors are counted apart.
	audited := c.clean + c.flagged
	fmt.Fprintf(b, "%s: %s  (%s %s, %s %s)\n", L("hands_audited"), groupInt(audited),
		L("ruleset"), orDash(c.info.Ruleset), L("run_id"), orDash(c.info.RunID))
	fmt.Fprintf(b, "  %-22s %12s\n", L("hands_clean"), groupInt(c.clean))
	fmt.Fprintf(b, "  %-22s %12s%s\n", L("hands_flagged"), groupInt(c.flagged), percent(c.flagged, audited))
	fmt.Fprintf(b, "  %-22s %12s\n", L("parse_errors"), groupInt(c.parseErrors))
	fmt.Fprintf(b, "%s: %s  (%s %s, %s %s, %s %s)\n", L("findings"), groupInt(c.sev.total()),
		L("error"), groupInt(c.sev[checks.Error]), L("warning"), groupInt(c.sev[checks.Warning]),
		L("info"), groupInt(c.sev[checks.Info]))
	if len(c.byCheck) > 0 {
		ids := make([]string, 0, len(c.byCheck))
		width := len(L("check"))
		for id := range c.byCheck {
			ids = append(ids, id)
			width = max(width, len(id))
		}
		sort.Slice(ids, func(i, j int) bool {
			a, b := c.byCheck[ids[i]], c.byCheck[ids[j]]
			for _, s := range severityOrder {
				if a[s] != b[s] {
					return a[s] > b[s]
				}
			}
			return ids[i] < ids[j]
		})
		fmt.Fprintf(b, "  %-*s %10s %10s %10s %10s\n", width, L("check"), L("error"), L("warning"), L("info"), L("total"))
		for _, id := range ids {
			n := c.byCheck[id]
			fmt.Fprintf(b, "  %-*s %10s %10s %10s %10s\n", width, id, groupInt(n[checks.Error]),
				groupInt(n[checks.Warning]), groupInt(n[checks.Info]), groupInt(n.total()))
		}
	}
	verdict := L("verdict_pass")
	if c.Failed() {
		verdict = L("verdict_fail")
	}
	fmt.Fprintf(b, "%s (%s: %s %s)\n", verdict, L("fail_on"), L(c.info.FailOn.String()), L("at_or_above"))
	return b.Flush()
}

// Abort prints nothing.
func (c *ConsoleWriter) Abort() error { return nil }

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

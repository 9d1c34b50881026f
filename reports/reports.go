// Package reports writes the results of an audit run: Parquet and Arrow IPC
// tables for analysts, findings.jsonl, a self-contained HTML report for
// compliance officers, SARIF and JUnit XML for CI systems, and a console
// summary.
//
// The batch pipeline drives a Writer as a stream: Open once, WriteHand once
// per hand in input order, then Close (or Abort on failure). Writers keep
// memory bounded: the table formats write rows as they come; the HTML report
// keeps findings compactly and full hand views only for the first
// HTMLOptions.MaxHandViews flagged hands.
//
// Every file is written under a temporary name in the output directory and
// renamed into place on Close, after an fsync, so that a reader never sees a
// half-written report; Abort removes the temporary files. Output names are
// fixed, so nothing is written outside the output directory.
package reports

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/handaudit/handaudit/checks"
	"github.com/handaudit/handaudit/hand"
	"github.com/handaudit/handaudit/replay"
)

// SchemaVersion is the version of the table schemas documented in
// docs/schema.md. It changes whenever a column is added, removed or
// changes meaning.
const SchemaVersion = "1"

// Hand statuses, as written to hands.parquet and shown in the HTML report.
const (
	StatusClean      = "clean"
	StatusFindings   = "findings"
	StatusParseError = "parse-error"
)

// The check IDs of the findings the pipeline raises for hands it could
// not read or audit.
const (
	parseErrorCheck    = "parse.error"
	internalErrorCheck = "internal.error"
)

// HandResult is everything the reports know about one hand read: the record,
// the engine's replay, and the findings. For an input that could not be
// parsed into a hand, Hand is nil and Error says why.
type HandResult struct {
	Hand     *hand.Hand    // nil for a file-level parse error
	Trace    *replay.Trace // may be nil (parse error, or replay not run)
	Findings []checks.Finding

	File   string // input file as given
	Line   int    // first line of the hand (or of the error)
	Format string // input format: "phh", "pokerstars", ...
	Status string // StatusClean, StatusFindings or StatusParseError; derived when empty
	Error  string // the parse error, for StatusParseError

	// Session is the hand's record for the checks across hands, when the
	// session judge put it in a table session (Run > 0): the HTML report's
	// session views draw it.
	Session *checks.SessionHand
}

// status returns r.Status, or derives it when the pipeline left it empty.
func (r *HandResult) status() string {
	if r.Status != "" {
		return r.Status
	}
	switch {
	case r.Hand == nil || r.Error != "":
		return StatusParseError
	case len(r.Findings) > 0:
		return StatusFindings
	}
	return StatusClean
}

// NotAudited is an input or folder entry a run did not audit, and why: a
// coverage gap the reports show apart from parse errors (the record is not
// at fault). It has no hand rows.
type NotAudited struct {
	Name   string // the input or entry as found
	Reason string // why: "symlink loop", "format not read", ...
	Detail string // what it is, or the error met ("FIFO", "permission denied")
	// Quiet: counted, not listed one by one (files that are never hand
	// histories, such as README.md, which every folder of them holds).
	Quiet bool
	// Unsupported: an input in a format handaudit does not read (yet).
	// Format names it ("Bovada text"; "" when not recognised at all),
	// Hands counts its hands by their headers: hands not audited.
	Unsupported bool
	Format      string
	Hands       int64
}

// NotAuditedWriter is a Writer that also reports what the run did not
// audit. The pipeline calls SetNotAudited once, before Close.
type NotAuditedWriter interface {
	SetNotAudited([]NotAudited)
}

// SetNotAudited passes the list to every writer that reports it.
func (m Multi) SetNotAudited(list []NotAudited) {
	for _, w := range m {
		if nw, ok := w.(NotAuditedWriter); ok {
			nw.SetNotAudited(list)
		}
	}
}

// CheckInfo describes one check of the catalog, for SARIF rules, the HTML
// legend and rule quotes.
type CheckInfo struct {
	ID       string
	Title    string
	Severity checks.Severity
	Rule     string // citation with version, e.g. "TDA 2024 Rule 43 (Raise Amounts)"
	RuleText string // the rule's text in English, quoted in reports
	// RuleTextZH is the rule's text in Simplified Chinese; reports in
	// Lang "zh" quote it when present and fall back to RuleText.
	RuleTextZH string
}

// RuleQuote is the text of one rule as findings cite it, for quoting in
// the HTML report.
type RuleQuote struct {
	Citation string // as in Finding.Rule: "TDA 2024 Rule 43 (Raise Amounts)"
	Text     string // English
	TextZH   string // Simplified Chinese; "" when the citation table has none
}

// RunInfo describes the audit run; every output records it.
type RunInfo struct {
	ToolVersion   string
	Ruleset       string // ruleset name, e.g. "tda-2024"
	HouseDigest   string // digest of the house options in force
	SchemaVersion string // defaults to SchemaVersion
	RunID         string
	Inputs        []string // input paths as given
	Lang          string   // "en" (default) or "zh": labels and quoted rule text
	// FailOn is the least severity that fails the run (JUnit failures,
	// the console verdict).
	FailOn checks.Severity
	// Started is when the run started; zero leaves it out of the outputs
	// (outputs are then a function of the inputs alone).
	Started time.Time
	// Checks is the check catalog with rule texts.
	// Findings whose CheckID is not listed are still reported, under their
	// own Rule string.
	Checks []CheckInfo
	// Rules are the rule texts quoted for findings' Rule citations; a
	// citation not listed is shown without a quote.
	Rules []RuleQuote
	// Digests, if set, receives the sha256 and size of every file the
	// writers commit, hashed as it was written (see Digests.Take).
	Digests *Digests
}

// normalized returns info with defaults filled in.
func (info RunInfo) normalized() RunInfo {
	if info.SchemaVersion == "" {
		info.SchemaVersion = SchemaVersion
	}
	if info.Lang == "" {
		info.Lang = "en"
	}
	if info.ToolVersion == "" {
		info.ToolVersion = "dev"
	}
	info.Inputs = slices.Clone(info.Inputs)
	info.Checks = slices.Clone(info.Checks)
	info.Rules = slices.Clone(info.Rules)
	return info
}

// metadata returns the key-value metadata that the table formats record,
// in a fixed order.
func (info RunInfo) metadata() [][2]string {
	md := [][2]string{
		{"handaudit.tool_version", info.ToolVersion},
		{"handaudit.ruleset", info.Ruleset},
		{"handaudit.house_digest", info.HouseDigest},
		{"handaudit.schema_version", info.SchemaVersion},
		{"handaudit.run_id", info.RunID},
	}
	if !info.Started.IsZero() {
		md = append(md, [2]string{"handaudit.started_at", info.Started.UTC().Format(time.RFC3339)})
	}
	return md
}

// checkByID returns the catalog entry for id, if any.
func (info *RunInfo) checkByID(id string) (CheckInfo, bool) {
	for _, c := range info.Checks {
		if c.ID == id {
			return c, true
		}
	}
	return CheckInfo{}, false
}

// Writer writes one output format. The pipeline calls Open, then WriteHand
// for each hand in input order, then Close; on failure it calls Abort
// instead of Close, which removes any partial output. A Writer is not safe
// for concurrent use.
type Writer interface {
	Open(dir string, info RunInfo) error
	WriteHand(r *HandResult) error
	Close() error
	Abort() error
}

// Formats lists the format names New accepts.
func Formats() []string {
	return []string{"parquet", "arrow", "jsonl", "html", "sarif", "junit"}
}

// New returns the writer for a format name (see Formats). The console
// summary is not a file format: use NewConsole.
func New(format string) (Writer, error) {
	switch strings.ToLower(format) {
	case "parquet":
		return NewParquet(), nil
	case "arrow":
		return NewArrow(), nil
	case "jsonl":
		return NewJSONL(), nil
	case "html":
		return NewHTML(HTMLOptions{}), nil
	case "sarif":
		return NewSARIF(), nil
	case "junit":
		return NewJUnit(), nil
	}
	return nil, fmt.Errorf("unknown report format %q (want one of %s)", format, strings.Join(Formats(), ", "))
}

// Multi fans one stream out to several writers.
type Multi []Writer

// Open opens every writer; if one fails, those already open are aborted.
func (m Multi) Open(dir string, info RunInfo) error {
	for i, w := range m {
		if err := w.Open(dir, info); err != nil {
			for _, o := range m[:i] {
				_ = o.Abort()
			}
			return err
		}
	}
	return nil
}

// WriteHand passes r to every writer and returns the first error.
func (m Multi) WriteHand(r *HandResult) error {
	for _, w := range m {
		if err := w.WriteHand(r); err != nil {
			return err
		}
	}
	return nil
}

// Close closes every writer. If one fails, the writers after it are
// aborted and the error returned; outputs already closed stay in place.
func (m Multi) Close() error {
	for i, w := range m {
		if err := w.Close(); err != nil {
			for _, o := range m[i+1:] {
				_ = o.Abort()
			}
			return err
		}
	}
	return nil
}

// Abort aborts every writer.
func (m Multi) Abort() error {
	var errs []error
	for _, w := range m {
		errs = append(errs, w.Abort())
	}
	return errors.Join(errs...)
}

// severityCounts counts findings by severity.
type severityCounts [3]int64

func (c *severityCounts) add(s checks.Severity) {
	if int(s) < len(c) {
		c[s]++
	}
}

func (c severityCounts) total() int64 { return c[0] + c[1] + c[2] }

// worst is the highest severity counted, -1 for none.
func (c severityCounts) worst() int {
	for s := len(c) - 1; s >= 0; s-- {
		if c[s] > 0 {
			return s
		}
	}
	return -1
}

// formatAmount prints a in currency units: 1234 at scale 100 is "12.34".
// Scales that are not powers of ten print as a fraction.
func formatAmount(a hand.Amount, scale int64) string {
	var buf [40]byte
	return string(appendAmount(buf[:0], a, scale))
}

// appendAmount appends formatAmount's text without fmt: it runs for every
// amount of every row and hand view.
func appendAmount(b []byte, a hand.Amount, scale int64) []byte {
	if scale <= 1 {
		return appendInt(b, int64(a))
	}
	digits := decimalDigits(scale)
	if digits < 0 {
		b = appendInt(b, int64(a))
		b = append(b, '/')
		return appendInt(b, scale)
	}
	u := uint64(a)
	if a < 0 {
		u = -u
		b = append(b, '-')
	}
	if digits == 2 && u < 1000_00 {
		// Cents, below 1,000: most amounts, appended at once.
		whole, c := u/100, u%100*2
		switch {
		case whole < 10:
			return append(b, byte('0'+whole), '.', digitPairs[c], digitPairs[c+1])
		case whole < 100:
			return append(b, digitPairs[2*whole], digitPairs[2*whole+1], '.', digitPairs[c], digitPairs[c+1])
		}
		return append(b, byte('0'+whole/100), digitPairs[whole%100*2], digitPairs[whole%100*2+1], '.', digitPairs[c], digitPairs[c+1])
	}
	// Written from the right, two digits at a time: the fraction's digits
	// (leading zeros included), the point, the whole part's digits (at
	// least one).
	var buf [48]byte
	i := len(buf)
	for ; digits >= 2; digits -= 2 {
		d := u % 100 * 2
		i -= 2
		buf[i], buf[i+1] = digitPairs[d], digitPairs[d+1]
		u /= 100
	}
	if digits == 1 {
		i--
		buf[i] = byte('0' + u%10)
		u /= 10
	}
	i--
	buf[i] = '.'
	for u >= 100 {
		d := u % 100 * 2
		i -= 2
		buf[i], buf[i+1] = digitPairs[d], digitPairs[d+1]
		u /= 100
	}
	if u >= 10 {
		i -= 2
		buf[i], buf[i+1] = digitPairs[2*u], digitPairs[2*u+1]
	} else {
		i--
		buf[i] = byte('0' + u)
	}
	return append(b, buf[i:]...)
}

// digitPairs is "00" to "99", end to end.
const digitPairs = "00010203040506070809" + "10111213141516171819" + "20212223242526272829" + "30313233343536373839" +
	"40414243444546474849" + "50515253545556575859" + "60616263646566676869" + "70717273747576777879" +
	"80818283848586878889" + "90919293949596979899"

// decimalDigits is n when scale is 10^n, n ≥ 1, and -1 for other scales.
func decimalDigits(scale int64) int {
	if scale == 100 { // cents: most amounts
		return 2
	}
	n := 0
	for ; scale > 1 && scale%10 == 0; scale /= 10 {
		n++
	}
	if scale != 1 || n == 0 {
		return -1
	}
	return n
}

package explain

import (
	"io"
	"os"
	"path/filepath"

	"github.com/handaudit/handaudit/checks"
	"github.com/handaudit/handaudit/replay"
	"github.com/handaudit/handaudit/reports"
)

// WriteHTML writes the hand as the HTML report shows it: the report
// writer's own page (reports.NewHTML), holding this one hand, standalone
// and self-contained. The page is built in a temporary folder and copied
// to w. Note that the report gives a hand view only to a hand with
// findings; a clean hand is listed as clean.
func WriteHTML(w io.Writer, e *Explanation, o Options) error {
	r := &reports.HandResult{Hand: e.Hand, Trace: e.Trace, Findings: e.Findings, File: e.File, Line: e.Hand.Pos.Line, Format: e.Hand.Format}
	return writeHTMLPage(w, r, e.Rules, e.File, o)
}

// WriteParseErrorHTML writes a hand or file that could not be read as the
// HTML report shows it.
func WriteParseErrorHTML(w io.Writer, src *Source, rs *replay.Ruleset, o Options) error {
	f := parseErrorFinding(src)
	r := &reports.HandResult{Findings: []checks.Finding{f}, File: src.File, Line: src.ParseError.Line, Format: string(src.Format),
		Status: reports.StatusParseError, Error: src.ParseError.Msg}
	return writeHTMLPage(w, r, rs, src.File, o)
}

func writeHTMLPage(w io.Writer, r *reports.HandResult, rs *replay.Ruleset, file string, o Options) (err error) {
	if rs == nil {
		d := replay.Default()
		rs = &d
	}
	dir, err := os.MkdirTemp("", "handaudit-explain-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	infos, quotes := catalogInfo(rs)
	id := "explain"
	if r.Hand != nil && r.Hand.ID != "" {
		id += " " + r.Hand.ID
	}
	info := reports.RunInfo{
		ToolVersion: o.ToolVersion, Ruleset: rs.Name, HouseDigest: rs.Digest(), RunID: id,
		Inputs: []string{file}, Lang: langOf(o.Lang), FailOn: o.FailOn, Checks: infos, Rules: quotes,
	}
	hw := reports.NewHTML(reports.HTMLOptions{MaxHandViews: 1, OpenHand: true})
	if err := hw.Open(dir, info); err != nil {
		return err
	}
	if err := hw.WriteHand(r); err != nil {
		_ = hw.Abort()
		return err
	}
	if err := hw.Close(); err != nil {
		return err
	}
	f, err := os.Open(filepath.Join(dir, "report.html"))
	if err != nil {
		return err
	}
	defer f.Close()
	_, err = io.Copy(w, f)
	return err
}

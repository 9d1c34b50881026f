package batch

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"

	"github.com/handaudit/handaudit/checks"
	"github.com/handaudit/handaudit/hand"
	"github.com/handaudit/handaudit/replay"
	"github.com/handaudit/handaudit/reports"
)

// outputs drives the report writers for one run.
type outputs struct {
	w reports.Multi
}

// openOutputs creates the output folder and opens a writer per format.
func openOutputs(o Options, formats []string, rs *replay.Ruleset, inputs []Input) (*outputs, error) {
	if err := os.MkdirAll(o.OutDir, 0o755); err != nil {
		return nil, err
	}
	var m reports.Multi
	for _, f := range formats {
		w, err := reports.New(f)
		if err != nil {
			return nil, &ConfigError{err}
		}
		m = append(m, w)
	}
	names := make([]string, len(inputs))
	for i, in := range inputs {
		names[i] = in.Name
	}
	info := reports.RunInfo{
		ToolVersion: ToolVersion, Ruleset: rs.Name, HouseDigest: rs.Digest(),
		RunID: runID(rs, names), Inputs: names, Lang: o.Lang, FailOn: o.FailOn,
		Checks: CheckInfos(rs),
	}
	if err := m.Open(o.OutDir, info); err != nil {
		return nil, err
	}
	return &outputs{w: m}, nil
}

// CheckInfos describes the catalog for the reports: IDs, titles, and the
// rule each check enforces under rs, with its text in English and Chinese.
func CheckInfos(rs *replay.Ruleset) []reports.CheckInfo {
	var out []reports.CheckInfo
	for _, c := range checks.Catalog() {
		ci := reports.CheckInfo{ID: c.ID, Title: c.Title, Severity: c.Severity, Rule: c.Rule(rs, hand.NoLimit)}
		if c.RuleKey != "" {
			cit := replay.Cite(rs, c.RuleKey)
			ci.RuleText, ci.RuleTextZH = cit.TextEN, cit.TextZH
		}
		out = append(out, ci)
	}
	return out
}

// runID names a run by what it audited and how, so that the same inputs and
// rules give the same ID (and byte-identical outputs).
func runID(rs *replay.Ruleset, inputs []string) string {
	h := sha256.New()
	fmt.Fprintf(h, "%s\n%s\n%s\n", ToolVersion, rs.Name, rs.Digest())
	for _, n := range inputs {
		fmt.Fprintf(h, "%s\n", n)
	}
	return hex.EncodeToString(h.Sum(nil))[:16]
}

func (o *outputs) write(r *Result) error {
	hr := &reports.HandResult{Hand: r.Hand, Trace: r.Trace, Findings: r.Findings,
		File: r.Input.Name, Line: r.Line, Format: string(r.Format)}
	if r.ParseError != nil {
		hr.Status = reports.StatusParseError
		hr.Error = r.ParseError.Msg
	} else if r.Hand == nil {
		hr.Status = reports.StatusParseError
		if len(r.Findings) > 0 {
			hr.Error = r.Findings[0].Message
		}
	}
	return o.w.WriteHand(hr)
}

func (o *outputs) close(*Summary) error { return o.w.Close() }

func (o *outputs) abort() { _ = o.w.Abort() }

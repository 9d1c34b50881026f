package batch

import (
	"log/slog"
	"slices"
	"strings"

	"github.com/handaudit/handaudit/reports"
)

// Unsupported is an input in a format handaudit does not read: its hands
// are counted by their headers, and reported apart from parse errors (the
// record is not at fault; handaudit cannot read it).
type Unsupported struct {
	Format string // the format's name ("Bovada text"); "" when not recognised at all
	Hands  int64  // hands counted by their headers
}

// FormatNotRecognised names the format of an unsupported input that
// handaudit recognises not at all (named on the command line; found in a
// folder, such a file is skipped).
const FormatNotRecognised = "format not recognised"

// name is the format's name for reports.
func (u *Unsupported) name() string {
	if u.Format == "" {
		return FormatNotRecognised
	}
	return u.Format
}

// UnsupportedInput is an unsupported input of a run.
type UnsupportedInput struct {
	Name   string
	Format string // as Unsupported.name
	Hands  int64
}

// logUnsupported says that an input's format is not read.
func logUnsupported(l *slog.Logger, u UnsupportedInput) {
	l.Warn("not audited", "file", u.Name, "reason", reasonFormatNotRead, "format", u.Format, "hands", u.Hands)
}

// reasonFormatNotRead is why an unsupported input is not audited.
const reasonFormatNotRead = "format not read"

// notAudited lists, in name order, what a run did not audit, for the
// reports: folder entries and inputs skipped, and unsupported inputs.
func notAudited(skipped []Skipped, unsupported []UnsupportedInput) []reports.NotAudited {
	var out []reports.NotAudited
	for _, sk := range skipped {
		out = append(out, reports.NotAudited{Name: sk.Name, Reason: sk.Reason, Detail: sk.Detail, Quiet: sk.Reason == SkipByName})
	}
	for _, u := range unsupported {
		format := u.Format
		if format == FormatNotRecognised {
			format = ""
		}
		out = append(out, reports.NotAudited{Name: u.Name, Reason: reasonFormatNotRead, Unsupported: true, Format: format, Hands: u.Hands})
	}
	slices.SortStableFunc(out, func(a, b reports.NotAudited) int { return strings.Compare(a.Name, b.Name) })
	return out
}

// unsupportedTotals counts a run's unsupported inputs and their hands.
func unsupportedTotals(us []UnsupportedInput) (inputs, hands int64) {
	for _, u := range us {
		inputs++
		hands += u.Hands
	}
	return inputs, hands
}

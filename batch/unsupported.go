package batch

import (
	"bytes"
	"io"
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

// recognise names the format of text that no reader reads, from its first
// bytes, and gives the marker that starts each of its hands; "" and nil
// when the text is in no format handaudit recognises.
var recognise = func(head []byte) (name string, marker []byte) { return "", nil }

// countMarker counts the occurrences of marker in r, to its end.
func countMarker(r io.Reader, marker []byte) (int64, error) {
	var n int64
	buf := make([]byte, 64<<10+len(marker))
	keep := 0 // bytes carried over from the last read: a marker may straddle two
	for {
		k, err := r.Read(buf[keep:])
		if k > 0 {
			window := buf[:keep+k]
			n += int64(bytes.Count(window, marker))
			keep = min(len(marker)-1, len(window))
			copy(buf, window[len(window)-keep:])
		}
		if err == io.EOF {
			return n, nil
		}
		if err != nil {
			return n, err
		}
	}
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

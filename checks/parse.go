package checks

import "github.com/handaudit/handaudit/parser"

// ParseErrorFinding turns a hand or file that could not be read into a
// parse.error finding, so that a bad input shows up in the report with its
// file, line and reason instead of stopping the run.
func ParseErrorFinding(e *parser.Error) Finding {
	f := Finding{
		CheckID:     checkParseError.ID,
		Severity:    checkParseError.Severity,
		HandID:      e.HandID,
		File:        e.File,
		Line:        e.Line,
		ActionIndex: -1,
		Message:     e.Msg,
	}
	if e.Text != "" {
		f.Message += " (line: " + quote(e.Text) + ")"
	}
	return f
}

// quote is strconv.Quote without escaping printable non-ASCII names.
func quote(s string) string {
	b := make([]byte, 0, len(s)+2)
	b = append(b, '"')
	for _, r := range s {
		switch {
		case r == '"' || r == '\\':
			b = append(b, '\\', byte(r))
		case r < 0x20 || r == 0x7f:
			b = append(b, '\\', 'x', "0123456789abcdef"[r>>4], "0123456789abcdef"[r&15])
		default:
			b = append(b, string(r)...)
		}
	}
	return string(append(b, '"'))
}

package batch

import (
	"fmt"

	"github.com/handaudit/handaudit/checks"
)

// Check IDs of the findings the pipeline itself raises.
const (
	parseErrorID    = "parse.error"
	internalErrorID = "internal.error"
)

// ioErrorFinding reports an input that could not be opened or read. It is a
// parse.error finding (the input was not audited) at line 0; the run also
// counts it as an I/O error for the exit code.
func ioErrorFinding(file string, err error) checks.Finding {
	return checks.Finding{
		CheckID: parseErrorID, Severity: checks.Error,
		Rule:        "handaudit input (the record could not be read)",
		Message:     fmt.Sprintf("cannot read %s: %v", file, err),
		File:        file,
		ActionIndex: -1,
	}
}

// internalErrorFinding reports a bug in handaudit met while auditing a hand
// or input: the hand was not audited, and the run goes on.
func internalErrorFinding(file string, line int, msg string) checks.Finding {
	return checks.Finding{
		CheckID: internalErrorID, Severity: checks.Error,
		Rule:        "handaudit internal error (the hand was not audited)",
		Message:     msg,
		File:        file,
		Line:        line,
		ActionIndex: -1,
	}
}

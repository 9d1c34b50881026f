// Package checks is the check catalog: each check reads a hand's record and
// the rules engine's Trace of it, and reports Findings where the record
// breaks a rule or miscounts chips.
package checks

import (
	"fmt"
	"time"

	"github.com/handaudit/handaudit/hand"
)

// Severity ranks a finding.
type Severity uint8

// Severities, least severe first, so that s >= FailOn compares.
const (
	Info Severity = iota
	Warning
	Error
)

var severityNames = [...]string{"info", "warning", "error"}

func (s Severity) String() string {
	if int(s) < len(severityNames) {
		return severityNames[s]
	}
	return "unknown"
}

// ParseSeverity reads "info", "warning" or "error".
func ParseSeverity(s string) (Severity, error) {
	for i, n := range severityNames {
		if n == s {
			return Severity(i), nil
		}
	}
	return 0, fmt.Errorf("unknown severity %q (want info, warning or error)", s)
}

// Finding is one rule violation or miscount in one hand, with the evidence a
// reviewer needs to check it: where it happened and the amounts involved.
type Finding struct {
	CheckID  string   // stable ID from the catalog, e.g. "raise.under-minimum"
	Severity Severity //
	Rule     string   // rule cited with version and title, e.g. "TDA 2024 Rule 43 (Raise Amounts)"
	Message  string   // plain English naming the player, street and amounts

	HandID    string
	Table     string
	StartedAt time.Time // zero if unknown
	File      string
	Line      int // 0 if unknown

	Street      string // "preflop", "flop", ... or "" when not tied to a street
	ActionIndex int    // index into the hand's actions, -1 when not tied to an action
	Seat        int    // seat number, 0 when not tied to a player
	Player      string

	Expected    hand.Amount
	HasExpected bool
	Recorded    hand.Amount
	HasRecorded bool

	Currency string
	Scale    int64
}

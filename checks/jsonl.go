package checks

import (
	"bytes"
	"encoding/json"
	"io"
	"strconv"
	"time"
)

// jsonFinding is the findings.jsonl record: exactly these keys, in this
// order, amounts as integers in minor units, absent values as null.
type jsonFinding struct {
	CheckID     string  `json:"check_id"`
	Severity    string  `json:"severity"`
	Rule        *string `json:"rule"`
	Message     string  `json:"message"`
	HandID      *string `json:"hand_id"`
	Table       *string `json:"table"`
	StartedAt   *string `json:"started_at"`
	File        *string `json:"file"`
	Line        *int    `json:"line"`
	Street      *string `json:"street"`
	ActionIndex *int    `json:"action_index"`
	Seat        *int    `json:"seat"`
	Player      *string `json:"player"`
	Expected    *int64  `json:"expected"`
	Recorded    *int64  `json:"recorded"`
	Currency    *string `json:"currency"`
	Scale       *int64  `json:"scale"`
}

func optString(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}

func optInt(n int, ok bool) *int {
	if !ok {
		return nil
	}
	return &n
}

func (f *Finding) jsonRecord() jsonFinding {
	j := jsonFinding{
		CheckID:     f.CheckID,
		Severity:    f.Severity.String(),
		Rule:        optString(f.Rule),
		Message:     f.Message,
		HandID:      optString(f.HandID),
		Table:       optString(f.Table),
		File:        optString(f.File),
		Line:        optInt(f.Line, f.Line > 0),
		Street:      optString(f.Street),
		ActionIndex: optInt(f.ActionIndex, f.ActionIndex >= 0),
		Seat:        optInt(f.Seat, f.Seat > 0),
		Player:      optString(f.Player),
		Currency:    optString(f.Currency),
	}
	if !f.StartedAt.IsZero() {
		s := f.StartedAt.UTC().Format(time.RFC3339)
		j.StartedAt = &s
	}
	if f.HasExpected {
		x := int64(f.Expected)
		j.Expected = &x
	}
	if f.HasRecorded {
		x := int64(f.Recorded)
		j.Recorded = &x
	}
	if f.Scale > 0 {
		x := f.Scale
		j.Scale = &x
	}
	return j
}

// encode appends the JSON object of f and a newline to b. HTML characters
// are left as they are: the output is data, not a web page.
func (f *Finding) encode(b *bytes.Buffer) error {
	enc := json.NewEncoder(b)
	enc.SetEscapeHTML(false)
	return enc.Encode(f.jsonRecord())
}

// MarshalJSON encodes the finding as one findings.jsonl object (see WriteJSONL).
func (f Finding) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	if err := f.encode(&b); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(b.Bytes(), []byte("\n")), nil
}

// WriteJSONL writes f as one line of findings.jsonl: a JSON object with the
// keys check_id, severity, rule, message, hand_id, table, started_at
// (RFC 3339, UTC), file, line, street, action_index, seat, player,
// expected, recorded, currency and scale, in that order. Amounts are
// integers in the hand's minor units (scale says how many make one unit of
// currency); absent values are null. The bytes depend only on f.
func WriteJSONL(w io.Writer, f *Finding) error {
	var b bytes.Buffer
	if err := f.encode(&b); err != nil {
		return err
	}
	_, err := w.Write(b.Bytes())
	return err
}

// String is a one-line form for logs and the console: "file:line: check-id: message".
func (f Finding) String() string {
	s := f.File
	if f.Line > 0 {
		s += ":" + strconv.Itoa(f.Line)
	}
	if s != "" {
		s += ": "
	}
	return s + f.CheckID + ": " + f.Message
}

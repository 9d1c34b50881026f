package checks_test

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/handaudit/handaudit/checks"
	"github.com/handaudit/handaudit/parser"
)

func TestWriteJSONL(t *testing.T) {
	f := checks.Finding{
		CheckID: "raise.under-minimum", Severity: checks.Error,
		Rule:    "TDA 2024 Rule 43 (Raise Amounts)",
		Message: "p3 raised to 2.50 on the flop; the minimum raise was to 4 (last full raise 2) <&>",
		HandID:  "254", Table: "T1", StartedAt: time.Date(2024, 3, 1, 18, 4, 5, 0, time.FixedZone("ET", -5*3600)),
		File: "a.txt", Line: 12, Street: "flop", ActionIndex: 9, Seat: 3, Player: "p3",
		Expected: 400, HasExpected: true, Recorded: 250, HasRecorded: true, Currency: "USD", Scale: 100,
	}
	var b bytes.Buffer
	if err := checks.WriteJSONL(&b, &f); err != nil {
		t.Fatal(err)
	}
	want := `{"check_id":"raise.under-minimum","severity":"error","rule":"TDA 2024 Rule 43 (Raise Amounts)",` +
		`"message":"p3 raised to 2.50 on the flop; the minimum raise was to 4 (last full raise 2) <&>",` +
		`"hand_id":"254","table":"T1","started_at":"2024-03-01T23:04:05Z","file":"a.txt","line":12,` +
		`"street":"flop","action_index":9,"seat":3,"player":"p3","expected":400,"recorded":250,` +
		`"currency":"USD","scale":100}` + "\n"
	if b.String() != want {
		t.Errorf("WriteJSONL:\n got %s\nwant %s", b.String(), want)
	}

	// Absent values are null, and the keys are always all there.
	pe := checks.ParseErrorFinding(&parser.Error{File: "x.phh", Line: 3, HandIndex: 0, Msg: "bad card", Text: "d dh p1 Xx"})
	b.Reset()
	if err := checks.WriteJSONL(&b, &pe); err != nil {
		t.Fatal(err)
	}
	want = `{"check_id":"parse.error","severity":"error","rule":null,"message":"bad card (line: \"d dh p1 Xx\")",` +
		`"hand_id":null,"table":null,"started_at":null,"file":"x.phh","line":3,"street":null,"action_index":null,` +
		`"seat":null,"player":null,"expected":null,"recorded":null,"currency":null,"scale":null}` + "\n"
	if b.String() != want {
		t.Errorf("WriteJSONL of a parse error:\n got %s\nwant %s", b.String(), want)
	}

	// MarshalJSON gives the same object.
	j, err := json.Marshal(pe)
	if err != nil || string(j)+"\n" != want {
		t.Errorf("MarshalJSON = %s, %v", j, err)
	}
	var keys map[string]any
	if err := json.Unmarshal(j, &keys); err != nil || len(keys) != 17 {
		t.Errorf("want 17 keys, got %d (%v)", len(keys), err)
	}
	if !strings.Contains(pe.String(), "x.phh:3: parse.error: bad card") {
		t.Errorf("String() = %q", pe.String())
	}
}

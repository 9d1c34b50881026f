package reports

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/parquet-go/parquet-go"
)

// expectedFindingRows and expectedHandRows are what the writers must store
// for results: built independently of the writer's batching.
func expectedFindingRows(results []*HandResult) []FindingRow {
	var rows []FindingRow
	var slab rowMem
	for _, r := range results {
		for i := range r.Findings {
			rows = append(rows, findingRow(&r.Findings[i], r, &slab))
		}
	}
	return rows
}

func expectedHandRows(results []*HandResult) []HandRow {
	var rows []HandRow
	var slab rowMem
	for _, r := range results {
		rows = append(rows, handRow(r, &slab))
	}
	return rows
}

func readParquet[T any](t *testing.T, path string) ([]T, *parquet.File) {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	st, _ := f.Stat()
	pf, err := parquet.OpenFile(f, st.Size())
	if err != nil {
		t.Fatalf("open %s: %v", path, err)
	}
	r := parquet.NewGenericReader[T](f)
	defer r.Close()
	rows := make([]T, r.NumRows())
	n, err := r.Read(rows)
	if err != nil && n != len(rows) {
		t.Fatalf("read %s: %v", path, err)
	}
	return rows[:n], pf
}

func TestParquetRoundTrip(t *testing.T) {
	dir := t.TempDir()
	results := sampleResults()
	writeAll(t, NewParquet(), dir, testInfo(), results)

	got, pf := readParquet[FindingRow](t, filepath.Join(dir, "findings.parquet"))
	want := expectedFindingRows(results)
	if len(got) != len(want) || len(got) != 5 {
		t.Fatalf("findings: got %d rows, want %d (5)", len(got), len(want))
	}
	for i := range want {
		if g, w := mustJSON(t, got[i]), mustJSON(t, want[i]); g != w {
			t.Errorf("finding row %d:\n got %s\nwant %s", i, g, w)
		}
	}
	// Zero is a value, absence is null.
	if got[2].ActionIndex == nil || *got[2].ActionIndex != 0 || got[2].Expected == nil || *got[2].Expected != 0 {
		t.Errorf("action_index/expected 0 must survive as 0, got %v %v", got[2].ActionIndex, got[2].Expected)
	}
	if got[1].ActionIndex != nil {
		t.Errorf("hand-level finding: action_index should be null, got %d", *got[1].ActionIndex)
	}
	if got[3].Player != "dave" || got[3].Seat != 1 {
		t.Errorf("player names lost: %q %q", got[2].Player, got[3].Player)
	}
	md := map[string]string{}
	for _, kv := range pf.Metadata().KeyValueMetadata {
		md[kv.Key] = kv.Value
	}
	for k, v := range map[string]string{"handaudit.tool_version": "1.2.3-test", "handaudit.ruleset": "tda-2024",
		"handaudit.house_digest": "sha256:abc123", "handaudit.schema_version": SchemaVersion, "handaudit.run_id": "run-0001"} {
		if md[k] != v {
			t.Errorf("metadata %s = %q, want %q", k, md[k], v)
		}
	}

	hands, _ := readParquet[HandRow](t, filepath.Join(dir, "hands.parquet"))
	wantHands := expectedHandRows(results)
	if len(hands) != 5 {
		t.Fatalf("hands: got %d rows, want 5", len(hands))
	}
	for i := range wantHands {
		if g, w := mustJSON(t, hands[i]), mustJSON(t, wantHands[i]); g != w {
			t.Errorf("hand row %d:\n got %s\nwant %s", i, g, w)
		}
	}
	if hands[2].Status != StatusParseError || hands[0].Status != StatusClean || hands[1].Status != StatusFindings {
		t.Errorf("statuses: %q %q %q", hands[0].Status, hands[1].Status, hands[2].Status)
	}
	if hands[1].FindingsError != 1 || hands[1].FindingsWarning != 1 || hands[1].Findings != 2 {
		t.Errorf("hand 2 counts: %+v", hands[1])
	}
	if hands[0].Stakes != "0.50/1.00 USD" || *hands[0].TotalPot != 1150 || *hands[0].Players != 3 {
		t.Errorf("hand 1: stakes %q pot %v players %v", hands[0].Stakes, *hands[0].TotalPot, *hands[0].Players)
	}
	// No temporary file is left behind.
	entries, _ := os.ReadDir(dir)
	if len(entries) != 3 {
		t.Errorf("out dir holds %d entries, want 3 (findings.parquet, hands.parquet, settlements.parquet)", len(entries))
	}
}

func mustJSON(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// duckdbResult is what testdata/interop/duckdb_read.mjs prints.
type duckdbResult struct {
	Count   int `json:"count"`
	Columns []struct {
		Name string `json:"name"`
		Type string `json:"type"`
	} `json:"columns"`
	KV []struct {
		Key   string `json:"key"`
		Value string `json:"value"`
	} `json:"kv"`
	Compression []struct {
		Col         string `json:"col"`
		Compression string `json:"compression"`
		Encodings   string `json:"encodings"`
	} `json:"compression"`
	RowGroups int              `json:"rowGroups"`
	Rows      []map[string]any `json:"rows"`
}

func duckdbRead(t *testing.T, path string) duckdbResult {
	t.Helper()
	node, dir := nodeModule(t)
	cmd := exec.Command(node, filepath.Join(dir, "duckdb_read.mjs"), path)
	cmd.Dir = dir
	out, err := cmd.Output()
	if err != nil {
		msg := ""
		if ee, ok := err.(*exec.ExitError); ok {
			msg = string(ee.Stderr)
		}
		t.Fatalf("duckdb_read %s: %v\n%s", path, err, msg)
	}
	var res duckdbResult
	if err := json.Unmarshal(out, &res); err != nil {
		t.Fatalf("duckdb output: %v\n%s", err, out)
	}
	return res
}

// TestParquetDuckDB reads both Parquet files with a real DuckDB and
// compares counts, types, metadata and values with what was written.
func TestParquetDuckDB(t *testing.T) {
	nodeModule(t)
	dir := t.TempDir()
	results := append(sampleResults(), manyResults(3000, 4)...)
	writeAll(t, NewParquet(), dir, testInfo(), results)

	want := expectedFindingRows(results)
	res := duckdbRead(t, filepath.Join(dir, "findings.parquet"))
	if res.Count != len(want) || len(res.Rows) != len(want) {
		t.Fatalf("duckdb counts %d rows (%d read), want %d", res.Count, len(res.Rows), len(want))
	}
	var names []string
	types := map[string]string{}
	for _, c := range res.Columns {
		names = append(names, c.Name)
		types[c.Name] = c.Type
	}
	if strings.Join(names, ",") != strings.Join(findingRowColumns, ",") {
		t.Errorf("columns %v, want %v", names, findingRowColumns)
	}
	for col, typ := range map[string]string{"started_at": "TIMESTAMP WITH TIME ZONE", "expected": "BIGINT",
		"check_id": "VARCHAR", "action_index": "BIGINT"} {
		if types[col] != typ {
			t.Errorf("column %s has type %s, want %s", col, types[col], typ)
		}
	}
	kv := map[string]string{}
	for _, e := range res.KV {
		kv[e.Key] = e.Value
	}
	if kv["handaudit.run_id"] != "run-0001" || kv["handaudit.schema_version"] != SchemaVersion {
		t.Errorf("kv metadata: %v", kv)
	}
	for _, c := range res.Compression {
		if c.Compression != "ZSTD" {
			t.Errorf("column %s compressed with %s, want ZSTD", c.Col, c.Compression)
		}
		if c.Col == "check_id" && !strings.Contains(c.Encodings, "DICTIONARY") {
			t.Errorf("check_id encodings %q: want a dictionary", c.Encodings)
		}
	}
	for i, w := range want {
		g := res.Rows[i]
		if g["check_id"] != w.CheckID || g["message"] != w.Message || g["severity"] != w.Severity {
			t.Fatalf("row %d: got %v, want %+v", i, g, w)
		}
		checkNullableInt(t, i, "action_index", g["action_index"], w.ActionIndex)
		checkNullableInt(t, i, "expected", g["expected"], w.Expected)
		checkNullableInt(t, i, "recorded", g["recorded"], w.Recorded)
		if w.Line == 0 && g["line"] != nil || w.Line != 0 && g["line"] != formatInt(w.Line) {
			t.Errorf("row %d line: got %v, want %d", i, g["line"], w.Line)
		}
	}
	// The XSS hand ID and the repaired non-UTF-8 name come through verbatim.
	if res.Rows[2]["hand_id"] != xssHandID {
		t.Errorf("hand_id: got %v", res.Rows[2]["hand_id"])
	}
	if ts, _ := res.Rows[0]["started_at"].(string); !strings.HasPrefix(ts, "2025-03-14 21:08:07.123456") {
		t.Errorf("started_at with microseconds in UTC: got %q", ts)
	}

	hands := duckdbRead(t, filepath.Join(dir, "hands.parquet"))
	if hands.Count != len(results) {
		t.Fatalf("hands: duckdb counts %d, want %d", hands.Count, len(results))
	}
	wantHands := expectedHandRows(results)
	var flagged, parseErrors int
	for i, w := range wantHands {
		g := hands.Rows[i]
		if g["status"] != w.Status || g["findings"] != formatInt(w.Findings) || g["hand_id"] != nullable(w.HandID) {
			t.Fatalf("hand row %d: got %v, want %+v", i, g, w)
		}
		checkNullableInt(t, i, "total_pot", g["total_pot"], w.TotalPot)
		switch w.Status {
		case StatusFindings:
			flagged++
		case StatusParseError:
			parseErrors++
		}
	}
	if flagged != 753 || parseErrors != 1 {
		t.Errorf("flagged %d, parse errors %d; want 753 and 1", flagged, parseErrors)
	}
}

func formatInt(n int64) string { return strconv.FormatInt(n, 10) }

func nullable(s string) any {
	if s == "" {
		return nil
	}
	return s
}

func checkNullableInt(t *testing.T, row int, col string, got any, want *int64) {
	t.Helper()
	if want == nil {
		if got != nil {
			t.Errorf("row %d %s: got %v, want null", row, col, got)
		}
		return
	}
	if got != formatInt(*want) {
		t.Errorf("row %d %s: got %v, want %d", row, col, got, *want)
	}
}

// TestParquetRowGroups checks that large tables are cut into row groups
// of at most 128k rows.
func TestParquetRowGroups(t *testing.T) {
	if testing.Short() {
		t.Skip("writes 300,000 findings")
	}
	dir := t.TempDir()
	w := NewParquet()
	if err := w.Open(dir, testInfo()); err != nil {
		t.Fatal(err)
	}
	h, tr := buildHand("RG", "T", "f.txt", 1, t0, [3]string{"a", "b", "c"})
	r := &HandResult{Hand: h, Trace: tr, File: "f.txt", Line: 1}
	for i := 0; i < 100; i++ {
		r.Findings = append(r.Findings, finding(h, "raise.under-minimum", 2, 2, "m"))
	}
	for i := 0; i < 3000; i++ {
		if err := w.WriteHand(r); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	_, pf := readParquet[FindingRow](t, filepath.Join(dir, "findings.parquet"))
	groups := pf.RowGroups()
	if len(groups) != 3 {
		t.Fatalf("%d row groups, want 3", len(groups))
	}
	for i, g := range groups[:2] {
		if g.NumRows() != parquetRowGroupRows {
			t.Errorf("row group %d has %d rows, want %d", i, g.NumRows(), parquetRowGroupRows)
		}
	}
}

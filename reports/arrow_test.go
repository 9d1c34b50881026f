package reports

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/ipc"
	"github.com/apache/arrow-go/v18/arrow/memory"
)

// readArrow reads every row of an Arrow IPC file as strings per column
// ("<null>" for null), with the schema.
func readArrow(t *testing.T, path string) (*arrow.Schema, [][]string) {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	r, err := ipc.NewFileReader(f, ipc.WithAllocator(memory.DefaultAllocator))
	if err != nil {
		t.Fatalf("open %s: %v", path, err)
	}
	defer r.Close()
	var rows [][]string
	for i := 0; i < r.NumRecords(); i++ {
		rec, err := r.RecordBatch(i)
		if err != nil {
			t.Fatal(err)
		}
		for row := 0; row < int(rec.NumRows()); row++ {
			vals := make([]string, rec.NumCols())
			for c := 0; c < int(rec.NumCols()); c++ {
				col := rec.Column(c)
				if col.IsNull(row) {
					vals[c] = "<null>"
					continue
				}
				switch a := col.(type) {
				case *array.String:
					vals[c] = a.Value(row)
				case *array.Int64:
					vals[c] = fmt.Sprint(a.Value(row))
				case *array.Timestamp:
					vals[c] = a.Value(row).ToTime(arrow.Microsecond).UTC().Format("2006-01-02T15:04:05.000000Z")
				default:
					t.Fatalf("unexpected column type %T", col)
				}
			}
			rows = append(rows, vals)
		}
	}
	return r.Schema(), rows
}

// arrowStrings renders expected rows the way readArrow reads them.
func arrowStrings[T any](cols []arrowColumn[T], rows []T) [][]string {
	mem := memory.NewGoAllocator()
	fields := make([]arrow.Field, len(cols))
	for i, c := range cols {
		fields[i] = c.field
	}
	var out [][]string
	for i := range rows {
		b := array.NewRecordBuilder(mem, arrow.NewSchema(fields, nil))
		for c, col := range cols {
			col.append(b.Field(c), &rows[i])
		}
		rec := b.NewRecordBatch()
		vals := make([]string, len(cols))
		for c := range cols {
			a := rec.Column(c)
			switch {
			case a.IsNull(0):
				vals[c] = "<null>"
			case a.DataType().ID() == arrow.TIMESTAMP:
				vals[c] = a.(*array.Timestamp).Value(0).ToTime(arrow.Microsecond).UTC().Format("2006-01-02T15:04:05.000000Z")
			default:
				vals[c] = a.ValueStr(0)
			}
		}
		rec.Release()
		b.Release()
		out = append(out, vals)
	}
	return out
}

func TestArrowRoundTrip(t *testing.T) {
	dir := t.TempDir()
	results := append(sampleResults(), manyResults(400, 3)...)
	writeAll(t, NewArrow(), dir, testInfo(), results)

	schema, got := readArrow(t, filepath.Join(dir, "findings.arrow"))
	var names []string
	for _, f := range schema.Fields() {
		names = append(names, f.Name)
	}
	if strings.Join(names, ",") != strings.Join(findingRowColumns, ",") {
		t.Errorf("findings.arrow columns %v, want %v", names, findingRowColumns)
	}
	if ts, ok := schema.Field(6).Type.(*arrow.TimestampType); !ok || ts.Unit != arrow.Microsecond || ts.TimeZone != "UTC" {
		t.Errorf("started_at type %v, want timestamp[us, tz=UTC]", schema.Field(6).Type)
	}
	md := schema.Metadata()
	if i := md.FindKey("handaudit.run_id"); i < 0 || md.Values()[i] != "run-0001" {
		t.Errorf("schema metadata lacks the run ID: %v", md)
	}
	want := arrowStrings(findingArrowColumns, expectedFindingRows(results))
	if len(got) != len(want) {
		t.Fatalf("findings.arrow has %d rows, want %d", len(got), len(want))
	}
	for i := range want {
		if strings.Join(got[i], "|") != strings.Join(want[i], "|") {
			t.Fatalf("row %d:\n got %q\nwant %q", i, got[i], want[i])
		}
	}
	// Spot values, independent of the expected-row builder.
	if got[0][0] != "raise.under-minimum" || got[0][13] != "200" || got[0][6] != "2025-03-14T21:08:07.123456Z" {
		t.Errorf("row 0: %q", got[0])
	}
	if got[2][10] != "0" || got[2][13] != "0" || got[1][10] != "<null>" {
		t.Errorf("zero vs null: action_index %q expected %q, hand-level action_index %q", got[2][10], got[2][13], got[1][10])
	}

	hschema, hands := readArrow(t, filepath.Join(dir, "hands.arrow"))
	if len(hschema.Fields()) != len(handRowColumns) {
		t.Errorf("hands.arrow has %d columns, want %d", len(hschema.Fields()), len(handRowColumns))
	}
	wantHands := arrowStrings(handArrowColumns, expectedHandRows(results))
	if len(hands) != len(results) {
		t.Fatalf("hands.arrow has %d rows, want %d", len(hands), len(results))
	}
	for i := range wantHands {
		if strings.Join(hands[i], "|") != strings.Join(wantHands[i], "|") {
			t.Fatalf("hand row %d:\n got %q\nwant %q", i, hands[i], wantHands[i])
		}
	}
	if hands[2][25] != StatusParseError || hands[1][21] != "2" {
		t.Errorf("hand rows: status %q, findings %q", hands[2][25], hands[1][21])
	}
}

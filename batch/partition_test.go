package batch

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/handaudit/handaudit/internal/testenv"
)

// TestUndatedPartitionDuckDB: parse errors (hands without a date) go to
// Hive's default partition, and DuckDB reads dt as a DATE, NULL for them,
// on a run with parse errors as on one without.
func TestUndatedPartitionDuckDB(t *testing.T) {
	chdirRoot(t)
	dir := t.TempDir()
	out := filepath.Join(dir, "out")
	o := auditOpts(out, "fixtures/phh", "fixtures/pokerstars")
	o.Formats = []string{"parquet"}
	o.Partition = "day"
	res := mustAudit(t, o)
	if res.Summary.ParseErrors == 0 {
		t.Fatal("the inputs have no parse error: the test proves nothing")
	}
	for _, table := range []string{"hands", "findings"} {
		if _, err := os.Stat(filepath.Join(out, table, UndatedPartition)); err != nil {
			t.Errorf("%s: no undated partition: %v", table, err)
		}
		if _, err := os.Stat(filepath.Join(out, table, "dt=unknown")); err == nil {
			t.Errorf("%s: dt=unknown written", table)
		}
	}
	rows := testenv.DuckDBQuery(t, fmt.Sprintf(
		`SELECT typeof(dt) AS type, count(*) AS n, count(dt) AS dated, count(*) FILTER (WHERE status = 'parse-error' AND dt IS NULL) AS undated_errors
		 FROM read_parquet('%s/hands/*/*.parquet', hive_partitioning = true) GROUP BY ALL`, filepath.ToSlash(out)))
	if len(rows) != 1 {
		t.Fatalf("dt has %d types: %v", len(rows), rows)
	}
	r := rows[0]
	if r["type"] != "DATE" {
		t.Errorf("dt read as %v, want DATE", r["type"])
	}
	want := fmt.Sprint(res.Summary.Hands + res.Summary.ParseErrors)
	if r["n"] != want {
		t.Errorf("%v hand rows, want %s", r["n"], want)
	}
	if r["undated_errors"] != fmt.Sprint(res.Summary.ParseErrors) {
		t.Errorf("%v parse errors with dt NULL, want %d", r["undated_errors"], res.Summary.ParseErrors)
	}
	if r["dated"] == r["n"] || r["dated"] == "0" {
		t.Errorf("%v of %v rows dated: want some with a date and the parse errors without", r["dated"], r["n"])
	}
}

package testenv

import (
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// DuckDBQuery runs sql with a real DuckDB (Node and the npm packages of
// reports/testdata/interop, which scripts/test installs) and returns its
// rows, values as DuckDB's JSON gives them (BIGINT and DATE as strings).
// It skips the test when Node or the packages are missing, and fails it
// under CI=true.
func DuckDBQuery(tb testing.TB, sql string) []map[string]any {
	tb.Helper()
	node, err := exec.LookPath("node")
	Require(tb, err == nil, "node not found; install Node.js to run this DuckDB test")
	dir := filepath.Join(RepoRoot(tb), "reports", "testdata", "interop")
	_, err = os.Stat(filepath.Join(dir, "node_modules", "@duckdb", "node-api"))
	Require(tb, err == nil, "reports/testdata/interop/node_modules missing; run: npm ci --prefix reports/testdata/interop")
	cmd := exec.Command(node, "duckdb_query.mjs", sql)
	cmd.Dir = dir
	out, err := cmd.Output()
	if err != nil {
		var ee *exec.ExitError
		if errors.As(err, &ee) {
			tb.Fatalf("duckdb %q: %v\n%s", sql, err, ee.Stderr)
		}
		tb.Fatalf("duckdb %q: %v", sql, err)
	}
	var rows []map[string]any
	if err := json.Unmarshal(out, &rows); err != nil {
		tb.Fatalf("duckdb output: %v\n%s", err, out)
	}
	return rows
}

// Package bench measures handaudit end to end: `go test -bench . ./bench/`
// generates a synthetic corpus per input format (package gen) and times
// the whole `audit run` pipeline over it (batch.Audit, with Parquet and
// HTML written), and each stage alone (parsing, replay, checks), so that
// a profile can say where the time goes. bench/run.sh does the same with
// the built binary and reports peak memory; bench/pgo.sh turns
// BenchmarkAudit's CPU profile into cmd/audit/default.pgo, the profile the
// binary is built with.
package bench

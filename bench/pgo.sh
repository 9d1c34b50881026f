#!/usr/bin/env bash
# bench/pgo.sh: regenerates cmd/audit/default.pgo, the CPU profile that
# `go build` uses for profile-guided optimisation of the audit binary.
#
# The profile is of the whole `audit run` pipeline (BenchmarkAudit: parse,
# replay, checks, Parquet and HTML written) over generated corpora of both
# input formats, merged. Regenerate it after large changes to the hot code;
# a stale profile still builds, it only optimises less.
#
# Usage: bench/pgo.sh [HANDS]     (default 100000 per format)
set -euo pipefail

HANDS=${1:-100000}
ROOT=$(cd "$(dirname "$0")/.." && pwd)
WORK=$(mktemp -d /tmp/handaudit-pgo.XXXXXX)
trap 'rm -rf "$WORK"' EXIT
cd "$ROOT"

export BENCH_CORPUS="$WORK/corpus" BENCH_HANDS="$HANDS"
# Build without the current profile, so the new one does not depend on it.
go test -c -pgo=off -o "$WORK/bench.test" ./bench
# Generate the corpora first, outside the profiles.
"$WORK/bench.test" -test.run '^$' -test.bench 'BenchmarkAudit' -test.benchtime 1x >/dev/null
for fmt in pokerstars phh; do
	"$WORK/bench.test" -test.run '^$' -test.bench "BenchmarkAudit/$fmt\$" -test.benchtime 6x \
		-test.cpuprofile "$WORK/$fmt.prof" >/dev/null
done
go tool pprof -proto "$WORK/pokerstars.prof" "$WORK/phh.prof" >"$WORK/merged.pgo"
mv "$WORK/merged.pgo" cmd/audit/default.pgo
echo "wrote cmd/audit/default.pgo ($(wc -c <cmd/audit/default.pgo) bytes)"

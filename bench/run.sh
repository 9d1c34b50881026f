#!/usr/bin/env bash
# bench/run.sh: end-to-end throughput of `audit run`.
#
# Generates a synthetic corpus per format with `audit gen` (sharded so the
# run reads files in parallel), then times `audit run` over it with Parquet
# and HTML written, and prints hands/s, MB/s of input and peak RSS.
#
# Usage: bench/run.sh [HANDS]          (default 1000000 per format)
# Env:   FORMATS="pokerstars phh"  VIOLATIONS=0.02  SHARD=50000  WORKERS=(all cores)
#        RUNS=3 timed runs per format: the figures are the fastest run's, with
#        the median and every run's time beside them (a shared or virtual
#        machine's speed drifts; one run says little)
#        KEEP=1 keeps the corpus and outputs (in $WORK, default a temp dir)
#
# Peak RSS needs GNU time (/usr/bin/time, Debian package "time"); without it
# the script still runs and reports RSS as n/a.
set -euo pipefail

HANDS=${1:-1000000}
FORMATS=${FORMATS:-"pokerstars phh"}
VIOLATIONS=${VIOLATIONS:-0.02}
SHARD=${SHARD:-50000}
WORKERS=${WORKERS:-$(nproc)}
RUNS=${RUNS:-3}
ROOT=$(cd "$(dirname "$0")/.." && pwd)
WORK=${WORK:-$(mktemp -d /tmp/handaudit-bench.XXXXXX)}
mkdir -p "$WORK"
if [ -z "${KEEP:-}" ]; then
	trap 'rm -rf "$WORK"' EXIT
fi

echo "building audit..."
(cd "$ROOT" && go build -o "$WORK/audit" ./cmd/audit)
AUDIT="$WORK/audit"

calc() { awk "BEGIN { printf \"%.6f\", $1 }"; }

GNUTIME=""
if [ -x /usr/bin/time ] && /usr/bin/time -v true >/dev/null 2>&1; then
	GNUTIME=/usr/bin/time
else
	echo "note: GNU time not found (apt-get install -y time): peak RSS will be n/a"
fi

echo "machine: $(nproc) cores, $(awk '/MemTotal/ {printf "%.0f GiB", $2/1048576}' /proc/meminfo); go $(go env GOVERSION)"
echo "workers: $WORKERS; hands per format: $HANDS; violation rate: $VIOLATIONS"

for fmt in $FORMATS; do
	corpus="$WORK/corpus-$fmt"
	rm -rf "$corpus" "$WORK/out-$fmt"
	mkdir -p "$corpus"
	echo
	echo "== $fmt =="
	gstart=$(date +%s.%N)
	"$AUDIT" gen --hands "$HANDS" --seed 1 --format "$fmt" --violations "$VIOLATIONS" \
		--shard-size "$SHARD" --workers "$WORKERS" --out "$corpus/" --labels "$WORK/labels-$fmt.jsonl" 2>"$WORK/gen-$fmt.log"
	gend=$(date +%s.%N)
	bytes=$(du -sb "$corpus" | cut -f1)
	printf 'generated %d hands, %.1f MB in %.1f s\n' "$HANDS" "$(calc "$bytes/1000000")" "$(calc "$gend-$gstart")"

	# Flush the generated files first: their writeback would otherwise
	# compete with the run for CPU and I/O.
	sync
	load_before=$(cut -d' ' -f1-3 /proc/loadavg)
	cmd=("$AUDIT" run "$corpus" --out "$WORK/out-$fmt" --format parquet,html --workers "$WORKERS" --progress never)
	echo "command: audit run CORPUS --out OUT --format parquet,html --workers $WORKERS --progress never ($RUNS runs)"
	times=()
	best="" best_user="n/a" rss_max=0
	for run in $(seq "$RUNS"); do
		rm -rf "$WORK/out-$fmt"
		start=$(date +%s.%N)
		set +e
		if [ -n "$GNUTIME" ]; then
			"$GNUTIME" -v -o "$WORK/time-$fmt.txt" "${cmd[@]}" >"$WORK/run-$fmt.log" 2>&1
		else
			"${cmd[@]}" >"$WORK/run-$fmt.log" 2>&1
		fi
		rc=$?
		set -e
		end=$(date +%s.%N)
		if [ "$rc" -gt 1 ]; then # 1 = findings, expected with injected violations
			echo "audit run failed (exit $rc):"
			tail -20 "$WORK/run-$fmt.log"
			exit "$rc"
		fi
		elapsed=$(calc "$end-$start")
		times+=("$elapsed")
		if [ -n "$GNUTIME" ]; then
			rss_max=$(awk -F': ' -v m="$rss_max" '/Maximum resident set size/ {print ($2 > m ? $2 : m)}' "$WORK/time-$fmt.txt")
		fi
		if [ -z "$best" ] || awk "BEGIN { exit !($elapsed < $best) }"; then
			best=$elapsed
			if [ -n "$GNUTIME" ]; then
				best_user=$(awk -F': ' '/User time/ {u=$2} /System time/ {s=$2} END {printf "%.1f s user + %.1f s sys", u, s}' "$WORK/time-$fmt.txt")
			fi
		fi
	done
	median=$(printf '%s\n' "${times[@]}" | sort -g | awk '{t[NR]=$1} END {print t[int((NR+1)/2)]}')
	rss="n/a"
	if [ -n "$GNUTIME" ]; then
		rss=$(awk -v k="$rss_max" 'BEGIN {printf "%.0f MB", k/1024}')
	fi
	printf 'elapsed: fastest %.2f s (%s), median %.2f s; runs: %s\n' "$best" "$best_user" "$median" "$(printf '%.2f ' "${times[@]}")"
	printf 'throughput (fastest run): %.0f hands/s, %.1f MB/s; median run: %.0f hands/s; peak RSS %s (most of any run)\n' \
		"$(calc "$HANDS/$best")" "$(calc "$bytes/1000000/$best")" "$(calc "$HANDS/$median")" "$rss"
	echo "load average before: $load_before; after: $(cut -d' ' -f1-3 /proc/loadavg)"
	grep -iE "hands|findings" "$WORK/run-$fmt.log" | head -3 || true
done

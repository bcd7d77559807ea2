#!/usr/bin/env bash
# The demo's figures as docs/acceptance.md "The demo" reports them: runs `infergate demo --quick` QUICK times and
# `infergate demo` FULL times, one after the other, and prints for each run the 1-minute load average before and
# after (from /proc/loadavg), the wall time, the exit code, and the pattern's rows (TTFT p50, E2E p50, output
# tokens/s: change and 95 % interval) and the capacity line. Every run's results stay under OUT/quick-N, OUT/full-N.
#
#   scripts/demo-figures.sh                 # QUICK=3 FULL=2: about 8 minutes on a quiet 2-core machine
#
# Environment: QUICK (3), FULL (2), OUT (results/demo-figures).
set -euo pipefail
cd "$(dirname "$0")/.."
QUICK=${QUICK:-3}
FULL=${FULL:-2}
OUT=${OUT:-results/demo-figures}
mkdir -p "$OUT"
./infergate --version > /dev/null # builds the jar first, outside the timed runs

one() { # name, extra args
    local name=$1 out="$OUT/$1" load0 load1 start end rc=0
    shift
    rm -rf "$out"
    load0=$(cut -d' ' -f1 /proc/loadavg)
    start=$(date +%s%N)
    java -jar target/infergate.jar demo "$@" --out "$out" > "$out.log" 2>&1 || rc=$?
    end=$(date +%s%N)
    load1=$(cut -d' ' -f1 /proc/loadavg)
    printf '== %s exit %d, %.1f s, load %s -> %s\n' "$name" "$rc" "$(( (end - start) / 1000000 ))e-3" "$load0" "$load1"
    grep -E '^(ttft\.p50|e2e\.p50|throughput\.output_tokens_per_s) |^capacity:|client-limited' "$out.log" \
        | sed -E 's/ +(pass|fail|inconclusive) \(.*//' || true
}

for i in $(seq 1 "$QUICK"); do one "quick-$i" --quick; done
for i in $(seq 1 "$FULL"); do one "full-$i"; done

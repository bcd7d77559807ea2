#!/usr/bin/env bash
# The sweep of docs/workloads.md "Load sweeps": starts two simulators (serve-sim profiles baseline and
# candidate-fp8-kv) on loopback, sweeps long documents at concurrency 1, 4 and 16 on both, interleaved, with reduced
# counts, and prints the wall time of the sweep alone (the simulators' start is not counted) with the 1-minute load
# average before and after. Results stay under OUT (its report.html draws the frontier).
#
#   scripts/sweep-sim.sh                          # 1 repeat, 2 requests per user at each level
#   REPEATS=3 REQUESTS=1x scripts/sweep-sim.sh    # 3 repeats: intervals on throughput and goodput too
#
# Environment: OUT (results/sweep-sim), REPEATS (1), REQUESTS (2x), LEVELS (1,4,16), PORT (18461; PORT+1 too).
set -euo pipefail
cd "$(dirname "$0")/.."
OUT=${OUT:-results/sweep-sim}
REPEATS=${REPEATS:-1}
REQUESTS=${REQUESTS:-2x}
LEVELS=${LEVELS:-1,4,16}
PORT=${PORT:-18461}
./infergate --version > /dev/null # builds the jar first, outside the timed run
rm -rf "$OUT"
java -jar target/infergate.jar serve-sim --port "$PORT" --profile baseline > /dev/null 2>&1 &
base=$!
java -jar target/infergate.jar serve-sim --port "$((PORT + 1))" --profile candidate-fp8-kv > /dev/null 2>&1 &
cand=$!
trap 'kill "$base" "$cand" 2> /dev/null || true' EXIT
for p in "$PORT" "$((PORT + 1))"; do # wait until both answer /models
    for _ in $(seq 1 100); do curl -sf "http://127.0.0.1:$p/v1/models" > /dev/null && break; sleep 0.2; done
done
load0=$(cut -d' ' -f1 /proc/loadavg)
start=$(date +%s%N)
rc=0
java -jar target/infergate.jar sweep --base-url "http://127.0.0.1:$PORT/v1" --candidate-url "http://127.0.0.1:$((PORT + 1))/v1" \
    --concurrency "$LEVELS" --preset long-doc --requests "$REQUESTS" --warmup 0 --repeats "$REPEATS" --out "$OUT" || rc=$?
end=$(date +%s%N)
load1=$(cut -d' ' -f1 /proc/loadavg)
printf '== sweep exit %d, %.1f s, load %s -> %s\n' "$rc" "$(( (end - start) / 1000000 ))e-3" "$load0" "$load1"
exit "$rc"

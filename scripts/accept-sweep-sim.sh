#!/usr/bin/env bash
# The plan sweep step of docs/acceptance.md "A load sweep in the plan": starts two simulators (serve-sim profiles
# baseline and candidate-fp8-kv) on loopback and runs `accept` with a plan of one small matrix condition and a sweep:
# step of long documents at concurrency 1, 4 and 16 (2 per user, no warm-up), capacity and burst off. Prints the wall
# time of the accept run alone with the 1-minute load average before and after; results stay under OUT.
#
# Environment: OUT (results/accept-sweep-sim), LEVELS ([1, 4, 16]), REQUESTS (2x), PORT (18471; PORT+1 too).
set -euo pipefail
cd "$(dirname "$0")/.."
OUT=${OUT:-results/accept-sweep-sim}
LEVELS=${LEVELS:-[1, 4, 16]}
REQUESTS=${REQUESTS:-2x}
PORT=${PORT:-18471}
./infergate --version > /dev/null # builds the jar first, outside the timed run
rm -rf "$OUT"
mkdir -p "$(dirname "$OUT")"
plan=$(mktemp "${TMPDIR:-/tmp}/accept-sweep-plan.XXXXXX.yaml")
cat > "$plan" <<YAML
baseline: {url: http://127.0.0.1:$PORT/v1, labels: {kv_cache: bf16}}
candidate: {url: http://127.0.0.1:$((PORT + 1))/v1, labels: {kv_cache: fp8}}
matrix: {workloads: [short-chat], prefixes: [fresh], loads: {typical: {concurrency: 8}}}
repeats: 1
requests: 16
warmup: 0
capacity: false
burst: false
sweep: {workload: long-doc, concurrency: $LEVELS, requests: $REQUESTS, warmup: 0}
YAML
java -jar target/infergate.jar serve-sim --port "$PORT" --profile baseline > /dev/null 2>&1 &
base=$!
java -jar target/infergate.jar serve-sim --port "$((PORT + 1))" --profile candidate-fp8-kv > /dev/null 2>&1 &
cand=$!
trap 'kill "$base" "$cand" 2> /dev/null || true; rm -f "$plan"' EXIT
for p in "$PORT" "$((PORT + 1))"; do # wait until both answer /models
    for _ in $(seq 1 100); do curl -sf "http://127.0.0.1:$p/v1/models" > /dev/null && break; sleep 0.2; done
done
load0=$(cut -d' ' -f1 /proc/loadavg)
start=$(date +%s%N)
rc=0
java -jar target/infergate.jar accept "$plan" --out "$OUT" --no-progress || rc=$?
end=$(date +%s%N)
load1=$(cut -d' ' -f1 /proc/loadavg)
printf '== accept exit %d, %.1f s, load %s -> %s\n' "$rc" "$(( (end - start) / 1000000 ))e-3" "$load0" "$load1"

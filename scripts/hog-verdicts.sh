#!/usr/bin/env bash
# Counts accept verdicts on a machine made busy on purpose (docs/acceptance.md, "Late clients and simulators: bounds,
# not vetoes"): two serve-sim processes and a small plan (long-doc, fresh, one user, 2 repeats x 6 requests; no
# capacity, burst or quality; about 1.5 minutes an accept on an idle 2-core machine), with HOGS busy loops
# (`sh -c 'while :; do :; done'`) beside them for the whole series. What each case must show:
#
#   CASES=aa       scripts/hog-verdicts.sh   # identical simulators (baseline vs baseline): REJECTED at most 1 in 20
#   CASES=slower   scripts/hog-verdicts.sh   # the candidate's prefill 30 % slower (45 -> 59 us a token): REJECTED 19+ of 20
#   CASES="aa slower" scripts/hog-verdicts.sh  # both, one accept of each in turn (the same hogs, the same hour)
#   CASES=buffered N=10 scripts/hog-verdicts.sh  # baseline vs managed-buffered: REJECTED naming the delivery criterion
#   CASES=pair UNTIL=1 REQUESTS=3 N=1 HOGS=0 scripts/hog-verdicts.sh  # the demo's pair (baseline vs
#                                            # candidate-fp8-kv), 2 repeats x 3 requests, then --until-decided
#
# Environment: CASES (aa), N (20 of each), HOGS (6), REQUESTS (6 a repeat), OUT (results/hog-verdicts), PORT (18101
# and up), UNTIL (set: accept --until-decided
# --budget BUDGET, 6m). Prints, per accept, the load before and after, the wall time and the chat audience's line
# (with its note when held back); at the end the counts by case and verdict.
set -uo pipefail
cd "$(dirname "$0")/.."
CASES=${CASES:-aa}
N=${N:-20}
HOGS=${HOGS:-6}
OUT=${OUT:-results/hog-verdicts}
BUDGET=${BUDGET:-6m}
PORT=${PORT:-18101}
REQUESTS=${REQUESTS:-6}
mkdir -p "$OUT"
./infergate --version > /dev/null || exit 1 # builds the jar first
JAR=target/infergate.jar
pids=()
cleanup() { for p in "${pids[@]}"; do kill "$p" 2> /dev/null; done; wait 2> /dev/null; }
trap cleanup EXIT

sed -e 's/^name: baseline/name: baseline-slow-prefill/' -e 's/prefill_us_per_token: 45 /prefill_us_per_token: 59 /' \
    src/main/resources/sim-profiles/baseline.yaml > "$OUT/slow-prefill.yaml"
grep -q 'prefill_us_per_token: 59 ' "$OUT/slow-prefill.yaml" || { echo "could not derive the slower profile"; exit 1; }
serve() { # profile port log
    java -jar "$JAR" serve-sim --profile "$1" --port "$2" > "$3" 2>&1 &
    pids+=($!)
    for _ in $(seq 1 100); do curl -fs "http://127.0.0.1:$2/health" > /dev/null && return 0; sleep 0.2; done
    echo "serve-sim $1 did not start: $(cat "$3")"; exit 1
}
serve baseline $PORT "$OUT/baseline-sim.log"
port=$((PORT + 1))
for c in $CASES; do
    case "$c" in
        aa) cand=baseline ;;
        slower) cand="$OUT/slow-prefill.yaml" ;;
        buffered) cand=managed-buffered ;;
        pair) cand=candidate-fp8-kv ;;
        *) echo "each of CASES must be aa, slower, buffered or pair"; exit 2 ;;
    esac
    serve "$cand" $port "$OUT/$c-sim.log"
    mkdir -p "$OUT/$c"
    cat > "$OUT/$c/plan.yaml" <<PLAN
baseline: {url: http://127.0.0.1:$PORT, labels: {kv_cache: bf16}}
candidate: {url: http://127.0.0.1:$port, labels: {kv_cache: $c}}
matrix:
  workloads: [long-doc]
  prefixes: [fresh]
  loads:
    single-user: {concurrency: 1}
repeats: 2
requests: $REQUESTS
warmup: 0
slo: {ttft: 2s, tpot: 100ms}
audiences:
  chat:
    label: chat users
    criteria:
      ttft.p50: {max_regression: 10%}
      delivery: incremental
      errors.rate: {max: 1%}
capacity: false
burst: false
quality: false
PLAN
    port=$((port + 1))
done

for _ in $(seq 1 "$HOGS"); do sh -c 'while :; do :; done' & pids+=($!); done
declare -A count
extra=()
if [ -n "${UNTIL:-}" ]; then extra=(--until-decided --budget "$BUDGET"); fi
for i in $(seq 1 "$N"); do
    for c in $CASES; do
        out="$OUT/$c/accept-$i"
        rm -rf "$out"
        load0=$(cut -d' ' -f1 /proc/loadavg)
        start=$(date +%s%N)
        rc=0
        java -jar "$JAR" accept "$OUT/$c/plan.yaml" --no-progress "${extra[@]}" --out "$out" > "$out.log" 2>&1 || rc=$?
        end=$(date +%s%N)
        load1=$(cut -d' ' -f1 /proc/loadavg)
        chat=$(grep -E '^ *chat users: ' "$out.log" | tail -1 | sed 's/^ *//')
        verdict=$(echo "$chat" | sed -E 's/^chat users: ([A-Z]+).*/\1/')
        [ -z "$verdict" ] && verdict="exit-$rc"
        count["$c $verdict"]=$(( ${count["$c $verdict"]:-0} + 1 ))
        printf '== %s-%d exit %d, %.1f s, load %s -> %s\n   %s\n' "$c" "$i" "$rc" "$(( (end - start) / 1000000 ))e-3" \
            "$load0" "$load1" "$chat"
        grep -E 'until decided' "$out.log" | head -2 | sed 's/^ */   /'
        # the serve-sim processes prove themselves with their key files (~/.infergate/sim-keys/PORT.key): if one did
        # not, its own lateness was not taken into account, and the counts are not this script's
        if grep -rqs --include=server_metrics.jsonl simulator_unproven "$out"; then
            echo "   WARNING: a simulator did not prove it is infergate's simulator: its own lateness was not used"
        fi
    done
done
printf '%d hogs, %d accepts of each case:\n' "$HOGS" "$N"
for k in "${!count[@]}"; do printf '  %s %d\n' "$k" "${count[$k]}"; done | sort

#!/usr/bin/env bash
# accept-aa.sh [PORT] [OUT]: identical sides at the demo's capacity settings (#37's "Done when": the difference's
# interval includes zero in at least 9 of 10). Two serve-sim of the same profile (PROFILE, default candidate-fp8-kv:
# the demo's faster side) on PORT and PORT+1; RUNS times (default 10) 'accept' of a plan with the demo's capacity
# block, SLO and capacity criterion (src/main/resources/demo/plan.yaml: start 12 req/s, max 19, 3 s probes after 2 s
# of warm-up, 6 probes a side, 3 %, 130 s) and a one-request matrix, each run with its own seed. Prints each run's
# capacity difference and verdict, then how many included zero. Run it alone, under /work/shared/bench/quiet:
#   /work/shared/bench/quiet --load 1.5 --wait 180 -- scripts/accept-aa.sh 19431 /tmp/aa
# Environment: RUNS (10), FIRST (1), PROFILE, JAR, SLO (the demo's "{ttft: 2s, tpot: 25ms}").
set -euo pipefail
port=${1:-19431}
out=${2:-$(mktemp -d)/aa}
jar=${JAR:-$(dirname "$0")/../target/infergate.jar}
profile=${PROFILE:-candidate-fp8-kv}
runs=${RUNS:-10}
mkdir -p "$out"
# shellcheck source=scripts/two-sims.sh
. "$(dirname "$0")/two-sims.sh"
echo "identical sides: $runs runs of 'accept' at the demo's capacity settings on two serve-sim --profile $profile (load $(load))"
includes=0
decided=0
for i in $(seq "${FIRST:-1}" "$runs"); do
  cat >"$out/plan$i.yaml" <<PLAN
baseline: {url: http://127.0.0.1:$port/v1}
candidate: {url: http://127.0.0.1:$((port + 1))/v1}
seed: $i
matrix: {workloads: [long-doc], prefixes: [fresh], loads: {single-user: {concurrency: 1}}}
repeats: 1
requests: 1
warmup: 0
slo: ${SLO:-"{ttft: 2s, tpot: 25ms}"}
audiences:
  batch:
    capacity.requests_per_hour: {min_improvement: 0%}
capacity: {start_rate: 12, max_rate: 19, duration: 3s, warmup: 2s, max_probes: 6, tolerance: 3%, time_budget: 130s}
burst: false
PLAN
  start=$(date +%s.%N)
  rm -rf "${out:?}/run$i"
  java -jar "$jar" accept --no-progress --out "$out/run$i" "$out/plan$i.yaml" >"$out/run$i.log" 2>&1 && rc=0 || rc=$?
  line=$(grep -m1 -o 'capacity: [+-][0-9,]* requests/hour \[[^]]*\]' "$out/run$i.log" \
    || grep -m1 -o '^capacity: .*attainment' "$out/run$i.log" || echo "no capacity difference")
  case "$line" in
    *"["*) decided=$((decided + 1))
      lo=$(echo "$line" | sed -E 's/.*\[([+-]?[0-9,]+), .*/\1/' | tr -d ,+)
      hi=$(echo "$line" | sed -E 's/.*, ([+-]?[0-9,]+)\].*/\1/' | tr -d ,+)
      [ "$lo" -le 0 ] && [ "$hi" -ge 0 ] && includes=$((includes + 1)) ;;
  esac
  printf '  run %2d (%5.1f s, load %s, exit %s): %s\n' "$i" "$(echo "$(date +%s.%N) - $start" | bc)" "$(load)" "$rc" "$line"
done
echo "the difference's interval includes zero in $includes of $decided runs that gave one (exit 0 accepted, 1 rejected, 4 inconclusive)"

#!/usr/bin/env bash
# capacity-aa.sh [PORT] [OUT]: identical sides on real simulators (#37's "Done when": the difference's interval
# includes zero in at least 9 of 10). Two serve-sim of the same profile (scripts/profiles/knee-light.yaml, or
# PROFILE=baseline for the bundled one) on PORT and PORT+1; for each of PAIRS pairs, 'capacity' against each (the same
# seed, as accept gives both sides the same schedule; which side goes first alternates), then 'compare A B' re-fits
# both and prints the difference with its interval. Counts the pairs whose interval includes zero and the verdicts.
# Run it under /work/shared/bench/quiet:  /work/shared/bench/quiet -- scripts/capacity-aa.sh 19421 /tmp/aa
# Environment: PAIRS (10), FIRST (1: the first pair's number, e.g. FIRST=10 for the tenth alone; each pair's seed is
# its number), PROBE (3s), SLO (ttft=500ms), START (4), PROFILE, CAPACITY_ARGS (e.g. --trials effective), JAR.
set -euo pipefail
port=${1:-19421}
out=${2:-$(mktemp -d)/aa}
jar=${JAR:-$(dirname "$0")/../target/infergate.jar}
pairs=${PAIRS:-10}
probe=${PROBE:-3s}
slo=${SLO:-ttft=500ms}
profile=${PROFILE:-$(dirname "$0")/profiles/knee-light.yaml}
mkdir -p "$out"
# shellcheck source=scripts/two-sims.sh
. "$(dirname "$0")/two-sims.sh"
search() { # search SIDE PORT SEED
  rm -rf "${out:?}/$1"
  # shellcheck disable=SC2086
  java -jar "$jar" capacity --base-url "http://127.0.0.1:$2/v1" --slo "$slo" --probe-duration "$probe" --seed "$3" \
    --start-rate "${START:-4}" --no-progress --out "$out/$1" ${CAPACITY_ARGS:-} >"$out/$1.log" 2>&1
}
echo "identical sides: $pairs pairs of 'capacity --probe-duration $probe --slo $slo' on two serve-sim of $(basename "$profile") (load $(load))"
includes=0
for i in $(seq "${FIRST:-1}" "$pairs"); do
  start=$(date +%s.%N)
  if [ $((i % 2)) -eq 1 ]; then search "a$i" "$port" "$i"; search "b$i" "$((port + 1))" "$i";
  else search "b$i" "$((port + 1))" "$i"; search "a$i" "$port" "$i"; fi
  java -jar "$jar" compare "$out/a$i" "$out/b$i" --out "$out/cmp$i" >"$out/cmp$i.log" 2>&1 && rc=0 || rc=$?
  diff=$(grep '^candidate - baseline' "$out/cmp$i.log" || echo "no difference line")
  case "$diff" in *"includes zero"*) includes=$((includes + 1)) ;; esac
  printf '  pair %2d (%5.1f s, load %s, exit %s): %s\n' "$i" "$(echo "$(date +%s.%N) - $start" | bc)" "$(load)" "$rc" "$diff"
done
echo "the difference's interval includes zero in $includes of $((pairs - ${FIRST:-1} + 1)) pairs"

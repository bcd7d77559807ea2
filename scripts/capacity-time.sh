#!/usr/bin/env bash
# capacity-time.sh [PORT] [OUT]: the "2-minute goal" of docs/acceptance.md ("Capacity at the SLO"): how long
# 'capacity --probe-duration 5s' takes against a freshly started 'serve-sim' (baseline profile), with every progress
# line stamped by the seconds since the command started. Run it under /work/shared/bench/quiet (or any idle machine):
#   /work/shared/bench/quiet --load 2 --wait 600 -- scripts/capacity-time.sh 19371 /tmp/cap-time
# Needs target/infergate.jar (./mvnw -B -o -q -DskipTests package), or JAR=path. Extra capacity options: CAPACITY_ARGS.
set -euo pipefail
port=${1:-19371}
out=${2:-$(mktemp -d)/cap}
jar=${JAR:-$(dirname "$0")/../target/infergate.jar}
java -jar "$jar" serve-sim --port "$port" >/dev/null 2>&1 &
sim=$!
trap 'kill "$sim" 2>/dev/null || true' EXIT
for _ in $(seq 1 100); do
  curl -fsS "http://127.0.0.1:$port/health" >/dev/null 2>&1 && break
  sleep 0.1
done
start=$(date +%s.%N)
# shellcheck disable=SC2086
{ time java -jar "$jar" capacity --base-url "http://127.0.0.1:$port" --probe-duration 5s --out "$out" ${CAPACITY_ARGS:-} 2>&1 \
  | while IFS= read -r line; do printf '%6.1fs %s\n' "$(echo "$(date +%s.%N) - $start" | bc)" "$line"; done; } 2>&1

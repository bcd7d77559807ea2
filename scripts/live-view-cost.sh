#!/usr/bin/env bash
# What the live view costs the client (issue 38): the same run against serve-sim with the view on a pseudo-terminal
# (script(1) gives the process one, so the block is redrawn every 0.5 s) and with --no-progress, PAIRS times,
# interleaved (on, off, on, off ...), each a fresh JVM. Prints each run's client lag p50/p99 (summary.json
# client.lag_ms) and the medians of each side. Take it through ../shared/bench/quiet and quote the load.
#
#   scripts/live-view-cost.sh            # PAIRS=5, about 2.5 minutes
set -euo pipefail
cd "$(dirname "$0")/.."
PAIRS=${PAIRS:-5}
OUT=${OUT:-results/live-view-cost}
rm -rf "$OUT"; mkdir -p "$OUT"
[ -f target/infergate.jar ] || ./mvnw -B -o -q -DskipTests package
JAR=target/infergate.jar
PORT=${PORT:-18477}
java -jar "$JAR" serve-sim --port "$PORT" > "$OUT/sim.log" 2>&1 &
SIM=$!
trap 'kill $SIM 2>/dev/null || true' EXIT
for _ in $(seq 1 50); do curl -fs "http://127.0.0.1:$PORT/v1/models" > /dev/null && break; sleep 0.2; done
ARGS="run --base-url http://127.0.0.1:$PORT/v1 --rate 20 --duration 10s --input-tokens 256 --output-tokens 64 --server-metrics off"
for i in $(seq 1 "$PAIRS"); do
  script -qfec "java -jar $JAR $ARGS --out $OUT/on-$i" /dev/null > "$OUT/on-$i.screen" 2>&1
  java -jar "$JAR" $ARGS --no-progress --out "$OUT/off-$i" > "$OUT/off-$i.log" 2>&1
done
python3 - "$OUT" "$PAIRS" <<'PY'
import json, statistics, sys
out, pairs = sys.argv[1], int(sys.argv[2])
side = {"on": [], "off": []}
for i in range(1, pairs + 1):
    for s in side:
        lag = json.load(open(f"{out}/{s}-{i}/summary.json"))["client"]["lag_ms"]
        side[s].append((lag["p50"], lag["p99"]))
        print(f"{s:3} {i}: client lag p50 {lag['p50']:.3f} ms, p99 {lag['p99']:.3f} ms")
for s, v in side.items():
    print(f"{s:3} median of {pairs}: p50 {statistics.median(x[0] for x in v):.3f} ms, p99 {statistics.median(x[1] for x in v):.3f} ms")
PY

#!/usr/bin/env bash
# Issue 36's lane check: a closed loop of 8 users on 2 event loops against the C truth server
# (../shared/bench/sse_truth_fast.c, or TRUTH_SRC) with uneven streams (4-96 tokens, 10 ms apart), and what the client
# held: the client's lag, the time from scheduled to first token beyond TTFT (a request held for a connection shows
# there), and run.json's `connections` block (requests held at the connection limit, on a full event loop, or handed
# a connection that was still busy). Before the event loops shared their connections, request 9 waited for lane 1's
# longest stream while lane 0 sat idle: TTFT from scheduled p99 555 ms against TTFT p99 22 ms (docs/benchmarks.md).
#
#   ../shared/bench/quiet -- scripts/lane-lag.sh        # about 30 s
#
# Environment: REQUESTS (96), LOOPS (2), USERS (8), PORT (18291), OUT (results/lane-lag), TRUTH_SRC, JAR (the jar to
# measure, default target/infergate.jar: another build, e.g. one from before the loops shared connections, compares).
set -euo pipefail
cd "$(dirname "$0")/.."
REQUESTS=${REQUESTS:-96}
LOOPS=${LOOPS:-2}
USERS=${USERS:-8}
PORT=${PORT:-18291}
OUT=${OUT:-results/lane-lag}
TRUTH_SRC=${TRUTH_SRC:-../shared/bench/sse_truth_fast.c}
JAR=${JAR:-target/infergate.jar}
mkdir -p "$OUT"
./infergate --version > /dev/null # builds the jar first
gcc -O2 -o "$OUT/sse_truth_fast" "$TRUTH_SRC"
"$OUT/sse_truth_fast" --port "$PORT" --log "$OUT/truth.jsonl" > "$OUT/truth.out" 2>&1 &
truth=$!
trap 'kill $truth 2>/dev/null || true' EXIT
sleep 0.5
rm -rf "$OUT/run"
java -jar "$JAR" run --base-url "http://127.0.0.1:$PORT/v1" --model 'truth:ttft=20,itl=10' \
    --concurrency "$USERS" --requests "$REQUESTS" --warmup 0 --event-loops "$LOOPS" --output-tokens uniform:4-96 \
    --input-tokens 32 --out "$OUT/run" > "$OUT/run.log" 2>&1
grep -E '^(TTFT|TTFT from scheduled) |client lag|client-limited|cause:' "$OUT/run.log" || true
python3 - "$OUT/run/run.json" <<'PY'
import json, sys
c = json.load(open(sys.argv[1])).get("connections", {})
print("connections:", ", ".join(f"{k} {c.get(k)}" for k in ("event_loops", "connections_per_loop",
      "held_at_connection_limit", "held_on_full_loop", "waited_for_busy_connection", "connections_opened")))
PY

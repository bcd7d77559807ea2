#!/usr/bin/env bash
# Issue 39's image check: TTFT against the simulator at three image sizes (one image per chat request, the baseline
# profile charging Qwen2-VL's rule: 512x384 -> 254 tokens, 1024x768 -> 1,001, 2048x1536 -> 4,017), then `compare`
# between neighbouring sizes (--allow-different-workloads: the sizes are the difference under test): each step's TTFT
# change and its interval, which should exclude zero.
#
#   /work/shared/bench/quiet --load 2 --wait 600 -- scripts/image-ttft.sh      # about 2 minutes
#
# Environment: REQUESTS (40 per size), PORT (18339), OUT (results/image-ttft), JAR (default target/infergate.jar).
set -euo pipefail
cd "$(dirname "$0")/.."
REQUESTS=${REQUESTS:-40}
PORT=${PORT:-18339}
OUT=${OUT:-results/image-ttft}
JAR=${JAR:-target/infergate.jar}
SIZES=(512x384 1024x768 2048x1536)
mkdir -p "$OUT"
java -jar "$JAR" serve-sim --port "$PORT" --profile baseline > "$OUT/sim.out" 2>&1 &
sim=$!
trap 'kill $sim 2>/dev/null || true' EXIT
for _ in $(seq 50); do curl -sf "http://127.0.0.1:$PORT/health" > /dev/null && break; sleep 0.2; done
for size in "${SIZES[@]}"; do
  rm -rf "$OUT/$size"
  java -jar "$JAR" run --base-url "http://127.0.0.1:$PORT/v1" --concurrency 1 --requests "$REQUESTS" --warmup 2 \
    --input-tokens 64 --output-tokens 16 --images 1 --image-size "$size" --seed 39 --no-progress \
    --out "$OUT/$size" > "$OUT/$size.txt" 2>&1
  echo "== $size"; grep -E "^(TTFT |prompt tokens|images|client lag)" "$OUT/$size.txt" || true
done
for i in 0 1; do
  a=${SIZES[$i]}; b=${SIZES[$((i + 1))]}
  echo "== compare $a -> $b"
  java -jar "$JAR" compare "$OUT/$a" "$OUT/$b" --allow-different-workloads > "$OUT/compare-$a-$b.txt" 2>&1 || true
  grep -E "^ttft\.(p50|p95|mean)|VERDICT" "$OUT/compare-$a-$b.txt" || true
done

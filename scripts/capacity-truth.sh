#!/usr/bin/env bash
# capacity-truth.sh [PORT] [OUT]: the independent check of #37 ("Capacity at the SLO" in docs/acceptance.md): a
# simulator profile whose capacity is established by long constant-rate runs, against what 'capacity' answers.
#  1. serve-sim with scripts/profiles/knee-light.yaml: every engine step costs 10 ms whatever it holds, 32 sequences
#     at most, and short-chat asks for exactly 128 output tokens, so a request holds a slot 1.28 s and no server can
#     complete more than 32 / 1.28 = 25 req/s (an M/D/32 queue); SLO ttft=SLO (default 500ms), target 95 %.
#  2. long runs: 'run --rate R --arrival poisson --duration LONG --warmup 10s' at each of RATES, the attainment of each;
#     the long-run capacity is where attainment crosses the target (linear between the two rates around it).
#  3. SEARCHES x 'capacity --probe-duration PROBE' from a fresh seed each; is the long-run capacity inside each interval?
# Run it under /work/shared/bench/quiet:  /work/shared/bench/quiet -- scripts/capacity-truth.sh 19411 /tmp/truth
# Environment: SLO (the TTFT target, 500ms), RATES (default "19 20.5 22 23.5 25"), LONG (60s), SEARCHES (10), PROBE (3s), CAPACITY_ARGS (extra
# options), SKIP_LONG=1 (reuse OUT/long-*), JAR (default target/infergate.jar).
# Another profile and SLO: PROFILE (a bundled name or a file; default knee-light), SLO_SPEC (the whole --slo, overriding
# SLO), LONG_WARMUP (10s), START_RATE (the searches' first rate, 4). The demo's faster side at its capacity SLO:
#   PROFILE=candidate-fp8-kv SLO_SPEC=ttft=2s,tpot=25ms RATES="9.5 10 10.5 11" LONG=180s LONG_WARMUP=30s START_RATE=12 \
#   SEARCHES=5 CAPACITY_ARGS="--ramp-duration 3s --max-probes 6 --tolerance 3% --trials effective" scripts/capacity-truth.sh
# ('capacity' has no option for the demo's 2 s warm-up or its 19 req/s top: its probes warm up 3 s and may ramp to 24.)
# Each long run also prints its worst 10 s window (arrivals counted by when they were scheduled): a server whose misses
# come in waves longer than a probe shows it there. The windows judge the SLO as Slo.met does (TTFT and E2E from the
# schedule, TPOT over the answer's decode) except that they hold TPOT to answers that came in one lump too, which
# summary.json's attainment exempts: against a buffering profile they read lower than it.
set -euo pipefail
port=${1:-19411}
out=${2:-$(mktemp -d)/truth}
jar=${JAR:-$(dirname "$0")/../target/infergate.jar}
rates=${RATES:-19 20.5 22 23.5 25}
long=${LONG:-60s}
searches=${SEARCHES:-10}
probe=${PROBE:-3s}
slo=${SLO_SPEC:-ttft=${SLO:-500ms}}
profile=${PROFILE:-$(dirname "$0")/profiles/knee-light.yaml}
target=0.95
mkdir -p "$out"
java -jar "$jar" serve-sim --port "$port" --profile "$profile" >"$out/sim.log" 2>&1 &
sim=$!
trap 'kill "$sim" 2>/dev/null || true' EXIT
for _ in $(seq 1 100); do
  curl -fsS "http://127.0.0.1:$port/health" >/dev/null 2>&1 && break
  sleep 0.1
done
url="http://127.0.0.1:$port/v1"
attainment() { python3 -c "import json,sys; print(json.load(open(sys.argv[1]))['goodput']['attainment'])" "$1"; }
load() { cut -d' ' -f1 /proc/loadavg; }
if [ -n "${SKIP_LONG:-}" ]; then
  echo "long runs: reused from $out/long-* (SKIP_LONG; their own length, see each run.json), SLO $slo, target $target (load $(load))"
else
  echo "long runs: $long at each rate after ${LONG_WARMUP:-10s} of warm-up, profile $(basename "$profile"), SLO $slo, target $target (load $(load))"
fi
: > "$out/long.tsv"
for r in $rates; do
  if [ -z "${SKIP_LONG:-}" ]; then
    java -jar "$jar" run --base-url "$url" --rate "$r" --arrival poisson --duration "$long" --warmup "${LONG_WARMUP:-10s}" --slo "$slo" \
      --preset short-chat --seed 7 --no-progress --out "$out/long-$r" >"$out/long-$r.log" 2>&1 || true
  fi
  a=$(attainment "$out/long-$r/summary.json")
  n=$(python3 -c "import json,sys; print(json.load(open(sys.argv[1]))['requests']['sent'])" "$out/long-$r/summary.json")
  lag="client lag $(grep '^client lag' "$out/long-$r.log" | grep -o 'p99 [0-9.]*' | head -1 || true), simulator $(grep '^simulator lag' "$out/long-$r.log" | grep -o 'engine stalls [^)]*)' | head -1 || true)"
  worst=$(python3 - "$out/long-$r/requests.jsonl" "$slo" <<'PY'
import json, re, sys
limits = {}
for part in sys.argv[2].split(','):
    k, v = part.split('=')
    num, unit = re.fullmatch(r'([0-9.]+)(ms|s)', v).groups()
    limits[k] = float(num) * (1e6 if unit == 'ms' else 1e9)
windows = {}
rows = [json.loads(line) for line in open(sys.argv[1])]
rows = [r for r in rows if r.get('phase') != 'warmup']
t0 = min(r['scheduled_ns'] for r in rows)
for r in rows:
    ok = r.get('outcome') == 'ok' and r.get('first_token_ns') is not None
    if ok and 'ttft' in limits:
        ok = r['first_token_ns'] - r['scheduled_ns'] <= limits['ttft']
    if ok and 'tpot' in limits and r.get('output_tokens', 0) > 1 and r.get('last_token_ns') != r['first_token_ns']:
        ok = (r['last_token_ns'] - r['first_token_ns']) / (r['output_tokens'] - 1) <= limits['tpot']
    if ok and 'e2e' in limits:
        ok = r['done_ns'] - r['scheduled_ns'] <= limits['e2e']
    w = windows.setdefault(int((r['scheduled_ns'] - t0) // 10_000_000_000), [0, 0])
    w[0] += 1
    w[1] += ok
full = [(k, g / n) for k, (n, g) in sorted(windows.items()) if n >= 10]
k, share = min(full, key=lambda x: x[1])
print(f"worst 10 s window {share:.2f} (from {k * 10} s), {sum(1 for _, s in full if s < 0.95)} of {len(full)} windows below 0.95")
PY
)
  printf '%s\t%s\t%s\n' "$r" "$a" "$n" >> "$out/long.tsv"
  printf '  %6s req/s: attainment %.4f of %s requests, %s (%s; load %s)\n' "$r" "$a" "$n" "$worst" "$lag" "$(load)"
done
truth=$(python3 - "$out/long.tsv" "$target" <<'PY'
import sys
rows = [tuple(map(float, l.split('\t')[:2])) for l in open(sys.argv[1]) if l.strip()]
t = float(sys.argv[2])
for (r0, a0), (r1, a1) in zip(rows, rows[1:]):
    if a0 >= t > a1:
        print(f"{r0 + (a0 - t) / (a0 - a1) * (r1 - r0):.3f} {r0} {r1}")
        break
else:
    print("nan nan nan")
PY
)
read -r cap low high <<<"$truth"
echo "long-run capacity: $cap req/s (attainment crosses $target between $low and $high req/s) = $(python3 -c "print(round($cap*3600))")/h"
echo "searches: capacity --probe-duration $probe --slo $slo --target $target ${CAPACITY_ARGS:-}"
covered=0
for s in $(seq 1 "$searches"); do
  rm -rf "$out/search-$s"
  start=$(date +%s.%N)
  # shellcheck disable=SC2086
  java -jar "$jar" capacity --base-url "$url" --slo "$slo" --target "$target" --probe-duration "$probe" --seed "$s" \
    --start-rate "${START_RATE:-4}" --no-progress --out "$out/search-$s" ${CAPACITY_ARGS:-} >"$out/search-$s.log" 2>&1 || true
  secs=$(echo "$(date +%s.%N) - $start" | bc)
  line=$(python3 - "$out/search-$s/capacity.json" "$cap" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))['sides']['baseline']
lo, hi = (float('inf') if v is None else v / 3600 for v in d['requests_per_hour_interval'])
truth = float(sys.argv[2])
print(f"{d['rate_per_s']:.2f} [{lo:.2f}, {hi:.2f}] req/s, {len(d['probes'])} probes, stop {d['stop']}: "
      + ("covers" if lo <= truth <= hi else "MISSES") + f" {truth:.2f}")
PY
)
  case "$line" in *covers*) covered=$((covered + 1)) ;; esac
  printf '  search %2d (%5.1f s, load %s after): %s\n' "$s" "$secs" "$(load)" "$line"
done
echo "covered: $covered of $searches"

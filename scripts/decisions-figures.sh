#!/usr/bin/env bash
# The figures of issue #14 ("decisions that hold"), as docs/acceptance.md "Measured" reports them. Each mode
# starts two simulated servers (serve-sim) on PORT and PORT+1, runs `infergate accept` RUNS times with a
# different seed each time (plan seed and simulator seeds), and prints one line per run and the tally.
#
#   scripts/decisions-figures.sh aa        # N (5) A/A accepts of a small plan (3 workloads x fresh x AA_LOADS,
#                                          # by default concurrency 8: 3 conditions, REPEATS 3): the verdict counts
#                                          # and the time; the cheap rerun of "identical servers are never REJECTED"
#   scripts/decisions-figures.sh same      # baseline vs baseline, every condition of the default matrix
#   scripts/decisions-figures.sh slow      # baseline vs the same profile with 30 % slower prefill (TTFT)
#   scripts/decisions-figures.sh capacity  # capacity of baseline vs baseline, probed in both orders,
#                                          # and baseline vs a profile with every cost 12 % higher
#   scripts/decisions-figures.sh until     # the demo's pair (demo/plan.yaml) with --until-decided
#   scripts/decisions-figures.sh rejudge   # compare every result of same and slow again: default criteria,
#                                          # scripts/decisions-criteria.yaml (medians), and the default criteria
#                                          # with --run-to-run-allowance 0 (as before the allowance applied to
#                                          # 2 repeats); tallies exit codes
#
# Environment: RUNS (10), N (5, mode aa), AA_LOADS ('{eight: {concurrency: 8}}', mode aa), REQUESTS (8), REPEATS (2; 3 in mode aa), WARMUP (1), PORT (19710), OUT (results/decisions-figures),
# BUDGET (30m, mode until), STEP_US (1000: the profiles' step overhead, 6000 in the bundled baseline; see below).
#
# Profiles: the bundled baseline with its step overhead cut from 6 ms to STEP_US (decode about 5x faster, so 18
# conditions x 2 sides x REPEATS runs fit in minutes; TTFT is still prefill-bound: ~24 ms for 512 tokens), and
# variants of it written next to the results: slow (prefill 59 instead of 45 us/token: TTFT +30 % on an idle
# server, 512 or 8,192 tokens alike) and heavier (every cost x 1.12: capacity about 11 % lower).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
mode="${1:?usage: $0 aa|same|slow|capacity|until|rejudge}"
REPEATS_GIVEN="${REPEATS:-}"  # mode aa defaults to 3 repeats, the others to 2
RUNS="${RUNS:-10}"; REQUESTS="${REQUESTS:-8}"; REPEATS="${REPEATS:-2}"; WARMUP="${WARMUP:-1}"
PORT="${PORT:-19710}"; OUT="${OUT:-$here/results/decisions-figures}"; BUDGET="${BUDGET:-30m}"; STEP_US="${STEP_US:-1000}"
mkdir -p "$OUT/profiles"
# A private copy of the jar, so that a rebuild (./infergate rebuilds when sources change) cannot pull it from under
# the runs.
[[ -f "$here/target/infergate.jar" ]] || (cd "$here" && ./mvnw -B -q -DskipTests package)
jar="$OUT/infergate-$mode.jar"
cp "$here/target/infergate.jar" "$jar"
ig() { java ${INFERGATE_JAVA_OPTS:--Xmx1g} -jar "$jar" "$@"; }
# The simulator replaces its subshell (exec), so $! is the java process and cleanup really stops it.
sim_java() { exec java ${INFERGATE_JAVA_OPTS:--Xmx1g} -jar "$jar" serve-sim "$@"; }
src="$here/src/main/resources/sim-profiles"
sed "s/step_overhead_us: 6000/step_overhead_us: $STEP_US/; s/^name: baseline/name: baseline-step$STEP_US/" \
  "$src/baseline.yaml" > "$OUT/profiles/base.yaml"
sed "s/prefill_us_per_token: 45 /prefill_us_per_token: 59 /; s/^name: .*/name: baseline-slow-prefill/" \
  "$OUT/profiles/base.yaml" > "$OUT/profiles/slow.yaml"
awk '/^  [a-z_]*_us[a-z_0-9]*:/ { split($0, a, ":"); v = a[2]; sub(/#.*/, "", v); printf "%s: %d\n", a[1], v * 1.12 + 0.5; next }
     /^name:/ { print "name: baseline-heavier"; next } { print }' "$OUT/profiles/base.yaml" > "$OUT/profiles/heavier.yaml"

pids=()
cleanup() {
  for p in "${pids[@]:-}"; do [[ -n "$p" ]] && kill "$p" 2>/dev/null || true; done
  for p in "${pids[@]:-}"; do [[ -n "$p" ]] && while kill -0 "$p" 2>/dev/null; do sleep 0.2; done; done
  pids=()
}
trap cleanup EXIT

# start_sim PORT PROFILE SEED: a serve-sim in the background, waiting until it answers.
start_sim() {
  if curl -fs "http://127.0.0.1:$1/v1/models" > /dev/null 2>&1; then
    echo "port $1 is already served (a stale simulator?); stop it first" >&2; exit 3
  fi
  sim_java --port "$1" --profile "$2" --seed "$3" > "$OUT/sim-$1.log" 2>&1 &
  pids+=($!)
  for _ in $(seq 1 120); do
    curl -fs "http://127.0.0.1:$1/v1/models" > /dev/null 2>&1 && return 0
    sleep 0.5
  done
  echo "serve-sim on port $1 did not start (see $OUT/sim-$1.log)" >&2; exit 3
}

# accept_run NAME PLAN [ARGS...]: runs accept, prints the verdict, the audiences and the exit code.
accept_run() {
  local name="$1" plan="$2"; shift 2
  local dir="$OUT/$mode/$name"
  rm -rf "$dir"; mkdir -p "$(dirname "$dir")"
  local start=$SECONDS code=0
  ig accept "$plan" --out "$dir" "$@" > "$dir.console.txt" 2> "$dir.progress.txt" || code=$?
  echo "$name: exit $code in $((SECONDS - start)) s: $(grep -E '^VERDICT|^OVERALL' "$dir.console.txt" | tail -1)"
  echo "$code" >> "$OUT/$mode/codes.txt"
}

matrix_plan() { # matrix_plan SEED FILE: every condition of the default matrix at reduced counts, matrix only
  cat > "$2" <<PLAN
baseline: {url: 'http://127.0.0.1:$PORT/v1', labels: {engine: sim}}
candidate: {url: 'http://127.0.0.1:$((PORT + 1))/v1', labels: {engine: sim-b}}
repeats: $REPEATS
requests: $REQUESTS
warmup: $WARMUP
seed: $1
tokenizer: cl100k_base
capacity: false
burst: false
quality: false
PLAN
}

aa_plan() { # aa_plan SEED FILE: a small matrix (3 workloads x fresh x AA_LOADS) at REPEATS (3 in mode aa), matrix only
  cat > "$2" <<PLAN
baseline: {url: 'http://127.0.0.1:$PORT/v1', labels: {engine: sim}}
candidate: {url: 'http://127.0.0.1:$((PORT + 1))/v1', labels: {engine: sim-b}}
matrix: {workloads: [short-chat, long-doc, long-output], prefixes: [fresh], loads: $AA_LOADS}
repeats: $REPEATS
requests: $REQUESTS
warmup: $WARMUP
seed: $1
tokenizer: cl100k_base
capacity: false
burst: false
quality: false
PLAN
}

capacity_plan() { # capacity_plan SEED FILE: the capacity step only (the matrix: one tiny condition)
  cat > "$2" <<PLAN
baseline: {url: 'http://127.0.0.1:$PORT/v1', labels: {engine: sim}}
candidate: {url: 'http://127.0.0.1:$((PORT + 1))/v1', labels: {engine: sim-b}}
matrix: {workloads: [short-chat], prefixes: [fresh], loads: {one: {concurrency: 1}}}
repeats: 1
requests: 2
warmup: 0
seed: $1
tokenizer: cl100k_base
slo: {ttft: 2s, tpot: 25ms}
capacity: {start_rate: 8, duration: 5s, warmup: 1s, tolerance: 5%, max_probes: 10}
burst: false
quality: false
PLAN
}

capacities() { # the capacity and capacity-curves lines of one result
  grep -E '^capacity( curves)?:' "$OUT/$mode/$1.console.txt" || true
}

mkdir -p "$OUT/$mode"; rm -f "$OUT/$mode/codes.txt"; touch "$OUT/$mode/codes.txt"
echo "uptime: $(uptime)"
case "$mode" in
  aa)
    # N A/A accepts (the same profile on both ports, different simulator and plan seeds each time). With 3+
    # repeats the interval alone judges (no run-to-run allowance), so ACCEPTED is possible; REJECTED never should be.
    N="${N:-5}"; REPEATS="${REPEATS_GIVEN:-3}"; AA_LOADS="${AA_LOADS:-{eight: {concurrency: 8\}\}}"
    t0=$SECONDS
    for i in $(seq 1 "$N"); do
      start_sim "$PORT" "$OUT/profiles/base.yaml" "$i"; start_sim "$((PORT + 1))" "$OUT/profiles/base.yaml" "$((100 + i))"
      aa_plan "$i" "$OUT/$mode/plan-$i.yaml"
      accept_run "run-$i" "$OUT/$mode/plan-$i.yaml"
      cleanup
    done
    echo "tally (aa: $N A/A accepts, 3 workloads x fresh x $AA_LOADS, $REPEATS repeats x $REQUESTS requests, in $((SECONDS - t0)) s):" \
      "accepted $(grep -c '^0$' "$OUT/$mode/codes.txt" || true), rejected $(grep -c '^1$' "$OUT/$mode/codes.txt" || true)," \
      "inconclusive $(grep -c '^4$' "$OUT/$mode/codes.txt" || true), other $(grep -cvE '^(0|1|4)$' "$OUT/$mode/codes.txt" || true)"
    ;;
  same|slow)
    cand="$OUT/profiles/base.yaml"; [[ "$mode" == slow ]] && cand="$OUT/profiles/slow.yaml"
    for i in $(seq 1 "$RUNS"); do
      start_sim "$PORT" "$OUT/profiles/base.yaml" "$i"; start_sim "$((PORT + 1))" "$cand" "$((100 + i))"
      matrix_plan "$i" "$OUT/$mode/plan-$i.yaml"
      accept_run "run-$i" "$OUT/$mode/plan-$i.yaml"
      cleanup
    done
    echo "tally ($mode, $RUNS runs): accepted $(grep -c '^0$' "$OUT/$mode/codes.txt" || true)," \
      "rejected $(grep -c '^1$' "$OUT/$mode/codes.txt" || true), inconclusive $(grep -c '^4$' "$OUT/$mode/codes.txt" || true)"
    ;;
  capacity)
    for i in $(seq 1 "$RUNS"); do
      # The same profile on both ports; run i probes port PORT first when odd, PORT+1 first when even.
      start_sim "$PORT" "$OUT/profiles/base.yaml" "$i"; start_sim "$((PORT + 1))" "$OUT/profiles/base.yaml" "$((100 + i))"
      capacity_plan "$i" "$OUT/$mode/plan-same-$i.yaml"
      if (( i % 2 == 0 )); then sed -i "s/:$PORT\//:X\//; s/:$((PORT + 1))\//:$PORT\//; s/:X\//:$((PORT + 1))\//" "$OUT/$mode/plan-same-$i.yaml"; fi
      accept_run "same-$i" "$OUT/$mode/plan-same-$i.yaml"; capacities "same-$i"
      cleanup
      start_sim "$PORT" "$OUT/profiles/base.yaml" "$i"; start_sim "$((PORT + 1))" "$OUT/profiles/heavier.yaml" "$((100 + i))"
      capacity_plan "$i" "$OUT/$mode/plan-heavier-$i.yaml"
      accept_run "heavier-$i" "$OUT/$mode/plan-heavier-$i.yaml"; capacities "heavier-$i"
      cleanup
    done
    ;;
  until)
    for i in $(seq 1 "$RUNS"); do
      start_sim "$PORT" baseline "$i"; start_sim "$((PORT + 1))" candidate-fp8-kv "$((100 + i))"
      # The demo's matrix and audiences; capacity, burst and quality off (a capacity probe is refused while this
      # machine leaves the client behind; none of them takes part in the looks), so the batch audience judges
      # throughput and errors only.
      sed "s#\${BASE}#http://127.0.0.1:$PORT/v1#; s#\${CAND}#http://127.0.0.1:$((PORT + 1))/v1#; s/^seed: .*//;
           s/^capacity: .*/capacity: false/; s/^burst: .*/burst: false/; s/^quality: .*/quality: false/;
           /capacity.requests_per_hour/d" "$here/src/main/resources/demo/plan.yaml" > "$OUT/$mode/plan-$i.yaml"
      echo "seed: $i" >> "$OUT/$mode/plan-$i.yaml"
      accept_run "run-$i" "$OUT/$mode/plan-$i.yaml" --until-decided --budget "$BUDGET"
      grep -E '^until decided|^  |^chat|^batch' "$OUT/$mode/run-$i.console.txt" || true
      cleanup
    done
    ;;
  rejudge)
    # Re-judges every result of the modes same and slow from its run directories (compare), with the default
    # criteria and with scripts/decisions-criteria.yaml (medians), and tallies the exit codes: 0 accepted,
    # 1 rejected, 4 inconclusive.
    for m in same slow; do
      for crit in default medians allowance0; do
        codes=()
        for dir in "$OUT/$m"/run-*/; do
          [[ -d "$dir" ]] || continue
          args=(compare "$dir" --resamples 2000)
          [[ "$crit" == medians ]] && args+=(--criteria "$here/scripts/decisions-criteria.yaml")
          [[ "$crit" == allowance0 ]] && args+=(--run-to-run-allowance 0)
          code=0; ig "${args[@]}" > "${dir%/}.compare-$crit.txt" 2>&1 || code=$?
          codes+=("$code")
        done
        printf '%s, %s criteria: exit codes %s\n' "$m" "$crit" "${codes[*]:-none}"
      done
    done
    ;;
  *) echo "unknown mode $mode: aa|same|slow|capacity|until|rejudge" >&2; exit 2 ;;
esac
echo "uptime: $(uptime)"

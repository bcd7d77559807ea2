#!/usr/bin/env bash
# Counts the demo's verdicts over N runs (docs/acceptance.md, "The demo"): the story it must tell is
# "chat users: REJECTED, TTFT p50 ... over the 10 % limit" and "batch: ACCEPTED, ...". For each run it prints the
# 1-minute load average before and after, the wall time, and the two audience lines of the checklist's answer;
# at the end the counts: runs with the expected split, INCONCLUSIVE ones (allowed on a busy machine, with the
# reason printed), and runs with the OPPOSITE verdict (chat accepted or batch rejected: never allowed).
#
#   scripts/demo-verdicts.sh                       # N=10 full demos (about 3 minutes each)
#   QUICK=1 N=10 scripts/demo-verdicts.sh          # demo --quick (about 45 s each)
#   WRAP='/work/shared/bench/quiet --' N=5 scripts/demo-verdicts.sh   # each run alone on a quiet machine
#
# Environment: N (10), QUICK (unset: the full demo), OUT (results/demo-verdicts), WRAP (a command prefix per run;
# a run the wrapper refuses, exit 75, is counted as not run), JAR (target/infergate.jar, built first; another jar, e.g.
# a build with a changed plan, is run as given).
set -uo pipefail
cd "$(dirname "$0")/.."
N=${N:-10}
OUT=${OUT:-results/demo-verdicts}
WRAP=${WRAP:-}
mode=full; args=()
if [ -n "${QUICK:-}" ]; then mode=quick; args=(--quick); fi
mkdir -p "$OUT"
JAR=${JAR:-}
if [ -z "$JAR" ]; then
    ./infergate --version > /dev/null || exit 1 # builds the jar first, outside the timed runs
    JAR=target/infergate.jar
fi
expected=0; inconclusive=0; opposite=0; refused=0; other=0
for i in $(seq 1 "$N"); do
    out="$OUT/$mode-$i"
    rm -rf "$out"
    load0=$(cut -d' ' -f1 /proc/loadavg)
    start=$(date +%s%N)
    rc=0
    $WRAP java -jar "$JAR" demo "${args[@]}" --out "$out" > "$out.log" 2>&1 || rc=$?
    end=$(date +%s%N)
    load1=$(cut -d' ' -f1 /proc/loadavg)
    if [ "$rc" = 75 ]; then refused=$((refused + 1)); echo "== $mode-$i: not run (the machine never got quiet)"; continue; fi
    chat=$(grep -E '^  chat users: ' "$out.log" | tail -1 | sed 's/^  //')
    batch=$(grep -E '^  batch: ' "$out.log" | tail -1 | sed 's/^  //')
    printf '== %s exit %d, %.1f s, load %s -> %s\n   %s\n   %s\n' "$mode-$i" "$rc" \
        "$(( (end - start) / 1000000 ))e-3" "$load0" "$load1" "$chat" "$batch"
    grep -E '^  longest wait' "$out.log" | sed 's/^  /   /'
    if [[ "$chat" == "chat users: REJECTED, TTFT"* && "$batch" == "batch: ACCEPTED"* ]]; then
        expected=$((expected + 1))
    elif [[ "$chat" == "chat users: ACCEPTED"* || "$batch" == "batch: REJECTED"* ]]; then
        opposite=$((opposite + 1))
    elif [[ "$chat" == *INCONCLUSIVE* || "$batch" == *INCONCLUSIVE* ]]; then
        inconclusive=$((inconclusive + 1))
    else
        other=$((other + 1))
    fi
done
echo "demo $mode: $expected of $N with chat REJECTED on TTFT and batch ACCEPTED; $inconclusive inconclusive;" \
    "$opposite with the opposite verdict; $other other (e.g. rejected on another criterion, or failed); $refused not run"

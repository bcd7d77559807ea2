# two-sims.sh: sourced by the identical-sides scripts (capacity-aa.sh, accept-aa.sh). Starts two serve-sim of one
# profile on PORT and PORT+1, logging to OUT/sim-a.log and OUT/sim-b.log, stops them when the script exits, and waits
# until both answer /health. Needs: jar, port, profile, out. Defines load (the 1-minute load average).
java -jar "$jar" serve-sim --port "$port" --profile "$profile" >"$out/sim-a.log" 2>&1 &
sim_a=$!
java -jar "$jar" serve-sim --port "$((port + 1))" --profile "$profile" >"$out/sim-b.log" 2>&1 &
sim_b=$!
trap 'kill "$sim_a" "$sim_b" 2>/dev/null || true' EXIT
for p in "$port" "$((port + 1))"; do
  for _ in $(seq 1 200); do
    curl -fsS "http://127.0.0.1:$p/health" >/dev/null 2>&1 && break
    sleep 0.1
  done
done
load() { cut -d' ' -f1 /proc/loadavg; }

#!/usr/bin/env bash
# How long `infergate run` takes from SIGTERM to exit, in each state a run can be in, and whether it leaves its
# log and summary complete (issue 34: the goal is 2 s). A local server (python3) answers the model list and the
# preflight's test request at once, then holds every streamed request open after its first event, so requests
# are in flight when the signal comes. States:
#   setup     the signal arrives during the preflight (the server holds /models for 20 s)
#   inflight  requests in flight, none finishing (--rate 50 for 60 s; SIGTERM after 3 s)
#   queued    in-flight cap and queue full (--rate 2000, --max-concurrency 64, --max-queued 256; SIGTERM after 3 s)
# For each: exit code, seconds from SIGTERM to exit, records in requests.jsonl and requests in summary.json.
#
#   scripts/sigterm-to-exit.sh            # about 30 s; OUT (results/sigterm) keeps each run's folder
set -euo pipefail
cd "$(dirname "$0")/.."
OUT=${OUT:-results/sigterm}
rm -rf "$OUT"; mkdir -p "$OUT"
[ -f target/infergate.jar ] || ./mvnw -B -o -q -DskipTests package

PORT_FILE=$(mktemp)
python3 - "$PORT_FILE" <<'PY' &
import http.server, socketserver, sys, time, json
class H(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    def log_message(self, *a): pass
    def send_json(self, body):
        b = json.dumps(body).encode()
        self.send_response(200); self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(b))); self.end_headers(); self.wfile.write(b)
    def do_GET(self):
        if self.path.startswith("/v1/models"):
            if "slow-setup" in open(sys.argv[1] + ".mode").read():
                time.sleep(20)
            return self.send_json({"data": [{"id": "hold"}]})
        self.send_response(404); self.send_header("Content-Length", "0"); self.end_headers()
    def do_POST(self):
        n = int(self.headers.get("Content-Length", "0")); body = self.rfile.read(n).decode()
        if '"stream":true' not in body.replace(" ", ""):
            return self.send_json({"choices": [{"index": 0, "message": {"role": "assistant", "content": "ok ok"},
                "finish_reason": "length"}], "usage": {"prompt_tokens": 3, "completion_tokens": 2}})
        self.send_response(200); self.send_header("Content-Type", "text/event-stream")
        self.send_header("Transfer-Encoding", "chunked"); self.end_headers()
        ev = b'data: {"choices":[{"index":0,"delta":{"content":"x"}}]}\n\n'
        self.wfile.write(b"%x\r\n%s\r\n" % (len(ev), ev)); self.wfile.flush()
        time.sleep(600)
class S(socketserver.ThreadingMixIn, http.server.HTTPServer):
    daemon_threads = True
    request_queue_size = 1024
s = S(("127.0.0.1", 0), H)
open(sys.argv[1] + ".mode", "w").write("")
open(sys.argv[1], "w").write(str(s.server_address[1]))
s.serve_forever()
PY
SERVER=$!
trap 'kill $SERVER 2>/dev/null || true; rm -f "$PORT_FILE" "$PORT_FILE.mode"' EXIT
for _ in $(seq 50); do [ -s "$PORT_FILE" ] && break; sleep 0.1; done
BASE="http://127.0.0.1:$(cat "$PORT_FILE")/v1"

one() { # name, mode, delay before SIGTERM, run options...
    local name=$1 mode=$2 delay=$3 dir="$OUT/$1" pid start end rc=0
    shift 3
    echo "$mode" > "$PORT_FILE.mode"
    java -Xmx256m -jar target/infergate.jar run --base-url "$BASE" --model hold --no-progress --no-client-warmup \
        --server-metrics off --out "$dir" "$@" > "$OUT/$name.log" 2>&1 &
    pid=$!
    sleep "$delay"
    start=$(date +%s%N)
    kill -TERM "$pid"
    wait "$pid" || rc=$?
    end=$(date +%s%N)
    local records=- summarized=-
    [ -f "$dir/requests.jsonl" ] && records=$(wc -l < "$dir/requests.jsonl")
    [ -f "$dir/summary.json" ] && summarized=$(python3 -c "import json,sys; d=json.load(open(sys.argv[1])); \
print(d['requests']['sent'] + d['requests'].get('warmup', 0))" "$dir/summary.json" 2>/dev/null || echo '?')
    printf '%-9s exit %3d  %5.2f s from SIGTERM to exit  records %s  summary requests %s\n' "$name" "$rc" \
        "$(( (end - start) / 1000000 ))e-3" "$records" "$summarized"
}

echo "load $(cut -d' ' -f1-3 /proc/loadavg)"
one setup slow-setup 2 --rate 5 --duration 60s
one inflight none 3 --rate 50 --duration 60s
one queued none 3 --rate 2000 --max-concurrency 64 --max-queued 256 --duration 60s
echo "load $(cut -d' ' -f1-3 /proc/loadavg)"

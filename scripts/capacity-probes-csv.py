#!/usr/bin/env python3
"""capacity-probes-csv.py DEMO_DIR... > demo-probes.csv: every capacity probe of full 'infergate demo' (or accept) folders
as one CSV row, the fake that CapacitySearchOnDemoProbesTest replays (src/test/resources/capacity/demo-probes.csv).

Columns: side, rate_per_s, sent, good, effective_trials, hidden_overload. sent and good are the probe's measured
requests and those that met the SLO (SLO and target read from the folder's capacity.json; user cancellations left
out); effective_trials is counted as Measurement.effectiveTrials counts it: all of them when the probe's last 10 %
of arrivals (at least 3) all missed, else the effective sample size (Geyer's initial monotone sequence) of the share
of the SLO each request used (Slo.shareUsed: first-token wait from the schedule less the client's lag over the TTFT
target, TPOT over its target, E2E from the schedule over its; at least 2 for a failed request), in arrival order.
hidden_overload is read from capacity.json (its probe at that rate)."""
import glob
import json
import math
import os
import sys


def ess(x):
    n = len(x)
    if n == 0:
        return 0.0
    m = sum(x) / n
    v = sum((a - m) ** 2 for a in x) / n
    if not v > 1e-12 * max(1, m * m):
        return float(n)

    def ac(k):
        return 1.0 if k == 0 else sum((x[i] - m) * (x[i + k] - m) for i in range(n - k)) / n / v

    pairs, prev, j = 0.0, math.inf, 0
    while 2 * j + 1 < n:
        p = ac(2 * j) + ac(2 * j + 1)
        if not p > 0:
            break
        p = min(p, prev)
        pairs += p
        prev = p
        j += 1
    tau = max(2 * pairs - 1, 1.0 / n)
    return max(1.0, min(n, n / tau))


def lag(r):
    if r.get('slot_ns') is None or r.get('dispatch_ns') is None:
        return 0
    return max(0, r['dispatch_ns'] - max(r['scheduled_ns'], r['slot_ns']) - (r.get('connect_wait_ns') or 0) - (r.get('retry_delay_ns') or 0))


def probe(d, slo, target_unused):
    records = [json.loads(line) for line in open(os.path.join(d, 'requests.jsonl'))]
    measured = sorted((r for r in records if r['phase'] == 'measured' and r['outcome'] != 'user_cancelled'),
                      key=lambda r: r['scheduled_ns'])
    good, used = [], []
    ttft, tpot, e2e = (slo.get(k) for k in ('ttft_ms', 'tpot_ms', 'e2e_ms'))
    for r in measured:
        ok = r['outcome'] == 'ok'
        ft, lt, done = r.get('first_token_ns'), r.get('last_token_ns'), r.get('done_ns')
        wait = (ft - r['scheduled_ns'] - lag(r)) if (ok and ft) else ((done or r['scheduled_ns']) - r['scheduled_ns'] - lag(r))
        wait = max(0, wait)
        n_out = r.get('output_tokens') or 0
        t = (lt - ft) / (n_out - 1) if ok and ft and lt and n_out >= 2 and lt != ft else None
        share = wait / (ttft * 1e6) if ttft else 0.0
        if not ok:
            share = max(2.0, share)
        else:
            if tpot and t is not None:
                share = max(share, t / (tpot * 1e6))
            if e2e:
                share = max(share, (done - r['scheduled_ns']) / (e2e * 1e6))
        met = ok and (not ttft or (ft is not None and ft - r['scheduled_ns'] <= ttft * 1e6)) \
            and (not tpot or t is None or t <= tpot * 1e6) and (not e2e or done - r['scheduled_ns'] <= e2e * 1e6)
        good.append(met)
        used.append(share)
    n = len(measured)
    last = math.ceil(0.1 * n)
    fell_behind = last >= 3 and not any(good[n - last:])
    return n, sum(good), float(n) if fell_behind else ess(used)


def parse_slo(text):
    """'ttft=2s,tpot=25ms' -> {'ttft_ms': 2000.0, 'tpot_ms': 25.0} (as capacity.json writes the SLO)."""
    units = [('us', 1e-3), ('ms', 1.0), ('s', 1e3), ('m', 6e4)]
    out = {}
    for part in (text or '').split(','):
        if '=' not in part:
            continue
        k, v = part.split('=', 1)
        for u, f in units:
            if v.endswith(u) and v[:-len(u)].replace('.', '', 1).isdigit():
                out[k.strip() + '_ms'] = float(v[:-len(u)]) * f
                break
    return out


def main(dirs):
    print('# side,rate_per_s,sent,good,effective_trials,hidden_overload: made by scripts/capacity-probes-csv.py from '
          + ' '.join(dirs))
    for top in dirs:
        cap = json.load(open(os.path.join(top, 'capacity.json')))
        slo = parse_slo(cap.get('slo'))
        for side, s in cap['sides'].items():
            hidden = {round(p['rate_per_s'], 4): p.get('hidden_overload') or 0 for p in s['probes']}
            for d in sorted(glob.glob(os.path.join(top, 'capacity', side, 'rate-*'))):
                rate = float(os.path.basename(d).split('rate-')[1].split('-a')[0])
                n, g, t = probe(d, slo, cap.get('target'))
                print('%s,%.6f,%d,%d,%.4f,%.6f' % (side, rate, n, g, max(1.0, min(n, t)), hidden.get(round(rate, 4), 0)))


if __name__ == '__main__':
    main(sys.argv[1:])

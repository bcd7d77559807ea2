#!/usr/bin/env python3
"""capacity-dispersion.py [--width W] [--as SIDE=PROFILE ...] DIR...: how much a capacity probe is really worth, read
from the probes of many capacity searches (the capacity.json of 'infergate demo', 'accept' or 'capacity' folders).

Probes of one server at about one rate are repeated measurements of one attainment. If a probe's requests were worth
the independent trials the fit counts them as (capacity.json's effective_trials), the probes' attainments would
scatter around their mean with variance p(1 - p) / trials. Their actual variance gives the trials a probe is worth as
a whole: p(1 - p) / variance (a beta-binomial's dispersion: waves longer than a probe make a probe's requests one
episode, however many there are). Per server and band of rates (W req/s wide, default 0.3): probes, mean attainment,
probes with no miss, the spread, the trials a probe is worth judged by that spread, and the median the fit counted.
Probes under 72 requests (a ramp's) are left out: they are shorter and start from an idle server.

--as names the server behind a side where it is not the side's name: accept-aa.sh runs the candidate's profile on both
sides (--as baseline=candidate). docs/acceptance.md, "The demo's capacity against long runs", has a reading."""
import argparse
import json
import math
import os
import statistics
import sys


def main(argv):
    parser = argparse.ArgumentParser(description='What a capacity probe is worth, from the scatter of many searches\' probes.')
    parser.add_argument('--width', type=float, default=0.3, help='the bands of rates, req/s (0.3)')
    parser.add_argument('--as', dest='rename', action='append', default=[], metavar='SIDE=PROFILE',
                        help='the server behind a side (accept-aa.sh: baseline=candidate)')
    parser.add_argument('dirs', nargs='+', metavar='DIR', help='folders holding capacity.json')
    args = parser.parse_args(argv)
    width = args.width
    rename = dict(r.split('=', 1) for r in args.rename)
    dirs = args.dirs
    probes = {}
    for top in dirs:
        with open(os.path.join(top, 'capacity.json')) as f:
            cap = json.load(f)
        for side, s in cap['sides'].items():
            for p in s['probes']:
                if p['sent'] < 72:
                    continue
                trials = p.get('effective_trials') or p['sent']
                probes.setdefault(rename.get(side, side), []).append((p['rate_per_s'], p['attainment'], trials))
    print(f'{len(dirs)} folders; bands of {width} req/s; probes of 72 requests or more')
    print('server      rates (req/s)   probes  mean attainment  no miss  spread  worth (trials)  counted (median)')
    for server, rows in sorted(probes.items()):
        bands = {}
        for rate, attainment, trials in rows:
            bands.setdefault(math.floor(rate / width), []).append((attainment, trials))
        for band, values in sorted(bands.items()):
            a = [v[0] for v in values]
            mean = statistics.fmean(a)
            spread = statistics.stdev(a) if len(a) > 1 else float('nan')
            worth = mean * (1 - mean) / spread ** 2 if len(a) > 1 and spread > 0 else float('inf')
            print(f'{server:<11} {band * width:5.2f}-{(band + 1) * width:5.2f}  {len(a):7d}  {mean:15.3f}  {sum(1 for x in a if x == 1):7d}'
                  f'  {spread:6.3f}  {worth:14.1f}  {statistics.median(v[1] for v in values):16.1f}')


if __name__ == '__main__':
    main(sys.argv[1:])

#!/usr/bin/env python3
"""capacity-probes-csv.py DIR... > demo-probes.csv: every capacity probe of full 'infergate demo' (or accept) result
folders, one CSV row each, as read from their capacity.json: the fake that CapacitySearchOnDemoProbesTest replays
(src/test/resources/capacity/demo-probes.csv). Columns: side, rate_per_s, sent, good, effective_trials, hidden_overload
(good = attainment x sent; effective_trials and hidden_overload as the build that ran the folder counted them; a file
without them: sent and 0). Repeats at one rate are pooled in capacity.json, so a rate run twice is one row."""
import json
import os
import sys


def main(dirs):
    print('# side,rate_per_s,sent,good,effective_trials,hidden_overload: made by scripts/capacity-probes-csv.py from '
          + str(len(dirs)) + ' folders: ' + ' '.join(os.path.basename(d.rstrip('/')) for d in dirs))
    for top in dirs:
        cap = json.load(open(os.path.join(top, 'capacity.json')))
        for side, s in cap['sides'].items():
            for p in s['probes']:
                sent = p['sent']
                good = round(p['attainment'] * sent)
                trials = p.get('effective_trials') or sent
                print('%s,%.6f,%d,%d,%.4f,%.6f' % (side, p['rate_per_s'], sent, good, trials, p.get('hidden_overload') or 0))


if __name__ == '__main__':
    main(sys.argv[1:])

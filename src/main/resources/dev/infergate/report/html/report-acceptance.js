  /* ---------- acceptance: criteria, matrix grid, capacity ---------- */
  function outcomeText(o) {
    var v = String(o || 'unknown').toLowerCase();
    return (v === 'pass' ? '✓ ' : v === 'fail' ? '✗ ' : '? ') + v;
  }
  function outcomeClass(o) {
    var v = String(o || '').toLowerCase();
    return ['pass', 'fail', 'inconclusive'].indexOf(v) >= 0 ? v : 'inconclusive';
  }
  function criteriaTable(criteria) {
    return table(['criterion', 'unit', 'baseline', 'candidate', 'change', 'confidence interval', 'outcome', 'more samples needed'],
      (criteria || []).map(function (c) {
        var ci = num(c.ci_low) || num(c.ci_high) ? '[' + fmt(c.ci_low) + ', ' + fmt(c.ci_high) + ']' : '—';
        return [c.name, c.unit, c.baseline, c.candidate, num(c.delta) ? (c.delta > 0 ? '+' : '') + fmt(c.delta) : '—', ci,
          { v: outcomeText(c.outcome), cls: 'outcome ' + outcomeClass(c.outcome) }, c.more_samples];
      }));
  }
  /* only plain relative links (no scheme, no leading slash) may leave the page */
  function safeHref(h) {
    return typeof h === 'string' && /^[A-Za-z0-9._~\-][A-Za-z0-9._~\-\/]*(#[A-Za-z0-9._\-]*)?$/.test(h) && h.indexOf('..') < 0 ? h : null;
  }
  function renderAcceptance() {
    var a = data.acceptance;
    if (!a) { return; }
    var s = section('acceptance', 'Acceptance', 'Each criterion passes or fails only when its confidence interval says so; otherwise it is inconclusive.');
    if (a.criteria && a.criteria.length) { add(s, el('h3', null, 'Criteria')); add(s, criteriaTable(a.criteria)); }
    if (a.matrix && a.matrix.length) { renderMatrix(s, a.matrix); }
    if (a.capacity && Object.keys(a.capacity).length) { renderCapacity(s, a); }
    else { var nc = add(s, el('h3', null, 'Capacity at the SLO')).lastChild; nc.id = 'capacity'; add(s, el('p', 'note', 'Not measured: the plan has no capacity step, so there is no requests/hour figure.')); }
  }
  function renderMatrix(s, cells) {
    add(s, el('h3', null, 'Matrix: workload × prefix × load'));
    var rowsKeys = [], loads = [];
    cells.forEach(function (c) {
      var rk = String(c.workload) + ' · ' + String(c.prefix);
      if (rowsKeys.indexOf(rk) < 0) { rowsKeys.push(rk); }
      if (loads.indexOf(String(c.load)) < 0) { loads.push(String(c.load)); }
    });
    var t = el('table', 'grid');
    var head = add(el('tr'), el('th', 'text', 'workload · prefix  \\  load'));
    loads.forEach(function (l) { add(head, el('th', null, l)); });
    add(t, add(el('thead'), head));
    var body = el('tbody');
    rowsKeys.forEach(function (rk) {
      var tr = add(el('tr'), el('th', 'text', rk));
      loads.forEach(function (l) {
        var td = el('td');
        cells.forEach(function (c, i) {
          if (String(c.workload) + ' · ' + String(c.prefix) === rk && String(c.load) === l) {
            var a = el('a', 'outcome ' + outcomeClass(c.outcome), outcomeText(c.outcome));
            a.href = '#cell-' + i;
            if (c.note) { add(a, el('span', 'cellnote', c.note)); }
            add(td, a);
          }
        });
        add(tr, td);
      });
      add(body, tr);
    });
    add(s, add(el('div', 'tablebox'), add(t, body)));
    add(s, el('h3', null, 'Cell details'));
    var conds = get(data, 'acceptance.comparison.conditions') || [];
    var diffs = get(data, 'decision.differences') || [];
    var links = cells.some(function (c) { return safeHref(c.href); });
    var headers = ['cell', 'outcome', { label: 'note', text: true }, { label: 'criteria', text: true }, { label: 'TTFT p50 · E2E p50 · output tok/s: change [95 % interval]', text: true }];
    if (links) { headers.push({ label: 'report', text: true }); }
    var detail = table(headers, cells.map(function (c, i) {
      var name = String(c.workload) + '/' + String(c.prefix) + '/' + String(c.load);
      var cond = conds.filter(function (k) { return k.condition === name; })[0] || {};
      var crit = (c.criteria || cond.criteria || []).map(function (k) {
        if (k.criterion !== undefined) {
          return String(k.criterion) + ': ' + outcomeText(k.verdict) + (num(k.samples_to_settle) ? ' (about ' + fmt(k.samples_to_settle) + ' requests per side would settle it)' : '');
        }
        var ci = num(k.ci_low) || num(k.ci_high) ? ' [' + fmt(k.ci_low) + ', ' + fmt(k.ci_high) + ']' : '';
        return String(k.name) + ': ' + (num(k.delta) ? (k.delta > 0 ? '+' : '') + fmt(k.delta) : '—') + ci + ' ' + outcomeText(k.outcome);
      }).join('; ');
      var d = diffs.filter(function (x) { return x.condition === name; })[0];
      var change = d ? ['ttft.p50', 'e2e.p50', 'throughput.output_tokens_per_s'].map(function (k) { return changeText((d.figures || {})[k]); }).join(' · ') : '';
      var row = [String(c.workload) + ' · ' + String(c.prefix) + ' · ' + String(c.load),
        { v: outcomeText(c.outcome), cls: 'outcome ' + outcomeClass(c.outcome) }, c.note || 'every criterion passed', crit || 'no criteria in the plan', change || 'no comparison figures'];
      if (links) { row.push({ href: safeHref(c.href) }); }
      return { id: 'cell-' + i, cells: row };
    }));
    detail.querySelector('table').classList.add('celldetails');
    cells.forEach(function (c, i) { // each cell that the choice of cell offers links to its charts (repeat 1)
      var name = String(c.workload) + '/' + String(c.prefix) + '/' + String(c.load);
      var k = cellChoice ? cellChoice.options.map(function (o) { return o.repeat === 1 ? o.condition : null; }).indexOf(name) : -1;
      var td = k >= 0 ? detail.querySelector('tr#cell-' + i + ' td') : null;
      if (td) {
        var a = el('a', 'charts', 'its charts');
        a.href = '#cell=' + k;
        add(td, document.createTextNode(' · '), a);
      }
    });
    add(s, detail);
  }
  /* ", 95 % interval [lo, hi] req/s" (short: " [lo, hi]") from a side's requests_per_hour_interval, or '' */
  function intervalText(c, short) {
    var i = c.requests_per_hour_interval || [];
    if (!num(i[0])) { return ''; }
    var range = '[' + fmt(i[0] / 3600) + ', ' + (num(i[1]) ? fmt(i[1] / 3600) : 'not reached') + ']';
    return short ? ' ' + range : ', 95 % interval ' + range + ' req/s';
  }
  function renderCapacity(s, a) {
    var names = Object.keys(a.capacity);
    var curves = names.map(function (n, i) {
      var idx = sides.map(function (x) { return x.name; }).indexOf(n);
      return { name: n, side: idx >= 0 ? idx : i, c: a.capacity[n] || {} };
    }).filter(function (x) { return x.c.curve && x.c.curve.length; });
    if (!curves.length) { return; }
    var target = get(a, 'slo.attainment');
    add(s, el('h3', null, 'Capacity across load levels')).lastChild.id = 'capacity';
    var r = row(s);
    var box = chartBox(r);
    xyChart(box, {
      title: 'Throughput vs latency', xLabel: 'throughput (completed req/s)', yLabel: 'TTFT p95 from scheduled (ms)', yMin: 0,
      series: curves.map(function (x) { return { label: x.name, side: x.side, points: x.c.curve.map(function (p) { return [p.throughput_rps, p.ttft_p95_ms]; }) }; })
    });
    xyChart(box, {
      title: 'SLO attainment vs offered load', xLabel: 'offered load (req/s)', yLabel: 'SLO attainment (%)', yMin: 0,
      series: curves.map(function (x) { return { label: x.name, side: x.side, points: x.c.curve.map(function (p) { return [p.offered_rps, num(p.attainment) ? p.attainment * 100 : null]; }) }; })
        .concat(curves.filter(function (x) { return x.c.curve.some(function (p) { return num(p.fitted_attainment); }); }).map(function (x) {
          return { label: x.name + ' (monotone fit)', side: x.side, points: x.c.curve.map(function (p) { return [p.offered_rps, num(p.fitted_attainment) ? p.fitted_attainment * 100 : null]; }) };
        })),
      hLines: num(target) ? [{ y: target * 100, label: 'target ' + fmt(target * 100) + ' %' }] : [],
      marks: curves.map(function (x) { return { x: x.c.rps, y: num(target) ? target * 100 : null, side: x.side, label: x.name + ' ' + fmt(x.c.rps, 'req/s') + intervalText(x.c, true) }; })
    });
    var rows = [];
    curves.forEach(function (x) {
      x.c.curve.forEach(function (p) { rows.push([x.name, p.offered_rps, p.throughput_rps, p.ttft_p95_ms, p.e2e_p95_ms, pct(p.attainment)]); });
      var held = x.c.curve.filter(function (p) { return p.passed && p.offered_rps <= x.c.rps * (1 + 1e-9); });
      var at = held[held.length - 1] || {};
      rows.push({ cls: 'differs', cells: [x.name + ': capacity (where the fit crosses the ' + (num(target) ? pct(target) + ' ' : '') + 'attainment target' + intervalText(x.c) + '; the row\'s figures are the highest probe that held at or below it)', x.c.rps,
        num(at.throughput_rps) ? at.throughput_rps : 'no passing rate', num(at.ttft_p95_ms) ? at.ttft_p95_ms : 'n/a', num(at.e2e_p95_ms) ? at.e2e_p95_ms : 'n/a',
        num(at.attainment) ? pct(at.attainment) : 'n/a'] });
    });
    add(r, table(['side', 'offered (req/s)', 'throughput (req/s)', 'TTFT p95 (ms)', 'E2E p95 (ms)', 'SLO attainment'], rows));
  }

  /* ---------- quality and burst (acceptance.json's quality and burst blocks) ---------- */
  /* cfg: {title, xLabel, rows: [{label, side, v, lo, hi}], vLines: [{x, label}]}: a dot and its interval per row */
  function intervalChart(parent, cfg) {
    var div = add(parent, el('div', 'chart')).lastChild;
    add(div, el('h3', null, cfg.title));
    var w = widthOf(parent), rowH = 34, h = 60 + cfg.rows.length * rowH;
    var ctx = canvas(div, w, h, cfg.title + ' (' + cfg.xLabel + ')');
    var xs = [];
    cfg.rows.forEach(function (r) { [r.v, r.lo, r.hi].forEach(function (v) { if (num(v)) { xs.push(v); } }); });
    (cfg.vLines || []).forEach(function (l) { xs.push(l.x); });
    if (!xs.length) { xs = [0, 1]; }
    var ticks = niceTicks(Math.min.apply(null, xs), Math.max.apply(null, xs), 6);
    var box = { left: 150, right: w - 20, top: 10, bottom: h - 40 };
    var x = function (v) { return box.left + (v - ticks.min) / (ticks.max - ticks.min) * (box.right - box.left); };
    ctx.font = '11px sans-serif';
    ticks.ticks.forEach(function (t) {
      ctx.strokeStyle = '#e6e8eb'; ctx.beginPath(); ctx.moveTo(x(t), box.top); ctx.lineTo(x(t), box.bottom); ctx.stroke();
      ctx.fillStyle = '#1b1f24'; ctx.textAlign = 'center'; ctx.fillText(fmt(t), x(t), box.bottom + 14);
    });
    ctx.font = '12px sans-serif'; ctx.fillText(cfg.xLabel, (box.left + box.right) / 2, box.bottom + 32);
    (cfg.vLines || []).forEach(function (l) {
      ctx.save(); ctx.strokeStyle = '#57606a'; ctx.setLineDash([6, 4]); ctx.beginPath(); ctx.moveTo(x(l.x), box.top); ctx.lineTo(x(l.x), box.bottom); ctx.stroke();
      ctx.fillStyle = '#57606a'; ctx.textAlign = 'left'; ctx.font = '11px sans-serif'; ctx.fillText(l.label, x(l.x) + 4, box.bottom - 4); ctx.restore();
    });
    cfg.rows.forEach(function (r, k) {
      var y = box.top + rowH * (k + 0.5);
      ctx.fillStyle = '#1b1f24'; ctx.textAlign = 'right'; ctx.font = '12px sans-serif'; ctx.fillText(clip(r.label, 22), box.left - 10, y + 4);
      ctx.strokeStyle = colour(r.side); ctx.fillStyle = colour(r.side); ctx.lineWidth = 2;
      if (num(r.lo) && num(r.hi)) {
        ctx.beginPath(); ctx.moveTo(x(r.lo), y); ctx.lineTo(x(r.hi), y);
        ctx.moveTo(x(r.lo), y - 6); ctx.lineTo(x(r.lo), y + 6); ctx.moveTo(x(r.hi), y - 6); ctx.lineTo(x(r.hi), y + 6); ctx.stroke();
      }
      if (num(r.v)) { marker(ctx, SHAPES[r.side % SHAPES.length], x(r.v), y, 5, true); }
    });
  }
  function renderQuality() {
    var q = get(data, 'acceptance.quality');
    if (!q || !q.baseline_accuracy) { return; }
    var s = section('quality', 'Quality', 'The same ' + (get(q, 'eval.name') || 'eval') + ' items asked of both sides (' + fmt(q.paired_items) + ' paired items): accuracy with its 95 % interval, and the paired accuracy drop against the allowed one.');
    var crit = q.criterion || {};
    add(s, add(el('p'), verdictBadge(crit.verdict === 'pass' ? 'accepted' : crit.verdict === 'fail' ? 'rejected' : 'inconclusive', 'verdict small'),
      document.createTextNode(' ' + (crit.reason || ''))));
    var r = row(s);
    var box = chartBox(r);
    var acc = [['baseline', q.baseline_accuracy, 0], ['candidate', q.candidate_accuracy, 1]];
    intervalChart(box, { title: 'Accuracy per side', xLabel: 'accuracy (%)', rows: acc.map(function (a) {
      var v = a[1] || {}; return { label: a[0], side: a[2], v: v.value * 100, lo: v.low * 100, hi: v.high * 100 };
    }) });
    var drop = q.accuracy_drop || {};
    intervalChart(box, { title: 'Accuracy drop (baseline − candidate)', xLabel: 'drop (percentage points)',
      rows: [{ label: 'drop', side: 1, v: drop.value * 100, lo: drop.low * 100, hi: drop.high * 100 }],
      vLines: [{ x: 0, label: 'no change' }].concat(num(crit.max_drop) ? [{ x: crit.max_drop * 100, label: 'allowed ' + fmt(crit.max_drop * 100) + ' pp' }] : []) });
    var pairs = q.pairs || {};
    var rows = acc.map(function (a) { var v = a[1] || {}; return [a[0], pct(v.value), '[' + pct(v.low) + ', ' + pct(v.high) + ']']; });
    rows.push(['drop', fmt(drop.value * 100) + ' pp', '[' + fmt(drop.low * 100) + ', ' + fmt(drop.high * 100) + '] pp']);
    rows.push(['McNemar exact p', num(q.mcnemar_exact_p) ? fmt(q.mcnemar_exact_p) : 'n/a', 'only baseline right ' + fmt(pairs.only_baseline_correct) + ', only candidate right ' + fmt(pairs.only_candidate_correct)]);
    rows.push(['identical outputs', pct(get(q, 'agreement.identical_outputs')), num(crit.items_needed) ? 'about ' + fmt(crit.items_needed) + ' items would settle it' : 'settled']);
    add(r, table(['figure', 'value', '95 % interval'], rows));
  }
  var PHASES = ['before', 'during', 'after'];
  function renderBurst() {
    var b = get(data, 'acceptance.burst') || {};
    var names = Object.keys(b).filter(function (n) { return b[n] && b[n].phases; });
    if (!names.length) { return; }
    var s = section('burst', 'Burst', 'Open-loop arrivals at the base rate, then a step to the peak rate, then back: how each side absorbs it. Waits from the scheduled time; per second from acceptance.json.');
    var idx = function (n, k) { var i = sides.map(function (x) { return x.name; }).indexOf(n); return i >= 0 ? i : k; };
    var r = row(s);
    var box = chartBox(r);
    [['arrivals', 'Arrivals per second', 'arrivals (req/s)'], ['maxInFlight', 'Most requests in flight per second', 'in flight (requests)']].forEach(function (spec) {
      var tables = names.map(function (n) {
        var ps = b[n].per_second || [];
        return [ps.map(function (p) { return p.second; }), ps.map(function (p) { return num(p[spec[0]]) ? p[spec[0]] : null; })];
      });
      var joined = tables.length === 1 ? tables[0] : uPlot.join(tables);
      lineChart(box, { title: spec[1], xLabel: 'second of the burst run', yLabel: spec[2], x: joined[0], height: 200,
        series: names.map(function (n, k) { return { label: n, side: idx(n, k), values: joined[k + 1] }; }) });
    });
    var rows = [];
    names.forEach(function (n) {
      PHASES.forEach(function (ph) {
        var p = b[n].phases[ph];
        if (!p) { return; }
        rows.push([n + ' · ' + ph, ph === 'during' ? b[n].peak_rate_per_s : b[n].base_rate_per_s, p.ttft_from_scheduled_p99, p.ttft_from_scheduled_max,
          p.e2e_from_scheduled_p99, p.e2e_from_scheduled_max, p.count, p.failures]);
      });
    });
    add(r, table(['side · phase', 'rate (req/s)', 'TTFT p99 (ms)', 'TTFT max (ms)', 'E2E p99 (ms)', 'E2E max (ms)', 'requests', 'failures'], rows));
  }


/* infergate HTML report: draws the embedded data. Every piece of text from the data reaches the page
   through textContent or canvas fillText, never as markup. After drawing, <body> carries a self-check
   (data-charts-expected, data-charts-drawn, data-errors, data-report-ready) that the browser tests read. */
(function () {
  'use strict';
  var ERRORS = window.__reportErrors || [];
  var COLOURS = ['#0072B2', '#D55E00', '#009E73', '#CC79A7', '#E69F00', '#56B4E9'];
  var DASHES = [[], [10, 5], [3, 3], [12, 4, 3, 4], [6, 3], [1, 3]];
  var SHAPES = ['circle', 'square', 'triangle', 'diamond', 'circle', 'square'];
  var PCTS = [['p50', 'p50'], ['p90', 'p90'], ['p95', 'p95'], ['p99', 'p99'], ['p999', 'p99.9']];
  var data = JSON.parse(document.getElementById('infergate-data').textContent);
  var sides = data.sides || [];
  var main = document.getElementById('report');
  var toc = document.getElementById('toc');

  /* ---------- DOM helpers (text only) ---------- */
  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) { e.className = cls; }
    if (text !== undefined && text !== null) { e.textContent = String(text); }
    return e;
  }
  function add(parent) {
    for (var i = 1; i < arguments.length; i++) { if (arguments[i]) { parent.appendChild(arguments[i]); } }
    return parent;
  }
  function colour(i) { return COLOURS[i % COLOURS.length]; }
  function dash(i) { return DASHES[i % DASHES.length]; }
  function num(v) { return typeof v === 'number' && isFinite(v); }
  function fmt(v, unit) {
    if (!num(v)) { return '—'; }
    if (Math.abs(v) < 1e-12) { v = 0; }
    var a = Math.abs(v);
    var d = a >= 1000 ? 0 : a >= 100 ? 1 : a >= 10 ? 1 : a >= 1 ? 2 : 3;
    var s = v.toLocaleString('en-US', { maximumFractionDigits: d, minimumFractionDigits: 0 });
    return unit ? s + ' ' + unit : s;
  }
  function pct(v) { return num(v) ? fmt(v * 100) + ' %' : '—'; }
  function get(o, path) {
    var parts = path.split('.');
    for (var i = 0; i < parts.length; i++) { if (o === null || o === undefined) { return undefined; } o = o[parts[i]]; }
    return o;
  }
  function section(id, title, intro) {
    var s = add(el('section'), el('h2', null, title));
    s.id = id;
    if (intro) { add(s, el('p', 'note', intro)); }
    add(main, s);
    var a = el('a', null, title);
    a.href = '#' + id;
    add(toc, a);
    return s;
  }
  /* which run each side's cards and charts come from: acceptance pages draw one cell's first repeat per side */
  function shownRun(i) {
    var env = (get(data, 'environment.sides') || [])[i] || {};
    return env.condition || (sides[i] && sides[i].dir) || '';
  }
  function shownNote(s) {
    if (!data.acceptance || !sides.length) { return; }
    var runs = sides.map(function (sd, i) { return sd.name + ': ' + shownRun(i); }).join('; ');
    add(s, el('p', 'note shown', 'Shows one run per side (' + runs + '), not the whole plan; the Decision and Acceptance sections cover every condition.'));
  }
  /* headers: array of strings (first column left-aligned); rows: arrays of values or {v, cls} */
  function table(headers, rows, caption) {
    var box = el('div', 'tablebox');
    var t = el('table');
    if (caption) { add(t, el('caption', 'note', caption)); }
    var tr = el('tr');
    headers.forEach(function (h, i) { add(tr, el('th', i === 0 || (h && h.text) ? 'text' : null, h && h.label !== undefined ? h.label : h)); });
    add(t, add(el('thead'), tr));
    var body = el('tbody');
    rows.forEach(function (row) {
      var r = el('tr', row.cls || null);
      if (row.id) { r.id = row.id; }
      (row.cells || row).forEach(function (c, i) {
        var isObj = c !== null && typeof c === 'object';
        if (isObj && 'href' in c) {
          var td = el('td', 'text');
          if (c.href) { var a = el('a', null, c.href); a.href = c.href; add(td, a); } else { td.textContent = '—'; }
          add(r, td);
          return;
        }
        var v = isObj ? c.v : c;
        var cls = (i === 0 || (headers[i] && headers[i].text) ? 'text' : '') + (isObj && c.cls ? ' ' + c.cls : '');
        add(r, el('td', cls.trim() || null, typeof v === 'number' ? fmt(v) : (v === null || v === undefined || v === '' ? '—' : v)));
      });
      add(body, r);
    });
    add(box, add(t, body));
    return box;
  }
  function safely(name, fn) {
    try { fn(); } catch (e) { ERRORS.push(name + ': ' + (e && e.message ? e.message : e)); }
  }
  function row(parent, wide) { return add(parent, el('div', wide ? 'row wide' : 'row')).lastChild; }
  function chartBox(parent) { var b = el('div', 'chartbox'); add(parent, b); return b; }
  function widthOf(box) { return Math.max(360, Math.min(1300, (box.clientWidth || 760) - 4)); }

  /* ---------- uPlot line charts ---------- */
  function lineChart(box, cfg) {
    var div = add(box, el('div', 'chart')).lastChild;
    div.setAttribute('role', 'img');
    div.setAttribute('aria-label', cfg.title + ' (' + cfg.yLabel + ' against ' + cfg.xLabel + ')');
    var series = [{ label: cfg.xLabel }];
    var values = [cfg.x];
    cfg.series.forEach(function (s) {
      series.push({
        label: s.label, stroke: colour(s.side), width: s.width || 2, dash: s.dash || dash(s.side),
        // a series of one or two values draws no line: show its points, so a short run's chart is not blank
        spanGaps: true, points: { show: (s.values || []).filter(num).length <= 2, size: 8 },
        value: function (u, v) { return num(v) ? fmt(v) : '—'; }
      });
      values.push(s.values);
    });
    var axisStyle = { stroke: '#1b1f24', grid: { stroke: '#e6e8eb', width: 1 }, ticks: { stroke: '#c8ccd0', width: 1 } };
    var opts = {
      title: cfg.title, width: widthOf(box), height: cfg.height || 260,
      scales: {
        x: cfg.xLog ? { time: false, distr: 3, log: 10 } : { time: false },
        y: cfg.yRange ? { range: cfg.yRange } : {}
      },
      axes: [
        Object.assign({ label: cfg.xLabel, labelSize: 24 }, axisStyle),
        Object.assign({ label: cfg.yLabel, size: 64, labelSize: 24 }, axisStyle)
      ],
      series: series,
      legend: { live: true },
      cursor: { drag: { x: true, y: false } },
      hooks: cfg.hooks || {}
    };
    return new uPlot(opts, values, div);
  }

  /* warm-up shading and burst-step lines for charts whose x is seconds since the run's origin */
  function timeHooks() {
    var warm = 0;
    var steps = [];
    sides.forEach(function (s) {
      if (num(s.warmup_end_s)) { warm = Math.max(warm, s.warmup_end_s); }
      (s.steps_s || []).forEach(function (t) { if (steps.indexOf(t) < 0) { steps.push(t); } });
    });
    return {
      drawClear: [function (u) {
        if (warm <= 0) { return; }
        var ctx = u.ctx;
        var x0 = u.valToPos(u.scales.x.min, 'x', true);
        var x1 = Math.min(u.bbox.left + u.bbox.width, u.valToPos(warm, 'x', true));
        if (x1 <= x0) { return; }
        ctx.save();
        ctx.fillStyle = 'rgba(110,119,129,0.16)';
        ctx.fillRect(x0, u.bbox.top, x1 - x0, u.bbox.height);
        ctx.restore(); // named in the section's note (warmupNote), not on the plot, where it would cover the lines
      }],
      draw: [function (u) {
        var ctx = u.ctx;
        ctx.save();
        ctx.strokeStyle = '#1b1f24';
        ctx.setLineDash([2 * devicePixelRatio, 3 * devicePixelRatio]);
        ctx.fillStyle = '#1b1f24';
        ctx.font = (10 * devicePixelRatio) + 'px sans-serif';
        steps.forEach(function (t) {
          var x = u.valToPos(t, 'x', true);
          if (x < u.bbox.left || x > u.bbox.left + u.bbox.width) { return; }
          ctx.beginPath(); ctx.moveTo(x, u.bbox.top); ctx.lineTo(x, u.bbox.top + u.bbox.height); ctx.stroke();
          ctx.fillText('step', x + 3 * devicePixelRatio, u.bbox.top + 24 * devicePixelRatio);
        });
        ctx.restore();
      }]
    };
  }

  /* the grey band's meaning, for the notes of sections whose charts carry it */
  function warmupNote() {
    var warm = 0;
    sides.forEach(function (s) { if (num(s.warmup_end_s)) { warm = Math.max(warm, s.warmup_end_s); } });
    return warm > 0 ? ' Grey band: the warm-up (first ' + fmt(warm) + ' s), excluded from every figure.' : '';
  }

  /* ---------- small canvas drawing helpers (xy charts, timelines, legend) ---------- */
  function canvas(box, cssWidth, cssHeight, label) {
    var c = el('canvas');
    var r = window.devicePixelRatio || 1;
    c.width = Math.round(cssWidth * r);
    c.height = Math.round(cssHeight * r);
    c.style.width = cssWidth + 'px';
    c.style.height = cssHeight + 'px';
    c.setAttribute('role', 'img');
    c.setAttribute('aria-label', label);
    add(box, c);
    var ctx = c.getContext('2d');
    ctx.scale(r, r);
    return ctx;
  }
  function marker(ctx, shape, x, y, size, fill) {
    ctx.beginPath();
    if (shape === 'square') { ctx.rect(x - size, y - size, 2 * size, 2 * size); }
    else if (shape === 'triangle') { ctx.moveTo(x, y - size * 1.2); ctx.lineTo(x + size * 1.1, y + size); ctx.lineTo(x - size * 1.1, y + size); ctx.closePath(); }
    else if (shape === 'diamond') { ctx.moveTo(x, y - size * 1.3); ctx.lineTo(x + size * 1.3, y); ctx.lineTo(x, y + size * 1.3); ctx.lineTo(x - size * 1.3, y); ctx.closePath(); }
    else { ctx.arc(x, y, size, 0, 2 * Math.PI); }
    if (fill) { ctx.fill(); } else { ctx.stroke(); }
  }
  function niceTicks(min, max, count) {
    if (!(max > min)) { max = min + 1; }
    var span = max - min;
    var step = Math.pow(10, Math.floor(Math.log10(span / count)));
    var err = span / count / step;
    step *= err >= 7.5 ? 10 : err >= 3.5 ? 5 : err >= 1.5 ? 2 : 1;
    var ticks = [];
    for (var v = Math.ceil(min / step) * step; v <= max + step * 1e-9; v += step) { ticks.push(Math.round(v / step) * step); }
    return { ticks: ticks, min: Math.min(min, ticks[0]), max: Math.max(max, ticks[ticks.length - 1]) };
  }
  function axes(ctx, box, xs, ys, xLabel, yLabel) {
    ctx.strokeStyle = '#c8ccd0'; ctx.fillStyle = '#1b1f24'; ctx.lineWidth = 1; ctx.font = '11px sans-serif';
    ys.ticks.forEach(function (t) {
      var y = box.y(t);
      ctx.strokeStyle = '#e6e8eb'; ctx.beginPath(); ctx.moveTo(box.left, y); ctx.lineTo(box.right, y); ctx.stroke();
      ctx.textAlign = 'right'; ctx.fillText(fmt(t), box.left - 6, y + 4);
    });
    xs.ticks.forEach(function (t) {
      var x = box.x(t);
      ctx.strokeStyle = '#e6e8eb'; ctx.beginPath(); ctx.moveTo(x, box.top); ctx.lineTo(x, box.bottom); ctx.stroke();
      ctx.textAlign = 'center'; ctx.fillText(fmt(t), x, box.bottom + 14);
    });
    ctx.strokeStyle = '#1b1f24';
    ctx.strokeRect(box.left, box.top, box.right - box.left, box.bottom - box.top);
    ctx.font = '12px sans-serif'; ctx.textAlign = 'center';
    ctx.fillText(xLabel, (box.left + box.right) / 2, box.bottom + 32);
    ctx.save(); ctx.translate(14, (box.top + box.bottom) / 2); ctx.rotate(-Math.PI / 2); ctx.fillText(yLabel, 0, 0); ctx.restore();
  }
  /* cfg: {title, xLabel, yLabel, series: [{label, side, points: [[x, y]]}], hLines: [{y, label}], marks: [{x, y, label, side}], yMin, xIntegers} */
  function xyChart(parent, cfg) {
    var hasPoints = cfg.series.some(function (s) { return s.points.some(function (p) { return num(p[0]) && num(p[1]); }); });
    if (!hasPoints) { // never an empty 0-1 frame: say what is missing
      add(parent, el('h3', null, cfg.title), el('p', 'note', 'Nothing to draw: no point has both ' + cfg.xLabel + ' and ' + cfg.yLabel + '.'));
      return;
    }
    var div = add(parent, el('div', 'chart')).lastChild;
    add(div, el('h3', null, cfg.title));
    var w = widthOf(parent), h = 300;
    var ctx = canvas(div, w, h, cfg.title + ' (' + cfg.yLabel + ' against ' + cfg.xLabel + ')');
    var allX = [], allY = [];
    cfg.series.forEach(function (s) { s.points.forEach(function (p) { if (num(p[0]) && num(p[1])) { allX.push(p[0]); allY.push(p[1]); } }); });
    (cfg.hLines || []).forEach(function (l) { allY.push(l.y); });
    if (!allX.length) { allX = [0, 1]; allY = [0, 1]; }
    var xs = niceTicks(Math.min(0, Math.min.apply(null, allX)), Math.max.apply(null, allX), 6);
    if (cfg.xIntegers) { xs.ticks = xs.ticks.filter(function (t) { return t === Math.round(t); }); }
    var ys = niceTicks(cfg.yMin !== undefined ? cfg.yMin : Math.min.apply(null, allY), Math.max.apply(null, allY), 5);
    var box = { left: 70, right: w - 16, top: 10, bottom: h - 44 };
    box.x = function (v) { return box.left + (v - xs.min) / (xs.max - xs.min) * (box.right - box.left); };
    box.y = function (v) { return box.bottom - (v - ys.min) / (ys.max - ys.min) * (box.bottom - box.top); };
    axes(ctx, box, xs, ys, cfg.xLabel, cfg.yLabel);
    (cfg.hLines || []).forEach(function (l) {
      ctx.save(); ctx.strokeStyle = '#57606a'; ctx.setLineDash([6, 4]); ctx.beginPath();
      ctx.moveTo(box.left, box.y(l.y)); ctx.lineTo(box.right, box.y(l.y)); ctx.stroke();
      ctx.fillStyle = '#57606a'; ctx.textAlign = 'left'; ctx.fillText(l.label, box.left + 6, box.y(l.y) - 4); ctx.restore();
    });
    cfg.series.forEach(function (s) {
      var pts = s.points.filter(function (p) { return num(p[0]) && num(p[1]); });
      ctx.save(); ctx.strokeStyle = colour(s.side); ctx.fillStyle = colour(s.side); ctx.lineWidth = 2; ctx.setLineDash(dash(s.side));
      ctx.beginPath();
      pts.forEach(function (p, i) { if (i === 0) { ctx.moveTo(box.x(p[0]), box.y(p[1])); } else { ctx.lineTo(box.x(p[0]), box.y(p[1])); } });
      ctx.stroke(); ctx.setLineDash([]);
      pts.forEach(function (p) { marker(ctx, SHAPES[s.side % SHAPES.length], box.x(p[0]), box.y(p[1]), 3.5, true); });
      ctx.restore();
    });
    (cfg.marks || []).forEach(function (m, k) {
      if (!num(m.x) || !num(m.y)) { return; }
      ctx.save(); ctx.strokeStyle = '#1b1f24'; ctx.lineWidth = 2; ctx.fillStyle = colour(m.side);
      marker(ctx, 'diamond', box.x(m.x), box.y(m.y), 8, true); marker(ctx, 'diamond', box.x(m.x), box.y(m.y), 8, false);
      ctx.fillStyle = '#1b1f24'; ctx.font = 'bold 12px sans-serif'; ctx.textAlign = 'left';
      var ly = Math.min(box.bottom - 6, box.y(m.y) + 24 + 16 * k);
      ctx.fillText(m.label, Math.max(box.left + 4, Math.min(box.x(m.x) - 40, box.right - 190)), ly); ctx.restore();
    });
    add(div, legendRow(cfg.series.map(function (s) { return { label: s.label, side: s.side }; })));
  }
  function swatch(side, label) {
    var item = el('span', 'item');
    var ctx = canvas(item, 44, 14, 'line style of ' + label);
    ctx.strokeStyle = colour(side); ctx.fillStyle = colour(side); ctx.lineWidth = 3; ctx.setLineDash(dash(side));
    ctx.beginPath(); ctx.moveTo(2, 7); ctx.lineTo(42, 7); ctx.stroke(); ctx.setLineDash([]);
    marker(ctx, SHAPES[side % SHAPES.length], 22, 7, 3.5, true);
    add(item, el('span', null, label));
    return item;
  }
  function legendRow(items) {
    var d = el('div', 'legend');
    items.forEach(function (it) { add(d, swatch(it.side, it.label)); });
    return d;
  }

  /* ---------- header and headline ---------- */
  function renderHeader() {
    document.getElementById('title').textContent = data.title || 'infergate report';
    var legend = document.getElementById('legend');
    sides.forEach(function (s, i) {
      var role = sides.length === 2 ? (i === 0 ? ' (baseline)' : ' (candidate)') : '';
      add(legend, swatch(i, s.name + role));
    });
  }

  function renderHeadline() {
    var h = data.headline || {};
    var s = section('headline', 'Headline');
    if (h.verdict && data.decision) {
      add(s, add(el('p', 'note'), document.createTextNode('Verdict: '), link(String(h.verdict).toUpperCase(), '#decision'), document.createTextNode(' (see Decision above). The cards below describe the runs drawn on this page.')));
    } else if (h.verdict) {
      var v = String(h.verdict).toLowerCase();
      var known = ['accepted', 'rejected', 'inconclusive'].indexOf(v) >= 0;
      var symbol = v === 'accepted' ? '✓ ' : v === 'rejected' ? '✗ ' : '? ';
      add(s, el('div', 'verdict ' + (known ? v : 'unknown'), symbol + String(h.verdict).toUpperCase()));
      if (h.reason) { add(s, el('p', null, h.reason)); }
    } else if (sides.length >= 2) {
      add(s, el('p', 'note', 'No acceptance verdict: these runs are overlaid for comparison only (run infergate accept for a verdict with confidence intervals).'));
    }
    var cards = add(s, el('div', 'cards')).lastChild;
    (h.sides || []).forEach(function (hs, i) {
      var card = el('div', 'card');
      card.style.setProperty('--side-colour', colour(i));
      add(card, el('h3', null, hs.name));
      var dl = el('dl');
      function item(k, v) { add(dl, el('dt', null, k), el('dd', null, v)); }
      if (shownRun(i)) { item('run shown', shownRun(i)); }
      var req = hs.requests || {};
      item('requests', fmt(req.sent) + ' sent · ' + fmt(req.completed) + ' completed · ' + fmt(req.warmup) + ' warm-up excluded');
      var errs = Object.keys(hs.errors || {}).map(function (k) { return k + ' ' + hs.errors[k]; }).join(', ');
      item('errors', fmt(req.failed) + ' (' + pct(hs.error_rate) + ')' + (errs ? ' · ' + errs : ''));
      if (req.cancelled) { item('cancelled by the client', fmt(req.cancelled) + ' (' + pct(req.cancelled_share) + ') · user stops, not errors'); }
      var tp = hs.throughput || {};
      item('throughput', fmt(tp.requests_per_s, 'req/s') + ' · ' + fmt(tp.output_tokens_per_s, 'output tok/s'));
      var gp = hs.goodput || {};
      if (gp.slo && (gp.slo.ttft_ms || gp.slo.tpot_ms || gp.slo.e2e_ms)) {
        item('goodput', fmt(gp.requests_per_s, 'req/s') + ' · SLO attainment ' + pct(gp.attainment));
      }
      if (num(hs.capacity)) { item('capacity at SLO', fmt(hs.capacity, 'req/s')); }
      var w = hs.worst_ms || {};
      item('worst TTFT', 'p99 ' + fmt(w.ttft_p99_ms, 'ms') + ' · max ' + fmt(w.ttft_max_ms, 'ms'));
      item('worst E2E', 'p99 ' + fmt(w.e2e_p99_ms, 'ms') + ' · max ' + fmt(w.e2e_max_ms, 'ms'));
      if (hs.delivery) { item('streaming delivery', hs.delivery); }
      add(card, dl);
      add(cards, card);
    });
    add(s, el('p', 'note', 'Worst waits are measured from when each request was scheduled, so time spent queued in the client counts.'));
    shownNote(s);
    var cav = h.caveats || [];
    add(s, el('h3', null, cav.length ? 'Caveats' : 'Caveats: none'));
    var ul = el('ul', 'caveats');
    cav.forEach(function (c) { add(ul, el('li', null, c)); });
    add(s, ul);
  }

  /* ---------- decision at a glance (data.decision, from acceptance.json) ---------- */
  function signedPct(v) { return num(v) ? (v > 0 ? '+' : '') + fmt(v * 100) + ' %' : '—'; }
  function signed(v, unit) { return num(v) ? (v > 0 ? '+' : '') + fmt(v, unit) : '—'; }
  /* "+14.4 % [-7.3 %, +60.3 %]" for a relative change and its interval */
  function changeText(d) {
    if (!d || !num(d.delta)) { return '—'; }
    var ci = d.ci || [];
    return signedPct(d.delta) + (num(ci[0]) && num(ci[1]) ? ' [' + signedPct(ci[0]) + ', ' + signedPct(ci[1]) + ']' : '');
  }
  /* 'up' or 'down' when the interval excludes zero, else 'unsettled' */
  function direction(d) {
    var ci = (d && d.ci) || [];
    if (!num(ci[0]) || !num(ci[1])) { return 'unsettled'; }
    return ci[0] > 0 ? 'up' : ci[1] < 0 ? 'down' : 'unsettled';
  }
  function link(text, href, cls) {
    var a = el('a', cls || null, text);
    if (typeof href === 'string' && /^#[A-Za-z0-9_-]+$/.test(href)) { a.href = href; }
    return a;
  }
  function verdictBadge(verdict, cls) {
    var v = String(verdict || 'unknown').toLowerCase();
    var known = ['accepted', 'rejected', 'inconclusive'].indexOf(v) >= 0;
    var symbol = v === 'accepted' ? '✓ ' : v === 'rejected' ? '✗ ' : '? ';
    return el('span', (cls || 'verdict') + ' ' + (known ? v : 'unknown'), symbol + String(verdict || 'unknown').toUpperCase());
  }
  function renderDecision() {
    var d = data.decision;
    if (!d) { return; }
    var s = section('decision', 'Decision', 'The verdict for each audience and the figures it rests on, over every condition of the plan; each item links to its evidence below.');
    var aud = add(s, el('div', 'audiences')).lastChild;
    (d.audiences || []).forEach(function (a) {
      var box = add(aud, el('div', 'audience')).lastChild;
      add(box, el('div', 'who', a.name === 'all' && !a.label ? 'all users (one audience)' : a.label && a.label !== a.name ? a.label + ' (' + a.name + ')' : a.name));
      add(box, verdictBadge(a.verdict));
      add(box, el('p', 'reason', a.reason || '—'));
      var np = a.not_passed || {};
      if ((np.shown || []).length) {
        var ul = add(box, el('ul', 'notpassed')).lastChild;
        np.shown.forEach(function (k) {
          var li = add(ul, el('li')).lastChild;
          add(li, document.createTextNode(outcomeText(k.verdict) + ': ' + k.criterion + ' in '), link(k.condition, k.href),
            document.createTextNode(num(k.delta) ? ' (' + changeText({ delta: k.delta, ci: k.ci }) + ')' : ''));
        });
        if (np.count > np.shown.length) { add(ul, el('li', 'note', (np.count - np.shown.length) + ' more not passed: see the criteria')); }
      }
      add(box, link('evidence: criteria' + (num(a.criteria) ? ' (' + a.criteria + ')' : ''), a.href));
    });
    var facts = add(s, el('dl', 'facts')).lastChild;
    function fact(label, value, href, evidence) {
      var dd = el('dd', null, value);
      if (href) { add(dd, document.createTextNode(' · '), link(evidence || 'evidence', href)); }
      add(facts, el('dt', null, label), dd);
    }
    var c = d.capacity;
    if (c) {
      var iv = c.interval || [];
      var sidesText = Object.keys(c.per_side || {}).map(function (k) { return k + ' ' + fmt(c.per_side[k]) + '/h'; }).join(' → ');
      fact('requests/hour at the SLO', signed(c.requests_per_hour) + ' requests/hour [' + (num(iv[0]) ? signed(iv[0]) : 'unbounded') + ', '
        + (num(iv[1]) ? signed(iv[1]) : 'unbounded') + '] (' + sidesText + (num(c.attainment_target) ? ', at ' + pct(c.attainment_target) + ' attainment' : '') + '; '
        + (c.excludes_zero ? 'the interval excludes zero' : 'the interval includes zero: not a difference yet') + ')', c.href, 'capacity curves');
    } else {
      fact('requests/hour at the SLO', 'not measured: the plan has no capacity step');
    }
    (d.longest_wait || []).forEach(function (w) {
      fact('longest wait, ' + w.side, 'p99 E2E from scheduled ' + fmt(w.e2e_p99_ms, 'ms') + ' (TTFT ' + fmt(w.ttft_p99_ms, 'ms') + ')'
        + (num(w.count) ? ' of ' + fmt(w.count) + ' requests' : '') + ', ' + w.where, w.href);
    });
    var diffs = d.differences || [];
    if (diffs.length) {
      var stats = [['ttft.p50', 'TTFT p50'], ['e2e.p50', 'E2E p50'], ['throughput.output_tokens_per_s', 'output tok/s']];
      var summary = stats.map(function (st) {
        var counts = { up: 0, down: 0, unsettled: 0 };
        diffs.forEach(function (r) { if (r.figures && r.figures[st[0]]) { counts[direction(r.figures[st[0]])]++; } });
        return st[1] + ': up in ' + counts.up + ', down in ' + counts.down + ', unsettled in ' + counts.unsettled;
      }).join(' · ');
      fact('candidate vs baseline', summary + ' (of ' + diffs.length + ' condition' + (diffs.length === 1 ? '' : 's') + '; up/down: the 95 % interval excludes zero)');
      var t = el('table', 'differences');
      var head = add(el('tr'), el('th', 'text', 'condition'));
      stats.forEach(function (st) { add(head, el('th', null, st[1] + ' change [95 % interval]')); });
      add(head, el('th', null, 'verdict'));
      add(t, add(el('thead'), head));
      var body = el('tbody');
      diffs.forEach(function (r) {
        var tr = add(el('tr'), add(el('td', 'text'), link(r.condition, r.href)));
        stats.forEach(function (st) {
          var f = (r.figures || {})[st[0]];
          add(tr, el('td', 'change ' + direction(f), changeText(f)));
        });
        add(tr, el('td', 'outcome ' + outcomeClass(r.verdict === 'pass' || r.verdict === 'accepted' ? 'pass' : r.verdict === 'fail' || r.verdict === 'rejected' ? 'fail' : 'inconclusive'), outcomeText(r.verdict)));
        add(body, tr);
      });
      add(s, el('h3', null, 'Differences per condition'));
      add(s, add(el('div', 'tablebox'), add(t, body)));
    }
  }

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
    add(s, detail);
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
      series: curves.map(function (x) { return { label: x.name, side: x.side, points: x.c.curve.map(function (p) { return [p.offered_rps, num(p.attainment) ? p.attainment * 100 : null]; }) }; }),
      hLines: num(target) ? [{ y: target * 100, label: 'target ' + fmt(target * 100) + ' %' }] : [],
      marks: curves.map(function (x) { return { x: x.c.rps, y: num(target) ? target * 100 : null, side: x.side, label: x.name + ' capacity ' + fmt(x.c.rps, 'req/s') }; })
    });
    var rows = [];
    curves.forEach(function (x) {
      x.c.curve.forEach(function (p) { rows.push([x.name, p.offered_rps, p.throughput_rps, p.ttft_p95_ms, p.e2e_p95_ms, pct(p.attainment)]); });
      var at = x.c.curve.filter(function (p) { return p.offered_rps === x.c.rps; })[0] || {};
      rows.push({ cls: 'differs', cells: [x.name + ': capacity (highest rate that met the ' + (num(target) ? pct(target) + ' ' : '') + 'attainment target)', x.c.rps,
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

  /* ---------- distributions ---------- */
  var CDFS = [['ttft', 'TTFT', 'time to first token'], ['itl', 'ITL', 'gap between output events'], ['tpot', 'TPOT', 'time per output token'], ['e2e', 'E2E', 'end-to-end latency']];
  function distTable(key) {
    var rows = sides.map(function (s) {
      var d = get(s, 'summary.latency_ms.' + key) || {};
      var low = d.low_sample || [];
      return [s.name, d.count].concat(PCTS.map(function (p) { return { v: num(d[p[0]]) ? fmt(d[p[0]]) + (low.indexOf(p[0]) >= 0 ? '*' : '') : '—', cls: low.indexOf(p[0]) >= 0 ? 'low' : null }; }), [d.max]);
    });
    var t = table(['side', 'count'].concat(PCTS.map(function (p) { return p[1] + ' (ms)'; }), ['max (ms)']), rows);
    if (rows.some(function (r) { return r.some(function (c) { return c && c.cls === 'low'; }); })) {
      add(t, el('p', 'note', '* fewer than 10 samples beyond this percentile: a rough bound, not a figure.'));
    }
    return t;
  }
  function renderDistributions() {
    var s = section('distributions', 'Latency distributions', 'Cumulative share of requests (ITL: of gaps) at or below each latency; warm-up excluded. Curves further left are faster.');
    shownNote(s);
    var controls = add(s, el('div', 'controls')).lastChild;
    var logBox = el('input'); logBox.type = 'checkbox'; logBox.id = 'cdf-log';
    var schedBox = el('input'); schedBox.type = 'checkbox'; schedBox.id = 'cdf-sched';
    add(controls, add(el('label'), logBox, document.createTextNode(' log-scale latency axis')));
    add(controls, add(el('label'), schedBox, document.createTextNode(' TTFT and E2E from scheduled (includes client queue wait)')));
    var holder = add(s, el('div')).lastChild;
    function draw() {
      while (holder.firstChild) { holder.removeChild(holder.firstChild); }
      CDFS.forEach(function (c) {
        var key = schedBox.checked && (c[0] === 'ttft' || c[0] === 'e2e') ? c[0] + '_from_scheduled' : c[0];
        var r = row(holder);
        var box = chartBox(r);
        var present = [];
        sides.forEach(function (sd, i) { var d = get(sd, 'cdf.' + key); if (d && d.x_ms && d.x_ms.length) { present.push({ i: i, d: d, name: sd.name }); } });
        if (!present.length) { add(box, el('p', 'note', c[1] + ': no samples.')); add(r, distTable(key)); return; }
        var joined = present.length === 1 ? [present[0].d.x_ms, present[0].d.p] : uPlot.join(present.map(function (p) { return [p.d.x_ms, p.d.p]; }));
        lineChart(box, {
          title: c[1] + ' — ' + c[2] + (key.indexOf('scheduled') > 0 ? ' (from scheduled)' : ''),
          xLabel: c[1] + ' (ms)', yLabel: 'share of ' + (c[0] === 'itl' ? 'gaps' : 'requests') + ' ≤ x',
          xLog: logBox.checked, yRange: [0, 1], x: joined[0],
          series: present.map(function (p, k) { return { label: p.name, side: p.i, values: joined[k + 1] }; })
        });
        add(r, distTable(key));
      });
    }
    logBox.addEventListener('change', function () { safely('distributions', draw); });
    schedBox.addEventListener('change', function () { safely('distributions', draw); });
    draw();
  }

  /* ---------- agent sessions (summary.json's sessions block) ---------- */
  function renderReasoning() {
    var r = data.reasoning;
    if (!r || !(r.sides || []).length) { return; }
    var s = section('reasoning', 'Reasoning', 'Requests whose answer streamed reasoning first. TTFT is the first reasoning token (a chat UI that shows the thinking shows it); ' +
      'one that folds reasoning away shows nothing until the first answer token. Times from sent, completed requests only; tokens per request.');
    function lat(l) { return l && l.count ? fmt(l.p50) + ' / ' + fmt(l.p95) : '—'; }
    add(s, table(['side', 'requests', 'no answer', 'first reasoning p50 / p95 (ms)', 'first answer p50 / p95 (ms)', 'thinking p50 / p95 (ms)',
      'reasoning tokens', 'answer tokens', 'reasoning share'],
      r.sides.map(function (w) {
        return [w.side, w.requests, w.without_answer, lat(w.first_reasoning_ms), lat(w.first_answer_ms), lat(w.thinking_ms),
          fmt(w.reasoning_tokens_mean), fmt(w.answer_tokens_mean), pct(w.reasoning_token_share)];
      }), 'per side'));
  }

  function renderSessions() {
    var withSessions = [];
    sides.forEach(function (sd, i) { var b = get(sd, 'summary.sessions'); if (b && b.count) { withSessions.push({ i: i, sd: sd, b: b }); } });
    if (!withSessions.length) { return; }
    var s = section('sessions', 'Agent sessions', 'Each session sends its turns in order, every turn carrying the conversation so far. ' +
      'Session total: from the first turn\u2019s scheduled time to the last turn\u2019s end, think times included, over sessions that completed every turn. ' +
      'By turn: latency from sent; input grows with every turn, and cached tokens should grow with it when the prefix cache keeps each session\u2019s history.');
    var anyLow = false;
    var totals = table(['side', 'sessions', 'completed', 'turns each', 'total: count', 'p50 (ms)', 'p90 (ms)', 'p99 (ms)', 'max (ms)'],
      withSessions.map(function (w) {
        var t = w.b.session_total_ms || {};
        var low = t.low_sample || [];
        function p(k) {
          var isLow = low.indexOf(k) >= 0;
          anyLow = anyLow || isLow;
          return { v: num(t[k]) ? fmt(t[k]) + (isLow ? '*' : '') : '—', cls: isLow ? 'low' : null };
        }
        return [w.sd.name, w.b.count, w.b.completed, w.b.turns_per_session, t.count, p('p50'), p('p90'), p('p99'), t.max];
      }), 'session total (ms), completed sessions only');
    if (anyLow) { add(totals, el('p', 'note', '* fewer than 10 sessions beyond this percentile: a rough bound, not a figure.')); }
    add(s, totals);
    var r = row(s);
    var box = chartBox(r);
    function byTurn(w, path) {
      return (w.b.by_turn || []).map(function (t) { return [t.turn, get(t, path)]; });
    }
    xyChart(box, { title: 'TTFT p50 by turn', xLabel: 'turn (0 = first)', yLabel: 'TTFT p50 (ms)', yMin: 0, xIntegers: true,
      series: withSessions.map(function (w) { return { label: w.sd.name, side: w.i, points: byTurn(w, 'ttft_ms.p50') }; }) });
    xyChart(box, { title: 'E2E p50 by turn (agent turn latency)', xLabel: 'turn (0 = first)', yLabel: 'E2E p50 (ms)', yMin: 0, xIntegers: true,
      series: withSessions.map(function (w) { return { label: w.sd.name, side: w.i, points: byTurn(w, 'e2e_ms.p50') }; }) });
    var rows = [];
    withSessions.forEach(function (w) {
      (w.b.by_turn || []).forEach(function (t) {
        rows.push([w.sd.name, t.turn, t.sent, t.failed, get(t, 'ttft_ms.p50'), get(t, 'ttft_ms.p95'), get(t, 'e2e_ms.p50'),
          get(t, 'e2e_ms.p95'), t.input_tokens_mean, t.cached_tokens_mean]);
      });
    });
    add(r, table(['side', 'turn', 'sent', 'failed', 'TTFT p50 (ms)', 'TTFT p95 (ms)', 'E2E p50 (ms)', 'E2E p95 (ms)', 'input tokens (mean)', 'cached tokens (mean)'], rows));
  }

  /* ---------- over time ---------- */
  var SERIES = [
    ['ttft', 'TTFT from scheduled over time', 'ms', 'TTFT (ms)'],
    ['e2e_p95_ms', 'E2E p95 from scheduled over time', 'ms', 'E2E p95 (ms)'],
    ['completed_per_s', 'Completed requests per second', 'req/s', 'completed (req/s)'],
    ['output_tokens_per_s', 'Output tokens per second', 'tok/s', 'output (tok/s)'],
    ['in_flight', 'Requests in flight (time-averaged)', 'requests', 'in flight (requests)'],
    ['errors_per_s', 'Failed requests per second', 'req/s', 'errors (req/s)']
  ];
  function bucketStats(values) {
    var v = (values || []).filter(num).slice().sort(function (a, b) { return a - b; });
    if (!v.length) { return [null, null, null]; }
    return [v[0], v[Math.floor((v.length - 1) / 2)], v[v.length - 1]];
  }
  function renderOverTime() {
    var axis = data.time_axis || {};
    if (!axis.t_s || !axis.t_s.length || !sides.length) { return; }
    var s = section('over-time', 'Over time', 'Per ' + axis.bucket_s + ' s bucket since the run started; dotted lines: load steps. Latency is bucketed by when requests were scheduled.' + warmupNote());
    shownNote(s);
    SERIES.forEach(function (spec) {
      var r = row(s);
      var box = chartBox(r);
      var series = [];
      var rows = [];
      sides.forEach(function (sd, i) {
        var se = sd.series || {};
        if (spec[0] === 'ttft') {
          series.push({ label: sd.name + ' p95', side: i, values: se.ttft_p95_ms, width: 2.5 });
          series.push({ label: sd.name + ' p50', side: i, values: se.ttft_p50_ms, width: 1.2 });
          rows.push([sd.name + ' p95'].concat(bucketStats(se.ttft_p95_ms)));
          rows.push([sd.name + ' p50'].concat(bucketStats(se.ttft_p50_ms)));
        } else {
          series.push({ label: sd.name, side: i, values: se[spec[0]] });
          rows.push([sd.name].concat(bucketStats(se[spec[0]])));
        }
      });
      lineChart(box, { title: spec[1], xLabel: 'time since start (s)', yLabel: spec[3], x: axis.t_s, series: series, hooks: timeHooks(), height: 220 });
      add(r, table(['series', 'lowest bucket (' + spec[2] + ')', 'median bucket (' + spec[2] + ')', 'highest bucket (' + spec[2] + ')'], rows));
    });
  }

  /* ---------- streaming timelines ---------- */
  function renderTimeline() {
    var rows = [];
    sides.forEach(function (sd, i) { (sd.timeline || []).forEach(function (t) { rows.push({ side: i, name: sd.name, t: t }); }); });
    if (!rows.length) { return; }
    var s = section('timeline', 'Streaming timelines', 'Sampled requests, one per row, from sent (0 ms). ▲ first token · • each output event · ■ done (✕ failed) · thin grey line: time queued in the client before sending. Blue circles: cold prompt cache; orange squares: warm (cached prompt tokens). A buffered stream shows its events bunched at the end; a stall shows as a gap.');
    shownNote(s);
    var controls = add(s, el('div', 'controls')).lastChild;
    var own = el('input'); own.type = 'checkbox'; own.id = 'tl-own';
    add(controls, add(el('label'), own, document.createTextNode(' scale each row to its own length')));
    var holder = add(s, el('div', 'row wide')).lastChild;
    function draw() {
      while (holder.firstChild) { holder.removeChild(holder.firstChild); }
      drawTimeline(chartBox(holder), rows, own.checked);
    }
    own.addEventListener('change', function () { safely('timeline', draw); });
    draw();
    add(s, table(['request', 'side', 'why shown', 'cache', 'outcome', 'queued (ms)', 'TTFT (ms)', 'done (ms)', 'events', 'output tokens', 'max stall (ms)'],
      rows.map(function (r) {
        var t = r.t;
        return ['#' + t.id, r.name, t.why, t.cache, t.error ? t.outcome + ': ' + t.error : t.outcome, t.queue_ms, t.first_token_ms, t.done_ms, t.events_total, t.output_tokens, t.max_stall_ms];
      })));
  }
  function drawTimeline(box, rows, ownScale) {
    var div = add(box, el('div', 'chart')).lastChild;
    var labelW = 300, rowH = 18, top = 26, w = widthOf(box), h = top + rows.length * rowH + 40;
    var ctx = canvas(div, w, h, 'stream timelines of ' + rows.length + ' sampled requests');
    var maxEnd = 0, maxQueue = 0;
    rows.forEach(function (r) { maxEnd = Math.max(maxEnd, r.t.done_ms || 0, last(r.t.events_ms)); maxQueue = Math.max(maxQueue, r.t.queue_ms || 0); });
    var left = labelW + 10, right = w - 14;
    var common = niceTicks(ownScale ? 0 : -maxQueue, Math.max(1, maxEnd), 8);
    var commonX = function (v) { return left + (v - common.min) / (common.max - common.min) * (right - left); };
    ctx.font = '11px sans-serif'; ctx.fillStyle = '#1b1f24';
    if (!ownScale) {
      common.ticks.forEach(function (t) {
        var x = commonX(t);
        ctx.strokeStyle = '#e6e8eb'; ctx.beginPath(); ctx.moveTo(x, top - 4); ctx.lineTo(x, h - 34); ctx.stroke();
        ctx.textAlign = 'center'; ctx.fillText(fmt(t), x, top - 8); ctx.fillText(fmt(t), x, h - 22);
      });
    }
    ctx.textAlign = 'center'; ctx.font = '12px sans-serif';
    ctx.fillText(ownScale ? 'time since sent, each row scaled from 0 to its own end' : 'time since sent (ms)', (left + right) / 2, h - 6);
    rows.forEach(function (r, k) {
      var t = r.t, y = top + k * rowH + rowH / 2;
      var end = Math.max(t.done_ms || 0, last(t.events_ms), 1e-6);
      var x = ownScale ? function (v) { return left + Math.max(0, v) / end * (right - left); } : commonX;
      if (k % 2 === 0) { ctx.fillStyle = '#f6f8fa'; ctx.fillRect(0, y - rowH / 2, w, rowH); }
      ctx.fillStyle = '#1b1f24'; ctx.textAlign = 'left'; ctx.font = '11px sans-serif';
      ctx.fillText(clip(r.name, 14) + '  #' + t.id + '  ' + clip(t.why, 20) + '  ' + t.cache, 4, y + 4);
      var warm = t.cache === 'warm', col = warm ? '#E69F00' : '#0072B2';
      if (!ownScale && t.queue_ms > 0) { ctx.strokeStyle = '#8c959f'; ctx.lineWidth = 1; ctx.beginPath(); ctx.moveTo(x(-t.queue_ms), y); ctx.lineTo(x(0), y); ctx.stroke(); }
      ctx.strokeStyle = '#8c959f'; ctx.lineWidth = 1; ctx.beginPath(); ctx.moveTo(x(0), y); ctx.lineTo(x(end), y); ctx.stroke();
      ctx.strokeStyle = '#1b1f24'; ctx.beginPath(); ctx.moveTo(x(0), y - 6); ctx.lineTo(x(0), y + 6); ctx.stroke();
      ctx.fillStyle = col; ctx.strokeStyle = col;
      (t.events_ms || []).forEach(function (e) { marker(ctx, warm ? 'square' : 'circle', x(e), y, 2.2, true); });
      if (num(t.first_token_ms)) { ctx.fillStyle = '#1b1f24'; marker(ctx, 'triangle', x(t.first_token_ms), y, 4.5, true); }
      if (num(t.done_ms)) {
        ctx.fillStyle = '#1b1f24'; ctx.strokeStyle = '#D55E00'; ctx.lineWidth = 2;
        if (t.outcome === 'ok') { marker(ctx, 'square', x(t.done_ms), y, 3.5, true); }
        else { var d = x(t.done_ms); ctx.beginPath(); ctx.moveTo(d - 4, y - 4); ctx.lineTo(d + 4, y + 4); ctx.moveTo(d + 4, y - 4); ctx.lineTo(d - 4, y + 4); ctx.stroke(); }
      }
    });
  }
  function last(a) { return a && a.length ? a[a.length - 1] : 0; }
  function clip(s, n) { s = String(s === undefined || s === null ? '' : s); return s.length > n ? s.slice(0, n - 1) + '…' : s; }

  /* ---------- tables: conditions, cold vs warm ---------- */
  function figureRow(label, f) {
    var lat = (f && f.latency_ms) || {};
    return [label, get(f, 'requests.sent'), get(f, 'requests.completed'), num(f && f.error_rate) ? pct(f.error_rate) : '—',
      get(f, 'throughput.requests_per_s'), get(lat, 'ttft.p50'), get(lat, 'ttft.p95'), get(lat, 'ttft.p99'), get(lat, 'e2e.p50'), get(lat, 'e2e.p95'),
      num(get(f, 'goodput.attainment')) ? pct(get(f, 'goodput.attainment')) : '—'];
  }
  var FIGURE_HEADERS = ['side · group', 'sent', 'completed', 'error rate', 'req/s', 'TTFT p50 (ms)', 'TTFT p95 (ms)', 'TTFT p99 (ms)', 'E2E p50 (ms)', 'E2E p95 (ms)', 'SLO attainment'];
  function renderConditions() {
    var rows = [];
    sides.forEach(function (sd) {
      Object.keys(sd.by_condition || {}).forEach(function (c) { rows.push(figureRow(sd.name + ' · ' + c, sd.by_condition[c])); });
    });
    if (!rows.length) { return; }
    var s = section('conditions', 'By condition', 'Each condition (scenario or matrix cell label) on its own; warm-up excluded.');
    shownNote(s);
    add(s, table(FIGURE_HEADERS, rows));
  }
  /* cold and warm side by side: one row per side, each figure with its cold and warm column and their ratio */
  var CACHE_FIGURES = [['requests.sent', 'sent', null], ['latency_ms.ttft.p50', 'TTFT p50 (ms)', 'ratio'], ['latency_ms.ttft.p95', 'TTFT p95 (ms)', null],
    ['latency_ms.e2e.p50', 'E2E p50 (ms)', 'ratio'], ['throughput.requests_per_s', 'req/s', null]];
  function renderCache() {
    var rows = [], any = false, missing = [];
    sides.forEach(function (sd) {
      var bc = get(sd, 'summary.by_cache') || {};
      var cold = get(bc, 'cold.requests.sent') ? bc.cold : null, warm = get(bc, 'warm.requests.sent') ? bc.warm : null;
      if (!cold && !warm) { return; }
      any = true;
      if (!cold || !warm) { missing.push(sd.name + ' has no ' + (cold ? 'warm' : 'cold') + ' requests'); }
      var cells = [sd.name];
      CACHE_FIGURES.forEach(function (f) {
        var c = cold ? get(cold, f[0]) : null, w = warm ? get(warm, f[0]) : null;
        cells.push(cold ? c : 'none', warm ? w : 'none');
        if (f[2]) { cells.push(num(c) && num(w) && c > 0 ? fmt(w / c) + '×' : 'n/a'); }
      });
      rows.push(cells);
    });
    if (!any) { return; }
    var s = section('cache', 'Cold vs warm prompt cache', 'Warm: the server reported cached prompt tokens for the request; cold: it reported none. Cold and warm side by side per side; warm ÷ cold below 1 means the cache helped.');
    shownNote(s);
    var headers = ['side'];
    CACHE_FIGURES.forEach(function (f) {
      headers.push('cold ' + f[1], 'warm ' + f[1]);
      if (f[2]) { headers.push('warm ÷ cold'); }
    });
    add(s, table(headers, rows));
    if (missing.length) {
      add(s, el('p', 'note', 'In the run shown, ' + missing.join(' and ') + ': '
        + (missing.join(' ').indexOf('no warm') >= 0 ? 'its prompts were fresh (nothing for the cache to reuse)' : 'every prompt found its prefix in the cache')
        + '. A plan with both fresh and shared prefixes has both groups in its other cells.'));
    }
  }

  /* ---------- server metrics ---------- */
  var METRICS = [
    ['kv_cache_usage', 'KV-cache usage', 'KV-cache usage (%)', 100],
    ['requests_running', 'Requests running on the server', 'running (requests)', 1],
    ['requests_waiting', 'Requests waiting on the server', 'waiting (requests)', 1],
    ['prefix_cache_hit_rate', 'Prefix-cache hit rate per scrape interval', 'hit rate (%)', 100],
    ['preemptions_total', 'Preemptions (cumulative)', 'preemptions (count)', 1]
  ];
  function renderServer() {
    var withMetrics = [];
    sides.forEach(function (sd, i) { if (sd.server_metrics && sd.server_metrics.t_s && sd.server_metrics.t_s.length) { withMetrics.push({ i: i, sd: sd, m: sd.server_metrics }); } });
    if (!withMetrics.length) { return; }
    var s = section('server', 'Server metrics', 'Scraped from the server during the run, against time since the run started.' + warmupNote());
    shownNote(s);
    METRICS.forEach(function (spec) {
      var present = withMetrics.filter(function (w) { return (w.m[spec[0]] || []).some(num); });
      if (!present.length) { return; }
      var r = row(s);
      var box = chartBox(r);
      var tables = present.map(function (w) { return increasing(w.m.t_s, (w.m[spec[0]] || []).map(function (v) { return num(v) ? v * spec[3] : null; })); });
      var joined = tables.length === 1 ? tables[0] : uPlot.join(tables);
      lineChart(box, { title: spec[1], xLabel: 'time since start (s)', yLabel: spec[2], x: joined[0], hooks: timeHooks(), height: 220,
        series: present.map(function (w, k) { return { label: w.sd.name, side: w.i, values: joined[k + 1] }; }) });
      add(r, table(['side', 'scrapes', 'min', 'mean', 'max', 'last'], present.map(function (w) {
        var st = get(w.m, 'stats.' + spec[0]) || {};
        function sc(v) { return num(v) ? v * spec[3] : null; }
        return [w.sd.name, w.m.scrapes, sc(st.min), sc(st.mean), sc(st.max), sc(st.last)];
      }), spec[2]));
    });
  }
  function increasing(xs, ys) {
    var ox = [], oy = [];
    for (var k = 0; k < xs.length; k++) { if (num(xs[k]) && (!ox.length || xs[k] > ox[ox.length - 1])) { ox.push(xs[k]); oy.push(ys[k]); } }
    return [ox, oy];
  }

  /* ---------- environment ---------- */
  function renderEnvironment() {
    var env = data.environment || {};
    var envs = env.sides || [];
    if (!envs.length) { return; }
    var s = section('environment', 'Environment', 'From each run.json. Highlighted rows (≠) differ between sides.');
    var diff = env.diff || [];
    var factors = diff.filter(function (d) { return d.factor; }).map(function (d) { return d.key; });
    if (sides.length > 1) {
      add(s, el('p', null, diff.length ? diff.length + ' setting(s) differ; ' + factors.length + ' of them could change the result: ' + (factors.join(', ') || 'none') + '.' : 'No setting differs between the sides.'));
    }
    var keys = [];
    envs.forEach(function (e) { Object.keys(e).forEach(function (k) { if (keys.indexOf(k) < 0) { keys.push(k); } }); });
    var differing = diff.map(function (d) { return d.key; });
    var rows = keys.map(function (k) {
      var d = differing.indexOf(k) >= 0;
      return { cls: d ? 'differs' : null, cells: [(d ? '≠ ' : '') + k].concat(envs.map(function (e) { return { v: e[k] === undefined ? '(absent)' : e[k] }; })) };
    });
    var headers = [{ label: 'setting', text: true }].concat(sides.map(function (sd) { return { label: sd.name, text: true }; }));
    add(s, table(headers, rows));
  }

  /* ---------- self-check ---------- */
  function finish() {
    var charts = document.querySelectorAll('.chart');
    var drawn = 0;
    charts.forEach(function (c) {
      var cv = c.querySelector('canvas');
      if (cv && cv.width > 0 && cv.height > 0) { drawn++; }
    });
    document.body.setAttribute('data-charts-expected', String(charts.length));
    document.body.setAttribute('data-charts-drawn', String(drawn));
    document.body.setAttribute('data-errors', ERRORS.join(' | '));
    document.body.setAttribute('data-report-ready', '1');
  }

  safely('header', renderHeader);
  safely('decision', renderDecision);
  safely('headline', renderHeadline);
  safely('acceptance', renderAcceptance);
  safely('quality', renderQuality);
  safely('burst', renderBurst);
  safely('distributions', renderDistributions);
  safely('reasoning', renderReasoning);
  safely('sessions', renderSessions);
  safely('over time', renderOverTime);
  safely('timeline', renderTimeline);
  safely('conditions', renderConditions);
  safely('cache', renderCache);
  safely('server metrics', renderServer);
  safely('environment', renderEnvironment);
  finish();
})();

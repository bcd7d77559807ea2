/* infergate HTML report: draws the embedded data. Every piece of text from the data reaches the page
   through textContent or canvas fillText, never as markup. After drawing, <body> carries a self-check
   (data-charts-expected, data-charts-drawn, data-errors, data-report-ready) that the browser tests read. */
  'use strict';
  var ERRORS = window.__reportErrors || [];
  var COLOURS = ['#0072B2', '#D55E00', '#009E73', '#CC79A7', '#E69F00', '#56B4E9'];
  var DASHES = [[], [10, 5], [3, 3], [12, 4, 3, 4], [6, 3], [1, 3]];
  var SHAPES = ['circle', 'square', 'triangle', 'diamond', 'circle', 'square'];
  var PCTS = [['p50', 'p50'], ['p90', 'p90'], ['p95', 'p95'], ['p99', 'p99'], ['p999', 'p99.9']];
  var data = JSON.parse(document.getElementById('infergate-data').textContent);
  var sides = data.sides || [];
  /* the page's choice of cell (data.cells, acceptance pages): the run-drawn sections show one cell and repeat at a
     time; data.sides holds the views of the cell shown first, every other option carries its own */
  var cellChoice = data.cells && (data.cells.options || []).length ? data.cells : null;
  var pageSides = sides;
  var cellIndex = cellChoice ? cellChoice.shown : -1;
  var CELL_SECTIONS = ['distributions', 'sessions', 'over-time', 'timeline', 'conditions', 'cache', 'server'];
  function cellLabel(k) { var o = cellChoice ? cellChoice.options[k === undefined ? cellIndex : k] : null; return o ? String(o.label) : ''; }
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
  /* a section and its contents link; drawn again in place (emptied first) when it exists: a run-drawn section is
     redrawn for the chosen cell, and its heading names that cell */
  function section(id, title, intro) {
    placeholder(id);
    var s = document.getElementById(id), a = tocLink(id);
    s.hidden = false; a.hidden = false; a.textContent = title;
    add(s, el('h2', null, cellChoice && CELL_SECTIONS.indexOf(id) >= 0 ? title + ' — ' + cellLabel() : title));
    if (intro) { add(s, el('p', 'note', intro)); }
    return s;
  }
  function tocLink(id) { return toc.querySelector('a[data-for="' + id + '"]'); }
  /* a run-drawn section's place, emptied and hidden until it is drawn (a cell may have nothing for it) */
  var PLOTS = []; // the uPlot charts drawn, so a section drawn again first releases its old ones (their window listeners)
  function placeholder(id) {
    var s = document.getElementById(id);
    if (!s) { s = el('section'); s.id = id; add(main, s); }
    PLOTS = PLOTS.filter(function (u) {
      if (!s.contains(u.root)) { return true; }
      u.destroy();
      return false;
    });
    var a = tocLink(id);
    if (!a) { a = el('a'); a.href = '#' + id; a.setAttribute('data-for', id); add(toc, a); }
    while (s.firstChild) { s.removeChild(s.firstChild); }
    s.hidden = true; a.hidden = true;
  }
  /* which run each side's cards and charts come from: the chosen cell, else (a page without a choice) each run's condition */
  function shownRun(i) {
    if (cellChoice) { return cellLabel(); }
    var env = (get(data, 'environment.sides') || [])[i] || {};
    return env.condition || (sides[i] && sides[i].dir) || '';
  }
  function shownNote(s) {
    if (!data.acceptance || !sides.length) { return; }
    if (cellChoice) {
      add(s, el('p', 'note shown', 'Shows one cell, ' + cellLabel() + ' (one run per side); choose another under “Cell shown” above the Headline. '
        + 'Decision, Acceptance, Quality and Burst cover every condition.'));
      return;
    }
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
    var plot = new uPlot(opts, values, div);
    PLOTS.push(plot);
    return plot;
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


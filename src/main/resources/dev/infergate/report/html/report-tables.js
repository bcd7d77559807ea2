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
    var s = section('cache', 'Cold vs warm prompt cache', 'Warm: at least half of the request\u2019s prompt tokens came from the server\u2019s cache (summary.json cache.warm_cached_share, 50 %); cold: less than half, or none. Cold and warm side by side per side; warm ÷ cold below 1 means the cache helped.');
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
    var s = section('environment', 'Environment', 'From each run.json' + (cellChoice ? ' of ' + cellLabel(cellChoice.shown) + ', whichever cell is chosen' : '') + '. Highlighted rows (≠) differ between sides.');
    var diff = env.diff || [];
    var factors = diff.filter(function (d) { return d.factor; }).map(function (d) { return d.key; });
    if (sides.length > 1) {
      add(s, el('p', null, diff.length ? diff.length + ' setting(s) differ; ' + factors.length + ' of them about the systems under test, which could change the result: ' + (factors.join(', ') || 'none') + '. The others are infergate\'s own bookkeeping (its warm-up, CPU and timing: the client\'s, not the server\'s) or differ between any two runs.' : 'No setting differs between the sides.'));
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

  /* ---------- the choice of cell: the run-drawn sections and the cards, drawn again in place ---------- */
  var CELL_RENDERERS = { 'distributions': renderDistributions, 'sessions': renderSessions, 'over-time': renderOverTime, 'timeline': renderTimeline,
    'conditions': renderConditions, 'cache': renderCache, 'server': renderServer };
  function cellSection(id) {
    if (cellChoice) { placeholder(id); } // keeps the section's place for a cell that has something to draw there
    safely(id, CELL_RENDERERS[id]);
  }
  function showCell(k) {
    if (!cellChoice || !cellChoice.options[k] || k === cellIndex) { return; }
    cellIndex = k;
    sides = k === cellChoice.shown ? pageSides : (cellChoice.options[k].sides || []);
    safely('cards', function () { drawCards(document.getElementById('cards')); });
    CELL_SECTIONS.forEach(cellSection);
  }
  /* the select, and a #cell=N link (a shared page, or a test) choosing a cell the way a reader does */
  function wireCellPick() {
    var select = document.getElementById('cell-pick');
    if (!select) { return; }
    select.addEventListener('change', function () {
      safely('cell choice', function () {
        showCell(Number(select.value));
        try { history.replaceState(null, '', '#cell=' + cellIndex); } catch (e) { /* a page opened where history is read-only */ }
        finish();
      });
    });
    function fromAddress() {
      var asked = /^#cell=([0-9]{1,4})$/.exec(location.hash || '');
      if (asked && cellChoice.options[Number(asked[1])] && Number(asked[1]) !== cellIndex) {
        select.value = asked[1];
        select.dispatchEvent(new Event('change'));
      }
    }
    window.addEventListener('hashchange', function () { // a #cell=N link followed inside the page: show what it chose
      var before = cellIndex;
      fromAddress();
      if (cellIndex !== before) { document.getElementById('cellpick').scrollIntoView(); }
    });
    fromAddress();
  }

  safely('header', renderHeader);
  safely('decision', renderDecision);
  safely('headline', renderHeadline);
  safely('acceptance', renderAcceptance);
  safely('sweep', renderSweep);
  safely('quality', renderQuality);
  safely('burst', renderBurst);
  cellSection('distributions');
  safely('reasoning', renderReasoning);
  cellSection('sessions');
  cellSection('over-time');
  cellSection('timeline');
  cellSection('conditions');
  cellSection('cache');
  cellSection('server');
  safely('environment', renderEnvironment);
  safely('cell choice', wireCellPick);
  finish();

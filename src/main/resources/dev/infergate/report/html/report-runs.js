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
      'one that folds reasoning away shows nothing until the first answer token. Times from sent, completed requests only; tokens per request.'
      + (cellChoice ? ' From the runs of ' + cellLabel(cellChoice.shown) + ', whichever cell is chosen.' : ''));
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
    var s = section('timeline', 'Streaming timelines', 'Sampled requests, one per row, from sent (0 ms). ▲ first token · • each output event · ■ done (✕ failed) · thin grey line: time queued in the client before sending. Blue circles: cold prompt cache (less than half the prompt cached); orange squares: warm (at least half of it cached). A buffered stream shows its events bunched at the end; a stall shows as a gap.');
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


  /* ---------- load sweep (sweep.json): the frontier, TTFT and E2E against throughput, the levels' table ---------- */
  /* cfg: {id, title, xLabel, yLabel, series: [{label, side, points: [{x, y, label}]}]}: each level a labelled point.
     The chart's element lists what it drew in data-drawn ("baseline:c=1,c=4|candidate:c=1,c=4"), so a test reads the
     points from the page rather than from the data. */
  function sweepChart(parent, cfg) {
    var finite = function (p) { return num(p.x) && num(p.y); };
    var all = [];
    cfg.series.forEach(function (s) { s.points.filter(finite).forEach(function (p) { all.push(p); }); });
    if (!all.length) {
      add(parent, el('h3', null, cfg.title), el('p', 'note', 'Nothing to draw: no level has both ' + cfg.xLabel + ' and ' + cfg.yLabel + ' (not measurable, never drawn as 0).'));
      return;
    }
    var div = add(parent, el('div', 'chart sweep-chart')).lastChild;
    div.setAttribute('data-chart', cfg.id);
    add(div, el('h3', null, cfg.title));
    var w = widthOf(parent), h = 340;
    var ctx = canvas(div, w, h, cfg.title + ' (' + cfg.yLabel + ' against ' + cfg.xLabel + ')');
    var xs = niceTicks(0, Math.max.apply(null, all.map(function (p) { return p.x; })), 6);
    var ys = niceTicks(0, Math.max.apply(null, all.map(function (p) { return p.y; })), 5);
    var box = { left: 70, right: w - 24, top: 14, bottom: h - 44 };
    box.x = function (v) { return box.left + (v - xs.min) / (xs.max - xs.min) * (box.right - box.left); };
    box.y = function (v) { return box.bottom - (v - ys.min) / (ys.max - ys.min) * (box.bottom - box.top); };
    axes(ctx, box, xs, ys, cfg.xLabel, cfg.yLabel);
    var drawn = [];
    cfg.series.forEach(function (s) {
      var pts = s.points.filter(finite);
      ctx.save(); ctx.strokeStyle = colour(s.side); ctx.fillStyle = colour(s.side); ctx.lineWidth = 2; ctx.setLineDash(dash(s.side));
      ctx.beginPath();
      pts.forEach(function (p, i) { if (i === 0) { ctx.moveTo(box.x(p.x), box.y(p.y)); } else { ctx.lineTo(box.x(p.x), box.y(p.y)); } });
      ctx.stroke(); ctx.setLineDash([]);
      pts.forEach(function (p) {
        marker(ctx, SHAPES[s.side % SHAPES.length], box.x(p.x), box.y(p.y), 4.5, true);
        ctx.font = '11px sans-serif'; ctx.textAlign = 'left';
        ctx.fillText(p.label, box.x(p.x) + 7, box.y(p.y) + (s.side % 2 ? 14 : -7));
      });
      ctx.restore();
      drawn.push(s.label + ':' + pts.map(function (p) { return p.label; }).join(','));
    });
    div.setAttribute('data-drawn', drawn.join('|'));
    add(div, legendRow(cfg.series.map(function (s) { return { label: s.label, side: s.side }; })));
  }
  function sweepChange(c) {
    if (!c || !num(c.delta)) { return '—'; }
    var d = (c.delta >= 0 ? '+' : '') + fmt(c.delta * 100) + ' %';
    if (!num(c.low) || !num(c.high)) { return d + (c.direction === 'too few runs' ? ' [< 3 runs]' : ' [no interval]'); }
    return d + ' [' + (c.low >= 0 ? '+' : '') + fmt(c.low * 100) + ', ' + (c.high >= 0 ? '+' : '') + fmt(c.high * 100) + ']';
  }
  function renderSweep() {
    var w = data.sweep;
    if (!w) { return; }
    var names = w.sides || [], levels = w.levels || [];
    var gpus = w.gpus || 1;
    var s = section('sweep', 'Load sweep', 'One work shape at ' + levels.length + ' ' + w.kind + ' level(s) (' + w.levels_mode + '), '
      + names.join(' vs ') + '. Output tok/s per GPU = output tok/s / ' + gpus + ' GPU' + (gpus === 1 ? '' : 's') + ' (' + w.gpus_from + '). '
      + 'Tok/s per user is the median effective tok/s (output tokens / time from first to last token). Levels: ' + w.stop + '.');
    function series(fx, fy) {
      return names.map(function (n, i) {
        return { label: n, side: i, points: levels.map(function (l) { var f = (l.sides || {})[n] || {}; return { x: fx(f), y: fy(f), label: l.label }; }) };
      });
    }
    var r = row(s, true), box = chartBox(r);
    sweepChart(box, { id: 'frontier', title: 'Frontier: output tok/s per GPU against tok/s per user', xLabel: 'tok/s per user (median effective tok/s)',
      yLabel: 'output tok/s per GPU', series: series(function (f) { return f.tokens_per_s_per_user; }, function (f) { return f.output_tokens_per_s_per_gpu; }) });
    sweepChart(box, { id: 'ttft', title: 'TTFT p50 against throughput', xLabel: 'throughput (req/s)', yLabel: 'TTFT p50 (ms)',
      series: series(function (f) { return f.throughput_rps; }, function (f) { return f.ttft_p50_ms; }) });
    sweepChart(box, { id: 'e2e', title: 'E2E p50 against throughput', xLabel: 'throughput (req/s)', yLabel: 'E2E p50 (ms)',
      series: series(function (f) { return f.throughput_rps; }, function (f) { return f.e2e_p50_ms; }) });
    var rows = [];
    levels.forEach(function (l) {
      names.forEach(function (n, i) {
        var f = (l.sides || {})[n] || {};
        rows.push([i === 0 ? l.label : '', n, f.throughput_rps, f.output_tokens_per_s, f.output_tokens_per_s_per_gpu, f.ttft_p50_ms, f.ttft_p99_ms,
          f.itl_p50_ms, f.e2e_p50_ms, f.e2e_p99_ms, f.goodput_rps, f.tokens_per_s_per_user, pct(f.slo_attainment)]);
      });
    });
    add(s, table(['level', { label: 'side', text: true }, 'req/s', 'out tok/s', 'out tok/s per GPU', 'TTFT p50 (ms)', 'TTFT p99 (ms)', 'ITL p50 (ms)',
      'E2E p50 (ms)', 'E2E p99 (ms)', 'goodput (req/s)', 'tok/s per user', 'SLO attainment'], rows));
    levels.forEach(function (l) { /* a run whose client fell behind: flagged, never trusted silently */
      (l.late || []).forEach(function (x) { add(s, el('p', 'note warn', 'Client behind at ' + l.label + ': ' + x)); });
    });
    if (names.length === 2) {
      var keys = [['throughput_rps', 'req/s'], ['output_tokens_per_s', 'out tok/s'], ['ttft_p50_ms', 'TTFT p50'], ['ttft_p99_ms', 'TTFT p99'],
        ['itl_p50_ms', 'ITL p50'], ['e2e_p50_ms', 'E2E p50'], ['e2e_p99_ms', 'E2E p99'], ['goodput_rps', 'goodput'], ['tokens_per_s_per_user', 'tok/s per user']];
      var changeRows = keys.map(function (k) {
        return [k[1]].concat(levels.map(function (l) { return { v: sweepChange((l.changes || []).filter(function (c) { return c.figure === k[0]; })[0]) }; }));
      });
      add(s, el('h3', null, 'Change, candidate vs baseline (' + fmt(w.confidence * 100) + ' % intervals)'));
      add(s, table(['figure'].concat(levels.map(function (l) { return { label: l.label, text: true }; })), changeRows));
      add(s, el('p', 'note', w.rule));
      (w.flips || []).forEach(function (f) { add(s, el('p', 'note', 'Direction: ' + f)); });
      if (!(w.flips || []).length) { add(s, el('p', 'note', 'Direction: no figure flips between levels with both intervals excluding 0.')); }
    }
  }


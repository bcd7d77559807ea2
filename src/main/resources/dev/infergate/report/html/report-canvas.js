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


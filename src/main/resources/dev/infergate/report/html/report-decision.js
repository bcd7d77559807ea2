  /* ---------- header and headline ---------- */
  function renderHeader() {
    document.getElementById('title').textContent = data.title || 'infergate report';
    var legend = document.getElementById('legend');
    sides.forEach(function (s, i) {
      var role = sides.length === 2 ? (i === 0 ? ' (baseline)' : ' (candidate)') : '';
      add(legend, swatch(i, s.name + role));
    });
  }

  /* the choice of cell, above the Headline and sticky while the page scrolls; tables.js wires it once everything is drawn */
  function renderCellPick() {
    if (!cellChoice) { return; }
    var bar = add(main, el('div', 'cellpick')).lastChild;
    bar.id = 'cellpick';
    var select = el('select');
    select.id = 'cell-pick';
    cellChoice.options.forEach(function (o, k) {
      var opt = el('option', null, String(o.label) + (o.outcome ? ' · ' + o.outcome : '') + (k === cellChoice.shown ? ' · shown first' : ''));
      opt.value = String(k);
      opt.selected = k === cellIndex;
      add(select, opt);
    });
    add(bar, add(el('label', null, 'Cell shown in the cards and run charts: '), select));
    add(bar, el('span', 'note', ' ' + cellChoice.options.length + ' run' + (cellChoice.options.length === 1 ? '' : 's') + ' per side to choose from, one per cell and repeat; Decision, Acceptance, Quality and Burst cover every condition.'));
  }
  /* a headline card's figures, from a side's view (its summary) and the plan-wide capacity of that side */
  function cardLine(sd) {
    var sum = sd.summary || {};
    var ts = get(sum, 'latency_ms.ttft_from_scheduled') || {}, es = get(sum, 'latency_ms.e2e_from_scheduled') || {};
    var hs = (get(data, 'headline.sides') || []).filter(function (x) { return x.name === sd.name; })[0] || {};
    return { name: sd.name, requests: sum.requests, errors: sum.errors, error_rate: sum.error_rate, throughput: sum.throughput, goodput: sum.goodput,
      worst_ms: { ttft_p99_ms: ts.p99, ttft_max_ms: ts.max, e2e_p99_ms: es.p99, e2e_max_ms: es.max }, capacity: hs.capacity, delivery: get(sd, 'delivery.verdict') };
  }
  function renderHeadline() {
    var h = data.headline || {};
    renderCellPick();
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
    var holder = add(s, el('div')).lastChild;
    holder.id = 'cards';
    drawCards(holder);
    var cav = h.caveats || [];
    add(s, el('h3', null, cav.length ? 'Caveats' : 'Caveats: none'));
    if (cellChoice && cav.length) { add(s, el('p', 'note', 'A side\u2019s caveats describe its run in ' + cellLabel(cellChoice.shown) + ', whichever cell is chosen.')); }
    var ul = el('ul', 'caveats');
    cav.forEach(function (c) { add(ul, el('li', null, c)); });
    add(s, ul);
  }
  /* the cards of the cell shown, one per side (drawn again when another cell is chosen) */
  function drawCards(holder) {
    while (holder.firstChild) { holder.removeChild(holder.firstChild); }
    var cards = add(holder, el('div', 'cards')).lastChild;
    sides.map(cardLine).forEach(function (hs, i) {
      var card = el('div', 'card');
      card.style.setProperty('--side-colour', colour(i));
      add(card, el('h3', null, cellChoice ? hs.name + ' — ' + cellLabel() : hs.name));
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
    add(holder, el('p', 'note', 'Worst waits are measured from when each request was scheduled, so time spent queued in the client counts.'));
    shownNote(holder);
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
    } else if (data.acceptance && data.acceptance.capacity && Object.keys(data.acceptance.capacity).length) {
      /* one side's capacity (a capacity run): its estimate and interval, no difference */
      Object.keys(data.acceptance.capacity).forEach(function (k) {
        var cs = data.acceptance.capacity[k] || {};
        var i = cs.requests_per_hour_interval || [];
        fact('requests/hour at the SLO, ' + k, fmt(cs.requests_per_hour) + ' requests/hour [' + (num(i[0]) ? fmt(i[0]) : 'unbounded') + ', '
          + (num(i[1]) ? fmt(i[1]) : 'unbounded') + '] (95 % interval' + (cs.stop ? '; the search stopped at ' + cs.stop : '') + ')', '#capacity', 'capacity curves');
      });
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


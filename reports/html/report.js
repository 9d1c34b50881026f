(function () {
  'use strict';
  // All data is rendered with textContent: nothing from the audited logs
  // is ever parsed as HTML.
  var data = JSON.parse(document.getElementById('report-data').textContent);
  var L = data.labels, S = data.s, H = data.hands, F = data.findings, R = data.rules;
  var SEV = ['info', 'warning', 'error'];
  var PAGE = 100;
  // Finding rows: [hand, check, severity, player, street, action, message, expected, recorded, rule, seat].
  var FH = 0, FC = 1, FS = 2, FP = 3, FST = 4, FA = 5, FM = 6, FE = 7, FR = 8, FRULE = 9;
  // Hand entries: [id, table, file, line, start, view, findings].
  var HID = 0, HT = 1, HF = 2, HL = 3, HSTART = 4, HV = 5;

  // Errors first by default, then warnings, then info, each in input order.
  var state = { check: '', sev: '', table: '', player: '', text: '', sort: 'sev', dir: 1, page: 0 };
  var matched = [];
  var searchText = null;
  var openView = -1; // the hand view shown, for the URL

  // The filters, the order, the page and the open hand live in the URL's
  // fragment (#check=pot.award-mismatch&sev=2&hand=12), so that a link in
  // a ticket opens the report as it was seen. The fragment never leaves
  // the browser.
  var URLKEYS = ['check', 'sev', 'table', 'player', 'text', 'sort', 'dir', 'page'];
  function saveURL() {
    var q = new URLSearchParams();
    URLKEYS.forEach(function (k) {
      var v = state[k];
      if (k === 'sort' && v === 'sev' || k === 'dir' && v === 1 || k === 'page' && v === 0 || v === '') return;
      q.set(k, String(v));
    });
    if (openView >= 0) q.set('hand', String(openView));
    var hash = q.toString();
    if (location.hash.slice(1) !== hash) history.replaceState(null, '', hash ? '#' + hash : location.pathname + location.search);
  }
  function loadURL() {
    var q = new URLSearchParams(location.hash.slice(1));
    URLKEYS.forEach(function (k) {
      if (!q.has(k)) return;
      var v = q.get(k);
      state[k] = k === 'dir' ? (v === '-1' ? -1 : 1) : k === 'page' ? Math.max(0, parseInt(v, 10) || 0) : v;
    });
    if (!sortKeys[state.sort]) state.sort = 'sev';
    var ids = { check: 'f-check', sev: 'f-severity', table: 'f-table', player: 'f-player', text: 'f-text' };
    Object.keys(ids).forEach(function (k) { $(ids[k]).value = state[k]; });
    return q.has('hand') ? parseInt(q.get('hand'), 10) : -1;
  }

  function $(id) { return document.getElementById(id); }
  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined && text !== null) e.textContent = String(text);
    return e;
  }
  function td(tr, text, cls) { var c = el('td', cls, text); tr.appendChild(c); return c; }
  function lower(s) { return (s || '').toLowerCase(); }
  function streetLabel(s) { return s ? (L['street_' + s] || s) : ''; }
  function sevBadge(s) { return el('span', 'badge sev-' + SEV[s], L[SEV[s]] || SEV[s]); }
  function fmt(n) { return Number(n).toLocaleString('en-US'); }

  function tableOf(f) { return S[H[f[FH]][HT]]; }
  // viewOf is the hand view of hand entry h, or -1: the report keeps the
  // views of the worst flagged hands only.
  function viewOf(h) { return h[HV] >= 0 && document.getElementById('hv-' + h[HV]) ? h[HV] : -1; }
  // shellQuote quotes s for a POSIX shell when it needs it.
  function shellQuote(s) { return /^[A-Za-z0-9_.\/:@%+=,-]+$/.test(s) ? s : "'" + s.replace(/'/g, "'\\''") + "'"; }
  // explainCommand is the command that shows hand entry h step by step.
  function explainCommand(h) { return 'audit explain ' + shellQuote(S[h[HF]] || '-') + ' --line ' + (h[HL] || 1); }
  function searchOf(i) {
    if (!searchText) searchText = new Array(F.length);
    var s = searchText[i];
    if (s === undefined) {
      var f = F[i], h = H[f[FH]];
      s = lower([f[FM], h[HID], S[f[FP]], S[h[HT]], S[f[FC]], S[h[HF]], f[FE], f[FR]].join('\u0001'));
      searchText[i] = s;
    }
    return s;
  }

  var sortKeys = {
    sev: function (f) { return -f[FS]; },
    check: function (f) { return S[f[FC]]; },
    hand: function (f) { return H[f[FH]][HID]; },
    time: function (f) { return H[f[FH]][HSTART] || ''; },
    table: function (f) { return tableOf(f); },
    street: function (f) { return ['preflop', 'flop', 'turn', 'river', 'showdown'].indexOf(S[f[FST]]); },
    action: function (f) { return f[FA]; },
    player: function (f) { return S[f[FP]]; },
    message: function (f) { return f[FM]; },
    expected: function (f) { return f[FE] === null ? -Infinity : parseFloat(f[FE]); },
    recorded: function (f) { return f[FR] === null ? -Infinity : parseFloat(f[FR]); },
    loc: function (f) { var h = H[f[FH]]; return S[h[HF]] + ':' + String(1e9 + h[HL]); }
  };

  function apply() {
    var check = state.check, sev = state.sev === '' ? -1 : Number(state.sev);
    var table = lower(state.table), player = lower(state.player), text = lower(state.text);
    matched = [];
    for (var i = 0; i < F.length; i++) {
      var f = F[i];
      if (check && S[f[FC]] !== check) continue;
      if (sev >= 0 && f[FS] !== sev) continue;
      if (table && lower(tableOf(f)).indexOf(table) < 0) continue;
      if (player && lower(S[f[FP]]).indexOf(player) < 0) continue;
      if (text && searchOf(i).indexOf(text) < 0) continue;
      matched.push(i);
    }
    if (state.sort) {
      var key = sortKeys[state.sort], dir = state.dir;
      var keys = new Map();
      matched.forEach(function (i) { keys.set(i, key(F[i])); });
      matched.sort(function (a, b) {
        var ka = keys.get(a), kb = keys.get(b);
        if (ka < kb) return -dir;
        if (ka > kb) return dir;
        return a - b;
      });
    }
    var pages = Math.max(1, Math.ceil(matched.length / PAGE));
    if (state.page >= pages) state.page = pages - 1;
    render();
  }

  // csv is the rows that match the filters, every page, in the table's
  // order, as CSV (RFC 4180), with the hand's file and line.
  function csv() {
    function q(v) {
      v = v === null || v === undefined ? '' : String(v);
      return /[",\r\n]/.test(v) ? '"' + v.replace(/"/g, '""') + '"' : v;
    }
    var lines = [['severity', 'check', 'hand', 'time', 'table', 'street', 'action', 'player', 'message', 'expected', 'recorded', 'file', 'line', 'rule'].join(',')];
    matched.forEach(function (i) {
      var f = F[i], h = H[f[FH]];
      lines.push([SEV[f[FS]], S[f[FC]], h[HID], h[HSTART] || '', S[h[HT]], S[f[FST]], f[FA] >= 0 ? f[FA] : '', S[f[FP]], f[FM],
        f[FE], f[FR], S[h[HF]], h[HL] || '', f[FRULE] >= 0 ? R[f[FRULE]][0] : ''].map(q).join(','));
    });
    return lines.join('\r\n') + '\r\n';
  }
  window.handauditCSV = csv; // for tests and the console

  function render() {
    var tbody = $('findings-table').tBodies[0];
    var rows = document.createDocumentFragment();
    var from = state.page * PAGE, to = Math.min(matched.length, from + PAGE);
    for (var k = from; k < to; k++) rows.appendChild(findingRow(matched[k]));
    tbody.replaceChildren(rows);
    var mc = $('match-count');
    mc.dataset.matching = String(matched.length);
    mc.dataset.total = String(F.length);
    mc.textContent = L.showing + ' ' + (matched.length ? fmt(from + 1) + '–' + fmt(to) : '0') + ' ' + L.of + ' ' +
      fmt(matched.length) + ' ' + L.matching + (matched.length !== F.length ? ' (' + L.total + ' ' + fmt(F.length) + ')' : '');
    var pages = Math.max(1, Math.ceil(matched.length / PAGE));
    $('pg-info').textContent = L.page + ' ' + (state.page + 1) + ' / ' + pages;
    $('pg-prev').disabled = state.page === 0;
    $('pg-next').disabled = state.page >= pages - 1;
    var ths = $('findings-table').tHead.rows[0].cells;
    for (var i = 0; i < ths.length; i++) {
      var th = ths[i];
      if (th.dataset.sort === state.sort) th.dataset.dir = String(state.dir); else delete th.dataset.dir;
    }
    saveURL();
  }

  function findingRow(i) {
    var f = F[i], h = H[f[FH]];
    var tr = el('tr');
    tr.dataset.index = String(i);
    td(tr, '').appendChild(sevBadge(f[FS]));
    var c = td(tr, '');
    c.appendChild(el('code', '', S[f[FC]]));
    var rule = f[FRULE] >= 0 ? R[f[FRULE]][0] : '';
    if (rule) c.title = rule;
    handCell(td(tr, ''), f[FH], f[FA]);
    td(tr, h[HSTART] || '');
    td(tr, S[h[HT]]);
    td(tr, streetLabel(S[f[FST]]));
    td(tr, f[FA] >= 0 ? f[FA] : '');
    td(tr, S[f[FP]]);
    td(tr, f[FM]);
    td(tr, f[FE] === null ? '' : f[FE]);
    td(tr, f[FR] === null ? '' : f[FR]);
    td(tr, S[h[HF]] + (h[HL] ? ':' + h[HL] : ''), 'muted');
    return tr;
  }

  // handCell fills c with hand entry hi: a button opening its view at
  // step action, or the command that shows it.
  function handCell(c, hi, action) {
    var h = H[hi], view = viewOf(h);
    if (view >= 0) {
      var b = el('button', 'link hand-link', h[HID] || '#' + (hi + 1));
      b.type = 'button';
      b.dataset.view = String(view);
      b.dataset.action = String(action);
      c.appendChild(b);
    } else {
      c.appendChild(el('span', '', h[HID]));
      var cmd = el('code', 'explain-cmd', explainCommand(h));
      cmd.title = L.no_view_cmd;
      c.appendChild(cmd);
    }
  }

  // Settlement rows: [hand, player, basis, recorded, due, difference,
  // difference in minor units, scale, currency].
  var ST = data.settlements || [];
  var MAXROWS = 1000;
  var SH = 0, SP = 1, SB = 2, SREC = 3, SDUE = 4, SDIFF = 5, SMINOR = 6, SSCALE = 7, SCUR = 8;

  // fmtMinor prints n minor units at scale as the reports print amounts.
  function fmtMinor(n, scale) {
    var neg = n < 0, s = String(Math.abs(n)), d = String(scale).length - 1;
    if (scale <= 1 || String(scale) !== '1' + '0'.repeat(d)) return (scale > 1 ? (neg ? '-' : '') + s + '/' + scale : String(n));
    while (s.length <= d) s = '0' + s;
    return (neg ? '-' : '') + s.slice(0, s.length - d) + '.' + s.slice(s.length - d);
  }

  function renderSettlements() {
    var tb = $('settlements-table').tBodies[0], rows = document.createDocumentFragment();
    ST.slice(0, MAXROWS).forEach(function (r) {
      var tr = el('tr');
      handCell(td(tr, ''), r[SH], -1);
      td(tr, S[r[SP]]);
      td(tr, S[r[SB]]);
      td(tr, r[SREC]);
      td(tr, r[SDUE]);
      td(tr, r[SDIFF], r[SMINOR] < 0 ? 'under' : 'over');
      rows.appendChild(tr);
    });
    tb.replaceChildren(rows);
    if (ST.length > MAXROWS) $('settlements').appendChild(el('p', 'note', fmt(ST.length - MAXROWS) + ' ' + L.more_rows));
  }

  // tally totals what the findings and settlements say of each key: the
  // player, the table or the day a finding or settlement row is of.
  function tally(findingKey, settlementKey) {
    var m = new Map();
    function of(name) {
      var p = m.get(name);
      if (!p) { p = { name: name, hands: new Set(), findings: 0, checks: new Map(), over: new Map(), under: new Map() }; m.set(name, p); }
      return p;
    }
    F.forEach(function (f) {
      var name = findingKey(f);
      if (name === null) return;
      var p = of(name), c = S[f[FC]];
      p.hands.add(f[FH]);
      p.findings++;
      p.checks.set(c, (p.checks.get(c) || 0) + 1);
    });
    ST.forEach(function (r) {
      var p = of(settlementKey(r)), key = S[r[SCUR]] + '\u0001' + r[SSCALE];
      p.hands.add(r[SH]);
      var side = r[SMINOR] > 0 ? p.over : p.under;
      side.set(key, (side.get(key) || 0) + Math.abs(r[SMINOR]));
    });
    return Array.from(m.values());
  }
  function money(sums) {
    return Array.from(sums.keys()).sort().map(function (k) {
      var parts = k.split('\u0001');
      return fmtMinor(sums.get(k), Number(parts[1])) + (parts[0] ? ' ' + parts[0] : '');
    }).join(', ');
  }
  // renderTally fills the table id with the tally list; filter, if set,
  // is the findings filter a row's link sets to its key.
  // sessions, if set, maps a key to the ID of its first session view.
  function renderTally(id, list, filter, sessions) {
    var tb = $(id).tBodies[0], rows = document.createDocumentFragment();
    list.slice(0, MAXROWS).forEach(function (p) {
      var tr = el('tr');
      tr.dataset.key = p.name;
      var c = td(tr, (p.name || '(' + L.unknown + ')') + ' ');
      if (filter && p.name) {
        var b = el('button', 'link tally-link', L.show_rows);
        b.type = 'button';
        b.dataset.key = p.name;
        c.appendChild(b);
      }
      if (sessions && sessions.has(p.name)) {
        var sb = el('button', 'link session-link', L.show_sessions);
        sb.type = 'button';
        sb.dataset.session = sessions.get(p.name);
        c.appendChild(document.createTextNode(' '));
        c.appendChild(sb);
      }
      td(tr, fmt(p.hands.size));
      td(tr, fmt(p.findings));
      td(tr, Array.from(p.checks.keys()).sort(function (a, b) { return p.checks.get(b) - p.checks.get(a) || (a < b ? -1 : 1); })
        .map(function (k) { return k + ' ×' + p.checks.get(k); }).join(', '), 'muted');
      td(tr, money(p.over), 'over');
      td(tr, money(p.under), 'under');
      rows.appendChild(tr);
    });
    tb.replaceChildren(rows);
    if (list.length > MAXROWS) $(id).parentNode.parentNode.appendChild(el('p', 'note', fmt(list.length - MAXROWS) + ' ' + L.more_rows));
    if (!filter) return;
    $(id).addEventListener('click', function (e) {
      var sb = e.target.closest('button.session-link');
      if (sb) {
        var d = $(sb.dataset.session);
        d.open = true;
        d.scrollIntoView({ block: 'start' });
        return;
      }
      var b = e.target.closest('button.tally-link');
      if (!b) return;
      $(filter[0]).value = b.dataset.key;
      state[filter[1]] = b.dataset.key;
      state.page = 0;
      apply();
      $('findings').scrollIntoView({ block: 'start' });
    });
  }
  function byCount(a, b) { return b.findings - a.findings || b.hands.size - a.hands.size || (a.name < b.name ? -1 : 1); }
  function renderTallies() {
    renderTally('players-table', tally(function (f) { return S[f[FP]] || null; }, function (r) { return S[r[SP]]; }).sort(byCount), ['f-player', 'player']);
    // A table's session views (the server wrote them, the most flagged first).
    var sessions = new Map();
    document.querySelectorAll('details.session').forEach(function (d) {
      if (!sessions.has(d.dataset.table)) sessions.set(d.dataset.table, d.id);
    });
    renderTally('tables-table', tally(function (f) { return tableOf(f); }, function (r) { return S[H[r[SH]][HT]]; }).sort(byCount), ['f-table', 'table'], sessions);
    var day = function (hi) { return (H[hi][HSTART] || '').slice(0, 10); };
    renderTally('days-table', tally(function (f) { return day(f[FH]); }, function (r) { return day(r[SH]); })
      .sort(function (a, b) { return a.name < b.name ? -1 : a.name > b.name ? 1 : 0; }), null);
  }

  // Filters.
  function fillOptions() {
    var checks = new Map(), tables = new Map(), players = new Map();
    F.forEach(function (f) {
      var c = S[f[FC]];
      checks.set(c, (checks.get(c) || 0) + 1);
      var t = tableOf(f);
      if (t) tables.set(t, (tables.get(t) || 0) + 1);
      var p = S[f[FP]];
      if (p) players.set(p, (players.get(p) || 0) + 1);
    });
    var sel = $('f-check');
    Array.from(checks.keys()).sort().forEach(function (c) {
      var o = el('option', '', c + ' (' + fmt(checks.get(c)) + ')');
      o.value = c;
      if (data.checks[c]) o.title = data.checks[c].title;
      sel.appendChild(o);
    });
    function datalist(id, m) {
      var dl = $(id);
      Array.from(m.keys()).sort(function (a, b) { return m.get(b) - m.get(a) || (a < b ? -1 : 1); })
        .slice(0, 2000).forEach(function (v) { var o = el('option'); o.value = v; dl.appendChild(o); });
    }
    datalist('dl-table', tables);
    datalist('dl-player', players);
  }

  function bind() {
    var map = { 'f-check': 'check', 'f-severity': 'sev', 'f-table': 'table', 'f-player': 'player', 'f-text': 'text' };
    Object.keys(map).forEach(function (id) {
      var input = $(id);
      var handler = function () { state[map[id]] = input.value; state.page = 0; apply(); };
      input.addEventListener('input', handler);
      input.addEventListener('change', handler);
    });
    $('filters').addEventListener('submit', function (e) { e.preventDefault(); });
    $('filters').addEventListener('reset', function (e) {
      // Clear the fields here and apply at once, instead of letting the
      // form clear them later: a deferred reset could undo what is typed
      // or clicked right after it.
      e.preventDefault();
      Object.keys(map).forEach(function (id) { $(id).value = ''; state[map[id]] = ''; });
      state.page = 0;
      apply();
    });
    if ($('f-csv')) $('f-csv').addEventListener('click', function () {
      var a = el('a');
      a.href = URL.createObjectURL(new Blob([csv()], { type: 'text/csv;charset=utf-8' }));
      a.download = 'findings.csv';
      document.body.appendChild(a);
      a.click();
      a.remove();
      setTimeout(function () { URL.revokeObjectURL(a.href); }, 0);
    });
    $('pg-prev').addEventListener('click', function () { if (state.page > 0) { state.page--; render(); } });
    $('pg-next').addEventListener('click', function () { state.page++; render(); });
    var ths = $('findings-table').tHead.rows[0].cells;
    for (var i = 0; i < ths.length; i++) {
      (function (th) {
        var sort = function () {
          var k = th.dataset.sort;
          if (state.sort === k) state.dir = -state.dir; else { state.sort = k; state.dir = 1; }
          apply();
        };
        th.addEventListener('click', sort);
        th.addEventListener('keydown', function (e) { if (e.key === 'Enter') sort(); });
      })(ths[i]);
    }
    ['findings-table', 'settlements-table'].forEach(function (id) {
      $(id).addEventListener('click', function (e) {
        var b = e.target.closest('button.hand-link');
        if (b) openHand(Number(b.dataset.view), Number(b.dataset.action));
      });
    });
    // The session views: a hand's link, or a finding's mark on the chart,
    // opens the hand's view; a mark of a hand without one goes to its row.
    if ($('tables')) $('tables').addEventListener('click', function (e) {
      var b = e.target.closest('button.hand-link, a.mark-link');
      if (!b || Number(b.dataset.view) < 0) return;
      e.preventDefault();
      openHand(Number(b.dataset.view), -1);
    });
  }

  // Hand view.
  // shellWord quotes s for a POSIX shell when it needs quoting.
  function shellWord(s) {
    return /^[A-Za-z0-9_.\/:@%+=,!-]+$/.test(s) ? s : "'" + s.replace(/'/g, "'\\''") + "'";
  }

  function dl(parent, pairs) {
    var d = el('dl', 'hv-meta');
    pairs.forEach(function (p) {
      if (p[1] === undefined || p[1] === null || p[1] === '') return;
      var div = el('div');
      div.appendChild(el('dt', '', p[0]));
      div.appendChild(el('dd', '', p[1]));
      d.appendChild(div);
    });
    parent.appendChild(d);
  }
  function dataTable(parent, heads, rows, id) {
    var t = el('table', 'data');
    if (id) t.id = id;
    var tr = el('tr');
    heads.forEach(function (h) { tr.appendChild(el('th', '', h)); });
    t.appendChild(el('thead')).appendChild(tr);
    var tb = el('tbody');
    rows.forEach(function (r) {
      var row = el('tr');
      r.forEach(function (v) {
        if (v instanceof Node) { var c = el('td'); c.appendChild(v); row.appendChild(c); } else row.appendChild(el('td', '', v));
      });
      tb.appendChild(row);
    });
    t.appendChild(tb);
    parent.appendChild(t);
    return t;
  }
  function findingItem(f, tag) {
    var item = el(tag || 'div', 'hv-finding');
    item.appendChild(sevBadge(f.s));
    item.appendChild(document.createTextNode(' '));
    item.appendChild(el('code', '', f.c));
    item.appendChild(document.createTextNode(' ' + f.m));
    var amounts = [];
    if (f.exp !== undefined) amounts.push(L.expected + ' ' + f.exp);
    if (f.rec !== undefined) amounts.push(L.recorded + ' ' + f.rec);
    if (amounts.length) item.appendChild(el('div', 'muted', amounts.join(' · ')));
    if (f.r >= 0) {
      item.appendChild(el('div', 'rule-cite', L.rule + ': ' + R[f.r][0]));
      if (R[f.r][1]) item.appendChild(el('blockquote', 'rule', R[f.r][1]));
    }
    return item;
  }

  function openHand(view, action) {
    var node = $('hv-' + view);
    if (!node) return;
    openView = view;
    saveURL();
    var v = JSON.parse(node.textContent);
    var sec = $('hand-view');
    sec.replaceChildren();
    var h2 = el('h2', '', L.hand_view + ': ' + (v.id || '?'));
    var close = el('button', '', L.close);
    close.type = 'button';
    close.id = 'hv-close';
    close.addEventListener('click', function () { sec.hidden = true; sec.replaceChildren(); openView = -1; saveURL(); });
    h2.appendChild(close);
    sec.appendChild(h2);
    dl(sec, [[L.table, v.table], [L.file, v.file + ':' + v.line + (v.end ? '–' + v.end : '')], [L.site, v.site],
      [L.game, v.game], [L.stakes, v.stakes], [L.time, v.start], [L.button, v.button ? String(v.button) : ''],
      // The ruling of this hand: the command that writes it (the report is
      // one static file, so it names the ruling rather than embedding it).
      [L.ruling, 'audit explain ' + shellWord(v.file) + ' --line ' + v.line + ' --format html' + L.ruling_lang]]);
    // The run wrote the ruling beside the report (rulings/): a link to it.
    var ruling = data.rulings && data.rulings[view];
    if (ruling && /^rulings\/[A-Za-z0-9._-]+\.html$/.test(ruling)) {
      var a = el('a', '', L.ruling_open);
      a.id = 'hv-ruling';
      a.href = ruling;
      var rp = el('p', 'ruling-link');
      rp.appendChild(a);
      sec.appendChild(rp);
    }
    if (v.unsupported) sec.appendChild(el('p', 'note', L.unsupported_trace + ': ' + v.unsupported));

    var byStep = new Map(), general = [];
    v.findings.forEach(function (f) {
      if (f.a >= 0) { if (!byStep.has(f.a)) byStep.set(f.a, []); byStep.get(f.a).push(f); } else general.push(f);
    });
    sec.appendChild(el('h3', '', L.hand_findings + ' (' + v.findings.length + ')'));
    var ul = el('ul', 'hv-findings');
    v.findings.forEach(function (f) {
      var li = findingItem(f, 'li');
      li.insertBefore(el('span', 'muted', (f.a >= 0 ? L.step + f.a + ' ' : L.hand_level + ' · ')), li.firstChild);
      ul.appendChild(li);
    });
    sec.appendChild(ul);

    sec.appendChild(el('h3', '', L.seats));
    dataTable(sec, [L.seat, L.player, L.stack, L.finish_recorded, L.finish_computed], v.seats.map(function (s) {
      var calc = el('span', s.finRec !== undefined && s.finCalc !== undefined && s.finRec !== s.finCalc ? 'mismatch' : '', s.finCalc || '');
      return [s.n, s.p + (s.out ? ' (' + L.not_replayed + ')' : ''), s.stack, s.finRec || '', calc];
    }), 'hv-seats');

    sec.appendChild(el('h3', '', L.timeline));
    var t = el('table', 'data');
    t.id = 'hv-timeline';
    var head = el('tr');
    [L.step, L.line, L.player, L.amount, L.to, L.pot_after, L.stack_after, L.note].forEach(function (x) { head.appendChild(el('th', '', x)); });
    t.appendChild(el('thead')).appendChild(head);
    var tb = el('tbody'), street = null, target = null;
    v.steps.forEach(function (s) {
      var st = s.st || '';
      if (st !== street) {
        street = st;
        var sh = el('tr', 'street-h');
        var c = el('td', '', streetLabel(st) || '—');
        c.colSpan = 8;
        sh.appendChild(c);
        tb.appendChild(sh);
      }
      var tr = el('tr');
      tr.id = 'hv-step-' + s.i;
      var fs = byStep.get(s.i);
      if (fs) tr.className = 'flagged';
      td(tr, String(s.i));
      td(tr, s.line ? String(s.line) : '', 'muted');
      var who = td(tr, (s.p ? s.p + ' ' : '') + s.k + (s.allin ? ' (all-in)' : ''));
      if (s.cards) { who.appendChild(document.createTextNode(' ')); who.appendChild(el('span', 'cards-str', s.cards)); }
      td(tr, s.add || s.amt || '');
      td(tr, s.to || '');
      td(tr, s.pot || '');
      td(tr, s.stk || '');
      var note = [s.win, s.note].filter(Boolean).join(' — ');
      td(tr, note, 'muted');
      tb.appendChild(tr);
      if (s.i === action) target = tr;
      (fs || []).forEach(function (f) {
        var fr = el('tr', 'finding s' + f.s);
        var c = el('td');
        c.colSpan = 8;
        c.appendChild(findingItem(f));
        fr.appendChild(c);
        tb.appendChild(fr);
      });
    });
    t.appendChild(tb);
    sec.appendChild(t);

    if (v.boards.length) {
      sec.appendChild(el('h3', '', L.boards));
      dataTable(sec, [L.board, L.cards], v.boards.map(function (b, i) { return [String(i + 1), el('span', 'cards-str', b)]; }));
    }
    if (v.shown && v.shown.length) {
      sec.appendChild(el('h3', '', L.shown));
      dataTable(sec, [L.player, L.cards, L.hand_desc], v.shown.map(function (s) { return [s.p, el('span', 'cards-str', s.cards), s.desc || '']; }));
      if (v.first) sec.appendChild(el('p', 'muted', L.showdown_first + ': ' + v.first + (v.firstWhy ? ' — ' + v.firstWhy : '')));
    }

    sec.appendChild(el('h3', '', L.pots + ' (' + L.computed_vs + ')'));
    var p = v.pots, n = Math.max((p.rec || []).length, (p.calc || []).length), prow = [];
    for (var i = 0; i < n; i++) {
      var rec = p.rec && p.rec[i] !== undefined ? p.rec[i] : '';
      var calc = p.calc && p.calc[i] ? p.calc[i].amt : '';
      prow.push([i === 0 ? L.main_pot : L.side_pot + ' ' + i, rec, el('span', rec && calc && rec !== calc ? 'mismatch' : '', calc), p.calc && p.calc[i] ? p.calc[i].elig : '']);
    }
    var tot = el('span', p.recTotal && p.calcTotal && p.recTotal !== p.calcTotal ? 'mismatch' : '', p.calcTotal || '');
    prow.push([L.total_pot, p.recTotal || '', tot, '']);
    var rk = el('span', p.recRake && p.calcRake && p.recRake !== p.calcRake ? 'mismatch' : '', p.calcRake || '');
    prow.push([L.rake, p.recRake || '', rk, '']);
    dataTable(sec, [L.pot, L.recorded_pots, L.computed_pots, L.eligible], prow, 'hv-pots');

    if (v.awards) {
      sec.appendChild(el('h3', '', L.awards));
      dataTable(sec, [L.pot, L.player, L.amount, L.reason], v.awards.map(function (a) {
        return [(a.pot === 0 ? L.main_pot : L.side_pot + ' ' + a.pot) + (a.half ? ' (' + a.half + ')' : '') + (a.board ? ' · ' + L.board + ' ' + (a.board + 1) : ''),
          a.p, a.amt + (a.odd ? ' (+' + a.odd + ')' : ''), a.why || ''];
      }), 'hv-awards');
    }
    if (v.collects.length) {
      sec.appendChild(el('h3', '', L.collects));
      dataTable(sec, [L.pot, L.player, L.amount], v.collects.map(function (c) {
        return [c.pot < 0 ? '' : (c.pot === 0 ? L.main_pot : L.side_pot + ' ' + c.pot), c.p, c.amt];
      }));
    }
    if (v.returns && v.returns.length) {
      sec.appendChild(el('h3', '', L.returns));
      dataTable(sec, [L.player, L.amount], v.returns.map(function (r) { return [r.p, r.amt]; }));
    }
    sec.hidden = false;
    (target || sec).scrollIntoView({ block: target ? 'center' : 'start' });
  }

  fillOptions();
  bind();
  var linked = loadURL();
  apply();
  if ($('settlements-table')) { // not on explain's page of one hand
    renderSettlements();
    renderTallies();
  }
  if (data.open !== undefined) openHand(data.open, -1); // audit explain: one hand, shown at once
  else if (linked >= 0) openHand(linked, -1);
  document.body.dataset.ready = '1';
})();

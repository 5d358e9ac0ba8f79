// The phone page of one seat: joins the host with the seat's token, shows what is private to
// that seat (hand, notebook, cards shown to it, the card to show) and sends its actions.
// Plain JavaScript, no build step.  The host is the only authority: this page only draws the
// seat's view ("view" messages, replaced whole) and sends actions picked from view.legal.
//
// Stored in localStorage, under "clue.seat.<token>": {token, client, seq, lang} and nothing else
// (no card, no view, nothing of any other seat).
"use strict";
(function () {
  var WORDS = window.CLUE_WORDS;
  var LANGS = ["en", "es", "ca"];
  var MARKS = ["", "X", "?", "✓"];
  var MARK_SHOW = {"": "", "X": "✗", "?": "?", "✓": "✓"};
  var MARK_WORD = {"": "mark_none", "X": "mark_x", "?": "mark_q", "✓": "mark_y"};
  // suspect colours, as on the TV (game.rules.cards.SUSPECT_COLOURS); the initial is always drawn too
  var COLOURS = {scarlet: "#c81e2d", mustard: "#e1af1e", white: "#f0f0eb", green: "#288c46",
                 peacock: "#285ac8", plum: "#7d3c96"};
  var KIND_ORDER = {suspect: 0, person: 0, weapon: 1, room: 2, location: 2};

  // ------------------------------------------------------------------ the seat's token and store
  function tokenFromUrl() {
    var m = location.pathname.match(/\/s\/([A-Za-z0-9_-]+)/);
    if (m) return m[1];
    var q = new URLSearchParams(location.search).get("t");
    return q && /^[A-Za-z0-9_-]+$/.test(q) ? q : null;
  }
  // where the game's addresses start: "" at the host itself, "/clue" behind a proxy at a path prefix
  var BASE = location.pathname.replace(/\/s\/[^\/]*$/, "").replace(/\/$/, "");
  function randomId() {
    var a = new Uint8Array(12);
    (window.crypto || window.msCrypto).getRandomValues(a);
    return Array.prototype.map.call(a, function (b) { return ("0" + b.toString(16)).slice(-2); }).join("");
  }
  function guessLang() {
    var l = (navigator.language || "en").slice(0, 2).toLowerCase();
    return LANGS.indexOf(l) >= 0 ? l : "en";
  }
  // the host reads a seat's address in any case, so every spelling of it shares one store (one phone)
  var token = tokenFromUrl();
  var KEY = "clue.seat." + (token ? token.toLowerCase() : token);
  var store = {token: token, client: null, seq: 0, lang: null};
  function load() {
    try {
      var s = JSON.parse(localStorage.getItem(KEY) || "null");
      if (s && typeof s.token === "string" && token && s.token.toLowerCase() === token.toLowerCase()) {
        store.client = typeof s.client === "string" ? s.client : null;
        store.seq = typeof s.seq === "number" && s.seq >= 0 ? Math.floor(s.seq) : 0;
        store.lang = LANGS.indexOf(s.lang) >= 0 ? s.lang : null;
      }
    } catch (e) { /* a broken entry: start again */ }
    if (!store.client) store.client = randomId();
    if (!store.lang) store.lang = guessLang();
    save();
  }
  function save() {
    try {
      localStorage.setItem(KEY, JSON.stringify({token: store.token, client: store.client,
                                                 seq: store.seq, lang: store.lang}));
    } catch (e) { /* private mode: keep it in memory */ }
  }

  // ------------------------------------------------------------------ words
  function w(key, args) {
    var t = (WORDS[store.lang] && WORDS[store.lang][key]) || WORDS.en[key] || key;
    if (args) {
      // a card's or a seat's name also fills {x_the} and {x_to} (Spanish and Catalan need the
      // article: "la Señorita Amapola", "a la Señorita Amapola"), from the forms the host sent
      var forms = (view && view.forms) || {}, names = (view && view.names) || {};
      for (var k in args) {
        for (var id in names) {
          if (names[id] !== args[k]) continue;
          ["the", "to"].forEach(function (f) {
            var key2 = k + "_" + f;
            if (args[key2] === undefined && forms[f] && forms[f][id]) args[key2] = forms[f][id];
          });
          break;
        }
      }
      for (var k2 in args) t = t.split("{" + k2 + "}").join(args[k2]);
    }
    return t;
  }

  // ------------------------------------------------------------------ state
  var ws = null, attempts = 0, retryTimer = null, lastHeard = 0;
  var conn = "connecting";             // connecting | connected | reconnecting | waiting | refused | taken | far_seat | gone
  var welcome = null;                  // {seat, game, applied, spent}
  var matchId = null;                  // the game the held action belongs to (welcome "match"; memory only, as pending)
  var view = null, rev = -1;
  var pending = null;                  // {seq, action, btn}: sent, not acknowledged yet (btn: the button pressed)
  var pressing = null;                 // the key of the big button whose press is being handled now
  var ui = freshUi();
  var accusing = false;                // this draw shows an accusation's piles (its own-card question may show)
  function freshUi() {
    return {tab: "play", picks: {}, ask: [], accuse: false, sure: false, show: null, ownCard: null,
            seenShown: null, seenChosen: -1, modal: null, envelope: null, seenEnvelope: null, marks: {}, wasMine: false};
  }
  // the seat is not this screen's any more (another screen took it, the TV said no, the code opens no
  // seat): forget everything private at once -- the view, the pickers, the modals, what the DOM shows
  function wipe() {
    view = null; rev = -1; pending = null; welcome = null;
    ui = freshUi();
    Array.prototype.forEach.call(document.querySelectorAll("main .tab"), function (s) { s.replaceChildren(); });
    $("dock").replaceChildren();
    $("dock").hidden = true;
    $("overlay").replaceChildren();
    $("overlay").hidden = true;
    $("toast").textContent = "";
    $("toast").hidden = true;
  }
  function closed() { return conn === "waiting" || stopped(); }
  // no retrying by itself: the TV said no, another screen took the seat, or it is not this screen's
  function stopped() { return conn === "refused" || conn === "taken" || conn === "far_seat" || conn === "gone"; }

  // ------------------------------------------------------------------ connection
  function wsUrl() {
    return (location.protocol === "https:" ? "wss://" : "ws://") + location.host + BASE + "/ws";
  }
  function connect() {
    clearTimeout(retryTimer);
    retryTimer = null;
    if (ws) { try { ws.onclose = null; ws.close(); } catch (e) {} }
    var sock;
    try { sock = new WebSocket(wsUrl()); } catch (e) { return retry(); }
    ws = sock;
    sock.onopen = function () {
      lastHeard = Date.now();
      send({type: "hello", token: token, client: store.client, lang: store.lang});
    };
    sock.onmessage = function (ev) {
      lastHeard = Date.now();
      var m;
      try { m = JSON.parse(ev.data); } catch (e) { return; }
      onMessage(m);
    };
    sock.onclose = function () {
      if (ws !== sock) return;
      ws = null;
      if (!stopped()) retry();
    };
    sock.onerror = function () { /* onclose follows */ };
  }
  function retry() {
    if (retryTimer) return;
    conn = welcome || attempts ? "reconnecting" : "connecting";
    drawStatus();
    // backoff forever: 0.5 s, 1 s, 2 s, 4 s, then every 8 s, each with a little jitter
    var delay = Math.min(8000, 500 * Math.pow(2, attempts)) * (0.8 + Math.random() * 0.4);
    attempts += 1;
    retryTimer = setTimeout(function () { retryTimer = null; connect(); }, delay);
  }
  function connectNow() {
    if (stopped()) return;
    if (!ws || ws.readyState > 1) { attempts = 0; connect(); }
  }
  function send(obj) {
    if (ws && ws.readyState === 1) { ws.send(JSON.stringify(obj)); return true; }
    return false;
  }
  window.addEventListener("online", connectNow);
  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState === "visible") connectNow();
  });
  // a phone that slept may hold a dead socket: ping, and reconnect when nothing came for 45 s
  setInterval(function () {
    if (ws && ws.readyState === 1) {
      if (Date.now() - lastHeard > 45000) { try { ws.close(); } catch (e) {} return; }
      send({type: "ping"});
    }
  }, 15000);

  function onMessage(m) {
    switch (m.type) {
      case "welcome":
        welcome = {seat: m.seat, game: m.game, applied: m.applied | 0, spent: Math.max(m.applied | 0, m.spent | 0)};
        // another game (Play again): an action still held from the last one is never sent into this one
        if (m.match && matchId !== m.match) {
          if (matchId) settle();
          matchId = m.match;
        }
        attempts = 0;
        conn = "connected";
        rev = -1;
        // resend only an action the host has not applied (one still on its way is dropped there and
        // answered once taken); never reuse a seq it has spent, taken or on its way
        if (pending && pending.seq > welcome.applied) {
          send({type: "act", seq: pending.seq, action: pending.action});
          if (store.seq < welcome.spent) { store.seq = welcome.spent; save(); }   // another tab may have gone on
        } else {
          settle();
          if (store.seq !== welcome.spent) { store.seq = welcome.spent; save(); }
        }
        drawStatus();
        break;
      case "view":
        if (closed()) return;                   // a seat this screen does not hold: draw nothing of it
        if (typeof m.rev === "number" && m.rev < rev) return;
        rev = m.rev;
        setView(m.view);
        break;
      case "ack":
        if (pending && m.seq === pending.seq) {
          settle();
          if (!m.ok) toast(m.error || "?");
          draw();
        }
        break;
      case "error":
        if (m.code === "not_seated") {          // this code opens no seat any more (a new game): stop
          conn = "gone";
          wipe();
          draw();
          return;
        }
        if (m.code === "too_fast") {            // dropped unread: send the waiting action again, a little later
          var again = pending;
          if (again) setTimeout(function () {
            if (pending === again) send({type: "act", seq: again.seq, action: again.action});
          }, 1500);
          return;
        }
        toast(m.message || m.code);           // a message the host could not read: it took nothing
        if (pending) { settle(); draw(); }
        break;
      case "waiting":
        conn = "waiting";
        wipe();
        draw();
        break;
      case "refused":
        // waiting for the TV's yes: the TV said no; seated: another screen took this seat; "far_seat":
        // the seat plays from far away and this phone is in the home, so the TV was not even asked
        conn = m.reason === "far_seat" ? "far_seat" : conn === "waiting" ? "refused" : "taken";
        wipe();
        draw();
        break;
    }
  }

  // ------------------------------------------------------------------ actions
  // the choice stays drawn as it was sent until the host answers (the TV may hold it a long
  // while: paused, or not started), its button alone saying "Sent…"
  function act(action) {
    if (pending || !view) return;
    store.seq += 1;
    save();
    pending = {seq: store.seq, action: action, btn: pressing};
    send({type: "act", seq: pending.seq, action: action});
    draw();
  }
  // the host answered the action sent (or it was dropped): the pickers start afresh
  function settle() {
    if (!pending) return;
    pending = null;
    ui.accuse = false; ui.sure = false; ui.picks = {}; ui.ask = []; ui.show = null;
  }
  function legal(type) {
    return ((view && view.legal) || []).filter(function (a) { return a.type === type; });
  }
  function has(type) { return legal(type).length > 0; }
  function options(actions, field) {
    var seen = [], out = [];
    actions.forEach(function (a) {
      if (a[field] != null && seen.indexOf(a[field]) < 0) { seen.push(a[field]); out.push(a[field]); }
    });
    return out;
  }
  function find(actions, fields) {
    for (var i = 0; i < actions.length; i++) {
      var a = actions[i], ok = true;
      for (var k in fields) if (a[k] !== fields[k]) { ok = false; break; }
      if (ok) return a;
    }
    return null;
  }

  // ------------------------------------------------------------------ view
  function mine(v) { return v && !v.over && v.actor === v.seat && (v.legal || []).length > 0; }
  function setView(v) {
    var was = ui.wasMine;
    view = v;
    var now = mine(v) || !!v.move;
    ui.wasMine = now;
    // a new card shown to me since this page opened: show it big
    var shown = v.shown || [];
    var top = shown.length ? shown[shown.length - 1] : null;
    if (ui.seenShown === null) {
      ui.seenShown = top ? top.i : -1;
    } else if (top && top.i > ui.seenShown) {
      ui.seenShown = top.i;
      ui.modal = top;
      ui.tab = "play";
      buzz();
    }
    // a card of mine the computer showed while this phone was away: said once (again after a reload)
    var chosen = v.chosen_for_you || [];
    var last = chosen.length ? chosen[chosen.length - 1] : null;
    if (last && last.i > ui.seenChosen) {
      ui.seenChosen = last.i;
      view = v;
      toast(chosenLine(last));
      buzz();
    }
    // the envelope seen after my own wrong accusation: big, once (not again on a reopened page);
    // the winner sees it too at the end, and must not be told they were wrong
    var env = (v.seen_envelope || []).join(",");
    var meNow = (v.seats || [])[v.seat];
    if (ui.seenEnvelope === null) ui.seenEnvelope = env;
    else if (env && env !== ui.seenEnvelope) {
      ui.seenEnvelope = env;
      if (meNow && meNow.out) {
        ui.envelope = v.seen_envelope.slice();
        ui.tab = "play";
        buzz();
      }
    }
    if (now && !was) { ui.tab = "play"; buzz(); }
    if (!now) { ui.accuse = false; ui.sure = false; ui.ownCard = null; }
    // drop my optimistic marks once the host has them
    (v.notebook || []).forEach(function (r) { if (ui.marks[r.id] === r.mark) delete ui.marks[r.id]; });
    draw();
  }
  function chosenLine(c) { return cap(w("chosen_for_you", {card: cardName(c.card), name: seatName(c.to)})); }
  function buzz() {
    if (navigator.vibrate) { try { navigator.vibrate([150, 80, 150]); } catch (e) {} }
  }
  function cardName(id) { return (view && view.names && view.names[id]) || id; }
  // a card's name in another form ("the": "la Soga", "to": "a la Señorita Amapola"), for the
  // Spanish and Catalan sentences; the plain name where the host sent none
  function cardForm(id, form) { return (view && view.forms && view.forms[form] && view.forms[form][id]) || cardName(id); }
  function seatForm(i, form) {
    var s = view && view.seats && view.seats[i];
    return s ? cardForm(s.id, form) : "?";
  }
  // a sentence may start with "la Señorita Amapola ...": its first letter in capitals
  function cap(t) { return t ? t.charAt(0).toUpperCase() + t.slice(1) : t; }
  function seatName(i) {
    var s = view && view.seats && view.seats[i];
    return s ? s.name : "?";
  }
  // my notebook's mark of a card ("" none): a fact (held by someone) counts as "X"
  function myMark(id) {
    if (ui.marks[id] !== undefined) return ui.marks[id];
    var rows = (view && view.notebook) || [];
    for (var i = 0; i < rows.length; i++) if (rows[i].id === id) return rows[i].mark || (rows[i].fact ? "X" : "");
    return "";
  }
  function cardKind(id) {
    var rows = (view && view.notebook) || [];
    for (var i = 0; i < rows.length; i++) if (rows[i].id === id) return rows[i].kind;
    return "";
  }

  // ------------------------------------------------------------------ DOM helpers
  function h(tag, attrs, kids) {
    var el = document.createElement(tag);
    if (attrs) for (var k in attrs) {
      var val = attrs[k];
      if (val == null || val === false) continue;
      if (k === "onclick") el.addEventListener("click", val);
      else if (k === "text") el.textContent = val;
      else if (k === "cls") el.className = val;
      else el.setAttribute(k, val === true ? "" : val);
    }
    (kids || []).forEach(function (c) {
      if (c == null || c === false) return;
      el.appendChild(typeof c === "string" ? document.createTextNode(c) : c);
    });
    return el;
  }
  function $(id) { return document.getElementById(id); }
  function chip(id, cls) {
    var c = h("span", {cls: "chip " + (cls || ""), "aria-hidden": "true", text: (id || "?").charAt(0).toUpperCase()});
    c.style.background = COLOURS[id] || "#8a7a6a";
    if (id === "white" || id === "mustard") c.classList.add("dark");
    return c;
  }
  // one card: its picture, its name under it; ``chosen`` draws a thick frame and a tick (not colour alone)
  function card(id, opts) {
    opts = opts || {};
    var kind = opts.kind || cardKind(id);
    var kids = [h("img", {src: BASE + "/cards/" + id + ".png", alt: "", draggable: "false"}),
                h("span", {cls: "name", text: cardName(id)})];
    if (opts.chosen) kids.push(h("span", {cls: "tick", "aria-hidden": "true", text: "✓"}));
    if (opts.mark) kids.push(h("span", {cls: "nbmark m" + MARKS.indexOf(opts.mark), "data-mark": opts.mark,
                                        title: w(MARK_WORD[opts.mark])}, [MARK_SHOW[opts.mark]]));
    var el = h(opts.onclick ? "button" : "div",
               {cls: "card k-" + kind + (opts.chosen ? " chosen" : "") + (opts.big ? " big" : "") +
                     (opts.small ? " small" : ""),
                "data-card": id, type: opts.onclick ? "button" : null, onclick: opts.onclick,
                "aria-pressed": opts.onclick ? String(!!opts.chosen) : null,
                disabled: opts.disabled}, kids);
    return el;
  }
  // a big button; while an action waits for the host's answer every one rests, and only the one
  // that sent it says "Sent…" (known by its id or data-act, else by its words)
  function bigButton(text, onclick, cls, extra) {
    var key = (extra && (extra.id || extra["data-act"])) || text;
    var a = {cls: "big-btn " + (cls || ""), type: "button", disabled: !!pending || !onclick,
             onclick: onclick && function () {
               pressing = key;
               try { onclick(); } finally { pressing = null; }
             }};
    for (var k in extra || {}) a[k] = extra[k];
    return h("button", a, [pending && pending.btn === key ? w("sent") : text]);
  }
  function sortByKind(ids) {
    return ids.slice().sort(function (a, b) {
      return (KIND_ORDER[cardKind(a)] || 0) - (KIND_ORDER[cardKind(b)] || 0);
    });
  }

  // ------------------------------------------------------------------ drawing
  function draw() {
    document.documentElement.lang = store.lang;
    document.title = w("title");
    Array.prototype.forEach.call(document.querySelectorAll("[data-w]"), function (el) {
      el.textContent = w(el.getAttribute("data-w"));
    });
    Array.prototype.forEach.call(document.querySelectorAll("#langs button"), function (b) {
      var on = b.getAttribute("data-lang") === store.lang;
      b.classList.toggle("on", on);
      b.setAttribute("aria-pressed", String(on));
    });
    $("langs").setAttribute("aria-label", w("language"));
    drawStatus();
    drawHeader();
    Array.prototype.forEach.call(document.querySelectorAll("#tabs button"), function (b) {
      var on = b.getAttribute("data-tab") === ui.tab;
      b.classList.toggle("on", on);
      b.setAttribute("aria-current", on ? "page" : "false");
    });
    Array.prototype.forEach.call(document.querySelectorAll("main .tab"), function (s) {
      s.hidden = s.getAttribute("data-tab") !== ui.tab;
      if (s.hidden) s.replaceChildren();          // nothing kept drawn in a tab out of sight
    });
    $("tabs").hidden = closed();
    var tabs = {play: drawPlay, hand: drawHand, notes: drawNotes, table: drawTable};
    accusing = false;
    var sec = $("tab-" + ui.tab);
    sec.replaceChildren.apply(sec, tabs[ui.tab]().filter(function (k) { return k != null; }));
    // the button that confirms a choice goes in the dock under the scrolling middle: always in
    // sight, and nothing the player must read ever scrolls under it
    var dock = $("dock"), sticky = sec.querySelector(".big-btn.sticky");
    dock.replaceChildren();
    if (sticky) dock.appendChild(sticky);
    dock.hidden = !sticky;
    drawModal();
    fitNames();
  }
  // a card name too wide for its card shrinks a little (never below 13 px); a word still too wide is
  // broken with a hyphen where it must (soft hyphens between its letters), never spilling out of the card
  var SHY = "\u00ad";
  function fitNames() {
    Array.prototype.forEach.call(document.querySelectorAll(".card .name"), function (n) {
      n.style.fontSize = "";
      var size = parseFloat(getComputedStyle(n).fontSize);
      while (n.scrollWidth > n.clientWidth + 1 && size > 13) { size -= 1; n.style.fontSize = size + "px"; }
      if (n.scrollWidth > n.clientWidth + 1) {
        // a soft hyphen between the letters of a long word, leaving three letters at least on each side
        n.textContent = n.textContent.split(" ").map(function (word) {
          if (word.length < 7) return word;
          return word.slice(0, 3) + word.slice(3, -3).split("").map(function (ch) { return SHY + ch; }).join("") +
                 SHY + word.slice(-3);
        }).join(" ");
      }
    });
  }
  function drawStatus() {
    var el = $("status"), text = "", kids = [];
    if (!token) text = w("no_token");
    else if (conn === "connecting") text = w("connecting");
    else if (conn === "reconnecting") text = w("reconnecting");
    else if (conn === "waiting") text = w("waiting_confirm");
    else if (conn === "gone") text = w("no_seat");
    else if (conn === "far_seat") text = w("far_seat");
    else if (conn === "connected" && view && view.tv) {
      // the TV holds the game (its menu, or Start not pressed yet): why, and what becomes of a press
      text = view.tv === "paused" ? w("tv_paused") : w("tv_start");
      if (pending) text += " " + w("held_note");
    }
    else if (conn === "refused" || conn === "taken") {
      text = w(conn);
      kids.push(h("button", {type: "button", cls: "small-btn", id: "retry-btn", onclick: function () {
        conn = "connecting"; attempts = 0; connect(); draw();
      }}, [w(conn === "taken" ? "take_back" : "try_again")]));
    }
    el.className = "status " + conn + (conn === "connected" && view && view.tv ? " held" : "");
    el.hidden = !text;
    el.replaceChildren(h("span", {cls: "dots", "aria-hidden": "true"}), h("span", {text: text}));
    kids.forEach(function (k) { el.appendChild(k); });
    $("main").classList.toggle("stale", conn !== "connected");
  }
  function drawHeader() {
    var me = view && view.seats && view.seats[view.seat];
    var c = $("me-chip");
    c.replaceWith(me ? (function () { var x = chip(me.id); x.id = "me-chip"; return x; })()
                     : h("span", {id: "me-chip", cls: "chip", "aria-hidden": "true"}));
    $("me-name").textContent = me ? me.name : w("title");
    var p = $("prompt");
    if (!view) { p.hidden = true; return; }
    p.hidden = false;
    var myTurn = mine(view) || !!view.move;
    // my own turn, or a question on someone else's turn (a card to show, join an accusation)
    var other = myTurn && view.turn !== view.seat;
    p.className = "prompt" + (myTurn ? " mine" : "") + (other ? " other" : "") + (view.over ? " over" : "");
    var badge = "…";
    if (view.over) badge = w("game_over");
    else if (other && has("Join")) badge = w("your_answer");
    else if (other) badge = w("show_to", {name: seatName(view.disprove && view.disprove.asker != null
                                                          ? view.disprove.asker : view.turn)});
    else if (myTurn) badge = w("your_turn");
    $("prompt-badge").textContent = badge;
    $("prompt-text").textContent = (view.prompt && view.prompt.text) ||
      (myTurn ? "" : w("not_your_turn", {name: seatName(view.actor)}));
  }

  // ---- the Play tab: whatever this seat must do now
  function drawPlay() {
    if (!view) return closed() || !token ? [] : [h("p", {cls: "calm", text: w("connecting")})];
    var out = [];
    if (view.roll != null && view.turn === view.seat && !view.over) {
      out.push(h("p", {cls: "rolled", id: "rolled", text: w("you_rolled", {n: view.roll})}));
    }
    if (view.over) out.push(drawOver());
    else if (view.disprove || has("Show") || has("Disprove")) out.push(drawShow());
    else if (ui.accuse && (has("Accuse") || has("Join"))) out.push(drawAccuse(has("Join") ? "Join" : "Accuse"));
    else if (has("Join")) out.push(drawJoin());
    else if (has("Ask")) out.push(drawAsk());
    else if (has("Suggest")) out.push(drawSuggest());
    else if (view.move || (view.prompt && view.prompt.kind === "move")) out.push(drawMove());
    else if (mine(view)) { /* only buttons: Roll, the passage, Accuse, End turn (below) */ }
    else out.push(h("div", {cls: "panel calm"}, [
      h("h2", {text: w("not_your_turn", {name: seatName(view.actor)})}),
      h("p", {text: w("waiting")})]));
    var me = (view.seats || [])[view.seat];
    if (me && me.out && !view.over) out.unshift(h("p", {cls: "panel calm", id: "out-note", text: w("out_note")}));
    var buttons = drawTurnButtons();
    if (buttons) out.push(buttons);
    // where I stand and where the others are, at the start of my turn and while I wait
    if (view.board && !view.over && !view.move && !ui.accuse && !view.disprove && !has("Suggest")
        && !has("Join")) out.push(drawMansion(false), cursorLine());
    var shown = view.shown || [];
    if (shown.length && !view.disprove && !view.over) {
      var last = shown[shown.length - 1];
      out.push(h("div", {cls: "panel last-shown"}, [
        h("h3", {text: w("last_shown")}),
        h("div", {cls: "row"}, [h("p", {text: cap(w("shown_by", {name: seatName(last.by), name_the: seatForm(last.by, "the")}))}),
                                card(last.card, {small: true})])]));
    }
    var chosen = view.chosen_for_you || [];
    if (chosen.length && !view.disprove && !view.over) {
      var c = chosen[chosen.length - 1];
      out.push(h("div", {cls: "panel last-shown", id: "chosen-for-you"}, [
        h("div", {cls: "row"}, [h("p", {text: chosenLine(c)}), card(c.card, {small: true})])]));
    }
    return out;
  }
  // Roll, the secret passage, End turn and "Accuse…" when the engine allows them now
  function drawTurnButtons() {
    if (!mine(view) || ui.accuse || view.disprove || has("Show") || has("Disprove") || has("Join")) return null;
    var kids = [];
    if (has("Roll")) kids.push(bigButton(w("roll"), function () { act(legal("Roll")[0]); }, "go", {"data-act": "Roll"}));
    if (has("TakePassage")) kids.push(bigButton(w("passage"), function () { act(legal("TakePassage")[0]); }, "",
                                                {"data-act": "TakePassage"}));
    if (has("Accuse")) kids.push(bigButton(w("accuse"), function () {
      // picks carried over from the suggestion keep only cards that may be in the envelope: one this
      // seat knows is out would otherwise be accused with, unasked (it is asked when picked again)
      Object.keys(ui.picks).forEach(function (k) { if (ui.picks[k] && knownOut(ui.picks[k])) ui.picks[k] = null; });
      ui.accuse = true; ui.sure = false; draw(); }, "warn", {"data-act": "Accuse"}));
    if (has("EndTurn")) kids.push(bigButton(w("end_turn"), function () { act(legal("EndTurn")[0]); }, "",
                                            {"data-act": "EndTurn"}));
    return kids.length ? h("div", {cls: "buttons"}, kids) : null;
  }
  function drawShow() {
    var d = view.disprove || {};
    var acts = legal("Disprove").concat(legal("Show"));
    var cards = d.cards || options(acts, "card");
    if (ui.show === null || cards.indexOf(ui.show) < 0) ui.show = d.preselect || cards[0];
    var askerSeat = d.asker != null ? d.asker : view.turn, asker = seatName(askerSeat);
    var names = {name: asker, name_the: seatForm(askerSeat, "the"), name_to: seatForm(askerSeat, "to")};
    var grid = h("div", {cls: "grid show-grid" + (cards.length <= 2 ? " two" : "")}, cards.map(function (c) {
      return card(c, {chosen: c === ui.show, disabled: !!pending, onclick: function () { ui.show = c; draw(); }});
    }));
    var action = find(acts, {card: ui.show});
    return h("div", {cls: "panel must", id: "show-panel"}, [
      h("h2", {text: w("show_title", names)}),
      h("p", {cls: "help", text: w("show_help", names)}),
      grid,
      bigButton(w("show_button", {card: cardName(ui.show)}), action ? function () { act(action); } : null, "go sticky",
                {id: "show-btn"})]);
  }
  // why ``id`` cannot be in the envelope, as this seat alone knows it from its own view: in its
  // hand, shown to it (by whom: the first to show it), or face up on the table (card game); null
  // when it may be there.  Only this page reads it: nothing is sent while the player picks.
  function knownOut(id) {
    if ((view.hand || []).indexOf(id) >= 0) return {why: "hand"};
    var shown = view.shown || [];
    for (var i = 0; i < shown.length; i++) if (shown[i].card === id) return {why: "shown", by: shown[i].by};
    if ((view.face_up || []).indexOf(id) >= 0) return {why: "up"};
    return null;
  }
  // ``own``: an accusation's pile -- a card this seat knows is not in the envelope (its hand, one
  // shown to it, one face up) is asked about first, as the TV asks about one's own hand
  function pickGrid(field, ids, single, own) {
    return h("div", {cls: "grid picker", "data-field": field}, sortByKind(ids).map(function (c) {
      var chosen = single ? ui.picks[field] === c : ui.ask.indexOf(c) >= 0;
      return card(c, {chosen: chosen, mark: myMark(c), disabled: !!pending, onclick: function () {
        ui.sure = false;
        var out = own && !chosen ? knownOut(c) : null;
        if (out) {
          ui.ownCard = {field: field, card: c, why: out.why, by: out.by};
          draw();
          return;
        }
        if (single) ui.picks[field] = ui.picks[field] === c ? null : c;
        else {
          var i = ui.ask.indexOf(c);
          if (i >= 0) ui.ask.splice(i, 1);
          else { ui.ask.push(c); if (ui.ask.length > 2) ui.ask.shift(); }
        }
        draw();
        if (single && ui.picks[field] === c) revealNext(field);
      }});
    }));
  }
  // after a pick, the next pile with nothing picked yet (the one after it, else one before) comes
  // into the scrolling middle's sight, its heading at the top -- smoothly, unless the phone asks for
  // less motion; the confirm strip is under the middle, never over it.  Nothing moves when that
  // pile is in sight already, or when every pile has its pick (the confirm button is next).
  function revealNext(field) {
    var grids = Array.prototype.slice.call(document.querySelectorAll("#tab-play .picker[data-field]"));
    var at = grids.map(function (g) { return g.getAttribute("data-field"); }).indexOf(field);
    if (at < 0) return;
    var open = grids.filter(function (g) { return !ui.picks[g.getAttribute("data-field")]; });
    var next = open.filter(function (g) { return grids.indexOf(g) > at; })[0] || open[0];
    if (!next) return;
    var head = next.previousElementSibling && next.previousElementSibling.tagName === "H3" ? next.previousElementSibling : next;
    var m = $("main"), box = m.getBoundingClientRect();
    var top = head.getBoundingClientRect().top, bottom = next.getBoundingClientRect().bottom;
    if (top >= box.top && bottom <= box.bottom) return;
    var to = Math.max(0, Math.min(m.scrollTop + top - box.top - 8, m.scrollHeight - m.clientHeight));
    var calm = window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    m.scrollTo({top: to, behavior: calm ? "auto" : "smooth"});
  }
  function drawSuggest() {
    var acts = legal("Suggest");
    var a = find(acts, {suspect: ui.picks.suspect, weapon: ui.picks.weapon});
    var label = a ? w("suggest_button", {a: cardName(a.suspect), b: cardName(a.weapon), a_the: cardForm(a.suspect, "the"), b_the: cardForm(a.weapon, "the")}) : w("pick_who_what");
    return h("div", {cls: "panel", id: "suggest-panel"}, [
      h("h2", {text: w("suggest_title")}),
      view.room ? h("p", {cls: "where", text: w("suggest_in", {room: cardName(view.room)})}) : null,
      h("h3", {text: w("who")}), pickGrid("suspect", options(acts, "suspect"), true),
      h("h3", {text: w("with_what")}), pickGrid("weapon", options(acts, "weapon"), true),
      bigButton(label, a ? function () { act(a); } : null, "go sticky", {id: "suggest-btn"})]);
  }
  function drawAsk() {
    var acts = legal("Ask");
    var ids = [];
    acts.forEach(function (x) {
      if (ids.indexOf(x.first) < 0) ids.push(x.first);
      if (ids.indexOf(x.second) < 0) ids.push(x.second);
    });
    ui.ask = ui.ask.filter(function (c) { return ids.indexOf(c) >= 0; });
    var a = ui.ask.length === 2 ? (find(acts, {first: ui.ask[0], second: ui.ask[1]}) ||
                                   find(acts, {first: ui.ask[1], second: ui.ask[0]})) : null;
    var label = a ? w("ask_button", {a: cardName(a.first), b: cardName(a.second)}) : w("pick_two");
    return h("div", {cls: "panel", id: "ask-panel"}, [
      h("h2", {text: w("ask_title")}), h("p", {cls: "help", text: w("ask_help")}),
      pickGrid("ask", ids, false),
      bigButton(label, a ? function () { act(a); } : null, "go sticky", {id: "ask-btn"})]);
  }
  // the three piles of an accusation (board: suspect/weapon/room; card game: person/weapon/location)
  function tripleFields(acts) {
    return acts.length && acts[0].person !== undefined ? ["person", "weapon", "location"] : ["suspect", "weapon", "room"];
  }
  function drawAccuse(type) {
    var acts = legal(type);
    var f = tripleFields(acts);
    accusing = true;
    var pick = {};
    f.forEach(function (k) { pick[k] = ui.picks[k]; });
    var a = find(acts, pick);
    // the way out first (Back, or "No, I don't" when joining), then the three piles, then the
    // button that accuses, kept in sight; it asks "are you sure?" once before sending
    var out = type === "Join"
      ? bigButton(w("decline"), function () { act(legal("Decline")[0]); }, "", {id: "decline-btn"})
      : bigButton(w("cancel"), function () { ui.accuse = false; ui.sure = false; draw(); }, "", {id: "cancel-btn"});
    var go;
    if (!a) go = bigButton(w("pick_three"), null, "sticky");
    else if (!ui.sure) go = bigButton(type === "Join" ? w("join_button") : w("accuse_button"), function () {
      ui.sure = true; draw(); }, "warn sticky", {id: "accuse-btn"});
    else go = bigButton(w("accuse_sure") + ": " + [a[f[0]], a[f[1]], a[f[2]]].map(cardName).join(", "),
                        function () { act(a); }, "warn sticky", {id: "accuse-sure"});
    var kids = [h("h2", {text: type === "Join" ? w("join_title") : w("accuse_title")}),
                h("p", {cls: "warn-text", text: "⚠ " + w("accuse_warn")}), out,
                h("h3", {text: w("who")}), pickGrid(f[0], options(acts, f[0]), true, true),
                h("h3", {text: w("with_what")}), pickGrid(f[1], options(acts, f[1]), true, true),
                h("h3", {text: w("where")}), pickGrid(f[2], options(acts, f[2]), true, true), go];
    return h("div", {cls: "panel", id: "accuse-panel"}, kids);
  }
  function drawJoin() {
    ui.accuse = true;
    return drawAccuse("Join");
  }
  // my move: the mansion with the lit destinations (a tap goes there), then the arrows for those
  // who like them (they move the TV's cursor, drawn here too; OK goes where it is)
  function drawMove() {
    if (!view.board) return drawPad();
    return h("div", {cls: "panel must", id: "move-panel"}, [
      h("h2", {text: w("move_board_title")}), h("p", {cls: "help", text: w("move_board_help")}),
      drawMansion(true), drawPad(true)]);
  }
  function drawPad(bare) {
    // while the TV holds the game its table takes no arrow: the keys rest, and the page says so
    var held = !!view.tv;
    function key(k, sym) {
      return h("button", {type: "button", cls: "pad-" + k, "data-key": k, "aria-label": w(k), disabled: held,
                          onclick: function () { send({type: "pad", key: k}); }},
               [h("span", {cls: "sym", "aria-hidden": "true", text: sym}), h("span", {cls: "lbl", text: w(k)})]);
    }
    var pad = h("div", {cls: "pad"}, [key("up", "▲"), key("left", "◀"), key("ok", "●"), key("right", "▶"),
                              key("down", "▼"), key("back", "↩")]);
    var note = held ? h("p", {cls: "warn-text", id: "pad-held", text: w("pad_held")}) : null;
    if (bare) return h("div", {id: "pad-panel"}, [note, pad]);
    return h("div", {cls: "panel", id: "pad-panel"}, [
      h("h2", {text: w("move_title")}), h("p", {cls: "help", text: w("move_help")}), note, pad]);
  }
  function drawOver() {
    var r = view.result || {};
    var who = r.winner == null ? w("nobody_wins") : r.winner === view.seat ? w("you_won")
      : w("wins", {name: seatName(r.winner)});
    var kids = [h("h2", {id: "winner", text: who})];
    var env = r.envelope || r.crime;
    if (env && env.length) {
      kids.push(h("p", {cls: "big-text", text: view.game === "cards" ? w("crime_cards") : w("envelope_was")}));
      kids.push(h("div", {cls: "grid", id: "envelope"}, env.map(function (c) { return card(c); })));
    }
    return h("div", {cls: "panel over"}, kids);
  }

  // ---- the Hand tab
  function drawHand() {
    if (!view) return [];
    var out = [h("h2", {text: w("your_hand")}),
               h("div", {cls: "grid hand"}, sortByKind(view.hand || []).map(function (c) { return card(c); }))];
    if ((view.face_up || []).length) {
      out.push(h("h2", {text: w("face_up")}));
      out.push(h("div", {cls: "grid hand"}, view.face_up.map(function (c) { return card(c); })));
    }
    if ((view.seen_envelope || []).length) {
      out.push(h("h2", {text: w("seen_envelope")}));
      out.push(h("div", {cls: "grid", id: "seen-envelope"}, view.seen_envelope.map(function (c) { return card(c); })));
    }
    out.push(h("h2", {text: w("shown_to_you")}));
    var shown = (view.shown || []).slice().reverse();
    if (!shown.length) out.push(h("p", {cls: "calm", text: w("nothing_shown")}));
    shown.forEach(function (s) {
      out.push(h("div", {cls: "row shown-row"}, [h("p", {text: cap(w("shown_by", {name: seatName(s.by), name_the: seatForm(s.by, "the")}))}),
                                                 card(s.card, {small: true})]));
    });
    return out;
  }

  // ---- the Notebook tab
  function factText(f) {
    if (!f) return "";
    return f === "hand" ? w("fact_hand") : w("locked");
  }
  function drawNotes() {
    if (!view) return [];
    var out = [h("p", {cls: "help", text: w("notes_help")})];
    var groups = {};
    var order = [];
    (view.notebook || []).forEach(function (r) {
      if (!groups[r.kind]) { groups[r.kind] = []; order.push(r.kind); }
      groups[r.kind].push(r);
    });
    order.forEach(function (k) {
      out.push(h("h2", {cls: "k-head k-" + k, text: w("kind_" + k)}));
      out.push(h("ul", {cls: "notebook"}, groups[k].map(noteRow)));
    });
    return out;
  }
  function noteRow(r) {
    var mark = ui.marks[r.id] !== undefined ? ui.marks[r.id] : (r.mark || "");
    var locked = !!r.fact;
    var btn = h("button", {type: "button", cls: "mark m" + MARKS.indexOf(mark), "data-card": r.id,
                           "data-mark": mark, disabled: locked,
                           "aria-label": r.name + ": " + w(MARK_WORD[mark] || "mark_none"),
                           onclick: locked ? null : function () {
                             var next = MARKS[(MARKS.indexOf(mark) + 1) % MARKS.length];
                             ui.marks[r.id] = next;
                             send({type: "mark", card: r.id, mark: next});
                             draw();
                           }},
                // a fact (held by someone) reads "no" even before any mark: it is not in the envelope
                [h("span", {cls: "sym", text: MARK_SHOW[mark || (locked ? "X" : "")] || ""}),
                 h("span", {cls: "lbl", text: w(MARK_WORD[mark || (locked ? "X" : "")] || "mark_none")})]);
    var text = [h("span", {cls: "nb-name", text: r.name})];
    if (locked) text.push(h("span", {cls: "fact", text: "⚑ " + factLine(r.fact)}));
    if (r.hint && !locked) text.push(h("span", {cls: "hint", text: "☞ " + r.hint}));
    return h("li", {cls: "nb-row k-" + r.kind + (locked ? " locked" : ""), "data-card": r.id}, [
      h("img", {src: BASE + "/cards/" + r.id + ".png", alt: ""}), h("div", {cls: "nb-text"}, text), btn]);
  }
  function factLine(f) {
    var m = /^shown:(\d+)$/.exec(f);
    if (m) return cap(w("shown_by", {name: seatName(+m[1]), name_the: seatForm(+m[1], "the")})).replace(/:$/, "");
    if (f === "up" || f === "face_up") return w("face_up_short");
    return factText(f);
  }

  // ---- the mansion (board game), drawn here from the geometry the host sends (view.board: rooms,
  // corridor squares, doors, secret passages, start squares), in board squares (one unit a square);
  // the pieces from view.pieces; the TV's move cursor (view.cursor, public); on my own move the lit
  // destinations (view.reach) and a tap on a square or a room sends the same Move the TV makes
  var SVGNS = "http://www.w3.org/2000/svg";
  function sv(tag, attrs, kids) {
    var el = document.createElementNS(SVGNS, tag);
    for (var k in attrs || {}) if (attrs[k] != null) el.setAttribute(k, attrs[k]);
    (kids || []).forEach(function (c) {
      if (c == null) return;
      el.appendChild(typeof c === "string" ? document.createTextNode(c) : c);
    });
    return el;
  }
  // each room's squares and box, from the letters of the rows (a room's letter: its place in b.rooms)
  function roomShapes(b) {
    var out = {};
    b.rooms.forEach(function (id) { out[id] = {squares: [], box: [1e9, 1e9, -1, -1]}; });
    b.rows.forEach(function (row, r) {
      for (var c = 0; c < row.length; c++) {
        var id = b.rooms[row.charCodeAt(c) - 97];
        if (!id || !out[id]) continue;
        var o = out[id];
        o.squares.push([c, r]);
        o.box = [Math.min(o.box[0], c), Math.min(o.box[1], r), Math.max(o.box[2], c), Math.max(o.box[3], r)];
      }
    });
    return out;
  }
  // the squares of the row runs of one letter (or of a set of squares): one rect per run, few nodes
  function runs(b, test, attrs) {
    var out = [];
    b.rows.forEach(function (row, r) {
      var c = 0;
      while (c < row.length) {
        if (!test(row.charAt(c), c, r)) { c++; continue; }
        var c0 = c;
        while (c < row.length && test(row.charAt(c), c, r)) c++;
        var a = {x: c0, y: r, width: c - c0, height: 1};
        for (var k in attrs) a[k] = attrs[k];
        out.push(sv("rect", a));
      }
    });
    return out;
  }
  function placeOf(b, c, r) {
    var ch = (b.rows[r] || "").charAt(c);
    if (ch === ".") return [c, r];
    var id = b.rooms[ch.charCodeAt(0) - 97];
    return id || null;
  }
  // a room's name on the mansion: one line, or a word a line when the room is too narrow for it
  function nameLines(id, sh) {
    var words = cardName(id).split(" ");
    return words.length > 1 && (sh.box[2] - sh.box[0] + 1) < cardName(id).length * .5 ? words : [words.join(" ")];
  }
  function sameAt(a, b) { return typeof a === "string" ? a === b : typeof b !== "string" && !!b && a[0] === b[0] && a[1] === b[1]; }
  // where each piece stands, in squares: a corridor token on its square's centre; in a room, the
  // room's squares nearest its middle, tokens first (in SUSPECTS order), then the weapons (sorted)
  function mansionPoints(p, b, shapes) {
    var used = {}, out = {tokens: [], weapons: []};
    function spot(room) {
      var sh = shapes[room];
      if (!sh) return [b.size[0] / 2, b.size[1] / 2];
      if (!sh.sorted) {
        // below the name: its lines stand .85 of a square apart from the room's first row down
        var free = sh.box[1] + Math.ceil(1 + .85 * (nameLines(room, sh).length - 1));
        var mx = (sh.box[0] + sh.box[2] + 1) / 2, my = (free + sh.box[3] + 1) / 2;
        var skip = {};
        (b.passages || []).forEach(function (ps) { if (ps.at) skip[ps.at.join(",")] = true; });
        sh.sorted = sh.squares.filter(function (q) { return !skip[q.join(",")] && q[1] >= free; })
          .sort(function (q1, q2) {
            return Math.hypot(q1[0] + .5 - mx, q1[1] + .5 - my) - Math.hypot(q2[0] + .5 - mx, q2[1] + .5 - my);
          });
      }
      var i = used[room] = (used[room] || 0) + 1;
      var q = sh.sorted[(i - 1) % Math.max(1, sh.sorted.length)] || sh.squares[0];
      return [q[0] + .5, q[1] + .5];
    }
    p.tokens.forEach(function (t) {
      out.tokens.push(typeof t.at === "string" ? spot(t.at) : [t.at[0] + .5, t.at[1] + .5]);
    });
    var order = p.weapons.map(function (x, i) { return i; }).sort(function (i, j) {
      return p.weapons[i].id < p.weapons[j].id ? -1 : 1;
    });
    order.forEach(function (i) { out.weapons[i] = spot(p.weapons[i].at); });
    return out;
  }
  // the mansion; ``play``: my move now -- the lit destinations, and a tap goes there
  function drawMansion(play) {
    var b = view.board, p = view.pieces, shapes = roomShapes(b);
    var W = b.size[0], H = b.size[1];
    var svg = sv("svg", {id: play ? "mansion-play" : "mansion", "class": "mansion" + (play ? " play" : ""),
                         viewBox: "0 0 " + W + " " + H, role: "img", "aria-label": w("mansion_alt"),
                         "data-cols": W, "data-rows": H});
    svg.appendChild(sv("rect", {x: 0, y: 0, width: W, height: H, "class": "m-out"}));
    runs(b, function (ch) { return ch === "x"; }, {"class": "m-middle"}).forEach(function (e) { svg.appendChild(e); });
    b.rooms.forEach(function (id, i) {
      var letter = String.fromCharCode(97 + i);
      runs(b, function (ch) { return ch === letter; }, {"class": "m-room", "data-room": id})
        .forEach(function (e) { svg.appendChild(e); });
    });
    var g = sv("g", {"class": "m-corridor"});
    b.rows.forEach(function (row, r) {
      for (var c = 0; c < row.length; c++) if (row.charAt(c) === ".") {
        g.appendChild(sv("rect", {x: c + .03, y: r + .03, width: .94, height: .94, "data-sq": c + "," + r}));
      }
    });
    svg.appendChild(g);
    for (var s in b.starts || {}) {
      var st = b.starts[s];
      svg.appendChild(sv("circle", {cx: st[0] + .5, cy: st[1] + .5, r: .36, "class": "m-start", "data-start": s,
                                    stroke: COLOURS[s] || "#8a7a6a"}));
    }
    (b.doors || []).forEach(function (d) {      // a brass bar on the wall between the two squares
      var dx = d[2] - d[0], dy = d[3] - d[1];
      var x = Math.max(d[0], d[2]), y = Math.max(d[1], d[3]);
      svg.appendChild(sv("rect", dx ? {x: x - .12, y: d[1] + .1, width: .24, height: .8, "class": "m-door"}
                                    : {x: d[0] + .1, y: y - .12, width: .8, height: .24, "class": "m-door"}));
    });
    (b.passages || []).forEach(function (ps) {
      if (!ps.at) return;
      svg.appendChild(sv("g", {"class": "m-passage", "data-passage": ps.from}, [
        sv("title", {}, [w("passage_mark", {room: cardName(ps.to), room_the: cardForm(ps.to, "the")})]),
        sv("rect", {x: ps.at[0] + .08, y: ps.at[1] + .08, width: .84, height: .84, rx: .15}),
        sv("text", {x: ps.at[0] + .5, y: ps.at[1] + .72, "text-anchor": "middle"}, ["⇲"])]));
    });
    b.rooms.forEach(function (id) {            // the room's name at the top of its box, a word a line when narrow
      var sh = shapes[id];
      if (!sh.squares.length) return;
      var cx = (sh.box[0] + sh.box[2] + 1) / 2, y = sh.box[1] + 1;
      nameLines(id, sh).forEach(function (line, k) {
        svg.appendChild(sv("text", {x: cx, y: y + k * .85, "text-anchor": "middle", "class": "m-name"}, [line]));
      });
    });
    var reach = play && view.reach ? view.reach : null;
    if (reach) {
      var lit = {};
      reach.squares.forEach(function (q) { lit[q.join(",")] = true; });
      (reach.rooms || []).forEach(function (id) {
        var letter = String.fromCharCode(97 + b.rooms.indexOf(id));
        runs(b, function (ch) { return ch === letter; }, {"class": "m-lit room", "data-lit-room": id})
          .forEach(function (e) { svg.appendChild(e); });
      });
      reach.squares.forEach(function (q) {
        svg.appendChild(sv("rect", {x: q[0] + .05, y: q[1] + .05, width: .9, height: .9, "class": "m-lit",
                                    "data-lit": q.join(",")}));
      });
    }
    var cur = view.cursor;
    if (cur && !view.over) {                   // the TV's cursor: public, every phone shows it
      var box = typeof cur.at === "string" && shapes[cur.at]
        ? [shapes[cur.at].box[0], shapes[cur.at].box[1], shapes[cur.at].box[2] + 1, shapes[cur.at].box[3] + 1]
        : [cur.at[0], cur.at[1], cur.at[0] + 1, cur.at[1] + 1];
      svg.appendChild(sv("rect", {x: box[0] - .1, y: box[1] - .1, width: box[2] - box[0] + .2,
                                  height: box[3] - box[1] + .2, rx: .25, "class": "m-cursor",
                                  "data-seat": cur.seat, "data-at": String(cur.at)}));
    }
    if (p) {
      var at = mansionPoints(p, b, shapes), turnId = view.seats[p.turn] && view.seats[p.turn].id;
      var tokLetters = initials(p.tokens.map(function (t) { return t.id; }), true);
      var wpLetters = initials(p.weapons.map(function (x) { return x.id; }), false);
      p.weapons.forEach(function (wp, i) {
        var xy = at.weapons[i];
        svg.appendChild(sv("g", {"class": "m-weapon", "data-weapon": wp.id, "data-at": String(wp.at)}, [
          sv("rect", {x: xy[0] - .45, y: xy[1] - .32, width: .9, height: .64, rx: .1}),
          sv("text", {x: xy[0], y: xy[1] + .2, "text-anchor": "middle"}, [wpLetters[i]])]));
      });
      p.tokens.forEach(function (t, i) {
        var xy = at.tokens[i], dark = t.id === "white" || t.id === "mustard";
        var ringed = t.id === turnId && !view.over, me = t.id === view.you;
        svg.appendChild(sv("g", {"class": "m-token" + (ringed ? " turn" : "") + (me ? " me" : "") + (dark ? " dark" : ""),
                                 "data-token": t.id, "data-at": String(t.at)}, [
          ringed ? sv("circle", {cx: xy[0], cy: xy[1], r: .62, "class": "m-ring"}) : null,
          sv("circle", {cx: xy[0], cy: xy[1], r: .46, fill: COLOURS[t.id] || "#8a7a6a"}),
          sv("text", {x: xy[0], y: xy[1] + .17, "text-anchor": "middle"}, [tokLetters[i]])]));
      });
    }
    if (play) svg.addEventListener("click", function (e) { tapMansion(svg, b, e); });
    return h("div", {cls: "mansion-wrap"}, [svg]);
  }
  // a tap on my move: the square or the room under the finger, sent as the Move the TV's click
  // makes; the host checks it with the engine and says why not (too far, blocked, not a square)
  function tapMansion(svg, b, e) {
    if (!view || !view.move || pending) return;
    var r = svg.getBoundingClientRect();
    var c = Math.floor((e.clientX - r.left) / r.width * b.size[0]);
    var row = Math.floor((e.clientY - r.top) / r.height * b.size[1]);
    if (c < 0 || row < 0 || c >= b.size[0] || row >= b.size[1]) return;
    var place = placeOf(b, c, row) || [c, row];
    act(typeof place === "string" ? {type: "Move", square: null, room: place}
                                  : {type: "Move", square: place, room: null});
  }
  function cursorLine() {
    var cur = view.cursor;
    if (!cur || view.over) return null;
    return h("p", {cls: "cursor-line", id: "cursor-line",
                   text: "⌖ " + w("cursor_at", {name: seatName(cur.seat), name_the: seatForm(cur.seat, "the"),
                                                place: placeName(cur.at)})});
  }
  // the shortest start of each name (its last word for people, its first for weapons) that no
  // other name of the group shares: "Pe" and "Pl" for Peacock and Plum; never colour alone
  function initials(ids, last) {
    var words = ids.map(function (id) {
      var parts = cardName(id).split(/\s+/);
      return (last ? parts[parts.length - 1] : parts[0]) || id;
    });
    return ids.map(function (id, i) {
      var word = words[i];
      for (var k = 1; k < word.length; k++) {
        var pre = word.slice(0, k).toLowerCase(), clash = false;
        for (var j = 0; j < words.length; j++) if (j !== i && words[j].slice(0, k).toLowerCase() === pre) clash = true;
        if (!clash) return word.charAt(0).toUpperCase() + word.slice(1, k);
      }
      return word.charAt(0).toUpperCase() + word.slice(1, 2);
    });
  }
  function placeName(at) {
    return typeof at === "string" ? cardName(at) : w("in_corridor");
  }
  function drawWhere() {
    var p = view.pieces, turnId = view.seats[p.turn] && view.seats[p.turn].id;
    var facts = [w("turn_of", {name: cardName(turnId)})];
    if (p.last_roll != null) facts.push(w("last_roll", {n: p.last_roll}));
    // the list is the board's legend: the same letters as the pieces
    var tokLetters = initials(p.tokens.map(function (t) { return t.id; }), true);
    var wpLetters = initials(p.weapons.map(function (x) { return x.id; }), false);
    var people = p.tokens.map(function (t, i) {
      var c = chip(t.id);
      c.textContent = tokLetters[i];
      return h("li", {cls: "where-row" + (t.id === turnId ? " acting" : ""), "data-token": t.id}, [
        c, h("span", {cls: "where-name", text: (t.id === turnId && !view.over ? "▶ " : "") + cardName(t.id)}),
        h("span", {cls: "where-at", text: placeName(t.at)})]);
    });
    var weapons = p.weapons.map(function (wp, i) {
      return h("li", {cls: "where-row", "data-weapon": wp.id}, [
        h("span", {cls: "piece weapon legend", "aria-hidden": "true", text: wpLetters[i]}),
        h("span", {cls: "where-name", text: cardName(wp.id)}), h("span", {cls: "where-at", text: placeName(wp.at)})]);
    });
    return [h("p", {cls: "where-facts", id: "where-facts", text: facts.join(" · ")}),
            h("h2", {text: w("where_title")}),
            h("h3", {text: w("where_people")}), h("ul", {cls: "where", id: "where-people"}, people),
            h("h3", {text: w("where_weapons")}), h("ul", {cls: "where", id: "where-weapons"}, weapons)];
  }

  // ---- the Table tab: public only
  function drawTable() {
    if (!view) return [];
    var top = [];
    if (view.pieces) {
      if (view.board) top.push(h("h2", {text: w("board_title")}), drawMansion(false), cursorLine());
      top = top.concat(drawWhere().slice(0, 1));
    }
    var seats = (view.seats || []).map(function (s, i) {
      var tags = [];
      if (i === view.seat) tags.push(h("span", {cls: "tag you", text: w("you")}));
      if (i === view.actor && !view.over) tags.push(h("span", {cls: "tag turn", text: "▶ " + w("turn_marker")}));
      if (s.out) tags.push(h("span", {cls: "tag out", text: "✗ " + w("out")}));
      if (s.phone) tags.push(h("span", {cls: "tag phone", text: "☎ " + w("phone")}));
      return h("li", {cls: "seat" + (i === view.actor ? " acting" : "") + (s.out ? " is-out" : "")}, [
        chip(s.id), h("span", {cls: "seat-name", text: s.name}),
        h("span", {cls: "count", text: w("cards_n", {n: s.cards})}), h("span", {cls: "tags"}, tags)]);
    });
    var log = (view.log || []).slice().reverse().map(function (line) { return h("li", {text: line}); });
    var rest = view.pieces ? drawWhere().slice(1) : [];
    return top.concat([h("h2", {text: w("log")}), h("ol", {cls: "log", reversed: true}, log),
                       h("h2", {text: w("seats")}), h("ul", {cls: "seats"}, seats)], rest);
  }

  // ---- the card shown to me, big
  function drawModal() {
    var o = $("overlay");
    if (!accusing) ui.ownCard = null;   // the accusation is gone (the view moved on): so is its question
    var own = ui.ownCard;
    if ((!ui.modal && !ui.envelope && !own) || !view) { o.hidden = true; o.replaceChildren(); return; }
    o.hidden = false;
    if (ui.envelope) {
      o.replaceChildren(h("div", {cls: "modal envelope", role: "dialog", "aria-modal": "true", id: "envelope-modal"}, [
        h("h2", {text: view.game === "cards" ? w("crime_cards") : w("envelope_holds")}),
        h("div", {cls: "grid three"}, ui.envelope.map(function (c) { return card(c, {big: true}); })),
        h("p", {cls: "big-text", text: w("wrong_next")}),
        bigButton(w("got_it"), function () { ui.envelope = null; draw(); }, "go", {id: "got-it"})]));
      o.querySelector("#got-it").disabled = false;
      o.querySelector("#got-it").textContent = w("got_it");
      return;
    }
    if (!ui.modal) {
      // a card this seat knows is not in the envelope, picked for an accusation: the TV's question
      // about one's own hand (and the same for a card shown to it, or face up), on this page only
      var names = {card: cardName(own.card), card_the: cardForm(own.card, "the")};
      if (own.why === "shown") { names.name = seatName(own.by); names.name_the = seatForm(own.by, "the"); }
      var says = own.why === "shown" ? [w("shown_card", names), w("shown_card_help")]
        : own.why === "up" ? [w("up_card", names), w("up_card_help")] : [w("own_card", names), w("own_card_help")];
      o.replaceChildren(h("div", {cls: "modal", role: "dialog", "aria-modal": "true", id: "own-card-modal",
                                  "data-why": own.why}, [
        h("h2", {text: cap(says[0])}),
        card(own.card, {small: true}),
        h("p", {cls: "big-text", text: says[1]}),
        bigButton(w("own_another"), function () { ui.ownCard = null; draw(); }, "go", {id: "own-another"}),
        bigButton(w("own_anyway"), function () {
          ui.picks[own.field] = own.card; ui.ownCard = null; ui.sure = false; draw();
          revealNext(own.field);
        }, "warn", {id: "own-anyway"})]));
      return;
    }
    var s = ui.modal;
    o.replaceChildren(h("div", {cls: "modal", role: "dialog", "aria-modal": "true", id: "shown-modal"}, [
      h("h2", {text: cap(w("shown_by", {name: seatName(s.by), name_the: seatForm(s.by, "the")}))}),
      card(s.card, {big: true}),
      bigButton(w("got_it"), function () { ui.modal = null; draw(); }, "go", {id: "got-it"})]));
    // this button must work while an action is pending too
    o.querySelector("#got-it").disabled = false;
    o.querySelector("#got-it").textContent = w("got_it");
  }

  var toastTimer = null;
  function toast(text) {
    var t = $("toast");
    t.textContent = text;
    t.hidden = false;
    // above the dock (or the tabs): never over the button that confirms a choice
    var under = !$("dock").hidden ? $("dock") : !$("tabs").hidden ? $("tabs") : null;
    t.style.bottom = (under ? window.innerHeight - under.getBoundingClientRect().top + 8 : 12) + "px";
    clearTimeout(toastTimer);
    toastTimer = setTimeout(function () { t.hidden = true; }, 5000);
  }

  // ------------------------------------------------------------------ wiring
  document.getElementById("tabs").addEventListener("click", function (e) {
    var b = e.target.closest("button[data-tab]");
    if (b) { ui.tab = b.getAttribute("data-tab"); draw(); $("main").scrollTop = 0; }
  });
  document.getElementById("langs").addEventListener("click", function (e) {
    var b = e.target.closest("button[data-lang]");
    if (!b) return;
    store.lang = b.getAttribute("data-lang");
    save();
    send({type: "lang", lang: store.lang});
    draw();
  });

  // what the tests may read: the connection, never anything of the view that the DOM does not show
  window.cluePage = {
    state: function () {
      return {conn: conn, rev: rev, seq: store.seq, hasView: view !== null, pending: pending ? pending.seq : null,
              applied: welcome ? welcome.applied : null, tab: ui.tab, lang: store.lang};
    },
    drop: function () { if (ws) ws.close(); }
  };

  if (token) { load(); draw(); connect(); } else { store.lang = guessLang(); draw(); }
})();

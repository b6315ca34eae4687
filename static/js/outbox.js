// The table's phone on the hall's Wi-Fi, which drops. Every deal typed,
// corrected, and every answer of the other team goes through an outbox kept
// in IndexedDB (which plain-HTTP pages have, unlike service workers): it
// survives a reload and the browser being closed, and is sent in order, by
// itself, as soon as the server answers. A retry is harmless: each entry
// keeps the table version it was first sent with, and the server knows a
// post it already recorded by that version and its values
// (services/table_versions.py). A refusal (the desk changed the table
// meanwhile, or a value the engine refuses) stops the outbox and is shown in
// words with the row to correct; nothing is overwritten silently.
//
// This file is the page's glue: IndexedDB, fetch, the DOM and the timers.
// The outbox's rules (order, retries, versions, refusals, the batch) are
// static/js/outbox-queue.js, loaded before it, tested without a browser.
//
// Every 15 s the page calls the server (…/etat/?attente=N&v=version): the desk sees
// the entries waiting and when the table was last heard of, and the page
// brings itself up to date when the table changed elsewhere.
(() => {
  const box = document.getElementById("outbox");
  if (!box || !window.BeloteOutboxQueue) return;
  const move = document.getElementById("outbox-move"); // the address the desk shows, typed
  const Q = window.BeloteOutboxQueue;
  const T = JSON.parse(box.dataset.texts || "{}");
  const token = box.dataset.token;
  const stateUrl = box.dataset.stateUrl;
  const pageUrl = box.dataset.pageUrl;
  // Several deals waiting (the server was away) are sent in one request.
  const batchUrl = box.dataset.batchUrl;
  const EVERY = 15000;
  const queue = new Q.Queue({ batching: Boolean(batchUrl) });
  queue.learn({ hall: box.dataset.hall, standby: box.dataset.standby });
  let db = null;
  let retry = null;
  let caller = null;
  let note = ""; // a passing message (a form sent while offline)

  // --- storage -----------------------------------------------------------
  const open = () => new Promise((resolve) => {
    if (!window.indexedDB) { resolve(null); return; }
    const request = indexedDB.open("belote-outbox", 1);
    request.onupgradeneeded = () => {
      const store = request.result.createObjectStore("entries", { keyPath: "id", autoIncrement: true });
      store.createIndex("token", "token");
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => resolve(null);
  });
  const tx = (mode, work) => new Promise((resolve, reject) => {
    if (!db) { resolve(work(null)); return; }
    const t = db.transaction("entries", mode);
    const result = work(t.objectStore("entries"));
    t.oncomplete = () => resolve(result && result.result !== undefined ? result.result : result);
    t.onerror = () => reject(t.error);
  });
  const load = () => tx("readonly", (store) => (store ? store.index("token").getAll(token) : []))
    .then((list) => { queue.load(list); });
  // An entry shows at once; `stored` (the row's data-stored) once it is
  // written on the phone, and would come back after a reload or a close.
  const put = (entry) => tx("readwrite", (store) => (store ? store.put({ ...entry, stored: true }) : null))
    .then((id) => {
      if (entry.id === undefined) entry.id = id === null ? queue.nextId(Date.now()) : id;
      entry.stored = Boolean(db);
      status();
    });
  const remove = (entry) => tx("readwrite", (store) => (store ? store.delete(entry.id) : null));
  // Acknowledged: a deal stays on the phone as the partie's last copy, marked.
  const keep = (kept, entry) => (kept ? put(kept) : remove(entry));

  // --- what the page shows ------------------------------------------------
  const two = (n) => String(n).padStart(2, "0");
  const clock = (date) => T.clock.replace("{h}", String(date.getHours())).replace("{m}", two(date.getMinutes()));
  // The table's version the page shows (the queue knows a later one an answer said).
  const shownVersion = () => {
    const field = document.querySelector("#deal-form [name=version]");
    const live = document.getElementById("table-live");
    return field && field.value ? Number(field.value) : live ? Number(live.dataset.version) : 0;
  };
  const versionIn = (html) => {
    const doc = new DOMParser().parseFromString(html, "text/html");
    const places = [doc, ...Array.from(doc.querySelectorAll("template")).map((t) => t.content)];
    for (const place of places) {
      const field = place.querySelector("#deal-form [name=version]");
      if (field && field.value) return Number(field.value);
      const live = place.querySelector("#table-live");
      if (live && live.dataset.version) return Number(live.dataset.version);
    }
    return 0;
  };
  // The pad kept in place while the page changes above it (phone.js).
  const steadily = (change) => (window.BelotePad ? window.BelotePad.steady(change) : change());
  const status = () => {
    const line = box.querySelector(".outbox-status");
    const waiting = queue.entries.length;
    const parts = [];
    if (queue.offlineSince) parts.push(T.offline.replace("{time}", clock(queue.offlineSince)));
    if (waiting) parts.push(T.waiting.replace("{n}", String(waiting)));
    // A refusal of a row just typed is said next to its field (as at the
    // desk); one of a row typed offline, or holding others back, here too.
    if (queue.blocked) parts.push(T.blocked);
    const lost = queue.lost(Date.now());
    if (lost) parts.push(T.lost);
    if (move) move.hidden = !lost || !box.dataset.key;
    if (note) parts.push(note);
    line.textContent = parts.join(" · ");
    box.hidden = parts.length === 0;
    steadily(showPending);
    box.querySelector(".outbox-drop").hidden = !queue.blocked;
    box.classList.toggle("is-offline", Boolean(queue.offlineSince));
    document.body.classList.toggle("offline", Boolean(queue.offlineSince));
  };
  // The marque computed on this phone (static/js/marque.js), labelled
  // provisional: the server's engine decides when the deal reaches it.
  const profile = box.dataset.profile ? JSON.parse(box.dataset.profile) : null;
  const provisional = (cells) => {
    const score = profile && window.BeloteMarque ? window.BeloteMarque.marque(cells, profile) : null;
    return score && T.provisional.replace("{a}", String(score.a)).replace("{b}", String(score.b));
  };
  const summary = (entry) => {
    const said = entry.fields
      .filter(([name, value]) => value && entry.labels[name])
      .map(([name, value]) => `${entry.labels[name]} ${value}`);
    const marque = entry.kind === "deal" ? provisional(Object.fromEntries(entry.fields)) : null;
    return (marque ? [...said, marque] : said).join(" · ");
  };
  let shown = "";
  const showPending = () => {
    // Rebuilt only when what it shows changed: a tap on « Corriger » must
    // not land on a row being replaced.
    const entryRow0 = document.getElementById("deal-entry");
    const signature = JSON.stringify([
      queue.entries.map((e) => [e.id, e.fields, e === queue.editing, e === queue.blocked, e.version !== null, Boolean(e.stored)]),
      queue.sending, entryRow0 ? entryRow0.dataset.number : "",
      document.querySelectorAll("tr.outbox-row").length,
    ]);
    if (signature === shown) return;
    shown = signature;
    document.querySelectorAll("tr.outbox-row").forEach((row) => row.remove());
    const list = box.querySelector(".outbox-list");
    list.textContent = "";
    const entryRow = document.getElementById("deal-entry");
    const columns = entryRow ? entryRow.children.length : 1;
    const next = entryRow ? Number(entryRow.dataset.number || 0) : 0;
    const { rows, after } = queue.shown(next, Boolean(entryRow));
    // A deal that follows the row being typed (a refused deal held there)
    // is shown after it: each deal in its number's place.
    let behind = entryRow;
    rows.forEach(({ entry, asRow, number, refused, editing, editable }) => {
      const text = entry.kind === "deal"
        ? `${entry.number ? T.correction.replace("{n}", entry.number) : (T.deal + " " + number).trim()} · ${summary(entry)}`
        : T.answer;
      if (!asRow) {
        // What the grid does not show as a row is listed here.
        const item = document.createElement("li");
        item.textContent = `${text} — ${refused ? T.refused : T.pending}`;
        list.appendChild(item);
        return;
      }
      const row = document.createElement("tr");
      row.className = "outbox-row";
      if (entry.stored) row.dataset.stored = "1";
      const cell = document.createElement("td");
      cell.colSpan = columns - 1;
      cell.textContent = `${text} — ${editing ? T.editing : T.pending}`;
      const actions = document.createElement("td");
      actions.className = "actions";
      if (editable) {
        const edit = document.createElement("button");
        edit.type = "button";
        edit.className = "outbox-edit";
        edit.dataset.id = String(entry.id);
        edit.textContent = T.correct;
        actions.appendChild(edit);
      }
      row.append(cell, actions);
      if (number > after) { behind.after(row); behind = row; } else entryRow.before(row);
    });
    // Deals waiting are counted where the page says how the partie stands,
    // and the row offers no deal past the partie's last (outbox-queue.js, `count`).
    const last = box.dataset.last;
    const { waiting, at, more } = queue.count(next, Number(last));
    const state = document.querySelector("#entry-state.state-empty strong");
    const bar = document.querySelector(".total-status:not(.tie-alert)");
    if (entryRow) {
      entryRow.hidden = !more;
      if (waiting && state) state.textContent = T.waitingDeals[+(waiting > 1)].replace("{n}", waiting);
      if (waiting && at && bar) bar.textContent = T.progress.replace("{n}", at).replace("{of}", last);
    }
    if (entryRow && next && !document.querySelector("#deal-form [name=number]")?.value) {
      const first = entryRow.querySelector("td.num");
      if (first && first.firstChild) first.firstChild.textContent = String(after);
    }
  };

  // --- typing: every save goes into the outbox ----------------------------
  const fieldsOf = (form) => Array.from(new FormData(form).entries())
    .filter(([name]) => name !== "version")
    .map(([name, value]) => [name, String(value)]);
  const labelsOf = (form) => {
    const labels = {};
    Array.from(form.elements).forEach((element) => {
      const cell = element.closest && element.closest("td[data-label]");
      const typed = element.type === "text" || (element.type === "radio" && element.checked);
      if (cell && element.name && typed) labels[element.name] = cell.dataset.label;
    });
    return labels;
  };
  // The row's first cell: the desk's text cell, or the pad's first button.
  const FIRST = "#deal-entry input[type=text], #deal-entry input[type=radio]";
  // A value put back in the row by name: a text cell, or the pad's button.
  const setCell = (name, value, onlyEmpty) => {
    const input = document.querySelector(`#deal-entry input[type=text][name="${name}"], #confirm [name="${name}"]`);
    if (input && input.type !== "hidden") {
      if (!onlyEmpty || !input.value) input.value = value;
      return;
    }
    const chosen = document.querySelector(`#deal-entry input[type=radio][name="${name}"]:checked`);
    if (onlyEmpty && chosen && chosen.value) return;
    document.querySelectorAll(`#deal-entry input[type=radio][name="${name}"]`).forEach((radio) => {
      radio.checked = radio.value === value;
    });
  };
  const clearRow = () => {
    const typing = document.activeElement && document.activeElement.closest
      && document.activeElement.closest("#deal-entry");
    document.querySelectorAll("#deal-entry input[type=text]").forEach((input) => { input.value = ""; });
    // The phone's pad: back to nothing chosen (« Non » for the marks).
    document.querySelectorAll("#deal-entry input[type=radio]").forEach((input) => { input.checked = input.value === ""; });
    if (window.BelotePad) window.BelotePad.sync();
    // The next deal is typed from its first cell, as on the paper sheet.
    const first = document.querySelector(FIRST);
    if (typing && first) first.focus();
    const preview = document.getElementById("deal-preview");
    if (preview) preview.textContent = "";
  };
  // « Enregistrer » on an empty row: no deal, and the row says what is
  // missing next to « Preneur », as the server would (forms/entry.py).
  const sayEmpty = () => {
    const cell = document.querySelector("#deal-entry #field-taker");
    if (!cell) return;
    cell.classList.add("has-error");
    let list = cell.querySelector(".errorlist");
    if (!list) {
      list = document.createElement("ul");
      list.className = "errorlist";
      list.id = "id_taker_error";
      cell.appendChild(list);
    }
    list.innerHTML = "";
    const item = document.createElement("li");
    item.textContent = T.emptyRow;
    list.appendChild(item);
    const described = cell.querySelector("fieldset, input[type=text]");
    if (described) { described.setAttribute("aria-describedby", "id_taker_error"); described.setAttribute("aria-invalid", "true"); }
    const first = cell.querySelector("input:not([type=hidden])");
    if (first) first.focus();
  };
  document.addEventListener("submit", (event) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || event.defaultPrevented) return;
    // The other team's answer, for the whole table or one deal ticked.
    const answering = form.closest("#confirm") || form.classList.contains("deal-tick");
    const kind = form.id === "deal-form" ? "deal" : answering ? "answer" : null;
    if (!kind) {
      if (queue.offlineSince && form.closest("main")) { event.preventDefault(); note = T.noNetwork; status(); }
      return;
    }
    event.preventDefault();
    event.stopPropagation(); // htmx does not send it: the outbox does
    delete form.dataset.sending;
    const submitter = event.submitter;
    const fields = fieldsOf(form);
    if (submitter && submitter.name) fields.push([submitter.name, submitter.value]);
    if (kind === "deal" && !Q.typed(fields)) { sayEmpty(); return; }
    const entry = queue.entry({
      // (getAttribute: the answer's form has a button named « action »)
      token, kind, url: new URL(form.getAttribute("action") || "", window.location.href).href, fields, labels: labelsOf(form),
      version: Number((form.querySelector("[name=version]") || {}).value || 0),
      created: Date.now(),
      online: navigator.onLine,
    });
    // Everything the page shows changes at once (the row is cleared before
    // a quick typist's next key); the entry is stored meanwhile, under a key
    // the queue gives (or the waiting deal being corrected, in its place).
    note = "";
    const placed = queue.add(entry, Date.now());
    const entryRow = document.getElementById("deal-entry");
    if (kind === "deal" && entryRow) queue.place(placed, Number(entryRow.dataset.number || 0));
    if (kind === "deal") {
      clearRow();
      if (window.BelotePad) window.BelotePad.place(); // the next deal in sight
    }
    status();
    put(placed).then(flush);
  }, true);

  // --- sending, in order ----------------------------------------------------
  // The hall taken over at another address: the page goes there with what
  // the phone holds (outbox-queue.js, `target` and `carry`). True when it leaves.
  let leaving = false;
  // The page's own moves, never asked before as the player's are (below).
  const leave = (url) => { leaving = true; location.assign(url); };
  const go = (place) => {
    if (!place || leaving) return false;
    leave(`${place}#${Q.carry([...queue.kept, ...queue.entries], location.origin)}`);
    return true;
  };
  const follow = (response) => go(Q.target(response.headers.get(Q.MOVED), location));
  // Another laptop's ping (cross-origin, no cookie), asked with this page's
  // number: its answer, or null when it does not answer (yet).
  const ask = async (origin) => {
    const control = new AbortController();
    const timer = setTimeout(() => control.abort(), Q.WAIT / 2);
    try {
      const ping = new URL(Q.PING, origin);
      ping.searchParams.set("n", box.dataset.nonce || "");
      const response = await fetch(ping.href, {
        mode: "cors", credentials: "omit", cache: "no-store", signal: control.signal,
      });
      return response.ok ? await response.json() : null;
    } catch (error) {
      return null;
    } finally {
      clearTimeout(timer);
    }
  };
  // Did `origin` answer with the proof that it took this very hall over?
  const proves = (answer, origin) => Boolean(
    window.BeloteHallProof && window.BeloteHallProof.proves(answer, box.dataset.key, origin),
  );
  // The hall silent for a while: its standby laptop, if the page knows one,
  // is asked whether it took this hall over; then the page goes there as
  // above, once.
  let probing = false;
  const probe = async () => {
    if (leaving || probing || !queue.probeDue(Date.now())) return;
    const place = Q.target(queue.standby, location);
    if (!place) return;
    probing = true;
    const answer = await ask(queue.standby);
    probing = false;
    // Proven as a typed address is (below): whoever answers at the
    // standby's address knows the hall's name, not its takeover key.
    if (queue.tookOver(answer, proves(answer, queue.standby))) go(place);
  };
  // No standby named (issue 50): the player types the address the desk
  // shows. It gets what the phone holds only once it proves it took this
  // very hall over (static/js/hall-proof.js, with this page's key): an
  // address typed wrong, or a false hall on the Wi-Fi, gets nothing but
  // the question, and this page stays, its deals with it.
  const moving = async (event) => {
    event.preventDefault();
    const origin = Q.addressOf(move.elements.address.value);
    const place = origin && Q.target(origin, location);
    if (!place) { note = T.badAddress; status(); return; }
    note = T.asking;
    status();
    const answer = await ask(origin);
    if (queue.tookOver(answer, proves(answer, origin)) && go(place)) return;
    note = answer ? T.notTaken : T.silent;
    status();
  };
  if (move) move.addEventListener("submit", moving);
  const timed = (url, options) => {
    const control = new AbortController();
    const timer = setTimeout(() => control.abort(), Q.WAIT);
    return fetch(url, { ...options, signal: control.signal, credentials: "same-origin" })
      .finally(() => clearTimeout(timer))
      // The hall taken over elsewhere: the page goes there with what waits
      // (`follow`); this answer is never read.
      .then((response) => (follow(response) ? new Promise(() => {}) : response));
  };
  const csrf = () => {
    const field = document.querySelector("[name=csrfmiddlewaretoken]");
    return field ? field.value : "";
  };
  const formOf = (pairs) => {
    const data = new FormData();
    pairs.forEach(([name, value]) => data.append(name, value));
    return data;
  };
  // The live part swapped in, what the player was typing kept (by name).
  const swapLive = (html, keepTyping) => {
    const doc = new DOMParser().parseFromString(html, "text/html");
    const live = doc.getElementById("table-live");
    if (!live) return false;
    const kept = {};
    let focused = null;
    if (keepTyping) {
      document.querySelectorAll("#deal-entry input[type=text], #confirm input").forEach((input) => {
        if (input.value && input.type !== "hidden") kept[input.name] = input.value;
      });
      document.querySelectorAll("#deal-entry input[type=radio]:checked").forEach((input) => {
        if (input.value) kept[input.name] = input.value;
      });
      const active = document.activeElement;
      if (active && active.name && active.closest && active.closest("#table-live")) focused = active.name;
    }
    const old = document.getElementById("table-live");
    if (!old) return false;
    steadily(() => {
      old.replaceWith(document.adoptNode(live));
      Object.entries(kept).forEach(([name, value]) => setCell(name, value, true));
      if (window.BelotePad) window.BelotePad.sync();
    });
    if (focused) {
      const input = document.querySelector(`#table-live [name="${focused}"]`);
      if (input) input.focus();
    }
    queue.heard(versionIn(html));
    return true;
  };
  const offline = () => {
    const pause = queue.away(new Date(), Math.random());
    status();
    probe();
    clearTimeout(retry);
    retry = setTimeout(() => (queue.entries.length ? flush() : call()), pause);
  };
  const online = () => {
    // The network is back: a word saying it was not goes with it.
    const stale = note === T.noNetwork;
    if (stale) note = "";
    if (queue.reached(Date.now()) || stale) status();
  };
  // One entry sent; its reply as the queue reads it (null: no answer came).
  const sendOne = async (entry) => {
    try {
      queue.stamp(entry, shownVersion());
      await put(entry);
      const headers = { "X-Outbox-Waiting": String(queue.waitingBesides(1)) };
      if (entry.kind === "deal") { headers["HX-Request"] = "true"; headers["HX-Target"] = "table-live"; }
      // An answer accepted is a redirect to the table's page, not followed
      // here: the page then opened shows its message (read once).
      const response = await timed(entry.url, {
        method: "POST", body: formOf(Q.wire(entry, csrf())), headers, redirect: entry.kind === "deal" ? "follow" : "manual",
      });
      const code = response.status;
      if (Q.away(code)) return { reply: { status: code }, html: "" };
      if (response.type === "opaqueredirect") return { reply: { status: code, redirected: true }, html: "" };
      const html = await response.text();
      const saved = (response.headers.get("HX-Trigger") || "").includes("dealSaved");
      return { reply: { status: code, saved, version: versionIn(html) }, html };
    } catch (error) {
      return { reply: null, html: "" };
    }
  };
  // Several deals in one request, each with its version, recorded in order
  // by the server, which says how many it took.
  const sendBatch = async (batch) => {
    try {
      queue.stampBatch(batch, shownVersion());
      for (const entry of batch) await put(entry);
      const response = await timed(batchUrl, {
        method: "POST", body: formOf(Q.batchWire(batch, csrf())),
        headers: { "X-Outbox-Waiting": String(queue.waitingBesides(0)) },
      });
      const code = response.status;
      if (Q.away(code) || !response.ok) return { status: code, ok: response.ok };
      const answer = await response.json();
      return { status: code, ok: true, saved: answer.saved || 0, version: answer.version || 0 };
    } catch (error) {
      return null;
    }
  };
  // The outbox sent in order, as long as the server answers and accepts:
  // the queue says what leaves next and what each answer means.
  const flush = async () => {
    // The page asks the team's code (a new address, after a move) while
    // deals wait: they leave once it is typed, not refused before (the other
    // team's answers need no code of a side).
    if (document.getElementById("side-claim") && queue.entries.some((e) => e.kind === "deal")) {
      note = T.codeFirst;
      status();
      return;
    }
    const start = queue.begin(navigator.onLine);
    if (start === "busy") return;
    if (start === "offline") { offline(); return; }
    let sent = 0;
    try {
      let job = queue.next();
      while (job) {
        if (job.batch) {
          const after = queue.batchAnswered(job.batch, await sendBatch(job.batch));
          if (after.then === "retry") { offline(); return; }
          online();
          for (const entry of after.acknowledge) {
            await keep(queue.acknowledge(entry), entry);
            sent += 1;
          }
          if (after.then === "next") { status(); job = queue.next(); continue; }
          for (const entry of after.reguess) await put(entry);
          // The deal it stopped at goes alone: its refusal is shown in its row.
          job = queue.first();
          continue;
        }
        const { entry } = job;
        const answer = await sendOne(entry);
        // The server does not know this phone's team (a second laptop took
        // the hall over: sessions stay on the first): the page asks the
        // code, and what waits leaves once it is typed (`codeFirst`).
        if (answer.reply && answer.reply.status === 403 && answer.html.includes('id="side-claim"')) {
          leave(pageUrl);
          return;
        }
        const step = queue.answered(entry, answer.reply);
        if (step.then === "retry") { offline(); return; }
        online();
        if (step.then === "stop") {
          // Shown with the row as typed, to correct or drop (or, as at the
          // desk, the row just typed says why); an answer shows its page.
          if (step.show === "row") swapLive(answer.html, false);
          if (step.forget) { await remove(entry); queue.forget(entry); }
          if (step.show === "page") showAnswerPage(answer.html);
          status();
          return;
        }
        await keep(queue.acknowledge(entry), entry);
        sent += 1;
        if (step.then === "reload") { leave(pageUrl); return; }
        status();
        job = queue.next();
      }
    } finally {
      queue.finish();
      if (sent && !queue.blocked) await refresh(true);
    }
  };
  // The deal just sent and why its marques are what they are (its line's
  // « Pourquoi ? », folded there) said in the new pad's marque slot, under
  // « Enregistrer » where the finger just was: a player who tapped it before
  // the pad's marque came sees it there (issue 60). Nothing above the pad
  // comes or goes, so the pad does not move; the next deal's marque takes
  // the slot once typed.
  const sayWhy = () => {
    const lines = document.querySelectorAll("#table-live tr.deal-line");
    const line = lines[lines.length - 1];
    const why = line && line.querySelector(".why-text");
    const slot = document.querySelector("#deal-entry.pad #deal-preview");
    if (!why || !slot || slot.textContent.trim()) return;
    const said = why.cloneNode(true);
    said.removeAttribute("id");
    said.className = "saved-why";
    const text = (selector) => (line.querySelector(selector) || { textContent: "" }).textContent.trim();
    const number = line.id.replace("deal-", "");
    said.prepend(`${T.deal} ${number} · ${text(".marque-a")} – ${text(".marque-b")} · `);
    slot.replaceChildren(said);
  };
  const showAnswerPage = (html) => {
    const doc = new DOMParser().parseFromString(html, "text/html");
    const main = doc.querySelector("main");
    if (main) document.querySelector("main").replaceWith(document.adoptNode(main));
    box.hidden = false;
  };

  // --- the page brought up to date ----------------------------------------
  const refresh = async (justSent = false) => {
    if (queue.editing) return; // the row holds a waiting deal being corrected
    try {
      const response = await timed(pageUrl, { headers: { "HX-Request": "true", "HX-Target": "table-live" } });
      if (!response.ok) return;
      if (swapLive(await response.text(), true) && justSent) sayWhy();
      online();
      status();
    } catch (error) {
      offline();
    }
  };
  // The partie closed (or the link replaced) while the page was open: said
  // on the page, which stops calling; what still waits is listed.
  let ended = false;
  const end = (message) => {
    ended = true;
    clearInterval(caller);
    clearTimeout(retry);
    note = message;
    status();
  };
  const call = async () => {
    if (ended) return;
    try {
      const asked = queue.sending ? -1 : queue.acks;
      // The count goes with the version it was made at: the server keeps
      // it only if no save (a batch in flight) changed the table since.
      const response = await timed(`${stateUrl}?attente=${queue.entries.length}&v=${queue.known(shownVersion())}`, { cache: "no-store" });
      if (Q.stateAway(response.status)) throw new Error("gateway");
      online();
      const state = await response.json();
      queue.learn(state);
      // A server brought back from an older copy gets this phone's
      // acknowledged deals it lacks again (outbox-queue.js, `relearn`).
      for (const entry of queue.relearn(state.version, asked, state.hall)) await put(entry);
      const then = queue.afterState(state, shownVersion());
      if (then === "end") { end(state.ended); return; }
      if (then === "flush") flush();
      else if (then === "refresh") refresh();
    } catch (error) {
      offline();
    }
  };

  // A refused entry the player does not want to correct can be dropped.
  box.addEventListener("click", async (event) => {
    if (!event.target.closest(".outbox-drop") || !queue.blocked) return;
    await remove(queue.blocked);
    queue.drop();
    clearRow();
    status();
    await refresh();
    flush();
  });
  // A waiting deal, not sent yet, corrected in the row before it leaves.
  document.addEventListener("click", (event) => {
    const button = event.target.closest && event.target.closest(".outbox-edit");
    if (!button) return;
    // Corrected in place, its version kept (outbox-queue.js, `add`); never
    // the one on its way.
    const entry = queue.edit(button.dataset.id);
    if (!entry) return;
    clearRow();
    entry.fields.forEach(([name, value]) => {
      if (document.querySelector(`#deal-entry input[name="${name}"]`)) setCell(name, value, false);
    });
    if (window.BelotePad) window.BelotePad.sync();
    status();
    const first = document.querySelector(FIRST);
    if (first) first.focus();
  });
  // The page has no htmx (a phone need not load it): the marque of the row
  // being typed is asked to the server as the player types (not while
  // offline), and « Corriger » / « Annuler » bring their row in place.
  let previewTimer = null;
  let previewAsked = 0;
  document.addEventListener("input", (event) => {
    const row = event.target.closest && event.target.closest("#deal-entry");
    if (!row || !row.getAttribute("hx-post")) return;
    clearTimeout(previewTimer);
    previewTimer = setTimeout(async () => {
      const form = document.getElementById("deal-form");
      const place = document.getElementById("deal-preview");
      // The row saved and replaced meanwhile: its marque is not the new row's
      // (whose slot says the deal just sent, sayWhy).
      if (!form || !place || !row.isConnected) return;
      if (queue.offlineSince) {
        // No server to ask: the phone counts, and says the marque is provisional.
        const marque = provisional(Object.fromEntries(new FormData(form)));
        place.textContent = "";
        if (marque) {
          const said = document.createElement("span");
          said.className = "preview-ok provisional";
          said.textContent = `${marque} — ${T.provisionalWhy}`;
          place.appendChild(said);
        }
        return;
      }
      const asked = ++previewAsked;
      try {
        const response = await timed(row.getAttribute("hx-post"), {
          method: "POST", body: new FormData(form), headers: { "HX-Request": "true" },
        });
        const html = await response.text();
        if (response.ok && asked === previewAsked && place.isConnected) place.innerHTML = html;
      } catch (error) {
        offline();
      }
    }, 250);
  });
  document.addEventListener("click", async (event) => {
    const link = event.target.closest && event.target.closest("#table-live a[hx-get]");
    if (!link || event.defaultPrevented) return;
    event.preventDefault();
    if (queue.offlineSince) { note = T.noNetwork; status(); return; }
    try {
      const response = await timed(link.getAttribute("hx-get"), { headers: { "HX-Request": "true" } });
      if (response.ok) swapLive(await response.text(), false);
      status();
      const first = document.querySelector(`#deal-entry td.has-error input, ${FIRST}`);
      if (first) first.focus();
    } catch (error) {
      offline();
    }
  });
  // While entries wait, leaving the page (a reload, a link) is asked first,
  // with the browser's own « quitter la page ? »: on the hall's plain HTTP no
  // service worker reopens it offline (issue 54, item 9). Not when the page
  // itself goes (`leave`: the answer's page, the code asked again, a hall
  // taken over).
  window.addEventListener("beforeunload", (event) => {
    if (leaving || !queue.holds()) return;
    event.preventDefault();
    event.returnValue = "";
  });
  window.addEventListener("online", () => { call(); });
  window.addEventListener("offline", () => offline());

  // For the journeys and load tests: is the outbox idle?
  window.__outbox = { busy: () => queue.sending, waiting: () => queue.entries.length };

  // The entries a move from the first laptop brought (outbox-queue.js,
  // `adopt`) stored first, once each; the fragment then taken out of the address.
  const bring = async () => {
    if (!location.hash.startsWith("#reprise=")) return;
    // Taken only where the page asks the team's code (a new address: no
    // session there yet): a link made up to send deals from a phone signed
    // in is ignored; the player sees what waits before giving the code.
    if (document.getElementById("side-claim")) {
      const all = await tx("readonly", (store) => (store ? store.getAll() : []));
      const moved = Q.adopt(location.hash, location.origin, all.map((e) => e.from));
      const first = Date.now();
      for (const [i, entry] of moved.entries()) await put({ ...entry, id: first + i });
    }
    history.replaceState(null, "", location.pathname + location.search);
  };
  open().then((opened) => {
    db = opened;
    return bring();
  }).then(() => {
    return load();
  }).then(() => {
    status();
    if (!navigator.onLine) offline();
    call();
    caller = setInterval(call, EVERY);
  });
})();

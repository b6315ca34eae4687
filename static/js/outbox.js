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
// Every 15 s the page calls the server (…/etat/?attente=N): the desk sees
// the entries waiting and when the table was last heard of, and the page
// brings itself up to date when the table changed elsewhere.
(() => {
  const box = document.getElementById("outbox");
  if (!box) return;
  const T = JSON.parse(box.dataset.texts || "{}");
  const token = box.dataset.token;
  const stateUrl = box.dataset.stateUrl;
  const pageUrl = box.dataset.pageUrl;
  const EVERY = 15000;
  const WAIT = 10000; // a request unanswered this long is taken as lost
  let db = null;
  let entries = []; // this table's, in order (id ascending)
  let sending = false;
  let offlineSince = null;
  let blocked = null; // the refused entry, until corrected or dropped
  let retry = null;
  let caller = null;
  // Waits while the server is away, cut by up to half at random (bench/outage.py: the same).
  const PAUSES = [1000, 2000, 3000];
  let failures = 0; // tries in a row the server did not answer
  let editing = null; // a waiting entry being corrected in the row
  let serverVersion = 0; // the table's version in the last answer read
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
    .then((list) => {
      entries = (list || []).sort((a, b) => a.id - b.id);
      entries.forEach((entry) => { entry.stored = true; });
    });
  // An entry shows at once; `stored` (the row's data-stored) once it is
  // written on the phone, and would come back after a reload or a close.
  const put = (entry) => tx("readwrite", (store) => (store ? store.put({ ...entry, stored: true }) : null))
    .then((id) => {
      if (entry.id === undefined) entry.id = id === null ? nextId() : id;
      entry.stored = Boolean(db);
      status();
    });
  // Keys in the order typed: the outbox is sent in the order of its keys.
  let lastId = 0;
  const nextId = () => {
    entries.forEach((e) => { lastId = Math.max(lastId, e.id || 0); });
    lastId = Math.max(Date.now(), lastId + 1);
    return lastId;
  };
  const remove = (entry) => tx("readwrite", (store) => (store ? store.delete(entry.id) : null));

  // --- what the page shows ------------------------------------------------
  const two = (n) => String(n).padStart(2, "0");
  const clock = (date) => T.clock.replace("{h}", String(date.getHours())).replace("{m}", two(date.getMinutes()));
  const knownVersion = () => {
    const field = document.querySelector("#deal-form [name=version]");
    const live = document.getElementById("table-live");
    const shown = field && field.value ? Number(field.value) : live ? Number(live.dataset.version) : 0;
    return Math.max(shown || 0, serverVersion);
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
  const status = () => {
    const line = box.querySelector(".outbox-status");
    const waiting = entries.length;
    const parts = [];
    if (offlineSince) parts.push(T.offline.replace("{time}", clock(offlineSince)));
    if (waiting) parts.push(T.waiting.replace("{n}", String(waiting)));
    // A refusal of a row just typed is said next to its field (as at the
    // desk); one of a row typed offline, or holding others back, here too.
    if (blocked) parts.push(T.blocked);
    if (note) parts.push(note);
    line.textContent = parts.join(" · ");
    box.hidden = parts.length === 0;
    showPending();
    box.querySelector(".outbox-drop").hidden = !blocked;
    box.classList.toggle("is-offline", Boolean(offlineSince));
    document.body.classList.toggle("offline", Boolean(offlineSince));
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
      entries.map((e) => [e.id, e.fields, e === editing, e === blocked, e.version !== null, Boolean(e.stored)]),
      sending, entryRow0 ? entryRow0.dataset.number : "",
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
    let appended = 0;
    entries.forEach((entry) => {
      const asRow = entry.kind === "deal" && entryRow && !entry.number && entry !== blocked;
      const number = asRow ? next + appended : entry.number;
      if (asRow) appended += 1;
      const text = entry.kind === "deal"
        ? `${entry.number ? T.correction.replace("{n}", entry.number) : `${T.deal} ${number}`} · ${summary(entry)}`
        : T.answer;
      if (!asRow) {
        // What the grid does not show as a row is listed here.
        const item = document.createElement("li");
        item.textContent = `${text} — ${entry === blocked ? T.refused : T.pending}`;
        list.appendChild(item);
        return;
      }
      const row = document.createElement("tr");
      row.className = "outbox-row";
      if (entry.stored) row.dataset.stored = "1";
      const cell = document.createElement("td");
      cell.colSpan = columns - 1;
      cell.textContent = `${text} — ${entry === editing ? T.editing : T.pending}`;
      const actions = document.createElement("td");
      actions.className = "actions";
      if (entry !== editing && !(sending && entry === entries[0])) {
        const edit = document.createElement("button");
        edit.type = "button";
        edit.className = "outbox-edit";
        edit.dataset.id = String(entry.id);
        edit.textContent = T.correct;
        actions.appendChild(edit);
      }
      row.append(cell, actions);
      entryRow.before(row);
    });
    if (entryRow && next && !document.querySelector("#deal-form [name=number]")?.value) {
      const first = entryRow.querySelector("td.num");
      if (first && first.firstChild) first.firstChild.textContent = String(next + appended);
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
      if (cell && element.name && element.type === "text") labels[element.name] = cell.dataset.label;
    });
    return labels;
  };
  const typed = (fields) => fields.some(([name, value]) => value.trim() && !["csrfmiddlewaretoken", "number", "reason"].includes(name));
  const clearRow = () => {
    const typing = document.activeElement && document.activeElement.closest
      && document.activeElement.closest("#deal-entry");
    document.querySelectorAll("#deal-entry input[type=text]").forEach((input) => { input.value = ""; });
    // The next deal is typed from its first cell, as on the paper sheet.
    const first = document.querySelector("#deal-entry input[type=text]");
    if (typing && first) first.focus();
    const preview = document.getElementById("deal-preview");
    if (preview) preview.textContent = "";
  };
  document.addEventListener("submit", (event) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || event.defaultPrevented) return;
    // The other team's answer, for the whole table or one deal ticked.
    const answering = form.closest("#confirm") || form.classList.contains("deal-tick");
    const kind = form.id === "deal-form" ? "deal" : answering ? "answer" : null;
    if (!kind) {
      if (offlineSince && form.closest("main")) { event.preventDefault(); note = T.noNetwork; status(); }
      return;
    }
    event.preventDefault();
    event.stopPropagation(); // htmx does not send it: the outbox does
    delete form.dataset.sending;
    const submitter = event.submitter;
    const fields = fieldsOf(form);
    if (submitter && submitter.name) fields.push([submitter.name, submitter.value]);
    if (kind === "deal" && !typed(fields)) return;
    const number = (fields.find(([name]) => name === "number") || [])[1] || "";
    const entry = {
      // (getAttribute: the answer's form has a button named « action »)
      token, kind, url: new URL(form.getAttribute("action") || "", window.location.href).href, fields, number, labels: labelsOf(form),
      // An answer is given on the totals its team read; a deal's version
      // is taken when it is first sent (after the entries before it).
      version: kind === "answer" ? Number((form.querySelector("[name=version]") || {}).value || 0) : null,
      created: Date.now(),
      // Typed while others waited or the network was down: a refusal of it
      // is kept and said, never just dropped.
      queued: Boolean(offlineSince) || entries.length > 0 || !navigator.onLine,
    };
    // Everything the page shows changes at once (the row is cleared before
    // a quick typist's next key); the entry is stored meanwhile, under a key
    // given here, so that a store and a send can never make two of it.
    note = "";
    if (editing && kind === "deal") {
      // A waiting deal corrected before it was sent keeps its place.
      const corrected = editing;
      corrected.fields = entry.fields;
      corrected.stored = false;
      editing = null;
      clearRow();
      status();
      put(corrected).then(flush);
      return;
    }
    if (blocked && kind === "deal") {
      // The row corrected after a refusal takes the refused entry's place.
      entry.id = blocked.id;
      entries[entries.indexOf(blocked)] = entry;
      blocked = null;
    } else {
      entry.id = nextId();
      entries.push(entry);
    }
    if (kind === "deal") clearRow();
    status();
    put(entry).then(flush);
  }, true);

  // --- sending, in order ----------------------------------------------------
  const timed = (url, options) => {
    const control = new AbortController();
    const timer = setTimeout(() => control.abort(), WAIT);
    return fetch(url, { ...options, signal: control.signal, credentials: "same-origin" })
      .finally(() => clearTimeout(timer));
  };
  const csrf = () => {
    const field = document.querySelector("[name=csrfmiddlewaretoken]");
    return field ? field.value : "";
  };
  const body = (entry) => {
    const data = new FormData();
    entry.fields.forEach(([name, value]) => {
      data.append(name, name === "csrfmiddlewaretoken" ? (csrf() || value) : value);
    });
    data.append("version", String(entry.version));
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
      const active = document.activeElement;
      if (active && active.name && active.closest && active.closest("#table-live")) focused = active.name;
    }
    const old = document.getElementById("table-live");
    if (!old) return false;
    old.replaceWith(document.adoptNode(live));
    Object.entries(kept).forEach(([name, value]) => {
      const input = document.querySelector(`#deal-entry [name="${name}"], #confirm [name="${name}"]`);
      if (input && input.type !== "hidden" && !input.value) input.value = value;
    });
    if (focused) {
      const input = document.querySelector(`#table-live [name="${focused}"]`);
      if (input) input.focus();
    }
    serverVersion = Math.max(serverVersion, versionIn(html));
    return true;
  };
  const offline = () => {
    if (!offlineSince) offlineSince = new Date();
    status();
    clearTimeout(retry);
    const pause = PAUSES[Math.min(failures, PAUSES.length - 1)] * (0.5 + Math.random() / 2);
    failures += 1;
    retry = setTimeout(() => (entries.length ? flush() : call()), pause);
  };
  const online = () => {
    failures = 0;
    if (offlineSince) { offlineSince = null; status(); }
  };
  const sendOne = async (entry) => {
    if (entry.version === null) entry.version = knownVersion();
    entry.tries = (entry.tries || 0) + 1;
    await put(entry);
    const headers = { "X-Outbox-Waiting": String(entries.length - 1) };
    if (entry.kind === "deal") { headers["HX-Request"] = "true"; headers["HX-Target"] = "table-live"; }
    // An answer accepted is a redirect to the table's page, not followed
    // here: the page then opened shows its message (read once).
    const response = await timed(entry.url, {
      method: "POST", body: body(entry), headers, redirect: entry.kind === "deal" ? "follow" : "manual",
    });
    if (response.status >= 502 && response.status <= 504) throw new Error("gateway");
    if (response.type === "opaqueredirect") return { saved: true, html: "", response };
    const html = await response.text();
    const saved = entry.kind === "deal" && (response.headers.get("HX-Trigger") || "").includes("dealSaved");
    return { saved, html, response };
  };
  // Several deals waiting (the server was away): sent in one request, each
  // with its version (the one after the deal before it, kept from the first
  // try), recorded in order by the server, which says how many it took.
  const batchUrl = box.dataset.batchUrl;
  const batchOf = () => {
    const batch = [];
    for (const entry of entries) {
      if (entry.kind !== "deal" || batch.length >= 10) break;
      batch.push(entry);
    }
    return batch;
  };
  const sendBatch = async (batch) => {
    let version = null;
    for (const entry of batch) {
      if (entry.version === null) entry.version = version === null ? knownVersion() : version + 1;
      version = entry.version;
      entry.tries = (entry.tries || 0) + 1;
      await put(entry);
    }
    const data = new FormData();
    const kept = batch[0].fields.find(([name]) => name === "csrfmiddlewaretoken");
    data.append("csrfmiddlewaretoken", csrf() || (kept ? kept[1] : ""));
    data.append("entries", JSON.stringify(batch.map((entry) => ({
      fields: entry.fields.filter(([name]) => name !== "csrfmiddlewaretoken"), version: entry.version,
    }))));
    const response = await timed(batchUrl, {
      method: "POST", body: data, headers: { "X-Outbox-Waiting": String(entries.length) },
    });
    if (response.status >= 502 && response.status <= 504) throw new Error("gateway");
    if (!response.ok) return { saved: 0, answered: false };
    const answer = await response.json();
    serverVersion = Math.max(serverVersion, answer.version || 0);
    return { saved: answer.saved || 0, answered: true };
  };
  const flush = async () => {
    if (sending || blocked || editing) return;
    if (!navigator.onLine) { offline(); return; }
    sending = true;
    let sent = 0;
    try {
      while (entries.length && !blocked) {
        const batch = batchUrl ? batchOf() : [];
        if (batch.length > 1) {
          let done;
          try {
            done = await sendBatch(batch);
          } catch (error) {
            offline();
            return;
          }
          online();
          for (let i = 0; i < done.saved; i += 1) {
            await remove(entries[0]);
            entries.shift();
            sent += 1;
          }
          if (done.saved === batch.length) { status(); continue; }
          if (done.answered) {
            // The server stopped at a refused deal: those after it were never
            // recorded, their versions are guessed again once it is settled.
            for (const entry of batch.slice(done.saved + 1)) { entry.version = null; await put(entry); }
          }
          // The deal it stopped at goes alone: its refusal is shown in its row.
        }
        const entry = entries[0];
        let answer;
        try {
          answer = await sendOne(entry);
        } catch (error) {
          offline();
          return;
        }
        online();
        if (!answer.saved) {
          if (entry.kind === "deal") {
            // Shown with the row as typed, to correct or drop: the entries
            // after it wait (their order is the table's).
            swapLive(answer.html, false);
            if (entry.queued || entry.tries > 1 || entries.length > 1) blocked = entry;
            else { await remove(entry); entries.shift(); } // as at the desk: the row says why
          } else {
            await remove(entry);
            entries.shift();
            showAnswerPage(answer.html);
          }
          status();
          return;
        }
        serverVersion = Math.max(serverVersion, versionIn(answer.html));
        await remove(entry);
        entries.shift();
        sent += 1;
        if (entry.kind === "answer") { window.location.assign(pageUrl); return; }
        status();
      }
    } finally {
      sending = false;
      if (sent && !blocked) await refresh();
    }
  };
  const showAnswerPage = (html) => {
    const doc = new DOMParser().parseFromString(html, "text/html");
    const main = doc.querySelector("main");
    if (main) document.querySelector("main").replaceWith(document.adoptNode(main));
    box.hidden = false;
  };

  // --- the page brought up to date ----------------------------------------
  const refresh = async () => {
    if (editing) return; // the row holds a waiting deal being corrected
    try {
      const response = await timed(pageUrl, { headers: { "HX-Request": "true", "HX-Target": "table-live" } });
      if (!response.ok) return;
      swapLive(await response.text(), true);
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
      const response = await timed(`${stateUrl}?attente=${entries.length}`, { cache: "no-store" });
      if (response.status >= 502) throw new Error("gateway");
      online();
      const state = await response.json();
      if (state.ended) { end(state.ended); return; }
      if (entries.length) flush();
      else if (state.version !== knownVersion() && !blocked) refresh();
    } catch (error) {
      offline();
    }
  };

  // A refused entry the player does not want to correct can be dropped.
  box.addEventListener("click", async (event) => {
    if (!event.target.closest(".outbox-drop") || !blocked) return;
    await remove(blocked);
    entries = entries.filter((e) => e !== blocked);
    blocked = null;
    clearRow();
    status();
    await refresh();
    flush();
  });
  // A waiting deal, not sent yet, corrected in the row before it leaves.
  document.addEventListener("click", (event) => {
    const button = event.target.closest && event.target.closest(".outbox-edit");
    if (!button) return;
    const entry = entries.find((e) => String(e.id) === button.dataset.id);
    // Corrected in place, its version kept: had an earlier try reached the
    // server after all, the corrected post would be refused (shown), never
    // recorded twice.
    if (!entry || (sending && entry === entries[0])) return;
    editing = entry;
    clearRow();
    entry.fields.forEach(([name, value]) => {
      const input = document.querySelector(`#deal-entry input[type=text][name="${name}"]`);
      if (input) input.value = value;
    });
    status();
    const first = document.querySelector("#deal-entry input[type=text]");
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
      if (!form || !place) return;
      if (offlineSince) {
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
    if (offlineSince) { note = T.noNetwork; status(); return; }
    try {
      const response = await timed(link.getAttribute("hx-get"), { headers: { "HX-Request": "true" } });
      if (response.ok) swapLive(await response.text(), false);
      status();
      const first = document.querySelector("#deal-entry td.has-error input[type=text], #deal-entry input[type=text]");
      if (first) first.focus();
    } catch (error) {
      offline();
    }
  });
  window.addEventListener("online", () => { call(); });
  window.addEventListener("offline", () => offline());

  // For the journeys and load tests: is the outbox idle?
  window.__outbox = { busy: () => sending, waiting: () => entries.length };

  open().then((opened) => {
    db = opened;
    return load();
  }).then(() => {
    status();
    if (!navigator.onLine) offline();
    call();
    caller = setInterval(call, EVERY);
  });
})();

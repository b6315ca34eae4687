// The hall taken over by a second laptop at another address (issue 39): the
// first laptop, if it answers at all, answers every request 503 with the new
// address in the header X-Hall-Moved (infra/middleware.py). The table's page
// then goes there by itself, same path, and carries what its outbox still
// holds in the address's fragment (#reprise=…), the deals waiting and those
// acknowledged (the partie's last copy: outbox-queue.js `relearn` sends them
// again to a second laptop brought up from an older copy): a new address is a new
// origin, whose IndexedDB cannot read the old one's. The page opened there
// puts those entries in its own outbox before static/js/outbox.js loads it,
// and sends them: each keeps the table version it was first sent with, so a
// deal the second laptop already holds (replayed from the stick) is known by
// the server as a retry and recorded nothing twice. The fragment never
// reaches a server, holds no secret (a table's typed values) and is taken
// out of the address at once; the old origin keeps its copy (never lost if
// the new address does not open).
//
// The rules (`carry`, `adopt`, `target`) are pure, tested in Node
// (tests/js/outbox_move.test.js); the glue at the bottom runs in the page.
// Must not: follow an address that is not http(s), a path that leaves the
// site, or put in the outbox an entry twice (a move followed twice).
(function (root) {
  const HEADER = "X-Hall-Moved";
  const KEY = "reprise=";
  const KINDS = ["deal", "answer"];

  const httpBase = (text) => {
    try {
      const url = new URL(String(text || ""));
      return ["http:", "https:"].includes(url.protocol) && !url.username && !url.password ? url.origin : null;
    } catch (error) {
      return null;
    }
  };

  // Where the page goes: the new origin, this page's path (null: not an address).
  const target = (moved, location) => {
    const base = httpBase(moved);
    if (!base || base === location.origin) return null;
    return base + location.pathname + location.search;
  };

  const pathOf = (url, origin) => {
    try {
      const parsed = new URL(url, origin);
      return parsed.pathname + parsed.search;
    } catch (error) {
      return null;
    }
  };

  // The entries still held (waiting and acknowledged), as the fragment carries them (from: where each
  // came from, so that a move followed twice adds nothing).
  const carry = (entries, origin) => KEY + encodeURIComponent(JSON.stringify(entries.map((entry) => ({
    token: entry.token, kind: entry.kind, path: pathOf(entry.url, origin), fields: entry.fields,
    labels: entry.labels || {}, number: entry.number || "", version: entry.version === undefined ? null : entry.version,
    created: entry.created, from: entry.from || `${origin}#${entry.id}`, acked: Boolean(entry.acked),
  }))));

  const pair = (p) => Array.isArray(p) && p.length === 2 && p.every((v) => typeof v === "string");
  const sane = (e) => e && typeof e === "object" && KINDS.includes(e.kind) && typeof e.token === "string"
    && typeof e.path === "string" && e.path.startsWith("/") && !e.path.startsWith("//")
    && Array.isArray(e.fields) && e.fields.every(pair) && typeof e.from === "string"
    && (e.version === null || Number.isInteger(e.version));

  // The entries a fragment carries, ready for this origin's outbox, those
  // already there (`known`: their `from`) left out; [] when it is not one.
  const adopt = (hash, origin, known = []) => {
    const text = String(hash || "").replace(/^#/, "");
    if (!text.startsWith(KEY)) return [];
    let list;
    try {
      list = JSON.parse(decodeURIComponent(text.slice(KEY.length)));
    } catch (error) {
      return [];
    }
    if (!Array.isArray(list) || !list.every(sane)) return [];
    return list.filter((e) => !known.includes(e.from)).map((e) => ({
      token: e.token, kind: e.kind, url: origin + e.path, fields: e.fields, labels: e.labels || {},
      number: e.number || "", version: e.version, created: e.created, queued: true, tries: 0, from: e.from,
      acked: e.acked === true && e.kind === "deal" && e.version !== null,
    }));
  };

  const api = { HEADER, target, carry, adopt };
  if (typeof module !== "undefined" && module.exports) { module.exports = api; return; }

  // --- the page -------------------------------------------------------------
  let leaving = false;
  // A response of the first laptop naming the new address: the page goes
  // there with what `entries` holds. True when it leaves.
  api.follow = (response, entries) => {
    const place = leaving ? null : target(response.headers.get(HEADER), root.location);
    if (!place) return false;
    leaving = true;
    root.location.assign(`${place}#${carry(entries, root.location.origin)}`);
    return true;
  };
  // The entries a move brought, in this origin's outbox (IndexedDB), then
  // the fragment taken out of the address.
  api.ready = new Promise((resolve) => {
    if (!String(root.location.hash).startsWith(`#${KEY}`) || !root.indexedDB) { resolve(); return; }
    const request = root.indexedDB.open("belote-outbox", 1);
    request.onupgradeneeded = () => {
      const store = request.result.createObjectStore("entries", { keyPath: "id", autoIncrement: true });
      store.createIndex("token", "token");
    };
    request.onerror = () => resolve();
    request.onsuccess = () => {
      const db = request.result;
      const all = db.transaction("entries", "readonly").objectStore("entries").getAll();
      all.onsuccess = () => {
        const known = all.result.map((e) => e.from).filter(Boolean);
        const moved = adopt(root.location.hash, root.location.origin, known);
        const t = db.transaction("entries", "readwrite");
        const start = Date.now();
        moved.forEach((entry, index) => t.objectStore("entries").put({ ...entry, id: start + index, stored: true }));
        t.oncomplete = () => {
          db.close();
          root.history.replaceState(null, "", root.location.pathname + root.location.search);
          resolve();
        };
        t.onerror = () => { db.close(); resolve(); };
      };
      all.onerror = () => { db.close(); resolve(); };
    };
  });
  root.BeloteMove = api;
})(typeof window !== "undefined" ? window : globalThis);

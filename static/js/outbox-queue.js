// The phone's outbox as rules, without the page (issue 36): which entry
// leaves next, what a server's answer means (recorded, refused, or the
// server away: try again after a pause), the table version each entry is
// sent with, what goes in one batch and what the page lists as waiting.
// static/js/outbox.js is the glue (IndexedDB, fetch, the DOM, timers): it
// holds one Queue, tells it what happened and does what it answers.
// tests/js/outbox_queue.test.js runs these rules in Node (node --test).
//
// An entry is a plain object, as IndexedDB keeps it: { id, token, kind
// ("deal" or "answer"), url, fields ([name, value] pairs as typed), number
// (a deal corrected: its number; a new deal: ""), place (a new deal: the
// number it was shown with), labels, version (null until first sent),
// tries, created, queued, stored }.
//
// Must not: touch the DOM, the network, IndexedDB, a clock or a timer
// (times and random numbers are given to it), or know a word shown.
// A phone keeps its acknowledged deals for the partie (`acknowledge`,
// `relearn`: a server brought back from an older copy gets them again).
// Where later work goes: a « D'accord » per deal is an entry of kind
// "answer", which already leaves in the table's order.
(function (root) {
  // Waits while the server is away, cut by up to half at random (bench/outage.py: the same).
  const PAUSES = [1000, 2000, 3000];
  const BATCH_MOST = 10; // deals in one batch (the server takes up to 50)
  const WAIT = 10000; // a request unanswered this long is taken as lost
  // The hall silent this long: its standby laptop is asked whether it took
  // the hall over (then at most every PROBE_EVERY); this long, the player
  // is told what to do (scan the desk's new QR code, or wait).
  const SILENCE = 20000;
  const PROBE_EVERY = 5000;
  const LOST_AFTER = 60000;
  const PING = "/salle/ping/";

  // A proxy's « the server is not there » (haproxy, gunicorn restarting):
  // what was sent may not have arrived, so it is sent again, never dropped.
  const away = (status) => status >= 502 && status <= 504;
  // The regular call reads JSON: any 5xx from 502 up means the server is away.
  const stateAway = (status) => status >= 502;

  const pause = (failures, random) => PAUSES[Math.min(failures, PAUSES.length - 1)] * (0.5 + random / 2);

  const SKIPPED = ["csrfmiddlewaretoken", "number", "reason"];
  // A row with nothing typed in it is not a deal.
  const typed = (fields) => fields.some(([name, value]) => value.trim() && !SKIPPED.includes(name));
  const numberOf = (fields) => (fields.find(([name]) => name === "number") || [])[1] || "";
  const ordered = (rows) => (rows || []).slice().sort((a, b) => a.id - b.id);

  // What a single post carries: the fields as typed (the page's current
  // CSRF token in place of the one kept), and the version first sent with.
  const wire = (entry, csrf) => [
    ...entry.fields.map(([name, value]) => [name, name === "csrfmiddlewaretoken" ? (csrf || value) : value]),
    ["version", String(entry.version)],
  ];
  // What a batch carries: one token, and each deal's fields and version.
  const batchWire = (batch, csrf) => {
    const kept = batch[0].fields.find(([name]) => name === "csrfmiddlewaretoken");
    return [
      ["csrfmiddlewaretoken", csrf || (kept ? kept[1] : "")],
      ["entries", JSON.stringify(batch.map((entry) => ({
        fields: entry.fields.filter(([name]) => name !== "csrfmiddlewaretoken"), version: entry.version,
      })))],
    ];
  };

  class Queue {
    constructor({ batching = false, most = BATCH_MOST } = {}) {
      this.entries = []; // this table's, in order (id ascending)
      this.kept = []; // its deals the server acknowledged (acked: true)
      this.acks = 0; // acknowledgements so far, sent or not
      this.blocked = null; // the refused entry, until corrected or dropped
      this.editing = null; // a waiting entry being corrected in the row
      this.sending = false;
      this.failures = 0; // tries in a row the server did not answer
      this.offlineSince = null; // given by the page (a Date)
      this.answeredAt = null; // when the hall last answered (ms), given by the page
      this.serverVersion = 0; // the table's version in the last answer read
      this.lastId = 0;
      this.batching = batching;
      this.most = most;
      this.hall = ""; // the name of the hall that answered last
      this.standby = ""; // its standby laptop's address ("" if none)
      this.probed = null; // when the standby was last asked
    }

    // --- the hall dead for good, its standby known (issue 39) --------------
    // What the page or the hall's regular answer says: the hall's name and
    // its standby laptop (an answer without them changes nothing).
    learn({ hall, standby } = {}) {
      if (typeof hall === "string" && hall) this.hall = hall;
      if (typeof standby === "string") this.standby = standby;
    }

    // Is the standby to be asked now (`now` in ms)? After SILENCE without an
    // answer from the hall, then every PROBE_EVERY at most.
    probeDue(now) {
      if (!this.standby || !this.hall || !this.offlineSince) return false;
      if (now - this.silentSince() < SILENCE) return false;
      if (this.probed !== null && now - this.probed < PROBE_EVERY) return false;
      this.probed = now;
      return true;
    }

    // The standby's ping: true only when it took over the very hall this
    // phone was talking to (a standby still waiting, or another hall, is not
    // gone to), and `proven` (static/js/hall-proof.js: it answered with the
    // proof made from the hall's takeover key; the hall's name alone is
    // public, issue 61).
    tookOver(answer, proven = false) {
      return Boolean(proven && this.hall && answer && answer.replaces === this.hall
        && typeof answer.hall === "string" && answer.hall && answer.hall !== this.hall);
    }

    // Entries the server has not recorded (waiting, or refused and held for
    // the player): the page asks before it is left (issue 54, item 9); the
    // deals acknowledged and kept as the partie's copy do not count.
    holds() {
      return this.entries.length > 0;
    }

    // Silent so long that the player is told what to do.
    lost(now) {
      return Boolean(this.offlineSince) && now - this.silentSince() >= LOST_AFTER;
    }

    // Since when the hall has not answered (ms): its last answer, not the
    // first try that failed, which may come long after (a phone asleep, a
    // try left while the hall was already dead). Before any answer, the
    // first failure.
    silentSince() {
      return this.answeredAt !== null ? this.answeredAt : Number(this.offlineSince);
    }

    // The rows kept on the phone, in the order typed; the deals the server
    // acknowledged are kept apart, as the partie's last copy.
    load(rows) {
      const all = ordered(rows);
      this.entries = all.filter((entry) => !entry.acked);
      this.kept = all.filter((entry) => entry.acked);
      this.entries.forEach((entry) => { entry.stored = true; });
      return this.entries;
    }

    // A server that says an older version of the table than a deal it
    // acknowledged was brought back from an older copy: the acknowledged
    // deals from its version on wait again, in their order, with the
    // versions they were first sent with (one it holds after all is a
    // retry, recorded nothing). `asked`: the acknowledgements counted when
    // the server's answer was asked (`acks`): an answer asked before a deal
    // was acknowledged is older than it, and says nothing. Returns them (to
    // store), [] when it lacks nothing. A server of another name (`hall`:
    // a second laptop, where the desk may have typed first) gets every kept
    // deal another hall acknowledged, once: versions cannot tell there.
    relearn(version, asked, hall = "") {
      if (typeof version !== "number" || !this.kept.length || asked !== this.acks) return [];
      const last = Math.max(...this.kept.map((entry) => entry.version));
      const elsewhere = (entry) => Boolean(hall && entry.hall && entry.hall !== hall);
      const again = this.kept.filter((entry) => elsewhere(entry) || (version <= last && entry.version >= version));
      if (!again.length) return [];
      this.kept = this.kept.filter((entry) => !again.includes(entry));
      again.forEach((entry) => { entry.acked = false; entry.queued = true; entry.tries = 0; });
      this.entries = ordered([...again, ...this.entries]);
      this.serverVersion = version;
      return again;
    }

    // Keys in the order typed, never twice, even when the clock goes back:
    // the outbox is sent in the order of its keys.
    nextId(now) {
      this.entries.forEach((e) => { this.lastId = Math.max(this.lastId, e.id || 0); });
      this.lastId = Math.max(now, this.lastId + 1);
      return this.lastId;
    }

    // The table's version as this phone knows it: the page's, or a later
    // one an answer said.
    known(shown) {
      return Math.max(shown || 0, this.serverVersion);
    }

    heard(version) {
      this.serverVersion = Math.max(this.serverVersion, version || 0);
    }

    // An entry typed: a deal's version is taken when it is first sent
    // (after the entries before it); an answer is given on the totals its
    // team read. Typed while others waited or the network was down: a
    // refusal of it is kept and said, never just dropped.
    entry({ token, kind, url, fields, labels, version, created, online }) {
      return {
        token, kind, url, fields, number: numberOf(fields), labels,
        version: kind === "answer" ? version : null,
        created,
        queued: Boolean(this.offlineSince) || this.entries.length > 0 || !online,
      };
    }

    // The entry placed in the outbox, its key given here (so that a store
    // and a send can never make two of it); returns the entry to store.
    add(entry, now) {
      if (this.editing && entry.kind === "deal") {
        // A waiting deal corrected before it was sent keeps its place and
        // its version: had an earlier try reached the server after all, the
        // corrected post is refused (shown), never recorded twice.
        const corrected = this.editing;
        corrected.fields = entry.fields;
        corrected.stored = false;
        this.editing = null;
        return corrected;
      }
      if (this.blocked && entry.kind === "deal") {
        // The row corrected after a refusal takes the refused entry's place.
        entry.id = this.blocked.id;
        this.entries[this.entries.indexOf(this.blocked)] = entry;
        this.blocked = null;
      } else {
        entry.id = this.nextId(now);
        this.entries.push(entry);
      }
      return entry;
    }

    // May a waiting entry be corrected? Not the one on its way.
    editable(entry) {
      return !(this.sending && entry === this.entries[0]);
    }

    edit(id) {
      const entry = this.entries.find((e) => String(e.id) === String(id));
      if (!entry || !this.editable(entry)) return null;
      this.editing = entry;
      return entry;
    }

    // A refused entry the player does not want to correct, dropped.
    drop() {
      const dropped = this.blocked;
      this.entries = this.entries.filter((e) => e !== dropped);
      this.blocked = null;
      return dropped;
    }

    // A round of sending: "busy" (one runs, or the player must act first),
    // "offline" (the phone knows it has no network), or "go".
    begin(online) {
      if (this.sending || this.blocked || this.editing) return "busy";
      if (!online) return "offline";
      this.sending = true;
      return "go";
    }

    finish() {
      this.sending = false;
    }

    // What leaves next: several deals waiting (the server was away) go in
    // one batch; otherwise the first entry alone. Null: nothing to send,
    // or a refusal waits for the player.
    next() {
      if (!this.entries.length || this.blocked) return null;
      const batch = this.batching ? this.batchOf() : [];
      return batch.length > 1 ? { batch } : this.first();
    }

    // The first entry alone (after a batch stopped at it).
    first() {
      return this.entries.length && !this.blocked ? { entry: this.entries[0] } : null;
    }

    // The deals at the head of the outbox, up to the first answer.
    batchOf() {
      const batch = [];
      for (const entry of this.entries) {
        if (entry.kind !== "deal" || batch.length >= this.most) break;
        batch.push(entry);
      }
      return batch;
    }

    // One entry about to leave: its version is the one it was first sent
    // with, so that the server knows a retry of a post it recorded.
    stamp(entry, shown) {
      if (entry.version === null) entry.version = this.known(shown);
      entry.tries = (entry.tries || 0) + 1;
      return entry;
    }

    // A batch about to leave: each deal with its version, the one after the
    // deal before it (kept from the first try).
    stampBatch(batch, shown) {
      let version = null;
      for (const entry of batch) {
        if (entry.version === null) entry.version = version === null ? this.known(shown) : version + 1;
        version = entry.version;
        entry.tries = (entry.tries || 0) + 1;
      }
      return batch;
    }

    // The entries the server is told still wait, besides what is sent.
    waitingBesides(sent) {
      return this.entries.length - sent;
    }

    // The server's answer to one entry: null when none came (network down,
    // timeout), else { status, redirected (an answer's accepted redirect),
    // saved (the deal's « dealSaved »), version (the table's, read in the
    // page sent back, a refusal's too) }.
    // Says what to do: "retry" (after `away`), "next" (acknowledged, go on),
    // "reload" (an answer accepted: the page opens again), or "stop" with
    // the refusal shown in the "row" or as the "page", the entry kept
    // (`block`) or not (`forget`).
    answered(entry, reply) {
      if (reply === null || away(reply.status)) return { then: "retry" };
      // The page sent back says the table's version: the next deal is sent on it.
      this.heard(reply.version);
      const saved = reply.redirected || (entry.kind === "deal" && Boolean(reply.saved));
      if (saved) {
        return { then: entry.kind === "answer" ? "reload" : "next", acknowledge: entry };
      }
      if (entry.kind !== "deal") return { then: "stop", show: "page", forget: entry };
      // Shown with the row as typed, to correct or drop: the entries after
      // it wait (their order is the table's). A deal just typed alone is
      // refused as at the desk: its row says why.
      if (entry.queued || entry.tries > 1 || this.entries.length > 1) {
        this.blocked = entry;
        return { then: "stop", show: "row", block: entry };
      }
      return { then: "stop", show: "row", forget: entry };
    }

    // The server's answer to a batch: null when none came, else { status,
    // ok, saved, version }. It records the deals in order and stops at the
    // first it refuses, which then goes alone ("alone"): its refusal is
    // shown in its row. Those after it were never recorded: their versions
    // are guessed again once it is settled (`reguess`, to store).
    batchAnswered(batch, reply) {
      if (reply === null || away(reply.status)) return { then: "retry" };
      if (!reply.ok) return { then: "alone", acknowledge: [], reguess: [] };
      this.heard(reply.version);
      const saved = Math.max(0, Math.min(reply.saved || 0, batch.length));
      const reguess = saved < batch.length ? batch.slice(saved + 1) : [];
      reguess.forEach((entry) => { entry.version = null; });
      return { then: saved === batch.length ? "next" : "alone", acknowledge: batch.slice(0, saved), reguess };
    }

    // Recorded by the server: out of the outbox; a deal is kept (acked) as
    // the partie's last copy, returned to store; an answer is not.
    acknowledge(entry) {
      this.forget(entry);
      this.acks += 1;
      if (entry.kind !== "deal" || entry.version === null) return null;
      entry.acked = true;
      entry.hall = this.hall; // the hall that holds it (`relearn`)
      this.kept.push(entry);
      return entry;
    }

    forget(entry) {
      this.entries = this.entries.filter((e) => e !== entry);
    }

    // No answer: the phone is offline since `now`; the pause before the next try.
    away(now, random) {
      if (!this.offlineSince) this.offlineSince = now;
      const wait = pause(this.failures, random);
      this.failures += 1;
      return wait;
    }

    // An answer came (at `now`, ms): true when the phone was offline until now.
    reached(now = null) {
      if (now !== null) this.answeredAt = Number(now);
      this.failures = 0;
      if (!this.offlineSince) return false;
      this.offlineSince = null;
      return true;
    }

    // The regular call's answer ({ ended } or { version }): "end" (the
    // partie closed or the link replaced), "flush" (entries wait),
    // "refresh" (the table changed elsewhere) or "none".
    afterState(state, shown) {
      if (state.ended) return "end";
      if (this.entries.length) return "flush";
      if (state.version !== this.known(shown) && !this.blocked) return "refresh";
      return "none";
    }

    // What the page lists: a new deal waiting shows as a row of the grid;
    // new deals take the numbers after the last recorded (`next`) in their
    // order, the refused one too: the row being typed holds it as the server
    // sent it back, and shows its number (`after`, else the number after
    // the rows). A correction, an answer and the refused entry are listed
    // (a correction with its own number).
    shown(next, grid) {
      let appended = 0;
      let typing = null;
      const rows = this.entries.map((entry) => {
        const refused = entry === this.blocked;
        const counted = entry.kind === "deal" && grid && !entry.number;
        const number = counted ? next + appended : entry.number || entry.place || "";
        if (counted) appended += 1;
        if (counted && refused) typing = number;
        return {
          entry, asRow: counted && !refused, number, refused,
          editing: entry === this.editing,
          editable: entry !== this.editing && this.editable(entry),
        };
      });
      return { rows, after: typing === null ? next + appended : typing };
    }

    // What the page says of the partie while new deals wait in the grid
    // (`next`: the grid's next number; `last`: the partie's deal count, 0
    // when a score ends it): how many wait, the deal the partie is at as
    // « Donne 3 sur 3 » says it (never past the last; 0 when a score ends
    // it), and whether the row offers one more deal: not past the last
    // while deals wait (a waiting deal being corrected still uses the row;
    // once they arrived, the server's page decides, a knockout tie too).
    count(next, last) {
      const { rows, after } = this.shown(next, true);
      const waiting = rows.filter((row) => row.asRow).length;
      return { waiting, at: last && Math.min(after, last), more: !waiting || !last || after <= last || Boolean(this.editing) };
    }

    // A new deal keeps the number it was shown with where it was typed
    // (`next`: the grid's): a page without the grid (the team's code asked
    // again at a new address) still lists it as « Donne 3 ».
    place(entry, next) {
      const row = this.shown(next, true).rows.find((r) => r.entry === entry);
      if (row && entry.kind === "deal" && !entry.number && Number.isInteger(row.number)) entry.place = row.number;
      return entry;
    }
  }


  // --- the hall taken over at another address (issue 39) -------------------
  // The first laptop, if it answers at all, answers every request 503 with
  // the new address in the header X-Hall-Moved (infra/middleware.py). The
  // table's page then goes there by itself (`target`: same path) and carries
  // what its outbox holds, waiting and acknowledged, in the address's
  // fragment (`carry`, #reprise=…): a new address is a new origin, whose
  // IndexedDB cannot read the old one's. The page opened there puts those
  // entries in its own outbox (`adopt`; outbox.js `bring`) and sends them:
  // each keeps the table version it was first sent with, so a deal the
  // second laptop already holds is a retry and records nothing. The
  // fragment never reaches a server, holds no secret (a table's typed
  // values) and is taken out of the address at once; the old origin keeps
  // its copy. Never an address that is not http(s), a path that leaves the
  // site, or an entry twice (a move followed twice: `from`).
  const HEADER = "X-Hall-Moved";
  const KEY = "reprise=";
  const KINDS = ["deal", "answer"];

  const parse = (url, base) => {
    try {
      return new URL(String(url || ""), base);
    } catch (error) {
      return null;
    }
  };

  // Where the page goes: the new origin, this page's path (null: not an
  // address, or one with a user or password in it).
  const target = (moved, location) => {
    const url = parse(moved);
    if (!url || !/^https?:$/.test(url.protocol) || url.username || url.password) return null;
    return url.origin === location.origin ? null : url.origin + location.pathname + location.search;
  };
  const pathOf = (url, origin) => {
    const parsed = parse(url, origin);
    return parsed && parsed.pathname + parsed.search;
  };

  // The entries still held (waiting and acknowledged), as the fragment
  // carries them (from: where each came from, so that a move followed twice
  // adds nothing).
  const carry = (entries, origin) => KEY + encodeURIComponent(JSON.stringify(entries.map((entry) => ({
    ...entry, url: undefined, id: undefined, stored: undefined, path: pathOf(entry.url, origin),
    version: entry.version === undefined ? null : entry.version, from: entry.from || `${origin}#${entry.id}`,
  }))));

  const pair = (p) => Array.isArray(p) && p.length === 2 && p.every((v) => typeof v === "string");
  const sane = (e) => e && KINDS.includes(e.kind) && /^\/(?!\/)/.test(e.path) && Array.isArray(e.fields)
    && e.fields.every(pair) && (e.version === null || Number.isInteger(e.version));

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
      ...e, path: undefined, url: origin + e.path, labels: e.labels || {}, number: e.number || "",
      place: Number.isInteger(e.place) && e.place > 0 ? e.place : undefined,
      queued: true, tries: 0, acked: e.acked === true && e.kind === "deal" && e.version !== null,
    }));
  };

  // The address a player typed from the desk's screen (« Téléphones :
  // scannez ceci »), when the hall went silent and no standby was named:
  // its origin (http:// taken when none is typed), or null when it is not
  // a plain http(s) address of a host (a path, a user or a password in it).
  const addressOf = (typed) => {
    const text = String(typed || "").trim();
    const url = parse(/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `http://${text}`);
    if (!text || !url || !/^https?:$/.test(url.protocol) || url.username || url.password) return null;
    if (url.pathname !== "/" || url.search || url.hash) return null;
    return url.origin;
  };

  const api = {
    PAUSES, BATCH_MOST, WAIT, Queue, away, stateAway, pause, typed, numberOf, ordered, wire, batchWire,
    MOVED: HEADER, target, carry, adopt, SILENCE, PROBE_EVERY, LOST_AFTER, PING, addressOf,
  };
  if (typeof module !== "undefined" && module.exports) module.exports = api;
  else root.BeloteOutboxQueue = api;
})(typeof window !== "undefined" ? window : globalThis);

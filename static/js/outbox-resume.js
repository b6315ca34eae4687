// The hall taken over at an address no one named in advance (issue 39), as
// rules: loaded only by the first laptop's /reprise/ page
// (tournaments/views/offline.py RESUME_SCRIPTS, after outbox-queue.js, whose
// `ordered` and `carry` it uses), never by the table's page, which carries
// none of its weight. tests/js/outbox_resume.test.js runs it in Node.
//
// Must not: touch the DOM, the network, storage, a clock or a timer.
(function (root) {
  const node = typeof module !== "undefined" && module.exports;
  const Q = node
    ? require(process.env.OUTBOX_QUEUE_JS || "./outbox-queue.js")
    : root.BeloteOutboxQueue;
  const parse = (url) => {
    try {
      return new URL(String(url || ""));
    } catch (error) {
      return null;
    }
  };

  // The second laptop's desk shows a QR code of the FIRST laptop's address,
  // its page /reprise/ (kept in the phone's browser cache: the first laptop
  // is dead), the new address in the fragment (#vers=…). That page still
  // holds this origin's outbox; it asks the new address whether it took
  // this very hall over (`tookOver`), and only then goes to the table's
  // page there, carrying what the table's outbox holds (`carry`). The
  // table's page remembers which table it is (TABLE: its token and path).
  const RESUME = "vers=";

  // The new address the fragment names: its origin, or null when it is not
  // a plain http(s) address of a host (a path, a user or a password in it).
  const resumeTarget = (hash) => {
    const text = String(hash || "").replace(/^#/, "");
    if (!text.startsWith(RESUME)) return null;
    let decoded;
    try {
      decoded = decodeURIComponent(text.slice(RESUME.length));
    } catch (error) {
      return null;
    }
    const url = parse(decoded);
    if (!url || !/^https?:$/.test(url.protocol) || url.username || url.password) return null;
    if (url.pathname !== "/" || url.search || url.hash) return null;
    return url.origin;
  };
  // The table this phone had open (what the table's page wrote), or null.
  const tableOf = (text) => {
    let table;
    try {
      table = JSON.parse(text || "null");
    } catch (error) {
      return null;
    }
    const fine = table && typeof table.token === "string" && table.token
      && typeof table.page === "string" && /^\/(?!\/)/.test(table.page);
    return fine ? { token: table.token, page: table.page } : null;
  };
  // That table's entries kept on the phone, waiting and acknowledged, in order.
  const resumed = (rows, table) => (table ? Q.ordered((rows || []).filter((row) => row.token === table.token)) : []);
  // Where the phone goes once the new address proved it took the hall over:
  // the table's page there with what it holds; the new address's home when
  // the phone had no table open.
  const resumePlace = (origin, table, rows, here) => {
    if (!table) return `${origin}/`;
    return origin + table.page + (rows.length ? `#${Q.carry(rows, here)}` : "");
  };

  const api = { resumeTarget, tableOf, resumed, resumePlace };
  if (node) module.exports = api;
  else root.BeloteOutboxResume = api;
})(typeof window !== "undefined" ? window : globalThis);

// The first laptop's /reprise/ page (issue 39), opened from the QR code of
// the laptop that took the hall over at an address no one named in advance
// (#vers=<its address>). The first laptop is dead: the phone's browser
// opens this page from its cache (tournaments/views/offline.py), at the
// first laptop's origin, whose outbox (IndexedDB) it still reads. It asks
// the new address whether it took this very hall over (the hall's ping,
// `tookOver`, with the proof of static/js/hall-proof.js), and only then goes to the table's page there with what the
// table's outbox holds (outbox-resume.js `resumePlace`); the page there
// adopts it once (outbox.js `bring`). An address that does not prove it
// gets nothing, not even a visit.
(() => {
  const root = document.getElementById("reprise");
  const Q = window.BeloteOutboxQueue;
  const R = window.BeloteOutboxResume;
  const P = window.BeloteHallProof;
  if (!root || !Q || !R || !P) return;
  const T = JSON.parse(root.dataset.texts || "{}");
  const line = root.querySelector(".reprise-status");
  const say = (text) => { line.textContent = text; };
  const origin = R.resumeTarget(location.hash);
  history.replaceState(null, "", location.pathname + location.search);
  if (!origin) { say(T.noAddress); return; }
  const queue = new Q.Queue();
  queue.learn({ hall: root.dataset.hall });
  let table = null;
  try {
    table = R.tableOf(localStorage.getItem(Q.TABLE));
  } catch (error) {
    table = null;
  }
  // The outbox as the table's page keeps it (outbox.js `open`), never made here.
  const read = () => new Promise((resolve) => {
    if (!window.indexedDB) { resolve([]); return; }
    const request = indexedDB.open("belote-outbox", 1);
    request.onupgradeneeded = () => request.transaction.abort();
    request.onerror = () => resolve([]);
    request.onsuccess = () => {
      const db = request.result;
      const all = db.transaction("entries", "readonly").objectStore("entries").getAll();
      all.onsuccess = () => { db.close(); resolve(all.result || []); };
      all.onerror = () => { db.close(); resolve([]); };
    };
  });
  const ask = async () => {
    const control = new AbortController();
    const timer = setTimeout(() => control.abort(), Q.WAIT / 2);
    try {
      const ping = new URL(Q.PING, origin);
      ping.searchParams.set("n", root.dataset.nonce || "");
      const response = await fetch(ping.href, {
        mode: "cors", credentials: "omit", cache: "no-store", signal: control.signal,
      });
      if (!response.ok) return null;
      // Its ping names this hall, and proves it with this page's key
      // (static/js/hall-proof.js): a name alone is public.
      const answer = await response.json();
      return queue.tookOver(answer) && P.proves(answer, root.dataset.key, origin);
    } catch (error) {
      return null; // not there (yet)
    } finally {
      clearTimeout(timer);
    }
  };
  const TRIES = 12;
  const run = async (tries) => {
    say(T.asking);
    const took = await ask();
    if (took === false) { say(T.refused); return; }
    if (took === null) {
      if (tries + 1 >= TRIES) { say(T.silent); return; }
      setTimeout(() => run(tries + 1), Q.PROBE_EVERY);
      return;
    }
    const rows = R.resumed(await read(), table);
    say(T.going);
    location.replace(R.resumePlace(origin, table, rows, location.origin));
  };
  run(0);
})();

// The deal grid, keyboard first: one key fills a cell and moves on, as a pen
// moves along the paper sheet. Keys come from the grid's data-keys (they
// depend on the language); without this script the same letters are read by
// the server, so nothing depends on it.
(() => {
  const cells = (row) => Array.from(row.querySelectorAll("input[type=text]"));
  const next = (input) => {
    const row = input.closest("tr");
    const list = cells(row);
    const following = list[list.indexOf(input) + 1];
    if (following) { following.focus(); following.select(); }
  };
  const keysOf = (input) => {
    const grid = input.closest("#deal-grid");
    try { return JSON.parse(grid.dataset.keys || "{}"); } catch (e) { return {}; }
  };
  const oneKey = (input, map) => {
    const typed = input.value.trim().toLowerCase();
    if (typed.length === 1 && Object.prototype.hasOwnProperty.call(map, typed)) {
      input.value = map[typed];
      next(input);
    }
  };
  const completeBid = (input) => {
    const value = input.value.trim().toLowerCase();
    if (value === "c") { input.value = "Capot"; next(input); return; }
    if (/^[3-9]\d$/.test(value) || /^[12]\d\d$/.test(value)) next(input);
  };
  document.addEventListener("input", (event) => {
    const input = event.target;
    // Text cells only: the phone's pad (below) has buttons, not keys.
    if (!(input instanceof HTMLInputElement) || input.type !== "text" || !input.closest("#deal-entry")) return;
    const keys = keysOf(input);
    if (input.name === "taker") oneKey(input, keys.taker || {});
    else if (input.name === "trump") oneKey(input, keys.trump || {});
    else if (input.name === "capot") oneKey(input, keys.side || {});
    else if (input.name === "bid") completeBid(input);
  });
  // A cell taken by the keyboard is selected whole: typing replaces it, as
  // when correcting a refused row.
  document.addEventListener("focusin", (event) => {
    const input = event.target;
    if (input instanceof HTMLInputElement && input.type === "text" && input.closest("#deal-entry")) input.select();
  });
  // After a save the grid comes back: the next row is ready to type.
  const fine = () => window.matchMedia("(pointer: fine)").matches;
  const firstCell = () => {
    // A refused row: the first cell refused; else the row's first cell (« Preneur »).
    const row = document.querySelector("#deal-entry");
    if (!row) return null;
    const cell = "input[type=text], input[type=radio]"; // the desk's cells, the phone's pad
    return row.querySelector(`td.has-error :is(${cell})`) || row.querySelector(cell);
  };
  const focusEntry = () => {
    if (!fine()) return; // no keyboard popping up on a phone
    const active = document.activeElement;
    if (active && active.closest && active.closest("#deal-entry")) return; // already typing
    const first = firstCell();
    if (first) first.focus();
  };
  // A save, a « Corriger » or an « Annuler » brings a new row to type: the
  // keyboard goes to its first cell, deal after deal, even though htmx gives
  // the focus back to the cell of the same name as the one left (« Points »
  // when Enter was pressed there: the next « n » would land in it). On a
  // phone only when the keyboard is already out (the focus was in the row).
  const newRow = new WeakSet();
  document.addEventListener("htmx:beforeRequest", (event) => {
    const elt = event.detail && event.detail.elt;
    if (!elt || !event.detail.xhr) return;
    const asked = elt.id === "deal-form" || (elt.closest && elt.closest("#deal-grid") && elt.tagName === "A");
    if (!asked) return;
    const active = document.activeElement;
    const typing = Boolean(active && active.closest && active.closest("#deal-entry"));
    if (fine() || typing) newRow.add(event.detail.xhr);
  });
  document.addEventListener("htmx:afterSettle", (event) => {
    const detail = event.detail || {};
    if (detail.xhr && newRow.has(detail.xhr)) {
      newRow.delete(detail.xhr); // once: afterSettle comes for each element swapped
      const first = firstCell();
      if (first) { first.focus(); if (first.type === "text") first.select(); }
      return;
    }
    // The grid brought back otherwise (a poll of the phone's page): the
    // next row takes the keyboard unless it is being typed.
    const target = detail.target;
    if (target && ["deal-grid", "table-live", "deal-entry"].includes(target.id)) focusEntry();
  });
  document.addEventListener("DOMContentLoaded", focusEntry);
})();

// The phone's pad (templates/tournaments/includes/deal_pad.html): radio
// buttons drawn as big buttons, which post without this script. It only
// spares taps and scrolls: a capot bid hides the second capot mark (and
// clears it), a bid tapped (or the trump, where there is no bid) brings the
// numeric keypad up in « Points », and the deal being typed stays in sight
// (issue 54): brought there when the page opens and after a save, kept
// under the player's finger when lines come above it. Never on a key press:
// a keyboard moving through the buttons with its arrows is not taken elsewhere.
(() => {
  const row = () => document.querySelector("#deal-entry.pad");
  const sync = () => {
    const pad = row();
    if (!pad) return;
    const bid = pad.querySelector("input[name=bid]:checked");
    const capotBid = Boolean(bid && bid.value === "capot");
    pad.classList.toggle("bid-capot", capotBid);
    if (capotBid) {
      const none = pad.querySelector('input[name=capot][value=""]');
      if (none && !none.checked) none.checked = true;
    }
    // A folded choice put back (a waiting deal corrected) is shown.
    pad.querySelectorAll("details").forEach((folded) => {
      const inputs = Array.from(folded.querySelectorAll("input"));
      if (inputs.some((i) => (i.type === "radio" ? i.checked : i.value))) folded.open = true;
    });
  };
  // The pad under the running totals (pinned at the screen's top), a
  // deal's line of room between them: the deal just saved stays in sight.
  const place = () => {
    const pad = row();
    if (!pad || pad.hidden) return;
    const totals = document.getElementById("deal-totals");
    const under = totals ? totals.getBoundingClientRect().height : 0;
    const line = 4 * parseFloat(getComputedStyle(document.documentElement).fontSize);
    window.scrollBy(0, pad.getBoundingClientRect().top - under - line);
  };
  // A change above the pad (a deal's line added, a waiting deal listed)
  // leaves it where it was on the screen, if it was there.
  const steady = (change) => {
    const before = row();
    const top = before && !before.hidden ? before.getBoundingClientRect().top : null;
    change();
    const after = row();
    if (top === null || top < 0 || top > window.innerHeight || !after || after.hidden) return;
    window.scrollBy(0, after.getBoundingClientRect().top - top);
  };
  document.addEventListener("change", (event) => {
    if (event.target.closest && event.target.closest("#deal-entry.pad")) sync();
  });
  document.addEventListener("click", (event) => {
    const input = event.target;
    if (!(input instanceof HTMLInputElement) || input.type !== "radio" || !event.detail) return;
    const pad = input.closest("#deal-entry.pad");
    if (!pad) return;
    const hasBid = Boolean(pad.querySelector("input[name=bid]"));
    const leads = input.name === "bid" ? input.value !== "capot" : input.name === "trump" && !hasBid;
    const points = pad.querySelector("input[name=points]");
    if (leads && points && !points.value) points.focus();
  });
  window.BelotePad = { sync, place, steady };
  document.addEventListener("DOMContentLoaded", () => {
    sync();
    if (!location.hash) place(); // a link to a line (#deal-3) goes there instead
  });
})();
// « Appeler l'arbitre » (issue 38, item 12c): the call is sent by fetch and
// its block comes back whole; a call that cannot leave says so (never
// silently lost), and the retry sends the same key (never called twice).
// While a call is open the block asks again every 10 s for the desk's answer.
(() => {
  let timer = 0;
  const swap = (html) => {
    const box = document.getElementById("referee-call");
    if (box && html.includes('id="referee-call"')) box.outerHTML = html;
    watch();
  };
  const watch = () => {
    clearTimeout(timer);
    const box = document.getElementById("referee-call");
    if (!box || !box.dataset.poll) return;
    timer = setTimeout(() => {
      fetch(box.dataset.poll, { headers: { "HX-Request": "true" } })
        .then((answer) => answer.text()).then(swap).catch(watch);
    }, 10000);
  };
  document.addEventListener("submit", (event) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || !form.closest("#referee-call")) return;
    event.preventDefault();
    const offline = document.getElementById("referee-offline");
    if (offline) offline.hidden = true;
    fetch(form.action, { method: "POST", body: new FormData(form), headers: { "HX-Request": "true" } })
      .then((answer) => answer.text()).then(swap)
      .catch(() => { if (offline) offline.hidden = false; });
  });
  document.addEventListener("DOMContentLoaded", watch);
})();

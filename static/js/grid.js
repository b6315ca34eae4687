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
    // Text cells only: the phone's pad (static/js/phone.js) has buttons, not keys.
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
  // The sheet's totals refused (« Totaux seulement »): the box that says why
  // takes the keyboard, its figure selected, not the grid's next row.
  const refusedTotal = () =>
    document.querySelector("form.totals-form .has-error :is(input:not([type=hidden]), select)");
  const focusEntry = () => {
    if (!fine()) return; // no keyboard popping up on a phone
    const active = document.activeElement;
    if (active && active.closest && active.closest("#deal-entry")) return; // already typing
    if (active && active.closest && active.closest("form.totals-form")) return; // typing totals
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
  document.addEventListener("DOMContentLoaded", () => {
    const refused = fine() && refusedTotal();
    if (refused) { refused.focus(); refused.select(); } else focusEntry();
  });
})();

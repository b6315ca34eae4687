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
    if (!(input instanceof HTMLInputElement) || !input.closest("#deal-entry")) return;
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
    if (input instanceof HTMLInputElement && input.closest("#deal-entry")) input.select();
  });
  // After a save the grid comes back: the next row is ready to type.
  const focusEntry = () => {
    if (!window.matchMedia("(pointer: fine)").matches) return; // no keyboard popping up on a phone
    const active = document.activeElement;
    if (active && active.closest && active.closest("#deal-entry")) return; // already typing
    const first = document.querySelector("#deal-entry input[type=text]");
    if (first) first.focus();
  };
  document.addEventListener("htmx:afterSettle", (event) => {
    // A save brings the grid back (or, when it added a row, that row and the
    // next one in place of the row typed): the next row takes the keyboard
    // (htmx would otherwise give it back to the cell of the same name).
    const target = event.detail && event.detail.target;
    if (target && ["deal-grid", "table-live", "deal-entry"].includes(target.id)) focusEntry();
  });
  document.addEventListener("DOMContentLoaded", focusEntry);
})();

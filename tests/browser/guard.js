// Injected in every page of the browser journeys (tests/browser/conftest.py):
// after each load and each htmx swap, any element wider than the screen that
// no scrolling box of its own contains is reported as a console error, which
// fails the journey; so is any element cut by its sideways-scrolling box (its
// right or left edge out of the box's visible part: « Enregistrer » behind a
// scroll of the deal grid), except in a box that says its sideways scroll is
// meant (a wide list on a phone: .table-container, or data-scrolls-sideways);
// and so is a button left with the browser's own grey look.
//
// It names each document (window.__journey.document) for the accessibility
// check of every page (accessibility.py).
//
// It also keeps the htmx requests in flight, so that a journey waits for
// htmx to be idle before it leaves or closes a page (`settle` in conftest);
// `window.__journey.quiet()` stops new requests (polls) before the page is
// closed. And when htmx itself aborts a request still awaited, to replace it
// by a newer one (hx-sync="this:replace": the deal's preview while the
// volunteer types on a busy server), it says so first (console.debug
// REPLACED): htmx then logs that abort as two console errors
// ("htmx:afterRequest", "htmx:sendAbort") which are no fault (conftest).
(() => {
  const REPLACED = "journey: htmx replaces a request in flight";
  document.addEventListener("htmx:abort", (event) => {
    const data = event.target && event.target["htmx-internal-data"];
    const xhr = data && data.xhr;
    if (xhr && xhr.readyState > 0 && xhr.readyState < 4) console.debug(REPLACED);
  }, true);
  const inFlight = new Set();
  let quiet = false;
  document.addEventListener("htmx:beforeRequest", (event) => {
    if (quiet) event.preventDefault();
  }, true);
  // A request ends at its xhr's loadend (after htmx's swap, or its error or
  // abort): htmx:afterRequest is fired on the element, which a swap may have
  // taken out of the page (a poll's outerHTML), so it never reaches here.
  document.addEventListener("htmx:beforeRequest", (event) => {
    const xhr = event.detail.xhr;
    if (event.defaultPrevented || !xhr) return;
    inFlight.add(xhr);
    xhr.addEventListener("loadend", () => inFlight.delete(xhr));
  });
  window.__journey = {
    // Which document this is: the accessibility check (accessibility.py)
    // checks each document once.
    document: Math.random().toString(36).slice(2),
    // The table's outbox (static/js/outbox.js) sends with fetch, not htmx.
    // The players' pages poll without htmx (static/js/poll.js).
    idle: () => inFlight.size === 0 && !(window.__outbox && window.__outbox.busy())
      && !(window.__poll && window.__poll.busy()),
    quiet: () => { quiet = true; if (window.__poll) window.__poll.stop(); },
  };

  const clipped = (el) => {
    for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
      const overflow = getComputedStyle(p).overflowX;
      if (overflow === "auto" || overflow === "scroll" || overflow === "hidden") {
        const box = p.getBoundingClientRect();
        return box.left >= -1 && box.right <= screenWidth() + 1;
      }
    }
    return false;
  };
  // The nearest box that scrolls sideways, and whether it says it is meant to.
  const scrollingBox = (el) => {
    for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
      const overflow = getComputedStyle(p).overflowX;
      if (overflow === "auto" || overflow === "scroll") return p;
    }
    return null;
  };
  const meantToScroll = (box) => box.matches(".table-container, [data-scrolls-sideways]");
  const cutBy = (el, box) => {
    const r = el.getBoundingClientRect();
    const b = box.getBoundingClientRect();
    const left = b.left + box.clientLeft;
    const right = left + box.clientWidth;
    return r.right > right + 1 || r.left < left - 1;
  };
  const describe = (el) =>
    el.tagName.toLowerCase() + (el.id ? "#" + el.id : "") +
    (el.className && typeof el.className === "string" ? "." + el.className.trim().split(/\s+/).join(".") : "");
  // The screen's width: a phone's (is_mobile) innerWidth grows with a page
  // wider than the screen, so the layout viewport's clientWidth is read.
  const screenWidth = () => Math.min(window.innerWidth, document.documentElement.clientWidth);
  // A fault is reported once a document: the check runs after the load and
  // after each htmx settle, and two of them may see the same fault.
  const reported = new Set();
  const report = (line) => {
    if (reported.has(line)) return;
    reported.add(line);
    console.error(line);
  };
  const check = () => {
    const width = screenWidth();
    const wide = [];
    for (const el of document.body ? document.body.querySelectorAll("*") : []) {
      const box = el.getBoundingClientRect();
      if (box.width === 0 && box.height === 0) continue;
      if ((box.right > width + 1 || box.left < -1) && !clipped(el)) {
        wide.push(`${describe(el)} (${Math.round(box.left)}..${Math.round(box.right)})`);
      }
    }
    const cut = [];
    for (const el of document.body ? document.body.querySelectorAll("*") : []) {
      const box = el.getBoundingClientRect();
      if (box.width === 0 && box.height === 0) continue;
      const scroller = scrollingBox(el);
      if (scroller && !meantToScroll(scroller) && cutBy(el, scroller)) {
        const b = scroller.getBoundingClientRect();
        cut.push(`${describe(el)} (${Math.round(box.left)}..${Math.round(box.right)} in ${describe(scroller)} ${Math.round(b.left)}..${Math.round(b.left + scroller.clientWidth)})`);
      }
    }
    // A button left with the browser's own grey, beside the site's styled ones.
    const plain = [];
    for (const button of document.body ? document.body.querySelectorAll("button") : []) {
      const box = button.getBoundingClientRect();
      if (box.width === 0 && box.height === 0) continue;
      const style = getComputedStyle(button);
      if (style.backgroundColor === "rgb(239, 239, 239)" || style.borderTopStyle === "outset") {
        plain.push(`${describe(button)} « ${button.textContent.trim().slice(0, 40)} »`);
      }
    }
    if (plain.length) {
      report(`PLAIN BROWSER BUTTON: ${plain.slice(0, 5).join(", ")}`);
    }
    if (cut.length) {
      report(`CUT BY ITS SCROLLING BOX (${width}px): ${cut.slice(0, 5).join(", ")}`);
    }
    if (document.documentElement.scrollWidth > width + 1) {
      wide.unshift(`page ${document.documentElement.scrollWidth}px`);
    }
    if (wide.length) {
      report(`WIDER THAN THE SCREEN (${width}px): ${wide.slice(0, 5).join(", ")}`);
    }
  };
  // The checks asked for and not run yet: `window.__journey.checked()` says
  // when the last load and swap have been checked, which a journey waits
  // for (`checked` in conftest) instead of a time that a loaded machine
  // may not keep.
  let pending = 0;
  const later = () => {
    pending += 1;
    setTimeout(() => {
      pending -= 1;
      check();
    }, 50);
  };
  window.__journey.checked = () => pending === 0 && document.readyState === "complete";
  window.addEventListener("load", later);
  document.addEventListener("htmx:afterSettle", later);
})();

// The players' pages follow the hall without htmx (17 KB a phone need not
// load on a saturated Wi-Fi): an element with hx-get and
// hx-trigger="every Ns" (templates shared with htmx pages) is asked again
// every N seconds, as htmx would, and replaced by the answer (outerHTML),
// the browser revalidating with its ETag. A failure keeps the last version
// and tells app.js (« hors ligne depuis … »); the next answer clears it.
(() => {
  if (window.htmx) return; // a page that loads htmx polls with it
  let stopped = false;
  let inFlight = 0;
  const seconds = (element) => {
    const found = /every\s+(\d+)s/.exec(element.getAttribute("hx-trigger") || "");
    return found ? Number(found[1]) * 1000 : 0;
  };
  const say = (name) => document.dispatchEvent(new CustomEvent(name));
  const poll = async (element) => {
    if (stopped || !element.isConnected) return;
    inFlight += 1;
    let fresh = null;
    try {
      const response = await fetch(element.getAttribute("hx-get"), {
        headers: { "HX-Request": "true", "HX-Target": element.id },
        credentials: "same-origin",
      });
      if (response.status >= 502 && response.status <= 504) throw new Error("gateway");
      say("poll:up");
      if (response.ok) {
        const template = document.createElement("template");
        template.innerHTML = (await response.text()).trim();
        fresh = template.content.firstElementChild;
      }
    } catch (error) {
      say("poll:down");
    } finally {
      inFlight -= 1;
    }
    if (fresh && element.isConnected && fresh.outerHTML !== element.outerHTML) {
      element.replaceWith(fresh);
      say("poll:swapped");
      // An answer may send the page on (a draft's link, once announced).
      if (fresh.dataset.open) window.location.assign(fresh.dataset.open);
      watch(fresh);
    } else {
      watch(element);
    }
  };
  const watch = (element) => {
    const every = seconds(element);
    if (every) setTimeout(() => poll(element), every);
  };
  document.querySelectorAll("[hx-get][hx-trigger^='every']").forEach(watch);
  // The network back: asked at once, not at the next tick.
  window.addEventListener("online", () => {
    document.querySelectorAll("[hx-get][hx-trigger^='every']").forEach((element) => poll(element));
  });
  // For the journeys: is a poll in flight; no new one before a page closes.
  window.__poll = { busy: () => inFlight > 0, stop: () => { stopped = true; } };
})();

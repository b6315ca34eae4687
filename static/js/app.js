// Guard against double submission: once a form is sent, its submit buttons
// are disabled until the page (or the htmx fragment) comes back.
document.addEventListener("submit", (event) => {
  const form = event.target;
  if (form.dataset.sending === "1") {
    event.preventDefault();
    return;
  }
  form.dataset.sending = "1";
  // Released by the form's own answer (an htmx form), not another request's:
  // the known players' suggestions answering between the two clicks of a
  // double click let the second one through.
  const own = (elt) => elt === form || (elt && elt.form === form && elt.matches("[type=submit]"));
  const release = (event) => {
    if (event && !own(event.detail && event.detail.elt)) return;
    delete form.dataset.sending;
    document.removeEventListener("htmx:afterRequest", release);
  };
  document.addEventListener("htmx:afterRequest", release);
  setTimeout(release, 8000);
}, true);

// A wide table scrolls sideways in its own box (.table-container) on a
// narrow or zoomed screen, or with the phone's large text: the box is then
// reached by the keyboard, to scroll it with the arrows (WCAG 2.1.1); a box
// that does not scroll is no tab stop.
const reachableBoxes = () => {
  for (const box of document.querySelectorAll(".table-container")) {
    const scrolls = box.scrollWidth > box.clientWidth + 1;
    if (scrolls && !box.hasAttribute("tabindex")) {
      box.tabIndex = 0;
      box.dataset.scrollStop = "1";
    } else if (!scrolls && box.dataset.scrollStop) {
      box.removeAttribute("tabindex");
      delete box.dataset.scrollStop;
    }
  }
};
window.addEventListener("load", reachableBoxes);
window.addEventListener("resize", reachableBoxes);
document.addEventListener("htmx:afterSettle", reachableBoxes);

// A page that follows the hall (live ranking, « Où je joue ? », the hall
// screen, a table's page) when the network drops: it keeps the last version
// it received and says « hors ligne depuis 14 h 32 » instead of an error;
// its own polls bring it up to date by themselves when the network is back.
// Where the page is a secure context (HTTPS, or the laptop itself), a
// service worker keeps the page so that a reload offline opens it too.
(() => {
  const meta = document.querySelector("meta[name=offline-text]");
  if (!meta) return;
  const text = meta.content;
  let since = null;
  let banner = null;
  const two = (n) => String(n).padStart(2, "0");
  const show = () => {
    if (!banner) {
      banner = document.createElement("p");
      banner.className = "offline-banner";
      banner.setAttribute("role", "status");
      const main = document.querySelector("main");
      if (main) main.prepend(banner);
    }
    const clock = meta.dataset.clock.replace("{h}", String(since.getHours())).replace("{m}", two(since.getMinutes()));
    banner.textContent = text.replace("{time}", clock);
    banner.hidden = false;
  };
  const down = () => {
    if (document.getElementById("outbox")) return; // the table's page says it in its outbox
    if (!since) since = new Date();
    show();
  };
  const up = () => {
    since = null;
    if (banner) banner.hidden = true;
  };
  document.addEventListener("htmx:sendError", down);
  document.addEventListener("htmx:timeout", down);
  document.addEventListener("htmx:afterSettle", up);
  document.addEventListener("htmx:afterRequest", (event) => {
    const xhr = event.detail && event.detail.xhr;
    if (!xhr || !xhr.status) return;
    if (xhr.status >= 502 && xhr.status <= 504) down();
    else up();
  });
  document.addEventListener("poll:down", down); // static/js/poll.js
  document.addEventListener("poll:up", up);
  window.addEventListener("offline", down);
  if (!navigator.onLine) down();
  const worker = document.querySelector("meta[name=service-worker]");
  if (worker && window.isSecureContext && "serviceWorker" in navigator) {
    navigator.serviceWorker.register(worker.content, { scope: "/" }).catch(() => {});
  }
})();

// « Modifier le tournoi »: an option ticked opens its folded settings (the
// fee under « Tenir la caisse »), so the next Tab reaches them.
document.addEventListener("change", (event) => {
  const box = event.target;
  if (!box.matches || !box.matches(".option input[type=checkbox]") || !box.checked) return;
  const settings = box.closest(".option").querySelector("details.option-settings");
  if (settings) settings.open = true;
});

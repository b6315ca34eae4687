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

// The service worker of a secure page (the hosted service over HTTPS, or the
// laptop itself): a table's page and the public pages reopen from it while
// the network is down. Plain-HTTP pages of the hall never get one (browsers
// refuse it there): their outbox works without it (static/js/outbox.js).
// Pages are asked to the network first and kept; the app's own files are
// kept when installed. Nothing else is kept: an organizer's page never is.
const CACHE = "belote-{{ version }}";
const FILES = {{ files|safe }};
const KEPT = ["/saisie/", "/t/"];

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(FILES)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((names) => Promise.all(names.filter((n) => n.startsWith("belote-") && n !== CACHE).map((n) => caches.delete(n))))
      .then(() => self.clients.claim()),
  );
});

const kept = (url) => url.pathname === "/" || KEPT.some((prefix) => url.pathname.startsWith(prefix));

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname.startsWith("{{ static_prefix }}")) {
    event.respondWith(caches.match(request).then((hit) => hit || fetch(request)));
    return;
  }
  if (request.mode !== "navigate" || !kept(url)) return;
  event.respondWith(
    fetch(request)
      .then((response) => {
        if (response.ok) {
          const copy = response.clone();
          caches.open(CACHE).then((cache) => cache.put(request, copy));
        }
        return response;
      })
      .catch(() => caches.match(request, { ignoreVary: true }).then((hit) => hit || Response.error())),
  );
});

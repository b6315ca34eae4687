// The partie clock (projector, partie page): counts the time played from the
// server's timestamps on each [data-clock] element (started, paused at, the
// seconds of earlier pauses, the « dernière donne » call), every half second,
// and shows the call once its time is reached. The page's htmx poll brings a
// new state (pause, reset...); this script only counts, so it survives swaps.
// The computation is tournaments/domain/clock.py's `elapsed`.
(() => {
  // This screen's clock may be off: the Date header of each poll's answer
  // gives the server's (to the second). A header replayed from the browser's
  // cache would stand still while time passes, so a skew is trusted only
  // when two answers at least 5 s apart agree on it within a second.
  let offset = 0;
  let last = null;
  const two = (n) => String(n).padStart(2, "0");
  const shown = (seconds) => {
    const hours = Math.floor(seconds / 3600);
    const minutes = Math.floor((seconds % 3600) / 60);
    const rest = seconds % 60;
    return hours ? `${hours}:${two(minutes)}:${two(rest)}` : `${two(minutes)}:${two(rest)}`;
  };
  const tick = () => {
    document.querySelectorAll("[data-clock]").forEach((face) => {
      const started = Number(face.dataset.started);
      if (!started) return;
      const pausedAt = Number(face.dataset.pausedAt) || 0;
      const until = pausedAt || Date.now() + offset;
      const paused = Number(face.dataset.paused) || 0;
      const seconds = Math.max(0, Math.floor((until - started) / 1000) - paused);
      const time = face.querySelector(".clock-time");
      if (time) time.textContent = shown(seconds);
      if (face.dataset.call === "") return;
      const reached = seconds >= Number(face.dataset.call);
      const call = face.querySelector(".last-deal-call");
      const at = face.querySelector(".last-deal-at");
      if (call) call.hidden = !reached;
      if (at) at.hidden = reached;
    });
  };
  document.addEventListener("htmx:afterRequest", (event) => {
    const xhr = event.detail && event.detail.xhr;
    const date = xhr && xhr.getResponseHeader("Date");
    if (!date) return;
    const now = Date.now();
    const skew = Date.parse(date) - now;
    if (Number.isNaN(skew)) return;
    if (last && now - last.at >= 5000 && Math.abs(skew - last.skew) < 1000) {
      offset = Math.abs(skew) > 2000 ? skew : 0;
    }
    if (!last || now - last.at >= 5000) last = { skew, at: now };
  });
  document.addEventListener("htmx:afterSwap", tick);
  document.addEventListener("DOMContentLoaded", tick);
  setInterval(tick, 500);
})();

// The club's tablet (tournaments/features/tablets/views.py): every 15 s it asks the server which
// page it must show (its table's entry page in the partie being played, or
// its waiting page) and opens it, so that it follows its table number when
// the next partie is drawn or when the desk moves it. Never while the
// outbox (outbox.js) still keeps entries to send: they are this page's.
(() => {
  const bar = document.getElementById("tablet");
  if (!bar) return;
  const EVERY = 15000;
  const idle = () => !window.__outbox || (!window.__outbox.busy() && window.__outbox.waiting() === 0);
  let stopped = false;
  const call = async () => {
    if (stopped) return;
    try {
      const response = await fetch(bar.dataset.stateUrl, { cache: "no-store", credentials: "same-origin" });
      if (!response.ok) return;
      const state = await response.json();
      if (state.ended) { stopped = true; return; }
      if (state.page && state.page !== window.location.pathname && idle()) window.location.assign(state.page);
    } catch (error) {
      // No network: outbox.js says so; the next call tries again.
    }
  };
  setInterval(call, EVERY);
})();

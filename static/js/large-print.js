// « Grands caractères »: one tap switches the page to large text and high
// contrast (the class large-print on <html>, static/css/app.css), and this
// phone remembers it (localStorage: no cookie, no request to the server).
// Loaded in <head> without `defer`, so that a page opens already enlarged
// instead of flashing small first; the button appears only when this
// script runs (it does nothing without it).
(() => {
  const KEY = "belote-large-print";
  const root = document.documentElement;
  const remembered = () => {
    try { return window.localStorage.getItem(KEY) === "1"; } catch (error) { return false; }
  };
  const remember = (on) => {
    try {
      if (on) window.localStorage.setItem(KEY, "1"); else window.localStorage.removeItem(KEY);
    } catch (error) { /* private browsing: this page only */ }
  };
  root.classList.toggle("large-print", remembered());

  const show = () => {
    for (const button of document.querySelectorAll("[data-large-print]")) {
      button.setAttribute("aria-pressed", String(root.classList.contains("large-print")));
      button.hidden = false;
    }
  };
  document.addEventListener("click", (event) => {
    const button = event.target.closest && event.target.closest("[data-large-print]");
    if (!button) return;
    const on = !root.classList.contains("large-print");
    root.classList.toggle("large-print", on);
    remember(on);
    show();
  });
  // Another tab of this phone switched: follow it.
  window.addEventListener("storage", (event) => {
    if (event.key !== KEY) return;
    root.classList.toggle("large-print", remembered());
    show();
  });
  document.addEventListener("DOMContentLoaded", show);
})();

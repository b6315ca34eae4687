// Check-in at the door (templates/tournaments/door*.html), a little help
// over pages that work without it:
// - the list narrows as one types, accents and case aside, as the server's
//   search does (tournaments/domain/search.py), so no « Chercher » is needed;
// - « Oui, nous sommes là » is posted in the background: when the network is
//   gone the page stays and says so, and the same button works again once
//   it is back (a second post changes nothing: checking in is idempotent).
(() => {
  const spelled = { "œ": "oe", "æ": "ae", "ø": "o", "ł": "l", "đ": "d", "ð": "d", "þ": "th", "ı": "i" };
  const fold = (text) =>
    text.toLowerCase().replace(/[œæøłđðþı]/g, (c) => spelled[c])
      .normalize("NFKD").replace(/[^\p{L}\p{N}]|\p{Lm}/gu, "");
  const words = (query) =>
    query.split(/[\s\-‐‑‒–—―−/&+,;·]+/).map(fold).filter((w) => w);

  const input = document.querySelector("[data-door-filter]");
  if (input) {
    const lines = Array.from(document.querySelectorAll(".door-teams li[data-key]"));
    const none = document.querySelector("[data-door-none]");
    const filter = () => {
      const wanted = words(input.value);
      let shown = 0;
      for (const line of lines) {
        const key = line.dataset.key;
        const match = wanted.every((w) => key.includes(w));
        line.hidden = !match;
        if (match) shown += 1;
      }
      if (none) none.hidden = shown > 0;
    };
    input.addEventListener("input", filter);
    filter();
  }

  const form = document.querySelector("[data-door-form]");
  if (form) {
    const offline = document.querySelector("[data-door-offline]");
    const button = form.querySelector("button");
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      if (button.disabled) return;
      button.disabled = true;
      try {
        const answer = await fetch(form.action || location.href, {
          method: "POST",
          body: new FormData(form),
          credentials: "same-origin",
        });
        if (answer.status >= 502 && answer.status <= 504) throw new Error("gateway");
        if (answer.ok && answer.redirected) {
          location.assign(answer.url);
          return;
        }
        form.submit(); // a refusal: the server's page says why
      } catch (error) {
        if (offline) offline.hidden = false;
        button.disabled = false;
      }
    });
    window.addEventListener("online", () => {
      if (offline) offline.hidden = true;
    });
  }
})();

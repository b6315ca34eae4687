// Check-in at the door (templates/tournaments/door*.html), a little help
// over pages that work without it:
// - the search runs as one types, once three letters are typed (the server
//   shows nobody before: tournaments/features/door/domain.py), so no « Chercher » is
//   needed; the answer's results replace the page's, the last typed winning;
// - « Oui, nous sommes là » is posted in the background: when the network is
//   gone the page stays and says so, and the same button works again once
//   it is back (a second post changes nothing: checking in is idempotent).
(() => {
  const MIN_LETTERS = 3;
  const WAIT_MS = 250;
  const letters = (text) => (text.match(/\p{L}/gu) || []).length;

  const input = document.querySelector("[data-door-search]");
  const results = document.querySelector("[data-door-results]");
  if (input && results) {
    const offline = document.querySelector("[data-door-search-offline]");
    let asked = 0;
    let timer = null;
    const search = async () => {
      const query = input.value.trim();
      const number = ++asked;
      if (letters(query) < MIN_LETTERS) {
        results.textContent = "";
        return;
      }
      const url = new URL(location.href);
      url.search = new URLSearchParams({ q: query }).toString();
      try {
        const answer = await fetch(url, { credentials: "same-origin" });
        if (!answer.ok) throw new Error(String(answer.status));
        const page = new DOMParser().parseFromString(await answer.text(), "text/html");
        const found = page.querySelector("[data-door-results]");
        if (number !== asked || !found) return;
        results.innerHTML = found.innerHTML;
        history.replaceState(null, "", url);
        if (offline) offline.hidden = true;
      } catch (error) {
        if (number === asked && offline) offline.hidden = false;
      }
    };
    input.addEventListener("input", () => {
      clearTimeout(timer);
      timer = setTimeout(search, WAIT_MS);
    });
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

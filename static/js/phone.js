// The table's phone (table_side.html): its pad and « Appeler l'arbitre ».
// The desk's keys (grid.js) are not loaded there: the phone taps.
//
// The pad (templates/tournaments/includes/deal_pad.html): radio buttons
// drawn as big buttons, which post without this script. It only spares
// taps and scrolls: a capot bid hides the second capot mark (and clears it),
// a bid tapped (or the trump, where there is no bid) brings the numeric
// keypad up in « Points » (« Coinchée » and a belote side too, once a bid
// is tapped), whose figures a tap selects (a row corrected is
// typed over), and the deal being typed stays in sight (issue 54): brought
// there when the page opens and after a save, kept under the player's
// finger when lines come above it. Never on a key press: a keyboard moving
// through the buttons with its arrows is not taken elsewhere.
(() => {
  const row = () => document.querySelector("#deal-entry.pad");
  const sync = () => {
    const pad = row();
    if (!pad) return;
    const bid = pad.querySelector("input[name=bid]:checked");
    const capotBid = Boolean(bid && (bid.value === "capot" || bid.value === "generale"));
    pad.classList.toggle("bid-capot", capotBid);
    if (capotBid) {
      const none = pad.querySelector('input[name=capot][value=""]');
      if (none && !none.checked) none.checked = true;
    }
    // A folded choice put back (a waiting deal corrected) is shown.
    pad.querySelectorAll("details").forEach((folded) => {
      if (Array.from(folded.querySelectorAll("input")).some((i) => (i.type === "radio" ? i.checked : i.value))) folded.open = true;
    });
  };
  // Where the pad is on the screen (null: no pad).
  const top = () => { const pad = row(); return pad && !pad.hidden ? pad.getBoundingClientRect().top : null; };
  // The pad under the running totals (pinned at the screen's top), a
  // deal's line of room between them: the deal just saved stays in sight.
  const place = () => {
    const at = top();
    const totals = document.getElementById("deal-totals");
    const rem = parseFloat(getComputedStyle(document.documentElement).fontSize);
    if (at !== null) window.scrollBy(0, at - (totals ? totals.offsetHeight : 0) - 4 * rem);
  };
  // A change above the pad (a deal's line added, a waiting deal listed)
  // leaves it where it was on the screen, if it was there.
  const steady = (change) => {
    const before = top();
    change();
    const after = top();
    if (before !== null && after !== null && before >= 0 && before <= window.innerHeight) window.scrollBy(0, after - before);
  };
  document.addEventListener("focusin", (event) => {
    if (event.target.name === "points" && event.target.closest("#deal-entry.pad")) event.target.select();
  });
  document.addEventListener("change", (event) => {
    if (event.target.closest && event.target.closest("#deal-entry.pad")) sync();
  });
  document.addEventListener("click", (event) => {
    const input = event.target;
    if (!(input instanceof HTMLInputElement) || input.type !== "radio" || !event.detail) return;
    const pad = input.closest("#deal-entry.pad");
    if (!pad) return;
    const hasBid = Boolean(pad.querySelector("input[name=bid]"));
    const bid = pad.querySelector("input[name=bid]:checked");
    // « Coinchée » or a belote side, tapped once the contract is chosen,
    // brings the keypad back too (issue 60, item 6): a tap on a button took
    // the focus from « Points », and the player tapped the box again.
    const then = ["coinche", "belote"].includes(input.name) && (hasBid ? Boolean(bid) && bid.value !== "capot" : Boolean(pad.querySelector("input[name=trump]:checked")));
    const leads = then || (input.name === "bid" ? input.value !== "capot" : input.name === "trump" && !hasBid);
    const points = pad.querySelector("input[name=points]");
    if (leads && points && !points.value) points.focus();
  });
  window.BelotePad = { sync, place, steady };
  document.addEventListener("DOMContentLoaded", () => {
    sync();
    if (!location.hash) place(); // a link to a line (#deal-3) goes there instead
  });
})();
// « Appeler l'arbitre » (issue 38, item 12c): the call is sent by fetch and
// its block comes back whole; a call that cannot leave says so (never
// silently lost), and the retry sends the same key (never called twice).
// While a call is open the block asks again every 10 s for the desk's answer.
(() => {
  let timer = 0;
  const swap = (html) => {
    const box = document.getElementById("referee-call");
    if (box && html.includes('id="referee-call"')) box.outerHTML = html;
    watch();
  };
  const watch = () => {
    clearTimeout(timer);
    const box = document.getElementById("referee-call");
    if (!box || !box.dataset.poll) return;
    timer = setTimeout(() => {
      fetch(box.dataset.poll, { headers: { "HX-Request": "true" } })
        .then((answer) => answer.text()).then(swap).catch(watch);
    }, 10000);
  };
  document.addEventListener("submit", (event) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || !form.closest("#referee-call")) return;
    event.preventDefault();
    const offline = document.getElementById("referee-offline");
    if (offline) offline.hidden = true;
    fetch(form.action, { method: "POST", body: new FormData(form), headers: { "HX-Request": "true" } })
      .then((answer) => answer.text()).then(swap)
      .catch(() => { if (offline) offline.hidden = false; });
  });
  document.addEventListener("DOMContentLoaded", watch);
})();

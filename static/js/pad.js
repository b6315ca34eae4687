// The phone's pad (templates/tournaments/includes/deal_pad.html): radio
// buttons drawn as big buttons, which post without this script. It only
// spares taps: a capot bid hides the second capot mark (and clears it), and
// a bid tapped (or the trump, where there is no bid) brings the numeric
// keypad up in « Points ». Never on a key press: a keyboard moving through
// the buttons with its arrows is not taken elsewhere.
(() => {
  const row = () => document.querySelector("#deal-entry.pad");
  const sync = () => {
    const pad = row();
    if (!pad) return;
    const bid = pad.querySelector("input[name=bid]:checked");
    const capotBid = Boolean(bid && bid.value === "capot");
    pad.classList.toggle("bid-capot", capotBid);
    if (capotBid) {
      const none = pad.querySelector('input[name=capot][value=""]');
      if (none && !none.checked) none.checked = true;
    }
  };
  document.addEventListener("change", (event) => {
    if (event.target.closest && event.target.closest("#deal-entry.pad")) sync();
  });
  document.addEventListener("click", (event) => {
    const input = event.target;
    if (!(input instanceof HTMLInputElement) || input.type !== "radio" || !event.detail) return;
    const pad = input.closest("#deal-entry.pad");
    if (!pad) return;
    const hasBid = Boolean(pad.querySelector("input[name=bid]"));
    const leads = input.name === "bid" ? input.value !== "capot" : input.name === "trump" && !hasBid;
    const points = pad.querySelector("input[name=points]");
    if (leads && points && !points.value) points.focus();
  });
  window.BelotePad = { sync };
  document.addEventListener("DOMContentLoaded", sync);
})();

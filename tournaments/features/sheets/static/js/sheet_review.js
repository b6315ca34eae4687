// A sheet read, under review (sheet_review.html), from the keyboard: the
// page opens in the first doubtful cell (its value selected: typing
// replaces it); Enter goes to the deal's next doubtful cell, and from its
// last one (or anywhere in a sure deal: one key) ticks the deal « Juste »
// and goes to the next deal (its first doubtful cell, or its box
// « Juste »); after the last deal, Enter is on « Enregistrer la feuille ». A cell typed in unticks its
// deal until Enter says it again. Without the script the boxes are ticked
// by hand: the server records nothing until every deal is ticked.
(() => {
  const form = document.getElementById("sheet-review");
  if (!form) return;
  const deals = [...form.querySelectorAll("fieldset.sheet-deal")];
  const save = document.getElementById("sheet-save");

  const target = (deal) =>
    deal.querySelector(".has-error input, .asked input") || deal.querySelector(".sheet-ok input");

  const go = (element) => {
    if (!element) return;
    element.focus();
    if (element.select && element.type === "text") element.select();
    element.scrollIntoView({ block: "nearest" });
  };

  const accept = (deal) => {
    deal.querySelector(".sheet-ok input").checked = true;
    deal.classList.add("accepted");
    const following = deals.slice(deals.indexOf(deal) + 1).find((d) => !d.querySelector(".sheet-ok input").checked)
      || deals.find((d) => !d.querySelector(".sheet-ok input").checked);
    go(following ? target(following) : save);
  };

  for (const deal of deals) {
    deal.addEventListener("keydown", (event) => {
      if (event.key !== "Enter" || event.isComposing) return;
      event.preventDefault();
      const asked = [...deal.querySelectorAll(".has-error input, .asked input")];
      const at = asked.indexOf(event.target);
      if (at >= 0 && at < asked.length - 1) go(asked[at + 1]);
      else accept(deal);
    });
    deal.addEventListener("input", (event) => {
      if (event.target.type === "checkbox") return;
      deal.querySelector(".sheet-ok input").checked = false;
      deal.classList.remove("accepted");
    });
    deal.addEventListener("focusin", (event) => {
      if (event.target.select && event.target.type === "text") event.target.select();
    });
  }
  const first = deals.find((d) => !d.querySelector(".sheet-ok input").checked);
  go(first ? target(first) : save);
})();

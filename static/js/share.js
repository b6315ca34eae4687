/* « Partager » (issue 40): the phone's own share sheet (the Web Share API)
   where the browser has it, so a result goes to the family's WhatsApp
   group; elsewhere the page keeps its plain WhatsApp and SMS links, which
   work without this script. */
(function () {
  "use strict";
  if (typeof navigator.share !== "function") return;
  document.querySelectorAll("[data-share]").forEach(function (box) {
    var button = box.querySelector("[data-share-button]");
    var links = box.querySelector("[data-share-links]");
    if (!button) return;
    button.hidden = false;
    if (links) links.hidden = true;
    button.addEventListener("click", function () {
      navigator
        .share({ title: document.title, text: box.dataset.shareText, url: box.dataset.shareUrl })
        .catch(function () {
          /* closed without sharing: nothing to do */
        });
    });
  });
})();

// « Copier » the press text (issue 26): one click puts it in the clipboard,
// by its API in a secure context, else (a desk on the hall's network, plain
// HTTP) by the browser's copy of the selection; failing both, the text is
// selected for Ctrl+C.
(function () {
  "use strict";
  function select(area, state, button) {
    area.focus();
    area.select();
    var copied = false;
    try {
      copied = document.execCommand("copy");
    } catch (error) {
      copied = false;
    }
    state.textContent = copied ? button.dataset.copied : button.dataset.select;
  }
  document.addEventListener("click", function (event) {
    var button = event.target.closest("button.copy-press");
    if (!button) return;
    var area = document.querySelector(button.dataset.copy);
    var state = button.parentElement.querySelector(".copy-state");
    if (!area || !state) return;
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(area.value).then(
        function () { state.textContent = button.dataset.copied; },
        function () { select(area, state, button); }
      );
    } else {
      select(area, state, button);
    }
  });
})();

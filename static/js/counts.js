/* « Nouveau tournoi »: the club's count of the chosen game only, and the
   name of the profile the answers make (computed by the server, read from
   the block's data-profiles). Without this script every game's questions
   show, each under its legend, and the server reads the chosen one's. */
(function () {
  "use strict";
  var select = document.getElementById("id_preset");
  var blocks = document.querySelectorAll("[data-count-for]");
  if (!select || !blocks.length) return;

  function name(block) {
    var names = JSON.parse(block.getAttribute("data-profiles"));
    var answers = [];
    block.querySelectorAll(".count-question").forEach(function (question) {
      var checked = question.querySelector("input:checked");
      answers.push(checked ? checked.value : "");
    });
    var text = names[answers.join("|")];
    block.querySelector("output").textContent =
      text || block.getAttribute("data-conflict") || "";
  }

  function show() {
    blocks.forEach(function (block) {
      block.hidden = block.getAttribute("data-count-for") !== select.value;
    });
  }

  select.addEventListener("change", show);
  blocks.forEach(function (block) {
    block.addEventListener("change", function () { name(block); });
    name(block);
  });
  show();
})();

/* « Nouveau tournoi »: the club's count of the chosen game only; the
   questions the answers open, each offering the marques the rules of the
   answers before it give (« au point près », a capot bid is 502 or 500),
   and the name of the profile the answers make — all computed by the
   server, read from the block's data-tree (display/counts.py, CountForm).
   A question not picked yet follows the answers before it (a coinche made
   on 162 makes the surcoinche 4 × 252 = 1008); one picked keeps its answer
   while the answers before it still offer it.
   The capot's value (X4) shows the example the path's data gives the answers
   picked, or says that 250 or 252 changes no marque under them.
   Without this script every game's questions on the path of the answers
   sent show, each under its legend, and the server reads the chosen one's. */
(function () {
  "use strict";
  var select = document.getElementById("id_preset");
  var blocks = document.querySelectorAll("[data-count-for]");
  if (!select || !blocks.length) return;

  function follow(block) {
    var tree = JSON.parse(block.getAttribute("data-tree"));
    var path = "";
    var asked = {};
    while (Object.prototype.hasOwnProperty.call(tree.next, path)) {
      var step = tree.next[path];
      var key = step[0], offered = step[1].map(String), value = null;
      var question = block.querySelector('[data-question="' + key + '"]');
      asked[key] = true;
      question.hidden = false;
      var picked = question.hasAttribute("data-picked");
      question.querySelectorAll("input").forEach(function (input) {
        var shown = offered.indexOf(input.value) >= 0;
        input.closest("label").hidden = !shown;
        input.disabled = !shown;
        if (!shown) input.checked = false;
        if (shown && input.checked && picked) value = input.value;
      });
      if (value === null) {  // not answered yet: the rules of the answers before it
        value = String(step[2]);
        question.querySelector('input[value="' + value + '"]').checked = true;
      }
      path += "|" + key + "=" + value;
    }
    block.querySelectorAll("[data-question]").forEach(function (question) {
      if (asked[question.getAttribute("data-question")]) return;
      question.hidden = true;
      question.querySelectorAll("input").forEach(function (input) { input.disabled = true; });
    });
    // The capot's value (X4): the example of the answers picked, or « changes nothing ».
    if (tree.by_path) capotValue(block, tree, path);
    // The questions asked on their own (la générale) add their answer's words.
    var name = tree.names[path];
    block.querySelectorAll("[data-own] input:checked:not(:disabled)").forEach(function (input) {
      var said = input.closest("label").querySelector("[data-said]").getAttribute("data-said");
      if (name && said) name += ", " + said;
    });
    block.querySelector("output").textContent = name || block.getAttribute("data-conflict") || "";
  }

  // by_path.capot_value: [examples, one character a full path in names' order: the
  // example's index in base 36, « - » where 250 or 252 changes no marque]; an example is
  // [its deal's words, [figure, formula] for 250, the same for 252] (display/counts.py).
  function capotValue(block, tree, path) {
    var question = block.querySelector('[data-by-path="capot_value"]');
    var data = tree.by_path.capot_value;
    if (!question || !data) return;
    var at = data[1].charAt(Object.keys(tree.names).indexOf(path));
    var example = at && at !== "-" ? data[0][parseInt(at, 36)] : null;
    question.querySelector("[data-legend]").textContent = example ? example[0] : "";
    question.querySelector("[data-same]").hidden = !!example;
    question.querySelectorAll("input").forEach(function (input, i) {
      var label = input.closest("label");
      label.hidden = !example;
      input.disabled = !example;
      if (!example) return;
      label.querySelector("[data-figure]").textContent = example[i + 1][0];
      label.querySelector("[data-formula]").textContent = example[i + 1][1];
    });
  }

  function show() {
    blocks.forEach(function (block) {
      block.hidden = block.getAttribute("data-count-for") !== select.value;
    });
  }

  select.addEventListener("change", show);
  blocks.forEach(function (block) {
    block.addEventListener("change", function (event) {
      var question = event.target.closest("[data-question]");
      if (question) question.setAttribute("data-picked", "");
      follow(block);
    });
    follow(block);
  });
  show();
})();

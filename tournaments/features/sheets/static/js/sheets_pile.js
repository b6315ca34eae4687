// « Lire des feuilles » (sheets_pile.html), a little help over a form that
// works without it: the files chosen (a phone's photos, a scanner's PDFs)
// are sent one a post, in turn, each shown in the list with its state, so
// that a photo refused or lost on the Wi-Fi says so next to its name and
// the rest of the pile goes on; a photo over the limit is not sent at all
// (its sentence at once). After each answer the pile below is shown again.
(() => {
  const form = document.getElementById("sheets-send");
  const pile = document.getElementById("sheets-pile");
  const list = document.getElementById("sheets-sending");
  if (!form || !pile || !list) return;
  const max = Number(form.dataset.maxBytes);
  const token = form.querySelector("[name=csrfmiddlewaretoken]").value;
  const queue = [];
  let busy = false;

  const line = (file) => {
    const item = document.createElement("li");
    item.className = "sending";
    const name = document.createElement("span");
    name.className = "sending-name";
    name.textContent = file.name;
    const state = document.createElement("span");
    state.className = "sending-state";
    item.append(name, " ", state);
    list.append(item);
    return state;
  };

  const send = async ({ file, state }) => {
    if (file.size > max) {
      const mb = Math.round(file.size / 1024 / 1024);
      state.textContent = form.dataset.tooLarge.replace("%(size)s", mb);
      state.parentElement.className = "sending refused";
      return;
    }
    state.textContent = form.dataset.sending;
    const body = new FormData();
    body.append("csrfmiddlewaretoken", token);
    body.append("photos", file, file.name);
    try {
      const answer = await fetch(form.action, {
        method: "POST",
        body,
        credentials: "same-origin",
        headers: { "X-Pile": "1" },
      });
      if (answer.status !== 200 && answer.status !== 422) throw new Error(String(answer.status));
      pile.innerHTML = await answer.text();
      state.parentElement.remove();
    } catch {
      state.textContent = form.dataset.failed;
      state.parentElement.className = "sending refused";
    }
  };

  const next = async () => {
    if (busy) return;
    busy = true;
    while (queue.length) await send(queue.shift());
    busy = false;
  };

  for (const input of form.querySelectorAll("input[type=file]")) {
    input.addEventListener("change", () => {
      for (const file of input.files) queue.push({ file, state: line(file) });
      input.value = "";
      next();
    });
  }
})();

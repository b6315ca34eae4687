// The registration desk: a known player picked among the suggestions (an
// htmx fragment under the name fields) fills the first name, last name,
// licence and, when still empty, the club; then the cursor moves on.
(() => {
  const field = (name) => document.getElementById(`id_${name}`);
  document.addEventListener("click", (event) => {
    const button = event.target.closest("button[data-known]");
    if (!button) return;
    const list = button.closest("[data-slot]");
    const slot = list.dataset.slot;
    const values = {
      first_name: button.dataset.first,
      last_name: button.dataset.last,
      licence: button.dataset.licence,
    };
    for (const [name, value] of Object.entries(values)) {
      const input = field(name + slot);
      if (input) input.value = value;
    }
    const club = field("club" + slot) || field("club");
    if (club && !club.value && button.dataset.club) club.value = button.dataset.club;
    const box = list.parentElement;
    box.replaceChildren();
    const next = slot === "1" ? field("first_name2") : null;
    (next || document.querySelector("form.form button[type=submit]")).focus();
  });
  // Escape closes the suggestions.
  document.addEventListener("keydown", (event) => {
    if (event.key !== "Escape") return;
    document.querySelectorAll(".suggest-box").forEach((box) => box.replaceChildren());
  });
})();

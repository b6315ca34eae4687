// Guard against double submission: once a form is sent, its submit buttons
// are disabled until the page (or the htmx fragment) comes back.
document.addEventListener("submit", (event) => {
  const form = event.target;
  if (form.dataset.sending === "1") {
    event.preventDefault();
    return;
  }
  form.dataset.sending = "1";
  // Released by the form's own answer (an htmx form), not another request's:
  // the known players' suggestions answering between the two clicks of a
  // double click let the second one through.
  const own = (elt) => elt === form || (elt && elt.form === form && elt.matches("[type=submit]"));
  const release = (event) => {
    if (event && !own(event.detail && event.detail.elt)) return;
    delete form.dataset.sending;
    document.removeEventListener("htmx:afterRequest", release);
  };
  document.addEventListener("htmx:afterRequest", release);
  setTimeout(release, 8000);
}, true);

// A wide table scrolls sideways in its own box (.table-container) on a
// narrow or zoomed screen, or with the phone's large text: the box is then
// reached by the keyboard, to scroll it with the arrows (WCAG 2.1.1); a box
// that does not scroll is no tab stop.
const reachableBoxes = () => {
  for (const box of document.querySelectorAll(".table-container")) {
    const scrolls = box.scrollWidth > box.clientWidth + 1;
    if (scrolls && !box.hasAttribute("tabindex")) {
      box.tabIndex = 0;
      box.dataset.scrollStop = "1";
    } else if (!scrolls && box.dataset.scrollStop) {
      box.removeAttribute("tabindex");
      delete box.dataset.scrollStop;
    }
  }
};
window.addEventListener("load", reachableBoxes);
window.addEventListener("resize", reachableBoxes);
document.addEventListener("htmx:afterSettle", reachableBoxes);

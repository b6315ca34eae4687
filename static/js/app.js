// Guard against double submission: once a form is sent, its submit buttons
// are disabled until the page (or the htmx fragment) comes back.
document.addEventListener("submit", (event) => {
  const form = event.target;
  if (form.dataset.sending === "1") {
    event.preventDefault();
    return;
  }
  form.dataset.sending = "1";
  const release = () => { delete form.dataset.sending; };
  document.addEventListener("htmx:afterRequest", release, { once: true });
  setTimeout(release, 8000);
}, true);

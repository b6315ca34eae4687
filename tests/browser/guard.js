// Injected in every page of the browser journeys (tests/browser/conftest.py):
// after each load and each htmx swap, any element wider than the screen that
// no scrolling box of its own contains is reported as a console error, which
// fails the journey.
(() => {
  const clipped = (el) => {
    for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
      const overflow = getComputedStyle(p).overflowX;
      if (overflow === "auto" || overflow === "scroll" || overflow === "hidden") {
        const box = p.getBoundingClientRect();
        return box.left >= -1 && box.right <= window.innerWidth + 1;
      }
    }
    return false;
  };
  const describe = (el) =>
    el.tagName.toLowerCase() + (el.id ? "#" + el.id : "") +
    (el.className && typeof el.className === "string" ? "." + el.className.trim().split(/\s+/).join(".") : "");
  const check = () => {
    const width = window.innerWidth;
    const wide = [];
    for (const el of document.body ? document.body.querySelectorAll("*") : []) {
      const box = el.getBoundingClientRect();
      if (box.width === 0 && box.height === 0) continue;
      if ((box.right > width + 1 || box.left < -1) && !clipped(el)) {
        wide.push(`${describe(el)} (${Math.round(box.left)}..${Math.round(box.right)})`);
      }
    }
    if (document.documentElement.scrollWidth > width + 1) {
      wide.unshift(`page ${document.documentElement.scrollWidth}px`);
    }
    if (wide.length) {
      console.error(`WIDER THAN THE SCREEN (${width}px): ${wide.slice(0, 5).join(", ")}`);
    }
  };
  const later = () => setTimeout(check, 50);
  window.addEventListener("load", later);
  document.addEventListener("htmx:afterSettle", later);
})();

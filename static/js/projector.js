// The projector's ranking: when it is longer than its window, it scrolls
// round and round without a blank screen (the list is shown twice, one
// after the other, and moves up by one copy's height); when it fits, it
// stands still. Set up again after each htmx swap of the projector.
(() => {
  const SECONDS_PER_ROW = 2;

  const setUp = () => {
    const frame = document.querySelector("#projector .ranking-window");
    const list = frame && frame.querySelector("ol.scrolling");
    if (!list || frame.querySelector(".scrolling-track")) return;
    const rows = list.children.length;
    const room = frame.getBoundingClientRect().bottom - list.getBoundingClientRect().top;
    if (rows < 2 || list.getBoundingClientRect().height <= room) return;  // it fits

    const copy = list.cloneNode(true);
    copy.classList.add("scrolling-copy");
    copy.setAttribute("aria-hidden", "true");
    const track = document.createElement("div");
    track.className = "scrolling-track";
    list.replaceWith(track);
    track.append(list, copy);
    track.style.setProperty("--scroll-seconds", `${rows * SECONDS_PER_ROW}s`);
    track.classList.add("looping");
  };

  document.addEventListener("DOMContentLoaded", setUp);
  document.addEventListener("htmx:afterSettle", setUp);
})();

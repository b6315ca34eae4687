// The projector's ranking: when it is longer than its window, it moves up
// one row at a time and rests there, round and round without a blank
// screen (the list is shown twice, one after the other, and the loop ends
// one copy's height up); when it fits, it stands still. At rest no row sits
// half-hidden under the leader's pinned line, and the window ends on a
// whole row (issue 54, item 11). Set up again after each htmx swap of the
// projector, where the loop was (a poll's swap started it over every time).
(() => {
  const SECONDS_PER_ROW = 2;
  const MOVING = 0.2;  // of each row's time: the move, then the rest
  let kept = 0;  // the loop's time when the projector was swapped

  const setUp = () => {
    const frame = document.querySelector("#projector .ranking-window");
    const list = frame && frame.querySelector("ol.scrolling");
    if (!list || frame.querySelector(".scrolling-track")) return;
    const rows = [...list.children];
    const top = list.getBoundingClientRect().top;
    const room = frame.getBoundingClientRect().bottom - top;
    const height = list.getBoundingClientRect().height;
    if (rows.length < 2 || height <= room) return;  // it fits

    const tops = rows.map((row) => row.getBoundingClientRect().top - top);
    const row = tops[1] - tops[0];
    frame.style.height = `${top - frame.getBoundingClientRect().top + Math.floor(room / row) * row}px`;
    const copy = list.cloneNode(true);
    copy.classList.add("scrolling-copy");
    copy.setAttribute("aria-hidden", "true");
    const track = document.createElement("div");
    track.className = "scrolling-track";
    list.replaceWith(track);
    track.append(list, copy);
    if (matchMedia("(prefers-reduced-motion: reduce)").matches) return;
    const frames = [];
    tops.forEach((y, i) => {
      const at = `translateY(${-y}px)`;
      frames.push({offset: i / rows.length, transform: at});
      frames.push({offset: (i + 1 - MOVING) / rows.length, transform: at});
    });
    frames.push({offset: 1, transform: `translateY(${-height}px)`});
    const loop = track.animate(frames, {duration: rows.length * SECONDS_PER_ROW * 1000, iterations: Infinity});
    loop.currentTime = kept;
    track.classList.add("looping");
  };
  const keep = () => {
    const track = document.querySelector("#projector .scrolling-track");
    const [loop] = track ? track.getAnimations() : [];
    kept = loop ? loop.currentTime : 0;
  };

  document.addEventListener("DOMContentLoaded", setUp);
  document.addEventListener("htmx:beforeSwap", keep);
  document.addEventListener("htmx:afterSettle", setUp);
})();

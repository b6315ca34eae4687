// The hall's screen: a list longer than its window — the tables in play, the
// ranking under the leader's pinned line — is shown a page at a time: the
// rows that fit whole in the window, then the next ones, round and round,
// every PAGE_SECONDS; a list that fits stands still. Both lists turn
// together, so that one cycle (the longer list's pages) shows every table
// and every rank, each whole and still for a page's time: no row slides
// under the leader or is cut by the window's foot (issue 60, item 3; the
// tables used to be cut at the screen's foot and never move, the ranking
// slid under its pinned leader). The page follows the clock, not a count:
// a poll's htmx swap shows the same page again. A phone (one column, the
// whole lists) pages nothing.
(() => {
  const PAGE_SECONDS = 8;
  const started = Date.now();

  const pagesOf = (list) => {
    const rows = [...list.children];
    rows.forEach((row) => { row.hidden = false; });
    const top = list.getBoundingClientRect().top;
    // The window ends at the screen's foot (less the page's bottom margin).
    const foot = window.innerHeight * 0.99;
    const room = foot - top;
    const pages = [[]];
    let used = 0;
    rows.forEach((row) => {
      const height = row.getBoundingClientRect().height;
      if (used + height > room + 0.5 && pages[pages.length - 1].length) {
        pages.push([]);
        used = 0;
      }
      pages[pages.length - 1].push(row);
      used += height;
    });
    return pages;
  };

  let lists = [];
  const show = () => {
    const turn = Math.floor((Date.now() - started) / (PAGE_SECONDS * 1000));
    lists.forEach(({pages, said}) => {
      const shown = turn % pages.length;
      pages.forEach((rows, index) => rows.forEach((row) => { row.hidden = index !== shown; }));
      said.textContent = ` ${shown + 1}/${pages.length}`;
    });
  };

  const setUp = () => {
    lists = [];
    if (matchMedia("(max-width: 40rem)").matches) return;
    document.querySelectorAll("#projector [data-paged]").forEach((frame) => {
      const list = frame.querySelector("ul.playing, ol.scrolling");
      if (!list || list.children.length < 2) return;
      const pages = pagesOf(list);
      if (pages.length < 2) return;  // it fits
      const said = frame.querySelector("h2 .page-of") || document.createElement("span");
      said.className = "page-of";
      frame.querySelector("h2").append(said);
      lists.push({pages, said});
    });
    show();
  };

  document.addEventListener("DOMContentLoaded", () => {
    setUp();
    setInterval(show, 500);
  });
  document.addEventListener("htmx:afterSettle", setUp);
  window.addEventListener("resize", setUp);
})();

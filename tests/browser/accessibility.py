"""The accessibility check of the browser journeys: every page a journey
visits is checked with axe-core (WCAG 2.2 AA and axe's best practices), and
on the players' pages every control a finger touches is at least 44 × 44
CSS pixels. The journey fixture (conftest.py) fails on what is found, with
one readable line per rule and page.

A page is checked once per document, just before the journey leaves it or
acts on it (a click, a key, a fill, a navigation) and when it is closed, so
that a page reached by a click and left by another click is checked too.
axe-core comes from npm (tests/browser/axe, installed by bin/setup-axe) and
is given to each watched page once, as an init script that runs in every
document before the page's own scripts (Playwright's init scripts are not
held to the pages' Content Security Policy, which forbids inline scripts):
nothing is fetched while a journey runs. It was evaluated in each document
before it was checked, its 550 kB sent again through Playwright each time
(95 ms a document); on four journey files (281 documents, in turn, 4 runs
each) the init script took 0.94 of the time (docs/checks.md).

One verdict per document shape and viewport: a document whose shape (its
elements and their attributes, each text replaced by whether it has any,
the digits and the random tokens of addresses and values left out) was
checked already in this run at the same viewport (width, height, zoom,
large print), by this process or by another worker of the run (the
verdict is kept in the run's folder, tests/once_a_run.py), gets that
verdict again, named with its own page, without axe running again: a
fault found once fails every journey that meets it.
The sign-in page, the organizer's lists, a table's page after each deal came
back in the same shape again and again (a quarter of axe's time, 10
journeys, 26 November). JOURNEY_AXE_EVERY=1 runs axe on every document,
and fails a journey where a shape met again gets another verdict.

Set JOURNEY_AXE_LOG to a file to append there, one JSON line per page
checked, every violation found (rule, count of elements, page) and the
verdict's key (the document's shape, the viewport, whether players touch
it): how the counts before and after a change were measured, and which
shapes a journey alone meets (a journey moved to the Django client must
leave none unchecked)."""

from __future__ import annotations

import json
import os
import re
import time
import weakref
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Locator, Page

from tests import once_a_run

AXE = Path(__file__).parent / "axe" / "node_modules" / "axe-core" / "axe.min.js"
MISSING = f"axe-core is missing ({AXE}): run bin/setup-axe (it needs npm)"
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"]
# The pages a player reaches (home, a tournament's public pages, the table's
# phone or the club's tablet, the door, a challenge, a league, players' and
# clubs' pages, a concours announced and its pre-registration, the archive of
# results), but the hall screen, which nobody touches.
PLAYERS = re.compile(
    r"^/($|t/|saisie/|challenge/|pointage/|joueurs/|clubs/|concours/|preinscription/|ligue/"
    r"|tablette/|resultats/)"
)
NOT_TOUCHED = re.compile(r"/ecran/$")
TOUCH = 44  # CSS pixels, WCAG 2.5.5 (AAA) and the platforms' guidelines

RUN_AXE = """async (tags) => {
  // A document still being parsed (a navigation just committed) has no
  // <main> nor <h1> yet: axe reads it once it is whole.
  if (document.readyState === "loading") {
    await new Promise((done) => document.addEventListener("DOMContentLoaded", done, {once: true}));
  }
  const results = await axe.run(document, {
    runOnly: {type: "tag", values: tags},
    resultTypes: ["violations"],
  });
  return results.violations.map((rule) => ({
    id: rule.id,
    impact: rule.impact,
    help: rule.help,
    nodes: rule.nodes.map((node) => node.target.join(" ")),
  }));
}"""

# Every visible control of the page smaller than TOUCH in either direction.
SMALL_TARGETS = """(touch) => {
  // Not any [tabindex]: a box that scrolls is focusable for the keyboard, not tapped.
  const controls = "a[href], button, input:not([type=hidden]), select, textarea, summary, " +
    "[role=button], [role=link], [role=tab]";
  const small = [];
  let smallest = null;
  for (const el of document.querySelectorAll(controls)) {
    const box = el.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) continue;
    const style = getComputedStyle(el);
    if (style.visibility === "hidden") continue;
    const side = Math.min(box.width, box.height);
    const name = el.tagName.toLowerCase() + (el.id ? "#" + el.id : "") +
      ` «${(el.innerText || el.value || el.getAttribute("aria-label") || "").trim().slice(0, 20)}»`;
    const size = `${Math.round(box.width)}×${Math.round(box.height)}`;
    if (!smallest || side < smallest.side) smallest = {side, name, size};
    if (box.width < touch - 0.5 || box.height < touch - 0.5) small.push(`${name} ${size}`);
  }
  return {small, smallest};
}"""


# The document's shape: a copy of it whose texts say only whether they are
# empty, and whose addresses, values and data keep neither their digits nor
# their random tokens (a table's code, a form's token); classes, roles and
# every other attribute are kept as they are. The names that point at an
# element (ids, labels' `for`, the ARIA references, `headers`, `form`,
# `list`, `name`, an address "#…" in the page) keep their letters, their
# digits left out, and each is numbered by its first appearance in the
# document, one numbering for all of them: `team-152` and `team-153` become
# `team-0~4` and `team-0~5` whatever the database's keys, but two elements
# with the same id, or a reference to an id no element has, stay another
# shape than a page whose ids are unique and found (axe's rules on ids, its
# labels and accessible names read only which names are equal).
# Hashed where it is read (its length, and FNV-1a over all its characters,
# the even ones and the odd ones): nothing large crosses to Python. Taken,
# as axe runs, once the document is whole. The copy belongs to an inert
# document (no window): a copy in the page's own document fetched its
# images' and sources' addresses as they were rewritten
# (/X/t/X/parties/0/X/0/donne-0.jpg, a 404 in the console of each sheet's
# review).
SHAPE = """async () => {
  if (document.readyState === "loading") {
    await new Promise((done) => document.addEventListener("DOMContentLoaded", done, {once: true}));
  }
  const inert = document.implementation.createHTMLDocument("");
  const copy = inert.importNode(document.documentElement, true);
  const loose = /^(value|href|action|src|srcset|nonce|content|hx-|data-)/;
  const one = /^(id|for|form|list|name|aria-activedescendant)$/;
  const several =
    /^(headers|aria-(labelledby|describedby|controls|owns|flowto|details|errormessage|actions))$/;
  const numbers = new Map();
  const named = (name) => {
    if (!numbers.has(name)) numbers.set(name, numbers.size);
    return `${name.replace(/[0-9]+/g, "0")}~${numbers.get(name)}`;
  };
  for (const el of copy.querySelectorAll("*")) {
    for (const attribute of Array.from(el.attributes)) {
      const value = attribute.value;
      if (one.test(attribute.name)) {
        el.setAttribute(attribute.name, named(value));
      } else if (several.test(attribute.name)) {
        el.setAttribute(attribute.name, value.replace(/\\S+/g, named));
      } else if (attribute.name === "href" && value.startsWith("#")) {
        el.setAttribute(attribute.name, `#${named(value.slice(1))}`);
      } else if (loose.test(attribute.name)) {
        el.setAttribute(
          attribute.name,
          value.replace(/[A-Za-z0-9_-]{12,}/g, "X").replace(/[0-9]+/g, "0"),
        );
      }
    }
  }
  const walker = inert.createTreeWalker(copy, NodeFilter.SHOW_TEXT | NodeFilter.SHOW_COMMENT);
  const texts = [];
  while (walker.nextNode()) texts.push(walker.currentNode);
  for (const text of texts) text.data = text.data.trim() ? "t" : "";
  const html = copy.outerHTML;
  const fnv = (from, step) => {
    let h = 2166136261;
    for (let i = from; i < html.length; i += step) {
      h ^= html.charCodeAt(i);
      h = Math.imul(h, 16777619);
    }
    return (h >>> 0).toString(36);
  };
  return `${html.length}:${fnv(0, 1)}:${fnv(0, 2)}:${fnv(1, 2)}`;
}"""

#: The verdicts this process gave or read: (shape, viewport, players' page)
#: → axe's violations and the small touch targets.
_verdicts: dict[tuple[str, str, bool], tuple[list[dict], dict]] = {}


def _kept(key: tuple[str, str, bool]) -> Path | None:
    """Where the run keeps the verdict of `key` for all its workers (None in
    a run of one process): the journeys are handed out one at a time to
    three workers, and each met the same shapes (the sign-in page, the
    organizer's lists, a table's page) and ran axe on them again."""
    folder = once_a_run.folder()
    return None if folder is None else folder / f"axe-{once_a_run.digest(*key)}.json"


def _known(key: tuple[str, str, bool]) -> tuple[list[dict], dict] | None:
    """The verdict this run gave a shape already, in this process or another."""
    if key not in _verdicts:
        kept = _kept(key)
        if kept is not None and kept.exists():
            violations, targets = json.loads(kept.read_text(encoding="utf-8"))
            _verdicts[key] = (violations, targets)
    return _verdicts.get(key)


def _keep(key: tuple[str, str, bool], verdict: tuple[list[dict], dict]) -> None:
    """The verdict for this process and, whole or not at all (a file renamed
    into place), for the run's other workers."""
    _verdicts[key] = verdict
    kept = _kept(key)
    if kept is not None and not kept.exists():
        part = kept.with_name(f"{kept.name}.{os.getpid()}.part")
        part.write_text(json.dumps(verdict, ensure_ascii=False), encoding="utf-8")
        os.replace(part, kept)


def every_document() -> bool:
    """Whether axe runs on every document (JOURNEY_AXE_EVERY=1), not once a shape."""
    return os.environ.get("JOURNEY_AXE_EVERY") == "1"


_source: list[str] = []


def _axe_source() -> str:
    if not _source:
        _source.append(AXE.read_text(encoding="utf-8"))
    return _source[0]


def players_page(url: str) -> bool:
    path = urlsplit(url).path
    return bool(PLAYERS.match(path)) and not NOT_TOUCHED.search(path)


# True once the document is parsed, false if it is not within 30 s.
LOADED = """() => document.readyState !== "loading" || Promise.race([
  new Promise((done) => {
    document.addEventListener("DOMContentLoaded", () => done(true), {once: true});
  }),
  new Promise((done) => setTimeout(() => done(false), 30000)),
])"""


class Checker:
    """The accessibility check of one page: which of its documents were
    checked, and what was found (into `found`, a list of readable lines)."""

    def __init__(self, page: Page, found: list[str], settle) -> None:
        self.page = page
        self.found = found
        self.settle = settle
        self.checked: set[str] = set()
        self._last: str | None = None
        self.busy = False

    def check(self) -> None:
        """Checks the page's current document unless it was already: once
        htmx is idle, but a document already checked costs one evaluate, and
        waits for nothing (a volunteer types on while a preview is awaited)."""
        if self.busy or self.page.is_closed():
            return
        self.busy = True
        try:
            if self._document() not in self.checked and self._loaded():
                self.settle(self.page)
                self._check()
        except PlaywrightError as error:
            if not _navigating(error):
                raise
            # The page navigated meanwhile (axe met a document being replaced):
            # the document is checked again at the next action, loaded by then.
            self.checked.discard(self._last)
        finally:
            self.busy = False

    def _loaded(self) -> bool:
        """Waits until the document is parsed (30 s at most): a navigation
        that has committed before its body came shows a document with no
        root element yet, which CI met as a journey clicked on. A document
        that does not load in time is checked at the next action."""
        return bool(self.page.evaluate(LOADED))

    def _document(self) -> str | None:
        return self.page.evaluate("() => window.__journey && window.__journey.document")

    def _check(self) -> None:
        page = self.page
        document = self._document()
        url = page.url
        if not document or document in self.checked or not url.startswith("http"):
            return
        self.checked.add(document)
        self._last = document
        viewport = _viewport(page)
        where = f"{urlsplit(url).path} at {viewport}"
        touched = players_page(url)
        size = page.viewport_size or {}
        started = time.perf_counter()
        key = (page.evaluate(SHAPE), f"{viewport} {size.get('height')}", touched)
        costs = {"shape_s": round(time.perf_counter() - started, 4), "axe_s": None}
        known = _known(key)
        if known is not None and not every_document():
            violations, targets = known
        else:
            started = time.perf_counter()
            violations, targets = self._verdict(touched)
            costs["axe_s"] = round(time.perf_counter() - started, 4)
            if known is not None and _summary(known) != _summary((violations, targets)):
                self.found.append(f"axe's verdict on {where} differs from its shape's before")
            _keep(key, (violations, targets))
        for rule in violations:
            nodes = ", ".join(rule["nodes"][:4]) + (" …" if len(rule["nodes"]) > 4 else "")
            self.found.append(
                f"axe {rule['id']} ({rule['impact']}, {len(rule['nodes'])}×) on {where}: "
                f"{rule['help']} — {nodes}"
            )
        if targets["small"]:
            self.found.append(
                f"touch targets under {TOUCH}×{TOUCH} px on {where}: "
                + ", ".join(targets["small"][:6])
                + (" …" if len(targets["small"]) > 6 else "")
            )
        _log(where, violations, targets, key, costs)

    def _verdict(self, touched: bool) -> tuple[list[dict], dict]:
        """axe's violations on the page as it is, and its small touch
        targets if it is a players' page."""
        violations = self.page.evaluate(RUN_AXE, TAGS)
        targets = {"small": [], "smallest": None}
        if touched:
            targets = self.page.evaluate(SMALL_TARGETS, TOUCH)
        return violations, targets


def _summary(verdict: tuple[list[dict], dict]) -> tuple:
    """What a verdict found: each rule and its count, the small targets' count."""
    violations, targets = verdict
    return sorted((rule["id"], len(rule["nodes"])) for rule in violations), len(targets["small"])


def _navigating(error: PlaywrightError) -> bool:
    """Whether an evaluate failed because the page was leaving its document."""
    text = str(error)
    return any(sign in text for sign in ("navigat", "destroyed", "reading 'documentElement'"))


def _viewport(page: Page) -> str:
    size = page.viewport_size or {}
    zoom = page.evaluate("() => window.devicePixelRatio")
    large = page.evaluate("() => document.documentElement.classList.contains('large-print')")
    return (
        f"{size.get('width')}px"
        + (f" ×{zoom:g}" if zoom != 1 else "")
        + (" grands caractères" if large else "")
    )


def _log(
    where: str,
    violations: list[dict],
    targets: dict,
    key: tuple[str, str, bool],
    costs: dict,
) -> None:
    log = os.environ.get("JOURNEY_AXE_LOG")
    if not log:
        return
    test = os.environ.get("PYTEST_CURRENT_TEST", "").split(" ")[0]
    line = {
        "test": test,
        "page": where,
        "shape": key[0],
        "viewport": key[1],
        "players": key[2],
        "rules": {rule["id"]: len(rule["nodes"]) for rule in violations},
        "small_targets": targets["small"],
        "smallest": targets["smallest"],
        # Seconds spent reading the shape and running axe (None: the
        # verdict was the shape's before, axe did not run).
        **costs,
    }
    with open(log, "a", encoding="utf-8") as out:
        out.write(json.dumps(line, ensure_ascii=False) + "\n")


_checkers: weakref.WeakKeyDictionary[Page, Checker] = weakref.WeakKeyDictionary()

# The actions by which a journey acts on a page or leaves it: its document is
# checked first. A Locator is made anew at each call, so its class is wrapped
# (once); a page's own methods are wrapped on the page (`watch`).
LOCATOR_ACTIONS = (
    "click",
    "dblclick",
    "tap",
    "press",
    "press_sequentially",
    "fill",
    "check",
    "uncheck",
    "set_checked",
    "select_option",
    "set_input_files",
    "dispatch_event",
)


def _before_locator(name: str):
    action = getattr(Locator, name)

    def checked_first(self: Locator, *args, **kwargs):
        checker = _checkers.get(self.page)
        if checker is not None:
            checker.check()
        return action(self, *args, **kwargs)

    checked_first.__wrapped__ = action
    return checked_first


def _wrap_locators() -> None:
    for name in LOCATOR_ACTIONS:
        if not hasattr(getattr(Locator, name), "__wrapped__"):
            setattr(Locator, name, _before_locator(name))


def watch(page: Page, found: list[str], settle) -> Checker:
    """Checks every document `page` shows before the journey acts on it or
    leaves it (its navigations and keyboard too); `settle(page)` first lets
    htmx finish what it was doing. `found` receives what is wrong."""
    if not AXE.exists():
        pytest.fail(MISSING)
    _wrap_locators()
    page.add_init_script(_axe_source())
    checker = Checker(page, found, settle)
    _checkers[page] = checker

    def before(method):
        def checked_first(*args, **kwargs):
            checker.check()
            return method(*args, **kwargs)

        return checked_first

    for name in ("goto", "reload", "go_back", "go_forward"):
        setattr(page, name, before(getattr(page, name)))
    keyboard = page.keyboard
    for name in ("press", "type", "insert_text"):
        setattr(keyboard, name, before(getattr(keyboard, name)))
    return checker


def check_last(page: Page) -> None:
    """Checks the document `page` shows, if it is watched and was not yet
    checked: before the page is closed."""
    checker = _checkers.get(page)
    if checker is not None:
        checker.check()

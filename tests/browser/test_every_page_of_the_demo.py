"""Every kind of page of the demo (issue 25: pools, brackets, a challenge,
published results, leagues, the cash box…, not only a plain concours's),
found by following its links in a real browser:

- every page a player reaches, from the home page, on a 390 px phone
  zoomed to 200 % and on one set to its largest text;
- every page an organizer reaches, from « Organisation » and a table's
  grid, on a 390 px phone (the desk's 1366 px screen is the journeys').

No page scrolls sideways (guard.js), axe-core finds nothing and every
control of the players' pages is 44 px (the fixtures check each page); no
table of a players' page scrolls sideways in its own box either, and each
table's first row is whole on the screen (`reads_whole`).
One page of each view is opened; the others' links are read without a
browser (the demo has seven concours, which share their views)."""

from __future__ import annotations

import re
from collections import Counter, deque
from collections.abc import Callable
from html import unescape
from urllib.parse import urljoin, urlsplit

import pytest
from django.contrib.auth import get_user_model
from django.urls import Resolver404, resolve
from playwright.sync_api import Page

from demo.management.commands.demo import DEMO_SLUG, DEMO_USER
from tests import built_demo
from tests.browser.accessibility import players_page
from tests.browser.conftest import checked
from tests.browser.session import log_in
from tests.browser.test_players_of_every_age import PHONE, ZOOMED, large_text, reads_whole
from tests.factories import PASSWORD

pytestmark = pytest.mark.django_db(transaction=True)

HREF = re.compile(r'href="([^"]+)"')
# Not a page: downloads, feeds, the embeddable widget (another site's
# frame), the language switch, the back office.
NOT_A_PAGE = re.compile(
    r"\.(pdf|csv|xlsx|ics|atom|json|svg|png|gz)$|^/widget/|^/langue/|^/admin/|^/static/"
)
# Pages of one view read for their links: one a concours of the demo, and more.
READ_PER_VIEW = 10


def view_of(path: str) -> str | None:
    try:
        return resolve(path).view_name
    except Resolver404:
        return None


def visit_pages(
    page: Page,
    base: str,
    starts: list[str],
    follow: Callable[[str], bool],
    check: Callable[[Page], None] = lambda _page: None,
) -> set:
    """Breadth-first over the links `follow` keeps, from `starts`: the
    first whole page of each view opened in `page` and checked by `check`;
    the views opened."""
    queue, seen, opened, read = deque(starts), set(), set(), Counter()
    while queue:
        path = queue.popleft()
        view = view_of(urlsplit(path).path)
        if path in seen or view is None or read[view] >= READ_PER_VIEW:
            continue
        seen.add(path)
        read[view] += 1
        answer = page.request.get(base + path, max_redirects=0)
        if answer.status != 200 or "text/html" not in answer.headers.get("content-type", ""):
            continue  # a refusal (a closed partie's link: 410) is another test's
        html = answer.text()
        if view not in opened and html.lstrip().lower().startswith("<!doctype html"):
            opened.add(view)  # not an htmx fragment: a page, opened in the browser
            page.goto(base + path)
            checked(page)  # guard.js has checked it
            check(page)
        for href in HREF.findall(html):
            target = urlsplit(urljoin(path, unescape(href)))
            link = target.path + (f"?{target.query}" if target.query else "")
            if not target.netloc and not NOT_A_PAGE.search(target.path) and follow(link):
                queue.append(link)
    return opened


def demo() -> None:
    """The demo (built once a process: tests/built_demo.py), its organizer
    (staff, as the demo makes it) signing in with the tests' password."""
    built_demo.demo()
    organizer = get_user_model().objects.get(username=DEMO_USER, is_staff=True)
    organizer.set_password(PASSWORD)
    organizer.save(update_fields=["password"])


@pytest.mark.parametrize("mode", ["phone-zoom-200", "phone-text"])
def test_every_players_page_of_the_demo_zoomed_or_in_large_text(live_server, open_page, mode):
    """Browser: 390 px layout, axe."""
    demo()
    if mode == "phone-zoom-200":
        phone = open_page(**ZOOMED)
    else:
        phone = open_page(viewport=PHONE)
        large_text(phone)
    views = visit_pages(phone, live_server.url, ["/"], players_page, reads_whole)
    for view in ("pools_page", "brackets", "challenge", "results_page", "person", "club"):
        assert f"tournaments:{view}" in views, views


def test_every_organizers_page_of_the_demo_on_a_phone(live_server, open_page):
    """Browser: 390 px layout, axe."""
    demo()
    phone = open_page(viewport=PHONE)
    log_in(phone, live_server.url, username=DEMO_USER)
    table = f"/organisation/t/{DEMO_SLUG}/parties/1/tables/1/"
    views = visit_pages(phone, live_server.url, ["/organisation/", table], lambda _link: True)
    for view in ("manage", "round", "table", "pools", "brackets_manage", "cash", "tablets"):
        assert f"tournaments:{view}" in views, sorted(views)

"""Every kind of page a player reaches on the demo (issue 25: pools,
brackets, a challenge, published results and leagues included, not only a
plain concours's), found by following the players' links from the home
page, opened on a 390 px phone zoomed to 200 % and on one set to its
largest text: no page scrolls sideways (guard.js), axe-core finds nothing
and every control is 44 px (the fixtures check each page).

One page of each view is opened (the others' links are read without a
browser): the demo has seven concours, which share their views."""

from __future__ import annotations

import io
import re
from collections import deque
from html import unescape
from urllib.parse import urljoin, urlsplit

import pytest
from django.core.management import call_command
from django.urls import Resolver404, resolve
from playwright.sync_api import Page

from tests.browser.accessibility import players_page
from tests.browser.test_players_of_every_age import PHONE, ZOOMED, large_text

pytestmark = pytest.mark.django_db(transaction=True)

HREF = re.compile(r'href="([^"]+)"')
# Not a page: downloads, feeds, the embeddable widget (another site's frame).
NOT_A_PAGE = re.compile(r"\.(pdf|csv|xlsx|ics|atom|json|svg|png)$|^/widget/|^/langue/")


def view_of(path: str) -> str | None:
    try:
        return resolve(path).view_name
    except Resolver404:
        return None


def visit_players_pages(page: Page, base: str) -> list[str]:
    """Breadth-first over the players' links from the home page: the first
    page of each view opened in `page`; the views opened."""
    queue, seen, opened = deque(["/"]), set(), {}
    while queue:
        path = queue.popleft()
        view = view_of(urlsplit(path).path)
        if path in seen or view is None:
            continue
        seen.add(path)
        if view in opened:
            answer = page.request.get(base + path, max_redirects=0)
            html = answer.text() if "text/html" in answer.headers.get("content-type", "") else ""
        else:
            opened[view] = path
            page.goto(base + path)
            page.wait_for_timeout(100)  # guard.js checks the width 50 ms after the load
            html = page.content()
        for href in HREF.findall(html):
            target = urlsplit(urljoin(path, unescape(href)))
            link = target.path + (f"?{target.query}" if target.query else "")
            if not target.netloc and players_page(link) and not NOT_A_PAGE.search(target.path):
                queue.append(link)
    return sorted(opened)


@pytest.mark.parametrize("mode", ["phone-zoom-200", "phone-text"])
def test_every_players_page_of_the_demo_zoomed_or_in_large_text(live_server, open_page, mode):
    call_command("demo", stdout=io.StringIO())
    if mode == "phone-zoom-200":
        phone = open_page(**ZOOMED)
    else:
        phone = open_page(viewport=PHONE)
        large_text(phone)
    views = visit_players_pages(phone, live_server.url)
    for view in ("tournaments:pools_page", "tournaments:brackets", "tournaments:challenge"):
        assert view in views, views

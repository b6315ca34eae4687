"""Follow every link an organizer and a visitor can reach on the demo
tournament — corrections, PDFs and exports included — in French and in
English: no answer may be a server error.

The test client re-raises a view's exception, so a crash is seen as such;
404s and refusals are allowed (links to pages of other states are fine)."""

from __future__ import annotations

import re
from collections import Counter, deque
from html import unescape
from urllib.parse import urljoin, urlsplit

import pytest
from django.db import connection
from django.test import Client

from demo.management.commands.demo import DEMO_SLUG
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db

# Leaving the app, or changing what the crawl is (language switch, logout, admin).
OFF_LIMITS = re.compile(r"^/(admin/|i18n/|compte/deconnexion|static/|langue/)")
HREF = re.compile(r'(?:href|hx-get)="([^"]+)"')
NUMBER = re.compile(r"\d+")


def shape(url: str) -> str:
    """What a page is, its numbers aside: every table's sheet has one shape."""
    return NUMBER.sub("N", url)


def crawl(
    client: Client, starts: list[str], *, limit: int, per_shape: int | None = None
) -> tuple[set[str], list[str]]:
    """Breadth-first over the links of each HTML page; returns the pages
    asked for and the failures (exception or 5xx). With `per_shape`, at most
    that many pages of one shape are asked."""
    queue, seen, failures, shapes = deque(starts), set(), [], Counter()
    while queue and len(seen) < limit:
        url = queue.popleft()
        if url in seen or (per_shape and shapes[shape(url)] >= per_shape):
            continue
        seen.add(url)
        shapes[shape(url)] += 1
        try:
            response = client.get(url)
        except Exception as exc:  # what the crawl reports
            failures.append(f"{url}: {type(exc).__name__}: {exc}")
            continue
        if response.status_code >= 500:
            failures.append(f"{url}: HTTP {response.status_code}")
        if response.status_code in (301, 302, 303):
            location = response["Location"]
            if location.startswith("/") and not OFF_LIMITS.match(location):
                queue.append(location)
            continue
        if "text/html" not in response.get("Content-Type", ""):
            continue
        for href in HREF.findall(response.content.decode()):
            target = urlsplit(urljoin(url, unescape(href)))
            if target.netloc and target.netloc != "testserver":
                continue
            path = target.path + (f"?{target.query}" if target.query else "")
            if not OFF_LIMITS.match(target.path) and path not in seen:
                queue.append(path)
    return seen, failures


@pytest.fixture
def demo(demo_of_the_module) -> Tournament:
    """The demo, built once for both languages (a crawl only reads)."""
    return Tournament.objects.get(slug=DEMO_SLUG)


# Each kind of page (its numbers aside) is asked at most a few times: a
# walk of 900 pages asked every team's and table's pages of the first
# concours and reached 337 kinds; three of each reach 555 in 753 pages.
# On PostgreSQL (CI's database tier, where 900 pages took 131 s) one of
# each: the same queries with other keys, every kind (535) still asked.
PER_SHAPE = 1 if connection.vendor == "postgresql" else 3


# The English crawl asks the database what the French one does (the words
# differ, not the queries): the PostgreSQL tier of CI runs the French one only.
@pytest.mark.parametrize("language", ["fr", pytest.param("en", marks=pytest.mark.same_queries)])
def test_no_reachable_page_answers_a_server_error(demo, language):
    organizer = Client(raise_request_exception=True)
    organizer.force_login(demo.owner)
    organizer.cookies["django_language"] = language
    # The demo's first table too: the app has grown more pages than the
    # limit reaches breadth-first before the desk's corrections.
    table = f"/organisation/t/{demo.slug}/parties/1/tables/1/"
    # And its public ranking, whose exports (PDF, CSV, XLSX) the walk
    # otherwise reached only after its limit once more pages came.
    ranking = f"/t/{demo.slug}/classement/"
    starts = ["/organisation/", "/", table, ranking]
    pages, failures = crawl(organizer, starts, limit=900, per_shape=PER_SHAPE)
    assert not failures, "\n".join(failures[:20])
    # the crawl really walked the day: corrections, sheets, exports
    assert any("?donne=" in page for page in pages)
    assert any(page.endswith(".pdf") for page in pages)
    assert any(page.endswith(".xlsx") for page in pages)
    assert len(pages) > 300

    visitor = Client(raise_request_exception=True)
    visitor.cookies["django_language"] = language
    pages, failures = crawl(visitor, ["/"], limit=300, per_shape=PER_SHAPE)
    assert not failures, "\n".join(failures[:20])
    assert any("/classement/" in page for page in pages)
    # Every result, from the home's « Tous les résultats » (issue 26).
    assert "/resultats/" in pages

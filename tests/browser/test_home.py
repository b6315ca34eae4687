"""A player on a 390 px phone finds an older concours's results, pushed off the
home by newer ones, through « Tous les résultats »: a page further, then by
typing its name in the search (every page checked by axe, its controls at
least 44 px).

Set BROWSER_SCREENSHOTS to a folder to keep the screenshots of the home and
the archive at 390 and 1366 px."""

from __future__ import annotations

import datetime
import os
from pathlib import Path

import pytest
from django.utils import timezone
from playwright.sync_api import Page, expect

from demo.concours import PUBLISHED_SLUG
from tests import built_demo
from tests.browser.conftest import checked, close_quietly
from tests.browser.shots import PHONE
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db(transaction=True)

WIDE = {"width": 1366, "height": 900}
OLDER = "Concours de la Sainte-Catherine (démo)"  # the demo's, a week before


def shot(page: Page, name: str) -> None:
    checked(page)  # guard.js has checked it
    if folder := os.environ.get("BROWSER_SCREENSHOTS"):
        Path(folder).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(folder) / f"home-{name}.png"), full_page=True)


def newer_results(count: int) -> None:
    """`count` finished, published concours of the last six days: the home's
    twelve latest results are theirs, the demo's a page further."""
    owner = Tournament.objects.get(slug=PUBLISHED_SLUG).owner
    today = timezone.localdate()
    for n in range(count):
        Tournament.objects.create(
            owner=owner,
            name=f"Concours de la Pétanque n° {n + 1}",
            slug=f"concours-de-la-petanque-{n + 1}",
            date=today - datetime.timedelta(days=1 + n % 6),
            venue="Salle des fêtes, Tournus",
            published=True,
            status=Tournament.Status.FINISHED,
        )


def test_a_phone_finds_an_older_concours_through_all_the_results(live_server, open_page):
    """Browser: keys and focus, 390 px layout, axe."""
    built_demo.demo()
    # The home with the demo alone, in French then in English, and the
    # demo's ranking in English, at the browser's own size: the documents
    # axe checked in the journey that switched languages (its assertions,
    # the server's answers, are tests/tournaments/views/test_read_the_home_in_english.py).
    visitor = open_page()
    visitor.goto(live_server.url + "/")
    visitor.get_by_role("link", name="EN", exact=True).click()
    visitor.get_by_role("heading", name="Tournaments").wait_for()
    visitor.get_by_role("link", name="Concours de coinche de Saint-Éloi (démo)").click()
    visitor.get_by_role("heading", name="Ranking").wait_for()
    close_quietly(visitor)  # its last document checked as the fixture would
    visitor.close()
    newer_results(32)
    wide = open_page(viewport=WIDE)
    wide.goto(live_server.url + "/")
    shot(wide, "1366")
    wide.goto(live_server.url + "/resultats/")
    shot(wide, "archive-1366")

    phone = open_page(viewport=PHONE)
    phone.goto(live_server.url + "/")
    # The concours of the day come first, before « Prochains concours ».
    headings = phone.locator("main h2")
    expect(headings.first).to_have_text("Concours en cours et du jour")
    results = phone.locator(".home-results")
    expect(results.locator(".card")).to_have_count(12)
    expect(results).not_to_contain_text(OLDER)
    shot(phone, "390")

    results.get_by_role("link", name="Tous les résultats").click()
    expect(phone.get_by_role("heading", level=1)).to_have_text("Tous les résultats")
    expect(phone.locator(".archive-count")).to_contain_text("37 concours · page 1 sur 2")
    expect(phone.locator("main")).not_to_contain_text(OLDER)
    shot(phone, "archive-390")
    phone.get_by_role("link", name="Suivante").click()
    expect(phone.locator(".pagination [aria-current=page]")).to_have_text("2")
    expect(phone.get_by_role("link", name=OLDER)).to_be_visible()

    # The search, typed with the keyboard as a phone's keyboard types it.
    search = phone.get_by_label("Nom du concours ou commune")
    search.focus()
    phone.keyboard.type("sainte catherine")
    phone.keyboard.press("Enter")
    expect(phone.locator(".archive .card")).to_have_count(1)
    expect(phone.locator(".archive-count")).to_contain_text("1 concours")
    expect(search).to_have_value("sainte catherine")
    shot(phone, "archive-search-390")
    phone.get_by_role("link", name=OLDER).click()
    phone.wait_for_url(f"{live_server.url}/t/{PUBLISHED_SLUG}/resultats/")
    expect(phone.locator("h1")).to_contain_text(OLDER)
    expect(phone.locator("table.results-ranking")).to_contain_text("Un jambon")

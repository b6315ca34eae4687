"""After closing a partie, « Tirer la partie suivante » is on the screen
(issue 60, item 11): the organizer at 1366 × 768 closes partie 1 of a
16-team concours; the page it lands on shows the draw's button without a
scroll (it was below the fold of the tournament's page, opened at its top:
one scroll more at every partie). Its place is printed (-s).

Before (main): the button's bottom at y = 1,009 of a 768 px screen; after:
on the screen, under the parties' list (« Partie 1 — Close »)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests import factories
from tests.browser.session import log_in
from tournaments.models import Round
from tournaments.services import rounds

pytestmark = pytest.mark.django_db(transaction=True)

SCREEN = {"width": 1366, "height": 768}


def test_the_next_draw_is_on_the_screen_after_closing_a_partie(live_server, page: Page, organizer):
    """Browser: screen layout, axe."""
    tournament = factories.build_tournament(owner=organizer, parties=3, end_deals=1)
    factories.add_teams(tournament, 16)
    rnd = rounds.draw_round(tournament=tournament, method=Round.DrawMethod.RANDOM, seed=1)
    for table in rnd.tables.filter(team_b__isnull=False):
        factories.add_deal(table)
    page.set_viewport_size(SCREEN)
    log_in(page, live_server.url)
    page.goto(f"{live_server.url}/organisation/t/{tournament.slug}/parties/1/")
    page.get_by_role("link", name="Fermer la partie…").click()
    page.get_by_role("button", name="Fermer la partie").click()
    expect(page.locator(".messages")).to_contain_text("Partie 1 close")
    button = page.get_by_role("button", name="Tirer la partie suivante")
    expect(button).to_be_visible()
    page.wait_for_timeout(100)  # the browser's scroll to the anchor, if any
    box = button.evaluate("b => { const r = b.getBoundingClientRect(); return [r.top, r.bottom]; }")
    if folder := os.environ.get("BROWSER_SCREENSHOTS"):
        Path(folder).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(folder) / "closed-then-draw.png"))
    print(f"\n« Tirer la partie suivante » at y = {box[0]:.0f}–{box[1]:.0f} of {SCREEN['height']}")
    assert box[0] >= 0 and box[1] <= SCREEN["height"], box
    # What was done is said there too: the parties' list, partie 1 closed.
    expect(page.locator("#parties + * , #parties ~ ul").first).to_be_visible()
    closed = page.locator("#parties ~ ul li").first
    expect(closed).to_contain_text("Partie 1 — Close")
    assert closed.evaluate("li => li.getBoundingClientRect().top") >= 0

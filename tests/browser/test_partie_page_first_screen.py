"""The partie's page at 1366 × 768 opens on its tables (issue 54, item 10):
it opened on the backup banner, five PDF buttons, « Chrono de la partie »
with « Lancer le chrono » and a full-width « Enregistrer l'appel » form, the
tables starting at y ≈ 700 px. Now the tables and what needs the desk
(a table disputed, a phone to look at) come first, the clock in one line
whose call is set in a fold, the documents after the tables. The desk
starts the clock and sets the partie's call from the keyboard. No 5xx, no
console error, no axe violation (the fixtures)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests import factories
from tests.browser.session import log_in
from tests.browser.shots import DESK, shot
from tournaments.models import Round
from tournaments.services import release, rounds

pytestmark = pytest.mark.django_db(transaction=True)

# The top of the tables' grid and the bottom of its fifth row, in the window.
TABLES = """() => {
  const grid = document.querySelector('#round-tables table').getBoundingClientRect();
  const fifth = document.querySelectorAll('#round-tables tbody tr')[4].getBoundingClientRect();
  return {top: Math.round(grid.top), fifth: Math.round(fifth.bottom)};
}"""


def test_the_tables_come_first_and_the_clock_is_one_line(page: Page, live_server, organizer):
    """Browser: keys and focus, screen layout, scripts, axe."""
    tournament = factories.build_tournament(
        owner=organizer, release_draws=True, clock_enabled=True, last_deal_minutes=50
    )
    factories.add_teams(tournament, 16)
    rnd = rounds.draw_round(tournament=tournament, method=Round.DrawMethod.RANDOM, seed=4)
    release.release_round(round=rnd)
    page.set_viewport_size(DESK)
    log_in(page, live_server.url)
    page.goto(f"{live_server.url}/organisation/t/{tournament.slug}/parties/1/")

    where = page.evaluate(TABLES)
    shot(page, "partie-first-screen", full_page=False)
    print(f"\npartie page at 1366 × 768: tables from y = {where['top']} px")
    assert where["fifth"] <= DESK["height"], where  # five tables on the first screen
    clock = page.locator(".clock-panel")
    assert clock.bounding_box()["height"] <= 64  # one line
    expect(clock).to_contain_text("« Dernière donne » à")

    # The clock from the keyboard: started, then this partie's call set.
    page.get_by_role("button", name="Lancer le chrono").focus()
    page.keyboard.press("Enter")
    expect(page.locator(".clock-panel .partie-clock")).to_have_class("partie-clock running")
    page.locator(".clock-panel summary").focus()
    page.keyboard.press("Enter")
    page.get_by_label("Appel « dernière donne » pour cette partie (minutes après le début)").focus()
    page.keyboard.type("45")
    page.keyboard.press("Enter")
    expect(page.locator(".messages")).to_contain_text("Appel « dernière donne » enregistré")
    rnd.refresh_from_db()
    assert rnd.last_deal_minutes == 45
    assert page.locator(".clock-panel").bounding_box()["height"] <= 64
    shot(page, "partie-clock-running", full_page=False)

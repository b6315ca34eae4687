"""Issue 27.5 in Chromium: results become final when the claims window closes.

Partie 1 is closed and partie 2 drawn by ranking. A player's phone (390 px)
reads partie 1's results: « provisoires », with the time the claims end.
The organizer closes the claims by hand (keyboard); the phone's page now
says « définitifs ». Then a sheet is found wrong: the organizer corrects a
deal of partie 1 at the desk, typing; the correction is refused until
confirmed, and the refusal names partie 2, whose draw it would have changed;
confirmed with the keyboard, it is recorded and marked corrected.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests import factories
from tests.browser.day import PHONE
from tests.browser.session import log_in
from tournaments.models import Round
from tournaments.services import rounds

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def concours(organizer):
    tournament = factories.build_tournament(owner=organizer, parties=3, end_deals=1)
    factories.add_teams(tournament, 4)
    first = rounds.draw_round(tournament=tournament, method=Round.DrawMethod.RANDOM, seed=7)
    for table in first.tables.filter(team_b__isnull=False):
        factories.win_deal(table, "A")
    rounds.close_round(round=first)
    rounds.draw_round(tournament=tournament, method=Round.DrawMethod.RANKING, seed=8)
    return tournament


def test_the_claims_close_and_a_late_correction_names_the_draw_it_changes(
    page: Page, open_page, live_server, concours
):
    """Browser: keys and focus, 390 px layout, axe."""
    slug = concours.slug
    phone = open_page(**PHONE)
    phone.goto(f"{live_server.url}/t/{slug}/parties/1/")
    expect(phone.locator(".claims")).to_contain_text("Résultats provisoires : réclamations jusqu'à")

    log_in(page, live_server.url)
    page.goto(f"{live_server.url}/organisation/t/{slug}/parties/1/")
    expect(page.locator("section.claims")).to_contain_text("Résultats provisoires")
    page.get_by_role("button", name="Clore les réclamations maintenant").focus()
    page.keyboard.press("Enter")
    expect(page.locator(".message.success")).to_contain_text("définitifs")

    phone.reload()
    expect(phone.locator(".claims")).to_have_text("Résultats définitifs.")

    # A sheet was wrong: Est-Ouest made the deal. Corrected at the desk, typing.
    page.goto(f"{live_server.url}/organisation/t/{slug}/parties/1/tables/1/")
    page.get_by_role("link", name="Corriger").first.click()
    points = page.locator("#deal-entry input[name=points]")
    expect(points).to_have_value("97")
    points.focus()
    page.keyboard.press("Control+A")
    page.keyboard.type("65")
    page.locator("#deal-entry input[name=reason]").focus()
    page.keyboard.type("feuille mal lue")
    page.keyboard.press("Enter")
    refusal = page.locator("#deal-entry-claims")
    expect(refusal).to_contain_text("Les résultats de cette partie sont définitifs")
    expect(refusal).to_contain_text("Cette correction aurait changé le tirage de la partie 2.")
    page.screenshot(path="/tmp/claims-window-refusal.png", full_page=True)
    table = factories.first_table(concours.rounds.get(number=1))
    assert table.deals.get().points_a == 97  # nothing written yet

    box = refusal.get_by_label("Corriger quand même (résultats définitifs)")
    box.focus()
    page.keyboard.press("Space")
    expect(box).to_be_checked()
    page.locator("#deal-entry input[name=reason]").focus()
    page.keyboard.press("Enter")
    expect(page.locator("#deal-entry-claims")).to_have_count(0)
    table.refresh_from_db()
    assert table.deals.get().points_a == 65 and table.corrected
    assert table.total_b > table.total_a

"""The final phase in a real browser: the organizer closes the last
qualifying partie, creates a main bracket and a consolante (a count that
does not fit first, refused next to its field), draws the bracket rounds
to the finals, a tie played out with one more deal; the public page gives
the final ranking, and a phone (390 px) reads the brackets, in French then
in English, and on the hall screen's dark page. The page fixture fails on
any 5xx, console error or element wider than the screen. Set
BROWSER_SCREENSHOTS to a folder to keep the screenshots."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests import factories
from tests.browser.conftest import checked
from tests.browser.session import log_in
from tests.browser.shots import PHONE
from tournaments.models import Round, Tournament
from tournaments.queries import brackets as bracket_queries

pytestmark = pytest.mark.django_db(transaction=True)


def shot(page: Page, name: str) -> None:
    folder = os.environ.get("BROWSER_SCREENSHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(folder) / f"brackets-{name}.png"), full_page=True)


def close_partie(page: Page) -> None:
    page.get_by_role("link", name="Fermer la partie…").click()
    expect(page.get_by_text("ne se rouvre pas")).to_be_visible()
    page.get_by_role("button", name="Fermer la partie").click()


def test_qualifying_then_main_and_consolante_to_the_final_ranking(
    live_server, page: Page, open_page, organizer
):
    """Browser: 390 px layout, axe."""
    tournament = factories.qualified_tournament(owner=organizer, teams=10, parties=2, played=1)
    url = live_server.url
    manage = f"{url}/organisation/t/{tournament.slug}/"
    log_in(page, url)

    # The last qualifying partie, drawn and closed from the dashboard.
    page.goto(manage)
    page.get_by_role("combobox", name="Tirage").select_option("ranking")
    page.get_by_role("button", name="Tirer la partie suivante").click()
    expect(page.get_by_role("heading", name=re.compile("Partie 2"))).to_be_visible()
    factories.play_bracket_round(tournament.rounds.get(number=2))
    page.reload()
    close_partie(page)
    expect(page.locator(".messages")).to_contain_text("Partie 2 close")
    order = bracket_queries.qualifying_order(tournament)

    # « Phase finale »: 8 + 4 teams for 10 ranked is refused next to the field.
    page.goto(manage)
    page.get_by_role("link", name="Phase finale").click()
    expect(page.get_by_role("heading", name="Phase finale")).to_be_visible()
    page.get_by_label("Équipes dans le tableau principal").fill("8")
    page.get_by_label("Équipes dans la consolante").fill("4")
    page.get_by_role("button", name="Créer la phase finale").click()
    expect(page.locator("#field-main .errorlist")).to_contain_text(
        "12 équipes demandées (8 + 4) pour 10 équipes classées."
    )
    page.get_by_label("Équipes dans le tableau principal").fill("4")
    page.get_by_label("En cas d'égalité à la fin d'une partie").select_option("extra_deal")
    page.get_by_role("button", name="Créer la phase finale").click()
    expect(page.locator(".messages")).to_contain_text("Phase finale créée")
    expect(page.locator("#bracket-main .bracket-level")).to_have_count(2)
    expect(page.locator("#bracket-consolante")).to_contain_text(order[4].display_name)
    shot(page, "organizer-created")

    # Semi-finals of both brackets in one partie; table 1 ends in a tie.
    page.get_by_role("button", name="Tirer le tour suivant").click()
    expect(page.get_by_role("heading", name=re.compile("Partie 3"))).to_be_visible()
    semis = tournament.rounds.get(number=3)
    assert semis.stage == Round.Stage.BRACKET and semis.tables.count() == 4
    factories.play_bracket_round(semis, passed=(1,))
    page.reload()
    page.get_by_role("link", name="Fermer la partie…").click()
    expect(page.get_by_text("Table 1 : égalité, jouez une donne de plus.")).to_be_visible()
    # One more deal at table 1 (won by East-West), then the partie closes.
    factories.win_deal(semis.tables.get(number=1), "B")
    page.goto(f"{manage}parties/3/")
    close_partie(page)
    expect(page.locator(".messages")).to_contain_text("Partie 3 close")

    # The finals.
    page.goto(f"{manage}phase-finale/")
    page.get_by_role("button", name="Tirer le tour suivant").click()
    expect(page.get_by_role("heading", name=re.compile("Partie 4"))).to_be_visible()
    factories.play_bracket_round(tournament.rounds.get(number=4))
    page.reload()
    close_partie(page)
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED

    # The public page: the final ranking, the winner of the tie through.
    page.goto(f"{url}/t/{tournament.slug}/")
    page.get_by_role("link", name="Phase finale : tableaux et classement final").click()
    ranking = page.locator("table.final-ranking tbody tr")
    expect(ranking).to_have_count(10)
    # Seed 4 won the tie against seed 1, then the final against seed 2 (it
    # sits North-South there, and side A wins every other table); seeds 1
    # and 3, the semi-finals' losers, are third and fourth by seed.
    expect(ranking.nth(0)).to_contain_text(order[3].display_name)
    expect(ranking.nth(1)).to_contain_text(order[1].display_name)
    expect(ranking.nth(2)).to_contain_text(order[0].display_name)
    expect(ranking.nth(8)).to_contain_text("Qualifications")
    shot(page, "public-wide")

    phone = open_page(viewport=PHONE)
    phone.goto(f"{url}/t/{tournament.slug}/phase-finale/")
    expect(phone.get_by_role("heading", name="Tableau principal")).to_be_visible()
    expect(phone.locator(".bracket-match").first).to_be_visible()
    checked(phone)  # guard.js has checked it
    shot(phone, "phone-fr")
    phone.get_by_role("link", name="EN", exact=True).click()
    expect(phone.get_by_role("heading", name="Final ranking")).to_be_visible()
    expect(phone.get_by_role("heading", name="Semi-finals").first).to_be_visible()
    checked(phone)  # guard.js has checked it
    shot(phone, "phone-en")
    # The hall screen's brackets opened on the phone: where each match was
    # played is read on the dark page as on the hall's screen.
    phone.goto(f"{url}/t/{tournament.slug}/phase-finale/ecran/")
    expect(phone.locator(".bracket-match .where").first).to_be_visible()
    shot(phone, "phone-hall-screen")

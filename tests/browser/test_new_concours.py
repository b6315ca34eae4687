"""« Nouveau tournoi » and the club's count of a coinche, lived (issues 37
item 3 and 38 item 8).

At 1366 px the first screen asks only what a concours needs, its height is
printed (it was a 3,290 px wall) and « Créer le tournoi » shows without
scrolling; the volunteer types the name and date at the keyboard, picks the
coinche and answers the club's questions by example (500 or 340, marked by
the engine), sees the profile named, and creates the concours. At the desk
(1280 px) and on a phone-sized desk (390 px), a table's page asks the same
questions until the first coinched deal; once one is typed they are gone.

Set JOURNEY_SHOTS to a folder to keep screenshots (to look at, never
compared)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from django.urls import reverse
from playwright.sync_api import Page, expect

from tests import factories
from tests.browser.grid import deal_keys, type_deal
from tests.browser.session import log_in
from tests.browser.shots import PHONE
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db(transaction=True)

LAPTOP = {"width": 1366, "height": 768}
DESK = {"width": 1280, "height": 800}


def shoot(page: Page, name: str) -> None:
    folder = os.environ.get("JOURNEY_SHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(folder) / f"{name}.png"), full_page=True)


def height(page: Page) -> int:
    """Where the page's content ends (not the window's height when the
    content is shorter)."""
    return page.evaluate(
        "() => Math.ceil(Math.max(...[...document.body.children].map("
        "e => e.getBoundingClientRect().bottom + window.scrollY)))"
    )


def create_button_in_view(page: Page) -> bool:
    box = page.get_by_role("button", name="Créer le tournoi").bounding_box()
    return box is not None and box["y"] + box["height"] <= page.viewport_size["height"]


def test_the_first_screen_asks_what_a_concours_needs_and_the_clubs_count(
    live_server, page: Page, organizer
):
    url = live_server.url
    page.set_viewport_size(LAPTOP)
    log_in(page, url)
    page.goto(url + "/organisation/")
    page.get_by_role("link", name="Nouveau tournoi").first.click()
    expect(page.locator("h1")).to_have_text("Nouveau tournoi")
    # Measured once the script has folded the counts' questions away (they
    # are in the page for the coinche presets: measured at once, 1547 px).
    expect(page.locator("[data-count-for='ffb-coinche']")).to_be_hidden()
    print(f"\n« Nouveau tournoi » at 1366 px: {height(page)} px high (classic belote)")
    assert height(page) <= 768
    assert create_button_in_view(page)
    shoot(page, "new-concours-1366-belote")

    page.get_by_label("Nom du tournoi").click()
    page.keyboard.type("Coinche du Téléthon")
    page.get_by_label("Date").fill("2026-12-05")
    page.get_by_label("Lieu").fill("Salle Jean-Moulin")
    page.get_by_label("Règles").select_option("ffb-coinche")
    coinche = page.locator("[data-count-for='ffb-coinche']")
    expect(coinche).to_be_visible()
    expect(page.locator("[data-count-for='contree-faits']")).to_be_hidden()
    chute = coinche.get_by_role("group", name="Une coinche chutée à 90 : combien pour la défense ?")
    expect(chute).to_contain_text("2 × [160 (chute) + 90 (contrat)] = 500")
    expect(chute).to_contain_text("160 (chute) + 2 × 90 (contrat) = 340")
    profile = coinche.locator("output")
    expect(profile).to_have_text("Coinche FFB, version 1")
    print(f"« Nouveau tournoi » at 1366 px: {height(page)} px high (coinche, its questions)")
    assert create_button_in_view(page)
    shoot(page, "new-concours-1366-coinche")

    # The club counts 160 + 2 × 90 for a chute: the made coinche not
    # answered yet follows (340); made at 500 goes with no count, and the
    # form says so before it is sent.
    chute.get_by_text("160 (chute) + 2 × 90 (contrat) = 340").click()
    made = coinche.get_by_role("group", name="Une coinche réussie à 90", exact=False)
    expect(made.locator("input:checked")).to_have_value("340")
    made.get_by_text("2 × [160 (base) + 90 (contrat)] = 500").click()
    expect(profile).to_have_text(
        "Ces réponses ne vont pas ensemble : aucun compte ne les donne toutes."
    )
    made.get_by_text("160 (base) + 2 × 90 (contrat) = 340").click()
    expect(profile).to_have_text("Coinche FFB, compte du club : contrat seul multiplié")
    page.get_by_label("Nombre de parties").fill("3")
    page.get_by_label("Donnes par partie").fill("4")
    page.get_by_role("button", name="Créer le tournoi").click()
    expect(page.get_by_role("heading", name="Coinche du Téléthon")).to_be_visible()
    rules = Tournament.objects.get(name="Coinche du Téléthon").rule_profile
    assert (rules.preset, rules.coinche_count) == ("ffb-coinche", "contract_only")
    expect(page.locator("p.rules")).to_contain_text("coinche : 160 + contrat × 2")

    # Every other setting is on the tournament's page, already in force.
    page.get_by_role("link", name="Modifier le tournoi").click()
    expect(page.get_by_role("checkbox", name="Délai de réclamation")).to_be_checked()
    print(f"« Modifier le tournoi » at 1366 px: {height(page)} px high (every setting)")


def test_a_phone_sized_screen_shows_the_first_screen(live_server, page: Page, organizer):
    page.set_viewport_size(PHONE)
    log_in(page, live_server.url)
    page.goto(live_server.url + reverse("tournaments:create"))
    page.get_by_label("Règles").select_option("contree-faits-annonces")
    block = page.locator("[data-count-for='contree-faits-annonces']")
    expect(block.locator(".count-question:visible")).to_have_count(3)
    block.get_by_text("160 (chute) + 250 (capot demandé) = 410").click()
    expect(block.locator("output")).to_have_text(
        "Contrée — points faits + annoncés, compte du club : chute d'un contrat de 250"
    )
    print(f"\n« Nouveau tournoi » at 390 px: {height(page)} px high (contrée, 3 questions)")
    shoot(page, "new-concours-390-contree")


@pytest.mark.parametrize("viewport", [DESK, PHONE], ids=["1280", "390"])
def test_the_desk_asks_the_count_until_the_first_coinched_deal(
    live_server, page: Page, organizer, viewport
):
    tournament = factories.build_tournament(owner=organizer, preset="ffb-coinche", end_deals=4)
    factories.add_teams(tournament, 2)
    table = factories.first_table(factories.draw_random_round(tournament))
    page.set_viewport_size(viewport)
    log_in(page, live_server.url)
    page.goto(
        live_server.url + reverse("tournaments:table", args=[tournament.slug, 1, table.number])
    )
    asked = page.locator("#club-count")
    expect(asked).to_contain_text("Avant la première coinche : comment compte votre club ?")
    expect(asked).to_contain_text("Règles : Coinche FFB, version 1")
    shoot(page, f"desk-club-count-{viewport['width']}")
    asked.get_by_text("160 (chute) + 2 × 90 (contrat) = 340").click()
    asked.get_by_text("160 (base) + 2 × 90 (contrat) = 340").click()
    asked.get_by_role("button", name="Enregistrer le compte du club").click()
    expect(page.locator(".messages")).to_contain_text(
        "Compte du club enregistré : Coinche FFB, compte du club : contrat seul multiplié."
    )
    # The first coinched deal, typed at the keyboard: 160 + 2 × 90 for the
    # defence, and the questions are gone.
    type_deal(page, deal_keys(taker="A", trump="H", bid="90", points="70", coinche=1))
    expect(page.locator("#deal-1 .marque-b")).to_have_text("340")
    page.reload()
    expect(page.locator("#club-count")).to_have_count(0)
    shoot(page, f"desk-after-first-coinche-{viewport['width']}")

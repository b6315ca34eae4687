"""The season challenge in a real browser: the organizer opens a challenge of
three evenings, reads its ranking, adds a fourth evening already played and
sees the ranking change; a player reads the public page on a phone (390 px),
then in English. The page fixture fails on any 5xx, console error or element
wider than the screen. Set BROWSER_SCREENSHOTS to a folder to keep the
screenshots."""

from __future__ import annotations

import datetime
import os
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests import factories
from tests.browser.conftest import checked
from tests.browser.shots import PHONE
from tests.factories import PASSWORD
from tournaments.features.challenge import services as challenges

pytestmark = pytest.mark.django_db(transaction=True)

PLAYERS = [
    ("Marie-Thérèse", "Delacroix-Chênevière"),
    ("Jean-Baptiste", "Lefèvre-Desbordes"),
    ("Anne-Sophie", "Thébault de la Pérouse"),
    ("François-Xavier", "Évrard-Sénéchal"),
    ("Hélène", "D’Artagnan"),
    ("Loïc", "Quéré-Lemaître"),
    ("Zoé", "Allègre"),
    ("Noël", "Brûlé"),
]
#: Who plays with whom each evening (indexes in PLAYERS): partners change.
PAIRINGS = [
    [(0, 1), (2, 3), (4, 5), (6, 7)],
    [(0, 2), (1, 3), (4, 6), (5, 7)],
    [(0, 3), (1, 2), (4, 7), (5, 6)],
    [(0, 4), (1, 5), (2, 6), (3, 7)],
]


def shot(page: Page, name: str) -> None:
    folder = os.environ.get("BROWSER_SCREENSHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(folder) / f"challenge-{name}.png"), full_page=True)


def test_the_organizer_adds_an_evening_and_a_phone_reads_the_ranking(
    live_server, page: Page, open_page, organizer
):
    """Browser: 390 px layout, axe."""
    evenings = [
        factories.played_tournament(
            owner=organizer,
            name=f"Soirée coinche n° {n + 1}",
            day=datetime.date(2026, 1, 9 + 7 * n),
            pairs=[(PLAYERS[a], PLAYERS[b]) for a, b in pairing],
            parties=2,
            seed=n + 1,
        )
        for n, pairing in enumerate(PAIRINGS)
    ]
    challenge = challenges.create_challenge(
        owner=organizer, name="Challenge d’hiver de Saint-Éloi", best_n=3, published=True
    )
    for evening in evenings[:3]:
        challenges.add_tournament(challenge=challenge, tournament=evening, by=organizer)

    page.goto(live_server.url + "/compte/connexion/")
    page.get_by_label("Nom d’utilisateur").fill("orga")
    page.get_by_label("Mot de passe").fill(PASSWORD)
    page.get_by_role("button", name="Se connecter").click()
    page.get_by_role("link", name="Organisation").click()
    page.get_by_role("link", name="Challenges de la saison").click()
    page.get_by_role("link", name="Challenge d’hiver de Saint-Éloi").click()
    ranking = page.locator("table.challenge-ranking tbody")
    expect(ranking.locator("tr")).to_have_count(8)
    before = ranking.inner_text()
    assert "Marie-Thérèse Delacroix-Chênevière" in before
    expect(ranking.locator("s.dropped")).to_have_count(0)
    shot(page, "organizer-3")

    page.get_by_label("Soirée à ajouter").select_option(label="Soirée coinche n° 4")
    page.get_by_role("button", name="Ajouter la soirée").click()
    expect(page.get_by_text("« Soirée coinche n° 4 » ajouté au challenge.")).to_be_visible()
    expect(page.locator(".challenge-evenings li")).to_have_count(4)
    # Four evenings, the best three count: every player has one struck.
    expect(ranking.locator("s.dropped")).to_have_count(8)
    assert ranking.inner_text() != before
    shot(page, "organizer-4")

    phone = open_page(viewport=PHONE)
    phone.goto(live_server.url + "/")
    phone.get_by_role("link", name="Challenge d’hiver de Saint-Éloi").click()
    expect(phone.get_by_role("heading", level=1)).to_have_text("Challenge d’hiver de Saint-Éloi")
    expect(phone.locator("table.challenge-ranking tbody tr")).to_have_count(8)
    checked(phone)  # guard.js has checked it
    shot(phone, "phone-fr")

    phone.get_by_role("link", name="EN", exact=True).click()
    expect(phone.get_by_role("columnheader", name="Evening by evening")).to_be_visible()
    expect(phone.locator(".explanation")).to_contain_text("The best 3 evenings count")
    checked(phone)  # guard.js has checked it
    shot(phone, "phone-en")

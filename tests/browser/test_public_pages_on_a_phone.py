"""Every public page fits a phone's screen (390 × 844), in French then in
English, with a tournament as the day brings it: 24 teams with long accented
names and clubs, two parties played, the third under way.

The page fixture fails on any element wider than the screen and on any
console error. Set BROWSER_SCREENSHOTS to a folder to keep a full-page
screenshot of each page there (to look at them, not to compare)."""

from __future__ import annotations

import datetime
import os
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import checked
from tests.browser.shots import PHONE
from tournaments.models import Round, Tournament
from tournaments.services import registration, release, rounds, scores, tournaments

pytestmark = pytest.mark.django_db(transaction=True)

FIRST_NAMES = ["Marie-Thérèse", "Jean-Baptiste", "Anne-Sophie", "François-Xavier", "Hélène"]
LAST_NAMES = [
    "Delacroix-Chênevière",
    "Lefèvre-Desbordes",
    "Thébault de la Pérouse",
    "Évrard-Sénéchal",
    "D’Artagnan",
    "Quéré-Lemaître",
]
TEAM_NAMES = [
    "Les Joyeux Coincheurs de l’Épinette-Vénérable",
    "Les Cœurs Vaillants du Pré-Saint-Gervais",
    "Amicale des Beloteurs Réunis de Châteauneuf",
    "Les Sans-Atout de la Côte-d’Émeraude",
    "Œuvre des Capots Triomphants",
    "Les Rebelotes de Sainte-Anne-d’Auray",
]
CLUBS = [
    "Amicale des Beloteurs de Châteauneuf-sur-Loire",
    "Cercle de la Belle Époque de Saint-Rémy-de-Provence",
    "",
]


def long_named_tournament(owner) -> Tournament:
    tournament = tournaments.create_tournament(
        owner=owner,
        name="Grand concours de coinche du comité des fêtes de Saint-Éloi-les-Châtaigniers",
        date=datetime.date(2026, 12, 5),
        venue="Salle polyvalente Émile-Zola, Saint-Éloi-les-Châtaigniers",
        preset="ffb-coinche",
        overrides={"rounding": "none"},  # totals to the point: 1 657, 991…
        score_entry=Tournament.ScoreEntry.TOTALS,
        published=True,
    )
    for i in range(24):
        club = CLUBS[i % len(CLUBS)]
        registration.register_team(
            tournament=tournament,
            player1=registration.PlayerData(
                FIRST_NAMES[i % 5], LAST_NAMES[i % 6] + f" {i}", club=club
            ),
            player2=registration.PlayerData(FIRST_NAMES[(i + 2) % 5], LAST_NAMES[(i + 3) % 6]),
            name=TEAM_NAMES[i // 4] if i % 4 == 0 else "",
            club=club,
        )
    for number in (1, 2, 3):
        method = Round.DrawMethod.RANDOM if number == 1 else Round.DrawMethod.RANKING
        rnd = rounds.draw_round(tournament=tournament, method=method, seed=number)
        release.release_round(round=rnd)  # the sheets laid out: announced
        tables = rnd.tables.filter(team_b__isnull=False).order_by("number")
        for i, table in enumerate(tables):
            if number == 3 and i % 2:
                continue  # the third partie is under way: half its tables play on
            scores.record_totals(table=table, total_a=1620 + 37 * i, total_b=980 + 11 * i)
        if number < 3:
            rounds.close_round(round=rnd)
    return tournament


def visit(page: Page, url: str, name: str, shots: Path | None) -> None:
    page.goto(url)
    checked(page)  # guard.js has checked it
    if shots:
        page.screenshot(path=str(shots / f"{name}.png"), full_page=True)


def test_every_public_page_fits_a_phone_in_french_and_in_english(
    live_server, page: Page, organizer
):
    """Browser: 390 px layout, axe."""
    tournament = long_named_tournament(organizer)
    team = tournament.teams.get(number=5)
    shots = (
        Path(os.environ["BROWSER_SCREENSHOTS"]) if os.environ.get("BROWSER_SCREENSHOTS") else None
    )
    if shots:
        shots.mkdir(parents=True, exist_ok=True)
    page.set_viewport_size(PHONE)
    base = f"{live_server.url}/t/{tournament.slug}/"
    pages = {
        "detail": base,
        "standings": base + "classement/",
        "where": base + "ou-je-joue/?q=therese+delacroix",
        "team": base + f"equipes/{team.number}/",
        "results": base + "parties/2/",
        "projector": base + "ecran/",
    }
    for language, ranking in (("fr", "Classement"), ("en", "Ranking")):
        if language == "en":
            page.goto(f"{live_server.url}/langue/en/?next=/")
        for name, url in pages.items():
            visit(page, url, f"{language}-{name}", shots)
            assert page.locator("html").get_attribute("lang") == language
        page.goto(pages["standings"])
        expect(page.get_by_role("heading", level=1)).to_contain_text(ranking)
        page.goto(pages["where"])
        expect(page.locator(".places .card")).not_to_have_count(0)

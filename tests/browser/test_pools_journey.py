"""Pools in a real browser: the organizer forms 4 pools (of 4 and 3 teams)
from the tournament's page, draws and plays the three pool parties
(the first table of each typed deal by deal in the grid, the others through
the same service), closes them and reads each pool's ranking; a phone at
390 px opens the public pools page from the tournament's page, then in
English. The page fixture fails on any 5xx, console error or element wider
than the screen. Set BROWSER_SCREENSHOTS to a folder to keep the
screenshots."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from django.utils import timezone
from playwright.sync_api import Page, expect

from tests import factories
from tests.browser.conftest import checked
from tests.browser.session import log_in
from tests.browser.shots import PHONE
from tests.browser.test_organizer_journey import close_partie, enter_deal, last_marques
from tournaments.models import Round, Table
from tournaments.queries.pools import pool_standings
from tournaments.services import registration, scores

pytestmark = pytest.mark.django_db(transaction=True)

TEAMS = [
    (("Marie-Thérèse", "Delacroix-Chênevière"), ("Jean-Baptiste", "Lefèvre-Desbordes")),
    (("Amélie", "Bérard"), ("Jérôme", "Dupré")),
    (("Zoé", "Hébert"), ("Loïc", "Thébault")),
    (("Hélène", "Noël"), ("Joëlle", "Château")),
    (("Inès", "Ségur"), ("Valérie", "Rivière")),
    (("Denis", "Marchand"), ("Éric", "Guérin")),
    (("Céline", "Féraud"), ("Grégoire", "Lemaître")),
    (("Océane", "Vallée"), ("Maëlle", "Quéré")),
    (("François", "Évrard"), ("Thérèse", "Sénéchal")),
    (("Stéphane", "Brûlé"), ("Noël", "Allègre")),
    (("Anne-Sophie", "Thébault de la Pérouse"), ("François-Xavier", "Évrard-Sénéchal")),
    (("Renée", "Lacôte"), ("Benoît", "Mérignac")),
    (("Léa", "Pâris"), ("Yannick", "Tréguier")),
]


def shot(page: Page, name: str) -> None:
    folder = os.environ.get("BROWSER_SCREENSHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(folder) / f"pools-{name}.png"), full_page=True)


def test_the_organizer_runs_the_pools_and_a_phone_reads_them(
    live_server, page: Page, open_page, organizer
):
    # Played today: the home lists it first (« Concours en cours et du jour »).
    """Browser: 390 px layout, axe."""
    tournament = factories.build_tournament(
        owner=organizer,
        name="Mondial de coinche de Borgu",
        parties=4,
        end_deals=2,
        date=timezone.localdate(),
    )
    for (f1, l1), (f2, l2) in TEAMS:
        registration.register_team(
            tournament=tournament,
            player1=registration.PlayerData(f1, l1),
            player2=registration.PlayerData(f2, l2),
        )
    url = live_server.url
    log_in(page, url)
    page.goto(url + f"/organisation/t/{tournament.slug}/")
    page.get_by_role("link", name="Poules", exact=True).click()

    # Pools of 4 in registration order: the form's first choices.
    expect(page.get_by_label("Poules de 4 (et de 3 s'il le faut)")).to_be_checked()
    page.get_by_role("button", name="Former les poules").click()
    expect(page.locator(".messages")).to_contain_text("4 poules formées")
    pools = page.locator("section.pool")
    expect(pools).to_have_count(4)
    expect(pools.nth(0).locator("tbody tr")).to_have_count(3)
    # 13 teams in pools of 4: three of 3 and one of 4 (snake seeding).
    sizes = sorted(pools.nth(i).locator("tbody tr").count() for i in range(4))
    assert sizes == [3, 3, 3, 4]

    # Form them again at random, from a number: the same number, the same pools.
    page.get_by_label("Au hasard (en serpentin)").check()
    page.get_by_label("Numéro de tirage (facultatif)").fill("2026")
    page.get_by_role("button", name="Refaire les poules").click()
    expect(page.locator(".messages")).to_contain_text("4 poules formées")
    shot(page, "organizer-formed")

    for number in (1, 2, 3):
        page.get_by_role("button", name=f"Tirer la partie {number} des poules").click()
        expect(page.get_by_role("heading", name=re.compile(f"Partie {number}"))).to_be_visible()
        expect(page.locator(".meta").first).to_contain_text("Poules")
        rnd = tournament.rounds.get(number=number)
        assert rnd.draw_method == Round.DrawMethod.POOLS
        # Three pools of three: three teams exempt, and five tables played.
        assert rnd.tables.filter(team_b__isnull=True).count() == 3
        page.get_by_role("link", name="1", exact=True).click()
        enter_deal(page, taker="A", trump="H", bid="90", points="97")
        assert last_marques(page, 1) == ("190", "70")
        enter_deal(page, taker="B", trump="S", bid="80", points="100")
        expect(page.locator(".running-totals")).to_contain_text("Partie terminée")
        for table in rnd.tables.filter(team_b__isnull=False).exclude(number=1):
            for _ in range(2):
                scores.record_deal(
                    table=table, values={"taker": "B", "trump": "C", "bid": 80, "points_b": 110}
                )
        page.goto(url + f"/organisation/t/{tournament.slug}/parties/{number}/")
        close_partie(page)
        expect(page.locator(".messages")).to_contain_text(f"Partie {number} close")
        page.goto(url + f"/organisation/t/{tournament.slug}/poules/")

    expect(page.locator(".notice")).to_contain_text("Les trois parties de poules sont tirées")
    assert Table.objects.filter(round__tournament=tournament).count() == 3 * 8
    standings = pool_standings(tournament)
    for i, standing in enumerate(standings):
        rows = pools.nth(i).locator("tbody tr")
        expect(rows).to_have_count(len(standing.lines))
        leader = standing.lines[0]
        expect(rows.nth(0)).to_contain_text(str(leader.team))
        # The cell says its words too (« 2 gagnées »: a screen reader, a narrow screen).
        won = rows.nth(0).locator("td").nth(2)
        expect(won).to_have_text(re.compile(rf"^{leader.row.won} gagnées?$"))
        expect(pools.nth(i).locator(".pool-matches li")).to_have_count(len(standing.matches))
    shot(page, "organizer-played")

    phone = open_page(viewport=PHONE)
    phone.goto(url + "/")
    phone.get_by_role("link", name="Mondial de coinche de Borgu").click()
    phone.get_by_role("link", name="Poules", exact=True).click()
    expect(phone.get_by_role("heading", level=1)).to_have_text("Poules")
    expect(phone.locator("section.pool")).to_have_count(4)
    expect(
        phone.locator("section.pool").first.locator(".pool-matches .score").first
    ).to_be_visible()
    checked(phone)  # guard.js has checked it
    shot(phone, "phone-fr")
    phone.get_by_role("link", name="EN", exact=True).click()
    expect(phone.get_by_role("heading", level=1)).to_have_text("Pools")
    expect(phone.locator("section.pool h2").first).to_have_text("Pool A")
    checked(phone)  # guard.js has checked it
    shot(phone, "phone-en")

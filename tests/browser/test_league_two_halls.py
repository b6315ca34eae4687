"""A three-stage league whose departmental final is played in two halls
and merged (issue 27, item 6), in a real browser: the organizer closes the
qualifiers' stage (the qualified teams go into the final's registration),
declares the final « joué dans plusieurs salles » with the keyboard, each
hall's laptop plays its half of the list and its file comes in (one
uploaded at the desk, one sent signed from the hall); while one hall is
missing the league says the final's ranking is provisional and sends no
one; the last file makes it final and the first 50 % of the merged ranking
go into the regional final by themselves. A 390 px phone reads the public
league page. The fixtures fail on any 5xx, console error, overflow or axe
fault. Set BROWSER_SCREENSHOTS to a folder to keep the screenshots."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import checked
from tests.browser.session import log_in
from tests.browser.shots import DESK, PHONE
from tests.tournaments.features.leagues.builders import laptop_file, three_stage_league
from tournaments.features.leagues.queries import stage_ranking
from tournaments.infra import publish_client
from tournaments.models import Team, Tournament

pytestmark = pytest.mark.django_db(transaction=True)

VIC = "Salle des fêtes de Vic"
LEMBEYE = "Foyer rural de Lembeye"


def shot(page: Page, name: str) -> None:
    if folder := os.environ.get("BROWSER_SCREENSHOTS"):
        Path(folder).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(folder) / f"league-halls-{name}.png"), full_page=True)


def press(page: Page, locator) -> None:
    locator.focus()
    page.keyboard.press("Enter")


def registered(tournament: Tournament) -> list[Team]:
    return list(tournament.teams.filter(round__isnull=True).order_by("number"))


def test_a_league_final_played_in_two_halls_is_merged_and_sends_its_qualified_on(
    live_server, page: Page, open_page, organizer, tmp_path
):
    """Browser: keys and focus, 390 px layout, htmx swaps, axe."""
    league = three_stage_league(organizer)
    league.published = True
    league.save(update_fields=["published"])
    _qualifiers, departmental, regional = league.stages.order_by("position")
    final = departmental.tournaments.get()
    regional_final = regional.tournaments.get()
    url = live_server.url
    page.set_viewport_size(DESK)
    log_in(page, url)

    # The qualifiers are final (played, claims closed, before they joined the
    # league): the league's page, opened, sends their 4 qualified teams to the
    # final by itself, and says so.
    page.goto(f"{url}/organisation/ligues/{league.slug}/")
    expect(page.get_by_text(f"« {final.name} » : 4 équipes inscrites.")).to_be_visible()
    expect(
        page.locator("#stage-1").get_by_role(
            "button", name="Mettre à jour les qualifiés de l'étape suivante"
        )
    ).to_be_visible()
    teams = registered(final)
    assert len(teams) == 4

    # The final is played in two halls: declared with the keyboard.
    page.goto(f"{url}/organisation/t/{final.slug}/")
    press(page, page.get_by_role("link", name="Plusieurs salles"))
    page.get_by_label("Les salles, une par ligne").focus()
    page.keyboard.type(VIC)
    page.keyboard.press("Enter")
    page.keyboard.type(LEMBEYE)
    page.keyboard.press("Tab")
    page.keyboard.press("Control+A")
    page.keyboard.type("1")
    page.keyboard.press("Enter")
    expect(page.locator(".messages")).to_contain_text("Salles enregistrées.")

    # Vic's laptop played its two teams; its file is uploaded at the desk.
    vic_file = tmp_path / "vic.json"
    vic_file.write_bytes(laptop_file(final, teams[:2]))
    vic = page.locator(".hall", has_text=VIC)
    vic.locator("input[type=file]").set_input_files(str(vic_file))
    press(page, vic.get_by_role("button", name=f"Déposer le fichier de « {VIC} »"))
    expect(page.locator(".messages")).to_contain_text(f"Fichier de « {VIC} » reçu.")
    expect(page.get_by_role("heading", name="Classement provisoire")).to_be_visible()

    # One hall missing: the league shows the final's ranking, provisional,
    # and sends no one to the regional final.
    page.goto(f"{url}/organisation/ligues/{league.slug}/")
    expect(page.locator("#stage-2 .league-ranking tbody tr")).to_have_count(2)
    expect(page.locator("#stage-2 .league-halls")).to_contain_text(
        "Joué dans plusieurs salles : 1 fichier(s) reçu(s) sur 2."
    )
    assert not registered(regional_final)
    shot(page, "one-hall-in")

    # Lembeye's laptop sends its file with its hall's key.
    page.goto(f"{url}/organisation/t/{final.slug}/salles/")
    lembeye = page.locator(".hall", has_text=LEMBEYE)
    press(page, lembeye.get_by_role("button", name=f"Créer la clé d'envoi de « {LEMBEYE} »"))
    secret = lembeye.locator("input.new-key").input_value()
    sent = publish_client.send(
        url, secret, laptop_file(final, teams[2:]), path=publish_client.HALL_RECEIVE_PATH
    )
    assert sent.ok, sent
    page.reload()
    expect(page.get_by_role("heading", name="Classement définitif")).to_be_visible()
    expect(page.locator(".halls-ranking tbody tr")).to_have_count(4)

    # The last hall in made the ranking final: the first 50 % of the merged
    # ranking are in the regional final's registration, by themselves.
    merged = stage_ranking(final)
    expected = {row.team_name for row in merged[:2]}
    assert {t.display_name for t in registered(regional_final)} == expected
    page.goto(f"{url}/organisation/ligues/{league.slug}/")
    expect(page.locator("#stage-2 .league-ranking tbody tr")).to_have_count(4)
    expect(page.locator("#stage-2 .league-sent li")).to_have_count(2)
    shot(page, "merged-and-sent")

    phone = open_page(viewport=PHONE, is_mobile=True, has_touch=True)
    phone.goto(f"{url}/ligue/{league.slug}/")
    expect(phone.locator("#stage-2 .league-sent li")).to_have_count(2)
    expect(phone.locator("#stage-2")).to_contain_text(merged[0].team_name)
    checked(phone)  # guard.js has checked it
    shot(phone, "phone")

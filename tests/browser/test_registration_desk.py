"""The registration desk in Chromium: two computers at the entrance
register two teams at the same instant (both teams exist, with different
numbers); three letters of a name propose a player of an earlier concours
and fill the form; players who came alone wait in a queue and are paired by
hand and at random. At 1366 px and 390 px, in French."""

from __future__ import annotations

import datetime
import os
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.browser.session import log_in
from tests.factories import build_tournament
from tournaments.models import Team
from tournaments.services import registration

pytestmark = pytest.mark.django_db(transaction=True)

#: Set BELOTE_SHOTS to a folder to keep screenshots of the journey.
SHOTS = os.environ.get("BELOTE_SHOTS")


def shot(page: Page, name: str) -> None:
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=f"{SHOTS}/{name}.png", full_page=True)


def fill_team(page: Page, first: tuple[str, str], second: tuple[str, str]) -> None:
    page.locator("#id_first_name1").fill(first[0])
    page.locator("#id_last_name1").fill(first[1])
    page.locator("#id_first_name2").fill(second[0])
    page.locator("#id_last_name2").fill(second[1])


def test_two_desks_register_two_teams_at_the_same_instant(live_server, open_page, tournament):
    """Browser: axe."""
    url = live_server.url
    add = f"{url}/organisation/t/{tournament.slug}/equipes/ajouter/"
    desks = [open_page(viewport={"width": 1366, "height": 900}) for _ in range(2)]
    for desk in desks:
        log_in(desk, url)
        desk.goto(add)
    fill_team(desks[0], ("Amélie", "Lefèvre"), ("Jérôme", "Bérard"))
    fill_team(desks[1], ("Hélène", "Thébault"), ("Loïc", "Quéré"))
    # Both « Enregistrer » pressed before either answer comes back.
    for desk in desks:
        desk.get_by_role("button", name="Enregistrer", exact=True).click(no_wait_after=True)
    for desk in desks:
        expect(desk.locator(".messages")).to_contain_text("Équipe enregistrée.")
    teams = list(Team.objects.filter(tournament=tournament).order_by("number"))
    assert [t.number for t in teams] == [1, 2]
    assert {t.player1.last_name for t in teams} == {"Lefèvre", "Thébault"}
    for desk in desks:
        desk.reload()
        expect(desk.locator(".teams-list tbody tr")).to_have_count(2)


def test_the_same_team_sent_from_two_desks_at_once_is_registered_once(
    live_server, open_page, tournament
):
    """Browser: axe."""
    url = live_server.url
    add = f"{url}/organisation/t/{tournament.slug}/equipes/ajouter/"
    desks = [open_page(viewport={"width": 1366, "height": 900}) for _ in range(2)]
    for desk in desks:
        log_in(desk, url)
        desk.goto(add)
        fill_team(desk, ("Amélie", "Lefèvre"), ("Jérôme", "Bérard"))
    for desk in desks:
        desk.get_by_role("button", name="Enregistrer", exact=True).click(no_wait_after=True)
    saved, refused = 0, 0
    for desk in desks:
        desk.wait_for_load_state()
        # the second desk waits for the first one's write: a busy machine is slow
        # (the answer itself: a message left by the sign-in is no answer)
        answer = desk.locator(
            ".messages:has-text('Équipe enregistrée.'), #field-last_name1 .errorlist"
        )
        expect(answer.first).to_be_visible(timeout=30_000)
        if desk.locator("#field-last_name1 .errorlist").count():
            expect(desk.locator("#field-last_name1")).to_contain_text(
                "Cette équipe est déjà inscrite (n° 1)."
            )
            refused += 1
        else:
            saved += 1
    assert (saved, refused) == (1, 1)
    assert Team.objects.filter(tournament=tournament).count() == 1


@pytest.mark.parametrize("width", [1366, 390])
def test_a_known_player_is_proposed_and_singles_are_paired(
    live_server, page: Page, organizer, tournament, width
):
    """Browser: keys and focus, 390 px layout, scripts, axe."""
    last_week = build_tournament(
        owner=organizer, name="Concours d'avant", date=datetime.date(2026, 11, 28)
    )
    registration.register_team(
        tournament=last_week,
        player1=registration.PlayerData("Amélie", "Lefèvre", "FFB123", "Les As de Trèfle"),
        player2=registration.PlayerData("Jérôme", "Bérard", "", "Les As de Trèfle"),
        club="Les As de Trèfle",
    )
    page.set_viewport_size({"width": width, "height": 900})
    url = live_server.url
    log_in(page, url)
    page.goto(f"{url}/organisation/t/{tournament.slug}/")
    page.get_by_role("link", name="Ajouter une équipe").click()

    # Three letters, without the accent: Amélie Lefèvre is proposed.
    page.locator("#id_last_name1").press_sequentially("lef", delay=30)
    proposed = page.locator("#suggest1 button.suggestion")
    expect(proposed).to_have_count(1)
    expect(proposed).to_contain_text("Amélie Lefèvre")
    expect(proposed).to_contain_text("licence FFB123")
    shot(page, f"desk-{width}-suggestion")
    proposed.click()
    expect(page.locator("#id_first_name1")).to_have_value("Amélie")
    expect(page.locator("#id_last_name1")).to_have_value("Lefèvre")
    expect(page.locator("#id_licence1")).to_have_value("FFB123")
    expect(page.locator("#id_club")).to_have_value("Les As de Trèfle")
    expect(page.locator("#suggest1 button")).to_have_count(0)
    expect(page.locator("#id_first_name2")).to_be_focused()
    page.locator("#id_first_name2").press_sequentially("JÉR", delay=30)
    page.locator("#suggest2 button.suggestion").click()
    expect(page.locator("#id_last_name2")).to_have_value("Bérard")
    page.get_by_role("button", name="Enregistrer", exact=True).click()
    expect(page.locator(".messages")).to_contain_text("Équipe enregistrée.")
    team = Team.objects.get(tournament=tournament)
    assert (team.player1.licence, team.club) == ("FFB123", "Les As de Trèfle")

    # Four players came alone: two paired by hand, two at random.
    for first, last in (("Loïc", "Quéré"), ("Zoé", "Ségur"), ("Léa", "Noël"), ("Inès", "Roux")):
        page.get_by_role("link", name="Ajouter un joueur venu seul").click()
        page.locator("#id_first_name").fill(first)
        page.locator("#id_last_name").fill(last)
        page.get_by_role("button", name="Mettre en attente", exact=True).click()
        expect(page.locator(".messages")).to_contain_text(f"{first} {last} attend un partenaire.")
    queue = page.locator("#waiting-queue")
    expect(queue).to_contain_text("4 joueurs seuls en attente d'un partenaire")
    shot(page, f"desk-{width}-queue")
    queue.get_by_role("checkbox", name="Loïc Quéré").check()
    queue.get_by_role("checkbox", name="Zoé Ségur").check()
    queue.get_by_role("button", name="Associer les deux joueurs cochés").click()
    expect(page.locator(".messages")).to_contain_text(
        "Équipe n° 2 formée : Loïc Quéré & Zoé Ségur."
    )
    expect(queue).to_contain_text("2 joueurs seuls en attente d'un partenaire")
    queue.get_by_role("button", name="Associer au hasard").click()
    expect(page.locator(".messages")).to_contain_text("1 équipe formée au hasard : n° 3.")
    expect(page.locator("#waiting-queue")).to_have_count(0)
    expect(page.locator(".teams-list tbody tr")).to_have_count(3)

"""A league in a real browser (issue 27, item 6): the organizer creates a
league of three stages with the keyboard (two qualifier concours → the
departmental final → the regional final) and puts its concours in; the
qualifiers are played, Honfleur's claims still open: closing the stage is
refused, said why; once Honfleur's claims are closed by hand the qualified
teams appear by themselves in the final's desk list, marked with their
place (sent again, nothing changes); the clubs' ranking shows, teams without a club said
aside. A 390 px phone opens the public league page from the home page.
The fixtures fail on any 5xx, console error, overflow or axe fault.
Set BROWSER_SCREENSHOTS to a folder to keep the screenshots."""

from __future__ import annotations

import datetime
import os
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import checked
from tests.browser.session import log_in
from tests.browser.shots import PHONE
from tests.factories import build_tournament
from tests.tournaments.features.leagues.builders import played_concours, qualifier_teams
from tournaments.features.leagues.queries import stage_ranking

pytestmark = pytest.mark.django_db(transaction=True)

DAY = datetime.date(2026, 12, 5)


def shot(page: Page, name: str) -> None:
    if folder := os.environ.get("BROWSER_SCREENSHOTS"):
        Path(folder).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(folder) / f"league-{name}.png"), full_page=True)


def type_and_tab(page: Page, first: str, values: list[str]) -> None:
    """Focus `first`, then type each value (replacing what the field
    held) and Tab to the next field."""
    page.locator(first).focus()
    for value in values:
        page.keyboard.press("ControlOrMeta+a")
        page.keyboard.type(value)
        page.keyboard.press("Tab")


def add_stage(page: Page, name: str, rule: str, value: str) -> None:
    type_and_tab(page, "#id_stage-name", [name])
    page.locator("#id_stage-rule").select_option(label=rule)
    type_and_tab(page, "#id_stage-value", [value])
    page.keyboard.press("Enter")
    expect(page.get_by_text(f"Étape « {name} » ajoutée.")).to_be_visible()


def add_concours(page: Page, stage: str, concours: str) -> None:
    choice = page.get_by_label(f"Concours à ajouter à « {stage} »")
    choice.select_option(label=concours)
    choice.focus()
    page.keyboard.press("Tab")  # to « Ajouter le concours »
    page.keyboard.press("Enter")
    expect(page.get_by_text(f"« {concours} » ajouté à l'étape « {stage} ».")).to_be_visible()


def test_a_three_stage_league_sends_its_qualified_teams_to_the_final(
    live_server, page: Page, open_page, organizer
):
    """Browser: keys and focus, 390 px layout, axe."""
    qualifiers = [
        played_concours(
            owner=organizer,
            name=f"Qualification de {town}",
            teams=qualifier_teams(town),
            day=DAY,
            seed=n + 1,
            final=town == "Lisieux",  # Honfleur's claims are still open
        )
        for n, town in enumerate(("Lisieux", "Honfleur"))
    ]
    build_tournament(
        owner=organizer, name="Finale départementale du Calvados", date=DAY + datetime.timedelta(30)
    )
    build_tournament(
        owner=organizer, name="Finale régionale de Normandie", date=DAY + datetime.timedelta(60)
    )
    url = live_server.url
    log_in(page, url)
    page.goto(url + "/organisation/")
    page.get_by_role("link", name="Ligues").click()

    # A league, typed: its name, its season, the best 2 teams of a club count, published.
    type_and_tab(page, "#id_name", ["Ligue du Pays d'Auge", "2026-2027", "2"])
    page.keyboard.press("Space")  # « Publiée »
    page.keyboard.press("Tab")
    page.keyboard.press("Enter")
    expect(page.get_by_text("Ligue créée : ajoutez-lui ses étapes.")).to_be_visible()

    # A wrong percentage: said next to its field, no stage created.
    type_and_tab(page, "#id_stage-name", ["Qualifications interclubs"])
    page.locator("#id_stage-rule").select_option(label="les N % premiers de chaque concours")
    type_and_tab(page, "#id_stage-value", ["150"])
    page.keyboard.press("Enter")
    expect(page.locator("#field-stage-value")).to_contain_text("Un pourcentage va de 1 à 100.")
    expect(page.locator(".league-stage")).to_have_count(0)

    add_stage(page, "Qualifications interclubs", "les N premiers de chaque concours", "2")
    add_stage(page, "Finale départementale", "les N % premiers de chaque concours", "50")
    add_stage(page, "Finale régionale", "les N premiers de chaque concours", "1")
    for concours in qualifiers:
        add_concours(page, "Qualifications interclubs", concours.name)
    add_concours(page, "Finale départementale", "Finale départementale du Calvados")
    add_concours(page, "Finale régionale", "Finale régionale de Normandie")
    stage1 = page.locator("#stage-1")
    expect(stage1.locator(".league-rule")).to_have_text(
        "Les 2 premiers de chaque concours vont à l'étape suivante."
    )
    expect(page.locator("#stage-2 .league-rule")).to_contain_text("Les 50 % premiers")
    expect(stage1.locator("tr.qualified")).to_have_count(4)
    expect(stage1.locator(".league-state")).to_contain_text("Classements provisoires")
    # Too early: Honfleur's ranking is provisional. Said, nothing sent.
    stage1.get_by_role("button", name="Clore l'étape : inscrire les qualifiés").click()
    expect(page.locator(".message.error")).to_contain_text(
        "le classement de « Qualification de Honfleur » n'est pas définitif"
    )
    expect(page.locator("#stage-1 .league-sent li")).to_have_count(0)
    shot(page, "organizer-before")

    # The stage closes: Honfleur's claims closed by hand, and the qualified
    # teams go to the departmental final by themselves.
    page.goto(f"{url}/organisation/t/{qualifiers[1].slug}/parties/1/")
    page.get_by_role("button", name="Clore les réclamations maintenant").focus()
    page.keyboard.press("Enter")
    expect(page.locator(".message.success")).to_contain_text("définitifs")
    page.goto(f"{url}/organisation/ligues/")
    page.get_by_role("link", name="Ligue du Pays d'Auge").click()
    expect(page.locator("#stage-1 .league-state")).to_contain_text(
        "Qualifiés envoyés à l'étape suivante le"
    )
    expect(page.locator("#stage-1 .league-sent li")).to_have_count(4)
    # Sent again: nothing changes, no team twice.
    page.locator("#stage-1").get_by_role(
        "button", name="Mettre à jour les qualifiés de l'étape suivante"
    ).click()
    expect(page.get_by_text("était déjà à jour : rien n'a changé.")).to_be_visible()

    # The clubs' ranking of the stage and of the league; teams without a club said aside.
    expect(page.locator("#stage-1 .league-clubs-ranking tbody tr")).to_have_count(2)
    expect(page.locator("#stage-1 .league-left-out")).to_have_text(
        "4 équipes sans club n'entrent pas dans le classement des clubs."
    )
    expect(page.locator(".league-clubs .explanation")).to_have_text(
        "Classement des clubs : la somme des points de leurs 2 meilleures équipes."
    )
    shot(page, "organizer-sent")

    # The final's desk: the four qualified teams, each marked with its place.
    page.locator("#stage-1 .league-sent li").first.get_by_role("link").click()
    desk = page.locator("table.teams-list tbody")
    expect(desk.locator("tr")).to_have_count(4)
    for concours in qualifiers:
        for row in stage_ranking(concours)[:2]:
            (f1, l1, _), (f2, l2, _) = row.players
            line = desk.locator("tr", has_text=f"{f1} {l1} & {f2} {l2}")
            mark = "1re" if row.rank == 1 else f"{row.rank}e"
            expect(line.locator(".qualified-mark")).to_have_text(
                f"qualifiée : {mark} du concours « {concours.name} »"
            )
    shot(page, "final-desk")

    phone = open_page(viewport=PHONE)
    phone.goto(url + "/")
    phone.get_by_role("link", name="Ligue du Pays d'Auge").click()
    expect(phone.get_by_role("heading", level=1)).to_contain_text("Ligue du Pays d'Auge")
    expect(phone.locator(".league-stage")).to_have_count(3)
    expect(phone.locator("#stage-1 .league-sent li")).to_have_count(4)
    expect(phone.locator("main form")).to_have_count(0)  # read-only
    checked(phone)  # guard.js has checked it
    shot(phone, "phone")

"""Players across concours on a phone (issue 26, items 4 and 5): a visitor
opens a finished public concours's ranking, finds a team by typing a name in
« Où je joue ? », follows the player who agreed to be shown to their page
(their concours listed, the cote said as unofficial, with its uncertainty)
and to their club's page; the partner who did not agree has no link, and
their page is a 404. In French, then the player's page in English.

The page fixture checks axe-core, 44 px touch targets, console errors, 5xx
and the page's width. Set BROWSER_SCREENSHOTS to a folder to keep a
screenshot of each page."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import checked
from tests.browser.shots import PHONE
from tests.tournaments.services.test_persons import finished_concours
from tournaments.models import Player

pytestmark = pytest.mark.django_db(transaction=True)


def _shot(page: Page, name: str) -> None:
    checked(page)  # guard.js has checked it
    if folder := os.environ.get("BROWSER_SCREENSHOTS"):
        Path(folder).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(folder) / f"players-{name}.png"), full_page=True)


def test_a_visitor_follows_a_player_who_agreed_and_not_one_who_did_not(
    live_server, page: Page, organizer
):
    """Browser: keys and focus, 390 px layout, axe."""
    concours = finished_concours(
        organizer, name="Concours de la Saint-Éloi", shown={"Lefèvre3", "Lefèvre4", "Bérard4"}
    )
    hidden = Player.objects.get(last_name="Bérard3").person
    page.set_viewport_size(PHONE)

    page.goto(f"{live_server.url}/t/{concours.slug}/classement/")
    expect(page.get_by_role("heading", level=1)).to_contain_text("Classement")
    _shot(page, "ranking")

    page.goto(f"{live_server.url}/t/{concours.slug}/ou-je-joue/")
    search = page.get_by_label("Nom, prénom ou numéro d’équipe")
    search.focus()
    page.keyboard.type("lefevre3")
    page.keyboard.press("Enter")
    page.get_by_role("link", name="Lefèvre3 – Bérard3").click()
    expect(page.get_by_role("heading", level=1)).to_contain_text("Lefèvre3")
    _shot(page, "team")
    # The partner did not tick the box: a name, no link.
    expect(page.locator(".team-players")).to_contain_text("Jérôme Bérard3")
    expect(page.get_by_role("link", name="Jérôme Bérard3")).to_have_count(0)

    page.get_by_role("link", name="Amélie Lefèvre3").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Amélie Lefèvre3")
    expect(page.locator(".cote h2")).to_contain_text("Cote (non officielle)")
    expect(page.locator(".cote")).to_contain_text("Elle vaut probablement entre")
    expect(page.locator(".person-concours")).to_contain_text("Concours de la Saint-Éloi")
    # Her place and points in it, as the ranking page gave them.
    expect(page.locator(".person-concours .final-place")).to_have_text(
        re.compile(r"^\d+(er|e) sur 16 · [\d\u202f ]+ points$")
    )
    # The cote in words: its place among the 3 players shown (issue 38).
    expect(page.locator(".cote-standing")).to_have_text(
        re.compile(
            r"^\d+(er|e) joueur coté du club sur 3 · \d+(er|e) sur les 3 joueurs cotés du site$"
        )
    )
    expect(page.locator(".cote")).to_contain_text("Chaque joueur part de 25")
    # Her partner did not agree: named, not linked.
    expect(page.locator(".person-concours .partner")).to_have_text("Avec Jérôme Bérard3")
    expect(page.get_by_role("link", name="Jérôme Bérard3")).to_have_count(0)
    _shot(page, "person")

    page.get_by_role("link", name="Belote Club de Mâcon").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Belote Club de Mâcon")
    expect(page.locator(".club-players")).to_contain_text("Lefèvre3")
    expect(page.locator(".club-players")).not_to_contain_text("Bérard3")
    _shot(page, "club")

    assert page.request.get(f"{live_server.url}{hidden.get_absolute_url()}").status == 404

    page.goto(f"{live_server.url}/langue/en/?next=/")
    page.goto(
        f"{live_server.url}{Player.objects.get(last_name='Lefèvre3').person.get_absolute_url()}"
    )
    expect(page.locator(".cote h2")).to_contain_text("Cote (unofficial rating)")
    expect(page.locator(".cote")).to_contain_text("It is probably between")
    expect(page.locator(".person-concours .final-place")).to_have_text(
        re.compile(r"^\d+(st|nd|rd|th) of 16 · [\d,]+ points$")
    )
    expect(page.locator(".cote-standing")).to_contain_text("of the club's 3 rated players")
    _shot(page, "person-en")

    # A partner who agreed: one tap from one page to the other.
    page.goto(
        f"{live_server.url}{Player.objects.get(last_name='Lefèvre4').person.get_absolute_url()}"
    )
    page.get_by_role("link", name="Jérôme Bérard4").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Jérôme Bérard4")
    expect(page.get_by_role("link", name="Amélie Lefèvre4")).to_be_visible()
    _shot(page, "partner-en")

"""Published or not (issue 38, item 3), in Chromium, on the hosted service
(not the hall's server): a new concours starts unpublished. The organizer
(1366 px) creates it at the keyboard, draws partie 1 and announces the
draw: the answer says that players see nothing while the concours is
unpublished, with « Publier le concours » on the partie page. A player's
phone (390 px, touch) opening the concours's page meets « Page
introuvable », no server error. The organizer publishes; the phone's
« Où je joue ? » then gives the player's table."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.browser.day import PHONE
from tests.browser.session import log_in
from tests.browser.shots import DESK, shot
from tests.factories import add_teams
from tournaments.models import Round, Tournament

pytestmark = pytest.mark.django_db(transaction=True)

NAME = "Belote du lundi"
UNPUBLISHED = "les joueurs ne voient ni leur table ni le classement"


def test_an_unpublished_concours_says_so_when_its_draw_is_announced_then_is_published(
    live_server, page: Page, open_page, organizer, settings, faults
):
    """Browser: keys and focus, 390 px layout, axe."""
    settings.HALL = False  # the hosted service: its network is not the public
    url = live_server.url
    page.set_viewport_size(DESK)
    log_in(page, url)
    page.goto(url + "/organisation/")
    page.get_by_role("link", name="Nouveau tournoi").first.click()
    page.get_by_label("Nom du tournoi").focus()
    page.keyboard.type(NAME)
    page.get_by_label("Date").focus()
    page.keyboard.type("07122026")
    page.get_by_label("Date").press("Enter")
    expect(page.get_by_role("heading", name=NAME)).to_be_visible()
    tournament = Tournament.objects.get(name=NAME)
    assert not tournament.published and tournament.release_draws
    add_teams(tournament, 4)

    page.goto(f"{url}/organisation/t/{tournament.slug}/")
    page.get_by_role("button", name="Tirer la partie suivante").click()
    expect(page.locator("h1")).to_contain_text("Partie 1")
    page.get_by_role("button", name="Annoncer le tirage").click()
    messages = page.locator(".messages")
    expect(messages).to_contain_text("Tirage de la partie 1 annoncé")
    expect(messages).to_contain_text(UNPUBLISHED)
    expect(messages).not_to_contain_text("les joueurs voient leur table")
    publish = page.get_by_role("button", name="Publier le concours")
    expect(publish).to_be_visible()
    shot(page, "unpublished-1-desk-draw-announced")

    # A player's phone: the concours's page is not found, in words.
    rnd = Round.objects.get(tournament=tournament, number=1)
    table = rnd.tables.filter(team_b__isnull=False).order_by("number").first()
    player = table.team_a.player1
    phone = open_page(**PHONE)
    answer = phone.goto(f"{url}/t/{tournament.slug}/")
    assert answer.status == 404
    expect(phone.locator("h1")).to_have_text("Page introuvable")
    # The browser logs the 404 of the document: expected here, not a fault.
    expected = faults.expected(404)
    assert expected, faults.answers
    shot(phone, "unpublished-2-phone-not-found")

    publish.click()
    expect(page).to_have_url(f"{url}/organisation/t/{tournament.slug}/parties/1/")
    expect(page.get_by_role("button", name="Publier le concours")).to_have_count(0)
    tournament.refresh_from_db()
    assert tournament.published

    # The player opens the page again and asks where they play.
    phone.goto(f"{url}/t/{tournament.slug}/")
    phone.get_by_label("Où je joue ?").tap()
    phone.keyboard.type(player.last_name)
    phone.get_by_role("button", name="Chercher").tap()
    expect(phone.locator(".places .big")).to_have_text(f"Table {table.number}")
    shot(phone, "unpublished-3-phone-sees-its-table")

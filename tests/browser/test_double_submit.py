"""A double-clicked « Enregistrer » registers one team, not two."""

from __future__ import annotations

import time

import pytest
from playwright.sync_api import Page, expect

from tests.factories import PASSWORD
from tournaments.models import Team

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_double_click_registers_the_team_once(live_server, page: Page, tournament):
    """Browser: scripts, axe."""
    page.goto(live_server.url + "/compte/connexion/")
    page.locator("#id_username").fill("orga")
    page.locator("#id_password").fill(PASSWORD)
    page.locator("#id_password").press("Enter")
    page.wait_for_url(live_server.url + "/organisation/")
    page.goto(live_server.url + f"/organisation/t/{tournament.slug}/equipes/ajouter/")
    for field, value in {
        "first_name1": "Hélène",
        "last_name1": "Thébault",
        "first_name2": "Noël",
        "last_name2": "Château",
    }.items():
        page.locator(f"#id_{field}").fill(value)
    page.get_by_role("button", name="Enregistrer", exact=True).dblclick()
    expect(page.locator(".messages")).to_contain_text("Équipe enregistrée")
    assert Team.objects.filter(tournament=tournament).count() == 1


def test_a_suggestion_answered_between_two_clicks_lets_no_second_team_through(
    live_server, page: Page, tournament
):
    """The known players' suggestions (htmx) answer while the form is on its
    way: the guard waits for the form's own answer, not any htmx request's
    (a loaded laptop answered the suggestions between the two clicks of a
    double click, and the second registration was refused on the screen).

    Browser: keys and focus, screen layout, htmx swaps, scripts, axe.
    """
    page.goto(live_server.url + "/compte/connexion/")
    page.locator("#id_username").fill("orga")
    page.locator("#id_password").fill(PASSWORD)
    page.locator("#id_password").press("Enter")
    page.wait_for_url(live_server.url + "/organisation/")
    add = live_server.url + f"/organisation/t/{tournament.slug}/equipes/ajouter/"
    page.goto(add)
    held: list = []
    page.route("**/accueil/suggestions/**", lambda route: held.append(route))
    page.route(
        add,
        lambda route: held.append(route) if route.request.method == "POST" else route.continue_(),
    )
    page.locator("#id_first_name1").fill("Hélène")
    page.locator("#id_last_name2").fill("Château")
    page.locator("#id_first_name2").fill("Noël")
    page.locator("#id_last_name1").press_sequentially("Thébault")
    # The suggestions asked for, not answered yet; then « Enregistrer ».
    deadline = time.monotonic() + 10
    while not any("suggestions" in r.request.url for r in held):
        assert time.monotonic() < deadline, "the suggestions were never asked for"
        page.wait_for_timeout(50)
    # The two clicks of the double click, as the mouse gives them.
    button = page.get_by_role("button", name="Enregistrer", exact=True)
    button.scroll_into_view_if_needed()
    box = button.bounding_box()
    assert box is not None
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    page.mouse.click(x, y)
    while not any(r.request.method == "POST" for r in held):
        assert time.monotonic() < deadline, "the form was never sent"
        page.wait_for_timeout(50)
    # The suggestions answer now, then the second click of the double click.
    for route in [r for r in held if r.request.method == "GET"]:
        route.continue_()
    page.wait_for_timeout(300)
    page.mouse.click(x, y)
    page.wait_for_timeout(500)
    posts = [r for r in held if r.request.method == "POST"]
    for route in posts:  # (a request held would hold the browser's closing)
        route.continue_()
    assert len(posts) == 1, f"{len(posts)} registrations sent for one team"
    expect(page.locator(".messages")).to_contain_text("Équipe enregistrée", timeout=15_000)
    assert Team.objects.filter(tournament=tournament).count() == 1

"""The organizer's team list in Chromium: the search box narrows the list
(accents and case aside), several teams ticked go into a special ranking in
one click, and « Aide » in the header opens the day in ten steps with its
pictures. At 1366 px and on a 390 px phone, in French."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.session import log_in
from tournaments.models import Category
from tournaments.services import prizes, registration

pytestmark = pytest.mark.django_db(transaction=True)

PAIRS = [
    (("Amélie", "Lefèvre"), ("Jérôme", "Bérard")),
    (("Zoé", "Ducœur"), ("Loïc", "Quéré")),
    (("Hélène", "Thébault"), ("Inès", "Ségur")),
]


@pytest.fixture
def concours(make_tournament):
    tournament = make_tournament(categories_enabled=True)
    for first, second in PAIRS:
        registration.register_team(
            tournament=tournament,
            player1=registration.PlayerData(*first),
            player2=registration.PlayerData(*second),
        )
    prizes.add_category(tournament=tournament, name="Féminine", kind=Category.Kind.WOMEN)
    return tournament


@pytest.mark.parametrize("width", [1366, 390])
def test_search_tick_tag_and_help_from_the_team_list(live_server, page, concours, width):
    """Browser: 390 px layout, axe."""
    page.set_viewport_size({"width": width, "height": 900})
    url = live_server.url
    log_in(page, url)
    page.goto(f"{url}/organisation/t/{concours.slug}/")
    rows = page.locator(".teams-list tbody tr")
    expect(rows).to_have_count(3)
    page.get_by_label("Chercher une équipe").fill("DUCOEUR")
    page.get_by_label("Chercher une équipe").press("Enter")
    expect(rows).to_have_count(1)
    expect(rows.first).to_contain_text("Ducœur")
    expect(page.locator("#team-search")).to_contain_text("1 équipe sur 3")
    page.get_by_role("link", name="Tout afficher").click()
    expect(rows).to_have_count(3)

    page.get_by_label("Cocher l'équipe 2").check()
    page.get_by_label("Cocher l'équipe 3").check()
    page.get_by_role("button", name="Ajouter au classement").click()
    expect(page.locator(".messages")).to_contain_text(
        "2 équipes ajoutées au classement « Féminine »."
    )
    women = concours.categories.get()
    assert sorted(women.teams.values_list("number", flat=True)) == [2, 3]

    page.locator(".site-nav").get_by_role("link", name="Aide").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Aide : la journée en dix étapes")
    pictures = page.locator(".help-steps img")
    expect(pictures).to_have_count(10)
    for index in range(10):
        picture = pictures.nth(index)
        picture.scroll_into_view_if_needed()
        page.wait_for_function(
            "(img) => img.complete && img.naturalWidth > 0", arg=picture.element_handle()
        )

"""A double-clicked « Enregistrer » registers one team, not two."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.factories import PASSWORD
from tournaments.models import Team

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_double_click_registers_the_team_once(live_server, page: Page, tournament):
    page.goto(live_server.url + "/compte/connexion/")
    page.locator("#id_username").fill("orga")
    page.locator("#id_password").fill(PASSWORD)
    page.locator("#id_password").press("Enter")
    page.wait_for_url(live_server.url + "/")
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

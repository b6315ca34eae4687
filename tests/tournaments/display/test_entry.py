"""The entry state names the team that did each thing (bug: « Contestée (par
Nord-Sud) » named the team that entered, not the one that disputed)."""

from __future__ import annotations

import pytest
from django.urls import reverse
from django.utils import translation

from tests.factories import enter_from_the_table
from tournaments.display.entry import entry_state_line
from tournaments.infra import links
from tournaments.services import table_side

pytestmark = pytest.mark.django_db

MADE = {"taker": "A", "trump": "H", "bid": 90, "points_a": 97}


def entered_by_north_south(table) -> None:
    enter_from_the_table(table, side="A")


def test_a_confirmation_names_the_team_that_confirmed(table):
    entered_by_north_south(table)
    assert entry_state_line(table) == "Saisie par Nord-Sud"
    table_side.confirm_table(table=table, code=table.code_b)
    table.refresh_from_db()
    assert entry_state_line(table) == "Confirmée par Est-Ouest"
    with translation.override("en"):
        assert entry_state_line(table) == "Confirmed by East-West"


def test_a_dispute_names_the_team_that_disputed_and_its_totals(client, table):
    entered_by_north_south(table)
    table_side.confirm_table(table=table, code=table.code_b, totals=(2000, 900))
    table.refresh_from_db()
    assert entry_state_line(table) == "Contestée par Est-Ouest, qui annonce 2000 – 900"
    page = client.get(links.entry_path(table)).text
    assert "Contestée par Est-Ouest" in page and "(par Nord-Sud)" not in page


def test_a_validation_by_the_organizer_says_so(client, organizer, table):
    entered_by_north_south(table)
    table_side.confirm_table(table=table, code=table.code_b, totals=(1, 2))
    table_side.validate_table(table=table, by=organizer)
    table.refresh_from_db()
    assert entry_state_line(table) == "Validée par l'organisateur"
    client.force_login(organizer)
    page = client.get(reverse("tournaments:round", args=[table.round.tournament.slug, 1])).text
    assert "Validée par l&#x27;organisateur" in page or "Validée par l'organisateur" in page

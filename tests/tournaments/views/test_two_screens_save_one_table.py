"""Two people at two screens on the same table: the second save is refused
with a clear message and the current version of the table is shown; saved
again on purpose, it goes through. What the server answers each htmx save
of the desk's grid (left the browser journey tests/browser/test_two_sessions.py:
its documents are met by other journeys, with axe)."""

from __future__ import annotations

import pytest
from django.test import Client

from tests.pages import form, text

pytestmark = pytest.mark.django_db

DEAL = {"taker": "NS", "trump": "♥", "bid": "90"}


def open_table(organizer, path: str) -> tuple[Client, object]:
    screen = Client()
    screen.force_login(organizer)
    return screen, screen.get(path)


def save(screen: Client, page, points: str | None = None):
    """« Enregistrer » pressed: htmx posts the grid's form, its answer
    replaces the grid."""
    typed = DEAL | {"points": points} if points is not None else {}
    action, data = form(page, "Enregistrer", **typed)
    return screen.post(action, data, HTTP_HX_REQUEST="true")


def test_the_second_save_is_refused_and_shows_the_current_table(organizer, tournament, round1):
    table = round1.tables.order_by("number").first()
    path = f"/organisation/t/{tournament.slug}/parties/1/tables/{table.number}/"
    desk, desk_page = open_table(organizer, path)
    phone, phone_page = open_table(organizer, path)
    desk_page = save(desk, desk_page, "97")
    assert text(desk_page, "#deal-1 .marque-a") == "190"
    refused = save(phone, phone_page, "120")
    assert refused.status_code == 200  # htmx swaps 2xx answers only
    assert "modifiée par quelqu'un d'autre" in text(refused, "#deal-form")
    # The refused screen now shows the desk's deal, and nothing was overwritten.
    assert text(refused, "#deal-1 .marque-a") == "190"
    assert table.deals.count() == 1
    # Saving again, on purpose, after seeing the current table, goes through.
    again = save(phone, refused)
    assert text(again, "#deal-2")
    assert table.deals.count() == 2

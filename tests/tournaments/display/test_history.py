"""The table's history reads as the change made, never as Python data."""

from __future__ import annotations

import pytest
from django.urls import reverse
from django.utils import translation

from tournaments.display.history import deal_change
from tournaments.services import scores

pytestmark = pytest.mark.django_db


def test_a_corrected_deal_reads_before_and_after() -> None:
    before = {
        "number": 3,
        "taker": "A",
        "trump": "H",
        "bid": 80,
        "points_a": 97,
        "marque_a": 160,
        "marque_b": 0,
    }
    after = {
        "number": 3,
        "taker": "A",
        "trump": "H",
        "bid": 90,
        "points_a": 97,
        "marque_a": 0,
        "marque_b": 250,
    }
    with translation.override("fr"):
        assert deal_change(before, after) == "Donne 3 : 80 ♥ (97) → 90 ♥ (97), marque 160–0 → 0–250"
    with translation.override("en"):
        assert deal_change(before, after).startswith("Deal 3: 80 ♥ (97) → 90 ♥ (97), score 160–0")


def test_a_generale_bid_reads_as_generale() -> None:
    after = {"number": 2, "taker": "A", "trump": "S", "bid_generale": True, "capot": "A"}
    after.update(generale="A", marque_a=500, marque_b=0)
    with translation.override("fr"):
        assert deal_change(None, after) == "Donne 2 : Générale ♠, marque 500–0"
    with translation.override("en"):
        assert deal_change(None, after) == "Deal 2: Generale ♠, score 500–0"


def test_the_desk_shows_the_history_in_words(client, organizer, tournament, table):
    values = {"taker": "A", "trump": "H", "bid": 80, "points_a": 97}
    scores.record_deal(table=table, values=values)
    scores.record_deal(table=table, values={**values, "bid": 90}, number=1)
    client.force_login(organizer)
    page = client.get(reverse("tournaments:table", args=[tournament.slug, 1, table.number])).text
    history = page.split("changes")[1]
    assert "Donne 1 : 80 ♥ (97) → 90 ♥ (97), marque 180–70 → 190–70" in history
    assert "{" not in history.split("</table>")[0]


def test_a_handover_and_a_departure_read_as_names() -> None:
    from tournaments.display.history import change_summary

    assert change_summary("owner_changed", {"owner": "orga"}, {"owner": "benevole"}) == (
        "orga → benevole"
    )
    assert change_summary("co_organizer_left", {"user": "benevole"}, None) == "benevole"

"""The desk's table screen: any deal can be corrected in place, and the live
preview of a deal being typed never shows a false error."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tournaments.services import scores

pytestmark = pytest.mark.django_db

DEAL = {"taker": "A", "trump": "H", "bid": 90, "points_a": 97}


@pytest.fixture
def desk(client, organizer):
    client.force_login(organizer)
    return client


def test_every_deal_of_a_table_can_be_opened_for_correction(desk, tournament, table):
    for _ in range(3):
        scores.record_deal(table=table, values=DEAL)
    url = reverse("tournaments:table", args=[tournament.slug, 1, table.number])
    for number in (1, 2, 3):
        response = desk.get(url, {"donne": number})
        assert response.status_code == 200
        # the deal's row becomes the row being typed, filled with what it holds
        row = response.text.split('id="deal-entry"')[1].split("</tr>")[0]
        assert f'data-number="{number}"' in row
        assert 'value="NS"' in row and 'value="♥"' in row and 'value="97"' in row


def test_a_middle_deal_is_corrected_in_place(desk, tournament, table):
    for _ in range(3):
        scores.record_deal(table=table, values=DEAL)
    url = reverse("tournaments:deal_save", args=[tournament.slug, 1, table.number])
    table.refresh_from_db()
    response = desk.post(
        url,
        {
            "taker": "EO",
            "trump": "p",
            "bid": 80,
            "points": 100,
            "number": 2,
            "version": table.version,
        },
    )
    assert response.status_code == 302
    deals = list(table.deals.order_by("number").values_list("taker", "marque_a", "marque_b"))
    assert deals == [("A", 190, 70), ("B", 60, 180), ("A", 190, 70)]


@pytest.mark.parametrize(
    ("typed", "shown"),
    [
        ({"taker": "n"}, ""),
        ({"taker": "n", "trump": "c", "bid": 90}, ""),
        ({"taker": "n", "trump": "c", "bid": 90, "points": 97}, "190"),
        ({"taker": "NS", "trump": "♥", "bid": 90, "points": 170}, "162"),
    ],
)
def test_the_preview_waits_for_a_scorable_deal(desk, tournament, table, typed, shown):
    url = reverse("tournaments:deal_preview", args=[tournament.slug, 1, table.number])
    response = desk.post(url, typed)
    assert response.status_code == 200
    assert "inconnu" not in response.text
    assert shown in response.text
    if not shown:
        assert response.text.strip() == ""


def test_the_grid_marks_a_surcoinche_with_the_profiles_factor(desk, make_tournament):
    from tests.factories import add_teams, draw_random_round, first_table

    tournament = make_tournament(overrides={"surcoinche_factor": 3})
    add_teams(tournament, 2)
    table = first_table(draw_random_round(tournament))
    scores.record_deal(table=table, values={**DEAL, "coinche": 2})
    page = desk.get(reverse("tournaments:table", args=[tournament.slug, 1, table.number]))
    grid = page.text.split('id="deal-1"')[1].split("</tr>")[0]
    assert "×3" in grid and "×4" not in grid

"""The grid's announcement cells take the cards as the scorer says them
(« t R♥ », « 50 D♠ ») as well as points, send them to the engine declared,
and show a stored deal's announcements back in the same words."""

from __future__ import annotations

import pytest
from django.urls import reverse
from django.utils import translation

from tournaments.forms.entry import DealForm
from tournaments.services import scores

pytestmark = pytest.mark.django_db


@pytest.fixture
def desk(client, organizer):
    client.force_login(organizer)
    return client


def table_url(name: str, tournament, table) -> str:
    return reverse(f"tournaments:{name}", args=[tournament.slug, 1, table.number])


def form(tournament, **typed) -> DealForm:
    data = {"taker": "n", "trump": "p", "bid": "80", "points": "120", **typed}
    return DealForm(data, rules=tournament.rule_profile)


def test_announcement_cells_take_cards_and_send_them_declared(tournament):
    with translation.override("fr"):
        typed = form(tournament, announce_a="t R♥", announce_b="50 D♠")
        assert typed.is_valid(), typed.errors
        values = typed.deal_values()
    assert values["announcements"] == {
        "announcements": {
            "A": [{"kind": "tierce", "high": "K", "suit": "H"}],
            "B": [{"kind": "cinquante", "high": "Q", "suit": "S"}],
        }
    }


def test_announcement_points_are_still_taken(tournament):
    typed = form(tournament, announce_b="50")
    assert typed.is_valid(), typed.errors
    assert typed.deal_values()["announcements"] == {"announcement_points": {"A": 0, "B": 50}}


def test_an_unreadable_announcement_is_refused_next_to_its_cell(tournament):
    with translation.override("fr"):
        typed = form(tournament, announce_b="t R")
        assert not typed.is_valid()
    assert typed.errors["announce_b"] == [
        "Annonce incomplète : « t R », il manque la couleur (♠ ♥ ♦ ♣)."
    ]


def test_a_stored_deal_shows_its_announcements_as_typed_and_round_trips(tournament, table):
    with translation.override("fr"):
        typed = form(tournament, announce_a="tierce roi cœur", announce_b="50 D♠")
        assert typed.is_valid()
        deal = scores.record_deal(table=table, values=typed.deal_values())
        initial = DealForm.initial_for(deal, tournament.rule_profile)
        assert (initial["announce_a"], initial["announce_b"]) == ("tierce R♥", "cinquante D♠")
        again = form(tournament, announce_a=initial["announce_a"], announce_b=initial["announce_b"])
        assert again.is_valid()
        assert again.deal_values()["announcements"] == deal.announcements
    assert (deal.marque_a, deal.marque_b) == (200, 90)


def test_the_desk_saves_a_deal_with_announcements_as_cards(desk, tournament, table):
    typed = {"taker": "n", "trump": "p", "bid": "80", "points": "120", "version": table.version}
    response = desk.post(
        table_url("deal_save", tournament, table),
        {**typed, "announce_a": "t R♥", "announce_b": "50 D♠"},
    )
    assert response.status_code == 302
    page = desk.get(table_url("table", tournament, table)).text
    row = page.split('id="deal-1"')[1].split("</tr>")[0]
    assert "tierce R♥" in row and "cinquante D♠" in row
    # « Pourquoi ? » opens in a row of its own under the deal's
    why = page.split('id="why-1"')[1].split("</tr>")[0]
    assert "la plus forte est à Est-Ouest, qui marque 50" in why

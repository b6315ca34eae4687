"""The keys legend under the deal grid and the grid's keys offer sans-atout
and tout-atout only where the tournament's profile plays them (it used to
offer « S SA · A TA » under a profile that refuses them, in the refusal too)."""

from __future__ import annotations

import html
import json
import re

import pytest
from django.urls import reverse

from tests.factories import add_teams, first_table
from tournaments.services import rounds

pytestmark = pytest.mark.django_db


def grid_page(client, organizer, make_tournament, overrides):
    tournament = make_tournament(preset="ffb-coinche", overrides=overrides)
    add_teams(tournament, 4)
    rnd = rounds.draw_round(tournament=tournament, method="random", seed=1)
    table = first_table(rnd)
    client.force_login(organizer)
    args = [tournament.slug, rnd.number, table.number]
    url = reverse("tournaments:table", args=args)
    return client, reverse("tournaments:deal_save", args=args), client.get(url)


def legend(html: str) -> str:
    return re.search(r'class="keys-legend meta">([^<]*)<', html).group(1)


@pytest.mark.parametrize(("sa_ta", "offered"), [(False, False), (True, True)])
def test_the_keys_offer_sans_atout_only_where_it_is_played(
    client, organizer, make_tournament, sa_ta, offered
):
    client, _save, response = grid_page(client, organizer, make_tournament, {"sa_ta": sa_ta})
    assert response.status_code == 200
    shown = legend(response.text)
    assert "♠" in shown
    assert ("S SA" in shown and "A TA" in shown) is offered
    keys = json.loads(html.unescape(re.search(r'data-keys="([^"]*)"', response.text).group(1)))
    assert ("SA" in keys["trump"].values()) is offered


def test_a_refused_sans_atout_is_answered_with_the_suits_alone(client, organizer, make_tournament):
    client, save, response = grid_page(client, organizer, make_tournament, {"sa_ta": False})
    version = re.search(r'name="version" value="(\d+)"', response.text).group(1)
    answer = client.post(
        save, {"version": version, "taker": "n", "trump": "s", "bid": "90", "points_a": "97"}
    )
    assert answer.status_code == 422
    assert "Atout inconnu : P ♠ · C ♥ · K ♦ · T ♣." in answer.text


@pytest.mark.parametrize(("generale", "offered"), [("off", False), ("flat", True)])
def test_the_keys_name_the_generale_only_where_it_is_played(
    client, organizer, make_tournament, generale, offered
):
    client, _save, response = grid_page(client, organizer, make_tournament, {"generale": generale})
    shown = legend(response.text)
    assert ("Générale : G au contrat, GN ou GE au capot" in shown) is offered
    client.cookies["django_language"] = "en"
    shown = legend(client.get(response.request["PATH_INFO"], HTTP_ACCEPT_LANGUAGE="en").text)
    assert ("Generale: G as the bid, GN or GE as the capot" in shown) is offered

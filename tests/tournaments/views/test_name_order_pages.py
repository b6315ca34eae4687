"""Names in French order on the organizer's lists: a mêlée's players on its
page and at the cash box, « Mes joueurs » (issue 21: « Œuvray » came after
« Roux », the database ordering by code point)."""

from __future__ import annotations

import html

import pytest
from django.urls import reverse

from tournaments.services import registration

pytestmark = pytest.mark.django_db

NAMES = ["Roux", "Œuvray", "émile", "Zoé", "Ouvrard", "Dupont"]
FRENCH_ORDER = ["Dupont", "émile", "Œuvray", "Ouvrard", "Roux", "Zoé"]


@pytest.fixture
def melee(make_tournament):
    tournament = make_tournament(format="melee", cash_enabled=True, entry_fee_cents=500)
    for name in NAMES:
        registration.register_player(
            tournament=tournament, player=registration.PlayerData("Jo", name)
        )
    return tournament


def order_on(page: str, needle) -> list[str]:
    return sorted(NAMES, key=lambda n: page.index(needle(n)))


@pytest.mark.parametrize("page", ["manage", "cash"])
def test_a_melee_lists_its_players_in_french_order(client, organizer, melee, page):
    client.force_login(organizer)
    body = html.unescape(client.get(reverse(f"tournaments:{page}", args=[melee.slug])).text)
    assert order_on(body, lambda n: n) == FRENCH_ORDER


def test_my_players_are_listed_in_french_order(client, organizer, melee):
    client.force_login(organizer)
    body = html.unescape(client.get(reverse("tournaments:directory")).text)
    assert order_on(body, lambda n: f"Jo {n}") == FRENCH_ORDER

"""The demo steps aside from a club's real hall (issue 38, item 9): `make run`
builds the demo and the public home shows it while it is all the laptop
holds; the club's first concours of its own takes the home, and the demo's
concours, challenge, results and coming concours leave it. The demo stays
reachable at its address and in its organizer's list."""

from __future__ import annotations

import pytest
from django.urls import reverse

from demo.management.commands.demo import DEMO_SLUG
from tests import factories

pytestmark = pytest.mark.django_db

#: One name from each list of the home the demo fills.
DEMO_ON_HOME = [
    "Concours de coinche de Saint-Éloi (démo)",  # of the moment
    "Concours de la Sainte-Catherine (démo)",  # results
    "Concours de la Saint-Vincent (démo)",  # coming (calendar)
    "Challenge de coinche de Saint-Éloi (démo)",  # challenge
]


def home(client) -> str:
    return client.get(reverse("tournaments:home")).text


def test_the_demo_alone_is_on_the_home(demo_of_the_module, client):
    page = home(client)
    missing = [name for name in DEMO_ON_HOME if name not in page]
    assert not missing, missing


def test_the_clubs_first_concours_takes_the_home_from_the_demo(
    demo_of_the_module, client, organizer
):
    factories.build_tournament(owner=organizer, name="Concours du club des aînés")
    page = home(client)
    assert "Concours du club des aînés" in page
    shown = [name for name in DEMO_ON_HOME if name in page]
    assert not shown, shown
    # Still there for whoever has its address.
    assert client.get(reverse("tournaments:detail", args=[DEMO_SLUG])).status_code == 200


def test_a_concours_of_the_demos_organizer_outside_the_demo_is_a_real_one(
    demo_of_the_module, client, django_user_model
):
    owner = django_user_model.objects.get(username="organisateur")
    factories.build_tournament(owner=owner, name="Vrai concours")
    assert "Concours de la Sainte-Catherine (démo)" not in home(client)

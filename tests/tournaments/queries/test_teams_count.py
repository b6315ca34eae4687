"""How many teams a concours has, said the same way on its public page, its
results page, its press text and by the cote's 16-team rule
(queries/publication.teams_count): its registered pairs, or for a mêlée the
pairs its players form at each partie. The public page used to count the
pairs alone (« 0 équipe inscrite » for a mêlée) and the results page and the
press text the players (« 8 équipes » for 8 players)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests import factories
from tournaments.models import Tournament
from tournaments.queries.publication import teams_count, teams_counts
from tournaments.services import registration

pytestmark = pytest.mark.django_db


def melee(owner, players: int) -> Tournament:
    tournament = factories.build_tournament(
        owner=owner, name="Mêlée", format=Tournament.Format.MELEE
    )
    for i in range(players):
        registration.register_player(
            tournament=tournament, player=registration.PlayerData("Amélie", f"Lefèvre{i}")
        )
    return tournament


@pytest.mark.parametrize(("players", "teams"), [(0, 0), (1, 0), (8, 4), (9, 4), (32, 16)])
def test_a_melee_counts_the_pairs_its_players_form(organizer, players, teams):
    tournament = melee(organizer, players)
    assert teams_count(tournament) == teams


def test_fixed_pairs_count_their_registered_pairs_not_the_teams_of_a_melee(organizer):
    pairs = factories.build_tournament(owner=organizer, name="Doublettes")
    factories.add_teams(pairs, 6)
    mixed = melee(organizer, 10)
    assert teams_count(pairs) == 6
    assert teams_counts([pairs, mixed]) == {pairs.pk: 6, mixed.pk: 5}
    assert teams_counts([]) == {}


def test_the_public_page_of_a_melee_says_its_teams(client, organizer):
    tournament = melee(organizer, 8)
    Tournament.objects.filter(pk=tournament.pk).update(published=True)
    page = client.get(reverse("tournaments:detail", kwargs={"slug": tournament.slug}))
    assert "4 équipes inscrites" in page.content.decode()

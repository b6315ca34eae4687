"""« Où je joue ? » finds a team however a phone keyboard spells the name:
without accents or capitals, with the other apostrophe, a hyphen for a space.

These tests run on SQLite and, in CI, on PostgreSQL: the search compares
stored search keys with plain `contains`, the same on both."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tests.factories import add_teams
from tournaments.models import Player, Team, Tournament
from tournaments.services import registration, rounds

pytestmark = pytest.mark.django_db


@pytest.fixture
def registered(tournament) -> dict[str, Team]:
    """Three teams whose names a phone keyboard gets wrong."""
    return {
        "lefevre": registration.register_team(
            tournament=tournament,
            player1=registration.PlayerData("Amélie", "Lefèvre"),
            player2=registration.PlayerData("Jean-Pierre", "Bérard"),
            club="Belote Club de Saint-Éloi",
        ),
        "artagnan": registration.register_team(
            tournament=tournament,
            player1=registration.PlayerData("Charles", "D'Artagnan"),
            player2=registration.PlayerData("Œdipe", "Cœurdevey"),
            name="Les Cœurs Vaillants",
        ),
        "laetitia": registration.register_team(
            tournament=tournament,
            player1=registration.PlayerData("Lætitia", "Noël"),
            player2=registration.PlayerData("Zoé", "Château"),
            club="L’As de Trèfle",
        ),
    }


def found(client, tournament: Tournament, query: str) -> list[str]:
    response = client.get(reverse("tournaments:where", args=[tournament.slug]), {"q": query})
    assert response.status_code == 200
    return sorted(p.team.display_name for p in response.context["places"])


@pytest.mark.parametrize(
    ("query", "team"),
    [
        ("lefevre", "lefevre"),
        ("LEFEVRE", "lefevre"),
        ("Lefèvre", "lefevre"),
        ("amelie lefevre", "lefevre"),
        ("Lefèvre Amélie", "lefevre"),
        ("jean pierre", "lefevre"),
        ("jeanpierre", "lefevre"),
        ("Jean-Pierre Berard", "lefevre"),
        ("saint eloi", "lefevre"),
        ("D'Artagnan", "artagnan"),
        ("D’Artagnan", "artagnan"),
        ("dʼartagnan", "artagnan"),
        ("d`artagnan", "artagnan"),
        ("dartagnan", "artagnan"),
        ("oedipe", "artagnan"),
        ("coeurs vaillants", "artagnan"),
        ("Les Cœurs", "artagnan"),
        ("laetitia", "laetitia"),
        ("Lætitia NOEL", "laetitia"),
        ("l'as de trefle", "laetitia"),
        ("chateau", "laetitia"),
    ],
)
def test_where_do_i_play_ignores_accents_case_ligatures_apostrophes_and_hyphens(
    client, tournament, registered, query, team
):
    assert found(client, tournament, query) == [registered[team].display_name]


def test_where_do_i_play_finds_a_team_by_its_number(client, tournament, registered):
    assert found(client, tournament, str(registered["artagnan"].number)) == ["Les Cœurs Vaillants"]


@pytest.mark.parametrize("query", ["Personne", "'", " - ", "lefevre zoe", "99999999999999999999"])
def test_where_do_i_play_finds_nothing_for_what_matches_nobody(
    client, tournament, registered, query
):
    assert found(client, tournament, query) == []


def test_a_renamed_player_is_found_under_the_new_name(client, tournament, registered):
    team = registered["laetitia"]
    registration.update_team(
        team=team,
        player1=registration.PlayerData("Lætitia", "Hébert"),
        player2=registration.PlayerData("Zoé", "Château"),
        name="Équipe Ça Ira",
        club="",
    )
    assert found(client, tournament, "hebert") == ["Équipe Ça Ira"]
    assert found(client, tournament, "ca ira") == ["Équipe Ça Ira"]
    assert found(client, tournament, "noel") == []


def test_in_a_melee_players_look_for_themselves(client, make_tournament):
    melee = make_tournament(format=Tournament.Format.MELEE, name="Mêlée de la Saint-Éloi")
    for first, last in [
        ("Hélène", "Thébault"),
        ("Jérôme", "Bérard"),
        ("Amélie", "Lefèvre"),
        ("Noël", "Évrard"),
    ]:
        registration.register_player(tournament=melee, player=registration.PlayerData(first, last))
    assert found(client, melee, "thebault") == []  # nothing drawn yet
    rnd = rounds.draw_round(tournament=melee, seed=2)
    places = client.get(reverse("tournaments:where", args=[melee.slug]), {"q": "helene"}).context[
        "places"
    ]
    assert len(places) == 1
    helene = Player.objects.get(tournament=melee, last_name="Thébault")
    assert helene in (places[0].team.player1, places[0].team.player2)
    assert places[0].team.round == rnd and places[0].table is not None


def test_the_search_costs_the_same_queries_whatever_the_size_and_the_words(client, make_tournament):
    def count(teams: int, query: str) -> int:
        tournament = make_tournament(name=f"Concours à {teams} {query}")
        add_teams(tournament, teams)
        rounds.draw_round(tournament=tournament, seed=1)
        url = reverse("tournaments:where", args=[tournament.slug])
        with CaptureQueriesContext(connection) as captured:
            assert client.get(url, {"q": query}).status_code == 200
        return len(captured)

    counts = {count(n, q) for n in (4, 40) for q in ("bérard", "Amélie Lefèvre 1", "LEFEVRE3")}
    assert len(counts) == 1 and counts.pop() <= 8
    assert count(40, "personne") <= 8  # nobody found: no seat to look up

"""Two desks registering at once (two computers at the entrance): real
threads, each with its own database connection, on SQLite and PostgreSQL.
Team numbers never clash, and the same two players are registered once."""

from __future__ import annotations

import pytest

from tests.tournaments.services.test_concurrency import run_together
from tournaments.features.cash import services as cash
from tournaments.features.cash.queries import summary as cash_queries
from tournaments.models import Team
from tournaments.services import errors, registration, singles

pytestmark = pytest.mark.django_db(transaction=True)


def test_teams_registered_at_once_get_different_numbers(make_tournament):
    tournament = make_tournament(name="Deux bureaux")
    count = 4

    def register(index: int):
        return registration.register_team(
            tournament=tournament,
            player1=registration.PlayerData("Amélie", f"Lefèvre{index}"),
            player2=registration.PlayerData("Jérôme", f"Bérard{index}"),
        )

    results = run_together(count, register)
    assert all(isinstance(r, Team) for r in results), results
    numbers = sorted(tournament.teams.values_list("number", flat=True))
    assert numbers == list(range(1, count + 1))


def test_the_same_pair_registered_at_two_desks_at_once_is_registered_once(make_tournament):
    tournament = make_tournament(name="Double saisie")

    def register(index: int):
        return registration.register_team(
            tournament=tournament,
            player1=registration.PlayerData("Amélie", "Lefèvre"),
            player2=registration.PlayerData("Jérôme", "Bérard"),
        )

    results = run_together(2, register)
    teams = [r for r in results if isinstance(r, Team)]
    refused = [r for r in results if isinstance(r, errors.TournamentError)]
    assert len(teams) == 1 and len(refused) == 1, results
    assert "déjà inscrite (n° 1)" in refused[0].message
    assert tournament.teams.count() == 1


def test_two_desks_pairing_the_singles_at_once_pair_each_player_once(make_tournament):
    tournament = make_tournament(name="Seuls")
    for last in ("Noël", "Quéré", "Ségur", "Thébault"):
        singles.add_waiting_player(
            tournament=tournament, player=registration.PlayerData("Léa", last)
        )

    def pair(index: int):
        return singles.pair_waiting_players_at_random(tournament=tournament, seed=index)

    results = run_together(2, pair)
    formed = [r for r in results if isinstance(r, list)]
    refused = [r for r in results if isinstance(r, errors.TournamentError)]
    assert len(formed) == 1 and len(refused) == 1, results
    assert "au moins deux joueurs" in refused[0].message
    assert sorted(tournament.teams.values_list("number", flat=True)) == [1, 2]
    assert not tournament.waiting_players.exists()


def test_a_fee_checked_off_at_two_desks_at_once_is_cashed_once(make_tournament):
    tournament = make_tournament(name="Caisse", cash_enabled=True, entry_fee_cents=1000)
    team = registration.register_team(
        tournament=tournament,
        player1=registration.PlayerData("Amélie", "Lefèvre"),
        player2=registration.PlayerData("Jérôme", "Bérard"),
    )

    def pay(index: int):
        return cash.record_payment(entrant=Team.objects.get(pk=team.pk))

    results = run_together(2, pay)
    refused = [r for r in results if isinstance(r, errors.TournamentError)]
    assert len(refused) == 1 and "déjà encaissée" in refused[0].message, results
    assert cash_queries.cash_summary(tournament).collected_cents == 1000

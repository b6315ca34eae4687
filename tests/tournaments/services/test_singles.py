"""Players who come alone wait in a queue and are paired, by hand or at
random, each pair becoming a team (services/singles.py)."""

from __future__ import annotations

import pytest

from tests.factories import add_teams
from tournaments.models import Change, Team, WaitingPlayer
from tournaments.services import errors, registration, singles

pytestmark = pytest.mark.django_db

P = registration.PlayerData


def _wait(tournament, first, last, **extra):
    return singles.add_waiting_player(tournament=tournament, player=P(first, last, **extra))


def test_a_single_player_waits_in_the_queue(tournament):
    waiting = _wait(tournament, "Loïc", "Quéré", club="Les As")
    assert singles.waiting_players(tournament) == [waiting]
    assert tournament.changes.order_by("-pk").first().action == Change.Action.SINGLE_WAITING
    assert tournament.owner.known_players.filter(last_name="Quéré").exists()


def test_two_chosen_singles_become_a_team_with_the_next_number(tournament):
    add_teams(tournament, 3)
    loic = _wait(tournament, "Loïc", "Quéré", club="Les As")
    zoe = _wait(tournament, "Zoé", "Ségur", club="Les As")
    lea = _wait(tournament, "Léa", "Noël", club="Trèfle")
    team = singles.pair_waiting_players(tournament=tournament, first_id=loic.pk, second_id=zoe.pk)
    assert team.number == 4
    assert (str(team.player1), str(team.player2)) == ("Loïc Quéré", "Zoé Ségur")
    assert team.club == "Les As"
    assert singles.waiting_players(tournament) == [lea]
    last = tournament.changes.order_by("-pk").first()
    assert last.action == Change.Action.SINGLES_PAIRED
    assert last.after["teams"][0]["number"] == 4


def test_two_singles_of_different_clubs_make_a_team_without_a_club(tournament):
    a = _wait(tournament, "Loïc", "Quéré", club="Les As")
    b = _wait(tournament, "Léa", "Noël", club="Trèfle")
    team = singles.pair_waiting_players(tournament=tournament, first_id=a.pk, second_id=b.pk)
    assert team.club == ""
    assert (team.player1.club, team.player2.club) == ("Les As", "Trèfle")


def test_a_player_cannot_be_paired_with_themselves(tournament):
    a = _wait(tournament, "Loïc", "Quéré")
    with pytest.raises(errors.TournamentError, match="deux joueurs différents"):
        singles.pair_waiting_players(tournament=tournament, first_id=a.pk, second_id=a.pk)


def test_a_player_already_paired_elsewhere_is_no_longer_waiting(tournament):
    a, b, c = (_wait(tournament, "Léa", name) for name in ("Noël", "Quéré", "Ségur"))
    singles.pair_waiting_players(tournament=tournament, first_id=a.pk, second_id=b.pk)
    with pytest.raises(errors.TournamentError, match="n'est plus en attente"):
        singles.pair_waiting_players(tournament=tournament, first_id=a.pk, second_id=c.pk)
    assert Team.objects.count() == 1


def test_at_random_every_single_is_paired_and_an_odd_one_keeps_waiting(tournament):
    names = ["Noël", "Quéré", "Ségur", "Thébault", "Évrard"]
    for name in names:
        _wait(tournament, "Léa", name)
    teams = singles.pair_waiting_players_at_random(tournament=tournament, seed=5)
    assert [t.number for t in teams] == [1, 2]
    paired = {str(p) for t in teams for p in (t.player1, t.player2)}
    left = singles.waiting_players(tournament)
    assert len(paired) == 4 and len(left) == 1
    assert paired | {str(left[0])} == {f"Léa {n}" for n in names}
    assert tournament.changes.order_by("-pk").first().after["seed"] == 5


def test_the_same_queue_and_seed_give_the_same_teams(make_tournament):
    drawn = []
    for name in ("Premier", "Second"):
        tournament = make_tournament(name=name)
        for last in ("Noël", "Quéré", "Ségur", "Thébault"):
            _wait(tournament, "Léa", last)
        teams = singles.pair_waiting_players_at_random(tournament=tournament, seed=99)
        drawn.append([(str(t.player1), str(t.player2)) for t in teams])
    assert drawn[0] == drawn[1]


def test_at_random_needs_two_waiting_players(tournament):
    _wait(tournament, "Léa", "Noël")
    with pytest.raises(errors.TournamentError, match="au moins deux joueurs"):
        singles.pair_waiting_players_at_random(tournament=tournament)


def test_the_same_person_cannot_wait_twice(tournament):
    _wait(tournament, "Léa", "Noël")
    with pytest.raises(errors.TournamentError, match="attend déjà") as refused:
        _wait(tournament, "LEA", "noel")
    assert refused.value.field == "last_name"


def test_a_player_of_a_registered_team_cannot_wait_for_a_partner(tournament):
    registration.register_team(
        tournament=tournament, player1=P("Amélie", "Lefèvre"), player2=P("Jérôme", "Bérard")
    )
    with pytest.raises(errors.TournamentError, match="joue déjà dans l'équipe n° 1"):
        _wait(tournament, "Jerome", "Berard")


def test_a_pair_already_registered_together_is_refused(tournament):
    registration.register_team(
        tournament=tournament, player1=P("Amélie", "Lefèvre"), player2=P("Jérôme", "Bérard")
    )
    a = WaitingPlayer.objects.create(
        tournament=tournament, first_name="Amélie", last_name="Lefèvre"
    )
    b = WaitingPlayer.objects.create(tournament=tournament, first_name="Jérôme", last_name="Bérard")
    with pytest.raises(errors.TournamentError, match="déjà inscrite"):
        singles.pair_waiting_players(tournament=tournament, first_id=a.pk, second_id=b.pk)
    assert WaitingPlayer.objects.count() == 2


def test_a_waiting_player_can_leave_the_queue(tournament):
    a = _wait(tournament, "Léa", "Noël")
    singles.remove_waiting_player(waiting=a)
    assert singles.waiting_players(tournament) == []
    with pytest.raises(errors.TournamentError, match="n'est plus en attente"):
        singles.remove_waiting_player(waiting=a)


def test_a_melee_has_no_queue_of_singles(make_tournament):
    melee = make_tournament(format="melee")
    with pytest.raises(errors.TournamentError, match="un par un"):
        _wait(melee, "Léa", "Noël")

"""Check-in at the door (tournaments/features/door/services.py): idempotent, undone at the desk,
in the history, the poster's key unguessable and its wrong guesses
throttled, and under the option only the teams checked in are drawn."""

from __future__ import annotations

import datetime

import pytest

from tests import factories
from tournaments.features.door import services as door
from tournaments.features.door.display import Action
from tournaments.models import Change, Tournament
from tournaments.services import registration
from tournaments.services.errors import TournamentError

pytestmark = pytest.mark.django_db


@pytest.fixture
def at_the_door(tournament) -> Tournament:
    Tournament.objects.filter(pk=tournament.pk).update(features=["door"])
    tournament.refresh_from_db()
    return tournament


def test_checking_in_twice_changes_nothing_the_second_time(at_the_door, teams):
    team, done = door.check_in(team=teams[0])
    assert done and team.checked_in_at is not None
    first = team.checked_in_at
    again, done_again = door.check_in(team=teams[0])
    assert not done_again
    assert again.checked_in_at == first
    lines = Change.objects.filter(action=Action.TEAM_CHECKED_IN)
    assert lines.count() == 1
    assert lines.get().after["checked_in_at"] == first.isoformat()


def test_the_desk_undoes_a_check_in_and_the_history_says_so(at_the_door, teams, organizer):
    door.check_in(team=teams[1])
    team = door.undo_check_in(team=teams[1], by=organizer)
    assert team.checked_in_at is None
    line = Change.objects.get(action=Action.CHECK_IN_UNDONE)
    assert line.by == organizer
    assert line.before["checked_in_at"]
    # Undoing again: nothing to undo, no second line.
    door.undo_check_in(team=teams[1], by=organizer)
    assert Change.objects.filter(action=Action.CHECK_IN_UNDONE).count() == 1


def test_no_check_in_without_the_option_nor_for_a_withdrawn_team(tournament, teams):
    with pytest.raises(TournamentError):
        door.check_in(team=teams[0])
    Tournament.objects.filter(pk=tournament.pk).update(features=["door"])
    registration.withdraw_team(team=teams[2])
    with pytest.raises(TournamentError, match="forfait"):
        door.check_in(team=teams[2])


def test_only_the_teams_checked_in_are_drawn(at_the_door, teams, organizer):
    with pytest.raises(TournamentError, match="deux équipes"):
        factories.draw_random_round(at_the_door)
    door.check_in(team=teams[0])
    door.check_in(team=teams[3], by=organizer)  # at the desk: the same
    rnd = factories.draw_random_round(at_the_door)
    seated = {t for table in rnd.tables.all() for t in (table.team_a_id, table.team_b_id)}
    assert seated - {None} == {teams[0].pk, teams[3].pk}


def test_without_the_option_every_present_team_is_drawn(tournament, teams):
    rnd = factories.draw_random_round(tournament)
    seated = {t for table in rnd.tables.all() for t in (table.team_a_id, table.team_b_id)}
    assert seated - {None} == {t.pk for t in teams}


def test_the_poster_key_is_made_once_and_opens_its_tournament_only(at_the_door, make_tournament):
    key = door.door_key(at_the_door)
    assert len(key) >= 16 and door.door_key(at_the_door) == key
    other = make_tournament(name="Autre concours")
    assert door.door_key(other) != key
    assert door.tournament_for_door(key, client="1.2.3.4") == at_the_door
    # The other tournament's option is off: its key opens nothing.
    assert door.tournament_for_door(door.door_key(other), client="1.2.3.4") is None


def test_wrong_keys_are_throttled_per_client(at_the_door):
    key = door.door_key(at_the_door)
    for i in range(door.MAX_WRONG_KEYS):
        assert door.tournament_for_door(f"wrongkey{i:04d}", client="9.9.9.9") is None
    with pytest.raises(door.DoorLocked):
        door.tournament_for_door(key, client="9.9.9.9")
    # Another client is not held back by this one's guesses.
    assert door.tournament_for_door(key, client="8.8.8.8") == at_the_door


@pytest.mark.parametrize(
    ("now", "allowed"),
    [
        (datetime.datetime(2026, 11, 17, 14), False),  # 18 days before
        (datetime.datetime(2026, 12, 5, 12, 59), False),
        (datetime.datetime(2026, 12, 5, 13), True),
        (datetime.datetime(2026, 12, 5, 23, 59), True),
        (datetime.datetime(2026, 12, 6, 9), False),  # the day after
    ],
)
def test_the_poster_checks_in_within_the_doors_hours_only(at_the_door, teams, now, allowed):
    Tournament.objects.filter(pk=at_the_door.pk).update(check_in_opens=datetime.time(13))
    if allowed:
        team, done = door.check_in_at_door(team=teams[0], now=now)
        assert done and team.checked_in_at is not None
    else:
        with pytest.raises(door.DoorClosed):
            door.check_in_at_door(team=teams[0], now=now)
        teams[0].refresh_from_db()
        assert teams[0].checked_in_at is None
        assert not Change.objects.filter(action=Action.TEAM_CHECKED_IN).exists()
    # The desk checks in at any time.
    assert door.check_in(team=teams[1])[1]

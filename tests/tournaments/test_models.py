"""The database itself refuses what must never happen."""

from __future__ import annotations

import pytest
from django.db import IntegrityError, transaction

from tests.factories import add_teams
from tournaments.models import Deal, Player, Round, Seat, Side, Table, Team
from tournaments.services import errors, registration, rounds

pytestmark = pytest.mark.django_db


def test_a_team_cannot_be_seated_twice_in_one_round(round1, teams):
    table = round1.tables.filter(team_b__isnull=False).first()
    seated = Seat.objects.get(round=round1, team=table.team_a)
    other = round1.tables.exclude(pk=table.pk).first()
    with pytest.raises(IntegrityError), transaction.atomic():
        Seat.objects.create(round=round1, table=other, team=seated.team, side=Side.B)


def test_two_tables_of_a_round_cannot_share_a_number(round1, teams):
    with pytest.raises(IntegrityError), transaction.atomic():
        Table.objects.create(round=round1, number=1, team_a=teams[0], team_b=teams[1])


def test_a_deal_number_is_unique_at_a_table(table):
    Deal.objects.create(table=table, number=1, outcome=Deal.Outcome.PASSED)
    with pytest.raises(IntegrityError), transaction.atomic():
        Deal.objects.create(table=table, number=1, outcome=Deal.Outcome.PASSED)


def test_a_team_cannot_play_against_itself(round1, teams):
    with pytest.raises(IntegrityError), transaction.atomic():
        Table.objects.create(round=round1, number=99, team_a=teams[0], team_b=teams[0])


def test_a_team_needs_two_different_players(tournament):
    player = Player.objects.create(tournament=tournament, first_name="Zoé", last_name="Noël")
    with pytest.raises(IntegrityError), transaction.atomic():
        Team.objects.create(tournament=tournament, number=50, player1=player, player2=player)


def test_team_numbers_are_unique_in_a_tournament(tournament, teams):
    with pytest.raises(errors.TournamentError) as error:
        registration.register_team(
            tournament=tournament,
            player1=registration.PlayerData("Léa", "Vallée"),
            player2=registration.PlayerData("Loïc", "Hébert"),
            number=teams[0].number,
        )
    assert error.value.field == "number"
    assert Team.objects.filter(tournament=tournament).count() == len(teams)


def test_round_numbers_are_unique_in_a_tournament(tournament, round1):
    with pytest.raises(IntegrityError), transaction.atomic():
        Round.objects.create(tournament=tournament, number=1)


def test_a_deal_converts_to_the_engine_format(table):
    deal = Deal(
        table=table,
        number=1,
        taker="A",
        trump="H",
        bid=100,
        coinche=1,
        points_a=118,
        belote_b=1,
        announcements={"announcement_points": {"A": 0, "B": 50}},
    )
    assert deal.to_engine() == {
        "taker": "A",
        "trump": "H",
        "bid": 100,
        "coinche": 1,
        "points": {"A": 118},
        "belote": {"A": 0, "B": 1},
        "announcement_points": {"A": 0, "B": 50},
    }


def test_a_passed_deal_converts_to_a_taker_of_none(table):
    assert Deal(table=table, number=1).to_engine() == {"taker": None}


def test_the_rule_profile_is_stored_as_json_with_its_preset_and_version(tournament):
    tournament.refresh_from_db()
    assert tournament.rules["preset"] == "ffb-coinche"
    assert isinstance(tournament.rules["version"], int)
    assert tournament.rule_profile.preset == "ffb-coinche"


def test_the_rule_profile_is_built_once_per_rules_and_follows_a_change(tournament):
    import scoring

    tournament.rules = scoring.Rules.from_preset("ffb-coinche", sa_ta=True).to_json()
    first = tournament.rule_profile
    assert first.sa_ta and tournament.rule_profile is first  # built once, shared (frozen)
    tournament.rules = scoring.Rules.from_preset("ffb-coinche", sa_ta=False).to_json()
    assert not tournament.rule_profile.sa_ta


def test_an_odd_number_of_teams_gives_one_bye_table(make_tournament):
    tournament = make_tournament(name="Impair")
    add_teams(tournament, 5)
    rnd = rounds.draw_round(tournament=tournament, seed=3)
    byes = [t for t in rnd.tables.all() if t.is_bye]
    assert len(byes) == 1
    assert byes[0].status == Table.Status.COMPLETE
    assert Seat.objects.filter(round=rnd).count() == 5


def test_a_team_that_played_cannot_be_deleted_alone_but_the_tournament_can(tournament, round1):
    from django.db.models import RestrictedError

    team = round1.tables.first().team_a
    with pytest.raises(RestrictedError), transaction.atomic():
        team.delete()
    tournament.delete()
    assert not Team.objects.exists() and not Table.objects.exists()

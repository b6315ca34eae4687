"""The organizer's use-cases around the day: a forfait undone until the next
draw, a team deleted before it plays, the tournament edited (its scoring
rules locked once a score is in), published, archived and deleted."""

from __future__ import annotations

import datetime

import pytest

from tests import factories
from tournaments.models import Change, Deal, Player, Round, Table, Team, Tournament
from tournaments.services import errors, penalties, registration, rounds, scores, tournaments

pytestmark = pytest.mark.django_db


def last_action(tournament: Tournament) -> str:
    return tournament.changes.order_by("-pk").first().action


# --- forfait and its undoing ---------------------------------------------


def test_a_forfait_is_undone_before_the_next_draw(tournament, teams, organizer):
    registration.withdraw_team(team=teams[0], by=organizer)
    registration.reinstate_team(team=teams[0], by=organizer)
    teams[0].refresh_from_db()
    assert (teams[0].status, teams[0].present, teams[0].withdrawn_at) == ("active", True, None)
    assert last_action(tournament) == Change.Action.TEAM_REINSTATED
    rnd = factories.draw_random_round(tournament)
    assert rnd.seats.filter(team=teams[0]).exists()


def test_a_forfait_is_kept_once_a_partie_is_drawn_after_it(tournament, teams):
    registration.withdraw_team(team=teams[0])
    assert registration.can_undo_withdrawal(teams[0])
    factories.draw_random_round(tournament)
    assert not registration.can_undo_withdrawal(teams[0])
    with pytest.raises(errors.TournamentError, match="tirée depuis ce forfait"):
        registration.reinstate_team(team=teams[0])
    teams[0].refresh_from_db()
    assert teams[0].status == Team.Status.WITHDRAWN


def test_a_redraw_also_closes_the_undoing(tournament, teams, round1):
    registration.withdraw_team(team=teams[0])
    rounds.redraw_round(round=round1, seed=7)
    with pytest.raises(errors.TournamentError):
        registration.reinstate_team(team=teams[0])


def test_a_forfait_during_a_partie_is_undone_until_the_next_one(tournament, teams, round1):
    registration.withdraw_team(team=teams[1])
    registration.reinstate_team(team=teams[1])
    assert Team.objects.get(pk=teams[1].pk).status == Team.Status.ACTIVE


def test_only_a_forfait_can_be_undone_and_a_forfait_is_declared_once(teams):
    with pytest.raises(errors.TournamentError, match="Pas de forfait"):
        registration.reinstate_team(team=teams[0])
    registration.withdraw_team(team=teams[0])
    with pytest.raises(errors.TournamentError, match="déjà déclaré forfait"):
        registration.withdraw_team(team=teams[0])


def test_a_melee_players_forfait_is_undone_too(make_tournament, organizer):
    melee = make_tournament(name="Mêlée", format=Tournament.Format.MELEE)
    player = registration.register_player(
        tournament=melee, player=registration.PlayerData("Zoé", "Dupré"), by=organizer
    )
    registration.withdraw_player(player=player)
    registration.reinstate_player(player=player, by=organizer)
    player.refresh_from_db()
    assert player.status == Player.Status.ACTIVE and player.present
    assert last_action(melee) == Change.Action.PLAYER_REINSTATED


# --- a team registered by mistake -----------------------------------------


def test_a_team_registered_by_mistake_is_deleted_with_its_players(tournament, teams, organizer):
    players = [teams[3].player1_id, teams[3].player2_id]
    registration.delete_team(team=teams[3], by=organizer)
    assert not Team.objects.filter(pk=teams[3].pk).exists()
    assert not Player.objects.filter(pk__in=players).exists()
    change = tournament.changes.order_by("-pk").first()
    assert change.action == Change.Action.TEAM_DELETED
    assert change.before["number"] == 4


def test_a_team_seated_at_a_table_cannot_be_deleted(tournament, teams, round1):
    assert not registration.team_deletable(teams[0])
    with pytest.raises(errors.TournamentError, match="forfait"):
        registration.delete_team(team=teams[0])
    assert Team.objects.filter(pk=teams[0].pk).exists()


def test_a_late_team_can_be_deleted_while_it_has_not_played(tournament, teams, round1):
    late = registration.register_team(
        tournament=tournament,
        player1=registration.PlayerData("Noël", "Tardif"),
        player2=registration.PlayerData("Inès", "Retard"),
    )
    registration.delete_team(team=late)
    assert not Team.objects.filter(pk=late.pk).exists()


# --- editing the tournament -------------------------------------------------


def settings_of(tournament: Tournament, **changes) -> dict:
    values = {
        "name": tournament.name,
        "date": tournament.date,
        "venue": tournament.venue,
        "preset": tournament.rule_profile.preset,
        "overrides": tournament.rule_profile.overrides(),
        "format": tournament.format,
        "parties": tournament.parties,
        "end_mode": tournament.end_mode,
        "end_deals": tournament.end_deals,
        "end_target": tournament.end_target,
        "score_entry": tournament.score_entry,
        "ranking_criteria": tournament.criteria,
        "bye_policy": tournament.bye_policy,
        "bye_points": tournament.bye_points,
        "published": tournament.published,
    }
    values.update(changes)
    return values


def test_the_settings_change_and_the_address_stays(tournament, organizer):
    slug = tournament.slug
    tournaments.update_tournament(
        tournament=tournament,
        by=organizer,
        **settings_of(
            tournament,
            name="Concours du Téléthon",
            date=datetime.date(2026, 12, 6),
            venue="Salle Jean-Moulin",
            parties=5,
            preset="ffb-belote",
            ranking_criteria=["wins", "difference", "points"],
        ),
    )
    tournament.refresh_from_db()
    assert (tournament.name, tournament.slug, tournament.parties) == (
        "Concours du Téléthon",
        slug,
        5,
    )
    assert tournament.rule_profile.preset == "ffb-belote"
    assert tournament.criteria == ["wins", "difference", "points"]
    change = tournament.changes.order_by("-pk").first()
    assert change.action == Change.Action.TOURNAMENT_CHANGED
    assert change.before["name"] == "Concours de la Saint-Éloi"
    assert change.after["date"] == "2026-12-06"


@pytest.mark.parametrize(
    "changes",
    [
        {"preset": "ffb-belote"},
        {"end_deals": 16},
        {"score_entry": Tournament.ScoreEntry.TOTALS},
        {"end_mode": Tournament.EndMode.TARGET, "end_target": 1000},
    ],
)
def test_the_scoring_rules_are_locked_once_a_score_is_entered(tournament, deal, changes):
    assert tournaments.rules_locked(tournament)
    with pytest.raises(errors.TournamentError, match="scores sont déjà saisis") as refused:
        tournaments.update_tournament(
            tournament=tournament, by=None, **settings_of(tournament, **changes)
        )
    assert refused.value.field == "preset"
    tournament.refresh_from_db()
    assert tournament.rule_profile.preset == "ffb-coinche" and tournament.end_deals == 12


def test_the_rest_still_changes_once_a_score_is_entered(tournament, deal):
    tournaments.update_tournament(
        tournament=tournament, by=None, **settings_of(tournament, name="Autre nom")
    )
    tournament.refresh_from_db()
    assert tournament.name == "Autre nom"


def test_the_criteria_are_frozen_once_partie_1_is_drawn(tournament, deal):
    """Issue 52, item 3: after the draw of partie 1 only « Départage »
    changes them, with a reason (tests/tournaments/test_tie_breaks.py)."""
    criteria = tournament.criteria
    with pytest.raises(errors.TournamentError) as refused:
        tournaments.update_tournament(
            tournament=tournament,
            by=None,
            **settings_of(tournament, ranking_criteria=["wins", "points"]),
        )
    assert refused.value.field == "ranking_criteria"
    assert Tournament.objects.get(pk=tournament.pk).criteria == criteria


def test_a_drawn_partie_without_score_does_not_lock_the_rules(tournament, round1):
    assert not tournaments.rules_locked(tournament)
    tournaments.update_tournament(
        tournament=tournament, by=None, **settings_of(tournament, end_deals=8)
    )
    assert Tournament.objects.get(pk=tournament.pk).end_deals == 8


def test_the_formula_is_locked_once_someone_is_registered(tournament, teams):
    with pytest.raises(errors.TournamentError) as refused:
        tournaments.update_tournament(
            tournament=tournament, by=None, **settings_of(tournament, format="melee")
        )
    assert refused.value.field == "format"


def test_the_parties_never_go_below_those_drawn(tournament, teams, round1):
    with pytest.raises(errors.TournamentError) as refused:
        tournaments.update_tournament(
            tournament=tournament, by=None, **settings_of(tournament, parties=0)
        )
    assert refused.value.field == "parties"


def test_a_criterion_is_counted_once(tournament):
    with pytest.raises(errors.TournamentError) as refused:
        tournaments.update_tournament(
            tournament=tournament,
            by=None,
            **settings_of(tournament, ranking_criteria=["wins", "wins"]),
        )
    assert refused.value.field == "ranking_criteria"


def test_more_parties_reopen_a_finished_tournament(make_tournament):
    tournament = make_tournament(parties=1, score_entry=Tournament.ScoreEntry.TOTALS)
    factories.add_teams(tournament, 2)
    rnd = factories.draw_random_round(tournament)
    scores.record_totals(table=factories.first_table(rnd), total_a=1000, total_b=800)
    rounds.close_round(round=rnd)
    assert Tournament.objects.get(pk=tournament.pk).status == Tournament.Status.FINISHED
    tournaments.update_tournament(
        tournament=tournament, by=None, **settings_of(tournament, parties=2)
    )
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.RUNNING
    assert rounds.draw_round(tournament=tournament).number == 2


# --- publish, archive, delete ------------------------------------------------


def test_publishing_and_archiving_leave_a_trace(tournament, organizer):
    tournaments.set_published(tournament=tournament, published=False, by=organizer)
    assert last_action(tournament) == Change.Action.UNPUBLISHED
    tournaments.set_archived(tournament=tournament, archived=True, by=organizer)
    assert last_action(tournament) == Change.Action.ARCHIVED
    assert not Tournament.objects.active().filter(pk=tournament.pk).exists()
    tournaments.set_archived(tournament=tournament, archived=False, by=organizer)
    assert last_action(tournament) == Change.Action.UNARCHIVED
    assert Tournament.objects.active().filter(pk=tournament.pk).exists()


def test_deleting_a_tournament_takes_everything_with_it(tournament, organizer, table, deal):
    penalties.add_penalty(
        table=table, team=table.team_a, points=-50, reason="Renonce", by=organizer
    )
    other = factories.build_tournament(owner=organizer, name="Autre concours")
    tournaments.delete_tournament(tournament=tournament, by=organizer)
    assert not Tournament.objects.filter(pk=tournament.pk).exists()
    assert not Team.objects.filter(tournament_id=tournament.pk).exists()
    assert not Deal.objects.filter(table__round__tournament_id=tournament.pk).exists()
    assert not Table.objects.exists() and not Round.objects.exists()
    assert Tournament.objects.filter(pk=other.pk).exists()


def test_only_the_owner_deletes_a_tournament(tournament, django_user_model):
    helper = django_user_model.objects.create_user("aide", password="Aide-mot-de-passe-1")
    tournament.co_organizers.add(helper)
    with pytest.raises(errors.TournamentError, match="organisateur principal"):
        tournaments.delete_tournament(tournament=tournament, by=helper)
    assert Tournament.objects.filter(pk=tournament.pk).exists()

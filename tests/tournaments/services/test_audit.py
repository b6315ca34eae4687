"""Every service that changes a tournament writes its own audit line, and
that line moves the revision the public pages send as their ETag."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from tests.factories import add_deal, enter_from_the_table
from tournaments.models import Change, Table, Tournament
from tournaments.services import errors, penalties, registration, rounds, table_side, tournaments

pytestmark = pytest.mark.django_db

A = Change.Action


def finish(table: Table, side: str = "A") -> None:
    enter_from_the_table(table, side=side)


def _co_organizer(t, r, table, user, django_user_model):
    django_user_model.objects.create_user("benevole", password="x-Mot-de-passe-9")
    tournaments.add_co_organizer(tournament=t, username="benevole", by=user)


def _team_presence(t, r, table, user, _):
    registration.set_presence(team=table.team_a, present=False, by=user)


def _team_changed(t, r, table, user, _):
    team = table.team_a
    registration.update_team(
        team=team,
        player1=registration.PlayerData("Zoé", "Dupré"),
        player2=registration.PlayerData("Loïc", "Hébert"),
        by=user,
    )


def _confirmed(t, r, table, user, _):
    finish(table)
    table_side.confirm_table(table=table, code=table.code_b)


def _disputed(t, r, table, user, _):
    finish(table)
    table_side.confirm_table(table=table, code=table.code_b, totals=(1, 2))


def _validated(t, r, table, user, _):
    finish(table)
    table_side.validate_table(table=table, by=user)


CASES: list[tuple[str, Callable, str]] = [
    ("co-organizer", _co_organizer, A.CO_ORGANIZER_ADDED),
    ("team presence", _team_presence, A.PRESENCE),
    ("team changed", _team_changed, A.TEAM_CHANGED),
    (
        "withdrawal",
        lambda t, r, tb, u, _: registration.withdraw_team(team=tb.team_b, by=u),
        A.TEAM_WITHDRAWN,
    ),
    ("deal", lambda t, r, tb, u, _: add_deal(tb), A.DEAL_ADDED),
    (
        "penalty",
        lambda t, r, tb, u, _: penalties.add_penalty(
            table=tb, team=tb.team_a, points=-50, reason="retard", by=u
        ),
        A.PENALTY,
    ),
    ("confirmed", _confirmed, A.TABLE_CONFIRMED),
    ("disputed", _disputed, A.TABLE_DISPUTED),
    ("validated", _validated, A.TABLE_VALIDATED),
    (
        "link revoked",
        lambda t, r, tb, u, _: table_side.revoke_entry_link(table=tb, by=u),
        A.LINK_REVOKED,
    ),
    ("redraw", lambda t, r, tb, u, _: rounds.redraw_round(round=r, seed=7, by=u), A.REDRAW),
]


@pytest.mark.parametrize(("case", "act", "action"), CASES, ids=[c[0] for c in CASES])
def test_each_change_writes_its_own_line_and_moves_the_revision(
    case, act, action, tournament, round1, table, organizer, django_user_model
):
    before = Tournament.objects.with_revision().get(pk=tournament.pk).revision
    act(tournament, round1, table, organizer, django_user_model)
    assert tournament.changes.order_by("-pk").first().action == action
    after = Tournament.objects.with_revision().get(pk=tournament.pk).revision
    assert after != before


def test_creating_a_tournament_and_registering_players_are_in_the_trail(make_tournament, organizer):
    melee = make_tournament(format="melee")
    player = registration.register_player(
        tournament=melee, player=registration.PlayerData("Inès", "Ségur"), by=organizer
    )
    registration.set_player_presence(player=player, present=False, by=organizer)
    registration.withdraw_player(player=player, by=organizer)
    actions = list(melee.changes.order_by("pk").values_list("action", flat=True))
    assert actions == [A.TOURNAMENT_CREATED, A.PLAYER_ADDED, A.PRESENCE, A.PLAYER_WITHDRAWN]


def test_a_refused_change_leaves_no_line_and_the_same_revision(tournament, table):
    before = Tournament.objects.with_revision().get(pk=tournament.pk).revision
    with pytest.raises(errors.TournamentError):
        add_deal(table, points_a=170)
    assert Tournament.objects.with_revision().get(pk=tournament.pk).revision == before


def test_the_revision_needs_no_annotation(tournament, table):
    add_deal(table)
    fresh = Tournament.objects.get(pk=tournament.pk)
    assert fresh.revision == Tournament.objects.with_revision().get(pk=tournament.pk).revision

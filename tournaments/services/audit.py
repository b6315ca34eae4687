"""The audit trail: one `Change` row for each thing done to a tournament.

`log_change` writes in the caller's transaction, so a refused change leaves
no line. Every service that changes a tournament's data calls it, with an
action of its own: the line is also what moves the tournament's revision
(`Tournament.revision`, the public pages' ETag), so a write without its
line would leave the players' pages stale. It is also the one place that
tells the public home's cache (infra/home_cache.py) that what the home
shows changed: a line whose action is in `SHOWN_ON_HOME`, or `home_changed`
for what has no line (a challenge, a league, a concours deleted with its
history). The snapshots are the shapes of
a team, a player and a partie's tables kept in a change's `before` and
`after`.

This module only records what another service did: it decides nothing,
raises nothing and imports no other service module (the snapshot of a deal
lives in `scores`, beside the deal fields it reads).
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import AnonymousUser, User

from tournaments.infra import freshness, home_cache
from tournaments.models import Change, Player, Round, Table, Team, Tournament

# Who acts in a use-case: the signed-in user or a visitor (`request.user`;
# the project keeps Django's own User model), or None for the system itself
# (a clock, a hall's upload, a command).
# Every service's `by` is an `Actor | None`; only a signed-in one is kept.
type Actor = User | AnonymousUser

# The actions that change what the public home lists: a concours's name,
# day, place, publication, archiving or status (registration, running,
# finished), its announcement. A deal, a presence or a team changes none of
# it: on a Sunday they must leave the home cached.
SHOWN_ON_HOME = frozenset(
    {
        Change.Action.TOURNAMENT_CREATED,
        Change.Action.TOURNAMENT_CHANGED,
        Change.Action.PUBLISHED,
        Change.Action.UNPUBLISHED,
        Change.Action.ARCHIVED,
        Change.Action.UNARCHIVED,
        Change.Action.OWNER_CHANGED,
        Change.Action.DRAW,
        Change.Action.REDRAW,
        Change.Action.ROUND_CLOSED,
        Change.Action.CLAIMS_CLOSED,
        Change.Action.RESTORED,
        Change.Action.ADMIN_EDIT,
        Change.Action.BRACKETS_CREATED,
        Change.Action.BRACKETS_DELETED,
        Change.Action.BRACKET_DRAWN,
    }
)


def log_change(
    tournament: Tournament | int,
    action: str,
    *,
    by: Actor | None = None,
    table: Table | None = None,
    reason: str = "",
    before: Any = None,
    after: Any = None,
    request_key: str = "",
) -> None:
    """One line of the audit trail, in the caller's transaction;
    `request_key` names the post that made the change (a replay finds it)."""
    Change.objects.create(
        tournament_id=tournament if isinstance(tournament, int) else tournament.pk,
        table=table,
        by=by if by is not None and by.is_authenticated else None,
        action=action,
        reason=reason.strip()[:200],
        before=before,
        after=after,
        request_key=request_key,
    )
    freshness.changed(tournament)
    if action in SHOWN_ON_HOME:
        home_cache.changed()


def home_changed() -> None:
    """What the public home lists changed with no line of a concours's
    history to say it: a challenge or a league created, edited or
    published, a concours deleted (its history goes with it)."""
    home_cache.changed()


def team_snapshot(team: Team) -> dict[str, Any]:
    return {
        "number": team.number,
        "name": team.name,
        "club": team.club,
        "status": team.status,
        "present": team.present,
        "players": [str(team.player1), str(team.player2)],
    }


def player_snapshot(player: Player) -> dict[str, Any]:
    return {"name": str(player), "status": player.status, "present": player.present}


def tables_snapshot(rnd: Round) -> list[list[int | None]]:
    return [
        [n, a, b]
        for n, a, b in rnd.tables.order_by("number").values_list("number", "team_a_id", "team_b_id")
    ]

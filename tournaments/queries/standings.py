"""The tournament's ranking read from the database: the finished tables of
its qualifying parties, in a fixed number of queries whatever its size,
ranked by the pure `tournaments.domain.standings.rank`. Writes nothing."""

from __future__ import annotations

from typing import Any

from django.db.models import Count, Max

from tournaments.domain.standings import (
    CHANCE,
    ByeScore,
    MatchPoints,
    Result,
    Row,
    Standing,
    lots,
    moves,
    public_cutoff,
    rank,
    split_by,
)
from tournaments.models import Change, Round, Table, Team, Tournament


def hidden_from(tournament) -> int | None:
    """The first partie whose results the public does not see (issue 38,
    item 12a), by the pure rule `standings.public_cutoff`: None while the
    option is off, before that partie's draw is announced, and once the
    concours is over. One query, only when the option is on."""
    if not tournament.ranking_hidden:
        return None
    announced = tournament.rounds.announced().values_list("number", flat=True)
    return public_cutoff(
        hidden_from=tournament.ranking_hidden_from or tournament.parties,
        announced=list(announced),
        finished=tournament.status == Tournament.Status.FINISHED,
    )


def tournament_results(tournament, *, before: int | None = None) -> tuple[list[int], list[Result]]:
    """The entrants and results of a tournament's finished tables of its
    qualifying parties (a final phase has its own ranking,
    queries/brackets.py), in a fixed number of queries whatever its size;
    only those of the parties numbered below `before` when given (the
    public's ranking while it is hidden: `hidden_from`)."""
    melee = tournament.format == Tournament.Format.MELEE
    tables = Table.objects.filter(
        round__tournament=tournament,
        status=Table.Status.COMPLETE,
        round__stage=Round.Stage.QUALIFYING,
    )
    if before is not None:
        tables = tables.filter(round__number__lt=before)
    tables = tables.select_related("round").values_list(
        "round__number",
        "team_a_id",
        "team_b_id",
        "total_a",
        "total_b",
    )
    players: dict[int, tuple[int, int]] = {}
    if melee:
        players = {
            t[0]: (t[1], t[2])
            for t in Team.objects.filter(tournament=tournament).values_list(
                "id", "player1_id", "player2_id"
            )
        }

    def side(team_id: int | None) -> tuple[int, ...]:
        if team_id is None:
            return ()
        return players[team_id] if melee else (team_id,)

    results = [
        Result(round=n, side_a=side(a), side_b=side(b), points_a=ta, points_b=tb)
        for n, a, b, ta, tb in tables
    ]
    if melee:
        entrants = list(tournament.players.values_list("id", flat=True))
    else:
        entrants = list(
            Team.objects.filter(tournament=tournament, round__isnull=True).values_list(
                "id", flat=True
            )
        )
    return entrants, results


def ranking_inputs(tournament, *, before: int | None = None) -> tuple:
    """What `tournament_standings` is computed from, in two small queries
    and without loading an entrant: the finished tables' results, the count
    and last id of the audit lines other than deals', and the tournament's
    own fields. A deal moves the ranking only by finishing a table or by
    changing a finished one's totals, which the results show; everything
    else that the ranking reads (entrants, names, draws, penalties) writes
    an audit line of its own. Equal inputs, equal rankings. `before` as
    for `tournament_results`."""
    tables = Table.objects.filter(round__tournament=tournament, status=Table.Status.COMPLETE)
    if before is not None:
        tables = tables.filter(round__number__lt=before)
    results = tuple(
        tables.order_by("pk").values_list(
            "pk", "round__number", "team_a_id", "team_b_id", "total_a", "total_b"
        )
    )
    deals = (Change.Action.DEAL_ADDED, Change.Action.DEAL_CHANGED, Change.Action.DEAL_DELETED)
    others = (
        Change.objects.filter(tournament=tournament)
        .exclude(action__in=deals)
        .aggregate(n=Count("id"), last=Max("id"))
    )
    fields = tuple(getattr(tournament, f.attname) for f in tournament._meta.concrete_fields)
    return results, others["n"], others["last"], fields, before


def tournament_bye(tournament) -> ByeScore:
    """What a bye is worth under the tournament's bye policy."""
    policy = tournament.bye_policy
    fixed = (Tournament.ByePolicy.FIXED, Tournament.ByePolicy.FIXED_BOTH)
    return ByeScore(
        win=policy != Tournament.ByePolicy.NOTHING,
        points=tournament.bye_points if policy in fixed else 0,
        average=policy == Tournament.ByePolicy.AVERAGE,
        against=policy == Tournament.ByePolicy.FIXED_BOTH,
    )


def entrant_keys(tournament) -> dict[int, int]:
    """What each entrant draws its lot with (domain/standings.py `lot`):
    a team's number, or in a mêlée a player's place in registration order."""
    if tournament.format == Tournament.Format.MELEE:
        ids = tournament.players.order_by("pk").values_list("pk", flat=True)
        return {pk: place for place, pk in enumerate(ids, start=1)}
    return dict(
        Team.objects.filter(tournament=tournament, round__isnull=True).values_list("id", "number")
    )


def ranking_rules(tournament, criteria: list[str] | None = None) -> dict[str, Any]:
    """`rank`'s keyword arguments for the tournament (or for other
    `criteria`): its criteria, bye, match points, and the lots when it draws
    them (one query more, then)."""
    criteria = tournament.criteria if criteria is None else criteria
    seed = tournament.chance_seed
    return {
        "criteria": criteria,
        "bye": tournament_bye(tournament),
        "match_points": MatchPoints(
            tournament.match_points_win, tournament.match_points_draw, tournament.match_points_loss
        ),
        "lots": lots(seed, entrant_keys(tournament))
        if CHANCE in criteria and seed is not None
        else None,
    }


def criteria_moves(tournament, criteria: list[str]) -> list[tuple[Any, int, int]]:
    """Who changes place in the ranking of the finished tables if the
    tournament were ranked by `criteria` (with `chance_seed` drawn when they
    draw lots): (team or player, rank before, rank after)."""
    entrants, results = tournament_results(tournament)
    before = rank(entrants, results, **ranking_rules(tournament))
    after = rank(entrants, results, **ranking_rules(tournament, criteria))
    objects = _entrants(tournament)
    return [(objects.get(e), was, now) for e, was, now in moves(before, after)]


def _entrants(tournament) -> dict[int, Any]:
    if tournament.format == Tournament.Format.MELEE:
        return {p.pk: p for p in tournament.players.all()}
    return {
        t.pk: t
        for t in tournament.teams.filter(round__isnull=True).select_related("player1", "player2")
    }


def tournament_rows(tournament, *, before: int | None = None) -> list[Row]:
    """The tournament's ranked rows (of the parties numbered below `before`
    only, when given), without loading an entrant."""
    entrants, results = tournament_results(tournament, before=before)
    return rank(entrants, results, **ranking_rules(tournament))


def tournament_standings(tournament, *, before: int | None = None) -> list[Standing]:
    """The tournament's ranking with its entrants loaded (of the parties
    numbered below `before` only, when given)."""
    rows = tournament_rows(tournament, before=before)
    objects = _entrants(tournament)
    split = split_by(rows, tournament.criteria)
    return [
        Standing(row=r, entrant=objects.get(r.entrant), split=split.get(r.entrant, ""))
        for r in rows
    ]


def public_standings(tournament) -> list[Standing]:
    """The ranking every public page shows: the live one, or the one from
    before the hidden partie while it is hidden (`hidden_from`)."""
    return tournament_standings(tournament, before=hidden_from(tournament))

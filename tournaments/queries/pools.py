"""The pools read: whether a tournament plays in pools and which parties
follow them, each pool's ranking, and the qualifying order they give.
Writes nothing (services/pools.py forms the pools and seats their parties)."""

from __future__ import annotations

from dataclasses import dataclass

from tournaments.domain import pools
from tournaments.domain.standings import Row
from tournaments.models import Pool, PoolTeam, Round, Table, Team, Tournament
from tournaments.queries.standings import (
    hidden_from,
    ranking_rules,
    tournament_results,
    tournament_standings,
)


def has_pools(tournament: Tournament) -> bool:
    return Pool.objects.filter(tournament=tournament).exists()


def follows_pools(tournament: Tournament, number: int) -> bool:
    """Whether partie `number` is a pools partie (the pools exist and it is
    one of their parties)."""
    return number <= pools.POOL_ROUNDS and has_pools(tournament)


@dataclass(frozen=True)
class PoolLine:
    """A team's line in its pool's ranking."""

    row: Row
    team: Team


@dataclass(frozen=True)
class PoolMatch:
    """One table of a pools partie (a bye table: a team exempt)."""

    round: int
    table: Table


@dataclass(frozen=True)
class PoolStanding:
    pool: Pool
    lines: list[PoolLine]
    matches: list[PoolMatch]


def pool_standings(tournament: Tournament, *, announced_only: bool = False) -> list[PoolStanding]:
    """Each pool with its ranking (wins first, then the tournament's
    criteria) and its tables so far, partie by partie. `announced_only`
    keeps the tables of draws not announced yet from the public pages."""
    entries = list(
        PoolTeam.objects.filter(pool__tournament=tournament)
        .select_related("pool", "team__player1", "team__player2")
        .order_by("pool__number", "position")
    )
    if not entries:
        return []
    rounds = tournament.rounds.filter(draw_method=Round.DrawMethod.POOLS)
    if announced_only:
        rounds = rounds.announced()
        # The public's pages: the hidden ranking's parties wait (issue 38, 12a).
        if (cutoff := hidden_from(tournament)) is not None:
            rounds = rounds.filter(number__lt=cutoff)
    numbers = set(rounds.values_list("number", flat=True))
    _entrants, results = tournament_results(tournament)
    results = [r for r in results if r.round in numbers]
    tables = list(
        Table.objects.filter(round__in=rounds)
        .select_related(
            "round", "team_a__player1", "team_a__player2", "team_b__player1", "team_b__player2"
        )
        .order_by("round__number", "number")
    )
    rules = ranking_rules(tournament)
    by_pool: dict[int, list[PoolTeam]] = {}
    for entry in entries:
        by_pool.setdefault(entry.pool_id, []).append(entry)
    out = []
    for members in by_pool.values():
        teams = {m.team_id: m.team for m in members}
        rows = pools.rank_pool(list(teams), results, **rules)
        out.append(
            PoolStanding(
                pool=members[0].pool,
                lines=[PoolLine(row=r, team=teams[r.entrant]) for r in rows],
                matches=[
                    PoolMatch(round=t.round.number, table=t) for t in tables if t.team_a_id in teams
                ],
            )
        )
    return out


def pool_places(tournament: Tournament) -> dict[int, tuple[int, int]]:
    """Each pooled team's pool number and place in its pool (0 its winner),
    by team id; empty without pools. What the brackets cross their seeds
    by (`domain.brackets.cross_pools`)."""
    return {
        line.team.pk: (s.pool.number, place)
        for s in pool_standings(tournament)
        for place, line in enumerate(s.lines)
    }


def pool_qualifying_order(tournament: Tournament) -> list[Team] | None:
    """None without pools; else the pool winners first, ordered among
    themselves by the overall standings, then the seconds, and so on."""
    standings = pool_standings(tournament)
    if not standings:
        return None
    teams = {line.team.pk: line.team for s in standings for line in s.lines}
    overall = [s.entrant.pk for s in tournament_standings(tournament) if s.entrant is not None]
    order = pools.qualifying_order([[line.team.pk for line in s.lines] for s in standings], overall)
    return [teams[t] for t in order]

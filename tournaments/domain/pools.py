"""Pools (« poules ») as a qualifying phase: who goes in which pool, who
plays whom in each pool partie, and each pool's ranking.

The teams are split into pools of four (and of three when their number is
not a multiple of four; the organizer may ask for three), as even as
possible, by snake seeding from an order: the registration order, or a
random order reproducible from its seed. In a pool every team meets every
other once (round robin, circle method): a pool of four plays three parties
of two tables; a pool of three plays three parties of one table, one team
exempt each partie (the bye of the Swiss draw: an exempt team, its table
without team B, worth what the tournament's bye policy says).

Must not import Django or touch the database: plain ids in, plain frozen
values out. A split that cannot be made raises ``PoolError`` whose
``code`` and ``params`` the Django side turns into a sentence. The pool
ranking is `standings.rank`'s, wins first then the tournament's criteria.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from tournaments.domain.standings import WINS, ByeScore, MatchPoints, Result, Row, rank

#: The pool sizes the organizer chooses from.
SIZES = (3, 4)
_WIN = ByeScore()
_MATCH_POINTS = MatchPoints()
#: Parties a pool plays: three, whether of three teams or of four.
POOL_ROUNDS = 3


class PoolError(Exception):
    """A split that cannot be made. ``code``: ``too_few`` (fewer than three
    teams) or ``cannot_split`` (five teams: neither 3 + 2 nor 4 + 1);
    ``params``: ``count``, the number of teams given."""

    def __init__(self, code: str, count: int) -> None:
        super().__init__(f"{code}: {count} teams")
        self.code = code
        self.params = {"count": count}


@dataclass(frozen=True)
class PoolRound:
    """One partie of one pool: its tables (North-South, East-West), and
    the exempt team of a pool of three."""

    tables: tuple[tuple[int, int], ...]
    bye: int | None


def pool_count(teams: int, size: int = 4) -> int:
    """How many pools `teams` teams make with pools of `size` (3 or 4),
    every pool of three or four teams."""
    if size not in SIZES:
        raise ValueError(f"pool size must be 3 or 4, not {size}")
    if teams < 3:
        raise PoolError("too_few", teams)
    # Pools of four: as few pools as hold everyone; of three: as many.
    count = -(-teams // 4) if size == 4 else teams // 3
    if not 3 * count <= teams <= 4 * count:
        raise PoolError("cannot_split", teams)
    return count


def seeding_order(team_ids: Sequence[int], *, seed: int | None = None) -> list[int]:
    """The order the pools are seeded from: `team_ids` as given (the
    registration order), or shuffled from `seed` (the same every time)."""
    order = list(team_ids)
    if seed is not None:
        random.Random(seed).shuffle(order)
    return order


def split(order: Sequence[int], *, size: int = 4) -> list[list[int]]:
    """The pools, by snake seeding: the first `count` teams go one in each
    pool from the first, the next `count` one in each from the last, and
    so on. Each pool lists its teams in seeding order (its seed 1 first)."""
    if len(set(order)) != len(order):
        raise ValueError("a team is given twice")
    count = pool_count(len(order), size)
    pools: list[list[int]] = [[] for _ in range(count)]
    for i, team in enumerate(order):
        row, column = divmod(i, count)
        pools[column if row % 2 == 0 else count - 1 - column].append(team)
    return pools


#: Pairings by position in the pool (its seeds 1–4 as 0–3), partie by
#: partie: the circle method with seed 1 fixed, seeds 1 and 2 meeting last.
#: In a pool of three, position 3 is empty: who meets it is exempt.
_CIRCLE = (
    ((0, 3), (1, 2)),
    ((0, 2), (3, 1)),
    ((0, 1), (2, 3)),
)


def schedule(pool: Sequence[int]) -> list[PoolRound]:
    """The pool's parties in order: every team meets every other once, no
    team plays twice in a partie, each team of a pool of three is exempt
    once."""
    if len(pool) not in SIZES or len(set(pool)) != len(pool):
        raise ValueError("a pool has three or four different teams")
    seats = [*pool, None] if len(pool) == 3 else list(pool)
    parties = []
    for pairs in _CIRCLE:
        tables = []
        bye = None
        for i, j in pairs:
            a, b = seats[i], seats[j]
            if a is None or b is None:
                bye = a if b is None else b
            else:
                tables.append((a, b))
        parties.append(PoolRound(tables=tuple(tables), bye=bye))
    return parties


def round_tables_of_pools(
    pools: Sequence[Sequence[int]], number: int
) -> tuple[tuple[tuple[int, int], ...], tuple[int, ...]]:
    """Partie `number` (1 to `POOL_ROUNDS`) of every pool at once: the
    tables in pool order (pool A's first), and the exempt teams, one for
    each pool of three."""
    if not 1 <= number <= POOL_ROUNDS:
        raise ValueError(f"pools play parties 1 to {POOL_ROUNDS}, not {number}")
    tables: list[tuple[int, int]] = []
    byes: list[int] = []
    for pool in pools:
        played = schedule(pool)[number - 1]
        tables.extend(played.tables)
        if played.bye is not None:
            byes.append(played.bye)
    return tuple(tables), tuple(byes)


def pool_criteria(criteria: Sequence[str]) -> list[str]:
    """A pool's ranking: parties won first, then the tournament's criteria."""
    return [WINS, *(c for c in criteria if c != WINS)]


def rank_pool(
    pool: Sequence[int],
    results: Sequence[Result],
    *,
    criteria: Sequence[str],
    bye: ByeScore = _WIN,
    match_points: MatchPoints = _MATCH_POINTS,
    lots: Mapping[int, int] | None = None,
) -> list[Row]:
    """The pool's teams in ranking order, by `standings.rank` with wins first
    (`pool_criteria`). `results` may hold the other pools' tables too (a
    bye's average is taken over the whole partie, as in the standings):
    only the pool's rows are kept, and ranked again among themselves."""
    ordered = pool_criteria(criteria)
    members = set(pool)
    rows = rank(pool, results, criteria=ordered, bye=bye, match_points=match_points, lots=lots)
    kept = [row for row in rows if row.entrant in members]
    for i, row in enumerate(kept):
        same = i and all(getattr(row, c) == getattr(kept[i - 1], c) for c in ordered)
        row.rank = kept[i - 1].rank if same else i + 1
    return kept


def qualifying_order(pool_rankings: Sequence[Sequence[int]], overall: Sequence[int]) -> list[int]:
    """The pool winners first, ordered among themselves by the `overall`
    ranking, then the seconds, and so on. Teams missing from `overall`
    come after those in it, in pool order."""
    place = {team: i for i, team in enumerate(overall)}
    longest = max((len(r) for r in pool_rankings), default=0)
    out: list[int] = []
    for position in range(longest):
        level = [r[position] for r in pool_rankings if position < len(r)]
        out.extend(sorted(level, key=lambda t: place.get(t, len(place))))
    return out

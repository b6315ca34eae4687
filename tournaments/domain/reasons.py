"""Why each table of a draw is what it is: one reason a table, as plain data.

A *reason* is a kind (a stable string of :data:`REASON_KINDS`) and a few
numbers (ranks, positions, a table or a pool number). The Django side turns
it into a short sentence (``tournaments.display.reasons``): « 1er contre 2e »,
« 2e contre 3e : le 1er a déjà rencontré le 2e », « tirage au sort »,
« rotation : la paire Est-Ouest avance d'une table », « poule A, match 2 »,
« exempt : dernier au classement sans exemption »…

The reasons are computed from the same plain values the draw was made from
(``tournaments.domain.pairing``, ``tournaments.domain.pools``) and the draw
itself, so the service that seats a partie and the checker that replays a
concours file get the same ones. Must not import Django, touch the database
or produce user-facing text.
"""

from __future__ import annotations

import random
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from tournaments.domain import pools as pool_rules
from tournaments.domain.pairing import Draw

#: Each kind of reason with what its numbers are.
REASON_KINDS: dict[str, tuple[str, ...]] = {
    # Random draws: positions are 1-based places in the drawn order.
    "random": (),
    "random_moved": ("first", "second"),  # these two places had met: moved
    "random_rematch": (),  # no other seating avoided the rematch
    "random_avoided": ("first", "second"),  # these two places may not meet: moved
    "random_prohibited": (),  # no other seating avoided the prohibited meeting
    # Draws by ranking: ranks are 1-based places in the ranking.
    "ranking": ("rank_a", "rank_b"),
    "ranking_moved": ("rank_a", "rank_b", "met_a", "met_b"),
    "ranking_rematch": ("rank_a", "rank_b"),
    "ranking_avoided": ("rank_a", "rank_b", "met_a", "met_b"),  # those two may not meet
    "ranking_prohibited": ("rank_a", "rank_b"),  # a prohibited meeting, unavoidable
    # Rotation.
    "rotation": ("from_table",),  # East/West came from that table
    "rotation_first": (),  # first partie by rotation: teams in order
    "rotation_filled": (),  # a seat left empty (late entry, absence, bye) refilled
    # Pools: pool 1 = A; the match is numbered within the pool's schedule.
    "pool": ("pool", "match"),
    # The exempt team.
    "bye_ranking": ("byes",),  # last in the ranking among the fewest byes
    "bye_random": ("byes",),  # last in the drawn order among the fewest byes
    "bye_pool": ("pool",),  # a pool of three: one team rests each partie
    "bye_pool_absent": ("pool",),  # its pool opponent is absent
    # A table changed by hand after the draw: team numbers exchanged.
    "swap": ("team_in", "team_out"),
}


#: The kinds that say a pair was kept apart (a club, a family, a couple), and
#: the plain kind and how many of its numbers the public reads instead.
UNSAID_APART: dict[str, tuple[str, int]] = {
    "random_avoided": ("random", 0),
    "random_prohibited": ("random", 0),
    "ranking_avoided": ("ranking", 2),
    "ranking_prohibited": ("ranking", 2),
}


@dataclass(frozen=True)
class Reason:
    """One table's reason: a kind of :data:`REASON_KINDS` and its numbers."""

    kind: str
    numbers: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        if self.kind not in REASON_KINDS:  # a programming error
            raise ValueError(f"unknown reason kind {self.kind!r}")

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "numbers": list(self.numbers)}

    def as_public(self) -> Reason:
        """This reason as the public reads it (issue 51): a pair kept apart
        left unsaid, the plain draw's reason in its place (with the seed or
        the ranking, « the 3rd and 4th were not to meet » names them)."""
        plain = UNSAID_APART.get(self.kind)
        return self if plain is None else Reason(plain[0], self.numbers[: plain[1]])

    @classmethod
    def from_json(cls, value: Any) -> Reason | None:
        """The reason stored as ``to_json`` wrote it; None for anything else."""
        if not isinstance(value, Mapping) or value.get("kind") not in REASON_KINDS:
            return None
        numbers = value.get("numbers", ())
        if not isinstance(numbers, list | tuple) or not all(type(n) is int for n in numbers):
            return None
        return cls(value["kind"], tuple(numbers))


@dataclass(frozen=True)
class Explained:
    """A draw's reasons: one for each table in table order, one for the bye."""

    tables: tuple[Reason, ...]
    bye: Reason | None


def random_line(team_ids: Collection[int], seed: int) -> list[int]:
    """The drawn order of ``pairing.draw_random`` (and ``form_pairs``)."""
    line = sorted(team_ids)
    random.Random(seed).shuffle(line)
    return line


def explain_random(
    draw: Draw,
    team_ids: Collection[int],
    *,
    seed: int,
    played: Collection[frozenset[int]],
    byes: Mapping[int, int],
    avoid: Collection[frozenset[int]] = (),
) -> Explained:
    """Reasons of ``pairing.draw_random(team_ids, seed=seed, …)``; ``avoid``
    the prohibited pairs it was given (same club, family, couple)."""
    line = random_line(team_ids, seed)
    seated = [team for team in line if team != draw.bye]
    place = {team: index + 1 for index, team in enumerate(seated)}
    blocked = set(played) | set(avoid)
    reasons = []
    for a, b in draw.tables:
        moved = _moved(seated, a, b, blocked)
        if frozenset((a, b)) in avoid:
            reasons.append(Reason("random_prohibited"))
        elif frozenset((a, b)) in played:
            reasons.append(Reason("random_rematch"))
        elif moved is None:
            reasons.append(Reason("random"))
        else:
            kind = "random_avoided" if _only_avoided(moved, played, avoid) else "random_moved"
            reasons.append(Reason(kind, (place[moved[0]], place[moved[1]])))
    return Explained(tuple(reasons), _bye(draw, "bye_random", byes))


def explain_ranking(
    draw: Draw,
    ranked_team_ids: Sequence[int],
    *,
    played: Collection[frozenset[int]],
    byes: Mapping[int, int],
    avoid: Collection[frozenset[int]] = (),
) -> Explained:
    """Reasons of ``pairing.draw_by_ranking(ranked_team_ids, …)``: ranks
    are places in ``ranked_team_ids`` (1 = the leader); ``avoid`` the
    prohibited pairs it was given."""
    rank = {team: index + 1 for index, team in enumerate(ranked_team_ids)}
    seated = [team for team in ranked_team_ids if team != draw.bye]
    blocked = set(played) | set(avoid)
    reasons = []
    for a, b in draw.tables:
        ranks = (rank[a], rank[b])
        moved = _moved(seated, a, b, blocked)
        if frozenset((a, b)) in avoid:
            reasons.append(Reason("ranking_prohibited", ranks))
        elif frozenset((a, b)) in played:
            reasons.append(Reason("ranking_rematch", ranks))
        elif moved is None:
            reasons.append(Reason("ranking", ranks))
        else:
            kind = "ranking_avoided" if _only_avoided(moved, played, avoid) else "ranking_moved"
            reasons.append(Reason(kind, (*ranks, rank[moved[0]], rank[moved[1]])))
    return Explained(tuple(reasons), _bye(draw, "bye_ranking", byes))


def explain_rotation(
    draw: Draw, previous: Sequence[tuple[int, int]], *, byes: Mapping[int, int]
) -> Explained:
    """Reasons of ``pairing.draw_rotation(previous, …)``: a table whose
    North/South team kept its table and whose East/West team came from the
    table before it has moved on as planned; any other was refilled."""
    count = len(previous)
    north = {a: number for number, (a, _b) in enumerate(previous, start=1)}
    east = {b: number for number, (_a, b) in enumerate(previous, start=1)}
    reasons = []
    for number, (a, b) in enumerate(draw.tables, start=1):
        came_from = (number - 2) % count + 1 if count else 0
        if not previous:
            reasons.append(Reason("rotation_first"))
        elif north.get(a) == number and east.get(b) == came_from:
            reasons.append(Reason("rotation", (came_from,)))
        else:
            reasons.append(Reason("rotation_filled"))
    return Explained(tuple(reasons), _bye(draw, "bye_ranking", byes))


def explain_pools(
    seats: Sequence[Sequence[int]],
    number: int,
    tables: Sequence[tuple[int, int]],
    byes: Sequence[int],
) -> tuple[tuple[Reason, ...], tuple[Reason, ...]]:
    """Reasons of pools partie ``number`` as seated: ``tables`` and
    ``byes`` are what was kept of ``pool_rules.round_tables_of_pools(seats,
    number)`` (a table whose team is absent leaves its opponent exempt).
    Returns (one reason a table, one reason a bye)."""
    of_pair: dict[frozenset[int], Reason] = {}
    pool_of: dict[int, int] = {}
    for pool_number, pool in enumerate(seats, start=1):
        pool_of.update((team, pool_number) for team in pool)
        match = 0
        for played in pool_rules.schedule(pool):
            for a, b in played.tables:
                match += 1
                of_pair[frozenset((a, b))] = Reason("pool", (pool_number, match))
    scheduled_byes = set(pool_rules.round_tables_of_pools(seats, number)[1])
    table_reasons = tuple(
        of_pair.get(frozenset(pair), Reason("pool", (pool_of.get(pair[0], 0), 0)))
        for pair in tables
    )
    bye_reasons = tuple(
        Reason("bye_pool" if team in scheduled_byes else "bye_pool_absent", (pool_of.get(team, 0),))
        for team in byes
    )
    return table_reasons, bye_reasons


def swap_reasons(
    tables: Sequence[tuple[int, int | None]],
    reasons: Sequence[Reason | None],
    first: int,
    second: int,
    number: Mapping[int, int],
) -> list[Reason | None]:
    """The reasons after exchanging teams ``first`` and ``second`` (ids) by
    hand: ``tables`` are the seats before it (a bye as ``(team, None)``),
    ``number`` gives each team's number. The two tables concerned say which
    team came in and which went out; the others keep theirs."""
    out = list(reasons)
    for index, table in enumerate(tables):
        if first in table:
            out[index] = Reason("swap", (number[second], number[first]))
        elif second in table:
            out[index] = Reason("swap", (number[first], number[second]))
    return out


def _moved(
    line: Sequence[int], a: int, b: int, played: Collection[frozenset[int]]
) -> tuple[int, int] | None:
    """None when (a, b) is a pair of the plain pairing 1–2, 3–4… of
    ``line``; else the plain pair that had met, nearest to ``a`` (the one
    that moved the teams), ordered along the line."""
    position = {team: index for index, team in enumerate(line)}
    i, j = sorted((position[a], position[b]))
    if i % 2 == 0 and j == i + 1:
        return None
    straight = [(k, k + 1) for k in range(0, len(line) - 1, 2)]
    met = [(x, y) for x, y in straight if frozenset((line[x], line[y])) in played]
    if not met:  # cannot happen: the plain pairing is kept when it has no rematch
        return (line[i], line[j])
    x, y = min(met, key=lambda pair: (min(abs(pair[0] - i), abs(pair[1] - i)), pair))
    return (line[x], line[y])


def _only_avoided(
    pair: tuple[int, int], played: Collection[frozenset[int]], avoid: Collection[frozenset[int]]
) -> bool:
    """Whether the plain pair that moved the teams was prohibited, not a rematch."""
    both = frozenset(pair)
    return both in avoid and both not in played


def _bye(draw: Draw, kind: str, byes: Mapping[int, int]) -> Reason | None:
    if draw.bye is None:
        return None
    return Reason(kind, (byes.get(draw.bye, 0),))

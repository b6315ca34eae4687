"""Standings: who ranks where, from the tables' totals.

`rank` is pure: it takes plain results and the ordered criteria and returns
ranked rows, so every criterion is tested without a database. It
has no Django and no database: queries/standings.py reads a tournament's
tables and hands them here. Nothing here scores a deal (the marques are
already on the tables, computed by `scoring`).

In a mêlée the entrant is a player (each player of a team gets the team's
result), otherwise the entrant is a team.

Every criterion ranks the greater value first except the points conceded
(`POINTS_AGAINST`: the fewest first) and the drawing of lots (`CHANCE`: the
smallest lot first). A drawing of lots is made once, its seed recorded: each
entrant's lot is `lot(seed, key)`, its key being a number that does not
change with the others (a team's number), so that anyone holding the seed
draws the same order and a late team leaves the others' lots as they were.
"""

from __future__ import annotations

import hashlib
from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import pairwise

POINTS = "points"
WINS = "wins"
MATCH_POINTS = "match_points"
DIFFERENCE = "difference"
HEAD_TO_HEAD = "head_to_head"
BUCHHOLZ = "buchholz"
#: The best single partie played at a table (a bye is none).
BEST_GAME = "best_game"
#: The points conceded: the fewest first.
POINTS_AGAINST = "points_against"
#: A drawing of lots (its seed recorded): the smallest lot first. It leaves
#: no tie, so nothing may follow it.
CHANCE = "chance"
CRITERIA = (
    POINTS,
    WINS,
    MATCH_POINTS,
    DIFFERENCE,
    HEAD_TO_HEAD,
    BUCHHOLZ,
    BEST_GAME,
    POINTS_AGAINST,
    CHANCE,
)
#: The criteria that rank the smaller value first.
FEWEST_FIRST = frozenset({POINTS_AGAINST, CHANCE})


@dataclass(frozen=True)
class Result:
    """One finished table seen from the standings: the entrants of side A and
    side B (side B empty for a bye) and each side's points."""

    round: int
    side_a: tuple[int, ...]
    side_b: tuple[int, ...]
    points_a: int
    points_b: int


@dataclass(frozen=True)
class ByeScore:
    """What a bye is worth: a win or not (a loss then), and its points (fixed,
    or the average of the points scored in that round when `average` is
    set).

    A bye worth the average is a partie against an average opponent: the
    average counts for the exempt team and against it, so that the bye
    leaves its difference as it was (an average partie ends level), rather
    than giving it the whole average as a lead (`bye_against`). Fixed
    points are the organizer's own figure and count for only, unless
    `against` is set (some organizers count them against too: a
    difference of 0)."""

    win: bool = True
    points: int = 0
    average: bool = False
    against: bool = False


@dataclass(frozen=True)
class MatchPoints:
    win: int = 2
    draw: int = 1
    loss: int = 0


@dataclass
class Row:
    """One entrant's record. A bye is a partie played, won when the bye
    counts as a win and lost otherwise, so that `played` is always
    `won + drawn + lost`; `byes` says how many of them were byes."""

    entrant: int
    played: int = 0
    won: int = 0
    drawn: int = 0
    lost: int = 0
    byes: int = 0
    points_for: int = 0
    points_against: int = 0
    match_points: int = 0
    buchholz: int = 0
    head_to_head: int = 0
    best_game: int = 0
    #: The entrant's lot when the ranking draws lots (`lot`), else 0.
    chance: int = 0
    rank: int = 0
    opponents: list[int] = field(default_factory=list)

    @property
    def difference(self) -> int:
        return self.points_for - self.points_against

    @property
    def wins(self) -> int:
        return self.won

    @property
    def points(self) -> int:
        return self.points_for


def bye_points(bye: ByeScore, round_points: Sequence[int]) -> int:
    """What a bye is worth in a round whose finished tables scored
    `round_points` (both sides' totals of each table, the bye's excluded): the
    fixed points, or their average rounded to the nearest point (0 before any
    table has finished)."""
    if not bye.average:
        return bye.points
    return round(sum(round_points) / len(round_points)) if round_points else 0


def bye_against(bye: ByeScore, points: int) -> int:
    """The points counted against an exempt team whose bye is worth
    `points`: the same points under the average rule and when fixed points
    count against too (the bye moves its difference by nothing), none
    otherwise."""
    return points if bye.average or bye.against else 0


def lot(seed: int, key: int) -> int:
    """The lot an entrant draws under the drawing of lots `seed`: the first
    six bytes of SHA-256 of « seed:key » (a team's number as the key), read
    as a number. The same seed and key always draw the same lot, whoever
    else is ranked; any language recomputes it."""
    digest = hashlib.sha256(f"{seed}:{key}".encode()).digest()
    return int.from_bytes(digest[:6], "big")


#: The lot of an entrant the drawing did not reach: after every lot drawn.
NO_LOT = 2**48


def lots(seed: int, keys: Mapping[int, int]) -> dict[int, int]:
    """Each entrant's lot (`lot`), from its key (entrant → key)."""
    return {entrant: lot(seed, key) for entrant, key in keys.items()}


def _round_points(results: Iterable[Result]) -> dict[int, list[int]]:
    """Both sides' points of every table played, by round: what a bye's
    average is taken over."""
    points: dict[int, list[int]] = defaultdict(list)
    for r in results:
        if r.side_b:
            points[r.round].extend([r.points_a, r.points_b])
    return points


def rank(
    entrants: Iterable[int],
    results: Iterable[Result],
    *,
    criteria: Sequence[str] = (POINTS,),
    bye: ByeScore = ByeScore(),
    match_points: MatchPoints = MatchPoints(),
    lots: Mapping[int, int] | None = None,
) -> list[Row]:
    """Rows in ranking order; entrants equal on every criterion share a rank.

    Head-to-head compares, within a group of entrants equal on the criteria
    before it, the parties each won against the others of the group. The
    drawing of lots needs every entrant's lot (`lots`)."""
    unknown = [c for c in criteria if c not in CRITERIA]
    if unknown:
        raise ValueError(f"unknown ranking criteria: {unknown}")
    if CHANCE in criteria and lots is None:
        raise ValueError("a drawing of lots without the lots")
    rows: dict[int, Row] = {e: Row(entrant=e) for e in entrants}
    beaten = _count(rows, list(results), bye, match_points)
    for row in rows.values():
        row.buchholz = sum(rows[o].points_for for o in row.opponents if o in rows)
        if lots is not None:
            row.chance = lots.get(row.entrant, NO_LOT)

    ordered = sorted(rows.values(), key=lambda r: r.entrant)
    ordered = _sort(ordered, list(criteria), beaten)
    _assign_ranks(ordered, list(criteria))
    return ordered


def _count(
    rows: dict[int, Row], results: list[Result], bye: ByeScore, match_points: MatchPoints
) -> dict[int, set[int]]:
    """Add every result to its entrants' rows (a row made for an entrant
    met there that `rows` lacks); return whom each entrant beat."""
    beaten: dict[int, set[int]] = defaultdict(set)
    round_points = _round_points(results)
    for r in results:
        if not r.side_b:
            points = bye_points(bye, round_points.get(r.round, []))
            for e in r.side_a:
                row = rows.setdefault(e, Row(entrant=e))
                row.played += 1
                row.byes += 1
                row.points_for += points
                row.points_against += bye_against(bye, points)
                if bye.win:
                    row.won += 1
                    row.match_points += match_points.win
                else:
                    row.lost += 1
            continue
        for own, other, pf, pa in (
            (r.side_a, r.side_b, r.points_a, r.points_b),
            (r.side_b, r.side_a, r.points_b, r.points_a),
        ):
            for e in own:
                row = rows.setdefault(e, Row(entrant=e))
                row.played += 1
                row.points_for += pf
                row.points_against += pa
                # A total may be below 0 (penalties): the first one counts.
                row.best_game = max(row.best_game, pf) if row.opponents else pf
                row.opponents.extend(other)
                if pf > pa:
                    row.won += 1
                    row.match_points += match_points.win
                    beaten[e].update(other)
                elif pf == pa:
                    row.drawn += 1
                    row.match_points += match_points.draw
                else:
                    row.lost += 1
                    row.match_points += match_points.loss
    return beaten


def _key(row: Row, criterion: str) -> int:
    """The row's value for `criterion`, the greater ranking first."""
    value: int = getattr(row, criterion)
    return -value if criterion in FEWEST_FIRST else value


def sort_key(row: Row, criteria: Sequence[str]) -> tuple[int, ...]:
    """What orders rows by `criteria`, the first in ranking order first
    (head-to-head left out: it is only known within a group)."""
    return tuple(-_key(row, c) for c in criteria if c != HEAD_TO_HEAD)


def moves(before: Sequence[Row], after: Sequence[Row]) -> list[tuple[int, int, int]]:
    """The entrants whose rank differs between two rankings of the same
    results, as (entrant, rank before, rank after), in the order of `after`."""
    was = {row.entrant: row.rank for row in before}
    return [
        (row.entrant, was[row.entrant], row.rank)
        for row in after
        if row.entrant in was and was[row.entrant] != row.rank
    ]


def _sort(rows: list[Row], criteria: list[str], beaten: dict[int, set[int]]) -> list[Row]:
    """Sort by the criteria in order; head-to-head is resolved inside each
    group left equal by the criteria before it."""
    if not criteria or len(rows) <= 1:
        return rows
    criterion, rest = criteria[0], criteria[1:]
    if criterion == HEAD_TO_HEAD:
        group = {r.entrant for r in rows}
        for r in rows:
            r.head_to_head = len(beaten.get(r.entrant, set()) & group)
    rows = sorted(rows, key=lambda r: -_key(r, criterion))
    out: list[Row] = []
    i = 0
    while i < len(rows):
        j = i
        while j < len(rows) and _key(rows[j], criterion) == _key(rows[i], criterion):
            j += 1
        out.extend(_sort(rows[i:j], rest, beaten))
        i = j
    return out


def _assign_ranks(rows: list[Row], criteria: list[str]) -> None:
    for i, row in enumerate(rows):
        if i and all(_key(row, c) == _key(rows[i - 1], c) for c in criteria):
            row.rank = rows[i - 1].rank
        else:
            row.rank = i + 1


def split_by(rows: Sequence[Row], criteria: Sequence[str]) -> dict[int, str]:
    """Which criterion put each entrant below the row above it, when the two
    are equal on the first criterion (issue 60, item 4: 4th and 5th on
    identical lines, split by the drawing of lots, said nowhere beside them):
    entrant → criterion, the first of `criteria` on which they differ."""
    split: dict[int, str] = {}
    for above, row in pairwise(rows):
        if row.rank == above.rank or _key(row, criteria[0]) != _key(above, criteria[0]):
            continue
        split[row.entrant] = next(c for c in criteria[1:] if _key(row, c) != _key(above, c))
    return split


@dataclass
class Standing:
    """A ranked row with the team (or, in a mêlée, the player) it is about;
    `split`, the criterion that put it below the row above, equal on the
    first (`split_by`)."""

    row: Row
    entrant: object
    split: str = ""


def public_cutoff(
    *, hidden_from: int | None, announced: Iterable[int], finished: bool
) -> int | None:
    """The first partie whose results the public does not see yet (issue 38,
    item 12a: « classement masqué jusqu'à la fin »), or None when the
    public sees every result.

    `hidden_from` is the partie the organizer chose (None: the option is
    off), `announced` the numbers of the parties whose draw the players have
    seen, `finished` whether the concours is over. From the moment the
    chosen partie's draw is announced (or a later one's) until the concours
    is over, the public ranking counts only the parties before it: the
    results of that partie and of any after it stay with the desk."""
    if hidden_from is None or finished:
        return None
    if any(number >= hidden_from for number in announced):
        return hidden_from
    return None


def counts_publicly(round_number: int, cutoff: int | None) -> bool:
    """Whether a partie's results are shown to the public under `cutoff`
    (`public_cutoff`)."""
    return cutoff is None or round_number < cutoff

"""Season challenge: the individual ranking of a series of evenings.

A challenge groups some tournaments (« soirées »). Each evening gives every
player points, by one of two rules:

- per game (`GAMES`): so much for a partie won, drawn, lost, and for an
  exempt (bye), plus, optionally, the points scored (the marques);
- by final rank (`RANK`): either « N + 1 − rank » (N entrants that
  evening) or a typed table (« 1er : 20, 2e : 17, … », ranks beyond the
  table get nothing).

In a doublette each player gets the points of the team they played in that
evening, so a player's total crosses changing partners; in a mêlée the
standings are already per player. Only the best `best_n` evenings of each
player count (all of them when `best_n` is 0); a player with fewer than
`min_events` evenings is listed but not qualified, and ranked after the
qualified ones.

Players are matched across evenings by `identities` (see there: licence,
else the folded first and last name).

Pure: plain values in and out, no Django import, no database.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field

from tournaments.domain.digits import is_plain
from tournaments.domain.search import fold

GAMES = "games"
RANK = "rank"


@dataclass(frozen=True)
class Person:
    """A player as one evening registered them."""

    first_name: str
    last_name: str
    licence: str = ""

    @property
    def name_key(self) -> str:
        return f"{fold(self.first_name)} {fold(self.last_name)}"

    @property
    def licence_key(self) -> str:
        return fold(self.licence)


@dataclass(frozen=True)
class Rule:
    kind: str = GAMES
    win: int = 4
    draw: int = 3
    loss: int = 2
    bye: int = 3
    with_points: bool = False
    #: By rank: the points of the 1st, 2nd, …; empty for « N + 1 − rank ».
    table: tuple[int, ...] = ()


@dataclass(frozen=True)
class Placing:
    """One player's evening: the rank and record of the team they played in
    (or their own, in a mêlée). `won`, `drawn` and `lost` leave out the
    byes, counted in `byes`."""

    person: Person
    rank: int
    won: int = 0
    drawn: int = 0
    lost: int = 0
    byes: int = 0
    points_for: int = 0


@dataclass(frozen=True)
class Evening:
    """One tournament of the challenge: `key` identifies it (its id), `size`
    is the number of entrants ranked that evening (for « N + 1 − rank »)."""

    key: int
    placings: tuple[Placing, ...]
    size: int = 0


@dataclass(frozen=True)
class Score:
    evening: int
    points: int
    counted: bool


@dataclass
class Line:
    """A player's line in the challenge ranking."""

    key: str
    person: Person
    scores: list[Score] = field(default_factory=list)
    rank: int = 0
    qualified: bool = True

    @property
    def played(self) -> int:
        return len(self.scores)

    @property
    def total(self) -> int:
        return sum(s.points for s in self.scores if s.counted)

    def score(self, evening: int) -> Score | None:
        return next((s for s in self.scores if s.evening == evening), None)


def parse_table(text: str) -> tuple[int, ...]:
    """The points by rank as an organizer types them: « 20, 17, 15 », one a
    line, or « 1er : 20 ; 2e : 17 » (what precedes a colon is the rank's
    label and is ignored). Raises ValueError on anything else."""
    values = []
    for part in re.split(r"[,;\n]+", text):
        part = part.strip()
        if not part:
            continue
        value = part.rsplit(":", 1)[-1].strip()
        if not is_plain(value) or len(value) > 6:
            raise ValueError(part)
        values.append(int(value))
    return tuple(values)


def evening_points(placing: Placing, rule: Rule, size: int) -> int:
    """What one evening is worth to a player under the rule."""
    if rule.kind == RANK:
        if rule.table:
            index = placing.rank - 1
            return rule.table[index] if 0 <= index < len(rule.table) else 0
        return max(size + 1 - placing.rank, 0)
    points = (
        placing.won * rule.win
        + placing.drawn * rule.draw
        + placing.lost * rule.loss
        + placing.byes * rule.bye
    )
    if rule.with_points:
        points += placing.points_for
    return points


def identities(people: Sequence[Person]) -> list[str]:
    """The key of the person behind each entry of `people`, the same key for
    the same person across evenings. The rule:

    1. the same licence (folded: « FFB 12 » is « ffb12 ») is the same
       person, whatever the spelling of the name; two different licences are
       two persons, even under the same name;
    2. an entry without a licence is the person of the same folded first and
       last name (accents, case, hyphens and apostrophes ignored): the one
       licensed person of that name if there is exactly one, else everyone
       of that name without a licence together.
    """
    licences_by_name: dict[str, set[str]] = defaultdict(set)
    for p in people:
        if p.licence_key:
            licences_by_name[p.name_key].add(p.licence_key)
    keys = []
    for p in people:
        if p.licence_key:
            keys.append(f"L:{p.licence_key}")
            continue
        licences = licences_by_name.get(p.name_key, set())
        if len(licences) == 1:
            keys.append(f"L:{next(iter(licences))}")
        else:
            keys.append(f"N:{p.name_key}")
    return keys


def best(points: Sequence[int], n: int) -> list[bool]:
    """Which of the points count when only the best `n` do (all when `n` is
    0): the highest ones; among equal ones, the earliest evenings."""
    if n <= 0 or n >= len(points):
        return [True] * len(points)
    order = sorted(range(len(points)), key=lambda i: (-points[i], i))
    kept = set(order[:n])
    return [i in kept for i in range(len(points))]


def ranking(
    evenings: Sequence[Evening], rule: Rule, *, best_n: int = 0, min_events: int = 0
) -> list[Line]:
    """The challenge's lines in ranking order.

    `evenings` in date order. A person placed twice in the same evening
    (two entries resolving to the same person) keeps the better placing.
    Qualified players come first; lines equal on qualification and counted
    total share a rank; the order within is by evenings played, then by
    name (so it never depends on the input order)."""
    entries = [(e, p) for e in evenings for p in e.placings]
    keys = identities([p.person for _, p in entries])
    lines: dict[str, Line] = {}
    seen: dict[tuple[str, int], int] = {}
    for key, (evening, placing) in zip(keys, entries, strict=True):
        points = evening_points(placing, rule, evening.size or len(evening.placings))
        line = lines.setdefault(key, Line(key=key, person=placing.person))
        line.person = placing.person  # the latest evening's spelling
        index = seen.get((key, evening.key))
        if index is None:
            seen[(key, evening.key)] = len(line.scores)
            line.scores.append(Score(evening.key, points, True))
        elif points > line.scores[index].points:
            line.scores[index] = Score(evening.key, points, True)
    for line in lines.values():
        counted = best([s.points for s in line.scores], best_n)
        line.scores = [
            Score(s.evening, s.points, c) for s, c in zip(line.scores, counted, strict=True)
        ]
        line.qualified = line.played >= min_events
    ordered = sorted(
        lines.values(),
        key=lambda ln: (not ln.qualified, -ln.total, -ln.played, ln.person.name_key, ln.key),
    )
    for i, line in enumerate(ordered):
        previous = ordered[i - 1] if i else None
        if previous and (previous.qualified, previous.total) == (line.qualified, line.total):
            line.rank = previous.rank
        else:
            line.rank = i + 1
    return ordered

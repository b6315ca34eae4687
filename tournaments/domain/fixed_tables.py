"""Fixed tables: a team that stays at its table (« reste à sa table », for
players with reduced mobility) keeps its table number in every partie.

Every kind of draw (random, by ranking, rotation, the pools' schedule, the
brackets) first decides who meets whom, as if no team were fixed; this module
then only re-numbers the tables, so that each fixed team's table number goes
to the table it plays at, by exchanging that number with the table that had
it. The pairs, the sides and the exempt teams are never changed, so every
guarantee of the draw (no avoidable rematch, fair byes) still holds, and the
numbers stay 1..n without a hole (n = the tables, then one a bye).

An exempt fixed team keeps its number too: its bye's table takes it, and
stays empty for the partie.

What cannot be kept is said as a `Conflict` with a code, in the organizer's
order of the fixed teams (the first keeps its table):

- ``fixed_teams_meet``: two fixed teams meet; they play at the first one's
  table, the other one moves;
- ``same_table``: two fixed teams playing at different tables want the same
  number; the second one moves;
- ``no_such_table``: the number is beyond the partie's tables.

Must not import Django, touch the database or word a sentence
(`tournaments.display.fixed_tables` does).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

FIXED_TEAMS_MEET = "fixed_teams_meet"
SAME_TABLE = "same_table"
NO_SUCH_TABLE = "no_such_table"


@dataclass(frozen=True)
class Conflict:
    """A fixed team that cannot sit at its table: `team` wants `table`;
    `other` is the fixed team that keeps it (or meets it); `count` the
    partie's tables."""

    code: str
    team: int
    table: int
    other: int | None = None
    count: int = 0


@dataclass(frozen=True)
class Placement:
    """The number of each table, in the order given (the tables, then the
    byes), the fixed teams that keep their table (team → number), and what
    could not be kept."""

    numbers: tuple[int, ...]
    held: tuple[tuple[int, int], ...]
    conflicts: tuple[Conflict, ...]


def place(units: Sequence[Sequence[int | None]], fixed: Mapping[int, int]) -> Placement:
    """Number the `units` (each the teams of one table: a pair, or a bye
    alone) 1..n, starting from their order, then exchanging numbers so that
    each fixed team (team → wanted number, in the organizer's order) sits
    at its number. A fixed team absent from the units is ignored."""
    count = len(units)
    number_of = list(range(1, count + 1))  # unit index → its number
    unit_at = {n: i for i, n in enumerate(number_of)}  # number → unit index
    unit_of = {team: i for i, unit in enumerate(units) for team in unit if team is not None}
    claimed: dict[int, int] = {}  # unit index → the fixed team holding its number
    conflicts: list[Conflict] = []
    for team, wanted in fixed.items():
        unit = unit_of.get(team)
        if unit is None:
            continue
        if not 1 <= wanted <= count:
            conflicts.append(Conflict(NO_SUCH_TABLE, team, wanted, count=count))
            continue
        if unit in claimed:
            conflicts.append(Conflict(FIXED_TEAMS_MEET, team, wanted, other=claimed[unit]))
            continue
        holder = unit_at[wanted]
        if holder in claimed and holder != unit:
            conflicts.append(Conflict(SAME_TABLE, team, wanted, other=claimed[holder]))
            continue
        # Exchange the numbers of the two tables (nothing moves if equal).
        own = number_of[unit]
        number_of[unit], number_of[holder] = wanted, own
        unit_at[wanted], unit_at[own] = unit, holder
        claimed[unit] = team
    held = tuple(sorted((team, number_of[unit]) for unit, team in claimed.items()))
    return Placement(tuple(number_of), held, tuple(conflicts))

"""Seating a round's teams at its tables: tables 1, 2… for the pairs in
order, each with its two seats, then one bye table for each exempt team.
Every draw ends here (services/rounds.py for the ordinary draw and the
pools, services/brackets.py for a bracket partie). Must not choose who
plays whom: the pairs come decided."""

from __future__ import annotations

from collections.abc import Sequence

from tournaments.models import Round, Seat, Side, Table


def seat_pairs(rnd: Round, pairs) -> list[Table]:
    """Tables 1, 2… of the round for the pairs (team A, team B) in order,
    with their seats."""
    tables = []
    for number, (a, b) in enumerate(pairs, start=1):
        table = Table.objects.create(round=rnd, number=number, team_a_id=a, team_b_id=b)
        Seat.objects.create(round=rnd, table=table, team_id=a, side=Side.A)
        Seat.objects.create(round=rnd, table=table, team_id=b, side=Side.B)
        tables.append(table)
    return tables


def create_tables(rnd: Round, pairs, bye: int | None, *, byes: Sequence[int] = ()) -> None:
    """The round's tables, then a bye table for its exempt team (`bye`, or
    `byes` in a pools partie: one for each pool of three)."""
    number = len(seat_pairs(rnd, pairs))
    exempt = [bye] if bye is not None else list(byes)
    for extra, team in enumerate(exempt, start=1):
        table = Table.objects.create(
            round=rnd, number=number + extra, team_a_id=team, status=Table.Status.COMPLETE
        )
        Seat.objects.create(round=rnd, table=table, team_id=team, side=Side.A)

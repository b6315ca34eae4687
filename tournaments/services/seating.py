"""Seating a round's teams at its tables: tables 1, 2… for the pairs in
order, each with its two seats, then one bye table for each exempt team.
Every draw ends here (services/rounds.py for the ordinary draw and the
pools, services/brackets.py for a bracket partie). Must not choose who
plays whom: the pairs come decided."""

from __future__ import annotations

from collections.abc import Sequence

from tournaments.domain.reasons import Reason
from tournaments.models import Round, Seat, Side, Table


def _json(reason: Reason | None) -> dict:
    return reason.to_json() if reason is not None else {}


def seat_pairs(rnd: Round, pairs, reasons: Sequence[Reason | None] = ()) -> list[Table]:
    """Tables 1, 2… of the round for the pairs (team A, team B) in order,
    with their seats and, when given, the draw's reason for each."""
    tables = []
    reasons = list(reasons) + [None] * (len(pairs) - len(reasons))
    for number, ((a, b), reason) in enumerate(zip(pairs, reasons, strict=False), start=1):
        table = Table.objects.create(
            round=rnd, number=number, team_a_id=a, team_b_id=b, reason=_json(reason)
        )
        Seat.objects.create(round=rnd, table=table, team_id=a, side=Side.A)
        Seat.objects.create(round=rnd, table=table, team_id=b, side=Side.B)
        tables.append(table)
    return tables


def create_tables(
    rnd: Round,
    pairs,
    bye: int | None,
    *,
    byes: Sequence[int] = (),
    reasons: Sequence[Reason | None] = (),
    bye_reasons: Sequence[Reason | None] = (),
) -> None:
    """The round's tables, then a bye table for its exempt team (`bye`, or
    `byes` in a pools partie: one for each pool of three), each with the
    draw's reason when given (tournaments/domain/reasons.py)."""
    pairs = list(pairs)
    number = len(seat_pairs(rnd, pairs, reasons))
    exempt = [bye] if bye is not None else list(byes)
    bye_reasons = list(bye_reasons) + [None] * (len(exempt) - len(bye_reasons))
    for extra, (team, reason) in enumerate(zip(exempt, bye_reasons, strict=False), start=1):
        table = Table.objects.create(
            round=rnd,
            number=number + extra,
            team_a_id=team,
            status=Table.Status.COMPLETE,
            reason=_json(reason),
        )
        Seat.objects.create(round=rnd, table=table, team_id=team, side=Side.A)

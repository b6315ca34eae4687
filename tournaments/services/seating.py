"""Seating a round's teams at its tables: tables 1, 2… for the pairs in
order, each with its two seats, then one bye table for each exempt team,
the numbers exchanged so that each team that stays at its table (« reste à
sa table », domain/fixed_tables.py) has its number. Every draw ends here
(services/rounds.py for the ordinary draw and the pools,
services/brackets.py for a bracket partie). Must not choose who plays
whom: the pairs come decided."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict
from typing import Any

from tournaments.domain import fixed_tables
from tournaments.domain.reasons import Reason
from tournaments.models import Round, Seat, Side, Table, Team


def _json(reason: Reason | None) -> dict[str, Any]:
    return reason.to_json() if reason is not None else {}


def _padded(reasons: Sequence[Reason | None], count: int) -> list[Reason | None]:
    return (list(reasons) + [None] * count)[:count]


def fixed_wanted(rnd: Round) -> dict[int, int]:
    """The teams that stay at their table, in their number order, with the
    number each keeps: the one the organizer typed, else its table of
    partie 1 (none while partie 1 is being drawn)."""
    wanted: dict[int, int] = {}
    teams = Team.objects.filter(
        tournament_id=rnd.tournament_id, round__isnull=True, stays_at_table=True
    ).order_by("number")
    first = {}
    if rnd.number > 1:
        for number, a, b in Table.objects.filter(
            round__tournament_id=rnd.tournament_id, round__number=1
        ).values_list("number", "team_a_id", "team_b_id"):
            first[a] = number
            if b is not None:
                first[b] = number
    for team_id, kept in teams.values_list("id", "kept_table"):
        at = kept or first.get(team_id)
        if at is not None:
            wanted[team_id] = at
    return wanted


def seat_pairs(
    rnd: Round,
    pairs: Sequence[tuple[int, int]],
    reasons: Sequence[Reason | None] = (),
    *,
    byes: Sequence[int] = (),
    bye_reasons: Sequence[Reason | None] = (),
) -> list[Table]:
    """The round's tables for the pairs (team A, team B), with their seats,
    then a bye table for each exempt team, numbered 1..n around the fixed
    teams; each with the draw's reason when given, which follows its table
    to its number; returned in the order of `pairs` then `byes`. What the
    fixed teams asked and could not have is kept on the round."""
    wanted = fixed_wanted(rnd)
    placement = fixed_tables.place([*pairs, *((b,) for b in byes)], wanted)
    units: list[tuple[int, int | None]] = [*pairs, *((b, None) for b in byes)]
    why = [*_padded(reasons, len(pairs)), *_padded(bye_reasons, len(byes))]
    # Each team's code of the day goes onto its table (issue 38): the
    # coupon of its first partie stays good all day.
    codes = dict(
        Team.objects.filter(
            pk__in=[t for unit in units for t in unit if t is not None]
        ).values_list("pk", "code")
    )
    tables = []
    for number, (a, b), reason in sorted(
        zip(placement.numbers, units, why, strict=True), key=lambda item: item[0]
    ):
        table = Table.objects.create(
            round=rnd,
            number=number,
            team_a_id=a,
            team_b_id=b,
            code_a=codes[a],
            **({} if b is None else {"code_b": codes[b]}),
            reason=_json(reason),
            **({"status": Table.Status.COMPLETE} if b is None else {}),
        )
        Seat.objects.create(round=rnd, table=table, team_id=a, side=Side.A)
        if b is not None:
            Seat.objects.create(round=rnd, table=table, team_id=b, side=Side.B)
        tables.append(table)
    rnd.fixed_tables = (
        {
            "asked": [[team, number] for team, number in wanted.items()],
            "conflicts": [asdict(c) for c in placement.conflicts],
        }
        if wanted
        else {}
    )
    rnd.save(update_fields=["fixed_tables"])
    by_number = {t.number: t for t in tables}
    return [by_number[n] for n in placement.numbers]


def create_tables(
    rnd: Round,
    pairs: Sequence[tuple[int, int]],
    bye: int | None,
    *,
    byes: Sequence[int] = (),
    reasons: Sequence[Reason | None] = (),
    bye_reasons: Sequence[Reason | None] = (),
) -> None:
    """The round's tables, then a bye table for its exempt team (`bye`, or
    `byes` in a pools partie: one for each pool of three), numbered around
    the fixed teams, each with the draw's reason when given
    (tournaments/domain/reasons.py)."""
    exempt = [bye] if bye is not None else list(byes)
    seat_pairs(rnd, pairs, reasons, byes=exempt, bye_reasons=bye_reasons)

"""Reads of the photographed sheets: the table a sheet names, and the
layout it was printed with. Must not: write (a reader records nothing)."""

from __future__ import annotations

from tournaments.models import Table


def table_named(concours: str, partie: int, table: int) -> Table | None:
    """The table `table` of partie `partie` of the concours whose slug is
    `concours`, with its partie and concours, or None."""
    return (
        Table.objects.select_related("round__tournament")
        .filter(round__tournament__slug=concours, round__number=partie, number=table)
        .first()
    )

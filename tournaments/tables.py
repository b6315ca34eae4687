"""django-tables2 tables: one base with the shared look, one class a list.

The ranking's columns come from :mod:`tournaments.display.standings`, so the
web page shows the same columns as the PDF (every deciding criterion)."""

from __future__ import annotations

from collections.abc import Sequence

import django_tables2 as tables
from django.utils.translation import gettext_lazy as _

from tournaments.display import standings as columns


class BaseTable(tables.Table):
    class Meta:
        attrs = {"class": "grid"}
        orderable = False


def _number(column: columns.Column) -> tables.Column:
    return tables.Column(column.label, accessor=f"row__{column.key}")


class StandingsTable(BaseTable):
    """Sortable by any number column (players look for the best defence…)."""

    rank = tables.Column(_("Rang"), accessor="row__rank")
    entrant = tables.Column(_("Équipe"), accessor="entrant", empty_values=(), orderable=False)
    played = _number(columns.PLAYED)
    won = _number(columns.WON)
    drawn = _number(columns.DRAWN)
    lost = _number(columns.LOST)
    byes = _number(columns.BYES)
    match_points = _number(columns.MATCH_POINTS)
    buchholz = _number(columns.BUCHHOLZ)
    points_for = _number(columns.POINTS_FOR)
    points_against = _number(columns.POINTS_AGAINST)
    difference = _number(columns.DIFFERENCE)

    link_teams = True

    class Meta(BaseTable.Meta):
        orderable = True
        template_name = "tournaments/includes/standings_table.html"

    def __init__(self, data, *, slug: str, criteria: Sequence[str] = (), **kwargs) -> None:
        shown = {c.key for c in columns.standings_columns(criteria)}
        hidden = [c.key for c in columns.all_columns() if c.key not in shown]
        super().__init__(data, exclude=hidden, **kwargs)
        self.slug = slug
        self.number_keys = [c.key for c in columns.standings_columns(criteria)]


class PlayerStandingsTable(StandingsTable):
    """In a mêlée the ranking is individual (no team page to link to)."""

    entrant = tables.Column(_("Joueur"), accessor="entrant", empty_values=(), orderable=False)
    link_teams = False

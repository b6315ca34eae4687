"""django-tables2 tables: one base with the shared look, one class a list."""

from __future__ import annotations

import django_tables2 as tables
from django.utils.translation import gettext_lazy as _


class BaseTable(tables.Table):
    class Meta:
        attrs = {"class": "grid"}
        orderable = False


class StandingsTable(BaseTable):
    """Sortable by any number column (players look for the best defence…)."""

    rank = tables.Column(_("Rang"), accessor="row__rank")
    entrant = tables.Column(_("Équipe"), accessor="entrant", empty_values=(), orderable=False)
    played = tables.Column(_("Jouées"), accessor="row__played")
    won = tables.Column(_("Gagnées"), accessor="row__won")
    drawn = tables.Column(_("Nulles"), accessor="row__drawn")
    lost = tables.Column(_("Perdues"), accessor="row__lost")
    byes = tables.Column(_("Exempt"), accessor="row__byes")
    points_for = tables.Column(_("Points"), accessor="row__points_for")
    points_against = tables.Column(_("Contre"), accessor="row__points_against")
    difference = tables.Column(_("Diff."), accessor="row__difference")

    link_teams = True

    class Meta(BaseTable.Meta):
        orderable = True
        template_name = "tournaments/includes/standings_table.html"

    def __init__(self, data, *, slug: str, **kwargs) -> None:
        super().__init__(data, **kwargs)
        self.slug = slug


class PlayerStandingsTable(StandingsTable):
    """In a mêlée the ranking is individual (no team page to link to)."""

    entrant = tables.Column(_("Joueur"), accessor="entrant", empty_values=(), orderable=False)
    link_teams = False

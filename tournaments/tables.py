"""django-tables2 tables: one base with the shared look, one class a list."""

from __future__ import annotations

import django_tables2 as tables
from django.urls import reverse
from django.utils.html import format_html
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

    class Meta(BaseTable.Meta):
        orderable = True

    def __init__(self, data, *, slug: str, **kwargs) -> None:
        super().__init__(data, **kwargs)
        self.slug = slug

    def render_entrant(self, value) -> str:
        if value is None:
            return "—"
        url = reverse("tournaments:team", args=[self.slug, value.number])
        return format_html('<a href="{}">{}</a>', url, value)


class PlayerStandingsTable(StandingsTable):
    """In a mêlée the ranking is individual (no team page to link to)."""

    entrant = tables.Column(_("Joueur"), accessor="entrant", empty_values=(), orderable=False)

    def render_entrant(self, value) -> str:
        return str(value) if value is not None else "—"

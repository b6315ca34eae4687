"""django-tables2 tables: one base with the shared look, one class a list.

The ranking's columns come from :mod:`tournaments.display.standings`, so the
web page shows the same columns as the PDF (every deciding criterion). On a
phone the page keeps fewer of them (`display.standings.phone_keys`) under
their short headers; the CSS hides the others by their `wide-only` class.
Narrower still (zoomed, the largest text) a row reads as lines, each figure
with its words (`lines`: app.css, display.lines)."""

from __future__ import annotations

from collections.abc import Sequence

import django_tables2 as tables
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _

from tournaments.display import standings as columns


class BaseTable(tables.Table):
    class Meta:
        attrs = {"class": "grid"}
        orderable = False


class FigureColumn(tables.Column):
    """A number column of the ranking, headed by its long label on a wide
    screen and by its short one on a phone (the CSS shows one of them)."""

    def __init__(self, column: columns.Column) -> None:
        super().__init__(column.label, accessor=f"row__{column.key}")
        self.figure = column

    @property
    def header(self) -> str:
        label, short = str(self.figure.label), str(self.figure.short)
        if label == short:
            return label
        return format_html(
            '<span class="label-long">{}</span><abbr class="label-short" title="{}">{}</abbr>',
            label,
            label,
            short,
        )


class StandingsTable(BaseTable):
    """Sortable by any number column (players look for the best defence…)."""

    rank = tables.Column(_("Rang"), accessor="row__rank", attrs={"th": {"class": "num"}})
    entrant = tables.Column(_("Équipe"), accessor="entrant", empty_values=(), orderable=False)
    #: Shown once players see the lots (`awards.lots_public`); the rows are
    #: then `awards.Placing`s.
    lot = tables.Column(
        _("Lot"),
        accessor="lot_name",
        empty_values=(),
        orderable=False,
        attrs={"th": {"class": "wide-only"}},
    )
    played = FigureColumn(columns.PLAYED)
    won = FigureColumn(columns.WON)
    drawn = FigureColumn(columns.DRAWN)
    lost = FigureColumn(columns.LOST)
    byes = FigureColumn(columns.BYES)
    match_points = FigureColumn(columns.MATCH_POINTS)
    buchholz = FigureColumn(columns.BUCHHOLZ)
    best_game = FigureColumn(columns.BEST_GAME)
    points_for = FigureColumn(columns.POINTS_FOR)
    points_against = FigureColumn(columns.POINTS_AGAINST)
    difference = FigureColumn(columns.DIFFERENCE)

    link_teams = True

    class Meta(BaseTable.Meta):
        orderable = True
        attrs = {"class": "grid standings lines"}
        template_name = "tournaments/includes/standings_table.html"

    def __init__(
        self, data, *, slug: str, criteria: Sequence[str] = (), lots: bool = False, **kwargs
    ) -> None:
        shown = columns.standings_columns(criteria)
        keys = {c.key for c in shown}
        hidden = [c.key for c in columns.all_columns() if c.key not in keys]
        if not lots:
            hidden.append("lot")
        phone = columns.phone_keys(criteria)
        if len(phone & keys) > 3:  # wider than a phone: its lines come sooner (app.css)
            kwargs.setdefault("attrs", {**self._meta.attrs, "class": "grid standings lines many"})
        super().__init__(data, exclude=hidden, **kwargs)
        self.slug = slug
        self.lots = lots
        lead = columns.emphasised_key(criteria)
        #: The number cells of a row, in order: (column, the cell's classes,
        #: whether it says its words: the ones a phone shows, which read as
        #: lines on a narrow screen, display.lines).
        self.figures: list[tuple[columns.Column, str, bool]] = []
        for column in shown:
            css = " ".join(
                name
                for name, wanted in (
                    ("num", True),
                    ("lead", column.key == lead),
                    ("wide-only", column.key not in phone),
                )
                if wanted
            )
            # The bound column's own copy, not the class's shared column.
            self.columns[column.key].column.attrs = {"th": {"class": css}}
            self.figures.append((column, css, column.key in phone))
        #: The short headers a phone shows, spelled out.
        self.phone_legend = columns.legend([c for c in shown if c.key in phone])


class PlayerStandingsTable(StandingsTable):
    """In a mêlée the ranking is individual (no team page to link to)."""

    entrant = tables.Column(_("Joueur"), accessor="entrant", empty_values=(), orderable=False)
    link_teams = False

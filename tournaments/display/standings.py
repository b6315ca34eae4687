"""The columns of a ranking, the same on the web page, the PDF and the exports.

Responsible for which columns a ranking shows (every criterion that decides
it is visible: match points and the opponents' points appear when they are
criteria, the bye column when a bye was given), their labels, short headers
and legend, and which column the first criterion puts in bold. Must not:
rank anyone (see :mod:`tournaments.standings`) or query the database.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from django.utils.functional import Promise
from django.utils.translation import gettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from tournaments import standings as ranking


@dataclass(frozen=True)
class Column:
    """``key`` is an attribute of :class:`tournaments.standings.Row`."""

    key: str
    label: str | Promise
    short: str | Promise
    legend: str | Promise = ""
    signed: bool = False


RANK = Column("rank", _("Rang"), _("Rang"))
PLAYED = Column("played", _("Jouées"), pgettext_lazy("played", "J"), _("parties jouées"))
WON = Column("won", _("Gagnées"), pgettext_lazy("won", "G"), _("gagnées"))
DRAWN = Column("drawn", _("Nulles"), pgettext_lazy("drawn", "N"), _("nulles"))
LOST = Column("lost", _("Perdues"), pgettext_lazy("lost", "P"), _("perdues"))
BYES = Column("byes", _("Exempt"), pgettext_lazy("byes", "Ex."), _("exempt"))
MATCH_POINTS = Column(
    "match_points",
    _("Points de match"),
    pgettext_lazy("match points", "Pts m."),
    _("points de match"),
)
BUCHHOLZ = Column(
    "buchholz",
    _("Points des adversaires"),
    pgettext_lazy("buchholz", "Buch."),
    _("points des adversaires (Buchholz)"),
)
POINTS_FOR = Column("points_for", _("Points"), _("Points"))
POINTS_AGAINST = Column("points_against", _("Contre"), _("Contre"), _("points encaissés"))
DIFFERENCE = Column(
    "difference",
    pgettext_lazy("difference", "Diff."),
    pgettext_lazy("difference", "Diff."),
    _("différence"),
    True,
)

#: The column each ranking criterion reads (head-to-head has none of its own).
CRITERION_COLUMN = {
    ranking.POINTS: POINTS_FOR,
    ranking.WINS: WON,
    ranking.MATCH_POINTS: MATCH_POINTS,
    ranking.DIFFERENCE: DIFFERENCE,
    ranking.BUCHHOLZ: BUCHHOLZ,
}


def standings_columns(criteria: Sequence[str], *, byes: bool = True) -> list[Column]:
    """The number columns of a ranking, in order, after rank and name: every
    criterion's column is shown; the bye column when a bye was given."""
    extra = [
        column
        for column, shown in (
            (BYES, byes),
            (MATCH_POINTS, ranking.MATCH_POINTS in criteria),
            (BUCHHOLZ, ranking.BUCHHOLZ in criteria),
        )
        if shown
    ]
    return [PLAYED, WON, DRAWN, LOST, *extra, POINTS_FOR, POINTS_AGAINST, DIFFERENCE]


def all_columns() -> list[Column]:
    """Every number column (the spreadsheet exports keep them all)."""
    return [
        PLAYED,
        WON,
        DRAWN,
        LOST,
        BYES,
        POINTS_FOR,
        POINTS_AGAINST,
        DIFFERENCE,
        MATCH_POINTS,
        BUCHHOLZ,
    ]


def emphasised_key(criteria: Sequence[str]) -> str | None:
    """The key of the column the first criterion reads (shown in bold)."""
    column = CRITERION_COLUMN.get(criteria[0]) if criteria else None
    return column.key if column else None


def legend(columns: Sequence[Column]) -> str:
    """« J : parties jouées · G : gagnées · … » for the columns shown."""
    return " · ".join(
        gettext("%(short)s : %(legend)s") % {"short": c.short, "legend": c.legend}
        for c in columns
        if c.legend
    )


def value(row: ranking.Row, column: Column) -> int:
    return getattr(row, column.key)

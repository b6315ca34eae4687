"""A ranking read as lines: the words of each figure when a players' ranking
no longer fits its screen as columns (a phone zoomed to 200 % or set to its
largest text, « Grands caractères »: app.css reflows its rows).

A row then reads « 3  Rivière – Brûlé » over « 2 gagnées · 10 630 points ·
diff. +5 400 »: each cell carries its words, hidden while the table's
header says them (the cell still reads whole to a screen reader). Must not:
rank anyone or choose the columns (see :mod:`tournaments.display.standings`).
"""

from __future__ import annotations

from django.utils.translation import get_language, ngettext_lazy
from django.utils.translation import gettext_lazy as _

from tournaments.display import labels
from tournaments.display import standings as columns

#: A figure's words, its number as ``%(n)s``; the plural follows ``count``.
WORDS = {
    columns.PLAYED.key: ngettext_lazy("%(n)s jouée", "%(n)s jouées", "count"),
    columns.WON.key: ngettext_lazy("%(n)s gagnée", "%(n)s gagnées", "count"),
    columns.DRAWN.key: ngettext_lazy("%(n)s nulle", "%(n)s nulles", "count"),
    columns.LOST.key: ngettext_lazy("%(n)s perdue", "%(n)s perdues", "count"),
    columns.BYES.key: ngettext_lazy("dont %(n)s exempt", "dont %(n)s exempts", "count"),
    columns.MATCH_POINTS.key: ngettext_lazy(
        "%(n)s point de match", "%(n)s points de match", "count"
    ),
    columns.BUCHHOLZ.key: ngettext_lazy(
        "%(n)s point des adversaires", "%(n)s points des adversaires", "count"
    ),
    columns.BEST_GAME.key: _("meilleure partie %(n)s"),
    columns.POINTS_FOR.key: ngettext_lazy("%(n)s point", "%(n)s points", "count"),
    columns.POINTS_AGAINST.key: _("contre %(n)s"),
    columns.DIFFERENCE.key: _("diff. %(n)s"),
    # A challenge's evenings, a concours's lot, a final ranking's bracket,
    # a merged ranking's hall, a league's club.
    "evenings": ngettext_lazy("%(n)s soirée", "%(n)s soirées", "count"),
    "lot": _("Lot : %(n)s"),
    "hall": _("Salle : %(n)s"),
    "club": _("Club : %(n)s"),
}
SIGNED = {columns.DIFFERENCE.key}
MARK = "\x00"


def _count(number: int) -> int:
    """French says « 0 gagnée » with the singular; gettext's default, plural."""
    return 1 if number == 0 and (get_language() or "fr").startswith("fr") else number


def figure(key: str, value: int | str) -> tuple[str, str, str]:
    """A cell's words before its value, the value as printed, the words after:
    ("", "2", " gagnées"), ("diff. ", "+5 400", ""), ("Lot : ", "Jambon", "")."""
    if isinstance(value, int):
        text = labels.signed(value) if key in SIGNED else labels.number(value)
        count = _count(abs(value))
    else:
        text, count = str(value), 1
    before, _mark, after = (WORDS[key] % {"count": count, "n": MARK}).partition(MARK)
    return before, text, after

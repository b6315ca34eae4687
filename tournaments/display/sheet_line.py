"""The phone's line of a donne, as the paper sheet writes it: the small
marks that follow the contract and the marques (belote, announcements, a
capot), each with what it stands for said in words for a screen reader.

Must not: score or read a deal (the engine and display.keys do), nor build
HTML (templates/tournaments/includes/deal_line.html lays the marks out).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _

from tournaments.display import labels


@dataclass(frozen=True)
class Mark:
    shown: str  # what the line shows, short (« belote E-O »)
    spoken: str  # what it stands for in words (« belote Est-Ouest »)


def _sided(word: str, side: str) -> Mark:
    return Mark(
        f"{word} {labels.side_label(side, short=True)}", f"{word} {labels.side_label(side)}"
    )


def line_marks(deal: Any) -> list[Mark]:
    """The marks of a donne's line, in the order the sheet's columns come:
    belote, announcements, capot."""
    marks = []
    for side, count in (("A", deal.belote_a), ("B", deal.belote_b)):
        marks.extend(_sided(_("belote"), side) for _count in range(count or 0))
    for side in ("A", "B"):
        announced = labels.announcements_label(deal.announcements, side)
        if announced:
            mark = _sided(announced, side)
            marks.append(Mark(mark.shown, _("annonces %(what)s") % {"what": mark.spoken}))
    if deal.capot:
        marks.append(_sided(_("capot"), deal.capot))
    return marks

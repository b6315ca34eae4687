"""The words of a team's qualification (a `Qualification`: the team came
from a league's stage, with its place there), shown on the core's pages —
the desk's team list, the check-in — and on the leagues' own.

Must not: read the database or know the leagues' rules."""

from __future__ import annotations

from django.utils.translation import get_language
from django.utils.translation import gettext as _


def team_ordinal(rank: int) -> str:
    """A team's place: « 1re », « 3e » (une équipe) ; « 1st », « 3rd »."""
    if (get_language() or "fr").startswith("fr"):
        return "1re" if rank == 1 else f"{rank}e"
    suffix = "th" if 10 <= rank % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(rank % 10, "th")
    return f"{rank}{suffix}"


def qualified_mark(rank: int, source: str) -> str:
    """« qualifiée : 3e du concours « Qualification de Lisieux » »."""
    return _("qualifiée : %(rank)s du concours « %(name)s »") % {
        "rank": team_ordinal(rank),
        "name": source,
    }

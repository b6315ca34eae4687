"""The words of the players' pages across concours: the cote, said as
unofficial, with its uncertainty in one sentence.

Must not: query the database or compute a cote (services/persons.py stores
them; tournaments/domain/rating.py computes them).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from django.conf import settings
from django.utils.translation import gettext, ngettext

from tournaments.domain.rating import MIN_TEAMS, Cote


class StoredCote(Protocol):
    mu: float
    sigma: float
    games: int


@dataclass(frozen=True)
class CoteText:
    """A cote as a page shows it: its figure, the likely range and what it
    means, in the active language."""

    figure: str
    label: str
    explanation: str
    basis: str


def cote_text(stored: StoredCote) -> CoteText:
    cote = Cote(mu=stored.mu, sigma=stored.sigma, games=stored.games)
    return CoteText(
        figure=str(cote.shown),
        label=gettext("Cote (non officielle)"),
        explanation=gettext(
            "Elle vaut probablement entre %(low)s et %(high)s : l'écart se resserre à "
            "chaque partie comptée."
        )
        % {"low": cote.low, "high": cote.high},
        basis=ngettext(
            "Calculée sur %(games)s partie de concours publics d'au moins %(teams)s équipes "
            "des %(days)s derniers jours, chez des organisateurs approuvés par le site.",
            "Calculée sur %(games)s parties de concours publics d'au moins %(teams)s équipes "
            "des %(days)s derniers jours, chez des organisateurs approuvés par le site.",
            cote.games,
        )
        % {"games": cote.games, "teams": MIN_TEAMS, "days": settings.RATING_WINDOW_DAYS},
    )

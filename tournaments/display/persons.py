"""The words of the players' pages across concours: the cote, said as
unofficial, with its uncertainty in one sentence, what its number means and
where it stands (« 3e joueur coté du club sur 40 »), in a player's words.

Must not: query the database or compute a cote (services/persons.py stores
them; tournaments/domain/rating.py computes them).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from django.conf import settings
from django.utils.translation import gettext, ngettext

from tournaments.display.labels import ordinal
from tournaments.domain.rating import MIN_TEAMS, START_MU, Cote


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
    meaning: str = ""
    standing: str = ""


class StandingPlace(Protocol):
    place: int
    of: int
    club_place: int
    club_of: int


def cote_text(stored: StoredCote, where: StandingPlace | None = None) -> CoteText:
    cote = Cote(mu=stored.mu, sigma=stored.sigma, games=stored.games)
    return CoteText(
        figure=str(cote.shown),
        meaning=gettext(
            "Chaque joueur part de %(start)s : la cote monte quand on gagne une partie, "
            "d'autant plus contre des joueurs bien cotés, et baisse quand on perd."
        )
        % {"start": round(START_MU)},
        standing=standing(where) if where is not None else "",
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


def standing(where: StandingPlace) -> str:
    """« 3e joueur coté du club sur 40 · 12e sur les 140 joueurs cotés du
    site »: the place of a cote among the shown players' (1er: the highest)."""
    site = ngettext(
        "%(place)s sur %(of)s joueur coté du site",
        "%(place)s sur les %(of)s joueurs cotés du site",
        where.of,
    ) % {"place": ordinal(where.place), "of": where.of}
    if not where.club_of:
        return site
    club = ngettext(
        "%(place)s joueur coté du club sur %(of)s",
        "%(place)s joueur coté du club sur %(of)s",
        where.club_of,
    ) % {"place": ordinal(where.club_place), "of": where.club_of}
    return f"{club} · {site}"

"""Special rankings (« classements spéciaux »): a part of the ranking ranked
again within itself, and the ranking of clubs by their best team.

Pure: plain values in, plain values out. Which entrants belong to a
category is the database's (`models.Category`); the order and the ranks
come from `tournaments.domain.standings`; this module only counts again.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence


def rerank(ranks: Sequence[int]) -> list[int]:
    """The ranks of some entrants of a ranking, listed in its order, counted
    within them: entrants equal in the whole ranking stay equal, and each
    other one's rank is one more than the number of them ahead of it
    (ranks 2, 5, 5, 9 become 1, 2, 2, 4)."""
    out: list[int] = []
    for i, rank in enumerate(ranks):
        out.append(out[-1] if i and rank == ranks[i - 1] else i + 1)
    return out


def club_key(club: str) -> str:
    """A club's name as compared: case, accents and spaces do not count."""
    decomposed = unicodedata.normalize("NFKD", club)
    folded = "".join(c for c in decomposed if not unicodedata.combining(c)).casefold()
    return " ".join(folded.split())


def best_of_each_club(clubs: Sequence[str]) -> list[int]:
    """The positions, in ranking order, of each club's best entrant: the
    first one listed with that club. Entrants with no club are left out.
    A club is ranked by its best team (not by a sum: the ranking's
    criteria, wins or head-to-head, do not add up across teams)."""
    seen: set[str] = set()
    best = []
    for index, club in enumerate(clubs):
        key = club_key(club)
        if key and key not in seen:
            seen.add(key)
            best.append(index)
    return best

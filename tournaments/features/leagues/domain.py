"""A league's rules: how many teams of a concours go to the next stage, who
they are, and the clubs' ranking.

Pure: plain values in, plain values out (no Django, no database). The
qualification rule is « les N premiers de chaque concours » (`FIRST`) or
« les N % premiers » (`PERCENT`, rounded up, at least one team when the
concours had any, counted on every team ranked); a team that declared
forfait does not go on, the next team of the ranking takes its place. The
clubs' ranking adds the points of a club's teams, all of them or its best
`best_k`; a team without a club counts for no club and is only counted
aside (`left_out`). Clubs are compared as people type
them: case, accents and spaces do not count. Must not: read a ranking
(queries/leagues.py) nor word anything (display/leagues.py).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

FIRST = "first"
PERCENT = "percent"
RULES = (FIRST, PERCENT)


def qualified_count(entrants: int, rule: str, value: int) -> int:
    """How many of a concours's `entrants` teams go to the next stage."""
    if rule not in RULES:
        raise ValueError(f"unknown rule {rule!r}")
    if entrants <= 0 or value <= 0:
        return 0
    if rule == FIRST:
        return min(value, entrants)
    # Rounded up in whole numbers (no float on the way).
    return min(entrants, max(1, -(-entrants * value // 100)))


@dataclass(frozen=True)
class Qualified:
    """The rows a rule qualifies, and each team that declared forfait in a
    qualifying place with the row that took its place (None: no team left)."""

    rows: list[Any]
    replaced: list[tuple[Any, Any]] = field(default_factory=list)


def _never(row: Any) -> bool:
    return False


def qualification(
    rows: Sequence[Any], rule: str, value: int, *, withdrawn: Callable[[Any], bool] = _never
) -> Qualified:
    """The rows of a ranking (in its order: the concours's own tie-breaks
    decide a tie at the cut) that the rule qualifies. The number of places
    is counted on every team ranked, forfaits included; a team that declared
    forfait (`withdrawn`) does not go on, and the next team of the ranking
    not withdrawn takes its place."""
    places = qualified_count(len(rows), rule, value)
    kept = [row for row in rows if not withdrawn(row)]
    chosen = kept[:places]
    out = [row for row in rows[:places] if withdrawn(row)]
    instead = chosen[places - len(out) :] if out else []
    replaced = [(row, instead[i] if i < len(instead) else None) for i, row in enumerate(out)]
    return Qualified(chosen, replaced)


def club_key(club: str) -> str:
    """A club's name as compared: « Saint-Éloi », « saint-eloi » and
    « SAINT-ÉLOI » are one club; spaces do not count."""
    folded = unicodedata.normalize("NFKD", club.casefold())
    letters = "".join(c for c in folded if not unicodedata.combining(c))
    return "".join(letters.split())


@dataclass(frozen=True)
class ClubEntry:
    """One team's result counted for its club ("" when it has none)."""

    club: str
    points: int


@dataclass(frozen=True)
class ClubRow:
    rank: int
    club: str
    points: int
    #: The results counted (`best_k` at most), and all the club's results.
    counted: int
    teams: int


@dataclass(frozen=True)
class ClubRanking:
    rows: list[ClubRow] = field(default_factory=list)
    #: The results of teams without a club: in no club's points.
    left_out: int = 0


def club_ranking(entries: Iterable[ClubEntry], best_k: int = 0) -> ClubRanking:
    """The clubs ranked by their teams' points (all of them when `best_k`
    is 0, else the club's best `best_k`); clubs level share a rank
    (« 1, 1, 3 ») and are listed by name. A club keeps the spelling met
    first."""
    names: dict[str, str] = {}
    points: dict[str, list[int]] = {}
    left_out = 0
    for entry in entries:
        key = club_key(entry.club)
        if not key:
            left_out += 1
            continue
        names.setdefault(key, " ".join(entry.club.split()))
        points.setdefault(key, []).append(entry.points)
    totals = []
    for key, scores in points.items():
        kept = sorted(scores, reverse=True)[:best_k] if best_k > 0 else scores
        totals.append((sum(kept), key, len(kept), len(scores)))
    totals.sort(key=lambda t: (-t[0], t[1]))
    rows: list[ClubRow] = []
    for position, (total, key, counted, teams) in enumerate(totals, start=1):
        rank = rows[-1].rank if rows and rows[-1].points == total else position
        rows.append(ClubRow(rank, names[key], total, counted, teams))
    return ClubRanking(rows, left_out)

"""What the halls page and the public merged ranking of a concours played
in several halls need (issue 27, simultaneous halls): each hall's state,
and the merged ranking of the files received, provisional until every
hall is in and complete.

`merged_ranking(tournament)` is the one entry point for other features (a
league reads a multi-hall concours's ranking through it). Reads only;
the merge itself is checker/halls.py (pure). Must not write.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext

from tournaments.checker import halls as merging
from tournaments.models import HallMerge, MergedHall, Tournament


@dataclass(frozen=True)
class MergedRankingRow:
    rank: int
    hall: str
    team: str
    club: str | None  # when the hall's file says it
    points: int
    #: Declared forfait in its hall (the hall's file says so).
    withdrew: bool = False


@dataclass(frozen=True)
class HallsState:
    merge: HallMerge
    halls: list[MergedHall]
    rows: list[MergedRankingRow]
    provisional: bool
    problem: str  # why the files received do not merge (checker/halls.py), or ""

    @property
    def received(self) -> int:
        return sum(1 for hall in self.halls if hall.document is not None)


def _merge_of(tournament: Tournament) -> HallMerge | None:
    return HallMerge.objects.filter(tournament=tournament).first()


def halls_state(tournament: Tournament) -> HallsState | None:
    """The halls and the merged ranking, or None when the concours is
    played in one hall."""
    merge = _merge_of(tournament)
    if merge is None:
        return None
    halls = list(merge.halls.all())
    received = [hall for hall in halls if hall.document is not None]
    rows: list[MergedRankingRow] = []
    problem = ""
    provisional = len(received) < len(halls)
    if received:
        try:
            merged = merging.merge(
                [(hall.name, hall.document) for hall in received],
                planned=merge.planned,
                translate=gettext,
            )
        except merging.MergeError as error:
            problem, provisional = str(error), True
        else:
            teams = {
                (hall.name, team["number"]): team
                for hall in received
                for team in hall.document.get("teams", ())
            }
            rows = [
                MergedRankingRow(
                    rank=line.rank,
                    hall=line.hall,
                    team=line.name,
                    club=teams.get((line.hall, line.number), {}).get("club") or None,
                    points=line.row.points_for,
                    withdrew=bool(teams.get((line.hall, line.number), {}).get("withdrawn")),
                )
                for line in merged.rows
            ]
            provisional = provisional or merged.provisional
    return HallsState(merge, halls, rows, provisional or not received, problem)


def merged_ranking(tournament: Tournament) -> list[MergedRankingRow] | None:
    """The merged ranking's rows (rank, hall, team, club if known, points),
    or None when the concours is not played in several halls."""
    state = halls_state(tournament)
    return None if state is None else state.rows

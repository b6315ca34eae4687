"""What the halls page and the public merged ranking of a concours played
in several halls need (issue 27, simultaneous halls): each hall's state,
and the merged ranking of the files received, provisional until every
hall is in and complete. The public's merged ranking (`public=True`)
leaves out the parties a hidden ranking keeps until the close (issue 38,
item 12a), by the rule a concours played in one hall follows
(`domain.standings.public_cutoff`); the organizer's counts them.

`merged_ranking(tournament)` is the one entry point for other features (a
league reads a multi-hall concours's public ranking through it). Reads only;
the merge itself is checker/halls.py (pure). Must not write.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext

from checker import halls as merging
from tournaments.domain.standings import public_cutoff
from tournaments.features.halls.models import HallMerge, MergedHall
from tournaments.models import Tournament


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
    #: The first partie the public does not see (issue 38, item 12a), or None.
    hidden: int | None = None

    @property
    def received(self) -> int:
        return sum(1 for hall in self.halls if hall.document is not None)


def _merge_of(tournament: Tournament) -> HallMerge | None:
    return HallMerge.objects.filter(tournament=tournament).first()


def hidden_from(tournament: Tournament, merge: HallMerge, halls: list[MergedHall]) -> int | None:
    """The first partie of a concours played in several halls whose results
    the public does not see, by the one rule (`public_cutoff`): the option
    is the concours's own; a partie is announced once a hall's file holds
    its draw; the concours is over once every hall has sent its file with
    every planned partie closed."""
    if not tournament.ranking_hidden:
        return None
    received = [hall for hall in halls if hall.document is not None]
    return public_cutoff(
        hidden_from=tournament.ranking_hidden_from or merge.planned,
        announced=[rnd["number"] for hall in received for rnd in merging.qualifying(hall.document)],
        finished=len(received) == len(halls)
        and all(hall.closed >= merge.planned for hall in received),
    )


def _rows(merge: HallMerge, received: list[MergedHall], before: int | None) -> tuple:
    """The merged ranking's rows and whether it is provisional, or the
    problem that keeps the files apart."""
    try:
        merged = merging.merge(
            [(hall.name, hall.document) for hall in received],
            planned=merge.planned,
            before=before,
            translate=gettext,
        )
    except merging.MergeError as error:
        return [], True, str(error)
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
    return rows, merged.provisional, ""


def halls_state(tournament: Tournament, *, public: bool = False) -> HallsState | None:
    """The halls and the merged ranking, or None when the concours is
    played in one hall; the public's (`public`) without the parties it
    does not see yet (`hidden`)."""
    merge = _merge_of(tournament)
    if merge is None:
        return None
    halls = list(merge.halls.all())
    received = [hall for hall in halls if hall.document is not None]
    hidden = hidden_from(tournament, merge, halls)
    rows: list[MergedRankingRow] = []
    problem = ""
    provisional = len(received) < len(halls)
    if received:
        rows, still, problem = _rows(merge, received, hidden if public else None)
        provisional = provisional or still
    return HallsState(merge, halls, rows, provisional or not received, problem, hidden)


def merged_ranking(tournament: Tournament) -> list[MergedRankingRow] | None:
    """The public's merged ranking's rows (rank, hall, team, club if known,
    points), or None when the concours is not played in several halls."""
    state = halls_state(tournament, public=True)
    return None if state is None else state.rows

"""Leagues read from the database: the ranking a stage qualifies from, the
state of each stage, its qualified teams and the clubs' rankings.

`stage_ranking` is the one place a league reads a concours's ranking: a
concours played in several halls gives its merged ranking (the halls feature's queries),
each hall's team matched by its name with the team registered here that
the hall took from this concours's list (the qualified teams sent to it).
Must not: write (services/leagues.py sends the qualified teams on).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from tournaments.features.halls import queries as multi_halls
from tournaments.features.leagues import domain as rules
from tournaments.features.leagues.models import League, Qualification, Stage
from tournaments.models import Team, Tournament
from tournaments.queries.brackets import final_order
from tournaments.queries.claims import ranking_claims
from tournaments.queries.standings import public_standings


@dataclass(frozen=True)
class RankingRow:
    """One team of a concours's final ranking, in plain values."""

    rank: int
    team_name: str
    club: str
    #: ((first name, last name, licence), (first name, last name, licence))
    players: tuple[tuple[str, str, str], ...]
    points: int
    team_id: int | None = None
    #: Declared forfait: ranked with its results, but never goes on.
    withdrew: bool = False


def stage_ranking(tournament: Tournament) -> list[RankingRow]:
    """The ranking of a concours as a league reads it: its final order
    (a final phase's places first), one plain row a team; the merged
    ranking of a concours played in several halls."""
    merged = multi_halls.merged_ranking(tournament)
    if merged is not None:
        return _from_halls(tournament, merged)
    rows = []
    # The public's ranking: a hidden last partie waits (issue 38, item 12a).
    for standing in final_order(tournament, public_standings(tournament)):
        team = standing.entrant
        if team is None:
            continue
        players = tuple(
            (p.first_name, p.last_name, p.licence) for p in (team.player1, team.player2)
        )
        rows.append(
            RankingRow(
                rank=standing.row.rank,
                team_name=team.display_name,
                club=team.club,
                players=players,
                points=standing.row.points_for,
                team_id=team.pk,
                withdrew=team.status == Team.Status.WITHDRAWN,
            )
        )
    return rows


def _from_halls(tournament: Tournament, merged) -> list[RankingRow]:
    """The merged ranking of the halls, each row with the team of the same
    name registered here (its players, for the next stage's registration);
    a hall's team not registered here keeps its place but has no team
    (`team_id` None: it cannot be sent on, which the service says)."""
    teams = {
        team.display_name: team
        for team in tournament.teams.filter(round__isnull=True).select_related("player1", "player2")
    }
    rows = []
    for line in merged:
        team = teams.get(line.team)
        players = (
            tuple((p.first_name, p.last_name, p.licence) for p in (team.player1, team.player2))
            if team
            else ()
        )
        rows.append(
            RankingRow(
                rank=line.rank,
                team_name=line.team,
                club=line.club or (team.club if team else ""),
                players=players,
                points=line.points,
                team_id=team.pk if team else None,
                withdrew=line.withdrew,
            )
        )
    return rows


def qualification(rows: list[RankingRow], stage: Stage) -> rules.Qualified:
    """The rows of a concours's ranking the stage's rule sends on, a team
    that declared forfait replaced by the next (domain/leagues.py)."""
    return rules.qualification(rows, stage.rule, stage.value, withdrawn=lambda r: r.withdrew)


def is_over(tournament: Tournament) -> bool:
    """Whether a concours's ranking is final: finished, claims closed; for
    one played in several halls, every hall in, complete, and merged."""
    state = multi_halls.halls_state(tournament, public=True)
    if state is not None:
        return bool(state.rows) and not state.provisional and not state.problem
    return tournament.status == Tournament.Status.FINISHED and ranking_claims(tournament).final


def has_started(tournament: Tournament) -> bool:
    """Whether a concours has begun: a partie drawn, or no longer registering."""
    return tournament.status != Tournament.Status.REGISTRATION or tournament.rounds.exists()


def next_stage(stage: Stage) -> Stage | None:
    return stage.league.stages.filter(position__gt=stage.position).order_by("position").first()


def stage_concours(stage: Stage) -> list[Tournament]:
    return list(stage.tournaments.order_by("date", "pk"))


@dataclass
class ConcoursView:
    tournament: Tournament
    over: bool
    rows: list[RankingRow]
    #: The rows that qualify for the next stage (none on the last stage).
    qualified: list[RankingRow]
    #: A concours played in several halls: (halls whose file is in, halls).
    halls: tuple[int, int] | None = None
    #: Each team that declared forfait in a qualifying place, and the row
    #: that took its place (None when no team was left).
    replaced: list[tuple[RankingRow, RankingRow | None]] = field(default_factory=list)


@dataclass
class StageView:
    stage: Stage
    concours: list[ConcoursView]
    clubs: rules.ClubRanking
    is_last: bool
    #: Every concours over (the stage can send its qualified teams on).
    over: bool
    #: The teams this stage sent to the next stage's concours.
    sent: list[Qualification] = field(default_factory=list)


@dataclass
class LeagueView:
    league: League
    stages: list[StageView]
    clubs: rules.ClubRanking


def _entries(rows: list[RankingRow]) -> list[rules.ClubEntry]:
    return [rules.ClubEntry(r.club, r.points) for r in rows]


def _concours_view(tournament: Tournament, stage: Stage, *, is_last: bool) -> ConcoursView:
    """One concours of a stage: its ranking (none before it begins: its
    registered teams would all be at 0), whether it is over, its
    qualified rows; a concours played in several halls merged once (the
    public's merged ranking: a hidden last partie waits, issue 38 item 12a)."""
    state = multi_halls.halls_state(tournament, public=True)
    if state is not None:
        rows = _from_halls(tournament, state.rows)
        over = bool(state.rows) and not state.provisional and not state.problem
        halls = (state.received, len(state.halls))
    else:
        rows = stage_ranking(tournament) if tournament.rounds.exists() else []
        over, halls = is_over(tournament), None
    cut = rules.Qualified([]) if is_last else qualification(rows, stage)
    return ConcoursView(tournament, over, rows, cut.rows, halls, cut.replaced)


def league_view(league: League) -> LeagueView:
    """Every stage of a league with its concours's rankings and qualified
    teams, each stage's clubs' ranking and the league's (all stages)."""
    stages = list(league.stages.order_by("position"))
    views: list[StageView] = []
    everything: list[rules.ClubEntry] = []
    for index, stage in enumerate(stages):
        is_last = index == len(stages) - 1
        concours = []
        for tournament in stage_concours(stage):
            concours.append(_concours_view(tournament, stage, is_last=is_last))
        entries = [e for c in concours for e in _entries(c.rows)]
        everything += entries
        sent = list(
            stage.qualifications.select_related(
                "source", "team__player1", "team__player2", "team__tournament"
            ).order_by("source__date", "source__pk", "rank")
        )
        views.append(
            StageView(
                stage=stage,
                concours=concours,
                clubs=rules.club_ranking(entries, league.best_k),
                is_last=is_last,
                over=bool(concours) and all(c.over for c in concours),
                sent=sent,
            )
        )
    return LeagueView(league, views, rules.club_ranking(everything, league.best_k))

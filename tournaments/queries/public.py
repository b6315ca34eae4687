"""Read-only lookups behind the public pages.

Each function answers one question a player asks (where do I play, how did
my team do, what happened in a partie) in a fixed number of queries,
whatever the size of the tournament. Nothing here writes or scores.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from django.db.models import Q, QuerySet

from tournaments.domain import search
from tournaments.domain.standings import bye_points, counts_publicly
from tournaments.models import BracketMatch, Round, Seat, Table, Team, Tournament
from tournaments.queries.standings import tournament_bye

TEAM_RELATED = ("team_a__player1", "team_a__player2", "team_b__player1", "team_b__player2")


def current_round(tournament: Tournament) -> Round | None:
    """The partie being played, else the last one drawn."""
    rounds = tournament.rounds.order_by("-number")
    return rounds.exclude(status=Round.Status.CLOSED).first() or rounds.first()


def sheets_to_print(tournament: Tournament) -> Round | None:
    """The partie whose sheets the desk prints now (issue 38, item 12d): the
    last one announced whose tables have no score yet (status « tirée, pas
    commencée »), else None."""
    return (
        tournament.rounds.announced().filter(status=Round.Status.DRAFT).order_by("-number").first()
    )


@dataclass(frozen=True)
class Place:
    team: Team
    table: Table | None
    side: str | None


#: A number longer than this is no team's number (and would overflow the column).
MAX_NUMBER_DIGITS = 9


def _search_match(query: str) -> Q | None:
    """Teams every word of `query` is found in, folded (see search.py): in
    the team's name or club, in either player's first name, last name or club,
    or, for a word of digits, as the team's number. None for a query with no
    word: it finds nobody."""
    words = search.query_words(query)
    if not words:
        return None
    match = Q()
    for word in words:
        found = (
            Q(search_key__contains=word)
            | Q(player1__search_key__contains=word)
            | Q(player2__search_key__contains=word)
        )
        if word.isdigit() and len(word) <= MAX_NUMBER_DIGITS:
            found |= Q(number=int(word))
        match &= found
    return match


def search_teams(teams: QuerySet[Team], query: str) -> QuerySet[Team]:
    """`teams` narrowed to those matching `query` as `find_places` matches
    them (accents and case aside); all of them for a query with no word."""
    match = _search_match(query)
    return teams if match is None else teams.filter(match)


def find_places(tournament: Tournament, query: str, rnd: Round | None) -> list[Place]:
    """Teams whose name, number, club or players match `query` (accents,
    case, ligatures, apostrophes and hyphens aside), with their seat in `rnd`
    (None when they do not play it)."""
    match = _search_match(query)
    if match is None:
        return []
    teams = Team.objects.filter(tournament=tournament).filter(match)
    if tournament.format == Tournament.Format.MELEE:
        # Players look for themselves; the teams are those of the partie.
        teams = teams.filter(round=rnd) if rnd else teams.none()
    else:
        teams = teams.filter(round__isnull=True)
    teams = list(teams.select_related("player1", "player2").order_by("number")[:50])
    seats = {}
    if rnd is not None:
        seats = {
            s.team_id: s
            for s in Seat.objects.filter(round=rnd, team__in=teams).select_related("table")
        }
    return [
        Place(
            team=t,
            table=seats[t.pk].table if t.pk in seats else None,
            side=seats[t.pk].side if t.pk in seats else None,
        )
        for t in teams
    ]


@dataclass(frozen=True)
class Game:
    """One partie of a team, seen from that team."""

    round: Round
    table: Table
    opponent: Team | None
    points_for: int
    points_against: int
    #: A partie of the hidden ranking (issue 38, item 12a): no figure shown.
    hidden: bool = False

    @property
    def result(self) -> str:
        if self.hidden:
            return "hidden"
        if self.opponent is None:
            return "bye"
        if self.table.status != Table.Status.COMPLETE:
            return "playing"
        if self.points_for > self.points_against:
            return "won"
        if self.points_for < self.points_against:
            return "lost"
        return "drawn"


def team_games(tournament: Tournament, team: Team, *, before: int | None = None) -> list[Game]:
    """Every partie of `team` the public pages show (announced), in order.
    A bye is worth, in points for, what the standings count for it, so the
    team's page adds up to its ranking. The parties numbered `before` or
    later (the hidden ranking's) show no figure."""
    tables = (
        Table.objects.filter(Q(team_a=team) | Q(team_b=team))
        .select_related("round", *TEAM_RELATED)
        .order_by("round__number")
    )
    if tournament.release_draws:  # a partie not yet announced is not shown
        tables = tables.filter(round__released_at__isnull=False)
    tables = list(tables)
    worth = _bye_worth(tournament, [t.round_id for t in tables if t.is_bye])
    games = []
    for table in tables:
        mine_a = table.team_a_id == team.pk
        if not counts_publicly(table.round.number, before):
            games.append(
                Game(table.round, table, table.team_b if mine_a else table.team_a, 0, 0, True)
            )
            continue
        games.append(
            Game(
                round=table.round,
                table=table,
                opponent=table.team_b if mine_a else table.team_a,
                points_for=worth[table.round_id]
                if table.is_bye
                else (table.total_a if mine_a else table.total_b),
                points_against=table.total_b if mine_a else table.total_a,
            )
        )
    return games


def _bye_worth(tournament: Tournament, round_ids: list[int]) -> dict[int, int]:
    """What a bye was worth in each of these rounds, by the standings' own
    rule (`standings.bye_points`): one query, and only when there was a bye."""
    if not round_ids:
        return {}
    bye = tournament_bye(tournament)
    scored: dict[int, list[int]] = defaultdict(list)
    if bye.average:
        played = Table.objects.filter(
            round_id__in=round_ids, status=Table.Status.COMPLETE, team_b__isnull=False
        ).values_list("round_id", "total_a", "total_b")
        for round_id, total_a, total_b in played:
            scored[round_id] += [total_a, total_b]
    return {round_id: bye_points(bye, scored[round_id]) for round_id in round_ids}


def round_tables(rnd: Round) -> QuerySet[Table]:
    return rnd.tables.select_related(*TEAM_RELATED).order_by("number")


def tables_playing(rnd: Round | None) -> list[Table]:
    if rnd is None:
        return []
    return list(round_tables(rnd).exclude(status=Table.Status.COMPLETE))


def bracket_match(table: Table):
    """The bracket match a table of a bracket partie plays (with its
    bracket), or None: a qualifying table costs no query."""
    if table.round.stage != Round.Stage.BRACKET:
        return None

    return BracketMatch.objects.filter(table=table).select_related("bracket").first()

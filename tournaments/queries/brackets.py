"""The final phase read: the qualifying order that seeds the brackets,
whether a bracket table's tie is played out, what keeps a bracket partie
open, the brackets as the pages show them, and the final ranking. Writes
nothing (services/brackets.py creates, draws and settles)."""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from django.utils.translation import gettext as _

from tournaments.domain import brackets as rules
from tournaments.models import Bracket, BracketMatch, Round, Table, Team, Tournament
from tournaments.queries.pools import pool_places, pool_qualifying_order
from tournaments.queries.standings import tournament_standings


def qualifying_order(tournament: Tournament) -> list[Team]:
    """The teams still in the tournament (no forfait), best first, by the
    standings of the qualifying parties: the seeding of the brackets. After
    pools, the pool winners come first, then the seconds, and so on (each
    rank ordered by the standings: services/pools.py)."""
    ranked = pool_qualifying_order(tournament)
    if ranked is None:
        ranked = [s.entrant for s in tournament_standings(tournament)]
    return [t for t in ranked if isinstance(t, Team) and t.status == Team.Status.ACTIVE]


def qualifying_points(tournament: Tournament) -> dict[int, int]:
    return {
        s.entrant.pk: s.row.points_for
        for s in tournament_standings(tournament)
        if isinstance(s.entrant, Team)
    }


def pool_rematches(tournament: Tournament) -> int | None:
    """None unless the brackets follow pools; else how many of their
    first-round matches set two teams of one pool against each other (0
    but where the bracket allows no better: `rules.cross_pools`)."""
    places = pool_places(tournament)
    if not places:
        return None
    pool_of = {pk: pool for pk, (pool, _place) in places.items()}
    return sum(
        rules.rematches(bracket.seeds, pool_of)
        for bracket in Bracket.objects.filter(tournament=tournament).prefetch_related("seed_rows")
    )


def has_brackets(tournament: Tournament) -> bool:
    return Bracket.objects.filter(tournament=tournament).exists()


def is_last_qualifying(rnd: Round) -> bool:
    """The last qualifying partie planned, with no final phase after it:
    closing it ends the tournament."""
    return rnd.number >= rnd.tournament.parties and not has_brackets(rnd.tournament)


def finished(bracket: Bracket) -> bool:
    size = rules.bracket_size(len(bracket.seeds))
    return bracket.matches.filter(level=rules.levels(size) - 1, winner__isnull=False).exists()


def needs_winner(table: Table) -> bool:
    """Whether a tie at this table is played out with one more deal: the
    table of a bracket match whose bracket says so. `scores` keeps such a
    table open while its totals are equal."""
    if table.round.stage != Round.Stage.BRACKET:
        return False
    return BracketMatch.objects.filter(
        table=table, bracket__tie_rule=Bracket.DeadHeatRule.EXTRA_DEAL
    ).exists()


def _dead_heat(table: Table) -> bool:
    """A table whose partie is played out (or its totals typed) with equal
    totals."""
    if table.is_bye or table.total_a != table.total_b:
        return False
    if table.status == Table.Status.COMPLETE:
        return True
    end = table.round.tournament.game_end
    return (
        table.status == Table.Status.IN_PROGRESS
        and "deals" in end
        and not table.totals_only
        and table.deals.count() >= end["deals"]
    )


def dead_heat_blockers(rnd: Round) -> tuple[list[str], set[int]]:
    """The sentences that keep a bracket partie open because of a tie to play
    out with one more deal, and those tables' numbers."""
    if rnd.stage != Round.Stage.BRACKET:
        return [], set()
    tables = (
        Table.objects.filter(
            round=rnd, bracket_match__bracket__tie_rule=Bracket.DeadHeatRule.EXTRA_DEAL
        )
        .select_related("round__tournament")
        .order_by("number")
    )
    tied = [t for t in tables if _dead_heat(t)]
    return (
        [_("Table %(n)s : égalité, jouez une donne de plus.") % {"n": t.number} for t in tied],
        {t.number for t in tied},
    )


def all_finished(tournament: Tournament) -> bool:
    brackets = list(Bracket.objects.filter(tournament=tournament).prefetch_related("seed_rows"))
    return bool(brackets) and all(finished(b) for b in brackets)


@dataclass
class MatchView:
    """A match as the pages show it: its teams (None while waiting for an
    earlier winner, or a bye), their seeds, the table and the winner."""

    level: int
    position: int
    team_a: Team | None = None
    team_b: Team | None = None
    seed_a: int | None = None
    seed_b: int | None = None
    table: Table | None = None
    winner_id: int | None = None
    settled: str = ""
    bye: bool = False

    @property
    def round_number(self) -> int | None:
        return self.table.round.number if self.table else None


@dataclass
class LevelView:
    level: int
    key: str
    matches: list[MatchView] = field(default_factory=list)


@dataclass
class BracketView:
    bracket: Bracket
    size: int
    levels: list[LevelView]
    finished: bool
    champion: Team | None


def brackets_of(tournament: Tournament) -> list[Bracket]:
    """The tournament's brackets in order, their seed rows loaded."""
    return list(
        Bracket.objects.filter(tournament=tournament)
        .order_by("position")
        .prefetch_related("seed_rows")
    )


def bracket_views(tournament: Tournament) -> list[BracketView]:
    """Every bracket of the tournament, level by level, each level complete
    (matches not made yet are shown waiting), in a fixed number of queries."""
    brackets = brackets_of(tournament)
    teams = {
        t.pk: t
        for t in tournament.teams.filter(round__isnull=True).select_related("player1", "player2")
    }
    matches = (
        BracketMatch.objects.filter(bracket__tournament=tournament)
        .select_related("table__round")
        .order_by("level", "position")
    )
    by_bracket: dict[int, dict[tuple[int, int], BracketMatch]] = {}
    for m in matches:
        by_bracket.setdefault(m.bracket_id, {})[(m.level, m.position)] = m
    views = []
    for bracket in brackets:
        size = rules.bracket_size(len(bracket.seeds))
        made = by_bracket.get(bracket.pk, {})
        levels = []
        for level in range(rules.levels(size)):
            row = LevelView(level=level, key=rules.level_name_key(size, level))
            for position in range(size >> (level + 1)):
                m = made.get((level, position))
                view = MatchView(level=level, position=position)
                if m is not None:
                    view.team_a = teams.get(m.team_a_id)
                    view.team_b = teams.get(m.team_b_id)
                    view.seed_a = bracket.seed_of(m.team_a_id)
                    view.seed_b = bracket.seed_of(m.team_b_id)
                    view.table = m.table
                    view.winner_id = m.winner_id
                    view.settled = m.settled
                    view.bye = m.settled == BracketMatch.Settled.BYE
                elif level > 0:
                    # Not made yet: the winners already known wait in it.
                    before = levels[level - 1].matches
                    for side, earlier in (
                        ("a", before[2 * position]),
                        ("b", before[2 * position + 1]),
                    ):
                        if earlier.winner_id is not None:
                            setattr(view, f"team_{side}", teams.get(earlier.winner_id))
                            setattr(view, f"seed_{side}", bracket.seed_of(earlier.winner_id))
                row.matches.append(view)
            levels.append(row)
        final = made.get((rules.levels(size) - 1, 0))
        champion = teams.get(final.winner_id) if final and final.winner_id else None
        views.append(
            BracketView(
                bracket=bracket,
                size=size,
                levels=levels,
                finished=champion is not None,
                champion=champion,
            )
        )
    return views


@dataclass
class FinalRow:
    """A line of the final ranking: the place (None while its bracket is
    still playing), the team, and where its place comes from."""

    place: int | None
    team: Team
    bracket: Bracket | None


def final_ranking(tournament: Tournament) -> list[FinalRow]:
    """The main bracket's places, then the consolante's, then the teams in
    neither bracket in qualifying order. A bracket still playing lists the
    teams still in by seed, then those out, without places (nor any after
    them)."""
    standings = [s.entrant for s in tournament_standings(tournament) if isinstance(s.entrant, Team)]
    brackets = brackets_of(tournament)
    matches = list(BracketMatch.objects.filter(bracket__tournament=tournament))
    teams = {t.pk: t for t in standings}
    rows: list[FinalRow] = []
    placed = True
    seen: set[int] = set()
    for bracket in brackets:
        own = [m for m in matches if m.bracket_id == bracket.pk]
        size = rules.bracket_size(len(bracket.seeds))
        final = next((m for m in own if m.level == rules.levels(size) - 1 and m.winner_id), None)
        if final is None:
            # Still playing: the teams still in first, then the later a team
            # lost the better, by seed within each (no places yet).
            placed = False
            lost = {m.loser_id: m.level for m in own if m.loser_id is not None}
            order = sorted(
                bracket.seeds,
                key=lambda t, lost=lost, b=bracket: (-lost.get(t, size), b.seed_of(t)),
            )
        else:
            lost_at = {bracket.seed_of(m.loser_id): m.level for m in own if m.loser_id is not None}
            places = rules.places(
                range(1, len(bracket.seeds) + 1), lost_at, bracket.seed_of(final.winner_id)
            )
            order = [bracket.seeds[seed - 1] for seed in sorted(places, key=places.get)]
        for team_id in order:
            if team_id in teams:
                rows.append(FinalRow(len(rows) + 1 if placed else None, teams[team_id], bracket))
                seen.add(team_id)
    for team in standings:
        if team.pk not in seen:
            rows.append(FinalRow(len(rows) + 1 if placed else None, team, None))
    return rows


def final_places(tournament: Tournament) -> dict[int, int] | None:
    """Each team's final place once every bracket is decided, else None."""
    if not has_brackets(tournament):
        return None
    places = {row.team.pk: row.place for row in final_ranking(tournament)}
    if any(place is None for place in places.values()):
        return None
    return places


def final_order(tournament: Tournament, standings: list) -> list:
    """`standings` (the qualifying ranking) in the order of the final
    ranking once every bracket is decided, each row's rank its final place:
    the order the lots, the printed ranking and the exports follow. Without
    a final phase, or while a bracket plays, `standings` as they are."""
    places = final_places(tournament)
    if places is None:
        return standings
    ranked = sorted(
        (s for s in standings if getattr(s.entrant, "pk", None) in places),
        key=lambda s: places[s.entrant.pk],
    )
    others = [s for s in standings if getattr(s.entrant, "pk", None) not in places]
    return [replace(s, row=replace(s.row, rank=places[s.entrant.pk])) for s in ranked] + others

"""The final phase: a main bracket and a consolante seeded from the
qualifying ranking, their parties drawn level by level, their ties settled,
the final ranking.

The bracket rules are pure (`tournaments.domain.brackets`). A bracket partie is an
ordinary `Round` (stage « bracket ») whose tables are set by the brackets,
scored by `scores` like any other and closed by `rounds.close_round`, which
calls `settle_round` here to decide each match from its table's totals. A
tie is settled by the bracket's rule: the better qualifying total at once,
or one more deal (`needs_winner` keeps such a table open in `scores`).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from django.db import transaction
from django.db.models import Max
from django.utils import timezone
from django.utils.translation import gettext as _

from tournaments.domain import brackets as rules
from tournaments.models import (
    Bracket,
    BracketMatch,
    Change,
    Round,
    Table,
    Team,
    Tournament,
)
from tournaments.queries.standings import tournament_standings
from tournaments.services.audit import log_change, tables_snapshot
from tournaments.services.errors import TournamentError
from tournaments.services.pools import pool_qualifying_order


def qualifying_order(tournament: Tournament) -> list[Team]:
    """The teams still in the tournament (no forfait), best first, by the
    standings of the qualifying parties: the seeding of the brackets. After
    pools, the pool winners come first, then the seconds, and so on (each
    rank ordered by the standings: services/pools.py)."""
    ranked = pool_qualifying_order(tournament)
    if ranked is None:
        ranked = [s.entrant for s in tournament_standings(tournament)]
    return [t for t in ranked if isinstance(t, Team) and t.status == Team.Status.ACTIVE]


def _qualifying_points(tournament: Tournament) -> dict[int, int]:
    return {
        s.entrant.pk: s.row.points_for
        for s in tournament_standings(tournament)
        if isinstance(s.entrant, Team)
    }


def has_brackets(tournament: Tournament) -> bool:
    return Bracket.objects.filter(tournament=tournament).exists()


def is_last_qualifying(rnd: Round) -> bool:
    """The last qualifying partie planned, with no final phase after it:
    closing it ends the tournament."""
    return rnd.number >= rnd.tournament.parties and not has_brackets(rnd.tournament)


@transaction.atomic
def create_brackets(
    *,
    tournament: Tournament,
    main: int,
    consolante: int = 0,
    tie_rule: str = Bracket.TieRule.EXTRA_DEAL,
    by=None,
) -> list[Bracket]:
    """The main bracket of the `main` best qualified teams, and the
    consolante of the next `consolante` (0: none), each seeded by the
    qualifying ranking, byes to the best seeds."""
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    if tournament.format == Tournament.Format.MELEE:
        raise TournamentError(
            _("En mêlée les équipes changent à chaque partie : pas de phase finale."),
            field="main",
        )
    if has_brackets(tournament):
        raise TournamentError(_("La phase finale est déjà créée."), field="main")
    if tie_rule not in Bracket.TieRule.values:
        raise TournamentError(_("Choisissez comment départager une égalité."), field="tie_rule")
    qualifying = tournament.rounds.filter(stage=Round.Stage.QUALIFYING)
    if qualifying.exclude(status=Round.Status.CLOSED).exists():
        raise TournamentError(
            _("Fermez la partie de qualification en cours avant de créer la phase finale."),
            field="main",
        )
    if not qualifying.exists():
        raise TournamentError(
            _("Jouez d'abord les parties de qualification : elles classent les équipes."),
            field="main",
        )
    order = qualifying_order(tournament)
    try:
        main_teams, consolante_teams, _out = rules.split(order, main, consolante)
    except rules.BracketError as exc:
        raise TournamentError(*_split_refusal(exc.code, main, consolante, len(order))) from exc
    made = []
    for position, (kind, teams) in enumerate(
        ((Bracket.Kind.MAIN, main_teams), (Bracket.Kind.CONSOLANTE, consolante_teams))
    ):
        if not teams:
            continue
        bracket = Bracket.objects.create(
            tournament=tournament,
            kind=kind,
            name=Bracket.Kind(kind).label,
            tie_rule=tie_rule,
            position=position,
            seeds=[t.pk for t in teams],
        )
        for slot in rules.first_round(len(teams)):
            team_a = teams[slot.seed_a - 1]
            team_b = teams[slot.seed_b - 1] if slot.seed_b else None
            BracketMatch.objects.create(
                bracket=bracket,
                level=0,
                position=slot.position,
                team_a=team_a,
                team_b=team_b,
                winner=team_a if team_b is None else None,
                settled=BracketMatch.Settled.BYE if team_b is None else "",
            )
        made.append(bracket)
    if tournament.status == Tournament.Status.FINISHED:
        tournament.status = Tournament.Status.RUNNING
        tournament.save(update_fields=["status"])
    log_change(
        tournament,
        Change.Action.BRACKETS_CREATED,
        by=by,
        after={
            "main": [t.number for t in main_teams],
            "consolante": [t.number for t in consolante_teams],
            "tie_rule": tie_rule,
        },
    )
    return made


def _split_refusal(code: str, main: int, consolante: int, ranked: int) -> tuple[str]:
    if code == "too_many":
        return (
            _(
                "%(asked)s équipes demandées (%(main)s + %(consolante)s) pour "
                "%(ranked)s équipes classées."
            )
            % {
                "asked": main + consolante,
                "main": main,
                "consolante": consolante,
                "ranked": ranked,
            },
        )
    if code == "too_few" and consolante == 1 and main >= 2:
        return (_("Une consolante se joue à deux équipes au moins (ou 0 pour aucune)."),)
    return (_("Le tableau principal se joue à deux équipes au moins."),)


@transaction.atomic
def delete_brackets(*, tournament: Tournament, by=None) -> None:
    """Undo the final phase, while none of its parties is drawn."""
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    if tournament.rounds.filter(stage=Round.Stage.BRACKET).exists():
        raise TournamentError(
            _("Un tour de la phase finale est déjà tiré : elle ne se supprime plus.")
        )
    deleted = Bracket.objects.filter(tournament=tournament)
    if not deleted.exists():
        raise TournamentError(_("Il n'y a pas de phase finale à supprimer."))
    BracketMatch.objects.filter(bracket__tournament=tournament).delete()
    deleted.delete()
    if (
        tournament.status == Tournament.Status.RUNNING
        and tournament.rounds.filter(stage=Round.Stage.QUALIFYING).count() >= tournament.parties
        and not tournament.rounds.exclude(status=Round.Status.CLOSED).exists()
    ):
        tournament.status = Tournament.Status.FINISHED
        tournament.save(update_fields=["status"])
    log_change(tournament, Change.Action.BRACKETS_DELETED, by=by)


def _advance(bracket: Bracket) -> list[BracketMatch]:
    """The bracket's matches to play next: those of its current level not
    yet played, after making the next level from the winners when the
    current one is over. Empty when the bracket is finished."""
    matches = list(bracket.matches.order_by("level", "position"))
    level = max(m.level for m in matches)
    current = [m for m in matches if m.level == level]
    size = rules.bracket_size(len(bracket.seeds))
    if all(m.winner_id for m in current):
        if level + 1 >= rules.levels(size):
            return []
        sides: dict[int, list[int | None]] = {}
        for m in current:
            _lvl, position, side = rules.next_match(level, m.position)
            sides.setdefault(position, [None, None])[side] = m.winner_id
        current = [
            BracketMatch.objects.create(
                bracket=bracket, level=level + 1, position=p, team_a_id=a, team_b_id=b
            )
            for p, (a, b) in sorted(sides.items())
        ]
    return [m for m in current if m.winner_id is None and m.table_id is None]


def finished(bracket: Bracket) -> bool:
    size = rules.bracket_size(len(bracket.seeds))
    return bracket.matches.filter(level=rules.levels(size) - 1, winner__isnull=False).exists()


@transaction.atomic
def draw_bracket_round(*, tournament: Tournament, by=None) -> Round:
    """The next partie of the final phase: one table for each match of
    every bracket's next level (the main bracket's first), in one round."""
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    if tournament.rounds.exclude(status=Round.Status.CLOSED).exists():
        raise TournamentError(_("Fermez la partie en cours avant de tirer la suivante."))
    brackets = list(Bracket.objects.filter(tournament=tournament).order_by("position"))
    if not brackets:
        raise TournamentError(_("Créez d'abord la phase finale."))
    to_play = [m for bracket in brackets for m in _advance(bracket)]
    if not to_play:
        raise TournamentError(_("La phase finale est terminée : il n'y a plus rien à tirer."))
    number = (tournament.rounds.aggregate(n=Max("number"))["n"] or 0) + 1
    released_at = None if tournament.release_draws else timezone.now()
    rnd = Round.objects.create(
        tournament=tournament,
        number=number,
        stage=Round.Stage.BRACKET,
        draw_method=Round.DrawMethod.RANKING,
        released_at=released_at,
    )
    from tournaments.services.rounds import seat_pairs

    tables = seat_pairs(rnd, [(m.team_a_id, m.team_b_id) for m in to_play])
    for match, table in zip(to_play, tables, strict=True):
        match.table = table
        match.save(update_fields=["table"])
    if tournament.status != Tournament.Status.RUNNING:
        tournament.status = Tournament.Status.RUNNING
        tournament.save(update_fields=["status"])
    log_change(
        tournament,
        Change.Action.BRACKET_DRAWN,
        by=by,
        after={"round": number, "tables": tables_snapshot(rnd)},
    )
    return rnd


def needs_winner(table: Table) -> bool:
    """Whether a tie at this table is played out with one more deal: the
    table of a bracket match whose bracket says so. `scores` keeps such a
    table open while its totals are equal."""
    if table.round.stage != Round.Stage.BRACKET:
        return False
    return BracketMatch.objects.filter(
        table=table, bracket__tie_rule=Bracket.TieRule.EXTRA_DEAL
    ).exists()


def _tied(table: Table) -> bool:
    """A table whose partie is played out (or its totals typed) with equal
    totals."""
    if table.is_bye or table.total_a != table.total_b:
        return False
    if table.status == Table.Status.COMPLETE:
        return True
    end = table.round.tournament.partie_end
    return (
        table.status == Table.Status.IN_PROGRESS
        and "deals" in end
        and not table.totals_only
        and table.deals.count() >= end["deals"]
    )


def tie_blockers(rnd: Round) -> tuple[list[str], set[int]]:
    """The sentences that keep a bracket partie open because of a tie to play
    out with one more deal, and those tables' numbers."""
    if rnd.stage != Round.Stage.BRACKET:
        return [], set()
    tables = (
        Table.objects.filter(round=rnd, bracket_match__bracket__tie_rule=Bracket.TieRule.EXTRA_DEAL)
        .select_related("round__tournament")
        .order_by("number")
    )
    tied = [t for t in tables if _tied(t)]
    return (
        [_("Table %(n)s : égalité, jouez une donne de plus.") % {"n": t.number} for t in tied],
        {t.number for t in tied},
    )


def settle_round(rnd: Round, *, by=None) -> None:
    """Decide every match of a bracket partie from its table's totals (in
    the caller's transaction, `rounds.close_round`): the higher total wins;
    a tie under the qualifying-total rule goes to the better qualifying
    total, then to the better seed, and is said in the history."""
    points: dict[int, int] | None = None
    matches = BracketMatch.objects.filter(table__round=rnd).select_related(
        "bracket", "table", "team_a", "team_b"
    )
    for match in matches:
        table = match.table
        if table.total_a != table.total_b:
            match.winner_id = match.team_a_id if table.total_a > table.total_b else match.team_b_id
            match.settled = BracketMatch.Settled.PLAYED
            match.save(update_fields=["winner", "settled"])
            continue
        if match.bracket.tie_rule != Bracket.TieRule.QUALIFYING_TOTAL:
            raise TournamentError(
                _("Table %(n)s : égalité, jouez une donne de plus.") % {"n": table.number}
            )
        if points is None:
            points = _qualifying_points(rnd.tournament)
        winner = min(
            (match.team_a, match.team_b),
            key=lambda team, m=match, p=points: (
                -p.get(team.pk, 0),
                m.bracket.seed_of(team.pk) or 10**6,
            ),
        )
        loser = match.team_b if winner == match.team_a else match.team_a
        match.winner = winner
        match.settled = BracketMatch.Settled.QUALIFYING_TOTAL
        match.save(update_fields=["winner", "settled"])
        log_change(
            rnd.tournament_id,
            Change.Action.MATCH_DECIDED,
            by=by,
            table=table,
            reason=_(
                "Table %(n)s : égalité %(total)s à %(total)s ; %(winner)s passe au meilleur "
                "total des qualifications (%(pw)s contre %(pl)s pour %(loser)s)."
            )
            % {
                "n": table.number,
                "total": table.total_a,
                "winner": winner.display_name,
                "pw": points.get(winner.pk, 0),
                "pl": points.get(loser.pk, 0),
                "loser": loser.display_name,
            },
            after={"winner": winner.number, "loser": loser.number},
        )


def all_finished(tournament: Tournament) -> bool:
    brackets = list(Bracket.objects.filter(tournament=tournament))
    return bool(brackets) and all(finished(b) for b in brackets)


# Reading --------------------------------------------------------------


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


def bracket_views(tournament: Tournament) -> list[BracketView]:
    """Every bracket of the tournament, level by level, each level complete
    (matches not made yet are shown waiting), in a fixed number of queries."""
    brackets = list(Bracket.objects.filter(tournament=tournament).order_by("position"))
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
            row = LevelView(level=level, key=rules.round_name_key(size, level))
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
    brackets = list(Bracket.objects.filter(tournament=tournament).order_by("position"))
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

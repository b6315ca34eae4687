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

from django.db import transaction
from django.db.models import Max
from django.utils import timezone
from django.utils.translation import gettext as _

from tournaments.domain import brackets as rules
from tournaments.models import (
    Bracket,
    BracketMatch,
    BracketSeed,
    Change,
    Round,
    Team,
    Tournament,
)
from tournaments.queries.brackets import has_brackets, qualifying_order, qualifying_points
from tournaments.queries.pools import pool_places
from tournaments.services.audit import Actor, log_change, tables_snapshot
from tournaments.services.errors import TournamentError
from tournaments.services.seating import seat_pairs


@transaction.atomic(durable=True)
def create_brackets(
    *,
    tournament: Tournament,
    main: int,
    consolante: int = 0,
    tie_rule: str = Bracket.DeadHeatRule.EXTRA_DEAL,
    by: Actor | None = None,
) -> list[Bracket]:
    """The main bracket of the `main` best qualified teams, and the
    consolante of the next `consolante` (0: none), each seeded by the
    qualifying ranking, byes to the best seeds. After pools, the seeds are
    crossed: teams of one pool do not meet in the first round whenever the
    bracket allows (`rules.cross_pools`)."""
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    if tournament.format == Tournament.Format.MELEE:
        raise TournamentError(
            _("En mêlée les équipes changent à chaque partie : pas de phase finale."),
            field="main",
        )
    if has_brackets(tournament):
        raise TournamentError(_("La phase finale est déjà créée."), field="main")
    if tie_rule not in Bracket.DeadHeatRule.values:
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
    places = pool_places(tournament)
    if places:
        main_teams, consolante_teams = (
            _crossed(main_teams, places),
            _crossed(consolante_teams, places),
        )
    made = []
    for position, (kind, teams) in enumerate(
        ((Bracket.Kind.MAIN, main_teams), (Bracket.Kind.CONSOLANTE, consolante_teams))
    ):
        if not teams:
            continue
        bracket = Bracket.objects.create(
            tournament=tournament,
            kind=kind,
            name=str(Bracket.Kind(kind).label),
            tie_rule=tie_rule,
            position=position,
        )
        BracketSeed.objects.bulk_create(
            BracketSeed(bracket=bracket, team=team, seed=seed)
            for seed, team in enumerate(teams, start=1)
        )
        for slot in rules.first_level(len(teams)):
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


def _crossed(teams: list[Team], places: dict[int, tuple[int, int]]) -> list[Team]:
    """The teams of a bracket in their seeding order crossed by pool."""
    by_id = {t.pk: t for t in teams}
    pool_of = {pk: pool for pk, (pool, _place) in places.items()}
    tier_of = {pk: place for pk, (_pool, place) in places.items()}
    return [by_id[pk] for pk in rules.cross_pools(list(by_id), pool_of, tier_of)]


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


@transaction.atomic(durable=True)
def delete_brackets(*, tournament: Tournament, by: Actor | None = None) -> None:
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


def _teams(match: BracketMatch) -> tuple[int, int]:
    """A match to play has its two teams (a bye is won when it is made)."""
    assert match.team_a_id is not None and match.team_b_id is not None
    return match.team_a_id, match.team_b_id


@transaction.atomic(durable=True)
def draw_bracket_round(*, tournament: Tournament, by: Actor | None = None) -> Round:
    """The next partie of the final phase: one table for each match of
    every bracket's next level (the main bracket's first), in one round."""
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    if tournament.rounds.exclude(status=Round.Status.CLOSED).exists():
        raise TournamentError(_("Fermez la partie en cours avant de tirer la suivante."))
    brackets = list(
        Bracket.objects.filter(tournament=tournament)
        .order_by("position")
        .prefetch_related("seed_rows")
    )
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
    tables = seat_pairs(rnd, [_teams(m) for m in to_play])
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


def settle_round(rnd: Round, *, by: Actor | None = None) -> None:
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
        assert table is not None  # the matches of this round's tables
        if table.total_a != table.total_b:
            match.winner_id = match.team_a_id if table.total_a > table.total_b else match.team_b_id
            match.settled = BracketMatch.Settled.PLAYED
            match.save(update_fields=["winner", "settled"])
            continue
        if match.bracket.tie_rule != Bracket.DeadHeatRule.QUALIFYING_TOTAL:
            raise TournamentError(
                _("Table %(n)s : égalité, jouez une donne de plus.") % {"n": table.number}
            )
        if points is None:
            points = qualifying_points(rnd.tournament)
        winner, loser = _by_qualifying(match, points)
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


def _by_qualifying(match: BracketMatch, points: dict[int, int]) -> list[Team]:
    """A tied match's two teams, the better qualifying total first, then the better seed."""
    teams = [team for team in (match.team_a, match.team_b) if team is not None]
    seed_of = match.bracket.seed_of
    return sorted(teams, key=lambda team: (-points.get(team.pk, 0), seed_of(team.pk) or 10**6))

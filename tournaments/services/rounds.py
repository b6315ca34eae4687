"""Parties: drawing the tables, drawing again, swapping two teams, closing.

The pairing itself is `tournaments.domain.pairing`'s (pure, no database): this module
reads the history and the standings, asks for a draw, and seats the result
as tables and seats (and, in a mêlée, the partie's teams). A draw can change
until the partie's first score; a partie closes once every table is complete.

This module must not write or recompute scores (that is `scores`).
"""

from __future__ import annotations

import secrets
from collections import Counter

from django.db import transaction
from django.db.models import Max
from django.utils import timezone
from django.utils.translation import gettext as _

from tournaments import hooks
from tournaments.display.errors import pairing_error
from tournaments.domain import pairing, pools, rating
from tournaments.domain import reasons as draw_reasons
from tournaments.models import Change, Deal, Player, Round, Seat, Side, Table, Team, Tournament
from tournaments.queries.persons import player_cotes
from tournaments.queries.pools import has_pools
from tournaments.queries.standings import tournament_standings
from tournaments.services import autosave, persons
from tournaments.services.audit import Actor, log_change, tables_snapshot
from tournaments.services.avoid import draw_avoid
from tournaments.services.errors import TournamentError
from tournaments.services.phases import steps_for
from tournaments.services.pools import pool_seats
from tournaments.services.seating import create_tables


def _history(tournament: Tournament) -> tuple[set[frozenset[int]], Counter[int]]:
    """Pairings already played and byes already had, by team id."""
    played: set[frozenset[int]] = set()
    byes: Counter[int] = Counter()
    for a, b in Table.objects.filter(round__tournament=tournament).values_list(
        "team_a_id", "team_b_id"
    ):
        if b is None:
            byes[a] += 1
        else:
            played.add(frozenset((a, b)))
    return played, byes


def _previous_tables(tournament: Tournament, before: int) -> list[tuple[int, int]]:
    last = tournament.rounds.filter(number__lt=before).order_by("-number").first()
    if last is None:
        return []
    return list(
        last.tables.filter(team_b__isnull=False)
        .order_by("number")
        .values_list("team_a_id", "team_b_id")
    )


@transaction.atomic(durable=True)
def draw_round(
    *,
    tournament: Tournament,
    method: str = Round.DrawMethod.RANDOM,
    seed: int | None = None,
    by: Actor | None = None,
) -> Round:
    """The next partie drawn from the teams present, after closed parties only."""
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    if tournament.rounds.exclude(status=Round.Status.CLOSED).exists():
        raise TournamentError(
            _("Fermez la partie en cours avant de tirer la suivante."), field="method"
        )
    if tournament.brackets.exists():
        raise TournamentError(
            _("La phase finale est créée : tirez ses tours depuis « Phase finale »."),
            field="method",
        )
    number = (tournament.rounds.aggregate(n=Max("number"))["n"] or 0) + 1
    if number > tournament.parties:
        raise TournamentError(
            _("Les %(n)s parties prévues ont toutes été tirées.") % {"n": tournament.parties}
        )
    # Kept from the players until announced (services/release.py), or shown now.
    released_at = None if tournament.release_draws else timezone.now()
    rnd = Round.objects.create(
        tournament=tournament, number=number, draw_method=method, released_at=released_at
    )
    _seat_round(rnd, method=method, seed=seed)
    log_change(
        tournament,
        Change.Action.DRAW,
        by=by,
        after={
            "round": number,
            "method": rnd.draw_method,
            "seed": rnd.draw_seed,
            "tables": tables_snapshot(rnd),
        },
    )
    if tournament.status == Tournament.Status.REGISTRATION:
        tournament.status = Tournament.Status.RUNNING
        tournament.save(update_fields=["status"])
    if rnd.released_at is not None:
        hooks.announce(hooks.DRAW_ANNOUNCED, round=rnd, by=by)
    return rnd


def draw_pool_round(*, tournament: Tournament, by: Actor | None = None) -> Round:
    """Draw the next pools partie: its tables are the pools' schedule."""
    number = tournament.rounds.count() + 1
    if not has_pools(tournament):
        raise TournamentError(_("Formez d'abord les poules."))
    if number > pools.POOL_ROUNDS:
        raise TournamentError(
            _("Les %(n)s parties de poules sont déjà tirées.") % {"n": pools.POOL_ROUNDS}
        )
    return draw_round(tournament=tournament, method=Round.DrawMethod.POOLS, by=by)


@transaction.atomic(durable=True)
def redraw_round(
    *, round: Round, method: str | None = None, seed: int | None = None, by: Actor | None = None
) -> Round:
    """Draw the same partie again, allowed until its first score is in.
    With the tournament's draws hidden until announced, the new draw is
    hidden again (the old one may have been read)."""
    rnd = Round.objects.select_for_update().get(pk=round.pk)
    _ensure_no_score(rnd)
    before = {"seed": rnd.draw_seed, "tables": tables_snapshot(rnd)}
    rnd.tables.all().delete()
    rnd.melee_teams.all().delete()
    rnd.draw_method = method or rnd.draw_method
    if rnd.tournament.release_draws:
        rnd.released_at = None  # a new draw is announced again
    rnd.save(update_fields=["draw_method", "released_at"])
    _seat_round(rnd, method=rnd.draw_method, seed=seed)
    log_change(
        rnd.tournament_id,
        Change.Action.REDRAW,
        by=by,
        before=before,
        after={"round": rnd.number, "seed": rnd.draw_seed, "tables": tables_snapshot(rnd)},
    )
    return rnd


def _ensure_no_score(rnd: Round) -> None:
    if rnd.stage == Round.Stage.BRACKET:
        raise TournamentError(
            _("Les tables de la phase finale sont fixées par les tableaux : pas de nouveau tirage.")
        )
    if rnd.status != Round.Status.DRAFT or Deal.objects.filter(table__round=rnd).exists():
        raise TournamentError(
            _("Des scores sont déjà saisis dans cette partie : le tirage ne peut plus changer.")
        )


def _seat_round(rnd: Round, *, method: str, seed: int | None) -> None:
    try:
        _seat_round_with(rnd, method=method, seed=seed)
    except pairing.DrawError as exc:
        raise TournamentError(pairing_error(exc), field="method") from exc


def _seat_round_with(rnd: Round, *, method: str, seed: int | None) -> None:
    tournament = rnd.tournament
    steps = steps_for(rnd, method)
    if steps.seat is not None:
        # A phase that seats its own parties (the pools' schedule for
        # parties 1 to 3 of a tournament in pools).
        pairs, idle = steps.seat(rnd)
        rnd.draw_method, rnd.draw_seed = Round.DrawMethod.POOLS, None
        rnd.save(update_fields=["draw_method", "draw_seed"])
        table_reasons, bye_reasons = draw_reasons.explain_pools(
            pool_seats(tournament), rnd.number, pairs, idle
        )
        create_tables(rnd, pairs, None, byes=idle, reasons=table_reasons, bye_reasons=bye_reasons)
        return
    if seed is None:
        seed = secrets.randbelow(2**31)
    by_cote = method == Round.DrawMethod.RATING
    cote_pairs = by_cote and tournament.format == Tournament.Format.PAIRS
    if cote_pairs and rnd.number != 1:
        raise TournamentError(
            _("La cote ne place que la partie 1 : ensuite, tirez selon le classement."),
            field="method",
        )
    if by_cote:
        persons.link_players(tournament)  # their cotes, by their persons
        if not player_cotes(tournament.players.values_list("pk", flat=True)):
            # Else every team a newcomer: seated 1 against 2, 3 against 4…
            # by their registration (the hall laptop holds no cote).
            raise TournamentError(
                _(
                    "Aucun joueur de ce concours n'a de cote (elle vient des concours "
                    "publics du site en ligne, pour les joueurs qui l'ont accepté) : "
                    "choisissez un autre tirage."
                ),
                field="method",
            )
    played, byes = _history(tournament)
    if tournament.format == Tournament.Format.MELEE:
        if method == Round.DrawMethod.ROTATION:
            raise TournamentError(
                _("En mêlée les équipes changent à chaque partie : choisissez un autre tirage."),
                field="method",
            )
        team_ids = _form_melee_teams(rnd, seed=seed)
        order = _melee_team_order(tournament, team_ids)
        byes = _melee_byes(tournament, team_ids)
    else:
        team_ids = list(
            tournament.teams.drawn(check_in=tournament.check_in_enabled)
            .order_by("number")
            .values_list("id", flat=True)
        )
        order = [s.row.entrant for s in tournament_standings(tournament) if s.entrant is not None]
        order = [t for t in order if t in set(team_ids)]
    if len(team_ids) < 2:
        raise TournamentError(
            _("Il faut au moins deux équipes présentes pour tirer une partie.")
            if not tournament.check_in_enabled
            else _("Il faut au moins deux équipes pointées à l'entrée pour tirer une partie."),
            field="method",
        )
    avoid = draw_avoid(tournament, team_ids) if method != Round.DrawMethod.ROTATION else set()
    rnd.draw_avoid = sorted(sorted(pair) for pair in avoid)
    rnd.draw_avoid_absolute = absolute = tournament.avoid_absolute
    if method == Round.DrawMethod.ROTATION:
        previous = _previous_tables(tournament, rnd.number)
        result = pairing.draw_rotation(previous, team_ids, byes=byes, order=order)
        why = draw_reasons.explain_rotation(result, previous, byes=byes)
    elif method == Round.DrawMethod.RANKING or cote_pairs:
        ranked = _cote_order(team_ids) if by_cote else order
        result = pairing.draw_by_ranking(
            ranked, played=played, byes=byes, avoid=avoid, avoid_absolute=absolute
        )
        why = draw_reasons.explain_ranking(result, ranked, played=played, byes=byes, avoid=avoid)
    else:
        result = pairing.draw_random(
            team_ids, seed=seed, played=played, byes=byes, avoid=avoid, avoid_absolute=absolute
        )
        why = draw_reasons.explain_random(
            result, team_ids, seed=seed, played=played, byes=byes, avoid=avoid
        )
    # A mêlée's seed also forms its teams, whatever the draw of the tables:
    # it is kept so the partie can be replayed.
    melee = tournament.format == Tournament.Format.MELEE
    rnd.draw_seed = seed if method == Round.DrawMethod.RANDOM or melee else None
    rnd.save(update_fields=["draw_seed", "draw_avoid", "draw_avoid_absolute"])
    create_tables(rnd, result.tables, result.bye, reasons=why.tables, bye_reasons=[why.bye])


def _form_melee_teams(rnd: Round, *, seed: int) -> list[int]:
    tournament = rnd.tournament
    players = list(
        tournament.players.filter(status=Player.Status.ACTIVE, present=True)
        .order_by("pk")
        .values_list("id", flat=True)
    )
    earlier = Team.objects.filter(tournament=tournament, round__isnull=False)
    earlier_pairs = list(earlier.values_list("player1_id", "player2_id"))
    partnered = {frozenset(pair) for pair in earlier_pairs}
    # A player who was in no team of an earlier partie sat out (or was absent).
    seated = Counter(p for pair in earlier_pairs for p in pair)
    rounds = tournament.rounds.exclude(pk=rnd.pk).count()
    sit_outs = {p: rounds - seated[p] for p in players}
    pairs, sitting_out = pairing.form_pairs(
        players, seed=seed, partnered=partnered, sit_outs=sit_outs
    )
    if rnd.draw_method == Round.DrawMethod.RATING:
        # The same one sits out, the others paired by close strengths.
        others = [p for p in players if p != sitting_out]
        balanced, _left = rating.balanced_pairs(others, player_cotes(others), partnered=partnered)
        pairs = tuple(balanced)
    return [
        Team.objects.create(
            tournament=tournament, round=rnd, number=n, player1_id=p1, player2_id=p2
        ).pk
        for n, (p1, p2) in enumerate(pairs, start=1)
    ]


def _cote_order(team_ids: list[int]) -> list[int]:
    """The teams strongest first by their players' cotes (a player without
    a cote counts as a newcomer)."""
    teams = {
        t: (p1, p2)
        for t, p1, p2 in Team.objects.filter(pk__in=team_ids).values_list(
            "id", "player1_id", "player2_id"
        )
    }
    return rating.seed_order(teams, player_cotes([p for pair in teams.values() for p in pair]))


def _melee_byes(tournament: Tournament, team_ids: list[int]) -> Counter[int]:
    """In a mêlée a bye is had by players: a new team counts its players' byes,
    so that nobody gets a second bye while another player has had none."""
    player_byes: Counter[int] = Counter()
    for p1, p2 in Table.objects.filter(
        round__tournament=tournament, team_b__isnull=True
    ).values_list("team_a__player1_id", "team_a__player2_id"):
        player_byes.update((p1, p2))
    teams = Team.objects.filter(pk__in=team_ids).values_list("id", "player1_id", "player2_id")
    return Counter({t: player_byes[p1] + player_byes[p2] for t, p1, p2 in teams})


def _melee_team_order(tournament: Tournament, team_ids: list[int]) -> list[int]:
    """Mêlée teams ranked by the sum of their players' points so far."""
    points = {s.row.entrant: s.row.points_for for s in tournament_standings(tournament)}
    teams = Team.objects.filter(pk__in=team_ids).values_list("id", "player1_id", "player2_id")
    score = {t: points.get(p1, 0) + points.get(p2, 0) for t, p1, p2 in teams}
    return sorted(team_ids, key=lambda t: (-score[t], t))


@transaction.atomic(durable=True)
def swap_teams(*, round: Round, first: Team, second: Team, by: Actor | None = None) -> None:
    """Exchange two teams' seats by hand while the draw is a draft (not
    announced to the players, services/release.py). Both tables' reasons
    then say it was changed by hand (« modifié à la main »)."""
    rnd = Round.objects.select_for_update().select_related("tournament").get(pk=round.pk)
    _ensure_no_score(rnd)
    if rnd.announced:
        raise TournamentError(
            _(
                "Ce tirage est publié : les joueurs voient déjà leurs tables, on n'y échange "
                "plus d'équipes. Refaites le tirage, ou cochez « Tirage caché jusqu'à "
                "l'annonce » : chaque tirage reste alors un brouillon jusqu'à son annonce."
            ),
            field="first",
        )
    before = tables_snapshot(rnd)
    _mark_swapped(rnd, first, second)
    seats = {s.team_id: s for s in rnd.seats.select_related("table").all()}
    try:
        s1, s2 = seats[first.pk], seats[second.pk]
    except KeyError as exc:
        raise TournamentError(
            _("Ces deux équipes ne jouent pas toutes deux cette partie.")
        ) from exc
    if s1.table_id == s2.table_id:
        raise TournamentError(_("Ces deux équipes sont déjà à la même table."))
    # Free both seats first so no constraint sees a team twice mid-swap.
    Seat.objects.filter(pk__in=[s1.pk, s2.pk]).delete()
    for seat, team in ((s1, second), (s2, first)):
        Seat.objects.create(round=rnd, table=seat.table, team=team, side=seat.side)
        field = "team_a" if seat.side == Side.A else "team_b"
        table = Table.objects.get(pk=seat.table_id)
        setattr(table, field, team)
        table.version += 1
        table.save(update_fields=[field, "version"])
    log_change(
        rnd.tournament_id,
        Change.Action.SWAP,
        by=by,
        before={"tables": before},
        # The partie and the two teams: the concours file replays the draw
        # then this exchange (queries/concours_file.py).
        after={"round": rnd.number, "teams": [first.pk, second.pk], "tables": tables_snapshot(rnd)},
    )


def _mark_swapped(rnd: Round, first: Team, second: Team) -> None:
    """The reasons of the two tables concerned, before the exchange is made."""
    tables = list(rnd.tables.order_by("number"))
    changed = draw_reasons.swap_reasons(
        [(t.team_a_id, t.team_b_id) for t in tables],
        [None] * len(tables),
        first.pk,
        second.pk,
        {first.pk: first.number, second.pk: second.number},
    )
    for table, reason in zip(tables, changed, strict=True):
        if reason is not None:
            table.reason = reason.to_json()
            table.save(update_fields=["reason"])


def close_blockers(rnd: Round) -> list[str]:
    """Why the partie cannot be closed yet: the tables still playing, and the
    tables whose totals the other team disputed (the organizer settles them
    first, by correcting or validating). Empty when it can be closed; read
    only, so the confirmation page can say it before the organizer tries."""
    ties, tied = steps_for(rnd).blockers(rnd)
    tables = rnd.tables.order_by("number")
    unfinished = [
        t.number for t in tables if t.status != Table.Status.COMPLETE and t.number not in tied
    ]
    disputed = [t.number for t in tables if t.entry_state == Table.EntryState.DISPUTED]
    reasons = list(ties)
    if unfinished:
        reasons.append(
            _("Tables pas encore terminées : %(tables)s.")
            % {"tables": ", ".join(str(n) for n in unfinished)}
        )
    if disputed:
        reasons.append(
            _("Tables contestées, à trancher d'abord : %(tables)s.")
            % {"tables": ", ".join(str(n) for n in disputed)}
        )
    return reasons


def is_last_round(rnd: Round) -> bool:
    """Whether closing this partie ends the tournament: the last qualifying
    partie planned when there is no final phase, else the partie that ends
    the last bracket (its matches decided)."""
    return steps_for(rnd).ends_tournament(rnd)


@transaction.atomic(durable=True)
def close_round(*, round: Round, by: Actor | None = None) -> Round:
    """Close a partie once every table is complete and none is disputed."""
    rnd = Round.objects.select_for_update().get(pk=round.pk)
    if rnd.status == Round.Status.CLOSED:
        raise TournamentError(_("Cette partie est déjà close."))
    unsettled = close_blockers(rnd)
    if unsettled:
        raise TournamentError(" ".join(unsettled))
    steps_for(rnd).settle(rnd, by=by)
    rnd.status = Round.Status.CLOSED
    rnd.closed_at = timezone.now()
    # A partie played without its draw announced (forgotten): its results
    # are public now, so its draw is too.
    rnd.released_at = rnd.released_at or rnd.closed_at
    rnd.save(update_fields=["status", "closed_at", "released_at"])
    log_change(rnd.tournament_id, Change.Action.ROUND_CLOSED, by=by, after={"round": rnd.number})
    autosave.backup_after_commit(rnd.tournament_id)
    tournament = rnd.tournament
    if is_last_round(rnd):
        tournament.status = Tournament.Status.FINISHED
        tournament.save(update_fields=["status"])
        if tournament.published:
            hooks.announce(hooks.RESULTS_PUBLISHED, tournament=tournament, by=by)
        # A ranking final at once: a league's stage sends its qualified teams.
        hooks.announce(hooks.TOURNAMENT_FINAL, tournament=tournament, by=by)
    return rnd

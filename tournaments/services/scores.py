"""Use-cases of a tournament: register, draw, record, close.

Every function here is one thing an organizer (or a table) does. Each runs
in one transaction, takes keyword arguments, and raises `TournamentError`
with a French message the organizer can act on. Services never see a
request; views call them and turn errors into messages next to fields.
Scores come from `scoring` only: a table's marques and totals are always
recomputed from all its deals, never patched.
"""

from __future__ import annotations

import secrets
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date as Date
from typing import Any

from django.db import IntegrityError, transaction
from django.db.models import Max
from django.utils import timezone
from django.utils.text import slugify
from django.utils.translation import gettext as _

import scoring
from tournaments import csv_import
from tournaments import draw as drawing
from tournaments.models import (
    Adjustment,
    Change,
    Deal,
    Player,
    Round,
    Seat,
    Table,
    Team,
    Tournament,
)
from tournaments.standings import tournament_standings


class TournamentError(Exception):
    """A refusal the organizer can act on; `field` names the form field at
    fault when there is one."""

    def __init__(self, message: str, *, field: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.field = field


def _log(
    tournament: Tournament | int,
    action: str,
    *,
    by=None,
    table: Table | None = None,
    reason: str = "",
    before: Any = None,
    after: Any = None,
) -> None:
    """One line of the audit trail, in the caller's transaction."""
    Change.objects.create(
        tournament_id=tournament if isinstance(tournament, int) else tournament.pk,
        table=table,
        by=by if by is not None and by.is_authenticated else None,
        action=action,
        reason=reason.strip()[:200],
        before=before,
        after=after,
    )


def _team_snapshot(team: Team) -> dict[str, Any]:
    return {
        "number": team.number,
        "name": team.name,
        "club": team.club,
        "status": team.status,
        "players": [str(team.player1), str(team.player2)],
    }


def _deal_snapshot(deal: Deal) -> dict[str, Any]:
    data = {name: getattr(deal, name) for name in DEAL_FIELDS}
    data.update(number=deal.number, marque_a=deal.marque_a, marque_b=deal.marque_b)
    return data


def _tables_snapshot(rnd: Round) -> list[list[int | None]]:
    return [
        [n, a, b]
        for n, a, b in rnd.tables.order_by("number").values_list("number", "team_a_id", "team_b_id")
    ]


# --- Tournaments ---------------------------------------------------------


def rules_from_form(preset: str, overrides: Mapping[str, Any] | None = None) -> dict:
    """A rule profile as stored on a tournament, validated by the engine."""
    try:
        rules = scoring.Rules.from_preset(preset, **dict(overrides or {}))
    except scoring.ScoringError as exc:
        raise TournamentError(exc.message, field="rules") from exc
    return rules.to_json()


def _unique_slug(name: str, day: Date) -> str:
    base = slugify(f"{name}-{day.isoformat()}")[:120] or "tournoi"
    slug, n = base, 2
    while Tournament.objects.filter(slug=slug).exists():
        slug, n = f"{base}-{n}", n + 1
    return slug


@transaction.atomic
def create_tournament(
    *,
    owner,
    name: str,
    date: Date,
    preset: str = "ffb-belote",
    overrides: Mapping[str, Any] | None = None,
    **fields: Any,
) -> Tournament:
    tournament = Tournament(
        owner=owner,
        name=name,
        date=date,
        slug=_unique_slug(name, date),
        rules=rules_from_form(preset, overrides),
        **fields,
    )
    if tournament.end_mode == Tournament.EndMode.TARGET and not tournament.end_target:
        raise TournamentError(_("Indiquez le score à atteindre."), field="end_target")
    criteria = tournament.ranking_criteria or [Tournament.Criterion.POINTS]
    bad = [c for c in criteria if c not in Tournament.Criterion.values]
    if bad:
        raise TournamentError(_("Critère de classement inconnu."), field="ranking_criteria")
    tournament.ranking_criteria = list(criteria)
    tournament.save()
    return tournament


# --- Registration --------------------------------------------------------


@dataclass(frozen=True)
class PlayerData:
    first_name: str
    last_name: str
    licence: str = ""
    club: str = ""


def _next_team_number(tournament: Tournament) -> int:
    top = tournament.teams.filter(round__isnull=True).aggregate(n=Max("number"))["n"]
    return (top or 0) + 1


@transaction.atomic
def register_team(
    *,
    tournament: Tournament,
    player1: PlayerData,
    player2: PlayerData,
    club: str = "",
    name: str = "",
    number: int | None = None,
    by=None,
) -> Team:
    """Register a fixed pair. Allowed at any time: a team registered while a
    partie is played (late entry) is drawn from the next partie on."""
    if tournament.format == Tournament.Format.MELEE:
        raise TournamentError(_("En mêlée, inscrivez les joueurs un par un."))
    if tournament.status == Tournament.Status.FINISHED:
        raise TournamentError(_("Le tournoi est terminé : plus d'inscription possible."))
    twin = _same_players(tournament, player1, player2)
    if twin is not None:
        # Typically a double-clicked « Enregistrer »: never register twice.
        raise TournamentError(
            _("Cette équipe est déjà inscrite (n° %(number)s).") % {"number": twin.number},
            field="last_name1",
        )
    p1 = Player.objects.create(tournament=tournament, **player1.__dict__)
    p2 = Player.objects.create(tournament=tournament, **player2.__dict__)
    try:
        with transaction.atomic():
            team = Team.objects.create(
                tournament=tournament,
                number=number or _next_team_number(tournament),
                name=name,
                club=club,
                player1=p1,
                player2=p2,
            )
    except IntegrityError as exc:
        raise TournamentError(
            _("Le numéro d'équipe %(number)s est déjà pris.") % {"number": number},
            field="number",
        ) from exc
    _log(tournament, Change.Action.TEAM_ADDED, by=by, after=_team_snapshot(team))
    return team


def _same_players(tournament: Tournament, p1: PlayerData, p2: PlayerData) -> Team | None:
    def key(first: str, last: str) -> tuple[str, str]:
        return first.strip().casefold(), last.strip().casefold()

    wanted = {key(p1.first_name, p1.last_name), key(p2.first_name, p2.last_name)}
    # Compared in Python: SQLite folds the case of ASCII letters only (É ≠ é).
    teams = tournament.teams.filter(round__isnull=True).select_related("player1", "player2")
    for team in teams:
        names = {
            key(team.player1.first_name, team.player1.last_name),
            key(team.player2.first_name, team.player2.last_name),
        }
        if names == wanted:
            return team
    return None


@transaction.atomic
def add_co_organizer(*, tournament: Tournament, username: str, by) -> None:
    """Only the owner shares a tournament with another organizer account."""
    from django.contrib.auth import get_user_model

    if tournament.owner_id != getattr(by, "pk", None) and not getattr(by, "is_superuser", False):
        raise TournamentError(
            _("Seul l'organisateur principal peut ajouter un co-organisateur."), field="username"
        )
    user = get_user_model().objects.filter(username=username.strip()).first()
    if user is None:
        raise TournamentError(
            _("Aucun compte « %(name)s » : créez-le d'abord (administration).")
            % {"name": username.strip()},
            field="username",
        )
    tournament.co_organizers.add(user)


@transaction.atomic
def update_team(
    *,
    team: Team,
    player1: PlayerData,
    player2: PlayerData,
    club: str = "",
    name: str = "",
    by=None,
) -> Team:
    before = _team_snapshot(team)
    for player, data in ((team.player1, player1), (team.player2, player2)):
        for key, value in data.__dict__.items():
            setattr(player, key, value)
        player.save()
    team.club, team.name = club, name
    team.save(update_fields=["club", "name"])
    _log(
        team.tournament_id,
        Change.Action.TEAM_CHANGED,
        by=by,
        before=before,
        after=_team_snapshot(team),
    )
    return team


@transaction.atomic
def import_teams(*, tournament: Tournament, data: bytes, by=None) -> list[Team]:
    """Register every team of a CSV file, or none: a file with a faulty line
    is refused whole, with each fault and its line number."""
    parsed = csv_import.parse_teams(data)
    if not parsed.ok:
        raise ImportRefused(parsed.errors)
    taken = set(tournament.teams.filter(round__isnull=True).values_list("number", flat=True))
    clashes = [(r.line, r.number) for r in parsed.rows if r.number in taken]
    if clashes:
        raise ImportRefused(
            [
                (line, _("Le numéro d'équipe %(n)s est déjà pris.") % {"n": number})
                for line, number in clashes
            ]
        )
    return [
        register_team(
            tournament=tournament,
            player1=PlayerData(r.first_name1, r.last_name1, r.licence1, r.club),
            player2=PlayerData(r.first_name2, r.last_name2, r.licence2, r.club),
            club=r.club,
            name=r.name,
            number=r.number,
            by=by,
        )
        for r in parsed.rows
    ]


class ImportRefused(TournamentError):
    """A registration file with faults; `errors` lists (line, message)."""

    def __init__(self, errors: list[tuple[int, str]]) -> None:
        super().__init__(
            _("Fichier refusé : %(n)s erreur(s), rien n'a été importé.") % {"n": len(errors)},
            field="file",
        )
        self.errors = errors


@transaction.atomic
def register_player(*, tournament: Tournament, player: PlayerData) -> Player:
    if tournament.format != Tournament.Format.MELEE:
        raise TournamentError(_("En doublettes, inscrivez des équipes de deux joueurs."))
    return Player.objects.create(tournament=tournament, **player.__dict__)


@transaction.atomic
def set_player_presence(*, player: Player, present: bool) -> Player:
    if player.status == Player.Status.WITHDRAWN and present:
        raise TournamentError(_("Ce joueur a déclaré forfait."))
    player.present = present
    player.save(update_fields=["present"])
    return player


@transaction.atomic
def withdraw_player(*, player: Player) -> Player:
    """A withdrawn player is not drawn again; the results played stay."""
    player.status = Player.Status.WITHDRAWN
    player.present = False
    player.save(update_fields=["status", "present"])
    return player


@transaction.atomic
def set_presence(*, team: Team, present: bool) -> Team:
    if team.status == Team.Status.WITHDRAWN and present:
        raise TournamentError(_("Cette équipe a déclaré forfait."))
    team.present = present
    team.save(update_fields=["present"])
    return team


@transaction.atomic
def withdraw_team(*, team: Team, by=None) -> Team:
    """A withdrawn team is not drawn again; its played results stay."""
    team.status = Team.Status.WITHDRAWN
    team.present = False
    team.save(update_fields=["status", "present"])
    _log(team.tournament_id, Change.Action.TEAM_WITHDRAWN, by=by, after=_team_snapshot(team))
    return team


# --- Draws ---------------------------------------------------------------


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


@transaction.atomic
def draw_round(
    *,
    tournament: Tournament,
    method: str = Round.DrawMethod.RANDOM,
    seed: int | None = None,
    by=None,
) -> Round:
    """Draw the next partie from the teams present. Only closed parties may
    precede it, and the tournament's number of parties is a ceiling."""
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    if tournament.rounds.exclude(status=Round.Status.CLOSED).exists():
        raise TournamentError(
            _("Fermez la partie en cours avant de tirer la suivante."), field="method"
        )
    number = (tournament.rounds.aggregate(n=Max("number"))["n"] or 0) + 1
    if number > tournament.parties:
        raise TournamentError(
            _("Les %(n)s parties prévues ont toutes été tirées.") % {"n": tournament.parties}
        )
    rnd = Round.objects.create(tournament=tournament, number=number, draw_method=method)
    _seat_round(rnd, method=method, seed=seed)
    _log(
        tournament,
        Change.Action.DRAW,
        by=by,
        after={
            "round": number,
            "method": method,
            "seed": rnd.draw_seed,
            "tables": _tables_snapshot(rnd),
        },
    )
    if tournament.status == Tournament.Status.REGISTRATION:
        tournament.status = Tournament.Status.RUNNING
        tournament.save(update_fields=["status"])
    return rnd


@transaction.atomic
def redraw_round(
    *, round: Round, method: str | None = None, seed: int | None = None, by=None
) -> Round:
    """Draw the same partie again, allowed until its first score is in."""
    rnd = Round.objects.select_for_update().get(pk=round.pk)
    _ensure_no_score(rnd)
    before = {"seed": rnd.draw_seed, "tables": _tables_snapshot(rnd)}
    rnd.tables.all().delete()
    rnd.melee_teams.all().delete()
    rnd.draw_method = method or rnd.draw_method
    rnd.save(update_fields=["draw_method"])
    _seat_round(rnd, method=rnd.draw_method, seed=seed)
    _log(
        rnd.tournament_id,
        Change.Action.REDRAW,
        by=by,
        before=before,
        after={"seed": rnd.draw_seed, "tables": _tables_snapshot(rnd)},
    )
    return rnd


def _ensure_no_score(rnd: Round) -> None:
    if rnd.status != Round.Status.DRAFT or Deal.objects.filter(table__round=rnd).exists():
        raise TournamentError(
            _("Des scores sont déjà saisis dans cette partie : le tirage ne peut plus changer.")
        )


def _seat_round(rnd: Round, *, method: str, seed: int | None) -> None:
    tournament = rnd.tournament
    if seed is None:
        seed = secrets.randbelow(2**31)
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
        team_ids = list(tournament.teams.present().order_by("number").values_list("id", flat=True))
        order = [s.entrant.pk for s in tournament_standings(tournament) if s.entrant is not None]
        order = [t for t in order if t in set(team_ids)]
    if len(team_ids) < 2:
        raise TournamentError(
            _("Il faut au moins deux équipes présentes pour tirer une partie."), field="method"
        )
    if method == Round.DrawMethod.RANKING:
        result = drawing.draw_by_ranking(order, played=played, byes=byes)
    elif method == Round.DrawMethod.ROTATION:
        result = drawing.draw_rotation(
            _previous_tables(tournament, rnd.number), team_ids, byes=byes, order=order
        )
    else:
        result = drawing.draw_random(team_ids, seed=seed, played=played, byes=byes)
    rnd.draw_seed = seed if method == Round.DrawMethod.RANDOM else None
    rnd.save(update_fields=["draw_seed"])
    _create_tables(rnd, result.tables, result.bye)


def _create_tables(rnd: Round, pairs, bye: int | None) -> None:
    number = 0
    for number, (a, b) in enumerate(pairs, start=1):
        table = Table.objects.create(round=rnd, number=number, team_a_id=a, team_b_id=b)
        Seat.objects.create(round=rnd, table=table, team_id=a, side=Seat.Side.A)
        Seat.objects.create(round=rnd, table=table, team_id=b, side=Seat.Side.B)
    if bye is not None:
        table = Table.objects.create(
            round=rnd, number=number + 1, team_a_id=bye, status=Table.Status.COMPLETE
        )
        Seat.objects.create(round=rnd, table=table, team_id=bye, side=Seat.Side.A)


def _form_melee_teams(rnd: Round, *, seed: int) -> list[int]:
    tournament = rnd.tournament
    players = list(
        tournament.players.filter(status=Player.Status.ACTIVE, present=True)
        .order_by("pk")
        .values_list("id", flat=True)
    )
    partnered = {
        frozenset(p)
        for p in Team.objects.filter(tournament=tournament, round__isnull=False).values_list(
            "player1_id", "player2_id"
        )
    }
    # A player who was in no team of an earlier partie sat out (or was absent).
    seated = Counter(
        p
        for pair in Team.objects.filter(tournament=tournament, round__isnull=False).values_list(
            "player1_id", "player2_id"
        )
        for p in pair
    )
    rounds = tournament.rounds.exclude(pk=rnd.pk).count()
    sit_outs = {p: rounds - seated[p] for p in players}
    pairs, _sitting_out = drawing.form_pairs(
        players, seed=seed, partnered=partnered, sit_outs=sit_outs
    )
    return [
        Team.objects.create(
            tournament=tournament, round=rnd, number=n, player1_id=p1, player2_id=p2
        ).pk
        for n, (p1, p2) in enumerate(pairs, start=1)
    ]


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


@transaction.atomic
def swap_teams(*, round: Round, first: Team, second: Team, by=None) -> None:
    """Exchange two teams' seats by hand, until the partie's first score."""
    rnd = Round.objects.select_for_update().get(pk=round.pk)
    _ensure_no_score(rnd)
    before = _tables_snapshot(rnd)
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
        field = "team_a" if seat.side == Seat.Side.A else "team_b"
        table = Table.objects.get(pk=seat.table_id)
        setattr(table, field, team)
        table.version += 1
        table.save(update_fields=[field, "version"])
    _log(
        rnd.tournament_id,
        Change.Action.SWAP,
        by=by,
        before={"tables": before},
        after={"tables": _tables_snapshot(rnd)},
    )


# --- Scores --------------------------------------------------------------


def _lock_table(table: Table, expected_version: int | None) -> Table:
    locked = Table.objects.select_for_update().select_related("round__tournament").get(pk=table.pk)
    if expected_version is not None and locked.version != expected_version:
        raise TournamentError(
            _(
                "Cette table a été modifiée par quelqu'un d'autre pendant votre saisie. "
                "Voici la version actuelle : vérifiez-la avant d'enregistrer à nouveau."
            ),
            field="version",
        )
    if locked.is_bye:
        raise TournamentError(_("L'équipe exempte ne joue pas : rien à saisir."))
    return locked


def _check_round_open(table: Table, reason: str) -> bool:
    """True when this change corrects a closed partie (a reason is then due)."""
    if table.round.status == Round.Status.CLOSED:
        if not reason.strip():
            raise TournamentError(
                _("Cette partie est close : indiquez le motif de la correction."), field="reason"
            )
        return True
    return False


def rescore_table(table: Table) -> scoring.PartieScore:
    """Recompute every deal's marques and the table's totals from the deals,
    through the engine; the only writer of marques and totals."""
    tournament = table.round.tournament
    deals = list(table.deals.order_by("number"))
    rules = tournament.rule_profile
    try:
        result = scoring.score_partie([d.to_engine() for d in deals], rules, tournament.partie_end)
    except scoring.ScoringError as exc:
        number = deals[exc.deal].number if exc.deal is not None else "?"
        raise TournamentError(
            _("Donne %(n)s : %(msg)s") % {"n": number, "msg": exc.message}, field=exc.code
        ) from exc
    for deal, scored in zip(deals, result.deals, strict=True):
        if (deal.marque_a, deal.marque_b, deal.outcome, deal.pot) != (
            scored.a,
            scored.b,
            scored.outcome,
            scored.pot,
        ):
            deal.marque_a, deal.marque_b = scored.a, scored.b
            deal.outcome, deal.pot = scored.outcome, scored.pot
            deal.save(update_fields=["marque_a", "marque_b", "outcome", "pot", "updated_at"])
    adjust_a, adjust_b = _adjustments(table)
    table.total_a = result.totals[0] + adjust_a
    table.total_b = result.totals[1] + adjust_b
    table.lost_pot = result.lost_pot
    if not deals:
        table.status = Table.Status.NOT_STARTED
    elif result.finished:
        table.status = Table.Status.COMPLETE
    else:
        table.status = Table.Status.IN_PROGRESS
    return result


def _adjustments(table: Table) -> tuple[int, int]:
    a = b = 0
    for team_id, points in table.adjustments.values_list("team_id", "points"):
        if team_id == table.team_a_id:
            a += points
        elif team_id == table.team_b_id:
            b += points
    return a, b


def _save_table(table: Table, *, corrected: bool) -> None:
    table.version += 1
    table.corrected = table.corrected or corrected
    if table.entry_state in (Table.EntryState.EMPTY, Table.EntryState.CONFIRMED):
        # New scores: a confirmation given earlier no longer covers them.
        table.entry_state = Table.EntryState.ENTERED
    table.save(
        update_fields=[
            "total_a",
            "total_b",
            "lost_pot",
            "status",
            "version",
            "corrected",
            "entry_state",
        ]
    )
    rnd = table.round
    if rnd.status == Round.Status.DRAFT:
        rnd.status = Round.Status.PLAYING
        rnd.save(update_fields=["status"])


DEAL_FIELDS = (
    "dealer",
    "taker",
    "trump",
    "bid",
    "bid_capot",
    "coinche",
    "points_a",
    "points_b",
    "capot",
    "belote_a",
    "belote_b",
    "announcements",
)


def deal_values(deal: Mapping[str, Any]) -> dict[str, Any]:
    """Deal field values (DEAL_FIELDS) from an engine-format deal (SPEC §8)."""
    points = deal.get("points") or {}
    belote = deal.get("belote") or {}
    bid = deal.get("bid")
    announcements = {
        key: deal[key] for key in ("announcements", "announcement_points") if key in deal
    }
    return {
        "taker": deal.get("taker") or "",
        "trump": deal.get("trump") or "",
        "bid": bid if isinstance(bid, int) else None,
        "bid_capot": bid == "capot",
        "coinche": deal.get("coinche") or 0,
        "points_a": points.get("A"),
        "points_b": points.get("B"),
        "capot": deal.get("capot") or "",
        "belote_a": belote.get("A", 0),
        "belote_b": belote.get("B", 0),
        "announcements": announcements,
    }


@transaction.atomic
def record_deal(
    *,
    table: Table,
    values: Mapping[str, Any],
    number: int | None = None,
    expected_version: int | None = None,
    reason: str = "",
    by=None,
) -> Deal:
    """Add the next deal of a table (number None) or replace deal `number`.

    `values` uses the Deal field names (DEAL_FIELDS). The whole table is
    rescored; an impossible deal raises with the engine's French message and
    the field at fault, and nothing is written."""
    table = _lock_table(table, expected_version)
    if table.round.tournament.score_entry == Tournament.ScoreEntry.TOTALS:
        raise TournamentError(_("Ce tournoi ne saisit que les totaux de fin de partie."))
    corrected = _check_round_open(table, reason)
    unknown = set(values) - set(DEAL_FIELDS)
    if unknown:
        raise TournamentError(_("Champ inconnu : %(f)s") % {"f": ", ".join(sorted(unknown))})
    if number is None:
        if table.status == Table.Status.COMPLETE:
            raise TournamentError(_("La partie de cette table est terminée."), field="taker")
        number = (table.deals.aggregate(n=Max("number"))["n"] or 0) + 1
        deal = Deal(table=table, number=number)
    else:
        deal = table.deals.filter(number=number).first()
        if deal is None:
            raise TournamentError(_("Cette donne n'existe pas."))
    before = _deal_snapshot(deal) if deal.pk else None
    _apply_values(deal, values)
    # Score this deal alone first, so the error names its own field.
    _score_alone(deal, table.round.tournament.rule_profile)
    deal.outcome = deal.outcome or Deal.Outcome.PASSED
    deal.save()
    rescore_table(table)
    _save_table(table, corrected=corrected)
    deal.refresh_from_db()
    _log(
        table.round.tournament_id,
        Change.Action.DEAL_CHANGED if before else Change.Action.DEAL_ADDED,
        by=by,
        table=table,
        reason=reason,
        before=before,
        after=_deal_snapshot(deal),
    )
    return deal


def preview_deal(*, tournament: Tournament, values: Mapping[str, Any]) -> scoring.DealScore:
    """The engine's marques for a deal being typed, before it is saved (no
    pot from earlier deals). Writes nothing."""
    deal = Deal()
    _apply_values(deal, values)
    return _score_alone(deal, tournament.rule_profile)


def _apply_values(deal: Deal, values: Mapping[str, Any]) -> None:
    for name in DEAL_FIELDS:
        if name in values:
            setattr(deal, name, values[name] if values[name] is not None else _blank(name))


def _score_alone(deal: Deal, rules: scoring.Rules) -> scoring.DealScore:
    try:
        return scoring.score_deal(deal.to_engine(), rules)
    except scoring.ScoringError as exc:
        raise TournamentError(exc.message, field=exc.code) from exc


def _blank(name: str) -> Any:
    field = Deal._meta.get_field(name)
    if field.null:
        return None
    return field.get_default()


@transaction.atomic
def delete_last_deal(
    *, table: Table, expected_version: int | None = None, reason: str = "", by=None
) -> None:
    table = _lock_table(table, expected_version)
    corrected = _check_round_open(table, reason)
    last = table.deals.order_by("-number").first()
    if last is None:
        raise TournamentError(_("Aucune donne à supprimer."))
    before = _deal_snapshot(last)
    last.delete()
    rescore_table(table)
    _save_table(table, corrected=corrected)
    _log(
        table.round.tournament_id,
        Change.Action.DEAL_DELETED,
        by=by,
        table=table,
        reason=reason,
        before=before,
    )


@transaction.atomic
def record_totals(
    *,
    table: Table,
    total_a: int,
    total_b: int,
    expected_version: int | None = None,
    reason: str = "",
    by=None,
) -> Table:
    """For tournaments that record only each partie's final totals."""
    table = _lock_table(table, expected_version)
    if table.round.tournament.score_entry != Tournament.ScoreEntry.TOTALS:
        raise TournamentError(_("Ce tournoi se saisit donne par donne."))
    corrected = _check_round_open(table, reason)
    for value, field in ((total_a, "total_a"), (total_b, "total_b")):
        if value < 0:
            raise TournamentError(_("Un total ne peut pas être négatif."), field=field)
    before = [table.total_a, table.total_b] if table.status == Table.Status.COMPLETE else None
    adjust_a, adjust_b = _adjustments(table)
    table.total_a, table.total_b = total_a + adjust_a, total_b + adjust_b
    table.status = Table.Status.COMPLETE
    _save_table(table, corrected=corrected)
    _log(
        table.round.tournament_id,
        Change.Action.TOTALS,
        by=by,
        table=table,
        reason=reason,
        before=before,
        after=[table.total_a, table.total_b],
    )
    return table


@transaction.atomic
def add_adjustment(*, table: Table, team: Team, points: int, reason: str, by=None) -> Adjustment:
    """A penalty (or bonus) at a table, e.g. 162 points to the opponents of a
    team that revoked."""
    table = _lock_table(table, None)
    if team.pk not in (table.team_a_id, table.team_b_id):
        raise TournamentError(_("Cette équipe ne joue pas à cette table."), field="team")
    if not reason.strip():
        raise TournamentError(_("Indiquez le motif de la pénalité."), field="reason")
    if points == 0:
        raise TournamentError(_("Une pénalité de 0 point ne change rien."), field="points")
    adjustment = Adjustment.objects.create(
        table=table,
        team=team,
        points=points,
        reason=reason.strip(),
        created_by=by if by is not None and by.is_authenticated else None,
    )
    corrected = table.round.status == Round.Status.CLOSED
    if table.round.tournament.score_entry == Tournament.ScoreEntry.DEALS:
        rescore_table(table)
    elif team.pk == table.team_a_id:
        table.total_a += points
    else:
        table.total_b += points
    _save_table(table, corrected=corrected)
    _log(
        table.round.tournament_id,
        Change.Action.PENALTY,
        by=by,
        table=table,
        reason=reason,
        after={"team": team.number, "points": points},
    )
    return adjustment


@transaction.atomic
def close_round(*, round: Round, by=None) -> Round:
    """Close a partie once every table is complete."""
    rnd = Round.objects.select_for_update().get(pk=round.pk)
    if rnd.status == Round.Status.CLOSED:
        raise TournamentError(_("Cette partie est déjà close."))
    incomplete = list(
        rnd.tables.exclude(status=Table.Status.COMPLETE).values_list("number", flat=True)
    )
    if incomplete:
        raise TournamentError(
            _("Tables pas encore terminées : %(tables)s.")
            % {"tables": ", ".join(str(n) for n in incomplete)}
        )
    rnd.status = Round.Status.CLOSED
    rnd.closed_at = timezone.now()
    rnd.save(update_fields=["status", "closed_at"])
    _log(rnd.tournament_id, Change.Action.ROUND_CLOSED, by=by, after={"round": rnd.number})
    tournament = rnd.tournament
    if rnd.number >= tournament.parties:
        tournament.status = Tournament.Status.FINISHED
        tournament.save(update_fields=["status"])
    return rnd


# --- Table-side entry ----------------------------------------------------
#
# One team enters its table's deals from the QR code of the score sheet;
# the other team confirms with its own code, or gives its own totals, which
# flags the table as disputed for the organizer. Any change of the deals
# after a confirmation asks for a new one.


def _check_link_open(table: Table) -> None:
    if table.is_bye:
        raise TournamentError(_("L'équipe exempte ne joue pas : rien à saisir."))
    if table.round.status == Round.Status.CLOSED:
        raise TournamentError(
            _("Cette partie est close : le lien de la table ne sert plus. Voyez l'organisateur.")
        )


def _side_for_code(table: Table, code: str) -> str:
    code = code.strip()
    if code and secrets.compare_digest(code, table.code_a):
        return "A"
    if code and secrets.compare_digest(code, table.code_b):
        return "B"
    raise TournamentError(
        _("Code inconnu : il est imprimé dans le cadre de signature de votre équipe."),
        field="code",
    )


def claim_entry(*, table: Table, code: str) -> str:
    """The side whose code this is (the team that will enter the deals)."""
    _check_link_open(table)
    side = _side_for_code(table, code)
    if table.entered_by and table.entered_by != side:
        raise TournamentError(
            _("L'autre équipe saisit déjà cette table : à vous de confirmer à la fin."),
            field="code",
        )
    return side


@transaction.atomic
def record_table_deal(
    *,
    table: Table,
    side: str,
    values: Mapping[str, Any],
    expected_version: int | None = None,
) -> Deal:
    """A deal entered from the table's link by the team on `side`."""
    locked = Table.objects.select_for_update().select_related("round").get(pk=table.pk)
    _check_link_open(locked)
    if locked.entered_by and locked.entered_by != side:
        raise TournamentError(_("L'autre équipe saisit cette table."))
    deal = record_deal(
        table=locked,
        values=values,
        expected_version=expected_version,
        reason=_("saisie à la table (%(side)s)") % {"side": _side_label(side)},
    )
    locked.refresh_from_db()
    locked.entered_by, locked.entry_state = side, Table.EntryState.ENTERED
    locked.claimed_totals = None
    locked.save(update_fields=["entered_by", "entry_state", "claimed_totals"])
    return deal


def _side_label(side: str) -> str:
    return str(
        Table._meta.get_field("team_a").verbose_name
        if side == "A"
        else Table._meta.get_field("team_b").verbose_name
    )


@transaction.atomic
def confirm_table(*, table: Table, code: str, totals: tuple[int, int] | None = None) -> Table:
    """The other team's answer: no totals (or the same) confirms; different
    totals mark the table as disputed, for the organizer to settle."""
    table = Table.objects.select_for_update().select_related("round__tournament").get(pk=table.pk)
    _check_link_open(table)
    side = _side_for_code(table, code)
    if not table.entered_by:
        raise TournamentError(_("Rien n'a encore été saisi à cette table."))
    if side == table.entered_by:
        raise TournamentError(
            _("La confirmation revient à l'autre équipe, avec son propre code."), field="code"
        )
    if table.status != Table.Status.COMPLETE:
        raise TournamentError(_("La partie de cette table n'est pas terminée."))
    if totals is None or tuple(totals) == (table.total_a, table.total_b):
        table.entry_state = Table.EntryState.CONFIRMED
        table.claimed_totals = None
    else:
        table.entry_state = Table.EntryState.DISPUTED
        table.claimed_totals = {"by": side, "totals": [int(totals[0]), int(totals[1])]}
    table.save(update_fields=["entry_state", "claimed_totals"])
    _log(
        table.round.tournament_id,
        Change.Action.TOTALS,
        table=table,
        reason=_("confirmation à la table")
        if table.entry_state == Table.EntryState.CONFIRMED
        else _("contestation à la table"),
        after={"state": table.entry_state, "claimed": table.claimed_totals},
    )
    return table


@transaction.atomic
def validate_table(*, table: Table, by=None) -> Table:
    """The organizer settles a table (entered or disputed) as it stands."""
    table = Table.objects.select_for_update().get(pk=table.pk)
    if not table.deals.exists() and table.status != Table.Status.COMPLETE:
        raise TournamentError(_("Rien n'a encore été saisi à cette table."))
    before = {"state": table.entry_state, "claimed": table.claimed_totals}
    table.entry_state = Table.EntryState.CONFIRMED
    table.save(update_fields=["entry_state"])
    _log(
        table.round.tournament_id,
        Change.Action.TOTALS,
        by=by,
        table=table,
        reason=_("validée par l'organisateur"),
        before=before,
        after={"state": table.entry_state},
    )
    return table


@transaction.atomic
def revoke_entry_link(*, table: Table, by=None) -> Table:
    """A new key: the printed QR code stops working (reprint the sheet)."""
    from tournaments.models import new_entry_key

    table = Table.objects.select_for_update().get(pk=table.pk)
    table.entry_key = new_entry_key()
    table.save(update_fields=["entry_key"])
    _log(
        table.round.tournament_id,
        Change.Action.TOTALS,
        by=by,
        table=table,
        reason=_("lien de saisie révoqué"),
    )
    return table

"""Who plays: fixed pairs, single players of a mêlée, presence,
withdrawal and its undoing, a team deleted before it played.

A team may be registered at any time (a late entry is drawn from the next
partie on) but never twice (`team_key_of` compares the players; a file of
teams is `imports`'). Withdrawing keeps every result already played, and can
be undone until the next draw.

This module must not seat anyone (that is `rounds`) nor touch scores.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.db import IntegrityError, transaction
from django.db.models import Max, RestrictedError
from django.utils import timezone
from django.utils.translation import gettext as _

from tournaments.models import Change, Player, Round, Team, Tournament
from tournaments.services import extras, persons, team_file
from tournaments.services.audit import Actor, log_change, player_snapshot, team_snapshot
from tournaments.services.directory import remember_players
from tournaments.services.errors import TournamentError
from tournaments.services.prizes import set_entrant_categories


@dataclass(frozen=True)
class PlayerData:
    first_name: str
    last_name: str
    licence: str = ""
    club: str = ""
    #: The box « accepte d'être affiché » (a page across concours): off
    #: unless the player said yes.
    shown: bool = False

    @classmethod
    def of(cls, row: Any, n: int) -> PlayerData:
        """Player `n` (1 or 2) of a row that names both players and the club
        (a pre-registration, a team file's line)."""
        first, last, licence = (
            getattr(row, f"{f}{n}") for f in ("first_name", "last_name", "licence")
        )
        return cls(first, last, licence, row.club, shown=getattr(row, f"shown{n}"))


def lock_registrations(tournament: Tournament) -> Tournament:
    """The tournament's row, locked until the end of the transaction: two
    desks registering at once take turns, so the second one sees the first
    one's team (its number, its players). SQLite already writes one
    transaction at a time (IMMEDIATE); PostgreSQL needs the lock."""
    return Tournament.objects.select_for_update().get(pk=tournament.pk)


def _next_team_number(tournament: Tournament) -> int:
    top = tournament.teams.filter(round__isnull=True).aggregate(n=Max("number"))["n"]
    return (top or 0) + 1


def pairs_refusal(tournament: Tournament) -> str:
    """Why no team can be registered in this tournament now ("" if it can)."""
    if tournament.format == Tournament.Format.MELEE:
        return _("En mêlée, inscrivez les joueurs un par un.")
    if tournament.status == Tournament.Status.FINISHED:
        return _("Le tournoi est terminé : plus d'inscription possible.")
    return ""


@transaction.atomic(durable=True)
def register_team(
    *,
    tournament: Tournament,
    player1: PlayerData,
    player2: PlayerData,
    club: str = "",
    name: str = "",
    number: int | None = None,
    categories: list[int] | None = None,
    extra_values: dict[str, Any] | None = None,
    by: Actor | None = None,
) -> Team:
    """Register a fixed pair. Allowed at any time: a team registered while a
    partie is played (late entry) is drawn from the next partie on. Two
    desks registering at once take turns (`lock_registrations`): numbers
    never clash and the same pair is refused the second time.
    `categories`: the special rankings it belongs to (ids); `extra_values`:
    what was typed in the installed features' fields (services/extras.py)."""
    tournament = lock_registrations(tournament)
    team = add_pair(
        tournament, player1=player1, player2=player2, club=club, name=name, number=number
    )
    after = team_snapshot(team)
    if categories:
        after["categories"] = set_entrant_categories(team, categories)
    extras.given(tournament=tournament, team=team, values=extra_values, source="desk")
    log_change(tournament, Change.Action.TEAM_ADDED, by=by, after=after)
    return team


def add_pair(
    tournament: Tournament,
    *,
    player1: PlayerData,
    player2: PlayerData,
    club: str = "",
    name: str = "",
    number: int | None = None,
) -> Team:
    """A new team of the two players, or a refusal (the tournament does not
    take teams, or these two are already registered together). A step of a
    use-case that holds `lock_registrations` and writes the audit line."""
    refusal = pairs_refusal(tournament)
    if refusal:
        raise TournamentError(refusal)
    twin = _same_players(tournament, player1, player2)
    if twin is not None:
        # Typically a double-clicked « Enregistrer »: never register twice.
        raise TournamentError(
            _("Cette équipe est déjà inscrite (n° %(number)s).") % {"number": twin.number},
            field="last_name1",
        )
    return create_team(
        tournament,
        player1=player1,
        player2=player2,
        club=club,
        name=name,
        number=number or _next_team_number(tournament),
    )


def create_team(
    tournament: Tournament,
    *,
    player1: PlayerData,
    player2: PlayerData,
    club: str,
    name: str,
    number: int,
) -> Team:
    """The team and its two players, or a refusal if its number is taken;
    both players are remembered in the organizer's directory. A step of a
    use-case: the caller checks, and writes the audit line."""
    p1 = Player.objects.create(tournament=tournament, **player1.__dict__)
    p2 = Player.objects.create(tournament=tournament, **player2.__dict__)
    try:
        with transaction.atomic():
            team = Team.objects.create(
                tournament=tournament,
                number=number,
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
    remember_players(tournament, [player1, player2])
    return team


def team_key_of(team: Team) -> frozenset[str]:
    p1, p2 = team.player1, team.player2
    return team_file.team_key(p1.first_name, p1.last_name, p2.first_name, p2.last_name)


def registered_teams(tournament: Tournament) -> list[Team]:
    teams = tournament.teams.filter(round__isnull=True).select_related("player1", "player2")
    return list(teams.order_by("number"))


def _same_players(tournament: Tournament, p1: PlayerData, p2: PlayerData) -> Team | None:
    """The registered team of these two players, compared as `team_file.
    player_key` does: case, accents and spaces do not count."""
    wanted = team_file.team_key(p1.first_name, p1.last_name, p2.first_name, p2.last_name)
    # Compared in Python: SQLite folds the case of ASCII letters only (É ≠ é);
    # on the four names alone, no Team nor Player made for each registered team.
    fields = [f"player{n}__{part}_name" for n in (1, 2) for part in ("first", "last")]
    rows = tournament.teams.filter(round__isnull=True).order_by("number").values_list("pk", *fields)
    pk = next((pk for pk, *four in rows if team_file.team_key(*four) == wanted), None)
    return None if pk is None else Team.objects.get(pk=pk)


@transaction.atomic(durable=True)
def update_team(
    *,
    team: Team,
    player1: PlayerData,
    player2: PlayerData,
    club: str = "",
    name: str = "",
    categories: list[int] | None = None,
    by: Actor | None = None,
) -> Team:
    """Change a team's players, club or name, and, when `categories` is
    given, the special rankings it belongs to."""
    before = team_snapshot(team)
    after: dict[str, Any] = {}
    if categories is not None:
        before["categories"] = sorted(c.name for c in team.categories.all())
        after["categories"] = set_entrant_categories(team, categories)
    for number, (player, data) in enumerate(((team.player1, player1), (team.player2, player2)), 1):
        for key, value in data.__dict__.items():
            if key != "shown":
                setattr(player, key, value)
        player.save()
        if player.shown != data.shown:  # the box ticked or unticked
            try:
                persons.set_player_shown(player=player, shown=data.shown, by=by)
            except TournamentError as error:  # a person who withdrew: by their box
                raise TournamentError(error.message, field=f"shown{number}") from error
    team.club, team.name = club, name
    team.save(update_fields=["club", "name"])
    remember_players(team.tournament, [player1, player2])
    log_change(
        team.tournament_id,
        Change.Action.TEAM_CHANGED,
        by=by,
        before=before,
        after={**team_snapshot(team), **after},
    )
    return team


def team_deletable(team: Team) -> bool:
    """Whether a team can still be deleted: a registered pair never seated."""
    return team.round_id is None and not team.seats.exists()


@transaction.atomic(durable=True)
def delete_team(*, team: Team, by: Actor | None = None) -> None:
    """Delete a team registered by mistake, with its two players: only
    while it has never been seated at a table (after that, it withdraws)."""
    if team.round_id is not None:
        raise TournamentError(_("Les équipes d'une mêlée sont formées par le tirage."))
    if not team_deletable(team):
        raise TournamentError(
            _(
                "Cette équipe a déjà été placée à une table : elle ne peut plus être "
                "supprimée. Déclarez plutôt son forfait."
            )
        )
    before = team_snapshot(team)
    players = [team.player1, team.player2]
    try:
        team.delete()
    except RestrictedError as refused:  # a row of a feature holds it (a payment)
        holder = next(iter(refused.restricted_objects))
        raise TournamentError(str(getattr(holder, "KEEPS_ITS_ENTRANT", refused))) from refused
    for player in players:
        player.delete()
    log_change(team.tournament_id, Change.Action.TEAM_DELETED, by=by, before=before)


@transaction.atomic(durable=True)
def register_player(
    *,
    tournament: Tournament,
    player: PlayerData,
    categories: list[int] | None = None,
    by: Actor | None = None,
) -> Player:
    if tournament.format != Tournament.Format.MELEE:
        raise TournamentError(_("En doublettes, inscrivez des équipes de deux joueurs."))
    created = Player.objects.create(tournament=tournament, **player.__dict__)
    remember_players(tournament, [player])
    after = player_snapshot(created)
    if categories:
        after["categories"] = set_entrant_categories(created, categories)
    log_change(tournament, Change.Action.PLAYER_ADDED, by=by, after=after)
    return created


@transaction.atomic(durable=True)
def set_player_presence(*, player: Player, present: bool, by: Actor | None = None) -> Player:
    if player.status == Player.Status.WITHDRAWN and present:
        raise TournamentError(_("Ce joueur a déclaré forfait."))
    before = player_snapshot(player)
    player.present = present
    player.save(update_fields=["present"])
    log_change(
        player.tournament_id,
        Change.Action.PRESENCE,
        by=by,
        before=before,
        after=player_snapshot(player),
    )
    return player


def _drawn_since(tournament_id: int, moment: datetime | None) -> bool:
    """Whether a partie has been drawn (or drawn again) after `moment`; a
    withdrawal of unknown date counts as before every draw."""
    draws = Change.objects.filter(
        tournament_id=tournament_id, action__in=[Change.Action.DRAW, Change.Action.REDRAW]
    )
    if moment is None:
        return Round.objects.filter(tournament_id=tournament_id).exists()
    return draws.filter(at__gt=moment).exists()


def _undo_refusal(entrant: Team | Player) -> str:
    if entrant.status != entrant.Status.WITHDRAWN:
        return _("Pas de forfait à annuler.")
    if _drawn_since(entrant.tournament_id, entrant.withdrawn_at):
        return _("Une partie a été tirée depuis ce forfait : il ne peut plus être annulé.")
    return ""


@transaction.atomic(durable=True)
def withdraw_player(*, player: Player, by: Actor | None = None) -> Player:
    """A withdrawn player is not drawn again; the results played stay."""
    return _withdraw(
        player,
        Change.Action.PLAYER_WITHDRAWN,
        player_snapshot,
        _("Ce joueur a déjà déclaré forfait."),
        by=by,
    )


def _withdraw[E: (Team, Player)](
    entrant: E,
    action: str,
    snapshot: Callable[[E], dict[str, Any]],
    already: str,
    *,
    by: Actor | None,
) -> E:
    """The forfait of a team or a player: not drawn again, absent, the time
    kept (it can be undone until the next draw)."""
    entrant.refresh_from_db(fields=["status", "present", "withdrawn_at"])
    if entrant.status == type(entrant).Status.WITHDRAWN:
        raise TournamentError(already)
    entrant.status = type(entrant).Status.WITHDRAWN
    entrant.present = False
    entrant.withdrawn_at = timezone.now()
    entrant.save(update_fields=["status", "present", "withdrawn_at"])
    log_change(entrant.tournament_id, action, by=by, after=snapshot(entrant))
    return entrant


@transaction.atomic(durable=True)
def reinstate_player(*, player: Player, by: Actor | None = None) -> Player:
    """Undo a player's forfait (back, and present), until the next draw."""
    return _reinstate(player, Change.Action.PLAYER_REINSTATED, player_snapshot, by=by)


def _reinstate[E: (Team, Player)](
    entrant: E, action: str, snapshot: Callable[[E], dict[str, Any]], *, by: Actor | None
) -> E:
    """Undo the forfait of a team or a player: active and present again."""
    entrant.refresh_from_db(fields=["status", "present", "withdrawn_at"])
    refusal = _undo_refusal(entrant)
    if refusal:
        raise TournamentError(refusal)
    before = snapshot(entrant)
    entrant.status = type(entrant).Status.ACTIVE
    entrant.present = True
    entrant.withdrawn_at = None
    entrant.save(update_fields=["status", "present", "withdrawn_at"])
    log_change(entrant.tournament_id, action, by=by, before=before, after=snapshot(entrant))
    return entrant


def can_undo_withdrawal(entrant: Team | Player) -> bool:
    """Whether the forfait of this team or player can still be undone."""
    return not _undo_refusal(entrant)


@transaction.atomic(durable=True)
def set_presence(*, team: Team, present: bool, by: Actor | None = None) -> Team:
    if team.status == Team.Status.WITHDRAWN and present:
        raise TournamentError(_("Cette équipe a déclaré forfait."))
    before = team_snapshot(team)
    team.present = present
    team.save(update_fields=["present"])
    log_change(
        team.tournament_id, Change.Action.PRESENCE, by=by, before=before, after=team_snapshot(team)
    )
    return team


@transaction.atomic(durable=True)
def withdraw_team(*, team: Team, by: Actor | None = None) -> Team:
    """A withdrawn team is not drawn again; its played results stay."""
    return _withdraw(
        team,
        Change.Action.TEAM_WITHDRAWN,
        team_snapshot,
        _("Cette équipe a déjà déclaré forfait."),
        by=by,
    )


@transaction.atomic(durable=True)
def reinstate_team(*, team: Team, by: Actor | None = None) -> Team:
    """Undo a team's forfait (back, and present), until the next draw."""
    return _reinstate(team, Change.Action.TEAM_REINSTATED, team_snapshot, by=by)

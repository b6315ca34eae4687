"""Who plays: fixed pairs, single players of a mêlée, a CSV file of teams,
presence and withdrawal.

A team may be registered at any time (a late entry is drawn from the next
partie on) but never twice; a file of teams is registered whole or not at
all. Withdrawing keeps every result already played.

This module must not seat anyone (that is `rounds`) nor touch scores.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db import IntegrityError, transaction
from django.db.models import Max
from django.utils.translation import gettext as _

from tournaments import csv_import
from tournaments.models import Change, Player, Team, Tournament
from tournaments.services.audit import log_change, player_snapshot, team_snapshot
from tournaments.services.errors import ImportRefused, TournamentError


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
    log_change(tournament, Change.Action.TEAM_ADDED, by=by, after=team_snapshot(team))
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
def update_team(
    *,
    team: Team,
    player1: PlayerData,
    player2: PlayerData,
    club: str = "",
    name: str = "",
    by=None,
) -> Team:
    before = team_snapshot(team)
    for player, data in ((team.player1, player1), (team.player2, player2)):
        for key, value in data.__dict__.items():
            setattr(player, key, value)
        player.save()
    team.club, team.name = club, name
    team.save(update_fields=["club", "name"])
    log_change(
        team.tournament_id,
        Change.Action.TEAM_CHANGED,
        by=by,
        before=before,
        after=team_snapshot(team),
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


@transaction.atomic
def register_player(*, tournament: Tournament, player: PlayerData, by=None) -> Player:
    if tournament.format != Tournament.Format.MELEE:
        raise TournamentError(_("En doublettes, inscrivez des équipes de deux joueurs."))
    created = Player.objects.create(tournament=tournament, **player.__dict__)
    log_change(tournament, Change.Action.PLAYER_ADDED, by=by, after=player_snapshot(created))
    return created


@transaction.atomic
def set_player_presence(*, player: Player, present: bool, by=None) -> Player:
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


@transaction.atomic
def withdraw_player(*, player: Player, by=None) -> Player:
    """A withdrawn player is not drawn again; the results played stay."""
    player.status = Player.Status.WITHDRAWN
    player.present = False
    player.save(update_fields=["status", "present"])
    log_change(
        player.tournament_id,
        Change.Action.PLAYER_WITHDRAWN,
        by=by,
        after=player_snapshot(player),
    )
    return player


@transaction.atomic
def set_presence(*, team: Team, present: bool, by=None) -> Team:
    if team.status == Team.Status.WITHDRAWN and present:
        raise TournamentError(_("Cette équipe a déclaré forfait."))
    before = team_snapshot(team)
    team.present = present
    team.save(update_fields=["present"])
    log_change(
        team.tournament_id, Change.Action.PRESENCE, by=by, before=before, after=team_snapshot(team)
    )
    return team


@transaction.atomic
def withdraw_team(*, team: Team, by=None) -> Team:
    """A withdrawn team is not drawn again; its played results stay."""
    team.status = Team.Status.WITHDRAWN
    team.present = False
    team.save(update_fields=["status", "present"])
    log_change(team.tournament_id, Change.Action.TEAM_WITHDRAWN, by=by, after=team_snapshot(team))
    return team

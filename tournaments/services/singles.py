"""Players who come alone (« seul(e) »): they wait in the tournament's
queue until the organizer pairs them, two chosen by hand or all of them at
random (`tournaments.domain.partners`), each pair becoming a team of the
tournament. Usually done before partie 1; a late single may still be
paired later (the team is then drawn from the next partie on).

Every step holds the registrations' lock (`registration.lock_registrations`),
as registering a team does: two desks never pair the same player twice, nor
give two teams the same number. This module must not seat anyone.
"""

from __future__ import annotations

import secrets

from django.db import transaction
from django.utils.translation import gettext as _

from tournaments.domain import partners
from tournaments.models import Change, Team, Tournament, WaitingPlayer
from tournaments.services import team_file
from tournaments.services.audit import Actor, log_change, team_snapshot
from tournaments.services.directory import PersonLike, remember_players
from tournaments.services.errors import TournamentError
from tournaments.services.registration import (
    PlayerData,
    add_pair,
    lock_registrations,
    pairs_refusal,
    registered_teams,
)


def waiting_players(tournament: Tournament) -> list[WaitingPlayer]:
    return list(tournament.waiting_players.order_by("created_at", "pk"))


def _key(person: PersonLike) -> str:
    return team_file.player_key(person.first_name, person.last_name)


def _already_here(tournament: Tournament, player: PlayerData) -> str:
    """Why this person cannot wait for a partner ("" if they can): they are
    waiting already, or play in a registered team."""
    wanted = _key(player)
    if any(_key(w) == wanted for w in tournament.waiting_players.all()):
        return _("%(name)s attend déjà un partenaire.") % {"name": _name(player)}
    for team in registered_teams(tournament):
        if wanted in (_key(team.player1), _key(team.player2)):
            return _("%(name)s joue déjà dans l'équipe n° %(number)s.") % {
                "name": _name(player),
                "number": team.number,
            }
    return ""


def _name(person: PersonLike) -> str:
    return f"{person.first_name} {person.last_name}".strip()


@transaction.atomic(durable=True)
def add_waiting_player(
    *, tournament: Tournament, player: PlayerData, by: Actor | None = None
) -> WaitingPlayer:
    """A player who came alone joins the queue (and the directory)."""
    tournament = lock_registrations(tournament)
    refusal = pairs_refusal(tournament) or _already_here(tournament, player)
    if refusal:
        raise TournamentError(refusal, field="last_name")
    waiting = WaitingPlayer.objects.create(tournament=tournament, **player.__dict__)
    remember_players(tournament, [player])
    log_change(tournament, Change.Action.SINGLE_WAITING, by=by, after={"name": _name(waiting)})
    return waiting


@transaction.atomic(durable=True)
def remove_waiting_player(*, waiting: WaitingPlayer, by: Actor | None = None) -> None:
    """A waiting player leaves the queue (gone home, or found a partner)."""
    tournament = lock_registrations(waiting.tournament)
    deleted, _rows = WaitingPlayer.objects.filter(pk=waiting.pk).delete()
    if not deleted:
        raise TournamentError(_("Ce joueur n'est plus en attente."))
    log_change(tournament, Change.Action.SINGLE_REMOVED, by=by, before={"name": _name(waiting)})


def _as_player(waiting: WaitingPlayer) -> PlayerData:
    return PlayerData(
        waiting.first_name, waiting.last_name, waiting.licence, waiting.club, waiting.shown
    )


def _team_of(tournament: Tournament, first: WaitingPlayer, second: WaitingPlayer) -> Team:
    """The pair as a new team (its club when both come from the same one),
    out of the queue. A step: the caller holds the lock and logs."""
    club = first.club if first.club and first.club == second.club else ""
    team = add_pair(tournament, player1=_as_player(first), player2=_as_player(second), club=club)
    WaitingPlayer.objects.filter(pk__in=[first.pk, second.pk]).delete()
    return team


def _still_waiting(tournament: Tournament, ids: list[int]) -> dict[int, WaitingPlayer]:
    found = {w.pk: w for w in tournament.waiting_players.filter(pk__in=ids)}
    if len(found) != len(set(ids)):
        raise TournamentError(
            _("Un de ces joueurs n'est plus en attente (déjà associé par un autre poste ?).")
        )
    return found


@transaction.atomic(durable=True)
def pair_waiting_players(
    *, tournament: Tournament, first_id: int, second_id: int, by: Actor | None = None
) -> Team:
    """The two players the organizer chose become a team."""
    tournament = lock_registrations(tournament)
    if first_id == second_id:
        raise TournamentError(_("Choisissez deux joueurs différents."), field="players")
    found = _still_waiting(tournament, [first_id, second_id])
    team = _team_of(tournament, found[first_id], found[second_id])
    log_change(
        tournament,
        Change.Action.SINGLES_PAIRED,
        by=by,
        after={"teams": [team_snapshot(team)], "seed": None},
    )
    return team


@transaction.atomic(durable=True)
def pair_waiting_players_at_random(
    *, tournament: Tournament, seed: int | None = None, by: Actor | None = None
) -> list[Team]:
    """Every waiting player in a team drawn at random; with an odd number,
    one stays waiting. The seed is kept in the audit trail: the same queue
    and seed give the same pairs."""
    tournament = lock_registrations(tournament)
    waiting = {w.pk: w for w in waiting_players(tournament)}
    if len(waiting) < 2:
        raise TournamentError(_("Il faut au moins deux joueurs en attente pour former une équipe."))
    seed = secrets.randbelow(2**31) if seed is None else seed
    pairs, _left = partners.random_pairs(waiting, seed=seed)
    teams = [_team_of(tournament, waiting[a], waiting[b]) for a, b in pairs]
    log_change(
        tournament,
        Change.Action.SINGLES_PAIRED,
        by=by,
        after={"teams": [team_snapshot(t) for t in teams], "seed": seed},
    )
    return teams

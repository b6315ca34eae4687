"""Check-in at the door (« Pointage à l'entrée »): a team says « we are here »
from the poster's link, on the tablet at the entrance or on a player's own
phone, or the desk ticks it; under the tournament's option only the teams
checked in are drawn (`TeamQuerySet.drawn`).

The poster's link carries the tournament's `check_in_key`: 96 random bits,
made when the poster is first printed, that nobody can guess. A wrong key
answers « not found », and the wrong keys one client may try are counted
(tournaments/infra/throttle.py): past `MAX_WRONG_KEYS` in `KEYS_WINDOW`, that
client is refused even a right key until the window has passed, as the
table's codes are (services/table_side.py).

Checking in is idempotent: a team already checked in stays as it was (the
time of its first check-in, no second line in the history), so a double tap
or a post sent again does no harm. The desk can undo it.

The poster is public (a photograph of it is the link): its pages check in
only within the door's hours, on the concours' day (`check_in_at_door`),
and show a team only to someone who typed part of its names
(`find_at_door`, the rules of domain.py), a few dozen searches a minute
from one connection; the welcome after a
check-in names the team from a signed token, never from its number. The
desk checks in and undoes at any time.

Must not: receive a request (the views pass the client's address), or
decide who is drawn beyond the `checked_in_at` it writes.
"""

from __future__ import annotations

import re
import secrets
from dataclasses import dataclass, field
from datetime import datetime

from django.core import signing
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from tournaments.features.door import domain as rules
from tournaments.features.door.display import Action
from tournaments.infra import throttle
from tournaments.models import Team, Tournament
from tournaments.queries.public import search_teams
from tournaments.services.audit import Actor, log_change, team_snapshot
from tournaments.services.errors import TournamentError

#: Wrong poster keys one client may try in `KEYS_WINDOW` seconds.
MAX_WRONG_KEYS = 20
KEYS_WINDOW = 15 * 60
#: What a key can be: anything else never reaches the database.
KEY = re.compile(r"[A-Za-z0-9_-]{8,24}")


#: Searches one connection may make at one door in `SEARCH_WINDOW` seconds
#: (issue 51: 150 in 1.4 s named every team of the day): a tablet at the
#: entrance, where teams type a few letters each, makes far fewer.
MAX_SEARCHES = 30
SEARCH_WINDOW = 60

#: How long the welcome after a check-in names the team (a reload, a back).
WELCOME_SECONDS = 15 * 60
WELCOME_SALT = "tournaments.door-welcome"


class DoorLocked(TournamentError):
    """Too many wrong poster keys from one client: wait, then try again."""


class DoorClosed(TournamentError):
    """A check-in from the poster outside the door's hours."""


def door_hours(tournament: Tournament) -> rules.DoorHours:
    """The door's hours on the concours' day (domain.py)."""
    return rules.door_hours(
        tournament.date,
        opens=tournament.check_in_opens,
        closes=tournament.check_in_closes,
        start=tournament.start_time,
    )


def local_now() -> datetime:
    """Now on the concours' wall clock (the server's time zone), naive."""
    return timezone.localtime().replace(tzinfo=None)


@dataclass(frozen=True)
class DoorSearch:
    """What the door shows for the letters typed: the teams (none unless
    the search may show them), and why none are shown."""

    teams: list[Team] = field(default_factory=list)
    too_short: bool = False
    too_many: bool = False


def find_at_door(tournament: Tournament, query: str, *, client: str) -> DoorSearch:
    """The teams whose names hold the letters typed, at most
    `rules.MAX_SHOWN` of them; none for fewer than `rules.MIN_LETTERS`
    letters, or when more teams match (more letters are asked for).
    Raises `DoorLocked` past `MAX_SEARCHES` of `client`'s in a window.
    Outside a transaction (throttle.record commits its row)."""
    if not rules.search_allowed(query):
        return DoorSearch(too_short=bool(query.strip()))
    searches = f"door-search:{tournament.pk}:{client}"
    if throttle.record(searches, window=SEARCH_WINDOW) > MAX_SEARCHES:
        raise DoorLocked(
            _("Trop de recherches depuis cette connexion : réessayez dans une minute.")
        )
    teams = list(search_teams(door_teams(tournament), query)[: rules.MAX_SHOWN + 1])
    if len(teams) > rules.MAX_SHOWN:
        return DoorSearch(too_many=True)
    return DoorSearch(teams=teams)


def team_at_door(tournament: Tournament, number: int, query: str, *, client: str) -> Team | None:
    """Team `number`, for someone who found it by the letters `query`."""
    found = find_at_door(tournament, query, client=client).teams
    return next((t for t in found if t.number == number), None)


def welcome_token(team: Team) -> str:
    return signing.dumps(team.pk, salt=WELCOME_SALT)


def welcomed_team(tournament: Tournament, token: str) -> Team | None:
    """The team just checked in whose welcome `token` names, if still fresh."""
    try:
        pk = signing.loads(token[:200], salt=WELCOME_SALT, max_age=WELCOME_SECONDS)
    except signing.BadSignature:
        return None
    if not isinstance(pk, int):
        return None
    return door_teams(tournament).filter(pk=pk).exclude(checked_in_at=None).first()


def door_key(tournament: Tournament) -> str:
    """The tournament's poster key, made on first use. Two desks printing the
    poster at once get the same key: only the first write sets it."""
    if not tournament.check_in_key:
        Tournament.objects.filter(pk=tournament.pk, check_in_key="").update(
            check_in_key=secrets.token_urlsafe(12)
        )
        tournament.refresh_from_db(fields=["check_in_key"])
    return tournament.check_in_key


def _keys_key(client: str) -> str:
    return f"door-keys:{client}"


def tournament_for_door(token: str, *, client: str) -> Tournament | None:
    """The tournament whose poster carries `token`, with its option on; None
    for a wrong key, which counts against `client`. Raises `DoorLocked` once
    `client` has tried too many wrong keys. Outside a transaction
    (throttle.record commits its row)."""
    if throttle.count(_keys_key(client), window=KEYS_WINDOW) >= MAX_WRONG_KEYS:
        raise DoorLocked(
            _("Trop de liens faux depuis cette connexion : réessayez dans %(minutes)s minutes.")
            % {"minutes": KEYS_WINDOW // 60}
        )
    found = None
    if KEY.fullmatch(token):
        found = Tournament.objects.filter(check_in_key=token).first()
        found = found if found is not None and found.check_in_enabled else None
    if found is None:
        throttle.record(_keys_key(client), window=KEYS_WINDOW)
    return found


def door_teams(tournament: Tournament):
    """The teams the door lists: registered (not a mêlée's teams of a
    partie), not withdrawn, with their players."""
    return (
        tournament.teams.active()
        .filter(round__isnull=True)
        .select_related("player1", "player2")
        .order_by("number")
    )


@transaction.atomic(durable=True)
def check_in_at_door(*, team: Team, now: datetime) -> tuple[Team, bool]:
    """A team checks itself in from the poster: as `check_in`, within the
    door's hours only (`now` on the concours' wall clock)."""
    team = _locked_team(team)
    if door_hours(team.tournament).state(now) != rules.OPEN:
        raise DoorClosed(_("Le pointage à l'entrée n'est pas ouvert : voyez l'accueil."))
    return check_in(team=team)


def _locked_team(team: Team) -> Team:
    return Team.objects.select_for_update().select_related("tournament").get(pk=team.pk)


@transaction.atomic
def check_in(*, team: Team, by: Actor | None = None) -> tuple[Team, bool]:
    """Checks `team` in (and present) now; returns the team and whether this
    call checked it in (False: it already was, nothing changed)."""
    team = _locked_team(team)
    if not team.tournament.check_in_enabled:
        raise TournamentError(_("Le pointage à l'entrée n'est pas ouvert pour ce concours."))
    if team.round_id is not None:
        raise TournamentError(_("En mêlée, les joueurs se pointent à l'accueil."))
    if team.status == Team.Status.WITHDRAWN:
        raise TournamentError(_("Cette équipe a déclaré forfait : voyez l'accueil."))
    if team.checked_in_at is not None:
        return team, False
    before = team_snapshot(team)
    team.checked_in_at = timezone.now()
    team.present = True
    team.save(update_fields=["checked_in_at", "present"])
    after = {**team_snapshot(team), "checked_in_at": team.checked_in_at.isoformat()}
    log_change(team.tournament, Action.TEAM_CHECKED_IN, by=by, before=before, after=after)
    return team, True


@transaction.atomic(durable=True)
def undo_check_in(*, team: Team, by: Actor | None = None) -> Team:
    """The desk takes a check-in back (the wrong line was tapped): the team
    is no longer drawn until it checks in again. Undoing what is not checked
    in changes nothing."""
    team = _locked_team(team)
    if team.checked_in_at is None:
        return team
    before = {**team_snapshot(team), "checked_in_at": team.checked_in_at.isoformat()}
    team.checked_in_at = None
    team.save(update_fields=["checked_in_at"])
    log_change(
        team.tournament,
        Action.CHECK_IN_UNDONE,
        by=by,
        before=before,
        after=team_snapshot(team),
    )
    return team

"""The calendar's use-cases: a concours announced, its poster corrected,
and the pre-registered teams taken into the desk's registration on the
day (a team's own pre-registration, confirmation and cancellation are
services/preregistration.py).

On the hall laptop (offline), the teams of the hosted instance's list
come from its file (`preinscrite`): `arrived_from_the_list` registers them
as the take-in does — not yet present, known as pre-registered.

Each use-case is one transaction holding the tournament's row
(`lock_registrations`): a corrected maximum and a registration at once
take turns, so the waiting list moves up exactly once.

Must not send mails (the views do, with what is returned) nor seat or
score anyone.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass, field
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from tournaments.features.calendar import display as calendar_display
from tournaments.features.calendar import domain as rules
from tournaments.features.calendar.display import Action
from tournaments.features.calendar.models import Announcement, PreRegistration
from tournaments.features.calendar.services import line
from tournaments.features.calendar.services.preregistration import expire_holds, pair_fields
from tournaments.models import Team, Tournament
from tournaments.services.audit import Actor, home_changed, log_change
from tournaments.services.errors import TournamentError
from tournaments.services.registration import (
    PlayerData,
    create_team,
    lock_registrations,
    registered_teams,
    team_key_of,
)
from tournaments.services.tournaments import create_tournament

ANNOUNCEMENT_FIELDS = (
    "start_time",
    "hall",
    "address",
    "town",
    "lots",
    "contact",
    "max_teams",
    "offer_hours",
)


def _checked_postcode(postcode: str) -> str:
    """The hall's postcode, cleaned, or the refusal next to its field."""
    try:
        return rules.clean_postcode(postcode)
    except rules.PostcodeError as error:
        raise TournamentError(
            calendar_display.postcode_error(error.code), field="postcode"
        ) from None


@transaction.atomic(durable=True)
def announce_concours(
    *,
    owner,
    name: str,
    date: datetime.date,
    postcode: str,
    preset: str = "ffb-belote",
    entry_fee_cents: int = 0,
    format: str = Tournament.Format.PAIRS,
    slug: str = "",
    **announced: Any,
) -> Tournament:
    """A new concours, published with its announcement: on the public
    home's calendar from now on, and the same tournament on the day."""
    if date < timezone.localdate():
        raise TournamentError(_("Ce jour est passé : choisissez une date à venir."), field="date")
    postcode = _checked_postcode(postcode)
    tournament = create_tournament(
        owner=owner,
        name=name,
        date=date,
        preset=preset,
        format=format,
        venue=announced.get("hall", ""),
        entry_fee_cents=entry_fee_cents,
        published=True,
        slug=slug,
    )
    announcement = Announcement.objects.create(
        tournament=tournament,
        postcode=postcode,
        departement=rules.departement_of(postcode),
        **{name: announced.get(name) for name in ANNOUNCEMENT_FIELDS if name in announced},
    )
    log_change(
        tournament,
        Action.ANNOUNCED,
        by=owner,
        after={"town": announcement.town, "departement": announcement.departement},
    )
    home_changed()  # « Prochains concours »
    return tournament


#: What a team pre-registered is told about when it changes.
TOLD_FIELDS = ("date", "start_time", "hall", "address", "town")


@dataclass(frozen=True)
class Edited:
    #: The fields changed, by name (the tournament's and the announcement's).
    changed: tuple[str, ...]
    #: The waiting teams that now have a place (a maximum raised).
    moved_up: list[PreRegistration] = field(default_factory=list)
    #: The teams still registered or waiting, to be told of a new date,
    #: time or place (none when neither changed).
    to_tell: list[PreRegistration] = field(default_factory=list)

    @property
    def came_in(self) -> list[PreRegistration]:
        """Those of `moved_up` that play now (no maximum, or past the start);
        the others were offered a place until a deadline."""
        return [r for r in self.moved_up if r.status == PreRegistration.Status.CONFIRMED]


@transaction.atomic(durable=True)
def edit_announcement(
    *,
    tournament: Tournament,
    by: Actor | None = None,
    name: str,
    date: datetime.date,
    postcode: str,
    entry_fee_cents: int = 0,
    **announced: Any,
) -> Edited:
    """The poster corrected: name, date, time, hall, address, fee, lots,
    contact, maximum. Refused once the concours has started (the desk's
    settings say the rest) or for a maximum under the teams already in; a
    maximum raised brings waiting teams in; a new date, time or place is
    to be told to every team registered or waiting."""
    tournament = lock_registrations(tournament)
    freed = expire_holds(tournament)
    announcement = Announcement.objects.get(tournament=tournament)
    if tournament.status != Tournament.Status.REGISTRATION:
        raise TournamentError(_("Le concours a commencé : son annonce ne se modifie plus ici."))
    if date != tournament.date and date < timezone.localdate():
        raise TournamentError(_("Ce jour est passé : choisissez une date à venir."), field="date")
    postcode = _checked_postcode(postcode)
    max_teams = announced.get("max_teams", announcement.max_teams)
    active = tournament.preregistrations.active()
    # Places held for an address to confirm count: they are taken until then.
    confirmed = active.taking().count()
    if max_teams is not None and max_teams < confirmed:
        raise TournamentError(
            _(
                "%(n)s équipes sont déjà inscrites : le maximum ne peut pas être plus petit "
                "(annulez d'abord des inscriptions si la salle est plus petite)."
            )
            % {"n": confirmed},
            field="max_teams",
        )
    before = _announced_values(tournament, announcement)
    tournament.name = name
    tournament.date = date
    tournament.entry_fee_cents = entry_fee_cents
    if "hall" in announced:
        tournament.venue = announced["hall"]
    tournament.save(update_fields=["name", "date", "entry_fee_cents", "venue"])
    announcement.postcode = postcode
    announcement.departement = rules.departement_of(postcode)
    for key in ANNOUNCEMENT_FIELDS:
        if key in announced:
            setattr(announcement, key, announced[key])
    announcement.save()
    after = _announced_values(tournament, announcement)
    changed = tuple(key for key in after if after[key] != before[key])
    if not changed:
        return Edited(changed=(), moved_up=freed)
    log_change(
        tournament,
        Action.ANNOUNCEMENT_EDITED,
        by=by,
        before={key: before[key] for key in changed},
        after={key: after[key] for key in changed},
    )
    home_changed()
    moved_up = freed + (line.settle_offers(tournament) if "max_teams" in changed else [])
    to_tell = []
    if any(key in TOLD_FIELDS for key in changed):
        # An address not confirmed gets no mail but its confirmation's.
        to_tell = list(
            active.address_confirmed().exclude(pk__in=[r.pk for r in moved_up]).order_by("pk")
        )
    return Edited(changed=changed, moved_up=moved_up, to_tell=to_tell)


def _announced_values(tournament: Tournament, announcement: Announcement) -> dict[str, Any]:
    """What the poster says, as JSON-ready values (for the history)."""
    values = {
        "name": tournament.name,
        "date": tournament.date.isoformat(),
        "entry_fee_cents": tournament.entry_fee_cents,
        "postcode": announcement.postcode,
    }
    for key in ANNOUNCEMENT_FIELDS:
        value = getattr(announcement, key)
        values[key] = value.strftime("%H:%M") if isinstance(value, datetime.time) else value
    return values


@transaction.atomic(durable=True)
def take_in_preregistrations(*, tournament: Tournament, by: Actor | None = None) -> list[Team]:
    """The day: every team pre-registered (its address confirmed, not
    waiting) becomes a team of the tournament, not yet checked in (the desk
    ticks it present). A pair already registered at the desk is linked, not
    registered twice; the same pair pre-registered from two mailboxes
    becomes one team, the later registration ending (cancelled); taking
    them in again adds only the newcomers."""
    tournament = lock_registrations(tournament)
    expire_holds(tournament)
    pending = list(
        tournament.preregistrations.active()
        .address_confirmed()
        .filter(status=PreRegistration.Status.CONFIRMED, team__isnull=True)
    )
    if not pending:
        raise TournamentError(_("Aucune équipe pré-inscrite à reprendre."))
    teams = registered_teams(tournament)
    by_key = {"/".join(sorted(team_key_of(t))): t for t in teams}
    linked = set(
        tournament.preregistrations.filter(team__isnull=False).values_list("team_id", flat=True)
    )
    number = max((t.number for t in teams), default=0)
    created: list[Team] = []
    twins = 0
    for registration in pending:
        team = by_key.get(registration.pair_key)
        if team is not None and team.pk in linked:
            registration.status = PreRegistration.Status.CANCELLED
            registration.cancelled_at = timezone.now()
            registration.save(update_fields=["status", "cancelled_at"])
            twins += 1
            continue
        if team is None:
            number += 1
            team = create_team(
                tournament,
                player1=PlayerData.of(registration, 1),
                player2=PlayerData.of(registration, 2),
                club=registration.club,
                name="",
                number=number,
            )
            team.present = False
            team.save(update_fields=["present"])
            created.append(team)
            by_key[registration.pair_key] = team
        registration.team = team
        registration.save(update_fields=["team"])
        linked.add(team.pk)
    log_change(
        tournament,
        Action.PREREGS_TAKEN,
        by=by,
        after={
            "teams": [t.number for t in created],
            "linked": len(pending) - len(created) - twins,
            "twins": twins,
        },
    )
    return created


def arrived_from_the_list(team: Team) -> PreRegistration:
    """A team just registered from the file of the hosted instance's
    pre-registrations (the hall laptop's import): not yet present, the
    desk or the door checks it in like the others, and pre-registered for
    the cash box (« paie sur place »). A step of the import's transaction;
    the same pair pre-registered here (the file imported on the hosted
    instance itself) is linked, not written twice."""
    team.present = False
    team.save(update_fields=["present"])
    pair_key = "/".join(sorted(team_key_of(team)))
    active = team.tournament.preregistrations.active()
    registration = active.filter(pair_key=pair_key, team__isnull=True).first()
    if registration is not None:
        registration.team = team
        registration.save(update_fields=["team"])
        return registration
    first, second = team.player1, team.player2
    return PreRegistration.objects.create(
        tournament=team.tournament,
        **pair_fields(first, second),
        club=team.club,
        pair_key=pair_key,
        team=team,
        confirmed_at=timezone.now(),  # the organizer's file: nobody to confirm
    )


def on_preregistered_imported(*, team: Team) -> None:
    """`PREREGISTERED_IMPORTED`: the hall laptop's team of the hosted list."""
    arrived_from_the_list(team)


def on_concours_replaced(*, earlier: Tournament) -> dict[str, Any] | None:
    """`CONCOURS_REPLACED`: the concours published in the place of `earlier`
    (deleted next) gets its announcement and pre-registrations, read now
    and kept in memory, their dates as they were (the teams they became
    were the copy's: gone with it)."""
    announcement = Announcement.objects.filter(tournament=earlier).first()
    registrations = tuple(earlier.preregistrations.all())
    if announcement is None and not registrations:
        return None

    def hand_over(tournament: Tournament) -> None:
        if announcement is not None:
            created = announcement.created_at
            announcement.tournament = tournament
            announcement.save(force_insert=True)
            Announcement.objects.filter(pk=announcement.pk).update(created_at=created)
        dates = [registration.created_at for registration in registrations]
        for registration in registrations:
            registration.tournament, registration.team = tournament, None
        PreRegistration.objects.bulk_create(registrations)
        for registration, created in zip(registrations, dates, strict=True):
            registration.created_at = created
        PreRegistration.objects.bulk_update(registrations, ["created_at"])

    return {"announced": announcement is not None, "hand_over": hand_over}

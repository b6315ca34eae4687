"""A waiting team answers the place offered to it (services/line.py): it
confirms from its mail's one-tap link, or the desk confirms for it after a
phone call (its place, not its address: only a link mailed to it confirms
that); it declines with its cancel link (services/preregistration's
`cancel_preregistration`, which offers the place on).

Each answer is one transaction holding the tournament's row: the offers
past their deadline end first, so that a confirmation a minute late finds
the place gone to the next team and is told so, and two answers for one
place take turns (the domain's `answer`).

Must not: send a mail.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db import transaction
from django.utils import timezone

from tournaments.features.calendar import display as words
from tournaments.features.calendar import domain as rules
from tournaments.features.calendar.display import Action
from tournaments.features.calendar.models import PreRegistration
from tournaments.features.calendar.services import line
from tournaments.features.calendar.services.preregistration import (
    expire_holds,
    registration_of,
    release_expired_holds,
)
from tournaments.models import Tournament
from tournaments.services.audit import Actor, log_change
from tournaments.services.registration import lock_registrations


@dataclass(frozen=True)
class Answered:
    registration: PreRegistration
    #: The domain's outcome: TAKEN, ALREADY, LATE or NOT_OFFERED.
    outcome: str


@transaction.atomic(durable=True)
def take_offer(*, registration: PreRegistration, by: Actor | None = None) -> Answered:
    """The place offered to `registration` taken, while its offer runs:
    from the mail's link (`by` None; the link proves the mailbox) or by
    the desk for the team (`by`, after a phone call)."""
    tournament = lock_registrations(registration.tournament)
    expire_holds(tournament)
    registration = PreRegistration.objects.get(pk=registration.pk)
    now = timezone.now()
    state = line.STATES.get(registration.status)
    outcome = rules.answer(state, registration.offered_until, now)
    if outcome == rules.TAKEN:
        registration.status = PreRegistration.Status.CONFIRMED
        if by is None:  # the mail's link: it proves the address
            registration.confirmed_at = registration.confirmed_at or now
        elif registration.confirmed_at is None:
            # The desk keeps the place of the team it phoned, until the
            # concours, but only the link mailed to the address confirms it
            # (issue 51): every organizer's messages would trust it.
            registration.held_until = words.starts_at(tournament.announcement)
        registration.save(update_fields=["status", "confirmed_at", "held_until"])
        log_change(
            tournament,
            Action.PREREG_MOVED_UP,
            by=by,
            after={"team": registration.players_label},
        )
    return Answered(registration, outcome)


def registration_for_offer_token(token: str) -> PreRegistration | None:
    """The registration an offer's link names, or None for a forged one."""
    return registration_of(token, line.OFFER_SALT, None)


def lapse_offers(*, tournament_id: int) -> list[PreRegistration]:
    """The offers past their deadline end and their places are offered on
    (the worker's task, at an offer's deadline), as a page that shows the
    line does (`release_expired_holds`): the waiting teams moved."""
    tournament = Tournament.objects.filter(pk=tournament_id).first()
    if tournament is None or not hasattr(tournament, "announcement"):
        return []
    return release_expired_holds(tournament=tournament)

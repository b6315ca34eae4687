"""The waiting list's offers, as a step of every use-case of the line.

A place freed (a cancellation, a hold or an offer ended, a maximum raised)
is offered to the first waiting team until a deadline (the domain's
`settle` and `offer_deadline`, the concours's `offer_hours`); the team
confirms from its mail's link or the desk confirms for it
(services/offers.py); past the deadline, the place goes to the next one.
`settle_offers` runs in the transaction that holds the tournament's row
(`lock_registrations`), so that a place is offered once and never twice.

Each offer is announced (the calendar's `place_offered`, signals.py, in the
transaction: the messages feature queues its mail; the calendar's own
receiver, services/tasks.py, has the worker look at its deadline again, as
the pages that show the line do, and mails it when no other feature answered).

Must not: send a mail (the messages feature, or the worker's task), take
a lock itself.
"""

from __future__ import annotations

import datetime

from django.core import signing
from django.urls import reverse
from django.utils import timezone

from tournaments.features.calendar import display as words
from tournaments.features.calendar import domain as rules
from tournaments.features.calendar.display import Action
from tournaments.features.calendar.models import PreRegistration
from tournaments.features.calendar.signals import place_offered
from tournaments.infra import address
from tournaments.models import Tournament
from tournaments.services.audit import log_change

OFFER_SALT = "tournaments.preregistration-offer"
CANCEL_SALT = "tournaments.preregistration-cancel"

#: A pre-registration's status as the domain's line sees it.
STATES = {
    PreRegistration.Status.CONFIRMED: rules.PLAYING,
    PreRegistration.Status.WAITING: rules.WAITING,
    PreRegistration.Status.OFFERED: rules.OFFERED,
}


def offer_token(registration: PreRegistration) -> str:
    """The signed token of an offer's confirm link (good for that only)."""
    return signing.dumps(registration.pk, salt=OFFER_SALT)


def cancel_token(registration: PreRegistration) -> str:
    """The signed token of a registration's cancel link (good for that only)."""
    return signing.dumps(registration.pk, salt=CANCEL_SALT)


def offer_links(registration: PreRegistration) -> tuple[str, str]:
    """The offer's confirm and decline (cancel) links, absolute."""
    return (
        address.absolute(
            reverse("tournaments:preregistration_offer", args=[offer_token(registration)])
        ),
        address.absolute(
            reverse("tournaments:preregistration_cancel", args=[cancel_token(registration)])
        ),
    )


def deadline_for(tournament: Tournament, now: datetime.datetime) -> datetime.datetime | None:
    announcement = tournament.announcement
    return rules.offer_deadline(now, words.starts_at(announcement), announcement.offer_hours)


def settle_offers(tournament: Tournament) -> list[PreRegistration]:
    """The offers past their deadline end (`lapsed`), the free places are
    offered on (or given at once: no maximum, or past the start); the
    waiting teams given a place then those offered one, returned. A step of
    a transaction that holds the tournament's row."""
    now = timezone.now()
    deadline = deadline_for(tournament, now)
    active = list(tournament.preregistrations.active())
    line = [rules.InLine(r.pk, STATES[r.status], r.offered_until) for r in active]
    settled = rules.settle(line, tournament.announcement.max_teams, now, deadline)
    by_key = {r.pk: r for r in active}
    for key in settled.lapsed:
        registration = by_key[key]
        registration.status = PreRegistration.Status.LAPSED
        registration.cancelled_at = now
        registration.save(update_fields=["status", "cancelled_at"])
        log_change(tournament, Action.PREREG_LAPSED, after={"team": registration.players_label})
    moved = [by_key[key] for key in settled.moved_up]
    for registration in moved:
        registration.status = PreRegistration.Status.CONFIRMED
        registration.save(update_fields=["status"])
        log_change(tournament, Action.PREREG_MOVED_UP, after={"team": registration.players_label})
    offered = [by_key[key] for key in settled.offered]
    for registration in offered:
        registration.status = PreRegistration.Status.OFFERED
        registration.offered_until = deadline
        registration.save(update_fields=["status", "offered_until"])
        log_change(
            tournament,
            Action.PREREG_OFFERED,
            after={
                "team": registration.players_label,
                "until": registration.offered_until.isoformat(),
            },
        )
        confirm_link, decline_link = offer_links(registration)
        answers = place_offered.send(
            PreRegistration,
            preregistration=registration,
            until=registration.offered_until,
            confirm_link=confirm_link,
            decline_link=decline_link,
        )
        # Read by the calendar's own receiver once the transaction commits.
        registration.mailed_by_a_feature = any(answer for _, answer in answers)
    return moved + offered


def offers_overdue(tournament: Tournament) -> bool:
    """Whether an offer of `tournament` is past its deadline (a page that
    shows the line settles it then)."""
    return tournament.preregistrations.filter(
        status=PreRegistration.Status.OFFERED, offered_until__lte=timezone.now()
    ).exists()

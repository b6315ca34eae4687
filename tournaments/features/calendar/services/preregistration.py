"""A team's pre-registration online: held until its address is confirmed,
confirmed from its mail's link, cancelled from another, a place freed
offered to the waiting list (services/line.py).

A pre-registration made online keeps a place in the line (playing, or on
the waiting list) for `HOLD` only, until its address is confirmed from the
link of its mail; unconfirmed, it expires (`expire_holds`, run by every
use-case here and by the pages that show the places) and its place goes
to the first waiting team, as a cancellation's does. A concours holds at
most `MAX_HELD` places unconfirmed at once, a mailbox `HELD_PER_MAILBOX`
of them in one concours: a stranger who types someone else's address, or
a thousand of his own, holds a few places for half an hour and no more.

The same pair from the same mailbox registers once (a double submission
gives back the first registration). From another mailbox it is a
registration of its own, answered as a new one would be: a stranger must
not learn, by a refusal, who plays (the organizer's list marks both).

Each use-case is one transaction holding the tournament's row
(`lock_registrations`): two teams for the last place, a cancellation and
an expiry at once take turns, and the waiting list moves up once. The
links are signed, each for its purpose only (its own salt), and name
nothing but the registration.

Must not send mails (the views do, with what is returned; they decide
which mailbox may get one) nor seat or score anyone.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from django.core import signing
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from tournaments.features.calendar import domain as rules
from tournaments.features.calendar.display import Action
from tournaments.features.calendar.models import PreRegistration
from tournaments.features.calendar.services import line
from tournaments.models import Tournament, email_key
from tournaments.services import extras, team_file
from tournaments.services.audit import Actor, log_change
from tournaments.services.errors import TournamentError
from tournaments.services.registration import PlayerData, lock_registrations

#: How long a place is held for an address not yet confirmed.
HOLD = datetime.timedelta(minutes=rules.HOLD_MINUTES)
#: Places held unconfirmed in one concours at once.
MAX_HELD = 20
#: Places held unconfirmed for one mailbox in one concours at once.
HELD_PER_MAILBOX = 3
CONFIRM_SALT = "tournaments.preregistration-confirm"
#: A confirm link proves its mailbox this long (its place is held `HOLD` only).
CONFIRM_LINK_AGE = datetime.timedelta(days=7)


class TooManyHeld(TournamentError):
    """The concours holds its share of places unconfirmed: a registration
    waits until some are confirmed or expire (a flood's answer: 429)."""

    def __init__(self) -> None:
        super().__init__(
            _(
                "Trop de pré-inscriptions de ce concours attendent la confirmation de leur "
                "adresse : réessayez dans une demi-heure."
            )
        )


def registration_refusal(tournament: Tournament) -> str:
    """Why this concours takes no pre-registration now ("" if it does)."""
    if not hasattr(tournament, "announcement") or not tournament.published:
        return _("Ce concours n'est pas annoncé : pas de pré-inscription en ligne.")
    if tournament.format == Tournament.Format.MELEE:
        return _("En mêlée, on s'inscrit seul, sur place : pas de pré-inscription d'équipe.")
    if (
        tournament.date < timezone.localdate()
        or tournament.status != Tournament.Status.REGISTRATION
    ):
        return _("Les pré-inscriptions de ce concours sont closes.")
    return ""


def pair_fields(first, second) -> dict:
    """A pre-registration's two players, as its columns: from what a team
    typed (`PlayerData`) or from a registered team's players alike."""
    fields = {}
    for number, player in ((1, first), (2, second)):
        fields[f"first_name{number}"] = player.first_name
        fields[f"last_name{number}"] = player.last_name
        fields[f"licence{number}"] = player.licence
        fields[f"shown{number}"] = player.shown
    return fields


@dataclass(frozen=True)
class Registered:
    #: The registration, or None when the mailbox holds its share of places
    #: here already (nothing written; answered as if it were).
    registration: PreRegistration | None
    #: False when nothing new was written (the same pair from the same mailbox).
    created: bool
    #: What a new registration gets now: the waiting list (True) or a place.
    waiting: bool


def _pair_key(player1: PlayerData, player2: PlayerData) -> str:
    key = team_file.team_key(
        player1.first_name, player1.last_name, player2.first_name, player2.last_name
    )
    return "/".join(sorted(key))


@transaction.atomic(durable=True)
def preregister(
    *,
    tournament: Tournament,
    player1: PlayerData,
    player2: PlayerData,
    club: str,
    email: str,
    language: str = "fr",
    extra_values: dict | None = None,
) -> Registered:
    """A team's pre-registration, held until its address is confirmed: a
    place while places remain, else the waiting list. `extra_values`: what
    was ticked in the installed features' fields (the messages' ticks),
    given to them with a new registration (services/extras.py)."""
    tournament = lock_registrations(tournament)
    expire_holds(tournament)
    refusal = registration_refusal(tournament)
    if refusal:
        raise TournamentError(refusal)
    pair_key = _pair_key(player1, player2)
    if "/" not in pair_key:
        raise TournamentError(_("Les deux joueurs ont le même nom."), field="last_name2")
    active = tournament.preregistrations.active()
    if active.held().count() >= MAX_HELD:
        raise TooManyHeld
    waiting = rules.waits(
        active.taking().count(),
        active.filter(status=PreRegistration.Status.WAITING).exists(),
        tournament.announcement.max_teams,
    )
    mailbox = email_key(email)
    twin = active.filter(pair_key=pair_key, mailbox=mailbox).first()
    if twin is not None:
        return Registered(twin, created=False, waiting=waiting)
    if active.held().filter(mailbox=mailbox).count() >= HELD_PER_MAILBOX:
        return Registered(None, created=False, waiting=waiting)
    registration = PreRegistration.objects.create(
        tournament=tournament,
        **pair_fields(player1, player2),
        club=club,
        email=email,
        mailbox=mailbox,
        language=language,
        pair_key=pair_key,
        status=PreRegistration.Status.WAITING if waiting else PreRegistration.Status.CONFIRMED,
        held_until=timezone.now() + HOLD,
    )
    log_change(
        tournament,
        Action.PREREGISTERED,
        after={"team": registration.players_label, "status": registration.status},
    )
    extras.given(
        tournament=tournament,
        preregistration=registration,
        values=extra_values,
        source="prereg",
    )
    return Registered(registration, created=True, waiting=waiting)


def expire_holds(tournament: Tournament) -> list[PreRegistration]:
    """The holds past their time end (`expired`) and their places go to
    the waiting teams, returned. A step of a transaction that holds the
    tournament's row."""
    now = timezone.now()
    overdue = tournament.preregistrations.held().filter(held_until__lt=now)
    count = overdue.update(status=PreRegistration.Status.EXPIRED, cancelled_at=now)
    if count:
        log_change(tournament, Action.PREREG_EXPIRED, after={"expired": count})
    if not count and not line.offers_overdue(tournament):
        return []
    return line.settle_offers(tournament)


def release_expired_holds(*, tournament: Tournament) -> list[PreRegistration]:
    """As `expire_holds`, in a transaction of its own, for a page that
    shows the places: nothing is locked while no hold is overdue."""
    overdue = tournament.preregistrations.held().filter(held_until__lt=timezone.now())
    if not overdue.exists() and not line.offers_overdue(tournament):
        return []
    with transaction.atomic():
        return expire_holds(lock_registrations(tournament))


class Outcome:
    CONFIRMED = "confirmed"  # its address confirmed now: it plays or waits
    ALREADY = "already"  # confirmed before: nothing changed
    EXPIRED = "expired"  # its place was freed; the address is confirmed all the same
    CANCELLED = "cancelled"  # cancelled before it was confirmed


@dataclass(frozen=True)
class Confirmed:
    registration: PreRegistration
    outcome: str
    #: The mailbox's first confirmation: its other holds may now get their mails.
    first_of_mailbox: bool = False


@transaction.atomic(durable=True)
def confirm_preregistration(*, registration: PreRegistration) -> Confirmed:
    """The address confirmed from the mail's link: the registration keeps
    its place (playing or waiting) for good. Past its hold, the place was
    freed: the address counts as confirmed, the team registers again."""
    tournament = lock_registrations(registration.tournament)
    expire_holds(tournament)
    registration = PreRegistration.objects.get(pk=registration.pk)
    if registration.confirmed_at is not None:
        return Confirmed(registration, Outcome.ALREADY)
    if registration.status not in PreRegistration.ENDED and cancel_refusal(tournament):
        # Begun or past: a place confirmed now would be one nobody takes in.
        raise TournamentError(_("Les pré-inscriptions de ce concours sont closes."))
    mailbox = PreRegistration.objects.filter(mailbox=registration.mailbox)
    first = not mailbox.address_confirmed().exists()
    registration.confirmed_at = timezone.now()
    registration.save(update_fields=["confirmed_at"])
    if registration.status == PreRegistration.Status.EXPIRED:
        outcome = Outcome.EXPIRED
    elif registration.status == PreRegistration.Status.CANCELLED:
        outcome = Outcome.CANCELLED
    else:
        outcome = Outcome.CONFIRMED
        log_change(
            tournament,
            Action.PREREG_CONFIRMED,
            after={"team": registration.players_label, "status": registration.status},
        )
    return Confirmed(registration, outcome, first_of_mailbox=first)


def record_mail_sent(*, registration: PreRegistration) -> None:
    """The confirmation mail of `registration` went (a mailbox that
    confirms later does not get it a second time)."""
    PreRegistration.objects.filter(pk=registration.pk).update(mailed_at=timezone.now())


def confirm_token(registration: PreRegistration) -> str:
    """The signed token of a registration's confirm link (good for that only)."""
    return signing.dumps(registration.pk, salt=CONFIRM_SALT)


def registration_of(
    token: str, salt: str, max_age: datetime.timedelta | None
) -> PreRegistration | None:
    """The registration a link signed with `salt` names (not older than
    `max_age`), or None for a forged, other or old one."""
    try:
        pk = signing.loads(token[:200], salt=salt, max_age=max_age)
    except signing.BadSignature:  # SignatureExpired included
        return None
    if not isinstance(pk, int):
        return None
    return PreRegistration.objects.select_related("tournament").filter(pk=pk).first()


def registration_for_token(token: str) -> PreRegistration | None:
    """The registration a cancel link names, or None for a forged one."""
    return registration_of(token, line.CANCEL_SALT, None)


def registration_for_confirm_token(token: str) -> PreRegistration | None:
    """The registration a confirm link names, or None for a forged or old one."""
    return registration_of(token, CONFIRM_SALT, CONFIRM_LINK_AGE)


def cancel_refusal(tournament: Tournament) -> str:
    """Why a pre-registration of this concours no longer cancels online
    ("" while it does): once the concours has begun or its day is past, a
    cancel link would free a place nobody can take and tell a waiting
    team by mail that it plays."""
    if (
        tournament.date >= timezone.localdate()
        and tournament.status == Tournament.Status.REGISTRATION
    ):
        return ""
    return _("Ce concours a commencé ou est passé : une pré-inscription ne s'annule plus en ligne.")


@dataclass
class Cancelled:
    registration: PreRegistration
    #: Cancelled (or expired) before: nothing changed this time.
    already: bool = False


@transaction.atomic(durable=True)
def cancel_preregistration(*, registration: PreRegistration, by: Actor | None = None) -> Cancelled:
    """Cancel a pre-registration; a place freed goes to the first waiting
    team, in the same transaction."""
    tournament = lock_registrations(registration.tournament)
    expire_holds(tournament)
    registration = PreRegistration.objects.get(pk=registration.pk)
    if registration.status in PreRegistration.ENDED:
        return Cancelled(registration, already=True)
    if refusal := cancel_refusal(tournament):
        raise TournamentError(refusal)
    if registration.team_id is not None:
        raise TournamentError(
            _("Cette équipe est déjà enregistrée à l'accueil : prévenez l'organisateur.")
        )
    registration.status = PreRegistration.Status.CANCELLED
    registration.cancelled_at = timezone.now()
    registration.save(update_fields=["status", "cancelled_at"])
    freed = line.settle_offers(tournament)
    log_change(
        tournament,
        Action.PREREG_CANCELLED,
        by=by,
        before={"team": registration.players_label},
        after={"moved_up": [r.players_label for r in freed]},
    )
    return Cancelled(registration)

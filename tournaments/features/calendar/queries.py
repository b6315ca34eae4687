"""What the calendar's pages read: the coming concours (all, or of one
département), a concours's pre-registrations, and the file of the teams
pre-registered that the hall laptop imports.

The file is written in the registration file's columns
(services/team_file.py reads them: `nom1;prenom1;nom2;prenom2;club;
licence1;licence2;affiche1;affiche2;preinscrite`), plus the e-mail the
import ignores: the hosted instance's list is imported on a laptop
offline as any list of teams, its teams marked pre-registered
(`preinscrite`: not yet present, known as such at the cash box).
Must not write anything.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from django.db.models import Count, OuterRef, Q, QuerySet, Subquery
from django.utils import timezone

from tournaments.features.calendar.display import Action
from tournaments.features.calendar.models import Announcement, PreRegistration
from tournaments.models import (
    Change,
    Tournament,
    demo_left_off_home,
)
from tournaments.queries.exports import csv_file


def _taking_places(prefix: str = "") -> Q:
    """The pre-registrations that take a place: playing or offered one, their address
    confirmed or their hold not over (an overdue hold's place is free, the
    next write ends it: services/preregistration.expire_holds)."""
    return Q(**{f"{prefix}status__in": PreRegistration.TAKING}) & (
        Q(**{f"{prefix}confirmed_at__isnull": False})
        | Q(**{f"{prefix}held_until__gte": timezone.now()})
    )


def coming(departement: str = "") -> QuerySet[Announcement]:
    """The concours announced and still to come, by date then time, each
    with its count of places taken (`confirmed`)."""
    taken = _taking_places("tournament__preregistrations__")
    announcements = (
        Announcement.objects.filter(
            tournament__published=True,
            tournament__archived=False,
            tournament__status=Tournament.Status.REGISTRATION,
            tournament__date__gte=timezone.localdate(),
        )
        .exclude(demo_left_off_home("tournament__"))
        .select_related("tournament")
        .annotate(confirmed=Count("tournament__preregistrations", filter=taken))
        .order_by("tournament__date", "start_time", "tournament__name")
    )
    if departement:
        announcements = announcements.filter(departement=departement)
    return announcements


#: What changes the poster: its feed entry's « updated » date.
POSTER_ACTIONS = (Action.ANNOUNCED, Action.ANNOUNCEMENT_EDITED)


def coming_feed(departement: str = "") -> QuerySet[Announcement]:
    """The coming concours of the Atom feed, each with the moment its poster
    last changed (`edited`: announced, or corrected since)."""
    last = (
        Change.objects.filter(tournament=OuterRef("tournament"), action__in=POSTER_ACTIONS)
        .order_by("-at")
        .values("at")[:1]
    )
    return coming(departement).annotate(edited=Subquery(last))


def departements() -> list[str]:
    """The départements that have a concours to come, in order."""
    return sorted(set(coming().values_list("departement", flat=True)))


def confirmed_count(tournament: Tournament) -> int:
    """The places taken (held ones included)."""
    return tournament.preregistrations.filter(_taking_places()).count()


@dataclass(frozen=True)
class Lists:
    #: Playing, the address confirmed.
    confirmed: list[PreRegistration]
    #: Playing, the address still to confirm (the place held until then).
    held: list[PreRegistration]
    #: Offered a place freed, until their deadline.
    offered: list[PreRegistration]
    #: On the waiting list (held ones marked by `is_held`).
    waiting: list[PreRegistration]
    cancelled: list[PreRegistration]
    #: How many holds ended unconfirmed (a flood's junk: counted, not listed).
    expired: int
    #: The pairs pre-registered more than once (from several mailboxes).
    twice: frozenset[str]


def preregistrations(tournament: Tournament) -> Lists:
    rows = list(
        tournament.preregistrations.exclude(status=PreRegistration.Status.EXPIRED).select_related(
            "team"
        )
    )
    playing = [r for r in rows if r.status == PreRegistration.Status.CONFIRMED]
    active = [r.pair_key for r in rows if r.in_line]
    return Lists(
        confirmed=[r for r in playing if not r.is_held],
        held=[r for r in playing if r.is_held],
        offered=[r for r in rows if r.status == PreRegistration.Status.OFFERED],
        waiting=[r for r in rows if r.status == PreRegistration.Status.WAITING],
        cancelled=[
            r
            for r in rows
            if r.status in (PreRegistration.Status.CANCELLED, PreRegistration.Status.LAPSED)
        ],
        expired=tournament.preregistrations.filter(status=PreRegistration.Status.EXPIRED).count(),
        twice=frozenset(key for key in active if active.count(key) > 1),
    )


def mailbox_confirmed(mailbox: str) -> bool:
    """Whether `mailbox` has ever confirmed a pre-registration's address."""
    return PreRegistration.objects.filter(mailbox=mailbox).address_confirmed().exists()


def unmailed_holds(mailbox: str) -> list[PreRegistration]:
    """The registrations of `mailbox` still held whose confirmation mail
    did not go (the mailbox had had its share), oldest first."""
    return list(
        PreRegistration.objects.held()
        .filter(mailbox=mailbox, mailed_at__isnull=True, held_until__gte=timezone.now())
        .select_related("tournament__announcement")
        .order_by("pk")
    )


HEADER = (
    "nom1",
    "prenom1",
    "nom2",
    "prenom2",
    "club",
    "licence1",
    "licence2",
    "affiche1",
    "affiche2",
    "preinscrite",
    "email",
)
#: A player's box, as the registration file writes and reads it.
YES = "oui"


def preregistrations_csv(tournament: Tournament) -> bytes:
    """The teams pre-registered (their address confirmed, not waiting), each
    pair once, in the registration file's columns, UTF-8 with a BOM (a
    spreadsheet program shows the accents); what strangers typed is quoted
    against formulas as in every export (`exports.inert`), which the
    file's import undoes."""
    rows, pairs = [HEADER], set()
    for r in preregistrations(tournament).confirmed:
        if r.pair_key in pairs:
            continue  # the same pair from another mailbox: one team
        pairs.add(r.pair_key)
        names = (r.last_name1, r.first_name1, r.last_name2, r.first_name2)
        shown = (YES if r.shown1 else "", YES if r.shown2 else "")
        rows.append((*names, r.club, r.licence1, r.licence2, *shown, YES, r.email))
    return csv_file(rows)


def organizer_coming(owner_id: int, today: datetime.date) -> QuerySet[Tournament]:
    """An organizer's published concours not yet started, by date, each
    with its announcement when it has one (its time, town and page with
    the pre-registration): a club's widget."""
    return (
        Tournament.objects.published()
        .active()
        .filter(owner_id=owner_id, status=Tournament.Status.REGISTRATION, date__gte=today)
        .select_related("announcement")
        .order_by("date", "announcement__start_time", "name")
    )

"""The calendar: a concours announced to the public, and the teams that
pre-register for it online.

An announcement is the tournament itself, announced: `Announcement` adds
to it what a poster says (the time, the hall and its address, the
département, the lots announced, a contact, the maximum of teams), so
the concours announced is the one played that day. Its fee is the
tournament's entry fee (the cash box's). A tournament with an
announcement and still taking registrations, on a date to come, is
« annoncé ».

A pre-registration is a team's request to play, with an e-mail address
for its confirmation and its cancel link; it either plays (`confirmed`)
or waits (`waiting`) for a place, until cancelled. Made online, it is
*held* until its address is confirmed from its mail (`confirmed_at`): it
keeps its place in the line until `held_until`, then expires (`expired`)
and frees it. A place freed is offered (`offered`) to the first waiting
team until `offered_until`; unanswered, it leaves the line (`lapsed`). On
the day it becomes a `Team` of the tournament (`team`).
Must not: decide who waits or is offered a place (the calendar's domain
`waits` and `settle`, applied by tournaments/features/calendar/services).
"""

from __future__ import annotations

from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from tournaments.models import Team, Tournament
from tournaments.models.tournament import bounded, save_with_search_key

MAX_TEAMS = 2000
#: A concours's time to confirm a place offered, by default, and its bounds (hours).
OFFER_HOURS = 24
OFFER_HOURS_MIN, OFFER_HOURS_MAX = 1, 168


class Announcement(models.Model):
    tournament = models.OneToOneField(
        Tournament, on_delete=models.CASCADE, related_name="announcement"
    )
    start_time = models.TimeField(_("heure"))
    hall = models.CharField(_("salle"), max_length=120)
    address = models.CharField(_("adresse"), max_length=200)
    postcode = models.CharField(_("code postal"), max_length=5)
    town = models.CharField(_("commune"), max_length=120)
    departement = models.CharField(_("département"), max_length=3, db_index=True)
    lots = models.TextField(_("lots annoncés"), max_length=1000, blank=True)
    contact = models.CharField(_("contact"), max_length=200)
    max_teams = models.PositiveIntegerField(
        _("nombre maximum d'équipes"), null=True, blank=True, validators=bounded(1, MAX_TEAMS)
    )
    #: How long a waiting team has to confirm a place offered (the
    #: calendar's domain.offer_deadline: never past half the time left).
    offer_hours = models.PositiveSmallIntegerField(
        _("délai pour confirmer une place libérée (heures)"),
        default=OFFER_HOURS,
        validators=bounded(OFFER_HOURS_MIN, OFFER_HOURS_MAX),
    )
    created_at = models.DateTimeField(auto_now_add=True)
    #: The town as the public archive of results searches it (search.py).
    search_key = models.TextField(default="", blank=True, editable=False)

    SEARCHED = ("town",)

    class Meta:
        db_table = "tournaments_announcement"  # the core's table, kept (tournaments 0068)
        verbose_name = _("annonce")
        verbose_name_plural = _("annonces")

    def __str__(self) -> str:
        return f"{self.tournament} — {self.town}"

    def save(self, **kwargs) -> None:
        save_with_search_key(self, self.SEARCHED, kwargs)
        super().save(**kwargs)


class PreRegistrationQuerySet(models.QuerySet):
    def active(self) -> PreRegistrationQuerySet:
        """In the line: playing or waiting (held ones included)."""
        return self.exclude(status__in=PreRegistration.ENDED)

    def taking(self) -> PreRegistrationQuerySet:
        """In the line and taking a place: playing, or offered one."""
        return self.active().filter(status__in=PreRegistration.TAKING)

    def held(self) -> PreRegistrationQuerySet:
        """In the line, the address not confirmed yet."""
        return self.active().filter(confirmed_at__isnull=True)

    def address_confirmed(self) -> PreRegistrationQuerySet:
        return self.filter(confirmed_at__isnull=False)


class PreRegistration(models.Model):
    class Status(models.TextChoices):
        CONFIRMED = "confirmed", _("Inscrite")
        WAITING = "waiting", _("En liste d'attente")
        CANCELLED = "cancelled", _("Annulée")
        EXPIRED = "expired", _("Expirée (adresse non confirmée)")
        #: A place freed is offered to it until `offered_until`.
        OFFERED = "offered", _("Place proposée")
        #: Its offer's deadline passed unanswered: out of the line.
        LAPSED = "lapsed", _("Place proposée, pas confirmée à temps")

    #: The statuses out of the line.
    ENDED = (Status.CANCELLED, Status.EXPIRED, Status.LAPSED)
    #: The statuses that take a place: playing, or offered one until a deadline.
    TAKING = (Status.CONFIRMED, Status.OFFERED)

    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="preregistrations"
    )
    first_name1 = models.CharField(_("prénom du joueur 1"), max_length=80)
    last_name1 = models.CharField(_("nom du joueur 1"), max_length=80)
    licence1 = models.CharField(_("licence du joueur 1"), max_length=30, blank=True)
    first_name2 = models.CharField(_("prénom du joueur 2"), max_length=80)
    last_name2 = models.CharField(_("nom du joueur 2"), max_length=80)
    licence2 = models.CharField(_("licence du joueur 2"), max_length=30, blank=True)
    club = models.CharField(_("club"), max_length=120, blank=True)
    #: Each player's box: agreed to be shown across concours (issue 26: a
    #: player's page, the cote), off by default; the team on the day takes it.
    shown1 = models.BooleanField(_("joueur 1 accepte d'être affiché"), default=False)
    shown2 = models.BooleanField(_("joueur 2 accepte d'être affiché"), default=False)
    email = models.EmailField(_("e-mail"), max_length=200)
    #: The address as mailboxes are compared (accounts.email_key): the
    #: limits per mailbox count by it.
    mailbox = models.CharField(max_length=200, blank=True, default="", db_index=True)
    #: The interface's language at registration: the mails' language.
    language = models.CharField(max_length=8, default="fr")
    #: The two players' folded names (services/team_file.team_key), sorted:
    #: the same pair registers once (a double submission is harmless).
    pair_key = models.CharField(max_length=400)
    status = models.CharField(
        _("statut"), max_length=10, choices=Status.choices, default=Status.CONFIRMED
    )
    created_at = models.DateTimeField(auto_now_add=True)
    cancelled_at = models.DateTimeField(null=True, blank=True)
    #: When its address was confirmed from its mail (null: not yet). The
    #: organizer's own and the file's rows are confirmed at once.
    confirmed_at = models.DateTimeField(null=True, blank=True)
    #: Until when an unconfirmed registration keeps its place in the line.
    held_until = models.DateTimeField(null=True, blank=True)
    #: When its confirmation mail went (null: none went, the mailbox had
    #: had its share; sent once the mailbox confirms another one).
    mailed_at = models.DateTimeField(null=True, blank=True)
    #: Until when the place offered to it waits for its answer (`offered`).
    offered_until = models.DateTimeField(_("place proposée jusqu'au"), null=True, blank=True)
    #: The team it became on the day (hosted).
    team = models.OneToOneField(
        Team, on_delete=models.SET_NULL, null=True, blank=True, related_name="preregistration"
    )

    objects = PreRegistrationQuerySet.as_manager()

    class Meta:
        db_table = "tournaments_preregistration"  # the core's table, kept (tournaments 0068)
        ordering = ["created_at", "id"]
        verbose_name = _("pré-inscription")
        verbose_name_plural = _("pré-inscriptions")
        constraints = [
            # The same pair from one mailbox once (a double submission);
            # from two mailboxes twice: a stranger must not learn, by being
            # refused, that a team is registered (the organizer sees both).
            models.UniqueConstraint(
                fields=["tournament", "pair_key", "mailbox"],
                condition=~Q(status__in=["cancelled", "expired", "lapsed"]),
                name="preregistration_pair_once_a_mailbox",
            ),
        ]

    def __str__(self) -> str:
        return self.players_label

    @property
    def in_line(self) -> bool:
        """Playing, offered a place or waiting (not ended)."""
        return self.status not in self.ENDED

    @property
    def is_held(self) -> bool:
        """In the line, its address not confirmed yet."""
        return self.confirmed_at is None and self.status not in self.ENDED

    @property
    def players_label(self) -> str:
        return (
            f"{self.first_name1} {self.last_name1} & {self.first_name2} {self.last_name2}".strip()
        )

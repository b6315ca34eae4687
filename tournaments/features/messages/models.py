"""Who agreed to receive messages, and the messages themselves.

- `Mailbox`: one address as mailboxes are compared (accounts.email_key):
  confirmed (its owner opened a confirm link, here or at pre-registration)
  or not, and stopped for the whole site (the stop link's second choice).
- `Consent`: a team (or a pre-registration, before the day) of one
  concours gave an address and ticked what it wants. Its `token` makes the
  stop link, which works without logging in.
- `Sender`: who the messages come from, the organizer's club, set once
  for all its concours (its name shown as the sender, its address for the
  players' answers).
- `Message`: one message to one address, its text written when it was
  queued (what is sent is what was shown), its state kept here: `queued`
  until a server accepts it (`sent`, never sent again), `refused` with the
  server's reason, `stopped` when its reader stopped messages before it
  left. `(consent, kind, ref)` is unique: queuing the same message twice
  writes nothing.

Must not: send, render or decide what is due (outbox.py, sending.py).
"""

from __future__ import annotations

import secrets

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _


def new_token() -> str:
    return secrets.token_urlsafe(18)


class Mailbox(models.Model):
    key = models.CharField(max_length=200, unique=True)
    confirmed_at = models.DateTimeField(null=True, blank=True)
    #: The stop link's « tout le site »: nothing more to this address, ever.
    stopped_at = models.DateTimeField(null=True, blank=True)
    token = models.CharField(max_length=32, unique=True, default=new_token, editable=False)

    class Meta:
        verbose_name = _("adresse")

    def __str__(self) -> str:
        return self.key


class Consent(models.Model):
    class Source(models.TextChoices):
        PREREGISTRATION = "prereg", _("Pré-inscription")
        DOOR = "door", _("Pointage à l'entrée")
        DESK = "desk", _("Table d'inscription")
        FILE = "file", _("Fichier d'inscription")

    tournament = models.ForeignKey(
        "tournaments.Tournament", on_delete=models.CASCADE, related_name="+"
    )
    team = models.ForeignKey(
        "tournaments.Team", on_delete=models.CASCADE, null=True, blank=True, related_name="+"
    )
    #: The calendar's pre-registration it was given with, by its id: the
    #: messages point at no other feature's model (its foreign key's
    #: constraint dropped by 0003); deleted with it (apps.py).
    preregistration_id = models.BigIntegerField(null=True, blank=True, db_index=True)
    email = models.EmailField(_("e-mail"), max_length=200)
    mailbox = models.ForeignKey(Mailbox, on_delete=models.CASCADE, related_name="consents")
    language = models.CharField(max_length=8, default="fr")
    wants_result = models.BooleanField(_("mon résultat"), default=False)
    wants_table = models.BooleanField(_("ma table à chaque partie"), default=False)
    wants_waiting = models.BooleanField(_("une place libérée"), default=False)
    source = models.CharField(max_length=8, choices=Source.choices)
    created_at = models.DateTimeField(auto_now_add=True)
    #: The stop link's « ce concours »: nothing more about this concours.
    stopped_at = models.DateTimeField(null=True, blank=True)
    token = models.CharField(max_length=32, unique=True, default=new_token, editable=False)

    class Meta:
        verbose_name = _("accord")
        constraints = [
            models.UniqueConstraint(
                fields=["team", "mailbox"],
                condition=Q(team__isnull=False),
                name="consent_once_a_team_and_mailbox",
            ),
        ]

    def __str__(self) -> str:
        return self.email


class MessageQuerySet(models.QuerySet):
    def waiting(self) -> MessageQuerySet:
        return self.filter(state__in=(Message.State.QUEUED, Message.State.SENDING))


class Message(models.Model):
    class Kind(models.TextChoices):
        RESULT = "result", _("Résultat")
        TABLE = "table", _("Table")
        WAITING = "waiting", _("Place libérée")
        ORGANIZER = "organizer", _("Message de l'organisateur")

    class State(models.TextChoices):
        QUEUED = "queued", _("En attente d'envoi")
        SENDING = "sending", _("En cours d'envoi")
        SENT = "sent", _("Envoyé")
        REFUSED = "refused", _("Refusé par le serveur")
        STOPPED = "stopped", _("Arrêté par le joueur")

    consent = models.ForeignKey(Consent, on_delete=models.CASCADE, related_name="messages")
    tournament = models.ForeignKey(
        "tournaments.Tournament", on_delete=models.CASCADE, related_name="+"
    )
    kind = models.CharField(max_length=10, choices=Kind.choices)
    #: What makes it one message: the partie's number, the organizer's
    #: message's id; "" for the result.
    ref = models.CharField(max_length=40, blank=True, default="")
    to = models.EmailField(max_length=200)
    mailbox = models.ForeignKey(Mailbox, on_delete=models.CASCADE, related_name="messages")
    language = models.CharField(max_length=8, default="fr")
    subject = models.CharField(max_length=200)
    body = models.TextField()
    state = models.CharField(max_length=8, choices=State.choices, default=State.QUEUED)
    #: Why it waits or was refused, in the organizer's words.
    reason = models.CharField(max_length=300, blank=True, default="")
    attempts = models.PositiveIntegerField(default=0)
    queued_at = models.DateTimeField(auto_now_add=True)
    #: Until when it waits whatever happens (a confirmation, a retry).
    claimed_at = models.DateTimeField(null=True, blank=True)
    sent_at = models.DateTimeField(null=True, blank=True)
    #: Its Message-ID, the same at every attempt.
    message_id = models.CharField(max_length=200, blank=True, default="")

    objects = MessageQuerySet.as_manager()

    class Meta:
        ordering = ["queued_at", "pk"]
        constraints = [
            models.UniqueConstraint(fields=["consent", "kind", "ref"], name="message_once"),
        ]
        indexes = [models.Index(fields=["tournament", "state"], name="message_tournament_state")]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} → {self.to} ({self.get_state_display()})"


class OrganizerNotice(models.Model):
    """A message the organizer wrote to all the concours's players."""

    tournament = models.ForeignKey(
        "tournaments.Tournament", on_delete=models.CASCADE, related_name="+"
    )
    text = models.TextField(_("message"), max_length=1000)
    created_at = models.DateTimeField(auto_now_add=True)
    recipients = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return self.text[:40]


class Sender(models.Model):
    """The organizer's club as the sender of its players' messages (issue
    54, item 2): set once, for every concours of the account."""

    owner = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+"
    )
    name = models.CharField(_("nom du club"), max_length=120)
    reply_to = models.EmailField(_("e-mail du club"), max_length=200, blank=True)

    class Meta:
        verbose_name = _("expéditeur")

    def __str__(self) -> str:
        return self.name

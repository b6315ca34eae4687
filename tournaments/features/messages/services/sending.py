"""The messages due, sent through a channel, exactly once.

Each message is claimed before it leaves: one conditional update moves it
from `queued` to `sending` (two senders at once — the hall's worker and
`manage.py send_messages` — claim each message once: the one whose update
changed a row sends it). The claim is committed before the network is
touched, so no database lock is held while a server answers (SQLite's
write lock would stop the hall's score entry). Then:

- accepted by the server: `sent`, with its time, and never sent again;
- refused for good (a 5xx, an unknown address): `refused`, with the
  server's words, never sent again;
- no connection, a server busy (4xx): back to `queued` with the reason,
  and the batch stops (the next ones would fail the same way);
- no mail server set (the hall's default mailer writes files on the
  laptop): nothing claimed, every message stays queued and says so;
- its reader stopped messages (the stop link) before it left: `stopped`.

A mailbox not confirmed yet gets one message; the next ones wait in the
queue (« adresse pas encore confirmée ») until it is, from the link of the
first one or from a pre-registration's mail (the trust issue's rule).

A claim older than `LOST_AFTER` was left by a sender killed between its
claim and its answer: it goes back to the queue. That is the one case in
which a message the server accepted may leave twice (the process killed in
the millisecond between the server's « 250 » and the commit); it keeps its
Message-ID, by which mail programs recognise a duplicate.

Must not: decide what is due (outbox.py), nor render a text (display.py).
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass, field
from typing import Any

from django.apps import apps as django_apps
from django.db.models import F
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournaments.features.messages import display
from tournaments.features.messages.models import Mailbox, Message
from tournaments.features.messages.services import channels
from tournaments.features.messages.services.sender import sender_of
from tournaments.models import Round, email_key

LOST_AFTER = datetime.timedelta(minutes=15)


@dataclass
class Report:
    sent: int = 0
    refused: int = 0
    stopped: int = 0
    #: Messages still queued after this batch (no connection, not confirmed).
    waiting: int = 0
    #: Why the batch stopped early ("" when it went through).
    unreachable: str = ""
    details: list[str] = field(default_factory=list)


def mailbox_for(email: str) -> Mailbox:
    """The mailbox of `email` (as mailboxes are compared), made at its first use."""
    mailbox, _created = Mailbox.objects.get_or_create(key=email_key(email))
    return mailbox


def preregistrations() -> Any:
    """The calendar's pre-registrations (its model, read by name: the
    messages import no other feature), or None without the calendar."""
    try:
        return django_apps.get_model("feature_calendar", "PreRegistration")
    except LookupError:
        return None


def mailbox_confirmed(mailbox: Mailbox) -> bool:
    """Confirmed here, or from a pre-registration's confirm link."""
    if mailbox.confirmed_at is not None:
        return True
    model = preregistrations()
    return model is not None and (
        model.objects.filter(mailbox=mailbox.key).address_confirmed().exists()
    )


def _held_for_confirmation(message: Message) -> bool:
    """A second message to a mailbox not confirmed yet waits. Only what
    this site sent counts (its Message-ID is set when written here, with
    the confirm link): a message a published file says was sent elsewhere
    never asked this site's confirmation (services/carried.py)."""
    if mailbox_confirmed(message.mailbox):
        return False
    sent_here = Message.objects.filter(mailbox=message.mailbox, state=Message.State.SENT)
    return sent_here.exclude(message_id="").exists()


def table_over(message: Message) -> bool:
    """A table message whose partie is closed: too late to be of use."""
    return Round.objects.filter(
        tournament=message.tournament_id, number=int(message.ref), status=Round.Status.CLOSED
    ).exists()


def offer_over(message: Message) -> bool:
    """A waiting team's offer that no longer runs (taken at the desk,
    declined, past its deadline): its mail would send the team to a place
    gone to the next one."""
    model = preregistrations()
    return model is None or not (
        model.objects.filter(
            pk=int(message.ref), status=model.Status.OFFERED, offered_until__gt=timezone.now()
        ).exists()
    )


#: The kinds of message that turn useless before they leave: the test, and why.
OUTDATED = {
    Message.Kind.TABLE: (table_over, gettext_lazy("Partie finie : message devenu inutile.")),
    Message.Kind.WAITING: (
        offer_over,
        gettext_lazy("Place plus proposée : message devenu inutile."),
    ),
}


def release_lost_claims(now: datetime.datetime) -> int:
    return Message.objects.filter(
        state=Message.State.SENDING, claimed_at__lt=now - LOST_AFTER
    ).update(state=Message.State.QUEUED, reason=_("Envoi interrompu : il sera refait."))


def _claim(message: Message, now: datetime.datetime) -> bool:
    return bool(
        Message.objects.filter(pk=message.pk, state=Message.State.QUEUED).update(
            state=Message.State.SENDING, claimed_at=now, attempts=F("attempts") + 1
        )
    )


def _finish(message: Message, delivery: channels.Delivery) -> None:
    if delivery.outcome == channels.SENT:
        fields = {"state": Message.State.SENT, "sent_at": timezone.now(), "reason": ""}
    elif delivery.outcome == channels.REFUSED:
        fields = {"state": Message.State.REFUSED, "reason": delivery.reason}
    else:
        fields = {"state": Message.State.QUEUED, "reason": no_connection(delivery.reason)}
    Message.objects.filter(pk=message.pk, state=Message.State.SENDING).update(**fields)


def no_connection(detail: str) -> str:
    return (_("Pas de connexion au serveur de courriel : %(detail)s") % {"detail": detail})[:300]


def no_mail_server() -> str:
    return _("Aucun serveur de courriel n'est réglé : les messages attendent.")


def _outgoing(message: Message, sender: tuple[str, str]) -> channels.Outgoing:
    return channels.Outgoing(
        to=message.to,
        subject=message.subject,
        body=message.body,
        message_id=message.message_id,
        stop_link=display.stop_link(message.consent.token, message.mailbox.token),
        sender=sender[0],
        reply_to=sender[1],
    )


def _stopped(message: Message) -> bool:
    return message.consent.stopped_at is not None or message.mailbox.stopped_at is not None


def send_due(
    *, channel: channels.Channel | None = None, limit: int | None = None, tournament=None
) -> Report:
    """Send the messages due (of `tournament`, or all), `limit` at most."""
    now = timezone.now()
    release_lost_claims(now)
    due = Message.objects.filter(state=Message.State.QUEUED).select_related(
        "consent", "mailbox", "tournament"
    )
    if tournament is not None:
        due = due.filter(tournament=tournament)
    batch = list(due.order_by("pk")[:limit] if limit else due.order_by("pk"))
    report = Report()
    if batch:
        _send_batch(batch, channel or channels.EmailChannel(), report)
    waiting = Message.objects.filter(state=Message.State.QUEUED)
    report.waiting = (waiting.filter(tournament=tournament) if tournament else waiting).count()
    return report


def _send_batch(batch: list[Message], channel: channels.Channel, report: Report) -> None:
    try:
        channel.open()
    except channels.NoMailServer:
        report.unreachable = no_mail_server()
        Message.objects.filter(pk__in=[m.pk for m in batch]).update(reason=report.unreachable)
        return
    except OSError as error:  # smtplib's errors included: no server, a login refused
        report.unreachable = no_connection(str(error)[:200] or type(error).__name__)
        Message.objects.filter(pk__in=[m.pk for m in batch]).update(reason=report.unreachable)
        return
    senders: dict[int, tuple[str, str]] = {}
    try:
        for message in batch:
            if message.tournament_id not in senders:
                senders[message.tournament_id] = sender_of(message.tournament)
            if not _send_one(message, channel, report, senders[message.tournament_id]):
                break
    finally:
        channel.close()


def _send_one(
    message: Message, channel: channels.Channel, report: Report, sender: tuple[str, str]
) -> bool:
    """One message through `channel`; False when the batch must stop."""
    if _stopped(message):
        Message.objects.filter(pk=message.pk, state=Message.State.QUEUED).update(
            state=Message.State.STOPPED
        )
        report.stopped += 1
        return True
    outdated, why = OUTDATED.get(message.kind, (None, ""))
    if outdated is not None and outdated(message):
        Message.objects.filter(pk=message.pk, state=Message.State.QUEUED).update(
            state=Message.State.STOPPED, reason=str(why)
        )
        report.stopped += 1
        return True
    if _held_for_confirmation(message):
        Message.objects.filter(pk=message.pk).update(
            reason=_("Adresse pas encore confirmée : ce message attend sa confirmation.")
        )
        return True
    if not _claim(message, timezone.now()):
        return True  # another sender has it
    delivery = channel.deliver(_outgoing(message, sender))
    _finish(message, delivery)
    if delivery.outcome == channels.SENT:
        report.sent += 1
    elif delivery.outcome == channels.REFUSED:
        report.refused += 1
        report.details.append(f"{message.to}: {delivery.reason}")
    else:
        report.unreachable = no_connection(delivery.reason)
        return False
    return True

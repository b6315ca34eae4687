"""The organizer's message to all the concours's players who gave an
address and ticked what to receive (a change of time or hall, a
cancellation): counted and previewed before it goes, `PER_DAY` a concours
a day at most, one message a mailbox.

Must not: send (the task does), nor read a request.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _

from tournaments.features.messages import display
from tournaments.features.messages.models import Consent, Message, OrganizerNotice
from tournaments.features.messages.services import outbox, tasks
from tournaments.models import Tournament
from tournaments.services.errors import TournamentError

#: Messages of the organizer a concours sends in a day.
PER_DAY = 3


@dataclass(frozen=True)
class Preview:
    recipients: int
    subject: str
    body: str
    left_today: int


def _recipients(tournament: Tournament) -> list[Consent]:
    """One agreement a mailbox (the first), none stopped, of a team that
    ticked its result or its table. The agreement a waiting team's offer
    goes under (`wants_waiting`, outbox._offer_consent) was ticked by
    nobody: it carries that offer only, never the organizer's messages.
    The preview counts this very list, so its count is who receives it."""
    seen: set[int] = set()
    chosen = []
    consents = (
        Consent.objects.filter(tournament=tournament, stopped_at=None, mailbox__stopped_at=None)
        .filter(Q(wants_result=True) | Q(wants_table=True))
        .select_related("mailbox")
    )
    for consent in consents.order_by("pk"):
        if consent.mailbox_id not in seen:
            seen.add(consent.mailbox_id)
            chosen.append(consent)
    return chosen


def sent_today(tournament: Tournament) -> int:
    start = timezone.localtime().replace(hour=0, minute=0, second=0, microsecond=0)
    return OrganizerNotice.objects.filter(tournament=tournament, created_at__gte=start).count()


def preview(*, tournament: Tournament, text: str, language: str = "fr") -> Preview:
    """What the players will read, and how many of them."""
    shown = display.render(
        Message.Kind.ORGANIZER,
        {"tournament": tournament, "text": text, "stop": "…"},
        language,
    )
    return Preview(
        recipients=len(_recipients(tournament)),
        subject=shown.subject,
        body=shown.body,
        left_today=max(0, PER_DAY - sent_today(tournament)),
    )


@transaction.atomic(durable=True)
def send_notice(*, tournament: Tournament, text: str) -> OrganizerNotice:
    """The message queued for every player who gave an address; refused
    past `PER_DAY` today (nothing queued)."""
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    if sent_today(tournament) >= PER_DAY:
        raise TournamentError(
            _(
                "Déjà %(n)s messages aujourd'hui pour ce concours : c'est le maximum. "
                "Rien n'a été envoyé."
            )
            % {"n": PER_DAY},
            field="text",
        )
    consents = _recipients(tournament)
    notice = OrganizerNotice.objects.create(
        tournament=tournament, text=text, recipients=len(consents)
    )
    context = {"tournament": tournament, "text": text}
    outbox.queue_written(
        [outbox.write(c, Message.Kind.ORGANIZER, str(notice.pk), context) for c in consents]
    )
    tasks.wake_sender()
    return notice

"""What the desk shows of the messages: how many wait and why, when the
last ones left. Must not: write."""

from __future__ import annotations

from django.db.models import Count, Max

from tournaments.features.messages.display import Outbox
from tournaments.features.messages.models import Consent, Message


def outbox(tournament) -> Outbox:
    messages = Message.objects.filter(tournament=tournament)
    counts = dict(messages.values_list("state").annotate(n=Count("pk")).order_by())
    waiting = counts.get(Message.State.QUEUED, 0) + counts.get(Message.State.SENDING, 0)
    first = messages.waiting().exclude(reason="").order_by("pk").first()
    return Outbox(
        waiting=waiting,
        sent=counts.get(Message.State.SENT, 0),
        refused=counts.get(Message.State.REFUSED, 0),
        consents=Consent.objects.filter(tournament=tournament, stopped_at=None).count(),
        reason=first.reason if first else "",
        last_sent_at=messages.aggregate(last=Max("sent_at"))["last"],
    )


def recent(tournament, limit: int = 50) -> list[Message]:
    return list(Message.objects.filter(tournament=tournament).order_by("-pk")[:limit])

"""The core's moments this feature listens to (tournaments/hooks),
registered by apps.py.

Must not: hold a rule of its own (each handler calls one use-case)."""

from __future__ import annotations

import logging
from collections.abc import Callable

from django.db import transaction

from tournaments.features.messages.services import carried, demo, outbox, tasks
from tournaments.models import Tournament
from tournaments.services.audit import Actor

log = logging.getLogger(__name__)


def _queued(queue: Callable[[], int], failure: str, *args: object) -> None:
    """`queue()` in a savepoint, and the sender woken after the commit when
    it queued anything. A failure is logged, never raised: a message that
    cannot be written must not stop what the organizer did (closing a
    partie, a draw, an offer); the sender looks again a few minutes later."""
    try:
        with transaction.atomic():
            if queue():
                tasks.wake_sender()
    except Exception:
        log.exception(failure, *args)


def on_final(*, tournament: Tournament, by: Actor | None = None) -> None:
    """`TOURNAMENT_FINAL`: the results queued if the ranking is final now
    (read as it stands now: the announcing service may hold an older copy)."""
    _queued(
        lambda: outbox.queue_results(Tournament.objects.get(pk=tournament.pk)),
        "The results of concours %s could not be queued",
        tournament.pk,
    )


def on_draw_announced(*, round, by: Actor | None = None) -> None:
    """`DRAW_ANNOUNCED`: the table of each team that asked, queued now
    rather than at the sender's next look five minutes later."""
    _queued(
        lambda: outbox.queue_tables(Tournament.objects.get(pk=round.tournament_id)),
        "The tables of partie %s could not be queued",
        round.pk,
    )


def on_demo_built(*, owner, seed, say) -> None:
    """`DEMO_BUILT`: the demo's players who agreed."""
    demo.add_demo_consents()


def on_demo_removed(*, owner) -> None:
    """`DEMO_REMOVED`: the demo's addresses, their agreements gone with its concours."""
    demo.remove_demo_mailboxes()


def on_place_offered(sender, *, preregistration, until, confirm_link, decline_link, **signal):
    """The calendar's `place_offered` (its signals.py): the offer's mail
    queued (without it the offer stands: the desk sees it and phones).
    Answers True: the calendar need not mail it."""
    _queued(
        lambda: outbox.queue_offer(preregistration, until, confirm_link, decline_link),
        "The offer to pre-registration %s could not be queued",
        preregistration.pk,
    )
    return True


def on_concours_sent(*, tournament: Tournament, by: Actor | None = None) -> None:
    """`CONCOURS_SENT`: the laptop reached the hosted site, so it has
    internet. Without a mail server here, the site took the concours's
    messages (services/carried.py): those still queued are marked handed to
    it, never sent here. What else waits is sent now (by the worker), not at
    the next try a few minutes later."""
    try:
        carried.hand_over(tournament)
    except Exception:
        log.exception("The messages of concours %s could not be handed over", tournament.pk)
    tasks.wake_sender()

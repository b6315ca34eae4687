"""The waiting list's background work, as tasks of Django's task framework
(the queue of the TASKS setting, run by the hall's worker thread or by
`db_worker` hosted: infra/tasks.py), the same worker as the messages'.

- `lapse_due_offers` runs at an offer's deadline: the offers past theirs
  end, their places go to the next waiting teams (services/offers.py).
  The pages that show the line do the same when they are opened, so a
  worker that was stopped loses nothing: the next look settles it.
- `mail_offer` mails an offer when no installed feature answers the
  calendar's `place_offered` (the messages feature left out): from the
  worker, never in the request (the tests' immediate backend runs it at once).

Must not: be called in a request to send.
"""

from __future__ import annotations

import datetime

from django.db import transaction
from django.tasks import default_task_backend, task
from django.utils import timezone

from tournaments.display.hall import day_and_time
from tournaments.features.calendar.models import PreRegistration
from tournaments.features.calendar.services import line, offers
from tournaments.infra import mail
from tournaments.infra.tasks import runs_in_a_worker

#: Past its deadline by this much, an offer is looked at (the clocks agree).
MARGIN = datetime.timedelta(seconds=1)


@task
def lapse_due_offers(tournament_id: int) -> dict:
    settled = offers.lapse_offers(tournament_id=tournament_id)
    return {"offered": sum(r.status == PreRegistration.Status.OFFERED for r in settled)}


@task
def mail_offer(registration_id: int) -> bool:
    """The offer's mail, while it still runs, to a confirmed address."""
    registration = (
        PreRegistration.objects.select_related("tournament__announcement")
        .filter(pk=registration_id, status=PreRegistration.Status.OFFERED)
        .exclude(confirmed_at=None)
        .first()
    )
    if registration is None:
        return False
    confirm_link, decline_link = line.offer_links(registration)
    context = {
        "tournament": registration.tournament,
        "until": day_and_time(registration.offered_until),
        "confirm": confirm_link,
        "decline": decline_link,
    }
    return mail.send(
        "preregistration_offer",
        to=registration.email,
        context=context,
        language=registration.language,
    )


def on_place_offered(sender, *, preregistration, **offer) -> None:
    """The calendar's own receiver of `place_offered` (signals.py): once the
    offer's transaction commits, its deadline looked at by the worker, and
    its mail sent by the worker when no other feature's receiver answered."""
    registration = preregistration

    def mail_unless_answered() -> None:
        if not getattr(registration, "mailed_by_a_feature", False):
            mail_offer.enqueue(registration.pk)

    transaction.on_commit(mail_unless_answered, robust=True)
    if runs_in_a_worker() and default_task_backend.supports_defer:
        due = max(registration.offered_until, timezone.now()) + MARGIN
        tournament_id = registration.tournament_id
        transaction.on_commit(
            lambda: lapse_due_offers.using(run_after=due).enqueue(tournament_id), robust=True
        )

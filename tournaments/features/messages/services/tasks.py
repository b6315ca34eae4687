"""The sending, as a task of Django's task framework (the queue of the
TASKS setting: django-tasks-db, a table of the app's own database, run by
the hall's worker thread or by `db_worker` hosted: infra/tasks.py).

`send_due_messages` looks for what became due (outbox.queue_due), sends
what is queued (sending.send_due), and while something waits — messages
for a connection, results for their concours to become final (a claims
window ends by the clock, no one announces it) — queues itself again
`RETRY` later: a hall without internet tries every few minutes by itself
and sends when the link comes back. At most one such run waits at a
time. `wake_sender` queues it when a transaction that gave an agreement
or queued messages commits; with a backend that would run it in the
request (the tests' immediate one) it does nothing: a request never sends.

Must not: be called in a request to send (a request only queues).
"""

from __future__ import annotations

import datetime

from django.db import transaction
from django.tasks import default_task_backend, task
from django.utils import timezone

from tournaments.features.messages.services import outbox, sending
from tournaments.infra.tasks import runs_in_a_worker

RETRY = datetime.timedelta(minutes=5)
TASK_PATH = "tournaments.features.messages.services.tasks.send_due_messages"


def _retry_waiting() -> bool:
    from django.tasks import TaskResultStatus
    from django_tasks_db.models import DBTaskResult

    return DBTaskResult.objects.filter(task_path=TASK_PATH, status=TaskResultStatus.READY).exists()


def _again_later() -> None:
    """Queue the task again `RETRY` from now, unless the backend runs
    tasks at once (the tests' immediate one) or a retry already waits."""
    if not default_task_backend.supports_defer or _retry_waiting():
        return
    send_due_messages.using(run_after=timezone.now() + RETRY).enqueue()


@task
def send_due_messages() -> dict:
    outbox.queue_due()
    report = sending.send_due()
    if report.waiting or outbox.results_awaited():
        _again_later()
    return {"sent": report.sent, "refused": report.refused, "waiting": report.waiting}


def wake_sender() -> None:
    """Have the queued messages sent once the current transaction commits
    (by the worker: never in the request)."""
    if runs_in_a_worker():
        transaction.on_commit(send_due_messages.enqueue)

"""The worker of Django's task framework (django.tasks): the one place that
says how it runs, for every task of the app (today a file received,
tomorrow an outgoing mail), on the backend of the TASKS setting
(django-tasks-db: the queue is a table of the app's own database).

- Hosted: `python manage.py db_worker` (django-tasks-db's command) runs
  beside gunicorn, as a service of its own, with `WORKER_ARGUMENTS`
  (docs/hosting.md « In production »; bench/servers.py's `start_task_worker` starts
  it so for the tests and the benchmarks). Several may run: each task is
  claimed by one.
- The hall: `manage.py hall` runs the same worker in a thread of its own
  process (`WorkerThread`), started with the server and stopped with it:
  one command for the volunteer, on Windows too (no second process to
  supervise, no signal).

A task stopped midway (the process killed) rolls its transaction back:
tasks are written so that running one again changes nothing twice
(services/uploads.py). Must not: define a task, nor know what a task does.
"""

from __future__ import annotations

import logging
import threading

from django.db import connections

log = logging.getLogger(__name__)

#: How long the worker waits between two looks at an empty queue: the most
#: a task waits before it starts.
INTERVAL_SECONDS = 0.5
#: `manage.py db_worker`'s arguments, hosted: every queue, no random delay at start.
WORKER_ARGUMENTS = (
    "db_worker",
    "--queue-name",
    "*",
    "--interval",
    str(INTERVAL_SECONDS),
    "--no-startup-delay",
)


def runs_in_a_worker() -> bool:
    """Whether the tasks wait for a worker (the database backend), rather
    than run at once in the request that queues them (the immediate one)."""
    from django.tasks import DEFAULT_TASK_BACKEND_ALIAS, task_backends

    # The backend itself: `default_task_backend` is a proxy whose type says nothing.
    backend = task_backends[DEFAULT_TASK_BACKEND_ALIAS]
    return not type(backend).__name__.startswith("Immediate")


class WorkerThread:
    """django-tasks-db's worker in a thread (the hall server): `start()`,
    then `stop()`, which lets the task under way finish (up to `wait`
    seconds) and returns."""

    def __init__(self, *, name: str = "tasks") -> None:
        from django.tasks import DEFAULT_TASK_BACKEND_ALIAS
        from django.utils.crypto import get_random_string
        from django_tasks_db.management.commands.db_worker import Worker

        self.worker = Worker(
            queue_names=["*"],
            interval=INTERVAL_SECONDS,
            batch=False,
            backend_name=DEFAULT_TASK_BACKEND_ALIAS,
            startup_delay=False,
            max_tasks=None,
            worker_id=get_random_string(32),
            excluded_queue_names=[],
        )
        self.thread = threading.Thread(target=self._run, name=name, daemon=True)

    def _run(self) -> None:
        try:
            self.worker.run()
        except Exception:  # the hall goes on serving; the log says why
            log.exception("The task worker stopped")
        finally:
            connections.close_all()  # this thread's own

    def start(self) -> WorkerThread:
        self.thread.start()
        return self

    def stop(self, *, wait: float = 30.0) -> None:
        self.worker.running = False
        if self.thread.is_alive():
            self.thread.join(timeout=wait)

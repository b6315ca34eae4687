"""The sending as a task of Django's task framework, on the real database
backend (django-tasks-db): an agreement wakes it after the commit, and
while something waits it queues itself again a few minutes later, once."""

from __future__ import annotations

import datetime

import pytest
from django.tasks import TaskResultStatus
from django.test import override_settings
from django_tasks_db.models import DBTaskResult

from tests.factories import qualified_tournament
from tests.tournaments.features.messages.conftest import SmtpServer, agree, smtp_settings
from tournaments.features.messages.models import Message
from tournaments.features.messages.services import tasks

pytestmark = pytest.mark.django_db

DATABASE_TASKS = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend"}}


def ready() -> list[DBTaskResult]:
    return list(
        DBTaskResult.objects.filter(task_path=tasks.TASK_PATH, status=TaskResultStatus.READY)
    )


@override_settings(TASKS=DATABASE_TASKS)
def test_an_agreement_queues_the_sender_and_no_request_sends(
    finished, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        agree(finished.teams.get(number=1), "anne@example.org")
    (queued,) = ready()
    assert not Message.objects.exists()  # queued as a task, not sent here
    assert queued.run_after.year == 9999  # at once (django-tasks-db's « no delay »)


@override_settings(TASKS=DATABASE_TASKS)
def test_without_a_connection_the_sender_tries_again_in_five_minutes_once(finished, clock):
    agree(finished.teams.get(number=1), "anne@example.org")
    with smtp_settings(SmtpServer().port):  # nobody listens there
        tasks.send_due_messages.call()
        tasks.send_due_messages.call()
    (retry,) = ready()
    assert retry.run_after - clock.now == datetime.timedelta(minutes=5)
    assert Message.objects.get().state == Message.State.QUEUED


@override_settings(TASKS=DATABASE_TASKS)
def test_a_result_awaited_keeps_the_sender_looking_until_it_leaves(organizer, smtp):
    from tournaments.services import claims

    tournament = qualified_tournament(owner=organizer, teams=4, parties=1, claims_window=True)
    agree(tournament.teams.get(number=1), "anne@example.org")
    tasks.send_due_messages.call()
    assert len(ready()) == 1  # the claims window is open: it looks again later
    DBTaskResult.objects.all().delete()
    claims.close_claims(round=tournament.rounds.get())
    tasks.send_due_messages.call()
    assert len(smtp.inbox.received) == 1
    assert ready() == []  # nothing left to wait for


def test_with_the_immediate_backend_an_agreement_wakes_nothing(
    finished, django_capture_on_commit_callbacks
):
    """The tests' (and a misconfigured site's) immediate backend would send
    in the request: the agreement then leaves the sending to send_messages."""
    from tournaments.infra.tasks import runs_in_a_worker

    assert not runs_in_a_worker()
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        agree(finished.teams.get(number=1), "anne@example.org")
    assert callbacks == []
    assert not Message.objects.exists()


@override_settings(TASKS=DATABASE_TASKS)
def test_the_database_backend_runs_in_a_worker():
    from tournaments.infra.tasks import runs_in_a_worker

    assert runs_in_a_worker()


@override_settings(TASKS=DATABASE_TASKS)
def test_a_concours_published_from_the_laptop_wakes_the_sender_at_once(
    finished, django_capture_on_commit_callbacks
):
    """The laptop reached the hosted site: it has internet now, so what
    waits leaves at once rather than at the next try (the journey
    tests/browser/test_publish_journey.py shows the mail arriving)."""
    from tournaments import hooks

    agree(finished.teams.get(number=1), "anne@example.org")  # its wake not run here
    assert ready() == []
    with django_capture_on_commit_callbacks(execute=True):
        hooks.announce(hooks.CONCOURS_SENT, tournament=finished, by=finished.owner)
    (queued,) = ready()
    assert queued.run_after.year == 9999  # at once


@override_settings(TASKS=DATABASE_TASKS)
def test_a_publication_that_did_not_reach_the_site_wakes_nothing(
    finished, django_capture_on_commit_callbacks
):
    from tests.mail import free_port
    from tournaments.models import PublicationTarget
    from tournaments.services import publication

    agree(finished.teams.get(number=1), "anne@example.org")
    PublicationTarget.objects.create(
        owner=finished.owner, url=f"http://127.0.0.1:{free_port()}", key="bp_nobody"
    )
    with django_capture_on_commit_callbacks(execute=True):
        sent = publication.send_concours(tournament=finished, by=finished.owner)
    assert not sent.ok  # nobody listens there: the laptop is offline
    assert ready() == []

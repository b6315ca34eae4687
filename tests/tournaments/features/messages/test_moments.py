"""The core's moments (tournaments/hooks) this feature listens to: a
concours final queues the results of the teams who agreed, not while a
claims window holds them; a failure in writing them never undoes the
core's use-case; the dashboard shows the messages' line.

Most tests announce the moment as the core does (in the service's
transaction) to say what the handler does; the last one lets
services/rounds.close_round announce it."""

from __future__ import annotations

import pytest
from django.db import transaction

from tests.factories import add_deal, build_tournament, owned_transaction
from tests.tournaments.features.messages.conftest import agree
from tournaments import hooks
from tournaments.features.messages.models import Message
from tournaments.features.messages.services import outbox
from tournaments.models import Round, Tournament
from tournaments.services import rounds

pytestmark = pytest.mark.django_db


def last_partie(organizer, *, claims_window: bool) -> tuple[Tournament, Round]:
    from tests.factories import add_teams

    tournament = build_tournament(
        owner=organizer, parties=1, end_deals=1, claims_window=claims_window
    )
    add_teams(tournament, 4)
    rnd = rounds.draw_round(tournament=tournament, method=Round.DrawMethod.RANDOM, seed=1)
    for table in rnd.tables.filter(team_b__isnull=False):
        add_deal(table)
    return tournament, rnd


def close_and_announce(rnd: Round) -> None:
    with owned_transaction():
        rounds.close_round(round=rnd)
        hooks.announce(hooks.TOURNAMENT_FINAL, tournament=rnd.tournament, by=None)


@pytest.mark.parametrize(("claims_window", "queued"), [(False, 1), (True, 0)])
def test_closing_the_last_partie_queues_the_results_once_final(organizer, claims_window, queued):
    tournament, rnd = last_partie(organizer, claims_window=claims_window)
    agree(tournament.teams.get(number=1), "anne@example.org")
    close_and_announce(rnd)
    with transaction.atomic():  # announced again (claims closed by hand): queued once
        hooks.announce(hooks.TOURNAMENT_FINAL, tournament=tournament, by=None)
    assert Message.objects.filter(kind=Message.Kind.RESULT).count() == queued


def test_a_failure_in_the_messages_never_stops_the_closing(organizer, monkeypatch):
    tournament, rnd = last_partie(organizer, claims_window=False)
    agree(tournament.teams.get(number=1), "anne@example.org")

    def broken(tournament):
        raise RuntimeError("a template missing")

    monkeypatch.setattr(outbox, "queue_results", broken)
    close_and_announce(rnd)
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED
    assert not Message.objects.exists()


def test_the_dashboard_shows_the_messages_waiting(client, organizer, finished):
    agree(finished.teams.get(number=1), "anne@example.org")
    agree(finished.teams.get(number=2), "bruno@example.org")
    outbox.queue_results(finished)
    Message.objects.update(reason="Pas de connexion au serveur de courriel : [Errno 101]")
    client.force_login(organizer)
    page = client.get(f"/organisation/t/{finished.slug}/").content.decode()
    assert "2 messages en attente d&#x27;envoi — pas de connexion" in page
    assert f"/organisation/t/{finished.slug}/messages/" in page


def test_the_core_s_own_closing_announces_the_final_and_the_result_is_queued(organizer):
    """No announcement by the test: close_round announces TOURNAMENT_FINAL."""
    tournament, rnd = last_partie(organizer, claims_window=False)
    agree(tournament.teams.get(number=1), "anne@example.org")
    rounds.close_round(round=rnd)
    (message,) = Message.objects.all()
    assert (message.kind, message.to) == (Message.Kind.RESULT, "anne@example.org")
    assert message.state == Message.State.QUEUED  # the sender sends it, not the closing


def wants_its_table(organizer, *, release_draws: bool) -> Tournament:
    from tests.factories import add_teams
    from tournaments.features.messages.services import consent as consents

    tournament = build_tournament(owner=organizer, parties=2, release_draws=release_draws)
    add_teams(tournament, 4)
    consents.give_consent(
        tournament=tournament,
        team=tournament.teams.get(number=1),
        email="anne@example.org",
        wants=consents.Wants(table=True),
        source="desk",
    )
    return tournament


def tables_queued() -> list[str]:
    return list(Message.objects.filter(kind=Message.Kind.TABLE).values_list("subject", flat=True))


def test_a_draw_shown_at_once_queues_the_table_without_waiting_for_the_sender(organizer):
    tournament = wants_its_table(organizer, release_draws=False)
    rounds.draw_round(tournament=tournament, method=Round.DrawMethod.RANDOM, seed=1)
    (subject,) = tables_queued()
    assert subject.startswith("Partie 1 : table ")


def test_a_draft_queues_nothing_until_announced_then_the_table_at_once(
    organizer, django_capture_on_commit_callbacks, settings
):
    from django_tasks_db.models import DBTaskResult

    from tournaments.features.messages.services import tasks
    from tournaments.services import release

    tournament = wants_its_table(organizer, release_draws=True)
    rnd = rounds.draw_round(tournament=tournament, method=Round.DrawMethod.RANDOM, seed=1)
    assert tables_queued() == []  # a draft: the table may still change
    settings.TASKS = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend"}}
    with django_capture_on_commit_callbacks(execute=True):
        release.release_round(round=rnd, by=organizer)
    assert len(tables_queued()) == 1
    assert DBTaskResult.objects.filter(task_path=tasks.TASK_PATH).count() == 1  # woken


def test_a_failure_in_the_messages_never_stops_the_announcement(organizer, monkeypatch):
    from tournaments.services import release

    tournament = wants_its_table(organizer, release_draws=True)
    rnd = rounds.draw_round(tournament=tournament, method=Round.DrawMethod.RANDOM, seed=1)

    def broken(tournament):
        raise RuntimeError("a template missing")

    monkeypatch.setattr(outbox, "queue_tables", broken)
    with owned_transaction():
        release.release_round(round=rnd, by=organizer)
    rnd.refresh_from_db()
    assert rnd.released_at is not None
    assert tables_queued() == []

"""Several people saving at once: nothing is lost, nothing is silently
overwritten. Real threads, each with its own database connection (run on
SQLite and, in CI, on PostgreSQL)."""

from __future__ import annotations

import threading

import pytest
from django.db import connection, connections

from tests.factories import add_teams, owned_transaction
from tournaments.models import Deal, Table
from tournaments.services import errors as errors_services
from tournaments.services import rounds, scores

pytestmark = pytest.mark.django_db(transaction=True)

MADE = {"taker": "A", "trump": "H", "bid": 90, "points_a": 97}


def run_together(count: int, work) -> list[object]:
    """Start `count` threads at the same instant; return what each returned or raised."""
    barrier = threading.Barrier(count)
    results: list[object] = [None] * count

    def target(index: int) -> None:
        try:
            barrier.wait()
            results[index] = work(index)
        except Exception as exc:  # collected and checked by the test
            results[index] = exc
        finally:
            connections.close_all()

    threads = [threading.Thread(target=target, args=(i,)) for i in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    return results


@pytest.fixture
def open_table(make_tournament) -> Table:
    tournament = make_tournament(name="Concurrence")
    add_teams(tournament, 2)
    rnd = rounds.draw_round(tournament=tournament, seed=1)
    return rnd.tables.get()


def test_two_saves_from_the_same_version_one_wins_one_is_refused(open_table):
    version = open_table.version

    def save(index: int):
        return scores.record_deal(
            table=Table.objects.get(pk=open_table.pk),
            values={**MADE, "points_a": 97 + index},
            expected_version=version,
        )

    results = run_together(2, save)
    refused = [r for r in results if isinstance(r, errors_services.TournamentError)]
    saved = [r for r in results if isinstance(r, Deal)]
    assert len(saved) == 1 and len(refused) == 1, results
    assert refused[0].field == "version"
    assert Deal.objects.filter(table=open_table).count() == 1


def test_the_same_post_sent_twice_at_once_is_recorded_once(open_table):
    """A phone's retry racing its first post: one deal, and both answered
    with it."""
    version = open_table.version

    def save(index: int):
        return scores.record_deal(
            table=Table.objects.get(pk=open_table.pk), values=MADE, expected_version=version
        )

    results = run_together(2, save)
    assert all(isinstance(r, Deal) for r in results), results
    assert results[0].pk == results[1].pk
    assert Deal.objects.filter(table=open_table).count() == 1


def test_deals_added_at_once_are_all_kept_in_order(open_table):
    count = 6 if connection.vendor == "postgresql" else 4

    def add(index: int):
        return scores.record_deal(table=Table.objects.get(pk=open_table.pk), values=MADE)

    results = run_together(count, add)
    assert all(isinstance(r, Deal) for r in results), results
    numbers = sorted(Deal.objects.filter(table=open_table).values_list("number", flat=True))
    assert numbers == list(range(1, count + 1))
    open_table.refresh_from_db()
    assert open_table.total_a == 190 * count and open_table.version == 1 + count


@pytest.mark.skipif(
    connection.vendor != "postgresql", reason="SQLite writes one transaction at a time by design"
)
def test_a_save_at_one_table_never_waits_for_another_table(make_tournament):
    """No shared row: while one table's save is still in its transaction, a
    save at another table of the same tournament goes through (PostgreSQL).
    (The partie's very first deal marks the partie as started, once.)"""
    tournament = make_tournament(name="Sans file d'attente")
    add_teams(tournament, 6)
    first, second, third = rounds.draw_round(tournament=tournament, seed=1).tables.order_by(
        "number"
    )
    scores.record_deal(table=third, values=MADE)
    holding, release = threading.Event(), threading.Event()
    finished: list[float] = []

    def slow_save() -> None:
        try:
            with owned_transaction():
                scores.record_deal(table=Table.objects.get(pk=first.pk), values=MADE)
                holding.set()
                release.wait(timeout=20)
        finally:
            connections.close_all()

    def other_save() -> None:
        import time

        try:
            holding.wait(timeout=20)
            start = time.monotonic()
            with connection.cursor() as cursor:
                cursor.execute("SET lock_timeout = '3s'")
            scores.record_deal(table=Table.objects.get(pk=second.pk), values=MADE)
            finished.append(time.monotonic() - start)
        finally:
            release.set()
            connections.close_all()

    threads = [threading.Thread(target=slow_save), threading.Thread(target=other_save)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=40)
    assert finished, "the second table's save waited for the first one's transaction"
    assert Deal.objects.filter(table__round__tournament=tournament).count() == 3


def test_forty_tables_saving_at_once_give_no_error(make_tournament):
    """The hall at its busiest: 40 tables save a deal in the same instant on
    the SQLite file (WAL, busy timeout): every save goes through."""
    tournament = make_tournament(name="Quarante tables")
    add_teams(tournament, 80)
    tables = list(rounds.draw_round(tournament=tournament, seed=3).tables.order_by("number"))
    assert len(tables) == 40

    def save(index: int):
        table = Table.objects.get(pk=tables[index].pk)
        return scores.record_deal(table=table, values=MADE, expected_version=table.version)

    results = run_together(40, save)
    errors = [r for r in results if not isinstance(r, Deal)]
    assert not errors, errors[:3]
    assert Deal.objects.filter(table__round__tournament=tournament).count() == 40


@pytest.mark.skipif(connection.vendor != "sqlite", reason="the queue of SQLite's writers")
def test_a_write_waiting_for_another_waits_in_the_queue_not_on_sqlite(open_table):
    """A save that finds another save of the server in its transaction waits
    for its commit on the process's own queue, never in SQLite's busy
    handler (which sleeps up to 100 ms between tries, long after the lock
    was freed): with SQLite's wait turned off, it still goes through."""
    holding, release = threading.Event(), threading.Event()
    errors: list[Exception] = []

    def slow_save() -> None:
        try:
            with owned_transaction():
                scores.record_deal(table=Table.objects.get(pk=open_table.pk), values=MADE)
                holding.set()
                release.wait(timeout=20)
        finally:
            connections.close_all()

    def impatient_save() -> None:
        try:
            holding.wait(timeout=20)
            with connection.cursor() as cursor:
                cursor.execute("PRAGMA busy_timeout = 0")
            threading.Timer(0.3, release.set).start()
            scores.record_deal(table=Table.objects.get(pk=open_table.pk), values=MADE)
        except Exception as exc:  # collected and checked by the test
            errors.append(exc)
        finally:
            release.set()
            connections.close_all()

    threads = [threading.Thread(target=slow_save), threading.Thread(target=impatient_save)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=40)
    assert not errors, errors
    assert Deal.objects.filter(table=open_table).count() == 2


def test_a_refused_save_leaves_the_database_free_for_the_next(open_table):
    """A save refused inside its transaction (rolled back) lets the next
    one through at once: the writers' queue is left whole."""
    with pytest.raises(errors_services.TournamentError):
        scores.record_deal(table=open_table, values={**MADE, "points_a": 200})
    assert isinstance(scores.record_deal(table=open_table, values=MADE), Deal)
    assert Deal.objects.filter(table=open_table).count() == 1

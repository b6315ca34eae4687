"""The phone's waiting deals sent in one request when the hall's server comes
back (views/table_side_batch.py, static/js/outbox.js): recorded in order,
each at the version it was first sent with; the same batch sent again (its
answer lost) records nothing twice; it stops at the first deal refused and
says how many it took; bad or foreign input records nothing."""

from __future__ import annotations

import json

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests import factories
from tournaments.infra import links
from tournaments.models import Change

pytestmark = pytest.mark.django_db


def deal(points: int) -> list[list[str]]:
    return [["taker", "n"], ["trump", "c"], ["bid", "90"], ["points", str(points)]]


def send(client, table, entries, **headers):
    return client.post(
        links.entry_path(table) + "donnes/", {"entries": json.dumps(entries)}, **headers
    )


@pytest.fixture
def phone(client, table):
    client.post(links.entry_path(table) + "code/", {"code": table.code_a})
    return client


def test_three_waiting_deals_are_recorded_in_order_and_once(phone, table):
    v = table.version
    batch = [{"fields": deal(p), "version": v + i} for i, p in enumerate((97, 110, 82))]
    answer = send(phone, table, batch, HTTP_X_OUTBOX_WAITING="3")
    assert answer.status_code == 200
    assert answer.json() == {"saved": 3, "version": v + 3}
    assert list(table.deals.order_by("number").values_list("number", "points_a")) == [
        (1, 97),
        (2, 110),
        (3, 82),
    ]
    # The answer was lost: the phone sends the same batch again.
    again = send(phone, table, batch)
    assert again.json() == {"saved": 3, "version": v + 3}
    assert table.deals.count() == 3
    assert Change.objects.filter(table=table, action="deal_added").count() == 3


def test_it_stops_at_the_first_deal_refused(phone, table):
    v = table.version
    batch = [
        {"fields": deal(97), "version": v},
        {"fields": deal(170), "version": v + 1},  # more than 162 card points
        {"fields": deal(82), "version": v + 2},
    ]
    assert send(phone, table, batch).json() == {"saved": 1, "version": v + 1}
    assert list(table.deals.values_list("points_a", flat=True)) == [97]


def test_the_desk_changed_the_table_meanwhile_nothing_is_overwritten(phone, table):
    v = table.version
    factories.add_deal(table)  # the desk typed a deal: the table moved on
    answer = send(
        phone, table, [{"fields": deal(97), "version": v}, {"fields": deal(120), "version": v + 1}]
    )
    assert answer.json()["saved"] == 0
    assert table.deals.count() == 1


@pytest.mark.parametrize(
    "entries",
    [
        "not json",
        "[]",
        json.dumps([{"fields": deal(97)}]),  # no version
        json.dumps([{"fields": "taker=n", "version": 1}]),
        json.dumps([{"fields": [["taker"]], "version": 1}]),
        json.dumps([{"fields": deal(97), "version": 1}] * 51),
        json.dumps({"fields": deal(97), "version": 1}),
    ],
)
def test_a_batch_that_is_not_one_records_nothing(phone, table, entries):
    answer = phone.post(links.entry_path(table) + "donnes/", {"entries": entries})
    assert answer.status_code == 400
    assert table.deals.count() == 0


def test_without_the_teams_code_nothing_is_recorded(client, table):
    answer = send(client, table, [{"fields": deal(97), "version": table.version}] * 2)
    assert answer.status_code == 403
    assert table.deals.count() == 0


def test_a_deal_the_table_refuses_mid_batch_is_rolled_back_alone(phone, table):
    v = table.version
    batch = [
        {"fields": deal(97), "version": v},
        {"fields": deal(110), "version": v + 1},
        {"fields": deal(120), "version": v + 7},  # a version the table never had
        {"fields": deal(82), "version": v + 3},
    ]
    assert send(phone, table, batch).json() == {"saved": 2, "version": v + 2}
    assert list(table.deals.order_by("number").values_list("points_a", flat=True)) == [97, 110]
    assert Change.objects.filter(table=table, action="deal_added").count() == 2


@pytest.mark.django_db(transaction=True)
def test_a_batch_is_written_in_one_transaction(client, table):
    """The server's return: 40 phones send what they kept. One commit (one
    write to disk) a batch, not one a deal, is what makes it quick."""
    client.post(links.entry_path(table) + "code/", {"code": table.code_a})
    v = table.version
    batch = [{"fields": deal(82 + i), "version": v + i} for i in range(6)]
    with CaptureQueriesContext(connection) as queries:
        assert send(client, table, batch).json() == {"saved": 6, "version": v + 6}
    begun = [q["sql"] for q in queries.captured_queries if q["sql"].startswith("BEGIN")]
    assert len(begun) == 1
    assert table.deals.count() == 6
    # Cheap as well: a handful of statements a deal, whatever the batch.
    assert len(queries.captured_queries) <= 12 + 3 * len(batch)


def test_a_batch_records_what_the_same_deals_sent_one_by_one_record(phone, table):
    """Scored together, the deals get the marques, totals, versions and
    audit keys of single posts: a phone that sends one alone after a lost
    answer is recognised either way."""
    other = table.round.tables.exclude(pk=table.pk).filter(team_b__isnull=False).first()
    assert other.version == table.version
    points = (97, 81, 120, 162)
    v = table.version
    send(phone, table, [{"fields": deal(p), "version": v + i} for i, p in enumerate(points)])
    alone = phone.__class__()
    alone.post(links.entry_path(other) + "code/", {"code": other.code_a})
    for i, p in enumerate(points):
        form = dict(deal(p), version=str(v + i))
        assert alone.post(links.entry_path(other) + "donne/", form).status_code in (200, 302)

    def state(t):
        t.refresh_from_db()
        marques = list(t.deals.order_by("number").values_list("number", "marque_a", "marque_b"))
        keys = list(Change.objects.filter(table=t).order_by("pk").values_list("request_key"))
        return marques, (t.total_a, t.total_b, t.version, t.entry_state, t.entered_by), keys

    assert state(table) == state(other)


def test_the_deals_after_the_end_of_the_partie_are_refused(phone, table):
    v = table.version
    batch = [{"fields": deal(82 + i), "version": v + i} for i in range(14)]
    answer = send(phone, table, batch).json()
    table.refresh_from_db()
    assert table.status == table.Status.COMPLETE
    assert answer == {"saved": table.deals.count(), "version": table.version}
    assert table.deals.count() == 12  # the partie's end, as a single post says

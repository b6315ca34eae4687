"""A retry never doubles a deal.

A phone (or the desk's laptop) that lost the answer sends the very same
post again. Every endpoint that records or changes deals, totals or
penalties carries the table's version; the replay records nothing and is
answered as the first post was (the same redirect or the same page, never
an error). One test per endpoint: post, post the same body again, count."""

from __future__ import annotations

import pytest
from django.contrib.messages import get_messages
from django.urls import reverse

from tests import factories
from tournaments.infra import links
from tournaments.models import Change, Table

pytestmark = pytest.mark.django_db

TYPED = {"taker": "NS", "trump": "♥", "bid": "90", "coinche": "", "points": "97"}
CHANGED = {"taker": "EO", "trump": "♠", "bid": "80", "coinche": "", "points": "100"}


@pytest.fixture
def desk(client, organizer):
    client.force_login(organizer)
    return client


def desk_url(table: Table, name: str) -> str:
    return reverse(
        f"tournaments:{name}", args=[table.round.tournament.slug, table.round.number, table.number]
    )


def phone_url(table: Table, name: str) -> str:
    return reverse(f"tournaments:{name}", args=[links.entry_token(table)])


def twice(client, url: str, body: dict, **headers):
    """The same post sent twice; the two answers, with their messages."""
    answers = []
    for _ in range(2):
        response = client.post(url, body, **headers)
        said = []
        if response.status_code == 302:  # the page it leads to says what was done
            shown = client.get(response["Location"])
            said = [str(m) for m in get_messages(shown.wsgi_request)]
        answers.append((response, said))
    return answers


def same_answer(first, again) -> None:
    (one, said_one), (two, said_two) = first, again
    assert two.status_code == one.status_code < 400
    assert two.get("Location") == one.get("Location")
    assert said_two == said_one
    assert "modifiée par quelqu" not in two.text and "errorlist" not in two.text


def lines(table: Table, action: str) -> int:
    return Change.objects.filter(table=table, action=action).count()


# --- The table's phone ---------------------------------------------------------------


def test_a_deal_sent_twice_from_the_phone_is_recorded_once(client, table):
    client.post(phone_url(table, "table_side_claim"), {"code": table.code_a})
    first, again = twice(
        client,
        phone_url(table, "table_side_deal"),
        {**TYPED, "version": table.version},
        HTTP_HX_REQUEST="true",
    )
    same_answer(first, again)
    assert again[0]["HX-Trigger"] == "dealSaved"
    assert table.deals.count() == 1 and lines(table, Change.Action.DEAL_ADDED) == 1


def test_a_correction_sent_twice_from_the_phone_is_recorded_once(client, table):
    client.post(phone_url(table, "table_side_claim"), {"code": table.code_a})
    client.post(phone_url(table, "table_side_deal"), {**TYPED, "version": table.version})
    table.refresh_from_db()
    first, again = twice(
        client,
        phone_url(table, "table_side_deal"),
        {**CHANGED, "number": 1, "version": table.version},
    )
    same_answer(first, again)
    assert lines(table, Change.Action.DEAL_CHANGED) == 1
    assert list(table.deals.values_list("taker", flat=True)) == ["B"]


def test_the_last_deal_sent_again_after_the_confirmation_changes_nothing(client, table):
    factories.enter_from_the_table(table, count=11)
    client.post(phone_url(table, "table_side_claim"), {"code": table.code_a})
    last = {**TYPED, "version": table.version}
    client.post(phone_url(table, "table_side_deal"), last)
    table.refresh_from_db()
    other = client.__class__()
    other.post(
        phone_url(table, "table_side_confirm"), {"code": table.code_b, "version": table.version}
    )
    response = client.post(phone_url(table, "table_side_deal"), last)
    assert response.status_code == 200 and "modifiée par quelqu" not in response.text
    table.refresh_from_db()
    assert table.deals.count() == 12 and table.entry_state == Table.EntryState.CONFIRMED


@pytest.mark.parametrize("answer", ["confirm", "dispute"])
def test_the_other_teams_answer_sent_twice_is_recorded_once(client, table, answer):
    factories.enter_from_the_table(table)
    body = {"code": table.code_b, "version": table.version, "action": answer}
    if answer == "dispute":
        body.update(total_a="2200", total_b="920")
    first, again = twice(client, phone_url(table, "table_side_confirm"), body)
    same_answer(first, again)
    action = Change.Action.TABLE_CONFIRMED if answer == "confirm" else Change.Action.TABLE_DISPUTED
    assert lines(table, action) == 1


# --- The desk ---------------------------------------------------------------------


@pytest.mark.parametrize("htmx", [False, True], ids=["page", "htmx"])
def test_a_deal_sent_twice_from_the_desk_is_recorded_once(desk, table, htmx):
    headers = {"HTTP_HX_REQUEST": "true"} if htmx else {}
    first, again = twice(
        desk, desk_url(table, "deal_save"), {**TYPED, "version": table.version}, **headers
    )
    same_answer(first, again)
    assert table.deals.count() == 1 and lines(table, Change.Action.DEAL_ADDED) == 1


def test_a_correction_sent_twice_from_the_desk_is_recorded_once(desk, table):
    factories.add_deal(table)
    table.refresh_from_db()
    first, again = twice(
        desk, desk_url(table, "deal_save"), {**CHANGED, "number": 1, "version": table.version}
    )
    same_answer(first, again)
    assert lines(table, Change.Action.DEAL_CHANGED) == 1


def test_deleting_the_last_deal_sent_twice_deletes_one_deal(desk, table):
    factories.add_deal(table)
    factories.add_deal(table)
    table.refresh_from_db()
    first, again = twice(desk, desk_url(table, "deal_delete"), {"version": table.version})
    same_answer(first, again)
    assert table.deals.count() == 1 and lines(table, Change.Action.DEAL_DELETED) == 1


def test_totals_sent_twice_are_recorded_once(desk, make_tournament):
    tournament = make_tournament(name="Aux totaux", score_entry="totals")
    factories.add_teams(tournament, 2)
    table = factories.first_table(factories.draw_random_round(tournament))
    first, again = twice(
        desk, desk_url(table, "totals"), {"total_a": 1250, "total_b": 800, "version": table.version}
    )
    same_answer(first, again)
    assert lines(table, Change.Action.TOTALS) == 1


def test_a_totals_only_sheet_sent_twice_is_recorded_once(desk, table):
    first, again = twice(
        desk, desk_url(table, "totals"), {"total_a": 1250, "total_b": 800, "version": table.version}
    )
    same_answer(first, again)
    table.refresh_from_db()
    assert table.totals_only and lines(table, Change.Action.TOTALS) == 1


def test_a_penalty_sent_twice_is_recorded_once(desk, table):
    body = {"team": table.team_b_id, "points": -162, "reason": "renonce", "version": table.version}
    first, again = twice(desk, desk_url(table, "penalty"), body)
    same_answer(first, again)
    assert table.penalties.count() == 1 and lines(table, Change.Action.PENALTY) == 1
    table.refresh_from_db()
    assert table.total_b == -162


def test_a_validation_sent_twice_is_recorded_once(desk, table):
    factories.enter_from_the_table(table)
    first, again = twice(desk, desk_url(table, "table_validate"), {})
    same_answer(first, again)
    assert lines(table, Change.Action.TABLE_VALIDATED) == 1


@pytest.mark.parametrize("name", ["deal_save", "deal_delete", "totals", "penalty"])
def test_a_desk_post_without_the_tables_version_records_nothing(desk, table, name):
    if name == "deal_delete":
        factories.add_deal(table)
    body = {
        "deal_save": TYPED,
        "deal_delete": {},
        "totals": {"total_a": 1250, "total_b": 800},
        "penalty": {"team": table.team_b_id, "points": -162, "reason": "renonce"},
    }[name]
    before = Change.objects.filter(table=table).count()
    response = desk.post(desk_url(table, name), body, follow=True)
    assert response.status_code in (200, 422)
    assert "rechargez la page" in response.text
    assert Change.objects.filter(table=table).count() == before

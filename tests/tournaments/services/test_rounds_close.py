"""A partie closes only when every table is finished and settled."""

from __future__ import annotations

import pytest

from tests.factories import enter_from_the_table
from tournaments.models import Round
from tournaments.services import errors, rounds, table_side

pytestmark = pytest.mark.django_db

MADE = {"taker": "A", "trump": "H", "bid": 90, "points_a": 97}


def finish_from_phone(table) -> None:
    enter_from_the_table(table, side="A")


def test_a_disputed_table_keeps_the_partie_open_until_settled(round1, organizer):
    first, second = round1.tables.order_by("number")
    finish_from_phone(first)
    finish_from_phone(second)
    table_side.confirm_table(table=first, code=first.code_b)
    table_side.confirm_table(table=second, code=second.code_b, totals=(2000, 900))
    with pytest.raises(errors.TournamentError) as refused:
        rounds.close_round(round=round1, by=organizer)
    assert "contestées" in refused.value.message and "2" in refused.value.message
    round1.refresh_from_db()
    assert round1.status != Round.Status.CLOSED
    table_side.validate_table(table=second, by=organizer)
    rounds.close_round(round=round1, by=organizer)
    round1.refresh_from_db()
    assert round1.status == Round.Status.CLOSED


def test_closing_names_the_unfinished_and_the_disputed_tables(round1, organizer):
    first = round1.tables.order_by("number").first()
    finish_from_phone(first)
    table_side.confirm_table(table=first, code=first.code_b, totals=(1, 2))
    with pytest.raises(errors.TournamentError) as refused:
        rounds.close_round(round=round1, by=organizer)
    assert "pas encore terminées : 2." in refused.value.message
    assert "à trancher d'abord : 1." in refused.value.message

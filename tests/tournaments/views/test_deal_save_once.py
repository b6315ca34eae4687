"""The one save of a deal for both doors (views/grid.py, `save_deal`): a
refused save reads its table again once, a wrong form not at all, and the
refusal's status says whether the table moved meanwhile."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tournaments.forms.entry import DealForm
from tournaments.models import Table
from tournaments.services import errors
from tournaments.views.grid import save_deal

MADE = {"taker": "NS", "trump": "♥", "bid": "90", "coinche": "", "points": "97"}

pytestmark = pytest.mark.django_db


@pytest.fixture
def reads(monkeypatch):
    """How many times a table is read again."""
    counted = []
    original = Table.refresh_from_db

    def counting(self, *args, **kwargs):
        counted.append(self.pk)
        return original(self, *args, **kwargs)

    monkeypatch.setattr(Table, "refresh_from_db", counting)
    return counted


def _form(table, **typed) -> DealForm:
    return DealForm(
        {**MADE, "version": table.version, **typed}, rules=table.round.tournament.rule_profile
    )


@pytest.mark.parametrize(
    ("error", "status"),
    [
        (errors.TournamentError("moved", field="version"), 409),
        (errors.TournamentError("refused", field="points"), 422),
    ],
)
def test_a_refused_save_reads_its_table_once_and_says_why(table, reads, error, status):
    def refusing(**typed):
        raise error

    form = _form(table)
    saved = save_deal(form, table, refusing)
    assert (saved.deal, saved.status, reads) == (None, status, [table.pk])
    assert form.errors


def test_a_wrong_form_reads_nothing_again_and_records_nothing(table, reads):
    recorded = []
    saved = save_deal(_form(table, points="abc"), table, lambda **typed: recorded.append(typed))
    assert (saved.deal, saved.status, reads, recorded) == (None, 422, [], [])


def test_the_desk_door_refused_for_an_old_version_reads_the_table_once(
    client, organizer, table, reads
):
    client.force_login(organizer)
    rnd = table.round
    url = reverse("tournaments:deal_save", args=[rnd.tournament.slug, rnd.number, table.number])
    table.refresh_from_db()
    reads.clear()
    # A version the table does not have (changed meanwhile): refused (the
    # whole page, whose status says it; htmx is answered 200).
    stale = client.post(url, {**MADE, "version": table.version + 1})
    assert stale.status_code == 409
    assert reads == [table.pk]

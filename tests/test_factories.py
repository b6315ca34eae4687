"""The shared fixtures build what their names promise, one on top of the other."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.django_db


def test_the_fixture_chain_ends_in_a_deal_scored_at_the_first_table(organizer, deal):
    table = deal.table
    assert table.number == 1
    assert table.round.number == 1
    assert table.round.tournament.owner == organizer
    assert table.round.tournament.teams.count() == 4
    assert (deal.number, deal.marque_a, deal.marque_b, deal.outcome) == (1, 190, 70, "made")

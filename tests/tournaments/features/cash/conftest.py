"""The builders of the cash box's tests, once for the folder."""

from __future__ import annotations

import pytest

from tests import factories
from tournaments.features.cash import services as cash


@pytest.fixture
def make_cash_box(make_tournament):
    """A concours whose cash box is open at 10 € a team, with `teams` teams
    (its other fields as given); returns the tournament."""

    def make(teams: int = 6, **fields):
        tournament = make_tournament(cash_enabled=True, entry_fee_cents=1000, **fields)
        factories.add_teams(tournament, teams)
        return tournament

    return make


@pytest.fixture
def open_cash(make_cash_box):
    """A concours of 6 teams at 10 € a team, its cash box open."""
    return make_cash_box()


@pytest.fixture
def cashed(make_cash_box):
    """6 teams at 10 € a team, 4 paid; a bar and lots bought."""
    tournament = make_cash_box()
    teams = list(tournament.teams.order_by("number"))
    for team, method in zip(teams[:4], ["cash", "cash", "cheque", "other"], strict=True):
        cash.record_payment(entrant=team, method=method)
    cash.add_cash_entry(tournament=tournament, kind="income", label="Buvette", amount_cents=18550)
    cash.add_cash_entry(
        tournament=tournament, kind="expense", label="Lots achetés", amount_cents=24000
    )
    return tournament


@pytest.fixture
def desk(client, organizer):
    """The organizer's browser, signed in."""
    client.force_login(organizer)
    return client

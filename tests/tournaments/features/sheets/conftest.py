"""The photographed sheets' tests: a concours of 4 teams, its first partie
drawn and announced, the organizer signed in at the desk. Their photos are
made by builders.py (the app's own sheet printed, filled in and
photographed: bench/sheet_photos.py)."""

from __future__ import annotations

import pytest

from tests import factories
from tests.factories import add_teams, draw_random_round, first_table


@pytest.fixture
def sheet_table(tournament):
    add_teams(tournament, 4)
    return first_table(draw_random_round(tournament))


@pytest.fixture
def rnd(tournament):
    tournament.sheets_enabled = True  # the desk reads this concours's sheets from photos
    tournament.save(update_fields=["features"])
    factories.add_teams(tournament, 4)
    return factories.draw_random_round(tournament)


@pytest.fixture
def table(rnd):
    return factories.first_table(rnd)


@pytest.fixture
def desk(client, organizer):
    client.force_login(organizer)
    return client

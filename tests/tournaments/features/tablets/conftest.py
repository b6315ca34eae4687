"""The builders of the club's tablets' tests, once for the folder."""

from __future__ import annotations

import pytest

from tests import factories


@pytest.fixture
def concours(make_tournament):
    """Six teams (three tables), one deal ends a partie; partie 1 drawn."""
    tournament = make_tournament(parties=3, end_deals=1)
    factories.add_teams(tournament, 6)
    factories.draw_random_round(tournament, seed=1)
    return tournament


@pytest.fixture
def desk(client, organizer):
    """The organizer's browser, signed in."""
    client.force_login(organizer)
    return client

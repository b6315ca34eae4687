"""The fixtures of the leagues' tests, once for the folder; the builders
that tests (and the browser journeys) call directly are in builders.py."""

from __future__ import annotations

import pytest

from tests.tournaments.features.leagues.builders import three_stage_league


@pytest.fixture
def league(organizer):
    """A published league of three stages, its qualifiers played and final."""
    league = three_stage_league(organizer)
    league.published = True
    league.save()
    return league

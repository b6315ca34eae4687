"""The fixtures of the calendar's tests, once for the folder; the builders
that tests (and the core's tests of the home and the publication) call
directly are in builders.py."""

from __future__ import annotations

import pytest

from tests.tournaments.features.calendar.builders import announce


@pytest.fixture
def announced(organizer):
    """The organizer's concours announced ten days ahead, without a maximum:
    Saint-Éloi, at Mâcon's Salle des fêtes, 10 € a team."""
    return announce(organizer)

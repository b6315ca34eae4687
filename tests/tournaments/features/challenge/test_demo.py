"""The demo's season challenge (`manage.py demo` announces `DEMO_BUILT`):
three evenings, the players matched across partners. The demo is built once
for the module (`demo_of_the_module`, tests/conftest.py)."""

from __future__ import annotations

import pytest

from demo.management.commands.demo import DEMO_SLUG
from tournaments.features.challenge.models import Challenge
from tournaments.features.challenge.queries import board

# same_queries: the demo is built on PostgreSQL by tests/tournaments/test_demo.py
# (its challenge included), and `board` is read there by test_ranking.py: on
# that tier this file built the demo once more (22 s) to ask nothing new.
pytestmark = [pytest.mark.django_db, pytest.mark.same_queries]


def test_the_demo_says_its_challenge(demo_of_the_module):
    assert "Challenge créé : « Challenge de coinche de Saint-Éloi (démo) »." in demo_of_the_module


def test_the_demo_has_a_three_evening_challenge_across_partners(demo_of_the_module):
    challenge = Challenge.objects.get()
    assert challenge.published
    result = board(challenge)
    assert [t.parties for t in result.evenings] == [3, 3, 4]
    assert [t.teams.count() for t in result.evenings] == [8, 8, 24]
    assert result.evenings[-1].slug == DEMO_SLUG
    # Players of the small evenings are matched to the concours (by licence
    # or by name): someone played all three, and 48 players in all.
    assert len(result.lines) == 48
    assert max(line.played for line in result.lines) == 3
    assert any(not line.qualified for line in result.lines)
    assert any(not s.counted for line in result.lines for s in line.scores)

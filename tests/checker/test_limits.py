"""The limits of a concours file counted before anything is recomputed
(checker/limits.py, issue 35): each at its limit passes, one
more is refused, whatever the rest of the file."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from checker import limits
from checker.generate import generate
from tournaments.models.tournament import MAX_PLANNED_ROUNDS, MAX_ROUNDS


def concours(*, teams=2, qualifying=1, final=0, tables=1, deals=1) -> dict:
    """A file of the given counts (tables spread over the parties)."""
    rounds = [{"stage": "qualifying", "tables": []} for _ in range(qualifying)]
    rounds += [{"stage": "bracket", "tables": []} for _ in range(final)]
    for n in range(tables):
        rounds[n % len(rounds)]["tables"].append({"deals": [{}] * deals})
    return {"teams": [{}] * teams, "rounds": rounds}


@pytest.mark.parametrize(
    ("counts", "what"),
    [
        ({"teams": limits.MAX_TEAMS}, None),
        ({"teams": limits.MAX_TEAMS + 1}, "teams"),
        ({"qualifying": limits.MAX_QUALIFYING}, None),
        ({"qualifying": limits.MAX_QUALIFYING + 1}, "qualifying"),
        ({"qualifying": 20, "final": limits.MAX_PARTIES - 20}, None),
        ({"qualifying": 20, "final": limits.MAX_PARTIES - 19}, "parties"),
        ({"qualifying": 600}, "parties"),
        ({"tables": limits.MAX_TABLES}, None),
        ({"tables": limits.MAX_TABLES + 1}, "tables"),
        ({"deals": limits.MAX_DEALS_AT_A_TABLE}, None),
        ({"deals": limits.MAX_DEALS_AT_A_TABLE + 1}, "deals_at_a_table"),
        ({"tables": 1000, "deals": 50}, None),
        ({"tables": 1001, "deals": 50}, "deals"),
    ],
)
def test_each_limit_passes_at_its_value_and_refuses_one_more(counts, what):
    found = limits.excess(concours(**counts))
    assert (found.what if found else None) == what


def test_the_limits_of_the_file_are_the_apps_own_bounds_on_parties():
    assert (limits.MAX_QUALIFYING, limits.MAX_PARTIES) == (MAX_PLANNED_ROUNDS, MAX_ROUNDS)


@pytest.mark.parametrize("doc", [{}, {"teams": "x", "rounds": 3}, {"rounds": [1, {"tables": 2}]}])
def test_a_part_of_the_wrong_type_is_left_to_the_checker(doc):
    assert limits.excess(doc) is None


@settings(deadline=None, max_examples=40)
@given(st.integers(2, 40), st.integers(1, 6), st.integers(0, 10_000), st.sampled_from([None, 2, 6]))
def test_a_generated_concours_is_within_every_limit(teams, parties, seed, deals):
    assert limits.excess(generate(teams=teams, parties=parties, seed=seed, deals=deals)) is None

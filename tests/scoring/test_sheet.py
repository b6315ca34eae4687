"""The organizers' sum checks a totals-only sheet: it holds for every game the
engine scores under a checkable profile, and names the likely mistake."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import scoring
from scoring.sheet import checkable, expected_total, likely_mistakes

CLASSIC = scoring.Rules.from_preset("ffb-belote", announcements=False)


@pytest.mark.parametrize(
    ("preset", "overrides", "expected"),
    [
        ("ffb-belote", {"announcements": False}, True),
        ("ffb-belote", {}, False),
        ("ffb-belote", {"announcements": False, "rounding": "nearest"}, False),
        ("ffb-coinche", {}, False),
        ("contree-faits", {}, False),
    ],
)
def test_only_classic_belote_without_announcements_or_rounding_is_checkable(
    preset, overrides, expected
) -> None:
    assert checkable(scoring.Rules.from_preset(preset, **overrides)) is expected


def capots_marked_252(deals, rules) -> int:
    """Capots made by the takers; capots against them too under chute_capot=full."""
    return sum(
        1
        for deal in deals
        if deal.get("capot") and (deal["capot"] == deal.get("taker") or rules.chute_capot == "full")
    )


@settings(max_examples=400, deadline=None)
@given(seed=st.integers(0, 2**32), count=st.integers(1, 16), full=st.booleans())
def test_the_sum_holds_for_every_game_the_engine_scores(seed, count, full) -> None:
    rules = scoring.Rules.from_preset(
        "ffb-belote", announcements=False, chute_capot="full" if full else "flat"
    )
    rng = random.Random(seed)
    deals = [scoring.random_deal(rng, rules) for _ in range(count)]
    result = scoring.score_game(deals, rules, {"deals": count})
    played = [d for d in deals if d.get("taker")]
    belotes = sum(sum((d.get("belote") or {}).values()) for d in played)
    capots = capots_marked_252(played, rules)
    expected = expected_total(rules, deals=len(played), belotes=belotes, capots=capots)
    # a litige still pending at the end is lost: its points are on no total
    assert sum(result.totals) + result.lost_pot == expected


@pytest.mark.parametrize(
    ("difference", "first"),
    [
        (0, None),
        (-162, "deal_missing"),
        (324, "deal_twice"),
        (-20, "belote_missing"),
        (90, "capot_twice"),
        (-81, "pot_lost"),
        (7, "addition"),
    ],
)
def test_a_difference_names_its_likely_cause(difference, first) -> None:
    found = likely_mistakes(difference)
    assert (found[0] if found else None) == first

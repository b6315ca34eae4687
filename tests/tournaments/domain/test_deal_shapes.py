"""The deal's three shapes convert into each other without losing anything."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import scoring
from tournaments.domain import deal_shapes

PROFILES = ["ffb-belote", "ffb-coinche", "contree-faits-annonces", "generale"]


def _rules(preset: str) -> scoring.Rules:
    """A preset, or « generale »: the coinche with la générale (issue 62),
    whose random deals carry générale bids and one player's capots."""
    if preset == "generale":
        return scoring.Rules.from_preset("ffb-coinche", generale="contract")
    return scoring.Rules.from_preset(preset)


@settings(max_examples=300, deadline=None)
@given(seed=st.integers(0, 2**32), preset=st.sampled_from(PROFILES))
def test_an_engine_deal_survives_the_stored_fields(seed, preset) -> None:
    rules = _rules(preset)
    deal = scoring.random_deal(random.Random(seed), rules)
    fields = deal_shapes.engine_to_fields(deal)
    again = deal_shapes.fields_to_engine(fields)
    assert scoring.score_deal(again, rules) == scoring.score_deal(deal, rules)


@pytest.mark.parametrize(
    "fields",
    [
        {"taker": "A", "trump": "H", "bid": 90, "points_a": 97, "coinche": 1},
        {"taker": "B", "trump": "S", "bid": None, "bid_capot": True, "capot": "B"},
        {"taker": "B", "trump": "C", "bid": 80, "points_b": 81, "belote_a": 1},
        {"taker": "A", "trump": "H", "bid_generale": True, "generale": "A"},
        {"taker": "A", "trump": "H", "bid": 100, "generale": "B"},
        {
            "taker": "A",
            "trump": "D",
            "bid": 100,
            "points_a": 110,
            "announcements": {"announcement_points": {"A": 50, "B": 20}},
        },
    ],
)
def test_a_stored_deal_comes_back_from_its_form(fields) -> None:
    full = {name: None for name in deal_shapes.DEAL_FIELDS} | {
        "bid_capot": False,
        "coinche": 0,
        "capot": "",
        "bid_generale": False,
        "generale": "",
        "belote_a": 0,
        "belote_b": 0,
        "announcements": {},
        "dealer": "",
    }
    full.update(fields)
    back = deal_shapes.form_to_fields(deal_shapes.fields_to_form(full))
    assert deal_shapes.fields_to_engine(back) == deal_shapes.fields_to_engine(full)


def test_a_classic_belote_form_has_no_contract_fields() -> None:
    fields = deal_shapes.form_to_fields(
        {"taker": "A", "trump": "H", "points": 97}, with_contract=False
    )
    assert not set(deal_shapes.CONTRACT_FIELDS) & set(fields)
    assert fields["points_a"] == 97 and fields["points_b"] is None


@pytest.mark.parametrize(
    ("taker", "points_a", "points_b", "shown"),
    [
        ("A", 97, None, 97),  # the takers' points, as the forms store them
        ("A", 97, 65, 97),
        ("A", None, 65, 97),  # only the defence's (a backup, a concours file, the demo)
        ("B", 65, None, 97),
        ("B", 0, None, 162),
        ("B", None, 0, 0),
        ("B", 162, None, 0),
        ("A", None, None, None),  # a capot: no points typed
        ("", 97, None, None),  # a passed deal has no taker
    ],
)
def test_the_takers_points_are_those_typed_or_162_minus_the_defences(
    taker, points_a, points_b, shown
) -> None:
    assert deal_shapes.taker_card_points(taker, points_a, points_b) == shown


def test_a_deal_stored_with_the_defences_points_opens_its_correction_with_the_takers() -> None:
    fields = {"taker": "B", "trump": "H", "points_a": 70, "announcements": {}}
    assert deal_shapes.fields_to_form(fields)["points"] == 92
    again = deal_shapes.form_to_fields(deal_shapes.fields_to_form(fields))
    assert (again["points_a"], again["points_b"]) == (None, 92)


def test_a_generale_survives_the_stored_fields() -> None:
    deal = {"taker": "A", "trump": "H", "bid": "generale", "generale": "A", "coinche": 1}
    fields = deal_shapes.engine_to_fields(deal)
    assert (fields["bid_generale"], fields["generale"], fields["bid"]) == (True, "A", None)
    assert deal_shapes.fields_to_engine(fields) == deal

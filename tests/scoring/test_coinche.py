"""Coinche FFB (SPEC §5) and the options that change it. Hand-derived."""

from __future__ import annotations

from typing import Any

import pytest

from scoring import Rules, score_deal


def coinche(**overrides: Any) -> Rules:
    return Rules.from_preset("ffb-coinche", **overrides)


CINQUANTE = {"kind": "cinquante", "high": "K", "suit": "S"}
TIERCE = {"kind": "tierce", "high": "Q", "suit": "C"}

CASES = [
    # Capot bid made: 252 + 250 = 502 → 500.
    (
        "a_capot_bid_made_adds_250",
        {},
        {"taker": "A", "bid": "capot", "capot": "A"},
        (500, 0),
        "made",
    ),
    # Capot bid failed (150 points, no capot): 160 + 250 = 410.
    (
        "a_capot_bid_without_all_tricks_is_a_chute",
        {},
        {"taker": "A", "bid": "capot", "points": {"A": 150}},
        (0, 410),
        "chute",
    ),
    # Unbid capot: 252 + B's cinquante 50 + 100 = 402 → 400.
    (
        "an_unbid_capot_takes_the_defence_announcements",
        {},
        {"taker": "A", "bid": 100, "capot": "A", "announcements": {"B": [CINQUANTE]}},
        (400, 0),
        "made",
    ),
    # Coinched capot (not bid): 2 × (250 + 100) = 700.
    (
        "a_coinched_capot_uses_a_base_of_250",
        {},
        {"taker": "A", "bid": 100, "coinche": 1, "capot": "A"},
        (700, 0),
        "made",
    ),
    # Coinched capot bid: 2 × (250 + 250) = 1000.
    (
        "a_coinched_capot_bid_doubles_250_plus_250",
        {},
        {"taker": "A", "bid": "capot", "coinche": 1, "capot": "A"},
        (1000, 0),
        "made",
    ),
    # 100 + 20 ≥ 90: 2 × (160 + 20 + 90) = 540.
    (
        "a_coinched_made_contract_doubles_the_takers_belote",
        {},
        {"taker": "A", "bid": 90, "coinche": 1, "points": {"A": 100}, "belote": {"A": 1}},
        (540, 0),
        "made",
    ),
    (
        "belote_multiplied_false_adds_the_belote_after_doubling",
        {"belote_multiplied": False},
        {"taker": "A", "bid": 90, "coinche": 1, "points": {"A": 100}, "belote": {"A": 1}},
        (520, 0),
        "made",
    ),
    # Defence belote stays with the defence, not multiplied: A 2 × 250, B 20.
    (
        "a_coinched_made_contract_leaves_the_defence_its_belote",
        {},
        {"taker": "A", "bid": 90, "coinche": 1, "points": {"A": 110}, "belote": {"B": 1}},
        (500, 20),
        "made",
    ),
    # Example 9 with ×3: 3 × (160 + 120) = 840.
    (
        "surcoinche_factor_3_triples",
        {"surcoinche_factor": 3},
        {"taker": "A", "bid": 120, "coinche": 2, "points": {"A": 95}, "belote": {"A": 1}},
        (20, 840),
        "chute",
    ),
    # bid_only: 81 ≥ 80 is enough: 81 + 80 = 161 → 160, 81 → 80.
    (
        "contract_test_bid_only_ignores_the_defence",
        {"contract_test": "bid_only"},
        {"taker": "A", "bid": 80, "points": {"A": 81}},
        (160, 80),
        "made",
    ),
    # 89 < 90 even though 89 → 90.
    (
        "rounding_never_makes_a_contract",
        {},
        {"taker": "A", "bid": 90, "points": {"A": 89}},
        (0, 250),
        "chute",
    ),
    # 85 + 20 ≥ 100 > 77: 105 + 100 = 205 → 210; 77 → 80.
    (
        "announcements_help_make_the_bid",
        {},
        {"taker": "A", "bid": 100, "points": {"A": 85}, "announcements": {"A": [TIERCE]}},
        (210, 80),
        "made",
    ),
    # Without announcements in the test: 85 < 100: 160 + 20 + 100 = 280.
    (
        "announcements_count_for_contract_false_uses_cards_and_belote",
        {"announcements_count_for_contract": False},
        {"taker": "A", "bid": 100, "points": {"A": 85}, "announcements": {"A": [TIERCE]}},
        (0, 280),
        "chute",
    ),
    (
        "takers_made_capot_give_160_plus_the_bid_by_default",
        {},
        {"taker": "A", "bid": 80, "capot": "B"},
        (0, 240),
        "chute",
    ),
    (
        "chute_capot_full_gives_250_plus_the_bid",
        {"chute_capot": "full"},
        {"taker": "A", "bid": 80, "capot": "B"},
        (0, 330),
        "chute",
    ),
    (
        "chute_base_162_raises_the_chute",
        {"chute_base": 162, "rounding": "none"},
        {"taker": "A", "bid": 80, "points": {"A": 60}},
        (0, 242),
        "chute",
    ),
    # 70 + 20 < 100: 160 + 20 (belote passes) + 100 = 280.
    (
        "an_unprotected_belote_joins_the_defence_on_a_chute",
        {"belote_protected": False},
        {"taker": "A", "bid": 100, "points": {"A": 70}, "belote": {"A": 1}},
        (0, 280),
        "chute",
    ),
    (
        "an_unprotected_belote_is_doubled_with_the_defence_points",
        {"belote_protected": False},
        {"taker": "A", "bid": 100, "coinche": 1, "points": {"A": 70}, "belote": {"A": 1}},
        (0, 560),
        "chute",
    ),
    (
        "rounding_none_marks_to_the_point",
        {"rounding": "none"},
        {"taker": "A", "bid": 90, "points": {"A": 97}},
        (187, 65),
        "made",
    ),
    # complement: 105 → 100 (5 down) + 90; defence 160 − 100 = 60.
    (
        "complement_rounding_rounds_the_takers_card_points_5_down",
        {"rounding": "complement"},
        {"taker": "A", "bid": 90, "points": {"A": 105}},
        (190, 60),
        "made",
    ),
    # nearest: 105 + 90 = 195 → 200; 57 → 60.
    (
        "nearest_rounding_rounds_195_up",
        {},
        {"taker": "A", "bid": 90, "points": {"A": 105}},
        (200, 60),
        "made",
    ),
    # The defence's announcements and belote on a chute: 160 + 50 + 20 + 80.
    (
        "a_chute_gives_the_defence_its_announcements_and_belote",
        {},
        {
            "taker": "A",
            "bid": 80,
            "points": {"A": 70},
            "belote": {"B": 1},
            "announcements": {"B": [CINQUANTE]},
        },
        (0, 310),
        "chute",
    ),
]


@pytest.mark.parametrize(
    ("overrides", "deal", "marques", "outcome"),
    [pytest.param(*case[1:], id=case[0]) for case in CASES],
)
def test_coinche(overrides: dict, deal: dict, marques: tuple, outcome: str) -> None:
    score = score_deal({"trump": "H", **deal}, coinche(**overrides))
    assert (score.a, score.b) == marques
    assert score.outcome == outcome


def test_coinche_never_creates_a_pot() -> None:
    score = score_deal({"taker": "B", "trump": "S", "bid": 80, "points": {"A": 81}}, coinche())
    assert (score.outcome, score.pot) == ("chute", 0)


def test_no_trump_contract_forbids_the_belote_but_counts_its_carres() -> None:
    deal = {
        "taker": "B",
        "trump": "SA",
        "bid": 100,
        "points": {"B": 90},
        "announcements": {"B": [{"kind": "carre", "high": "A"}]},
    }
    score = score_deal(deal, coinche(sa_ta=True))
    # 90 + 200 ≥ 100 and > 72: 290 + 100 = 390; 72 → 70.
    assert (score.a, score.b) == (70, 390)

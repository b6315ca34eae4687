"""« Pourquoi ? » for the club counts of a coinche (SPEC §7.1), the failed
capot bid at contrée and the defence capot of version 2 (§6): each new
formula is spelt out step by step, and arrives at score_deal's marques."""

from __future__ import annotations

from typing import Any

import pytest

from scoring import Rules, explain_deal, score_deal
from tests.scoring.test_explain import summary

FA = "contree-faits-annonces"

# (test id, rules, deal, the steps in a few words)
EXAMPLES: list[tuple[str, Rules, dict[str, Any], list[str]]] = [
    (
        "contract_only_chute_160_plus_2_x_90",
        Rules.from_preset(FA, coinche_count="contract_only"),
        {"taker": "A", "bid": 90, "trump": "H", "coinche": 1, "points": {"A": 70}},
        [
            "contract A 90 H ×2",
            "test 70 = 70 for 90 vs 92: chute",
            "A: 0",
            "B: 160 chute + 2 × (90 contract) = 340",
        ],
    ),
    (
        "contract_only_made_160_plus_2_x_100_plus_the_belote",
        Rules.from_preset(FA, coinche_count="contract_only"),
        {
            "taker": "A",
            "bid": 100,
            "trump": "H",
            "coinche": 1,
            "points": {"A": 90},
            "belote": {"A": 1},
        },
        [
            "contract A 100 H ×2",
            "test 90 + 20 belote = 110 for 100 vs 72: made",
            "A: 160 base + 2 × (100 contract) + 20 belote = 380",
            "B: 0",
        ],
    ),
    (
        "contract_only_coinche_with_announcements_unmultiplied",
        Rules.from_preset("ffb-coinche", coinche_count="contract_only"),
        {
            "taker": "A",
            "bid": 100,
            "trump": "H",
            "coinche": 1,
            "points": {"A": 118},
            "announcement_points": {"B": 50},
        },
        [
            "contract A 100 H ×2",
            "announcements 0/50",
            "test 118 = 118 for 100 vs 94: made",
            "A: 160 base + 50 announcements_other + 2 × (100 contract) = 410",
            "B: 0",
        ],
    ),
    (
        "points_multiplied_2_x_the_uncoinched_marque",
        Rules.from_preset(FA, coinche_count="points_multiplied"),
        {"taker": "A", "bid": 80, "trump": "H", "coinche": 1, "points": {"A": 88, "B": 74}},
        [
            "contract A 80 H ×2",
            "test 88 = 88 for 80 vs 74: made",
            "uncoinched A: 88 + 80 contract = 168 → 170",
            "A: 2 × (170 uncoinched) = 340",
            "B: 74 = 74 → 70",
        ],
    ),
    (
        "points_multiplied_belote_added_after_when_not_multiplied",
        Rules.from_preset(
            "ffb-coinche", coinche_count="points_multiplied", belote_multiplied=False
        ),
        {
            "taker": "A",
            "bid": 80,
            "trump": "H",
            "coinche": 1,
            "points": {"A": 100},
            "belote": {"A": 1},
        },
        [
            "contract A 80 H ×2",
            "test 100 + 20 belote = 120 for 80 vs 62: made",
            "uncoinched A: 100 + 20 belote + 80 contract = 200 → 200",
            "belote A not_multiplied",
            "A: 2 × (180 uncoinched_no_belote) + 20 belote = 380",
            "B: 62 = 62 → 60",
        ],
    ),
    (
        "capot_bid_failed_as_a_chute_of_250",
        Rules.from_preset(FA, capot_bid_failed="chute"),
        {"taker": "A", "bid": "capot", "trump": "H", "points": {"A": 130}, "belote": {"A": 1}},
        [
            "contract A capot H",
            "test 130 + 20 belote = 150 for all tricks vs 32: chute",
            "belote A to_defence",
            "A: 0",
            "B: 160 chute + 250 capot_contract + 20 belote_other = 430",
        ],
    ),
    (
        "version_2_defence_capot_is_a_capot_not_bid",
        Rules.from_preset(FA),
        {"taker": "A", "bid": 80, "trump": "H", "capot": "B"},
        [
            "contract A 80 H",
            "capot B",
            "test 0 = 0 for 80 vs 252: chute",
            "A: 0",
            "B: 250 chute_capot + 80 contract = 330",
        ],
    ),
    (
        "version_1_defence_capot_is_a_chute",
        Rules.from_preset(FA, 1),
        {"taker": "A", "bid": 80, "trump": "H", "capot": "B"},
        [
            "contract A 80 H",
            "capot B",
            "test 0 = 0 for 80 vs 252: chute",
            "A: 0",
            "B: 160 chute + 80 contract = 240",
        ],
    ),
]


@pytest.mark.parametrize(
    ("profile", "deal", "expected"),
    [pytest.param(*case[1:], id=case[0]) for case in EXAMPLES],
)
def test_each_new_formula_is_explained_step_by_step(
    profile: Rules, deal: dict, expected: list[str]
) -> None:
    explanation = explain_deal(deal, profile)
    assert [summary(step) for step in explanation.steps] == expected
    score = score_deal(deal, profile)
    assert (explanation.a, explanation.b) == (score.a, score.b)

"""« Pourquoi ? » of the club counts of a coinche, of a failed capot bid
counted as a chute and of a defence capot under each version (issue 37):
each formula in French and in English, as the grid and the phone show it."""

from __future__ import annotations

import pytest
from django.utils import translation

import scoring
from tournaments.display.explain import explain

FA = "contree-faits-annonces"

# (id, rules, deal, French, English)
CASES = [
    (
        "contract_only_chute",
        scoring.Rules.from_preset(FA, coinche_count="contract_only"),
        {"taker": "A", "bid": 90, "trump": "H", "coinche": 1, "points": {"A": 70}},
        "Nord-Sud joue 90 ♥ coinché et chute : 70 < 90. "
        "Nord-Sud : 0 ; Est-Ouest : 160 (chute) + 2 × 90 (contrat) = 340.",
        "North-South plays 90 ♥ doubled and fails: 70 < 90. "
        "North-South: 0; East-West: 160 (failed contract) + 2 × 90 (bid) = 340.",
    ),
    (
        "points_multiplied_made",
        scoring.Rules.from_preset(FA, coinche_count="points_multiplied"),
        {"taker": "A", "bid": 80, "trump": "H", "coinche": 1, "points": {"A": 88}},
        "Nord-Sud joue 80 ♥ coinché et réussit : 88 ≥ 80. Sans coinche, Nord-Sud marquerait "
        "88 + 80 (contrat) = 168, arrondi à 170. Nord-Sud : 2 × 170 (marque sans coinche) = 340 ; "
        "Est-Ouest : 74, arrondi à 70.",
        "North-South plays 80 ♥ doubled and makes it: 88 ≥ 80. Undoubled, North-South would "
        "score 88 + 80 (bid) = 168, rounded to 170. North-South: 2 × 170 (undoubled score) = "
        "340; East-West: 74, rounded to 70.",
    ),
    (
        "capot_bid_failed_as_a_chute",
        scoring.Rules.from_preset(FA, capot_bid_failed="chute"),
        {"taker": "A", "bid": "capot", "trump": "H", "points": {"A": 80}},
        "Nord-Sud joue capot ♥ et chute : capot manqué. "
        "Nord-Sud : 0 ; Est-Ouest : 160 (chute) + 250 (capot demandé) = 410.",
        "North-South plays capot ♥ and fails: not every trick taken. "
        "North-South: 0; East-West: 160 (failed contract) + 250 (capot bid) = 410.",
    ),
    (
        "version_2_defence_capot",
        scoring.Rules.from_preset("contree-faits"),
        {"taker": "A", "bid": 80, "trump": "H", "capot": "B"},
        "Nord-Sud joue 80 ♥ et chute : 0 < 80. Est-Ouest fait tous les plis, un capot : il "
        "compte 252 points. Nord-Sud : 0 ; Est-Ouest : 250 (chute capot).",
        "North-South plays 80 ♥ and fails: 0 < 80. East-West takes every trick, a capot: it "
        "counts 252 points. North-South: 0; East-West: 250 (failed contract, capot).",
    ),
    (
        "version_1_defence_capot",
        scoring.Rules.from_preset("contree-faits", 1),
        {"taker": "A", "bid": 80, "trump": "H", "capot": "B"},
        "Nord-Sud joue 80 ♥ et chute : 0 < 80. Est-Ouest fait tous les plis, un capot : il "
        "compte 252 points. Nord-Sud : 0 ; Est-Ouest : 160 (chute).",
        "North-South plays 80 ♥ and fails: 0 < 80. East-West takes every trick, a capot: it "
        "counts 252 points. North-South: 0; East-West: 160 (failed contract).",
    ),
]


@pytest.mark.parametrize(
    ("rules", "deal", "french", "english"),
    [pytest.param(*case[1:], id=case[0]) for case in CASES],
)
def test_each_new_formula_in_french_and_english(
    rules: scoring.Rules, deal: dict, french: str, english: str
) -> None:
    with translation.override("fr"):
        assert explain(deal, rules) == french
    with translation.override("en"):
        assert explain(deal, rules) == english

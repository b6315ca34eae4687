"""« Pourquoi cette marque ? »: the engine's steps read as sentences, in French
and in English, with the sides named Nord-Sud / Est-Ouest."""

from __future__ import annotations

from typing import Any

import pytest
from django.utils import translation

import scoring
from tournaments.display.explain import engine_deal, explain


def rules(preset: str, **overrides: Any) -> scoring.Rules:
    return scoring.Rules.from_preset(preset, **overrides)


TIERCE_K_HEARTS = {"kind": "tierce", "high": "K", "suit": "H"}
CINQUANTE_Q_SPADES = {"kind": "cinquante", "high": "Q", "suit": "S"}

# (id, rules, deal, pot pending, French, English)
CASES = [
    (
        "spec_12_coinched_made_with_the_defence_announcements",
        rules("ffb-coinche"),
        {
            "taker": "A",
            "bid": 100,
            "trump": "H",
            "coinche": 1,
            "points": {"A": 118, "B": 44},
            "announcements": {"B": [{"kind": "cinquante", "high": "K", "suit": "S"}]},
        },
        0,
        "Nord-Sud joue 100 ♥ coinché et réussit : 118 ≥ 100 et 118 > 44 + 50 (annonces) = 94. "
        "Annonces : Est-Ouest cinquante R♠ (50). "
        "Nord-Sud : 2 × [160 (base) + 50 (annonces adverses) + 100 (contrat)] = 620 ; "
        "Est-Ouest : 0.",
        "North-South plays 100 ♥ doubled and makes it: 118 ≥ 100 and 118 > 44 + 50 "
        "(announcements) = 94. Announcements: East-West fifty K♠ (50). "
        "North-South: 2 × [160 (base) + 50 (opponents' announcements) + 100 (bid)] = 620; "
        "East-West: 0.",
    ),
    (
        "spec_2_classic_chute_keeps_the_belote",
        rules("ffb-belote"),
        {"taker": "A", "trump": "H", "points": {"A": 70, "B": 92}, "belote": {"A": 1}},
        0,
        "Nord-Sud prend à ♥ et chute : 70 + 20 (belote) = 90 < 92. "
        "Nord-Sud garde sa belote, imprenable. Nord-Sud : 20 (belote) ; Est-Ouest : 162 (chute).",
        "North-South takes ♥ and fails: 70 + 20 (belote) = 90 < 92. "
        "North-South keeps its belote, which cannot be taken. "
        "North-South: 20 (belote); East-West: 162 (failed contract).",
    ),
    (
        "spec_3_litige_then_the_next_deal_wins_the_pot",
        rules("ffb-belote"),
        {"taker": "A", "trump": "H", "points": {"A": 100, "B": 62}},
        81,
        "Nord-Sud prend à ♥ et réussit : 100 > 62. Nord-Sud : 100 ; Est-Ouest : 62. "
        "Nord-Sud gagne aussi le litige en attente : + 81, soit 181.",
        "North-South takes ♥ and makes it: 100 > 62. North-South: 100; East-West: 62. "
        "North-South also wins the pending pot: + 81, making 181.",
    ),
    (
        "spec_3_a_tie_goes_to_the_pot",
        rules("ffb-belote"),
        {"taker": "B", "trump": "S", "points": {"A": 81, "B": 81}},
        0,
        "Est-Ouest prend à ♠ : litige, 81 = 81. Est-Ouest met 81 en litige, pour le gagnant "
        "de la donne suivante. Est-Ouest : 0 ; Nord-Sud : 81.",
        "East-West takes ♠: a tie, 81 = 81. East-West puts 81 in the pot, for the winner of "
        "the next deal. East-West: 0; North-South: 81.",
    ),
    (
        "spec_6_rounded_to_the_nearest_ten",
        rules("ffb-coinche"),
        {"taker": "A", "bid": 90, "trump": "H", "points": {"A": 97, "B": 65}},
        0,
        "Nord-Sud joue 90 ♥ et réussit : 97 ≥ 90 et 97 > 65. "
        "Nord-Sud : 97 + 90 (contrat) = 187, arrondi à 190 ; Est-Ouest : 65, arrondi à 70.",
        "North-South plays 90 ♥ and makes it: 97 ≥ 90 and 97 > 65. "
        "North-South: 97 + 90 (bid) = 187, rounded to 190; East-West: 65, rounded to 70.",
    ),
    (
        "spec_11_a_tie_at_coinche_is_a_chute",
        rules("ffb-coinche"),
        {"taker": "A", "bid": 80, "trump": "S", "points": {"A": 81, "B": 81}},
        0,
        "Nord-Sud joue 80 ♠ et chute : 81 ≥ 80 mais 81 = 81 ; à égalité, le contrat chute. "
        "Nord-Sud : 0 ; Est-Ouest : 160 (chute) + 80 (contrat) = 240.",
        "North-South plays 80 ♠ and fails: 81 ≥ 80 but 81 = 81; a tie fails the contract. "
        "North-South: 0; East-West: 160 (failed contract) + 80 (bid) = 240.",
    ),
    (
        "spec_10_all_trump_capot_bid_with_its_scale",
        rules("ffb-coinche", sa_ta=True),
        {"taker": "A", "bid": "capot", "trump": "TA", "capot": "A", "belote": {"A": 2}},
        0,
        "Nord-Sud joue capot TA et réussit : capot réalisé. "
        "Tout atout, barème FFB : V 13, 9 9, As 6, 10 5, R 3, D 2. "
        "Nord-Sud fait tous les plis, un capot : il compte 252 points. "
        "Nord-Sud : 252 + 40 (belote) + 250 (capot demandé) = 542, arrondi à 540 ; "
        "Est-Ouest : 0.",
        "North-South plays capot AT and makes it: every trick taken. "
        "All trump, FFB scale: J 13, 9 9, A 6, 10 5, K 3, Q 2. "
        "North-South takes every trick, a capot: it counts 252 points. "
        "North-South: 252 + 40 (belote) + 250 (capot bid) = 542, rounded to 540; East-West: 0.",
    ),
    (
        "both_sides_declare_the_strongest_scores",
        rules("ffb-coinche"),
        {
            "taker": "A",
            "bid": 80,
            "trump": "S",
            "points": {"A": 120},
            "announcements": {"A": [TIERCE_K_HEARTS], "B": [CINQUANTE_Q_SPADES]},
        },
        0,
        "Nord-Sud joue 80 ♠ et réussit : 120 ≥ 80 et 120 > 42 + 50 (annonces) = 92. "
        "Annonces : Nord-Sud tierce R♥, Est-Ouest cinquante D♠ ; la plus forte est à "
        "Est-Ouest, qui marque 50. Nord-Sud : 120 + 80 (contrat) = 200 ; "
        "Est-Ouest : 42 + 50 (annonces) = 92, arrondi à 90.",
        "North-South plays 80 ♠ and makes it: 120 ≥ 80 and 120 > 42 + 50 (announcements) = 92. "
        "Announcements: North-South tierce K♥, East-West fifty Q♠; East-West has the strongest "
        "and scores 50. North-South: 120 + 80 (bid) = 200; "
        "East-West: 42 + 50 (announcements) = 92, rounded to 90.",
    ),
    (
        "contree_a_failed_capot_bid_loses_its_belote",
        rules("contree-faits-annonces"),
        {"taker": "A", "bid": "capot", "trump": "S", "points": {"A": 150}, "belote": {"A": 1}},
        0,
        "Nord-Sud joue capot ♠ et chute : capot manqué. Nord-Sud perd sa belote. "
        "Nord-Sud : 0 ; Est-Ouest : 500 (capot demandé).",
        "North-South plays capot ♠ and fails: not every trick taken. "
        "North-South loses its belote. North-South: 0; East-West: 500 (capot bid).",
    ),
    (
        "a_passed_deal_leaves_the_pot_waiting",
        rules("ffb-belote"),
        {"taker": None},
        81,
        "Donne passée : personne ne marque. Le litige en attente (81) reste pour la donne "
        "suivante.",
        "Passed deal: nobody scores. The pending pot (81) waits for the next deal.",
    ),
]


@pytest.mark.parametrize(
    ("profile", "deal", "pot", "french", "english"),
    [pytest.param(*case[1:], id=case[0]) for case in CASES],
)
def test_the_explanation_reads_in_both_languages(
    profile: scoring.Rules, deal: dict, pot: int, french: str, english: str
) -> None:
    with translation.override("fr"):
        assert explain(deal, profile, pot=pot) == french
    with translation.override("en"):
        assert explain(deal, profile, pot=pot) == english


def test_stored_fields_and_engine_deals_are_explained_alike() -> None:
    fields = {"taker": "A", "trump": "H", "bid": 90, "bid_capot": False, "points_a": 97}
    assert engine_deal(fields) == {"taker": "A", "trump": "H", "bid": 90, "points": {"A": 97}}
    with translation.override("fr"):
        assert explain(fields, rules("ffb-coinche")) == explain(
            engine_deal(fields), rules("ffb-coinche")
        )


def test_a_deal_the_engine_refuses_has_no_explanation() -> None:
    refused = {"taker": "A", "trump": "H", "points": {"A": 100, "B": 100}}
    assert explain(refused, rules("ffb-belote")) == ""


@pytest.mark.parametrize("preset", list(scoring.PRESETS))
def test_every_random_deal_is_explained_in_both_languages(preset: str) -> None:
    import random

    profile = rules(preset, sa_ta=True)
    rng = random.Random(preset)
    for _ in range(300):
        deal = scoring.random_deal(rng, profile)
        score = scoring.score_deal(deal, profile)
        for language in ("fr", "en"):
            with translation.override(language):
                text = explain(deal, profile)
            assert text.endswith(".") and "%(" not in text
            if score.outcome != "passed":
                assert str(score.a) in text.replace("\u202f", "").replace(",", "")

"""The three contrée countings (SPEC §6, FunBelote text in seed 000) and the
options that apply to them. Hand-derived; see scoring.deal for the choices
made where the texts are unclear."""

from __future__ import annotations

from typing import Any

import pytest

from scoring import Rules, score_deal

FA = "contree-faits-annonces"
F = "contree-faits"
AN = "contree-annonces"

CASES = [
    # -- points faits + annoncés --
    ("fa_made_adds_the_bid_to_rounded_points", FA, {}, {"bid": 90, "points": {"A": 95}}, (190, 70)),
    (
        "fa_made_defence_marks_its_points_and_belote",
        FA,
        {},
        {"bid": 80, "points": {"A": 100}, "belote": {"B": 1}},
        (180, 80),
    ),
    (
        "fa_chute_gives_160_plus_bid_plus_the_takers_belote",
        FA,
        {},
        {"bid": 100, "points": {"A": 75}, "belote": {"A": 1}},
        (0, 280),
    ),
    (
        "fa_chute_gives_the_defence_its_own_belote",
        FA,
        {},
        {"bid": 100, "points": {"A": 75}, "belote": {"B": 1}},
        (0, 280),
    ),
    (
        "fa_v1_takers_who_took_no_trick_keep_their_belote",
        FA,
        {"version": 1},
        {"bid": 80, "capot": "B", "belote": {"A": 1}},
        (20, 240),
    ),
    (
        "fa_chute_capot_full_gives_250_plus_bid",
        FA,
        {"chute_capot": "full"},
        {"bid": 80, "capot": "B", "belote": {"A": 1}},
        (20, 330),
    ),
    (
        "fa_protected_belote_stays_with_chuted_takers",
        FA,
        {"belote_protected": True},
        {"bid": 100, "points": {"A": 75}, "belote": {"A": 1}},
        (20, 260),
    ),
    (
        "fa_coinched_made_marks_160_plus_bid_doubled_plus_belote",
        FA,
        {},
        {"bid": 90, "coinche": 1, "points": {"A": 120}, "belote": {"A": 1}},
        (520, 0),
    ),
    (
        "fa_coinched_loser_loses_its_belote",
        FA,
        {},
        {"bid": 90, "coinche": 1, "points": {"A": 120}, "belote": {"B": 1}},
        (500, 0),
    ),
    (
        "fa_coinched_loser_keeps_a_protected_belote",
        FA,
        {"belote_protected": True},
        {"bid": 90, "coinche": 1, "points": {"A": 120}, "belote": {"B": 1}},
        (500, 20),
    ),
    (
        "fa_coinched_chute_doubles_160_plus_bid",
        FA,
        {},
        {"bid": 90, "coinche": 1, "points": {"A": 60}, "belote": {"A": 1}},
        (0, 500),
    ),
    (
        "fa_surcoinched_chute_quadruples",
        FA,
        {},
        {"bid": 90, "coinche": 2, "points": {"A": 70}},
        (0, 1000),
    ),
    (
        "fa_surcoinche_factor_3_triples",
        FA,
        {"surcoinche_factor": 3},
        {"bid": 90, "coinche": 2, "points": {"A": 70}},
        (0, 750),
    ),
    (
        "fa_unbid_capot_is_250_plus_bid_plus_belote",
        FA,
        {},
        {"bid": 80, "capot": "A", "belote": {"A": 1}},
        (350, 0),
    ),
    (
        "fa_a_team_that_took_no_trick_keeps_its_belote",
        FA,
        {},
        {"bid": 80, "capot": "A", "belote": {"B": 1}},
        (330, 20),
    ),
    ("fa_failed_capot_bid_gives_500", FA, {}, {"bid": "capot", "points": {"A": 140}}, (0, 500)),
    (
        "fa_failed_capot_bid_loses_the_takers_belote",
        FA,
        {},
        {"bid": "capot", "points": {"A": 140}, "belote": {"A": 1}},
        (0, 500),
    ),
    (
        "fa_failed_capot_bid_gives_the_defence_its_belote",
        FA,
        {},
        {"bid": "capot", "points": {"A": 140}, "belote": {"B": 1}},
        (0, 520),
    ),
    (
        "fa_failed_capot_bid_loses_the_belote_even_of_a_team_with_no_trick",
        FA,
        {},
        {"bid": "capot", "capot": "B", "belote": {"A": 1}},
        (0, 500),
    ),
    (
        "fa_coinched_capot_bid_doubles_500",
        FA,
        {},
        {"bid": "capot", "coinche": 1, "capot": "A"},
        (1000, 0),
    ),
    (
        "fa_coinched_failed_capot_bid_doubles_500_for_the_defence",
        FA,
        {},
        {"bid": "capot", "coinche": 1, "points": {"A": 150}},
        (0, 1000),
    ),
    (
        "fa_contract_test_ffb_also_compares_with_the_defence",
        FA,
        {"contract_test": "ffb"},
        {"bid": 80, "points": {"A": 60}, "belote": {"A": 1}},
        (0, 260),
    ),
    (
        "fa_rounding_none_marks_to_the_point",
        FA,
        {"rounding": "none"},
        {"bid": 80, "points": {"A": 95}},
        (175, 67),
    ),
    (
        "fa_complement_rounding_gives_the_defence_160_minus_the_takers",
        FA,
        {"rounding": "complement"},
        {"bid": 80, "points": {"A": 95}},
        (170, 70),
    ),
    (
        "fa_chute_base_162",
        FA,
        {"chute_base": 162, "rounding": "none"},
        {"bid": 100, "points": {"A": 75}},
        (0, 262),
    ),
    # -- points faits --
    ("f_made_marks_the_points_made", F, {}, {"bid": 80, "points": {"A": 110}}, (110, 50)),
    (
        "f_made_counts_the_belote_in_the_points",
        F,
        {},
        {"bid": 80, "points": {"A": 90}, "belote": {"A": 1}},
        (110, 70),
    ),
    (
        "f_chute_gives_160_plus_the_belotes",
        F,
        {},
        {"bid": 100, "points": {"A": 75}, "belote": {"A": 1}},
        (0, 180),
    ),
    ("f_coinched_chute_is_320", F, {}, {"bid": 90, "coinche": 1, "points": {"A": 70}}, (0, 320)),
    ("f_unbid_capot_is_250", F, {}, {"bid": 80, "capot": "A"}, (250, 0)),
    (
        "f_unbid_capot_adds_the_belote",
        F,
        {},
        {"bid": 80, "capot": "A", "belote": {"A": 1}},
        (270, 0),
    ),
    ("f_failed_capot_bid_is_500", F, {}, {"bid": "capot", "points": {"A": 150}}, (0, 500)),
    (
        "f_coinched_capot_bid_is_1000",
        F,
        {},
        {"bid": "capot", "coinche": 1, "capot": "A"},
        (1000, 0),
    ),
    # -- points annoncés --
    ("an_chute_gives_160", AN, {}, {"bid": 90, "points": {"A": 70}}, (0, 160)),
    (
        "an_chute_never_marks_a_belote",
        AN,
        {},
        {"bid": 100, "points": {"A": 75}, "belote": {"A": 1}},
        (0, 160),
    ),
    (
        "an_coinched_chute_gives_the_bid_doubled",
        AN,
        {},
        {"bid": 90, "coinche": 1, "points": {"A": 70}},
        (0, 180),
    ),
    (
        "an_surcoinched_chute_gives_the_bid_quadrupled",
        AN,
        {},
        {"bid": 90, "coinche": 2, "points": {"A": 70}},
        (0, 360),
    ),
    (
        "an_the_belote_only_helps_to_make_the_bid",
        AN,
        {},
        {"bid": 80, "points": {"A": 65}, "belote": {"A": 1}},
        (80, 0),
    ),
    ("an_capot_bid_made_is_250", AN, {}, {"bid": "capot", "capot": "A"}, (250, 0)),
    (
        "an_coinched_capot_bid_is_500",
        AN,
        {},
        {"bid": "capot", "coinche": 1, "capot": "A"},
        (500, 0),
    ),
    (
        "an_surcoinched_capot_bid_is_1000",
        AN,
        {},
        {"bid": "capot", "coinche": 2, "capot": "A"},
        (1000, 0),
    ),
    (
        "an_failed_capot_bid_not_coinched_gives_160",
        AN,
        {},
        {"bid": "capot", "points": {"A": 150}},
        (0, 160),
    ),
    (
        "an_failed_coinched_capot_bid_gives_500",
        AN,
        {},
        {"bid": "capot", "coinche": 1, "points": {"A": 150}},
        (0, 500),
    ),
    ("an_unbid_capot_adds_nothing_to_the_bid", AN, {}, {"bid": 80, "capot": "A"}, (80, 0)),
    (
        "an_chute_capot_full_gives_250",
        AN,
        {"chute_capot": "full"},
        {"bid": 80, "capot": "B"},
        (0, 250),
    ),
]


@pytest.mark.parametrize(
    ("preset", "overrides", "deal", "marques"),
    [pytest.param(*case[1:], id=case[0]) for case in CASES],
)
def test_contree(preset: str, overrides: dict[str, Any], deal: dict, marques: tuple) -> None:
    rules = Rules.from_preset(preset, **overrides)
    score = score_deal({"taker": "A", "trump": "H", **deal}, rules)
    assert (score.a, score.b) == marques


@pytest.mark.parametrize("preset", [FA, F, AN])
def test_contree_needs_no_more_points_than_the_defence(preset: str) -> None:
    # 003 « il faut et il suffit … de réaliser les points du contrat ».
    deal = {"taker": "B", "bid": 80, "trump": "C", "points": {"B": 80}}
    assert score_deal(deal, Rules.from_preset(preset)).outcome == "made"


@pytest.mark.parametrize("preset", [FA, F, AN])
def test_contree_scores_the_same_for_either_team(preset: str) -> None:
    deal_a = {"taker": "A", "bid": 100, "trump": "S", "points": {"A": 75}, "belote": {"A": 1}}
    deal_b = {"taker": "B", "bid": 100, "trump": "S", "points": {"B": 75}, "belote": {"B": 1}}
    rules = Rules.from_preset(preset)
    a, b = score_deal(deal_a, rules), score_deal(deal_b, rules)
    assert (a.a, a.b) == (b.b, b.a)

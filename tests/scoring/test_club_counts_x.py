"""Issue 62's six club counts (SPEC §7.2 area): ``capot_bid_coinched``,
``classic_capot``, ``classic_made``, ``capot_value``, ``annonces_belote``
and ``capot_bonus``. The sources' own numbers, each under the option and
under the preset's default (the engine's marque before the option), and
what each option may change and what it must leave alone, on any profile
and deal."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring import PRESET_VERSIONS, Rules, random_deal, score_deal
from tests.scoring.test_cli import lines, run
from tests.scoring.test_coinche_counts import SETTINGS, marques, profile_and_deal, profiles

FA = "contree-faits-annonces"
F = "contree-faits"
AN = "contree-annonces"
COINCHE = "ffb-coinche"
BELOTE = "ffb-belote"

A_CAPOT_BID_COINCHED = {"taker": "A", "bid": "capot", "trump": "H", "capot": "A", "coinche": 1}
A_CAPOT_BID_SURCOINCHED = {**A_CAPOT_BID_COINCHED, "coinche": 2}
CAPOT_252 = {"rounding": "none", "chute_capot": "full"}

# (id, preset, overrides, the option's value, deal, with the option, the preset's default)
SOURCES: list[tuple[str, str, dict, dict, dict, tuple[int, int], tuple[int, int]]] = [
    # X1: 160 + 250 × 2 = 660; × 4: 1 160 (default: 2 × (250 + 250), 4 × 500)
    (
        "x1_coinched",
        COINCHE,
        {},
        {"capot_bid_coinched": "contract_only"},
        A_CAPOT_BID_COINCHED,
        (660, 0),
        (1000, 0),
    ),
    (
        "x1_surcoinched",
        COINCHE,
        {},
        {"capot_bid_coinched": "contract_only"},
        A_CAPOT_BID_SURCOINCHED,
        (1160, 0),
        (2000, 0),
    ),
    (
        "x1_contree",
        FA,
        {},
        {"capot_bid_coinched": "contract_only"},
        A_CAPOT_BID_COINCHED,
        (660, 0),
        (1000, 0),
    ),
    (
        "x1_with_belote_unmultiplied",
        COINCHE,
        {},
        {"capot_bid_coinched": "contract_only"},
        {**A_CAPOT_BID_COINCHED, "belote": {"A": 1}},
        (680, 0),
        (1040, 0),
    ),
    # X2: a capot marks 250 (+ belote), whichever side takes the eight tricks
    (
        "x2_takers",
        BELOTE,
        {},
        {"classic_capot": "flat"},
        {"taker": "A", "trump": "H", "capot": "A"},
        (250, 0),
        (252, 0),
    ),
    (
        "x2_takers_belote",
        BELOTE,
        {},
        {"classic_capot": "flat"},
        {"taker": "A", "trump": "H", "capot": "A", "belote": {"A": 1}},
        (270, 0),
        (272, 0),
    ),
    (
        "x2_defence",
        BELOTE,
        {},
        {"classic_capot": "flat"},
        {"taker": "A", "trump": "H", "capot": "B"},
        (0, 250),
        (0, 162),
    ),
    # X3: 90 of cards pass 81: made, 90 – 92, the defence's 72 + 20 not compared
    (
        "x3_made_on_82",
        BELOTE,
        {},
        {"classic_made": "82"},
        {"taker": "A", "trump": "H", "points": {"A": 90}, "belote": {"B": 1}},
        (90, 92),
        (0, 182),
    ),
    (
        "x3_81_is_a_chute",
        BELOTE,
        {"announcements": False},
        {"classic_made": "82"},
        {"taker": "A", "trump": "H", "points": {"A": 81}, "belote": {"B": 1}},
        (0, 182),
        (0, 182),
    ),
    (
        "x3_belote_helps",
        BELOTE,
        {},
        {"classic_made": "82"},
        {"taker": "A", "trump": "H", "points": {"A": 62}, "belote": {"A": 1}},
        (82, 100),
        (20, 162),
    ),
    # X4: the capot's base is its 252 card points
    (
        "x4_defence_capot",
        COINCHE,
        CAPOT_252,
        {"capot_value": 252},
        {"taker": "A", "bid": 90, "trump": "H", "capot": "B"},
        (0, 342),
        (0, 340),
    ),
    (
        "x4_failed_capot_bid",
        COINCHE,
        CAPOT_252,
        {"capot_value": 252},
        {"taker": "A", "bid": "capot", "trump": "H", "capot": "B"},
        (0, 502),
        (0, 500),
    ),
    (
        "x4_coinched_capot",
        COINCHE,
        {**CAPOT_252, "coinche_count": "contract_only"},
        {"capot_value": 252},
        A_CAPOT_BID_COINCHED,
        (752, 0),
        (750, 0),
    ),
    # X5: points annoncés, the belote marked to its holder, kept on a chute
    (
        "x5_defence_belote",
        AN,
        {},
        {"annonces_belote": True},
        {"taker": "A", "bid": 80, "trump": "H", "points": {"A": 100}, "belote": {"B": 1}},
        (80, 20),
        (80, 0),
    ),
    (
        "x5_kept_on_a_chute",
        AN,
        {},
        {"annonces_belote": True},
        {"taker": "A", "bid": 100, "trump": "H", "points": {"A": 70}, "belote": {"A": 1}},
        (20, 160),
        (0, 160),
    ),
    # X6: a capot not bid, no bonus: 162 + the contract
    (
        "x6_100",
        COINCHE,
        {},
        {"capot_bonus": False},
        {"taker": "A", "bid": 100, "trump": "H", "capot": "A"},
        (260, 0),
        (350, 0),
    ),
    (
        "x6_120",
        COINCHE,
        {},
        {"capot_bonus": False},
        {"taker": "A", "bid": 120, "trump": "H", "capot": "A"},
        (280, 0),
        (370, 0),
    ),
    (
        "x6_contree",
        FA,
        {},
        {"capot_bonus": False},
        {"taker": "A", "bid": 100, "trump": "H", "capot": "A"},
        (260, 0),
        (350, 0),
    ),
]


@pytest.mark.parametrize(
    ("preset", "overrides", "option", "deal", "after", "before"),
    [pytest.param(*case[1:], id=case[0]) for case in SOURCES],
)
def test_the_sources_numbers(preset, overrides, option, deal, after, before) -> None:
    rules = Rules.from_preset(preset, **overrides)
    score = score_deal(deal, rules)
    assert (score.a, score.b) == before
    score = score_deal(deal, rules.with_options(**option))
    assert (score.a, score.b) == after


def test_python_m_scoring_deal_gives_the_sources_numbers() -> None:
    stdin = "".join(
        json.dumps({"rules": {"preset": case[1], **case[2], **case[3]}, **case[4]}) + "\n"
        for case in SOURCES
    )
    result = run("deal", stdin=stdin)
    assert result.returncode == 0, result.stderr
    assert [(o["A"], o["B"]) for o in lines(result)] == [case[5] for case in SOURCES]


def test_every_preset_version_plays_each_count_as_it_always_did() -> None:
    for versions in PRESET_VERSIONS.values():
        for rules in versions.values():
            assert (rules.capot_bid_coinched, rules.classic_capot, rules.classic_made) == (
                "multiplied",
                "points",
                "ffb",
            )
            assert (rules.capot_value, rules.annonces_belote, rules.capot_bonus) == (
                250,
                False,
                True,
            )


@pytest.mark.parametrize(
    ("preset", "option", "value"),
    [
        (BELOTE, "capot_bid_coinched", "contract_only"),
        (F, "capot_bid_coinched", "contract_only"),
        (COINCHE, "classic_capot", "flat"),
        (COINCHE, "classic_made", "82"),
        (FA, "capot_value", 252),
        (COINCHE, "annonces_belote", True),
        (AN, "capot_bonus", False),
        (BELOTE, "classic_made", 82),
    ],
)
def test_a_count_a_game_does_not_play_is_refused(preset: str, option: str, value: Any) -> None:
    from scoring import ScoringError

    with pytest.raises(ScoringError) as caught:
        Rules.from_preset(preset, **{option: value})
    assert caught.value.code == "rules"


# -- properties: what each option may change, and nothing else ----------------------------


def _factor(deal: dict, rules: Rules) -> int:
    return (1, 2, rules.surcoinche_factor)[deal.get("coinche") or 0]


def _round(x: int, rules: Rules) -> int:
    return x if rules.rounding == "none" else (x + 5) // 10 * 10


@SETTINGS
@given(profile_and_deal((COINCHE, FA)))
def test_capot_bid_coinched_changes_only_a_coinched_capot_bid_made(case) -> None:
    rules, deal = case
    counted = marques(deal, rules.with_options(capot_bid_coinched="multiplied"))
    attenuated = marques(deal, rules.with_options(capot_bid_coinched="contract_only"))
    m, t = _factor(deal, rules), deal["taker"]
    if deal["bid"] != "capot" or m == 1 or counted["outcome"] != "made":
        assert attenuated == counted
        return
    d = "B" if t == "A" else "A"
    extras = 20 * (deal.get("belote") or {}).get(t, 0)
    if rules.counting == "coinche":
        extras += sum((deal.get("announcement_points") or {}).values())
    assert attenuated == {**counted, t: _round(160 + 250 * m + extras, rules), d: attenuated[d]}
    assert attenuated[d] == counted[d] or rules.coinche_count == "points_multiplied"


@st.composite
def classic_deals(draw: st.DrawFn) -> tuple[Rules, dict]:
    rules = draw(profiles((BELOTE,)))
    return rules, random_deal(random.Random(draw(st.integers(0, 2**32))), rules)


@SETTINGS
@given(classic_deals())
def test_classic_capot_changes_only_a_capot(case) -> None:
    rules, deal = case
    points = marques(deal, rules.with_options(classic_capot="points"))
    flat = marques(deal, rules.with_options(classic_capot="flat"))
    if not deal.get("capot"):
        assert flat == points
        return
    capot = deal["capot"]
    other = "B" if capot == "A" else "A"
    assert flat["outcome"] == points["outcome"] and flat[other] == points[other]
    if capot == deal["taker"] and points["outcome"] == "made" and rules.rounding == "none":
        assert flat[capot] == points[capot] - 2


@SETTINGS
@given(classic_deals())
def test_classic_made_82_makes_exactly_the_contracts_of_82_cards_and_belote(case) -> None:
    rules, deal = case
    if deal.get("taker") is None:
        return
    ffb = marques(deal, rules.with_options(classic_made="ffb"))
    at_82 = marques(deal, rules.with_options(classic_made="82"))
    score = score_deal(deal, rules)
    t = deal["taker"]
    cards = score.card_points[0 if t == "A" else 1]
    belote = 20 * (deal.get("belote") or {}).get(t, 0)
    assert (at_82["outcome"] == "made") == (cards + belote >= 82)
    if ffb["outcome"] == at_82["outcome"]:
        assert ffb == at_82


@SETTINGS
@given(profile_and_deal((COINCHE,)))
def test_capot_value_252_changes_only_a_deal_with_a_capot(case) -> None:
    rules, deal = case
    base_250 = marques(deal, rules.with_options(capot_value=250))
    base_252 = marques(deal, rules.with_options(capot_value=252))
    if not deal.get("capot"):
        assert base_252 == base_250
        return
    assert base_252["outcome"] == base_250["outcome"]
    for side in "AB":
        assert 0 <= base_252[side] - base_250[side] <= 2 * _factor(deal, rules) + 5


@SETTINGS
@given(profile_and_deal((AN,)))
def test_annonces_belote_adds_each_team_its_belote_and_nothing_else(case) -> None:
    rules, deal = case
    helps = marques(deal, rules.with_options(annonces_belote=False))
    marked = marques(deal, rules.with_options(annonces_belote=True))
    belote = deal.get("belote") or {}
    assert marked == {
        **helps,
        "A": helps["A"] + 20 * belote.get("A", 0),
        "B": helps["B"] + 20 * belote.get("B", 0),
    }


@SETTINGS
@given(profile_and_deal((COINCHE, FA, F)))
def test_capot_bonus_changes_only_a_capot_the_takers_did_not_bid(case) -> None:
    rules, deal = case
    bonus = marques(deal, rules.with_options(capot_bonus=True))
    plain = marques(deal, rules.with_options(capot_bonus=False))
    if deal.get("capot") != deal["taker"] or deal["bid"] == "capot":
        assert plain == bonus
        return
    assert plain["outcome"] == bonus["outcome"] == "made"
    assert plain[deal["taker"]] <= bonus[deal["taker"]]
    if not deal["coinche"] and rules.counting == "coinche":
        t = deal["taker"]
        extras = 20 * (deal.get("belote") or {}).get(t, 0)
        extras += sum((deal.get("announcement_points") or {}).values())
        assert plain[t] == _round(162 + extras + deal["bid"], rules)


@pytest.mark.parametrize(
    ("defence", "rounding", "expected"),
    [
        ("multiplied", "nearest", (760, 240)),  # 4 × R(62) = 4 × 60
        ("product_rounded", "nearest", (760, 250)),  # R(4 × 62) = R(248)
        ("multiplied", "none", (760, 248)),
        ("product_rounded", "none", (760, 248)),
        ("product_rounded", "complement", (760, 240)),  # 160 − 100 = 60, a ten already
    ],
)
def test_the_defence_multiplied_rounds_its_marque_or_the_product(defence, rounding, expected):
    rules = Rules.from_preset(
        COINCHE, coinche_count="points_multiplied", coinche_defence=defence, rounding=rounding
    )
    deal = {"taker": "A", "bid": 90, "trump": "H", "coinche": 2, "points": {"A": 100}}
    score = score_deal(deal, rules)
    assert (score.a, score.b) == expected

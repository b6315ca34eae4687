"""SPEC §7.2's club counts (issue 52 item 2): ``annonces_chute``,
``coinche_defence``, ``coinche_base`` and ``capot_bid_marque``. The other
authors' own marques (SPEC §7.2), one deal under each value of each option
(worked out in the comments), and what each option may change and what it
must leave alone, on any profile and deal."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given

from scoring import Rules, ScoringError, score_deal
from tests.scoring.test_cli import lines, run
from tests.scoring.test_coinche_counts import SETTINGS, marques, profile_and_deal

FA = "contree-faits-annonces"
F = "contree-faits"
AN = "contree-annonces"
COINCHE = "ffb-coinche"
COINCHE_COUNTING = "coinche"

# SPEC §7.2's examples: (id, rules as a line carries them, deal, (A, B)).
SPEC_EXAMPLES: list[tuple[str, Any, dict[str, Any], tuple[int, int]]] = [
    (
        "annonces_chute_bid_gives_the_contract",
        {"preset": AN, "annonces_chute": "bid"},
        {"taker": "A", "bid": 80, "trump": "H", "points": {"A": 70, "B": 92}},
        (0, 80),
    ),
    (
        "coinche_defence_zero_444_0",
        {
            "preset": FA,
            "rounding": "none",
            "coinche_count": "points_multiplied",
            "coinche_defence": "zero",
        },
        {"taker": "A", "bid": 100, "trump": "C", "coinche": 1, "points": {"A": 122, "B": 40}},
        (444, 0),
    ),
    (
        "coinche_defence_multiplied_166_158",
        {
            "preset": F,
            "rounding": "none",
            "coinche_count": "points_multiplied",
            "coinche_defence": "multiplied",
        },
        {"taker": "A", "bid": 80, "trump": "H", "coinche": 1, "points": {"A": 83, "B": 79}},
        (166, 158),
    ),
    (
        "coinche_base_chute_base_4x262_rounded",
        {"preset": FA, "chute_base": 162, "belote_protected": True, "coinche_base": "chute_base"},
        {"taker": "A", "bid": 100, "trump": "H", "coinche": 2, "points": {"A": 120}},
        (1050, 0),
    ),
    (
        "capot_bid_marque_flat_500",
        {"preset": COINCHE, "rounding": "none", "capot_bid_marque": "flat"},
        {"taker": "B", "bid": "capot", "trump": "H", "capot": "B"},
        (0, 500),
    ),
]


@pytest.mark.parametrize(
    ("rules", "deal", "expected"),
    [pytest.param(*case[1:], id=case[0]) for case in SPEC_EXAMPLES],
)
def test_spec_examples(rules: Any, deal: dict, expected: tuple[int, int]) -> None:
    score = score_deal(deal, Rules.from_json(rules))
    assert (score.a, score.b) == expected


def test_python_m_scoring_deal_gives_the_spec_examples_exactly() -> None:
    stdin = "".join(
        json.dumps({"rules": rules, **deal}) + "\n" for _, rules, deal, _ in SPEC_EXAMPLES
    )
    result = run("deal", stdin=stdin)
    assert result.returncode == 0, result.stderr
    assert [(o["A"], o["B"]) for o in lines(result)] == [case[3] for case in SPEC_EXAMPLES]


A_CHUTE_80 = {"taker": "A", "bid": 80, "trump": "H", "points": {"A": 70}}
A_MADE_80 = {"taker": "A", "bid": 80, "trump": "H", "coinche": 1, "points": {"A": 88}}
A_MADE_90 = {"taker": "A", "bid": 90, "trump": "H", "coinche": 1, "points": {"A": 100}}
B_CAPOT_BID = {"taker": "B", "bid": "capot", "trump": "H", "capot": "B"}
PM = {"coinche_count": "points_multiplied"}
NONE_162 = {"rounding": "none", "chute_base": 162}

OPTION_TABLE = [
    # -- annonces_chute: 160, or the contract; a coinched chute is bid × m either way.
    ("annonces_160", AN, {}, A_CHUTE_80, (0, 160)),
    ("annonces_bid", AN, {"annonces_chute": "bid"}, A_CHUTE_80, (0, 80)),
    (
        "annonces_bid_coinched",
        AN,
        {"annonces_chute": "bid"},
        {**A_CHUTE_80, "coinche": 1},
        (0, 160),
    ),
    (
        "annonces_bid_failed_capot_bid_is_250",
        AN,
        {"annonces_chute": "bid"},
        {"taker": "A", "bid": "capot", "trump": "H", "points": {"A": 150}},
        (0, 250),
    ),
    (
        "annonces_bid_keeps_a_defence_capots_250",
        AN,
        {"annonces_chute": "bid", "chute_capot": "full"},
        {"taker": "A", "bid": 80, "trump": "H", "capot": "B"},
        (0, 250),
    ),
    (
        "annonces_bid_made_unchanged",
        AN,
        {"annonces_chute": "bid"},
        {**A_CHUTE_80, "points": {"A": 100}},
        (80, 0),
    ),
    # -- coinche_defence, 88/74 at 80 coinché: T 2 × (90 + 80) = 340; D 70, 0, 2 × 70.
    ("defence_own", FA, PM, A_MADE_80, (340, 70)),
    ("defence_zero", FA, {**PM, "coinche_defence": "zero"}, A_MADE_80, (340, 0)),
    ("defence_multiplied", FA, {**PM, "coinche_defence": "multiplied"}, A_MADE_80, (340, 140)),
    (
        "defence_multiplied_surcoinched",
        FA,
        {**PM, "coinche_defence": "multiplied"},
        {**A_MADE_80, "coinche": 2},
        (680, 280),
    ),
    # at contrée a zero defence loses its belote as any coinched loser (prenable) …
    (
        "defence_zero_belote",
        FA,
        {**PM, "coinche_defence": "zero"},
        {**A_MADE_80, "belote": {"B": 1}},
        (340, 0),
    ),
    # … and keeps it imprenable.
    (
        "defence_zero_belote_imprenable",
        FA,
        {**PM, "coinche_defence": "zero", "belote_protected": True},
        {**A_MADE_80, "belote": {"B": 1}},
        (340, 20),
    ),
    # coinche, 100/62 at 90, B's belote: T 2 × 190 = 380; D 80, its belote, 2 × 80,
    # or 2 × 60 + 20 with the belote added after multiplying.
    ("coinche_defence_own", COINCHE, PM, {**A_MADE_90, "belote": {"B": 1}}, (380, 80)),
    (
        "coinche_defence_zero",
        COINCHE,
        {**PM, "coinche_defence": "zero"},
        {**A_MADE_90, "belote": {"B": 1}},
        (380, 20),
    ),
    (
        "coinche_defence_multiplied",
        COINCHE,
        {**PM, "coinche_defence": "multiplied"},
        {**A_MADE_90, "belote": {"B": 1}},
        (380, 160),
    ),
    (
        "coinche_defence_multiplied_belote_after",
        COINCHE,
        {**PM, "coinche_defence": "multiplied", "belote_multiplied": False},
        {**A_MADE_90, "belote": {"B": 1}},
        (380, 140),
    ),
    # without points_multiplied the defence of a coinche made marks nothing anyway
    (
        "defence_zero_without_points_multiplied",
        FA,
        {"coinche_defence": "multiplied"},
        A_MADE_80,
        (480, 0),
    ),
    # -- coinche_base: 2 × (160 + 90) = 500, 2 × (162 + 90) = 504, to the point.
    ("base_160", COINCHE, NONE_162, A_MADE_90, (500, 0)),
    ("base_chute_base", COINCHE, {**NONE_162, "coinche_base": "chute_base"}, A_MADE_90, (504, 0)),
    # points faits: 2 × 162; contract_only: 162 + 2 × 100.
    ("faits_base_chute_base", F, {**NONE_162, "coinche_base": "chute_base"}, A_MADE_80, (324, 0)),
    (
        "contract_only_base_chute_base",
        FA,
        {**NONE_162, "coinche_base": "chute_base", "coinche_count": "contract_only"},
        {"taker": "A", "bid": 100, "trump": "H", "coinche": 1, "points": {"A": 110}},
        (362, 0),
    ),
    # the takers' capot at coinche keeps its 250: 2 × (250 + 80)
    (
        "base_chute_base_capot",
        COINCHE,
        {**NONE_162, "coinche_base": "chute_base"},
        {"taker": "A", "bid": 80, "trump": "H", "coinche": 1, "capot": "A"},
        (660, 0),
    ),
    # a chute was on the chute base already: 2 × (162 + 90)
    (
        "base_chute_base_chute_unchanged",
        FA,
        {**NONE_162, "coinche_base": "chute_base"},
        {"taker": "A", "bid": 90, "trump": "H", "coinche": 1, "points": {"A": 70}},
        (0, 504),
    ),
    ("base_chute_base_at_160_is_160", COINCHE, {"coinche_base": "chute_base"}, A_MADE_90, (500, 0)),
    # -- capot_bid_marque: 252 + 250 = 502 to the point, or 500; the belote on top.
    ("capot_points", COINCHE, {"rounding": "none"}, B_CAPOT_BID, (0, 502)),
    (
        "capot_flat",
        COINCHE,
        {"rounding": "none", "capot_bid_marque": "flat"},
        B_CAPOT_BID,
        (0, 500),
    ),
    (
        "capot_flat_belote",
        COINCHE,
        {"rounding": "none", "capot_bid_marque": "flat"},
        {**B_CAPOT_BID, "belote": {"B": 1}},
        (0, 520),
    ),
    ("capot_flat_rounded_anyway", COINCHE, {}, B_CAPOT_BID, (0, 500)),
    # coinched: 2 × (250 + 250) either way; points_multiplied: 2 × 502, or 2 × 500.
    (
        "capot_points_coinched",
        COINCHE,
        {"rounding": "none"},
        {**B_CAPOT_BID, "coinche": 1},
        (0, 1000),
    ),
    (
        "capot_points_multiplied",
        COINCHE,
        {"rounding": "none", **PM},
        {**B_CAPOT_BID, "coinche": 1},
        (0, 1004),
    ),
    (
        "capot_flat_points_multiplied",
        COINCHE,
        {"rounding": "none", **PM, "capot_bid_marque": "flat"},
        {**B_CAPOT_BID, "coinche": 1},
        (0, 1000),
    ),
    # contrée marks a capot bid 500 already
    ("contree_capot_bid_500", FA, {"rounding": "none"}, B_CAPOT_BID, (0, 500)),
]


@pytest.mark.parametrize(
    ("preset", "overrides", "deal", "expected"),
    [pytest.param(*case[1:], id=case[0]) for case in OPTION_TABLE],
)
def test_each_value_of_each_club_count(
    preset: str, overrides: dict, deal: dict, expected: tuple[int, int]
) -> None:
    score = score_deal(deal, Rules.from_preset(preset, **overrides))
    assert (score.a, score.b) == expected


@pytest.mark.parametrize(
    ("preset", "option", "value"),
    [
        (COINCHE, "annonces_chute", "bid"),
        (FA, "annonces_chute", "bid"),
        (AN, "coinche_defence", "zero"),
        (AN, "coinche_base", "chute_base"),
        (FA, "capot_bid_marque", "points"),
        ("ffb-belote", "coinche_base", "chute_base"),
        (COINCHE, "coinche_defence", "double"),
        (COINCHE, "coinche_base", 162),
    ],
)
def test_a_count_a_game_does_not_play_is_refused(preset: str, option: str, value: Any) -> None:
    with pytest.raises(ScoringError) as caught:
        Rules.from_preset(preset, **{option: value})
    assert caught.value.code == "rules"


# -- properties: what each option may change, and nothing else ----------------------------


def defence(deal: dict) -> str:
    return "B" if deal["taker"] == "A" else "A"


@SETTINGS
@given(profile_and_deal((AN,)))
def test_annonces_chute_changes_only_an_uncoinched_chute_into_the_contract(
    case: tuple[Rules, dict],
) -> None:
    rules, deal = case
    base = marques(deal, rules.with_options(annonces_chute=160))
    bid = marques(deal, rules.with_options(annonces_chute="bid"))
    # a defence capot with chute_capot=full keeps its 250 (and its belote, annonces_belote)
    full = deal.get("capot") == defence(deal) and rules.chute_capot == "full"
    if base["outcome"] == "chute" and not deal["coinche"] and not full:
        contract = 250 if deal["bid"] == "capot" else deal["bid"]
        belote = (deal.get("belote") or {}).get(defence(deal), 0) if rules.annonces_belote else 0
        assert bid == {**base, defence(deal): contract + 20 * belote}
    elif base["outcome"] != "chute" or deal["coinche"]:
        assert bid == base


@SETTINGS
@given(profile_and_deal((COINCHE, FA, F)))
def test_coinche_defence_changes_only_the_defence_of_a_points_multiplied_coinche_made(
    case: tuple[Rules, dict],
) -> None:
    rules, deal = case
    own, zero, multiplied = (
        marques(deal, rules.with_options(coinche_defence=value))
        for value in ("own", "zero", "multiplied")
    )
    d = defence(deal)
    if not (rules.coinche_count == "points_multiplied" and deal["coinche"]) or (
        own["outcome"] != "made"
    ):
        assert own == zero == multiplied
        return
    assert {**zero, d: own[d]} == own == {**multiplied, d: own[d]}
    # own: the uncoinched marque; zero: the multiplied count's; multiplied: m × own.
    plain = rules.with_options(coinche_defence="own")
    assert own[d] == marques({**deal, "coinche": 0}, plain)[d]
    assert zero[d] == marques(deal, plain.with_options(coinche_count="multiplied"))[d]
    m = 2 if deal["coinche"] == 1 else rules.surcoinche_factor
    belote = 20 * (deal.get("belote") or {}).get(d, 0)
    if rules.counting == "coinche" and not rules.belote_multiplied:
        assert multiplied[d] == m * (own[d] - belote) + belote
    else:
        assert multiplied[d] == m * own[d]


@SETTINGS
@given(profile_and_deal((COINCHE, FA, F)))
def test_coinche_base_raises_only_the_takers_of_a_coinche_made_by_the_chute_base(
    case: tuple[Rules, dict],
) -> None:
    rules, deal = case
    base = marques(deal, rules.with_options(coinche_base=160))
    chute = marques(deal, rules.with_options(coinche_base="chute_base"))
    t = deal["taker"]
    counted = rules.coinche_count != "points_multiplied" and deal["bid"] != "capot"
    if rules.chute_base == 160 or base["outcome"] != "made" or not deal["coinche"] or not counted:
        assert chute == base
        return
    assert {**chute, t: base[t]} == base
    contract_only = rules.coinche_count == "contract_only" and rules.counting in (
        COINCHE_COUNTING,
        FA,
    )
    capot = deal.get("capot") == t and rules.capot_bonus  # capot_bonus=false: no capot's base
    if capot and (rules.counting == "coinche" or contract_only):
        assert chute == base  # the capot's 250 (SPEC §5, §7.1)
    elif rules.rounding == "none":
        m = 2 if deal["coinche"] == 1 else rules.surcoinche_factor
        assert chute[t] - base[t] == 2 * (1 if contract_only else m)
    else:
        assert chute[t] >= base[t]


@SETTINGS
@given(profile_and_deal((COINCHE,)))
def test_capot_bid_marque_flat_takes_only_the_2_points_of_a_capot_bid_to_the_point(
    case: tuple[Rules, dict],
) -> None:
    rules, deal = case
    points = marques(deal, rules.with_options(capot_bid_marque="points"))
    flat = marques(deal, rules.with_options(capot_bid_marque="flat"))
    t = deal["taker"]
    coinched_points = deal["coinche"] and rules.coinche_count == "points_multiplied"
    coinched_points = coinched_points and rules.capot_bid_coinched == "multiplied"
    if deal["bid"] != "capot" or points["outcome"] != "made" or rules.rounding != "none":
        assert flat == points
    elif not deal["coinche"] or coinched_points:
        m = (1, 2, rules.surcoinche_factor)[deal["coinche"]]
        assert flat == {**points, t: points[t] - 2 * m}
    else:
        assert flat == points  # (250 + 250 …) × m, or contract_only's 250 + 250 × m

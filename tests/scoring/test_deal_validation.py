"""Refused deals: each error code of SPEC §8, and the first field at fault
wins when several are (order json, rules, taker, trump, bid, coinche, capot,
points, belote, announcement)."""

from __future__ import annotations

from typing import Any

import pytest

from scoring import CODES, Rules, ScoringError, score_deal

BELOTE = Rules.from_preset("ffb-belote")
COINCHE = Rules.from_preset("ffb-coinche")
CONTREE = Rules.from_preset("contree-faits")
SA_TA = Rules.from_preset("ffb-coinche", sa_ta=True)
FUN_TA = Rules.from_preset("ffb-belote", sa_ta=True, ta_scale="funbelote")

OK_BELOTE = {"taker": "A", "trump": "H", "points": {"A": 100}}
OK_COINCHE = {"taker": "A", "trump": "H", "bid": 80, "points": {"A": 100}}


def refused(deal: Any, rules: Rules) -> ScoringError:
    with pytest.raises(ScoringError) as caught:
        score_deal(deal, rules)
    error = caught.value
    assert error.code in CODES
    assert error.message and error.deal is None
    return error


CASES: list[tuple[str, Rules, Any, str]] = [
    ("a_list_is_not_a_deal", BELOTE, [1, 2], "json"),
    ("a_string_is_not_a_deal", BELOTE, "deal", "json"),
    ("an_unknown_field_is_refused", BELOTE, {**OK_BELOTE, "belotte": {"A": 1}}, "json"),
    ("an_unknown_taker", BELOTE, {**OK_BELOTE, "taker": "C"}, "taker"),
    ("a_taker_given_as_a_list", BELOTE, {**OK_BELOTE, "taker": ["A"]}, "taker"),
    ("a_passed_deal_with_points", BELOTE, {"taker": None, "points": {"A": 100}}, "taker"),
    ("a_passed_deal_with_a_bid", COINCHE, {"bid": 80}, "taker"),
    ("a_passed_deal_with_a_belote", BELOTE, {"belote": {"A": 1}}, "taker"),
    ("a_missing_trump", BELOTE, {"taker": "A", "points": {"A": 100}}, "trump"),
    ("an_unknown_trump", BELOTE, {**OK_BELOTE, "trump": "X"}, "trump"),
    ("an_unhashable_trump", BELOTE, {**OK_BELOTE, "trump": ["H"]}, "trump"),
    ("no_trump_without_sa_ta", BELOTE, {**OK_BELOTE, "trump": "SA"}, "trump"),
    ("all_trump_without_sa_ta", COINCHE, {**OK_COINCHE, "trump": "TA"}, "trump"),
    ("a_bid_in_classic_belote", BELOTE, {**OK_BELOTE, "bid": 80}, "bid"),
    ("a_missing_bid_at_coinche", COINCHE, {**OK_BELOTE}, "bid"),
    ("a_missing_bid_at_contree", CONTREE, {**OK_BELOTE}, "bid"),
    ("a_bid_below_80", COINCHE, {**OK_COINCHE, "bid": 70}, "bid"),
    ("a_bid_not_a_multiple_of_ten", COINCHE, {**OK_COINCHE, "bid": 85}, "bid"),
    ("a_bid_as_a_string_number", COINCHE, {**OK_COINCHE, "bid": "80"}, "bid"),
    ("a_boolean_bid", COINCHE, {**OK_COINCHE, "bid": True}, "bid"),
    ("a_float_bid", COINCHE, {**OK_COINCHE, "bid": 80.0}, "bid"),
    ("a_bid_nobody_can_make", CONTREE, {**OK_COINCHE, "bid": 1000}, "bid"),
    ("a_coinche_in_classic_belote", BELOTE, {**OK_BELOTE, "coinche": 1}, "coinche"),
    ("a_coinche_level_3", COINCHE, {**OK_COINCHE, "coinche": 3}, "coinche"),
    ("a_boolean_coinche", COINCHE, {**OK_COINCHE, "coinche": True}, "coinche"),
    ("an_unknown_capot_team", BELOTE, {**OK_BELOTE, "capot": "C"}, "capot"),
    ("a_boolean_capot", BELOTE, {**OK_BELOTE, "capot": True}, "capot"),
    ("missing_points", BELOTE, {"taker": "A", "trump": "H"}, "points"),
    ("points_not_summing_to_162", BELOTE, {**OK_BELOTE, "points": {"A": 100, "B": 63}}, "points"),
    ("one_card_point", BELOTE, {**OK_BELOTE, "points": {"A": 1}}, "points"),
    ("161_card_points", BELOTE, {**OK_BELOTE, "points": {"B": 161}}, "points"),
    (
        "one_card_point_at_all_trump_on_the_ffb_scale",
        SA_TA,
        {**OK_COINCHE, "trump": "TA", "points": {"A": 161}},
        "points",
    ),
    ("negative_points", BELOTE, {**OK_BELOTE, "points": {"A": -2, "B": 164}}, "points"),
    ("points_above_162", BELOTE, {**OK_BELOTE, "points": {"A": 170}}, "points"),
    ("boolean_points", BELOTE, {**OK_BELOTE, "points": {"A": True}}, "points"),
    ("float_points", BELOTE, {**OK_BELOTE, "points": {"A": 100.0}}, "points"),
    ("points_of_an_unknown_team", BELOTE, {**OK_BELOTE, "points": {"C": 100}}, "points"),
    ("252_without_capot", BELOTE, {**OK_BELOTE, "points": {"A": 252, "B": 0}}, "points"),
    ("a_capot_with_ordinary_points", BELOTE, {**OK_BELOTE, "capot": "A"}, "points"),
    (
        "a_capot_with_the_wrong_team",
        BELOTE,
        {**OK_BELOTE, "capot": "B", "points": {"A": 252, "B": 0}},
        "points",
    ),
    ("a_belote_at_no_trump", SA_TA, {**OK_COINCHE, "trump": "SA", "belote": {"A": 1}}, "belote"),
    ("two_belotes_at_a_suit", BELOTE, {**OK_BELOTE, "belote": {"A": 1, "B": 1}}, "belote"),
    (
        "five_belotes_at_all_trump",
        SA_TA,
        {**OK_COINCHE, "trump": "TA", "belote": {"A": 4, "B": 1}},
        "belote",
    ),
    ("a_negative_belote", BELOTE, {**OK_BELOTE, "belote": {"A": -1}}, "belote"),
    ("a_boolean_belote", BELOTE, {**OK_BELOTE, "belote": {"A": True}}, "belote"),
    ("a_belote_list", BELOTE, {**OK_BELOTE, "belote": [1]}, "belote"),
    (
        "both_announcement_forms",
        BELOTE,
        {**OK_BELOTE, "announcements": {}, "announcement_points": {}},
        "announcement",
    ),
    (
        "announcements_at_contree",
        CONTREE,
        {**OK_COINCHE, "announcement_points": {"A": 20}},
        "announcement",
    ),
    (
        "announcement_points_for_both_teams",
        BELOTE,
        {**OK_BELOTE, "announcement_points": {"A": 20, "B": 50}},
        "announcement",
    ),
    (
        "announcement_points_of_30",
        BELOTE,
        {**OK_BELOTE, "announcement_points": {"A": 30}},
        "announcement",
    ),
    (
        "announcement_points_of_540",
        BELOTE,
        {**OK_BELOTE, "announcement_points": {"A": 540}},
        "announcement",
    ),
    (
        "negative_announcement_points",
        BELOTE,
        {**OK_BELOTE, "announcement_points": {"A": -20}},
        "announcement",
    ),
]


@pytest.mark.parametrize(
    ("rules", "deal", "code"), [pytest.param(*case[1:], id=case[0]) for case in CASES]
)
def test_an_invalid_deal_is_refused_with_the_code_of_its_field(
    rules: Rules, deal: Any, code: str
) -> None:
    assert refused(deal, rules).code == code


def test_the_first_field_at_fault_gives_the_code() -> None:
    everything_wrong = {
        "taker": "C",
        "trump": "X",
        "bid": 5,
        "coinche": 9,
        "capot": "Z",
        "points": {"A": 1},
        "belote": {"A": 9},
        "announcement_points": {"A": 30},
    }
    order = ["taker", "trump", "bid", "coinche", "capot", "points", "belote", "announcement"]
    fixes = {
        "taker": "A",
        "trump": "H",
        "bid": 80,
        "coinche": 0,
        "capot": None,
        "points": {"A": 100},
        "belote": {"A": 1},
        "announcement_points": {"A": 20},
    }
    deal = dict(everything_wrong)
    for code in order:
        assert refused(deal, COINCHE).code == code
        key = "announcement_points" if code == "announcement" else code
        deal[key] = fixes[key]
    score_deal(deal, COINCHE)


def test_an_unknown_field_comes_before_every_other_fault() -> None:
    assert refused({"taker": "C", "extra": 1}, BELOTE).code == "json"


def test_the_message_of_a_bad_sum_tells_the_sum() -> None:
    error = refused({**OK_BELOTE, "points": {"A": 100, "B": 63}}, BELOTE)
    assert error.message == "Les points des deux équipes doivent faire 162 (ici 163)."


@pytest.mark.parametrize(
    "deal",
    [
        {**OK_BELOTE, "points": {"A": 1, "B": 161}, "trump": "TA"},
        {**OK_BELOTE, "points": {"B": 1}, "trump": "TA"},
    ],
)
def test_one_card_point_is_possible_at_all_trump_on_the_funbelote_scale(deal: dict) -> None:
    assert sum(score_deal(deal, FUN_TA).card_points) == 162


@pytest.mark.parametrize(
    "deal",
    [
        {"taker": None},
        {},
        {"taker": None, "trump": "H", "coinche": 0, "points": {}, "belote": {"A": 0}},
        {"taker": None, "announcements": {"A": []}, "announcement_points": {"B": 0}},
        {"taker": None, "rules": "ffb-belote"},
    ],
)
def test_a_passed_deal_may_carry_empty_fields(deal: dict) -> None:
    assert score_deal(deal, BELOTE).outcome == "passed"


@pytest.mark.parametrize(
    "deal",
    [
        {"taker": "A", "trump": "H", "capot": "A"},
        {"taker": "A", "trump": "H", "capot": "A", "points": {"A": 252}},
        {"taker": "A", "trump": "H", "capot": "A", "points": {"B": 0}},
        {"taker": "A", "trump": "H", "capot": "A", "points": {"A": 252, "B": 0}},
        {"taker": "A", "trump": "H", "capot": "A", "points": {}},
    ],
)
def test_capot_points_may_be_omitted_or_given_as_252_0(deal: dict) -> None:
    assert score_deal(deal, BELOTE).card_points == (252, 0)


def test_one_side_of_the_points_is_162_minus_the_other() -> None:
    assert score_deal({**OK_BELOTE, "points": {"B": 40}}, BELOTE).card_points == (122, 40)


def test_null_optional_fields_mean_their_default() -> None:
    deal = {
        **OK_COINCHE,
        "coinche": None,
        "capot": None,
        "belote": None,
        "announcements": None,
    }
    assert score_deal(deal, COINCHE).outcome == "made"


def test_a_capot_bid_is_the_only_word_accepted_as_a_bid() -> None:
    assert refused({**OK_COINCHE, "bid": "Capot"}, COINCHE).code == "bid"
    assert score_deal({**OK_COINCHE, "bid": "capot", "points": None, "capot": "A"}, COINCHE)

"""Classic belote (SPEC §4) and every option that changes it (SPEC §7).
Expected marques are derived by hand in the comments."""

from __future__ import annotations

from typing import Any

import pytest

from scoring import Rules, score_deal


def belote(**overrides: Any) -> Rules:
    return Rules.from_preset("ffb-belote", **overrides)


TIERCE = {"kind": "tierce", "high": "Q", "suit": "C"}

CASES = [
    # The defence wins: takers B 62 < 100, defence A marks 162.
    ("a_chute_gives_the_defence_162", {}, {"taker": "B", "points": {"A": 100}}, (162, 0), "chute"),
    # Takers' announcements change hands on a chute: 70 + 20 < 92 → 162 + 20.
    (
        "a_chute_hands_the_takers_announcements_to_the_defence",
        {},
        {"taker": "A", "points": {"A": 70}, "announcements": {"A": [TIERCE]}},
        (0, 182),
        "chute",
    ),
    # Defence announcements and belote count in its total on a made contract.
    (
        "a_made_contract_marks_the_defence_total_with_its_belote",
        {},
        {"taker": "A", "points": {"A": 110}, "belote": {"B": 1}},
        (110, 72),
        "made",
    ),
    # 71 + 20 = 91 = 91: the pot holds the takers' belote too.
    (
        "a_tie_puts_the_takers_belote_in_the_pot",
        {},
        {"taker": "A", "points": {"A": 71}, "belote": {"A": 1}},
        (0, 91),
        "litige",
    ),
    # Takers capot, defence belote and tierce: A 252 + 20 (tierce passes), B keeps 20.
    (
        "a_capot_defence_keeps_its_belote_and_loses_its_announcements",
        {},
        {"taker": "A", "capot": "A", "belote": {"B": 1}, "announcements": {"B": [TIERCE]}},
        (272, 20),
        "made",
    ),
    # Takers capot by the defence: belote kept, defence 162 (flat).
    (
        "takers_made_capot_keep_their_belote",
        {},
        {"taker": "A", "capot": "B", "belote": {"A": 1}},
        (20, 162),
        "chute",
    ),
    (
        "chute_capot_full_gives_252_when_the_takers_are_capot",
        {"chute_capot": "full"},
        {"taker": "A", "capot": "B", "belote": {"A": 1}},
        (20, 252),
        "chute",
    ),
    (
        "chute_capot_full_changes_nothing_without_capot",
        {"chute_capot": "full"},
        {"taker": "A", "points": {"A": 70}},
        (0, 162),
        "chute",
    ),
    (
        "chute_base_160_lowers_the_chute",
        {"chute_base": 160},
        {"taker": "A", "points": {"A": 70}},
        (0, 160),
        "chute",
    ),
    (
        "litige_chute_treats_a_tie_as_a_chute",
        {"litige": "chute"},
        {"taker": "B", "points": {"A": 81}},
        (162, 0),
        "chute",
    ),
    (
        "an_unprotected_belote_goes_to_the_defence_on_a_chute",
        {"belote_protected": False},
        {"taker": "A", "points": {"A": 70}, "belote": {"A": 1}},
        (0, 182),
        "chute",
    ),
    (
        "an_unprotected_belote_stays_with_the_takers_when_made",
        {"belote_protected": False},
        {"taker": "A", "points": {"A": 90}, "belote": {"A": 1}},
        (110, 72),
        "made",
    ),
    # 75 + 50 = 125 > 87 made; without announcements in the test 75 < 87.
    (
        "announcements_count_for_the_contract_by_default",
        {},
        {"taker": "A", "points": {"A": 75}, "announcement_points": {"A": 50}},
        (125, 87),
        "made",
    ),
    (
        "announcements_that_do_not_count_for_the_contract_can_make_it_fail",
        {"announcements_count_for_contract": False},
        {"taker": "A", "points": {"A": 75}, "announcement_points": {"A": 50}},
        (0, 212),
        "chute",
    ),
    # The belote still counts without announcements in the test: 80 + 20 > 82.
    (
        "the_belote_counts_for_the_contract_even_without_announcements",
        {"announcements_count_for_contract": False},
        {"taker": "A", "points": {"A": 80}, "belote": {"A": 1}},
        (100, 82),
        "made",
    ),
    # rounding none: no rounding at all (FFB « au point près »).
    (
        "rounding_none_marks_to_the_point",
        {},
        {"taker": "A", "points": {"A": 87}},
        (87, 75),
        "made",
    ),
    (
        "nearest_rounding_rounds_the_chute_base_162_to_160",
        {"rounding": "nearest"},
        {"taker": "A", "points": {"A": 70}, "belote": {"A": 1}},
        (20, 160),
        "chute",
    ),
    (
        "nearest_rounding_rounds_a_capot",
        {"rounding": "nearest"},
        {"taker": "A", "capot": "A", "announcements": {"B": [TIERCE]}},
        (270, 0),
        "made",
    ),
    (
        "complement_rounding_acts_as_nearest_on_a_capot",
        {"rounding": "complement"},
        {"taker": "A", "capot": "A", "announcements": {"B": [TIERCE]}},
        (270, 0),
        "made",
    ),
    # 95 → 90 (5 down), defence 160 − 90 = 70, plus its belote 20.
    (
        "complement_rounding_adds_belotes_after_rounding_the_card_points",
        {"rounding": "complement"},
        {"taker": "A", "points": {"A": 95}, "belote": {"B": 1}},
        (90, 90),
        "made",
    ),
    (
        "complement_rounding_acts_as_nearest_on_a_chute",
        {"rounding": "complement"},
        {"taker": "A", "points": {"A": 70}, "belote": {"A": 1}},
        (20, 160),
        "chute",
    ),
]


@pytest.mark.parametrize(
    ("overrides", "deal", "marques", "outcome"),
    [pytest.param(*case[1:], id=case[0]) for case in CASES],
)
def test_classic_belote(overrides: dict, deal: dict, marques: tuple, outcome: str) -> None:
    score = score_deal({"trump": "S", **deal}, belote(**overrides))
    assert (score.a, score.b) == marques
    assert score.outcome == outcome


def test_a_tie_marks_no_pot_with_rounding_none_beyond_the_takers_total() -> None:
    score = score_deal({"taker": "B", "trump": "H", "points": {"A": 81}}, belote())
    assert (score.a, score.b, score.pot) == (81, 0, 81)


def test_a_tie_judged_without_announcements_puts_them_in_the_pot() -> None:
    # 81 = 81 on cards (announcements not in the test): litige, pot 81 + 20.
    deal = {
        "taker": "A",
        "trump": "H",
        "points": {"A": 81},
        "announcement_points": {"A": 20},
    }
    score = score_deal(deal, belote(announcements_count_for_contract=False))
    assert (score.outcome, score.a, score.b, score.pot) == ("litige", 0, 81, 101)


def test_a_passed_deal_marks_nothing() -> None:
    score = score_deal({"taker": None}, belote())
    assert (score.a, score.b, score.outcome, score.pot) == (0, 0, "passed", 0)
    assert score_deal({}, belote()).outcome == "passed"


@pytest.mark.parametrize(
    ("trump", "carre", "value"),
    [("S", "A", 100), ("SA", "A", 200), ("SA", "10", 150), ("TA", "J", 200), ("SA", "J", 100)],
    ids=[
        "ace_carre_at_a_suit",
        "ace_carre_at_no_trump",
        "ten_carre_at_no_trump",
        "jack_carre_at_all_trump",
        "jack_carre_at_no_trump",
    ],
)
def test_carre_values_depend_on_the_contract(trump: str, carre: str, value: int) -> None:
    deal = {
        "taker": "A",
        "trump": trump,
        "points": {"A": 100},
        "announcements": {"A": [{"kind": "carre", "high": carre}]},
    }
    score = score_deal(deal, belote(sa_ta=True))
    assert score.announcements == (value, 0)
    assert score.a == 100 + value


def test_all_trump_allows_four_belotes() -> None:
    deal = {"taker": "A", "trump": "TA", "points": {"A": 100}, "belote": {"A": 3, "B": 1}}
    score = score_deal(deal, belote(sa_ta=True))
    assert (score.a, score.b) == (160, 82)

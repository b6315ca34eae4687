"""Announcement resolution (SPEC §3) from declared items, and refusal of
impossible declarations."""

from __future__ import annotations

from typing import Any

import pytest

from scoring import Rules, ScoringError, score_deal

BELOTE = Rules.from_preset("ffb-belote", sa_ta=True)


def counted(a: list[dict], b: list[dict], trump: str = "H", **extra: Any) -> tuple[int, int]:
    deal = {
        "taker": "A",
        "trump": trump,
        "points": {"A": 100},
        "announcements": {"A": a, "B": b},
        **extra,
    }
    return score_deal(deal, BELOTE).announcements


def seq(kind: str, high: str, suit: str) -> dict[str, str]:
    return {"kind": kind, "high": high, "suit": suit}


def carre(high: str) -> dict[str, str]:
    return {"kind": "carre", "high": high}


RESOLUTION = [
    ("a_lone_announcement_counts", [seq("tierce", "9", "S")], [], "H", (20, 0)),
    (
        "the_higher_value_wins",
        [seq("tierce", "A", "S")],
        [seq("cinquante", "10", "C")],
        "H",
        (0, 50),
    ),
    (
        "the_winner_scores_all_its_announcements",
        [seq("cinquante", "A", "S"), seq("tierce", "9", "D")],
        [seq("tierce", "K", "C")],
        "H",
        (70, 0),
    ),
    ("a_carre_beats_a_cent_of_equal_value", [seq("cent", "J", "S")], [carre("Q")], "H", (0, 100)),
    (
        "the_higher_top_card_wins_at_equal_value",
        [seq("tierce", "A", "S")],
        [seq("tierce", "Q", "C")],
        "H",
        (20, 0),
    ),
    ("an_ace_carre_beats_a_king_carre", [carre("K")], [carre("A")], "H", (0, 100)),
    ("a_queen_carre_beats_a_ten_carre", [carre("10")], [carre("Q")], "H", (0, 100)),
    (
        "a_sequence_in_trump_wins_a_tie",
        [seq("tierce", "Q", "S")],
        [seq("tierce", "Q", "H")],
        "H",
        (0, 20),
    ),
    (
        "equal_announcements_outside_trump_cancel_out",
        [seq("tierce", "Q", "S")],
        [seq("tierce", "Q", "C")],
        "H",
        (0, 0),
    ),
    (
        "a_tie_cancels_even_the_lower_announcements",
        [seq("tierce", "Q", "S"), seq("tierce", "9", "D")],
        [seq("tierce", "Q", "C")],
        "H",
        (0, 0),
    ),
    (
        "no_trump_suit_breaks_ties_at_all_trump",
        [seq("tierce", "Q", "S")],
        [seq("tierce", "Q", "H")],
        "TA",
        (0, 0),
    ),
    ("a_carre_of_eights_counts_nothing", [carre("8")], [], "H", (0, 0)),
    (
        "a_carre_of_sevens_does_not_beat_a_tierce",
        [carre("7")],
        [seq("tierce", "K", "S")],
        "H",
        (0, 20),
    ),
    ("a_jack_carre_is_200_at_a_suit", [carre("J")], [carre("9")], "H", (200, 0)),
    ("an_ace_carre_is_200_at_no_trump", [carre("A")], [carre("J")], "SA", (200, 0)),
    ("a_nine_carre_is_100_at_no_trump", [carre("9")], [carre("K")], "SA", (0, 100)),
]


@pytest.mark.parametrize(
    ("a", "b", "trump", "expected"), [pytest.param(*c[1:], id=c[0]) for c in RESOLUTION]
)
def test_announcement_resolution(a: list, b: list, trump: str, expected: tuple) -> None:
    assert counted(a, b, trump) == expected


IMPOSSIBLE = [
    ("a_tierce_topped_by_8", [seq("tierce", "8", "S")], []),
    ("a_cinquante_topped_by_9", [seq("cinquante", "9", "S")], []),
    ("a_cent_topped_by_10", [seq("cent", "10", "S")], []),
    ("a_carre_rank_held_by_both_teams", [carre("K")], [carre("K")]),
    ("a_card_in_two_announcements", [carre("Q"), seq("tierce", "K", "S")], []),
    ("a_card_in_both_teams", [seq("tierce", "K", "S")], [seq("tierce", "A", "S")]),
    (
        "more_than_two_hands_of_cards",
        [carre("J"), carre("9"), carre("A"), seq("tierce", "K", "S")],
        [],
    ),
    ("items_that_do_not_fit_two_hands", [seq("cent", "A", s) for s in "SH"] + [carre("7")], []),
    ("an_unknown_kind", [{"kind": "quinte", "high": "A", "suit": "S"}], []),
    ("an_unknown_rank", [{"kind": "tierce", "high": "1", "suit": "S"}], []),
    ("a_sequence_without_suit", [{"kind": "tierce", "high": "A"}], []),
    ("a_carre_with_a_suit", [{"kind": "carre", "high": "A", "suit": "S"}], []),
    ("an_item_with_an_unknown_field", [{"kind": "carre", "high": "A", "player": "N"}], []),
    ("an_item_that_is_not_an_object", ["tierce"], []),
    ("an_unhashable_kind", [{"kind": ["tierce"], "high": "A", "suit": "S"}], []),
]


@pytest.mark.parametrize(("a", "b"), [pytest.param(*c[1:], id=c[0]) for c in IMPOSSIBLE])
def test_an_impossible_declaration_is_refused(a: list, b: list) -> None:
    with pytest.raises(ScoringError) as caught:
        counted(a, b)
    assert caught.value.code == "announcement"


def test_a_belote_is_impossible_when_the_opponents_declare_its_king() -> None:
    with pytest.raises(ScoringError) as caught:
        counted([], [carre("K")], belote={"A": 1})
    assert caught.value.code == "announcement"


def test_a_belote_may_share_cards_with_its_own_team_announcements() -> None:
    assert counted([seq("tierce", "K", "H")], [], belote={"A": 1}) == (20, 0)


def test_announcements_must_be_a_team_object() -> None:
    for bad in ([], {"C": []}, {"A": {}}):
        with pytest.raises(ScoringError) as caught:
            score_deal(
                {"taker": "A", "trump": "H", "points": {"A": 90}, "announcements": bad}, BELOTE
            )
        assert caught.value.code == "announcement"


@pytest.mark.parametrize("points", [0, 20, 40, 50, 100, 150, 200, 350, 550])
def test_feasible_announcement_points_are_accepted(points: int) -> None:
    deal = {"taker": "A", "trump": "H", "points": {"A": 90}, "announcement_points": {"B": points}}
    assert score_deal(deal, BELOTE).announcements == (0, points)


def test_announcements_off_refuses_declared_items() -> None:
    rules = Rules.from_preset("ffb-belote", announcements=False)
    deal = {"taker": "A", "trump": "H", "points": {"A": 90}}
    with pytest.raises(ScoringError):
        score_deal({**deal, "announcements": {"A": [carre("A")]}}, rules)
    assert score_deal({**deal, "announcements": {"A": []}}, rules).a == 90

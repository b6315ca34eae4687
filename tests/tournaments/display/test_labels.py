"""The labels of the game's values, in French and in English."""

from __future__ import annotations

import datetime
from types import SimpleNamespace

import pytest
from django.utils import translation

from tournaments.display import labels


def deal(**fields) -> SimpleNamespace:
    values = {
        "taker": "A",
        "trump": "H",
        "bid": 80,
        "bid_capot": False,
        "coinche": 0,
        "points_a": None,
        "points_b": None,
        "capot": "",
    }
    values.update(fields)
    return SimpleNamespace(**values)


@pytest.mark.parametrize(
    ("fields", "factor", "french", "short"),
    [
        ({}, 4, "80 ♥", "80 ♥"),
        ({"coinche": 1}, 4, "80 ♥ coinché", "80 ♥ ×2"),
        ({"coinche": 2}, 4, "80 ♥ surcoinché", "80 ♥ ×4"),
        ({"coinche": 2}, 3, "80 ♥ surcoinché", "80 ♥ ×3"),
        (
            {"bid": None, "bid_capot": True, "trump": "S", "coinche": 1},
            4,
            "Capot ♠ coinché",
            "Capot ♠ ×2",
        ),
        ({"bid": 120, "trump": "SA"}, 4, "120 SA", "120 SA"),
        ({"taker": "", "trump": "", "bid": None}, 4, "Passe", "Passe"),
    ],
)
def test_a_contract_reads_as_on_the_sheet(fields, factor, french, short) -> None:
    with translation.override("fr"):
        assert labels.contract_label(deal(**fields), surcoinche_factor=factor) == french
        assert labels.contract_label(deal(**fields), surcoinche_factor=factor, short=True) == short


def test_the_surcoinche_mark_follows_the_profiles_factor() -> None:
    assert labels.coinche_mark(2, 3) == "×3"
    assert labels.coinche_mark(2, 4) == "×4"
    assert labels.coinche_mark(1, 3) == "×2"
    assert labels.coinche_mark(0, 3) == ""


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        ("fr", ("Nord-Sud", "Est-Ouest", "N-S", "E-O")),
        ("en", ("North-South", "East-West", "N-S", "E-W")),
    ],
)
def test_sides_are_named_in_the_active_language(language, expected) -> None:
    with translation.override(language):
        got = (
            labels.side_label("A"),
            labels.side_label("B"),
            labels.side_label("A", short=True),
            labels.side_label("B", short=True),
        )
    assert got == expected


@pytest.mark.parametrize(
    ("language", "trump", "expected"),
    [
        ("fr", "SA", "SA"),
        ("fr", "TA", "TA"),
        ("en", "SA", "NT"),
        ("en", "TA", "AT"),
        ("en", "C", "♣"),
    ],
)
def test_no_trump_and_all_trump_have_short_names(language, trump, expected) -> None:
    with translation.override(language):
        assert labels.trump_sign(trump) == expected


@pytest.mark.parametrize(
    ("language", "ranks", "date", "numbers"),
    [
        (
            "fr",
            ["1er", "2e", "11e", "22e"],
            "mardi 1er décembre 2026",
            ["−12\u202f345", "1\u202f200"],
        ),
        ("en", ["1st", "2nd", "11th", "22nd"], "Tuesday 1 December 2026", ["−12,345", "1,200"]),
    ],
)
def test_ranks_dates_and_numbers_print_the_local_way(language, ranks, date, numbers) -> None:
    with translation.override(language):
        assert [labels.ordinal(r) for r in (1, 2, 11, 22)] == ranks
        assert labels.long_date(datetime.date(2026, 12, 1)) == date
        assert [labels.number(-12345), labels.number(1200)] == numbers


@pytest.mark.parametrize(
    ("taker", "points_a", "points_b", "shown"),
    [("A", 97, None, "97"), ("A", None, 65, "97"), ("B", 70, None, "92"), ("", None, None, "")],
)
def test_the_sheet_line_shows_the_takers_points_even_when_the_defences_were_typed(
    taker, points_a, points_b, shown
) -> None:
    deal = SimpleNamespace(taker=taker, points_a=points_a, points_b=points_b)
    assert labels.taker_points_label(deal) == shown

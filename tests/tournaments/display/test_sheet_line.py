"""The small marks of a donne's line on the phone (display/sheet_line.py):
short on the line, said in words for a screen reader, in both languages."""

from __future__ import annotations

from types import SimpleNamespace

import pytest
from django.utils import translation

from tournaments.display.sheet_line import Mark, line_marks


def deal(**fields) -> SimpleNamespace:
    values = {"belote_a": 0, "belote_b": 0, "announcements": {}, "capot": ""}
    return SimpleNamespace(**{**values, **fields})


TIERCE = {"announcements": {"A": [{"kind": "tierce", "high": "K", "suit": "H"}]}}


@pytest.mark.parametrize(
    ("fields", "french", "english"),
    [
        ({}, [], []),
        (
            {"belote_b": 1},
            [Mark("belote E-O", "belote Est-Ouest")],
            [Mark("belote E-W", "belote East-West")],
        ),
        (
            {"announcements": TIERCE, "capot": "A"},
            [
                Mark("tierce R♥ N-S", "annonces tierce R♥ Nord-Sud"),
                Mark("capot N-S", "capot Nord-Sud"),
            ],
            [
                Mark("tierce K♥ N-S", "announcements tierce K♥ North-South"),
                Mark("capot N-S", "capot North-South"),
            ],
        ),
        (
            {"belote_a": 1, "announcements": {"announcement_points": {"A": 0, "B": 50}}},
            [Mark("belote N-S", "belote Nord-Sud"), Mark("50 E-O", "annonces 50 Est-Ouest")],
            [
                Mark("belote N-S", "belote North-South"),
                Mark("50 E-W", "announcements 50 East-West"),
            ],
        ),
    ],
)
def test_the_marks_of_a_line_are_short_and_said_in_words(fields, french, english):
    with translation.override("fr"):
        assert line_marks(deal(**fields)) == french
    with translation.override("en"):
        assert line_marks(deal(**fields)) == english

"""The keys a sheet's review takes (bench/keys.py `review_keys`), as the
benchmark counts them: table-driven, one deal a case. The journeys
(tests/browser/test_sheets_at_the_desk.py, test_sheets_in_two_hands.py)
press the keys in Chromium and check that they pressed exactly this count."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

import scoring
from bench import keys
from tournaments.features.sheets.forms import SheetReview

RULES = scoring.PRESETS["ffb-coinche"]
DEAL = {"taker": "A", "trump": "H", "bid": 90, "points": {"A": 97}}
#: The deal as its sheet's row is read right: what the review shows.
READ = {
    "taker": {"value": "A", "sure": True},
    "trump": {"value": "H", "sure": True},
    "bid": {"value": 90, "sure": True},
    "points": {"value": 97, "sure": True},
    "marque_a": {"value": 190, "sure": True},
    "marque_b": {"value": 70, "sure": True},
}


def _review(asked: list[str], **read: object) -> SheetReview:
    fields = {**READ, **{name: {"value": value, "sure": False} for name, value in read.items()}}
    deal = {"deal": 1, "fields": fields, "asked": asked, "reasons": ["unsure"] if asked else []}
    return SheetReview(
        SimpleNamespace(reading={"deals": [deal], "marques": [[190, 70]]}), rules=RULES
    )


@pytest.mark.parametrize(
    ("asked", "read", "pressed"),
    [
        # A sure deal: Enter on « Juste », then Enter on « Enregistrer ».
        ([], {}, 1 + 1),
        # The points asked, shown right: Enter in them (which ticks the deal).
        (["points"], {}, 1 + 1),
        # The points asked, read 91: « 97 » typed over them, then Enter.
        (["points"], {"points": 91}, 2 + 1 + 1),
        # The bid and the points asked, both right: Enter in each.
        (["bid", "points"], {}, 2 + 1),
        # The bid read 80, the points right: « 90 » typed, Enter, Enter.
        (["bid", "points"], {"bid": 80}, 2 + 1 + 1 + 1),
        # A marque asked has no cell: the review says why; Enter on « Juste ».
        (["marque_a", "marque_b"], {}, 1 + 1),
        # The taker asked, read as the other side: « n » typed, Enter.
        (["taker"], {"taker": "B"}, 1 + 1 + 1),
    ],
)
def test_the_keys_of_a_review(asked: list[str], read: dict, pressed: int) -> None:
    assert keys.review_keys(_review(asked, **read), [DEAL], RULES) == pressed


def test_a_deal_typed_whole_at_the_grid() -> None:
    # n, c (hearts), 9 0 (a complete bid moves on), 9 7, Enter.
    assert keys.grid_keys(DEAL) == 7

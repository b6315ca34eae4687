"""What the rules give for each reading of a row's inputs
(domain/marques.py's `given_by_rules`, settle.py's thousands of readings):
the same as scoring each reading's row afresh, a bid refused once
refused whatever the points with it. Pure: no photo, no database."""

from __future__ import annotations

import random

import pytest

import scoring
from tournaments.features.sheets.domain.marques import (
    defence_points,
    given_by_rules,
    scored,
    with_pot,
)
from tournaments.features.sheets.domain.rows import FieldRead

COINCHE = scoring.PRESETS["ffb-coinche"]
ROW = {"taker": "A", "trump": "H", "bid": 90, "points": 97, "announce_a": None}


def _afresh(values: dict[str, int], pot: int) -> dict[str, int] | None:
    """A reading scored as its own row, each value a FieldRead."""
    fields = {name: FieldRead(value, True) for name, value in {**ROW, **values}.items()}
    score = scored(fields, COINCHE)
    if score is None:
        return None
    a, b = with_pot(score, pot)
    defence = defence_points(score)
    given = {"marque_a": a, "marque_b": b}
    return given if defence is None else {**given, "points_defence": defence}


@pytest.mark.parametrize("seed", range(3))
def test_each_reading_gets_what_its_row_scored_afresh_gets(seed: int) -> None:
    draw = random.Random(seed)
    given_of = given_by_rules({n: FieldRead(v, True) for n, v in ROW.items()}, COINCHE, 0)
    for _ in range(400):
        values = {
            "bid": draw.choice([80, 83, 90, 250, 500, 1000, 7]),  # some out of range
            "points": draw.randrange(0, 260),
            "announce_a": draw.choice([0, 20, 37, 50, 100]),
        }
        assert given_of(values) == _afresh(values, 0)

"""The readings of a row's numbers above a bound (domain/readings.py):
each number made once at its last box, the readings the same as every
box's choices tried whole, in the same order."""

from __future__ import annotations

import numpy as np
import pytest

from tournaments.features.sheets.domain import readings


def _above_box_by_box(inputs, numbers, plausible, bound, limit):
    """`above` as it was before it made each number at its last box: every
    box's choices tried to the last box, the numbers made there."""
    places = readings._places(inputs, numbers, plausible)
    sizes = [len(numbers[name]) for name in inputs]
    out = []
    stack = [(0, (), 1.0, 1.0)]
    while stack:
        at, chars, likelihood, ratio = stack.pop()
        if at == len(places):
            values = readings.values_of(chars, inputs, sizes)
            if values is not None:
                out.append((values, likelihood, ratio))
                if len(out) > limit:
                    return None
            continue
        for char, p, r in places[at]:
            if ratio * r >= bound:
                stack.append((at + 1, (*chars, char), likelihood * p, ratio * r))
    return out


def _box(rng: np.random.Generator) -> tuple[float, ...]:
    """A box's eleven classes, a few of them plausible (« not a digit » too)."""
    p = rng.random(11) ** 6
    return tuple(float(v) for v in p / p.sum())


@pytest.mark.parametrize("seed", range(6))
def test_the_readings_above_a_bound_are_those_of_every_box_tried(seed: int) -> None:
    rng = np.random.default_rng(seed)
    for _ in range(60):
        inputs = ["points", "bid", "announce_a"][: int(rng.integers(1, 4))]
        numbers = {name: [_box(rng) for _ in range(int(rng.integers(1, 4)))] for name in inputs}
        bound, limit = float(rng.choice([0.5, 1e-2, 1e-4])), int(rng.choice([5, 6000]))
        assert readings.above(inputs, numbers, 1e-3, bound, limit) == _above_box_by_box(
            inputs, numbers, 1e-3, bound, limit
        )

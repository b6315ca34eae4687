"""A number's box cut out of the straightened sheet (domain/cells.py): its
printed outline and any printed rule across the cut's margins are taken
out; a pen's stroke that runs over the box is kept. Pure arrays, no photo."""

from __future__ import annotations

import numpy as np
import pytest

from tournaments.domain.sheet_layout import Box
from tournaments.features.sheets.domain import cells

PER_MM = cells.PER_MM
BOX = Box("0", 10.0, 10.0, 6.0, 8.5)


def _band() -> cells.Straightened:
    """A blank band of 30 × 30 mm, the box's printed outline drawn (dark
    enough to read as ink 1.0)."""
    dark = np.zeros((int(30 * PER_MM), int(30 * PER_MM)), np.float32)
    x0, y0 = int(BOX.x * PER_MM), int(BOX.y * PER_MM)
    x1, y1 = int((BOX.x + BOX.w) * PER_MM), int((BOX.y + BOX.h) * PER_MM)
    dark[y0 : y0 + 2, x0:x1] = dark[y1 - 2 : y1, x0:x1] = 0.5
    dark[y0:y1, x0 : x0 + 2] = dark[y0:y1, x1 - 2 : x1] = 0.5
    return cells.Straightened(dark, 0.0, 0.0)


def _share(band: cells.Straightened) -> float:
    return cells._share(cells._digit_ink(band, BOX))


@pytest.mark.parametrize(
    ("top", "rows"),
    [
        # The heading's 0.9 pt line over a first row's cut: its top 3 rows
        # (as on seed 1's photos: 1.0, 1.0, 0.4 of ink).
        (BOX.y - 1.0, 3),
        (BOX.y - 0.9, 2),  # a thinner rule, a little lower
        (BOX.y + BOX.h + 0.7, 3),  # a rule in the cut's bottom margin
    ],
)
def test_a_rule_across_the_cuts_margin_is_no_ink(top: float, rows: int) -> None:
    band = _band()
    y = round(top * PER_MM)
    band.ink[y : y + rows, :] = 1.0
    # Before, a first row's empty boxes read as inked (about 0.019 of the
    # cut, over BLANK), « not a digit »: every number of the row asked.
    assert _share(band) < cells.BLANK


def test_a_stroke_running_over_the_box_into_the_margin_is_kept() -> None:
    band = _band()
    x = int((BOX.x + 3.0) * PER_MM)
    band.ink[int((BOX.y - 0.9) * PER_MM) : int((BOX.y + 6.0) * PER_MM), x : x + 4] = 1.0
    ink = cells._digit_ink(band, BOX)
    margin = cells._BEYOND  # the rows past RUN_OVER come first
    assert ink[margin : margin + 5].sum() > 0  # the stroke's top, in the margin, kept
    assert _share(band) > cells.BLANK


@pytest.mark.parametrize("seed", range(4))
def test_the_percentile_is_numpys_to_the_bit(seed: int) -> None:
    """cells.percentile gives np.percentile's very bits (the ink taken out
    of a cut's margins must not move), whatever the array's shape."""
    rng = np.random.default_rng(seed)
    for _ in range(500):
        ink = rng.random((int(rng.integers(1, 40)), int(rng.integers(1, 80))), dtype=np.float32)
        ink[rng.random(ink.shape) < rng.random()] = 0.0  # paper: many zeros, as in a cut
        for q, axis in ((15, 0), (15, 1), (25, 0), (25, 1)):
            ours, numpys = cells.percentile(ink, q, axis), np.percentile(ink, q, axis=axis)
            assert ours.dtype == numpys.dtype and ours.tobytes() == numpys.tobytes()
        assert float(cells.percentile(ink[0], 25)) == float(np.percentile(ink[0], 25))

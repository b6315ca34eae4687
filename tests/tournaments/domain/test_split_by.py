"""Which criterion split two lines equal on the first (issue 60, item 4)."""

from __future__ import annotations

import pytest

from tournaments.domain.standings import CHANCE, POINTS, WINS, Row, split_by


def row(entrant: int, rank: int, points: int, wins: int = 0, chance: int = 0) -> Row:
    return Row(entrant=entrant, rank=rank, points_for=points, won=wins, chance=chance)


@pytest.mark.parametrize(
    ("rows", "criteria", "split"),
    [
        # 4th and 5th on the same points, split by the lots: the 5th says so.
        ([row(1, 4, 900, 2, 5), row(2, 5, 900, 2, 9)], (POINTS, WINS, CHANCE), {2: CHANCE}),
        # Split by the wins before the lots.
        ([row(1, 1, 900, 3), row(2, 2, 900, 2)], (POINTS, WINS, CHANCE), {2: WINS}),
        # Fewer points: nothing to say.
        ([row(1, 1, 950), row(2, 2, 900)], (POINTS, WINS), {}),
        # A shared rank: nothing split them.
        ([row(1, 3, 900, 2), row(2, 3, 900, 2)], (POINTS, WINS), {}),
    ],
)
def test_the_criterion_that_split_a_line_from_the_one_above(rows, criteria, split):
    assert split_by(rows, criteria) == split

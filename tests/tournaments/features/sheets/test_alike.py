"""Boxes in doubt doubted together only when misread alike (together.py,
issue 59): the same digit read in every box a rival changes, or the same
digit written; a rival that needs boxes misread unlike is weighed by its
likelihood as any reading is. Pure: `alike` on changes, `settle` on boxes
given, the row's rules a plain function of its inputs."""

from __future__ import annotations

import pytest

from tests.tournaments.features.sheets.test_outweighed import LIMITS, box, read
from tournaments.features.sheets.domain.settle import settle
from tournaments.features.sheets.domain.together import alike

BOX = box(0)


@pytest.mark.parametrize(
    ("changes", "expected"),
    [
        # One box: alike with itself.
        ([(BOX, 1, 0)], True),
        # A font's 0 and 2 both read 1 (their hairlines lost): the same digit read.
        ([(BOX, 1, 0), (BOX, 1, 0), (BOX, 1, 2)], True),
        # A writer's 7 read 1 here, 2 there: the same digit written.
        ([(BOX, 1, 7), (BOX, 2, 7)], True),
        # A 2 read for a 7 and a 3 for a 2 (MNIST's hands, coinche): unlike.
        ([(BOX, 2, 7), (BOX, 7, 2)], False),
        ([(BOX, 2, 7), (BOX, 2, 3), (BOX, 7, 2)], False),
    ],
    ids=["one-box", "same-read", "same-written", "swapped", "three-unlike"],
)
def test_boxes_are_misread_alike_when_they_share_the_digit_read_or_written(changes, expected):
    assert alike(changes) is expected


def copied(values: dict[str, int]) -> dict[str, int]:
    """Rules whose marque A is the points written again (it checks them)."""
    return {"marque_a": values["points"], "marque_b": 0}


def defence(values: dict[str, int]) -> dict[str, int]:
    """Rules whose marque A is the defence's card points (162 − the takers')."""
    return {"marque_a": 162 - values["points"], "marque_b": 0}


ZERO = read(box(0))


@pytest.mark.parametrize(
    ("rules", "points", "marque", "doubtful"),
    [
        # 77 – 77, each box in doubt with a 1 at 0.003: 11 – 11 misreads
        # every box alike (a 7 read for a 1), a rival however unlikely.
        (
            copied,
            (box(7, d1=0.003), box(7, d1=0.003)),
            (box(7, d1=0.003), box(7, d1=0.003)),
            {"points", "marque_a"},
        ),
        # The takers' 97 and the defence's 65, each box in doubt: 91 and
        # 71 needs a 7 read for a 1, a 6 for a 7 and a 5 for a 1 (3 × 10⁻⁸
        # of the best, under the bound): misread unlike, no rival.
        (
            defence,
            (box(9), box(7, d1=0.003)),
            (box(6, d7=0.003), box(5, d1=0.003)),
            set(),
        ),
    ],
    ids=["alike", "unlike"],
)
def test_a_rival_misread_unlike_is_weighed_by_its_likelihood(rules, points, marque, doubtful):
    fields = {"points": read(*points), "marque_a": read(*marque), "marque_b": ZERO}
    settled = settle(fields, rules, None, LIMITS)
    assert settled is not None and settled.values["points"] == fields["points"].value
    assert set(settled.doubtful) == doubtful

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


@pytest.mark.parametrize(
    ("changes", "expected"),
    [
        # One box: alike with itself.
        ([(box(1), 1, 0)], True),
        # A font's 0 and 2 both read 1 (their hairlines lost): the same digit read.
        ([(box(1), 1, 0), (box(1), 1, 0), (box(1), 1, 2)], True),
        # A writer's 7 read 1 here, 2 there: the same digit written.
        ([(box(1), 1, 7), (box(2), 2, 7)], True),
        # One hand's two confusions, its 6 read 1 wherever it writes one and
        # its 5 read 6 (the review of 26d96198: 106 and 106 – 56 read 101
        # and 101 – 61): each digit written read as one digit.
        ([(box(1), 1, 6), (box(1), 1, 6), (box(6), 6, 5), (box(1), 1, 6)], True),
        # A 4 and a 9 read as each other (a font of the report), or MNIST's
        # 7 read 2, 3 read 2 and 2 read 7: one hand's confusions too.
        ([(box(9), 9, 4), (box(4), 4, 9)], True),
        ([(box(2), 2, 7), (box(2), 2, 3), (box(7), 7, 2)], True),
        # A box the network reads as the rival says is no misread.
        ([(box(1), 1, 6), (box(5), 6, 5), (box(7), 7, 1)], True),
        # A 1 written read 7 here and 5 there, a 7 read 6: misread unlike.
        ([(box(7), 7, 1), (box(6), 6, 7), (box(5), 5, 1)], False),
        ([(box(1), 1, 6), (box(7), 7, 6), (box(2), 2, 5)], False),
    ],
    ids=["one-box", "same-read", "same-written", "two-confusions", "swapped",
         "three-confusions", "agreeing-box", "one-read-two-ways", "six-read-two-ways"],
)  # fmt: skip
def test_boxes_are_misread_alike_when_one_hand_could_misread_them_so(changes, expected):
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


def test_one_hand_with_two_confusions_is_doubted_together():
    """The review of 26d96198: one hand's 6 read 1 and its 5 read 6 —
    56 and 106 written, 61 and 101 read, each box in doubt at 0.01 (10⁻⁶
    of the best together, under the bound). The reading written is the
    only rival: it is asked (it was dropped)."""
    points = read(box(6, d5=0.01), box(1, d6=0.01))
    marque = read(box(1), box(0), box(1, d6=0.01))
    fields = {"points": points, "marque_a": marque, "marque_b": ZERO}
    settled = settle(fields, defence, None, LIMITS)
    assert settled is not None and settled.values["points"] == 61
    assert "points" in settled.doubtful


def test_one_hand_with_two_confusions_is_asked_under_the_rules(monkeypatch):
    """The same hand under the FFB's classic count: 106 and 106 – 56
    written, 101 and 101 – 61 read (162 in all): the points asked, never
    recorded 101."""
    import scoring
    from tests.tournaments.features.sheets.test_checks import read_boxes
    from tournaments.features.sheets.domain import checks
    from tournaments.features.sheets.domain.checks import DealRead, FieldRead, check_deal
    from tournaments.features.sheets.domain.digits import Calibration

    limits = Calibration(temperature=1.0, sure=0.998, beyond=0.9998, plausible=1e-6)
    monkeypatch.setattr(checks, "limits", lambda: limits)
    one_for_six = {1: 0.99, 6: 0.01}
    fields = {"taker": FieldRead("A", True), "trump": FieldRead("H", True)}
    fields["points"] = read_boxes({1: 1.0}, {0: 1.0}, one_for_six)
    fields["marque_a"] = read_boxes({1: 1.0}, {0: 1.0}, one_for_six)
    fields["marque_b"] = read_boxes({6: 0.99, 5: 0.01}, one_for_six)
    row = DealRead(1, fields)
    check_deal(row, scoring.PRESETS["ffb-belote"], None, 0)
    assert row.fields["points"].value == 101
    assert "points" in row.asked

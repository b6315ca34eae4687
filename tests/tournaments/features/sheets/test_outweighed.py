"""A rival reading checked by another number written (settle.OUTWEIGHED):
a reading that differs from the best in two boxes or more is no rival
under (1 − beyond) / OUTWEIGHED of the best's likelihood; one that
differs in a single box (what the rules cannot check) is a rival whatever
its likelihood, unless the box is read beyond doubt; boxes in doubt
together stay rivals however unlikely. Pure: `settle` on boxes given,
the row's rules a plain function of its inputs."""

from __future__ import annotations

import pytest

from tournaments.features.sheets.domain.digits import Calibration
from tournaments.features.sheets.domain.rows import FieldRead
from tournaments.features.sheets.domain.settle import settle

#: sure 0.998, beyond 0.9998: a two-box rival is outweighed under 2 × 10⁻⁵.
LIMITS = Calibration(temperature=1.0, sure=0.998, beyond=0.9998, plausible=1e-9)


def box(first: int, junk: float = 0.0, **others: float) -> tuple[float, ...]:
    """A box read `first`, the other digits named at their probability
    (d1=0.001: the digit 1) and « not a digit » at `junk`, the rest of the
    mass on `first`."""
    shares = {int(name[1:]): p for name, p in others.items()}
    rest = 1.0 - sum(shares.values()) - junk
    return (*(rest if d == first else shares.get(d, 0.0) for d in range(10)), junk)


def read(*boxes: tuple[float, ...]) -> FieldRead:
    firsts = [max(range(10), key=lambda d: b[d]) for b in boxes]
    value = int("".join(map(str, firsts)))
    probabilities = tuple(b[d] for b, d in zip(boxes, firsts, strict=True))
    return FieldRead(value, False, probabilities, (-1,) * len(boxes), boxes)


def copied(values: dict[str, int]) -> dict[str, int]:
    """Rules whose marque A is the points written again (it checks them)."""
    return {"marque_a": values["points"], "marque_b": 0}


def unchecked(values: dict[str, int]) -> dict[str, int]:
    """Rules whose marques say nothing of the points (a chute's)."""
    return {"marque_a": 0, "marque_b": 160}


ZERO = read(box(0))


@pytest.mark.parametrize(
    ("points", "marque", "doubtful"),
    [
        # Both boxes read sure (0.999), 71 – 71 needs both wrong: 10⁻⁶ of the
        # best, under 2 × 10⁻⁵: the marque settles the points.
        (box(7, d1=0.001), box(7, d1=0.001), set()),
        # The points sure, not beyond doubt (0.9997), the marque in doubt
        # (0.97): 9 × 10⁻⁶ of the best, under the bound.
        (box(7, d1=0.0003), box(7, d1=0.03), set()),
        # The points sure (0.999), the marque in doubt (0.9): 1.1 × 10⁻⁴.
        (box(7, d1=0.001), box(7, d1=0.1), {"points", "marque_a"}),
        # Neither sure (0.997): doubted together however unlikely (9 × 10⁻⁶).
        (box(7, d1=0.003), box(7, d1=0.003), {"points", "marque_a"}),
    ],
    ids=["both-sure", "one-sure-under", "one-sure-over", "together"],
)
def test_a_reading_checked_by_the_marque_is_outweighed_under_the_bound(points, marque, doubtful):
    fields = {"points": read(box(9), points), "marque_a": read(box(9), marque), "marque_b": ZERO}
    settled = settle(fields, copied, None, LIMITS)
    assert settled is not None and settled.values["points"] == 97
    assert set(settled.doubtful) == doubtful


@pytest.mark.parametrize(
    ("points", "doubtful"),
    [
        # A box not beyond doubt (0.9997), 1 at 10⁻⁶: its one rival is
        # under the bound, yet a single box apart: asked.
        (box(7, junk=0.0003, d1=1e-6), {"points"}),
        # Read beyond doubt (0.99995): no rival, not asked.
        (box(7, junk=0.00005, d1=1e-6), set()),
    ],
    ids=["one-box-not-beyond", "one-box-beyond"],
)
def test_what_the_rules_cannot_check_is_asked_unless_beyond_doubt(points, doubtful):
    """Issue 59, item 2: the rules score 97 and 91 alike; a single box
    apart is a rival however unlikely, unless read beyond doubt."""
    fields = {"points": read(box(9), points), "marque_a": ZERO,
              "marque_b": read(box(1), box(6), box(0))}  # fmt: skip
    settled = settle(fields, unchecked, None, LIMITS)
    assert settled is not None and settled.values["points"] == 97
    assert set(settled.doubtful) == doubtful

"""The rules for typed totals (scoring.typed_totals), table-driven: each
team's faults in the rules' order, A then B; both teams' sum; the target;
no bound without deals (a partie to a target, a bracket match decided by
one more deal)."""

from __future__ import annotations

import pytest

from scoring import Rules
from scoring.bounds import partie_bound, partie_sum_bound
from scoring.typed_totals import TotalFault, typed_total_faults

COINCHE = Rules.from_preset("ffb-coinche")  # every marque rounded to ten
BELOTE = Rules.from_preset("ffb-belote")  # marques to the point
MOST = partie_bound(COINCHE, 12)
BOTH = partie_sum_bound(COINCHE, 12)


@pytest.mark.parametrize(
    ("rules", "totals", "deals", "target", "faults"),
    [
        (COINCHE, (1620, 980), 12, None, []),
        (COINCHE, (0, 0), 12, None, []),
        (BELOTE, (1623, 987), 12, None, []),
        (COINCHE, (1625, 980), 12, None, [("not_rounded", 0, 1625, 0)]),
        (COINCHE, (980, 1625), 12, None, [("not_rounded", 1, 1625, 0)]),
        (COINCHE, (-10, 980), 12, None, [("negative", 0, -10, 0)]),
        (COINCHE, (-5, 980), 12, None, [("negative", 0, -5, 0), ("not_rounded", 0, -5, 0)]),
        (
            COINCHE,
            (MOST + 10, 0),
            12,
            None,
            [("over_bound", 0, MOST + 10, MOST), ("sum_over_bound", None, MOST + 10, BOTH)],
        ),
        (COINCHE, (BOTH - MOST + 10, MOST), 12, None, [("sum_over_bound", None, BOTH + 10, BOTH)]),
        (
            COINCHE,
            (MOST + 5, MOST + 20),
            12,
            None,
            [
                ("not_rounded", 0, MOST + 5, 0),
                ("over_bound", 0, MOST + 5, MOST),
                ("over_bound", 1, MOST + 20, MOST),
                ("sum_over_bound", None, 2 * MOST + 25, BOTH),
            ],
        ),
        (COINCHE, (MOST, MOST), 12, None, [("sum_over_bound", None, 2 * MOST, BOTH)]),
        (COINCHE, (MOST + 10, 0), None, None, []),  # no bound without deals
        (COINCHE, (99990, 0), None, 1000, []),
        (COINCHE, (990, 720), None, 1000, [("target_not_reached", None, 990, 0)]),
        (COINCHE, (1000, 720), None, 1000, []),
        (BELOTE, (1003, 720), None, 1000, []),
    ],
)
def test_typed_totals_break_these_rules(rules, totals, deals, target, faults):
    found = typed_total_faults(rules, totals, deals=deals, target=target)
    assert [(f.code, f.side, f.value, f.most) for f in found] == faults
    assert all(isinstance(f, TotalFault) for f in found)
    if target:
        assert all(f.target == target for f in found if f.code == "target_not_reached")

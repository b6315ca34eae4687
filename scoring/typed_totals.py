"""The rules for a partie's totals typed without their deals (« Totaux
seulement » at the desk, a table typed as totals in a concours file), once:
what two typed totals break, each fault with its numbers. The desk
(tournaments/services/sheet_totals.py) and the concours checker
(checker/typed.py) word the faults, each in its own order.

A team's total is never negative, is a multiple of what every marque is
rounded to, and is no more than the partie's deals can give it; both
together are no more than the deals can give; in a partie to a target, one
team at least reached it. Which partie has a bound on its deals (a partie
to a fixed number of deals, not a bracket match decided by one more deal)
is the caller's to say.

Responsible for: the faults, in a stable order (each team's, A then B;
then both teams'; then the target). Must not: word them, know about
tables, forms or languages.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from scoring.bounds import partie_bound, partie_sum_bound, total_step
from scoring.rules import Rules

Code = Literal["negative", "not_rounded", "over_bound", "sum_over_bound", "target_not_reached"]


@dataclass(frozen=True)
class TotalFault:
    """One rule two typed totals break. `side` is 0 (team A) or 1 (team B)
        for a team's own fault, None for both teams'; `value` the total (or
        the sum) at fault; `most` the bound it passes, `target` the partie's (0
    when the fault has none)."""

    code: Code
    side: int | None
    value: int
    most: int = 0
    target: int = 0


def typed_total_faults(
    rules: Rules, totals: tuple[int, int], *, deals: int | None, target: int | None
) -> list[TotalFault]:
    """Every fault of `totals` under `rules`: each team's (negative, not a
    multiple of the step, over the bound of `deals` deals when `deals`),
    then both teams' sum over its bound (when `deals`), then no team at
    `target` (when a target)."""
    step = total_step(rules)
    most = partie_bound(rules, deals) if deals else None
    faults: list[TotalFault] = []
    for side, value in enumerate(totals):
        if value < 0:
            faults.append(TotalFault("negative", side, value))
        if value % step:
            faults.append(TotalFault("not_rounded", side, value))
        if most is not None and value > most:
            faults.append(TotalFault("over_bound", side, value, most=most))
    if deals and sum(totals) > (both := partie_sum_bound(rules, deals)):
        faults.append(TotalFault("sum_over_bound", None, sum(totals), most=both))
    if target and max(totals) < target:
        faults.append(TotalFault("target_not_reached", None, max(totals), target=target))
    return faults

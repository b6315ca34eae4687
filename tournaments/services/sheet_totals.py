"""What the totals typed on a sheet (« Totaux seulement ») may be: a total
no partie can give under the concours's profile is refused (not a multiple
of ten when every marque is rounded, more than its deals can give, none at
the target), one far from what its deals usually give is asked about, and
the organizers' own count of deals, belotes and capots must give their sum.
The rules are scoring.typed_totals' (the concours checker words them too).

Responsible for: refusing or asking with a TournamentError at its field.
Must not: write anything (services/scores.py records the sheet).
"""

from __future__ import annotations

import scoring
from scoring import bounds, typed_totals
from scoring import sheet as sheet_check
from tournaments.display.totals import (
    sheet_mismatch,
    sum_out_of_range,
    target_not_reached,
    team_total_unusual,
    total_not_rounded,
    total_out_of_range,
    total_unusual,
)
from tournaments.models import Tournament
from tournaments.services.errors import TournamentError


def check_bounds(tournament: Tournament, total_a: int, total_b: int, ask: bool) -> None:
    """Refuses a total no partie can give under the profile (not a multiple
    of ten when every marque is rounded; more than the partie's deals can
    give a team, or both together; in a partie to a target, neither team
    at it: the concours checker, checker/typed.py, says the
    same of a file) and, when `ask`, asks about totals far from what its
    deals usually give, together or one team's (a partie played to a fixed
    number of deals; one played to a target has no such bound: a tie at
    the target is played on)."""
    deals, rules = tournament.end_deals, tournament.rule_profile
    counted = tournament.end_mode == Tournament.EndMode.DEALS and deals
    target = tournament.end_target if tournament.end_mode == Tournament.EndMode.TARGET else 0
    faults = typed_totals.typed_total_faults(
        rules, (total_a, total_b), deals=deals if counted else None, target=target or None
    )
    # The desk says one fault, a team's first (over its bound before not
    # rounded), then both teams' sum, then the target.
    found = {(fault.code, fault.side): fault for fault in faults}
    for index, field in ((0, "total_a"), (1, "total_b")):
        if fault := found.get(("over_bound", index)):
            raise TournamentError(total_out_of_range(fault.value, deals, fault.most), field=field)
        if fault := found.get(("not_rounded", index)):
            raise TournamentError(total_not_rounded(fault.value), field=field)
    if fault := found.get(("sum_over_bound", None)):
        raise TournamentError(sum_out_of_range(fault.value, deals, fault.most), field="total_a")
    if fault := found.get(("target_not_reached", None)):
        raise TournamentError(target_not_reached(fault.target), field="total_a")
    if not counted or not ask:
        return
    usual = bounds.usual_partie(rules, deals)
    if not usual.sum_low <= total_a + total_b <= usual.sum_high:
        message = total_unusual(total_a + total_b, deals, usual.sum_low, usual.sum_high)
        raise TournamentError(message, field="sure")
    for value, side in ((total_a, "A"), (total_b, "B")):
        if not usual.team_low <= value <= usual.team_high:
            message = team_total_unusual(side, value, deals, usual.team_low, usual.team_high)
            raise TournamentError(message, field="sure")


def check_sheet(rules: scoring.Rules, total_a: int, total_b: int, sheet: dict[str, int]) -> None:
    expected = sheet_check.expected_total(rules, **sheet)
    if expected is None or total_a + total_b == expected:
        return
    raise TournamentError(sheet_mismatch(total_a + total_b, expected, sheet), field="total_a")

"""Checking a paper sheet's totals without its deals (the organizers' sum).

In classic belote without announcements and without rounding, every played
deal puts 162 card points on the sheet (dix de der included: to the takers,
to the defence on a chute, half-and-half into a pot on a litige), a belote
adds 20 and a capot marked 252 adds 90. So, with no pot lost at the end:

    total A + total B = 162 × donnes jouées + 20 × belotes + 90 × capots

Organizers check the sheets that come back with totals only this way.
Responsible for: the expected sum under a profile (None where the identity
does not hold: coinche and contrée multiply, announcements and rounding add
or remove points), and what a difference most likely means. Must not: know
about tables, forms or languages (the reasons are keys).
"""

from __future__ import annotations

from .rules import Rules

DEAL_POINTS = 162
BELOTE_POINTS = 20
CAPOT_EXTRA = 90


def checkable(rules: Rules) -> bool:
    """Whether a sheet's totals can be checked by the sum under `rules`."""
    return (
        rules.counting == "belote"
        and not rules.announcements
        and rules.rounding == "none"
        and rules.chute_base == DEAL_POINTS
    )


def expected_total(rules: Rules, *, deals: int, belotes: int = 0, capots: int = 0) -> int | None:
    """The sum of both totals a correct sheet shows, or None where the
    profile allows no such check. `capots` counts the deals marked 252
    (a capot made by the takers; a capot against them too under
    ``chute_capot=full``)."""
    if not checkable(rules):
        return None
    return DEAL_POINTS * deals + BELOTE_POINTS * belotes + CAPOT_EXTRA * capots


def likely_mistakes(difference: int) -> list[str]:
    """What a difference (sheet's sum minus the expected one) most likely
    means, most likely first, as keys: ``deal_missing`` / ``deal_twice`` (a
    multiple of 162), ``belote_missing`` / ``belote_twice`` (20),
    ``capot_missing`` / ``capot_twice`` (90), ``pot_lost`` (a litige pending
    at the end: less than 162 missing), ``addition`` (anything else)."""
    if difference == 0:
        return []
    sign, size = ("twice" if difference > 0 else "missing"), abs(difference)
    found = []
    for unit, name in ((DEAL_POINTS, "deal"), (CAPOT_EXTRA, "capot"), (BELOTE_POINTS, "belote")):
        if size % unit == 0:
            found.append(f"{name}_{sign}")
    if difference < 0 and size < DEAL_POINTS and "deal_missing" not in found:
        found.append("pot_lost")
    return found or ["addition"]

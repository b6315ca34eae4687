"""When a closed partie's results stop being provisional: the claims window.

A partie's results are « provisoires » from its closing until the claims
window ends — `minutes` after the closing (the tournament's delay, shorter
for the last partie), or earlier when the organizer closes it by hand — and
final after it. Pure: datetimes in, datetimes out.
"""

from __future__ import annotations

from datetime import datetime, timedelta


def claims_end(
    closed_at: datetime | None, closed_by_hand: datetime | None, minutes: int
) -> datetime | None:
    """When the claims on a partie end; None while it is not closed."""
    if closed_at is None:
        return None
    end = closed_at + timedelta(minutes=minutes)
    if closed_by_hand is not None:
        return min(end, max(closed_by_hand, closed_at))
    return end


def is_final(
    closed_at: datetime | None, closed_by_hand: datetime | None, minutes: int, now: datetime
) -> bool:
    """Whether a partie's results are final at `now`."""
    end = claims_end(closed_at, closed_by_hand, minutes)
    return end is not None and now >= end

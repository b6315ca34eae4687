"""The claims window, pure (tournaments/domain/claims.py), table-driven."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from tournaments.domain.claims import claims_end, is_final

CLOSED = datetime(2026, 11, 23, 15, 0, tzinfo=UTC)
M = timedelta(minutes=1)


@pytest.mark.parametrize(
    "closed,by_hand,minutes,now,end,final",
    [
        (None, None, 30, CLOSED, None, False),  # still played
        (CLOSED, None, 30, CLOSED, CLOSED + 30 * M, False),
        (CLOSED, None, 30, CLOSED + 29 * M, CLOSED + 30 * M, False),
        (CLOSED, None, 30, CLOSED + 30 * M, CLOSED + 30 * M, True),
        (CLOSED, None, 15, CLOSED + 16 * M, CLOSED + 15 * M, True),  # the last partie
        (CLOSED, None, 0, CLOSED, CLOSED, True),  # no window at all
        (CLOSED, CLOSED + 5 * M, 30, CLOSED + 6 * M, CLOSED + 5 * M, True),  # closed by hand
        (CLOSED, CLOSED + 5 * M, 30, CLOSED + 4 * M, CLOSED + 5 * M, False),
        (CLOSED, CLOSED + 50 * M, 30, CLOSED + 31 * M, CLOSED + 30 * M, True),  # too late to matter
        (CLOSED, CLOSED - 5 * M, 30, CLOSED, CLOSED, True),  # a clock set back
    ],
)
def test_claims_end_and_final(closed, by_hand, minutes, now, end, final):
    assert claims_end(closed, by_hand, minutes) == end
    assert is_final(closed, by_hand, minutes, now) is final

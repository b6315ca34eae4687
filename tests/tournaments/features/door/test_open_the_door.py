"""The door's rules (tournaments/features/door/domain.py): its hours on the concours' day, and
how many letters a search needs before it shows a name."""

from __future__ import annotations

from datetime import date, datetime, time

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tournaments.features.door import domain as door

DAY = date(2026, 12, 5)


def at(day: date, hour: int, minute: int = 0) -> datetime:
    return datetime.combine(day, time(hour, minute))


@pytest.mark.parametrize(
    ("opens", "closes", "start", "opening", "closing"),
    [
        (None, None, None, at(DAY, 0), datetime(2026, 12, 6)),  # the whole day
        (None, None, time(14, 0), at(DAY, 12), datetime(2026, 12, 6)),  # 2 h before the start
        (None, None, time(1, 30), at(DAY, 0), datetime(2026, 12, 6)),  # not the day before
        (time(13, 0), None, time(14, 0), at(DAY, 13), datetime(2026, 12, 6)),  # as set
        (time(13, 0), time(14, 30), None, at(DAY, 13), at(DAY, 14, 30)),
        (None, time(11, 0), time(14, 0), at(DAY, 12), at(DAY, 12)),  # closes before: never open
        (time(15, 0), time(14, 0), None, at(DAY, 15), at(DAY, 15)),
    ],
)
def test_the_hours_on_the_day(opens, closes, start, opening, closing):
    hours = door.door_hours(DAY, opens=opens, closes=closes, start=start)
    assert (hours.opens, hours.closes) == (opening, closing)
    assert hours.all_day_long is (closes is None)


@pytest.mark.parametrize(
    ("now", "state"),
    [
        (at(date(2026, 11, 17), 13), door.EARLY),  # 18 days before
        (at(DAY, 0), door.EARLY),
        (at(DAY, 12, 59), door.EARLY),
        (at(DAY, 13), door.OPEN),
        (at(DAY, 17, 59), door.OPEN),
        (at(DAY, 18), door.CLOSED),
        (at(date(2026, 12, 6), 9), door.CLOSED),  # the day after
    ],
)
def test_the_door_opens_at_its_hour_and_closes_at_its_own(now, state):
    hours = door.door_hours(DAY, opens=time(13, 0), closes=time(18, 0), start=None)
    assert hours.state(now) == state


@given(st.datetimes(), st.times() | st.none(), st.times() | st.none(), st.times() | st.none())
def test_the_door_is_open_on_the_concours_day_only(now, opens, closes, start):
    hours = door.door_hours(DAY, opens=opens, closes=closes, start=start)
    if hours.state(now) == door.OPEN:
        assert now.date() == DAY


@pytest.mark.parametrize(
    ("query", "allowed"),
    [
        ("", False),
        ("du", False),
        ("d u", False),
        ("123", False),
        ("%%%", False),
        ("1 2 3 4 5", False),
        ("dup", True),
        ("Dé ro", True),
        ("d'u p", True),
        ("ÉLO", True),
    ],
)
def test_three_letters_before_a_name_shows(query, allowed):
    assert door.search_allowed(query) is allowed

"""The app's clock in a test's process, pinned (the `clock` fixture of
tests/conftest.py): what a test that compares times, or waits for one,
reads and moves instead of the machine's."""

from __future__ import annotations

import datetime

from django.utils import timezone


class Clock:
    """The app's clock in this process, pinned: `django.utils.timezone.now`
    (which `localtime` and `localdate` read too, and the live server's
    thread with them) says `now`, and moves only when the test moves it. A
    test then depends on no minute, second or midnight it runs in, nor on
    how long the machine takes between two of its steps."""

    def __init__(self, now: datetime.datetime) -> None:
        self.now = now

    def __call__(self) -> datetime.datetime:
        return self.now

    def advance(self, **delta: float) -> datetime.datetime:
        self.now += datetime.timedelta(**delta)
        return self.now


def noon(day: datetime.date) -> datetime.datetime:
    """Midday of `day` in the app's time zone: as far from either midnight as can be."""
    return timezone.make_aware(datetime.datetime.combine(day, datetime.time(12)))

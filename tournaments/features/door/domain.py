"""The door's rules (« Pointage à l'entrée »), for the poster's public pages:
when teams may check themselves in, and what a stranger must type before
a team's name is shown.

- Hours: on the concours' day only, from the opening the organizer set
  (else two hours before the start time, if one is set, else the start of
  the day) to the closing set (else the end of the day). Before, the door
  says when it opens; after, that it is closed. The desk checks in at
  any time: it is the organizer.
- Names: only to someone who typed part of one, at least `MIN_LETTERS`
  letters, and only when the letters match at most `MAX_SHOWN` teams
  (else nobody is shown and more letters are asked for): the door lists
  nobody, so a photograph of the poster does not give the concours' list.

Pure: dates, times and words in, plain values out (datetimes are the
concours' local wall clock, naive).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime, time, timedelta

#: Without an opening time set: this long before the start time.
BEFORE_START = timedelta(hours=2)
#: Letters (digits aside) a search at the door needs before it shows a name.
MIN_LETTERS = 3
#: The most teams a search at the door shows; more matching: none shown.
MAX_SHOWN = 8

EARLY = "early"
OPEN = "open"
CLOSED = "closed"


@dataclass(frozen=True)
class DoorHours:
    """When the door lets teams check in, on the concours' local clock."""

    opens: datetime
    closes: datetime
    #: Whether the closing is the day's end (none was set).
    all_day_long: bool

    def state(self, now: datetime) -> str:
        """EARLY before the opening, OPEN until the closing, CLOSED after."""
        if now < self.opens:
            return EARLY
        return OPEN if now < self.closes else CLOSED


def door_hours(
    day: date, *, opens: time | None, closes: time | None, start: time | None
) -> DoorHours:
    """The door's hours on the concours' `day`. An opening set later than
    the closing set is the organizer's mistake, refused by the form: here
    the door then never opens, rather than opening at the wrong time."""
    midnight = datetime.combine(day, time())
    if opens is not None:
        opening = datetime.combine(day, opens)
    elif start is not None:
        opening = max(midnight, datetime.combine(day, start) - BEFORE_START)
    else:
        opening = midnight
    end_of_day = midnight + timedelta(days=1)
    closing = end_of_day if closes is None else datetime.combine(day, closes)
    return DoorHours(opens=opening, closes=max(closing, opening), all_day_long=closes is None)


def letters(query: str) -> int:
    """How many letters `query` holds (digits, spaces and signs aside)."""
    return sum(1 for c in query if c.isalpha())


def search_allowed(query: str) -> bool:
    """Whether a search at the door may show names: enough letters typed."""
    return letters(query) >= MIN_LETTERS

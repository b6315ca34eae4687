"""The calendar's pure rules: a French postcode's département, and who
of a concours's pre-registered teams plays and who waits.

A postcode is five digits; its département is its first two digits, but
for Corsica (20000–20199 → « 2A », 20200–20999 → « 2B ») and the overseas
départements (971 to 976: three digits). Errors carry a code
(`PostcodeError.code`) that display.py turns into a sentence.

The waiting list is a queue in order of registration: with a maximum of
`limit` teams the first `limit` teams still registered play, the others
wait. A team registered online holds its place `HOLD_MINUTES` until its
address is confirmed, then frees it as a cancellation would.

A place freed is *offered* (`settle`): the first waiting teams in order of
registration, as many as places are free, each until a deadline
(`offer_deadline`); an offer confirmed in time takes the place, one
declined or past its deadline leaves the line and the place is offered to
the next waiting team. An offer holds its place while it runs, so places
taken (playing and offered) never pass the maximum, and a team is offered
a place once. Without a maximum nothing is offered: the waiting teams
(left by a maximum removed) take their places at once.

Pure: no Django import, no database.
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Sequence
from dataclasses import dataclass

_POSTCODE = re.compile(r"[0-9]{5}")
#: How long a place is held for an address not yet confirmed.
HOLD_MINUTES = 30

#: A pre-registration's place in the line, as `settle` sees it.
PLAYING, WAITING, OFFERED = "playing", "waiting", "offered"


class PostcodeError(ValueError):
    """Why a postcode was refused: `code` is `empty` or `format`."""

    def __init__(self, code: str) -> None:
        super().__init__(code)
        self.code = code


def clean_postcode(text: str) -> str:
    """The postcode as typed, without its spaces (« 71 000 » → « 71000 »)."""
    postcode = "".join(text.split())
    if not postcode:
        raise PostcodeError("empty")
    if not _POSTCODE.fullmatch(postcode) or postcode.startswith("00"):
        raise PostcodeError("format")
    return postcode


def departement_of(postcode: str) -> str:
    """The département's code of a clean postcode: « 71 », « 2A », « 974 »."""
    if postcode.startswith("20"):
        return "2A" if int(postcode) < 20200 else "2B"
    if postcode.startswith("97") or postcode.startswith("98"):
        return postcode[:3]
    return postcode[:2]


def waits(taken: int, anyone_waiting: bool, limit: int | None) -> bool:
    """Whether a new registration waits: under a maximum of `limit` teams,
    when the places are `taken` (an offer holds its place) or a team waits
    already (nobody passes it); never without a maximum (`limit` None)."""
    return limit is not None and (taken >= limit or anyone_waiting)


def offer_deadline(
    now: datetime.datetime, start: datetime.datetime, hours: int
) -> datetime.datetime | None:
    """Until when a place offered `now` waits for its answer: `hours`
    (the concours's option), but never more than half the time left before
    the concours `start`s, so that a place offered late can still go to the
    next team (10 h before: 5 h; 1 h before: 30 min). Cut to the minute.
    None once the start has passed (`settle` then gives the place at once)."""
    if now >= start:
        return None
    span = min(datetime.timedelta(hours=hours), (start - now) / 2)
    deadline = (now + span).replace(second=0, microsecond=0)
    return deadline if deadline > now else start


@dataclass(frozen=True)
class InLine:
    """One pre-registration still in the line, in order of registration."""

    key: int
    state: str  # PLAYING, WAITING or OFFERED
    #: An offer's deadline (OFFERED only).
    until: datetime.datetime | None = None


@dataclass(frozen=True)
class Settled:
    #: Offers past their deadline: out of the line, their place offered on.
    lapsed: tuple[int, ...]
    #: Waiting teams offered a place now (until the deadline given).
    offered: tuple[int, ...]
    #: Waiting teams given a place at once: no maximum (places unlimited),
    #: or the concours has started and no time is left to offer it (the
    #: desk sees them on the day).
    moved_up: tuple[int, ...] = ()


def settle(
    line: Sequence[InLine],
    limit: int | None,
    now: datetime.datetime,
    deadline: datetime.datetime | None,
) -> Settled:
    """The offers that end `now` and those to make: every free place
    (under `limit`) offered to the first waiting team not offered yet, in
    order. Without a maximum (`limit` None) places are unlimited: every
    waiting team takes one at once, as no offer could lapse for want of a
    place. Without a `deadline` (the concours's start has passed while it
    still takes registrations) no time is left to offer a place: the first
    waiting teams take the free places at once."""
    lapsed = tuple(
        e.key for e in line if e.state == OFFERED and (e.until is None or e.until <= now)
    )
    taken = sum(1 for e in line if e.state in (PLAYING, OFFERED) and e.key not in lapsed)
    waiting = [e.key for e in line if e.state == WAITING]
    if limit is None:  # places unlimited: nothing to offer, every waiting team plays
        return Settled(lapsed, (), tuple(waiting))
    free = max(0, limit - taken)
    if deadline is None:
        return Settled(lapsed, (), tuple(waiting[:free]))
    return Settled(lapsed, tuple(waiting[:free]))


#: What a team's answer to its offer does (`answer`).
TAKEN, ALREADY, LATE, NOT_OFFERED = "taken", "already", "late", "not_offered"


def answer(state: str | None, until: datetime.datetime | None, now: datetime.datetime) -> str:
    """A team confirms the place offered: it takes it while its offer runs
    (`TAKEN`); playing already, nothing changes (`ALREADY`); its offer past
    or out of the line (`state` None), it is too late (`LATE`); still
    waiting, no place was offered (`NOT_OFFERED`)."""
    if state == PLAYING:
        return ALREADY
    if state == OFFERED and until is not None and until > now:
        return TAKEN
    if state == WAITING:
        return NOT_OFFERED
    return LATE

"""The partie clock and the day's planner, as plain values.

The clock: a partie's clock is three values kept on its round (when it was
started, when it was paused if it is, and the seconds spent in earlier
pauses); `elapsed` turns them into the time played so far. The projector's
script (static/js/clock.js) computes the same thing in the browser, every
half second, from the same values.

The planner: `plan_day` estimates when each partie ends and when the
prize-giving can begin, from the start time, the teams, the parties, the
donnes per partie, the minutes a donne takes and the break between two
parties. Its assumptions, chosen to be explained in one sentence each:

- a donne takes `DEFAULT_MINUTES_PER_DEAL` = 5 minutes by default: shuffling,
  cutting and dealing, eight tricks, the score written on the sheet. It is
  what a concours « en 4 parties de 12 donnes » from 14 h to about 18 h 30
  allows; the organizer sets their own figure (coinche's bidding, beginners);
- a partie ends when its slowest table does: with more than one table one
  donne's time is added, two from `CROWDED_HALL_TABLES` tables on;
- a partie played to a score (1000, 2000 points…) is counted as
  `target / TARGET_POINTS_PER_DEAL` donnes: about what the leading team
  scores in a donne;
- the prize-giving begins one break after the last partie (the ranking
  checked, the lots laid out).

Once the day has begun the known times replace the estimates: a partie
whose clock was started begins then, a closed partie ends when it closed,
and a partie still playing never ends before `now`.

Pure: no Django import, no database, no clock read (`now` is given).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime, timedelta

DEFAULT_MINUTES_PER_DEAL = 5
DEFAULT_BREAK_MINUTES = 10
CROWDED_HALL_TABLES = 16
TARGET_POINTS_PER_DEAL = 100


def elapsed(
    started_at: datetime | None,
    paused_at: datetime | None,
    paused_seconds: int,
    now: datetime,
) -> int:
    """Whole seconds played: from the start to now (or to the pause still
    running), less the earlier pauses; 0 before the start, never negative."""
    if started_at is None:
        return 0
    until = paused_at or now
    return max(0, int((until - started_at).total_seconds()) - paused_seconds)


def deals_for_target(target: int) -> int:
    """The donnes a partie played to `target` points is counted as."""
    return max(1, math.ceil(target / TARGET_POINTS_PER_DEAL))


def straggler_deals(tables: int) -> int:
    """The donnes added for the slowest table of a hall of `tables` tables."""
    if tables <= 1:
        return 0
    return 1 if tables < CROWDED_HALL_TABLES else 2


@dataclass(frozen=True)
class RoundPlan:
    number: int
    start: datetime
    end: datetime
    known_start: bool = False
    known_end: bool = False


@dataclass(frozen=True)
class DayPlan:
    parties: tuple[RoundPlan, ...]
    prize_giving: datetime
    tables: int
    deals: int
    round_minutes: int


def plan_day(
    *,
    start: datetime,
    teams: int,
    parties: int,
    deals: int,
    minutes_per_deal: int = DEFAULT_MINUTES_PER_DEAL,
    break_minutes: int = DEFAULT_BREAK_MINUTES,
    started: Mapping[int, datetime] | None = None,
    ended: Mapping[int, datetime] | None = None,
    now: datetime | None = None,
) -> DayPlan:
    """When each partie should end and the prize-giving begin.

    `teams` sit two a table (an odd one out is the bye, at no table);
    `started` and `ended` map a partie's number to its known start (its
    clock) and end (its closing)."""
    started, ended = started or {}, ended or {}
    tables = max(teams, 0) // 2
    partie = timedelta(minutes=(max(deals, 1) + straggler_deals(tables)) * minutes_per_deal)
    pause = timedelta(minutes=break_minutes)
    plans: list[RoundPlan] = []
    previous_end: datetime | None = None
    for number in range(1, max(parties, 1) + 1):
        begin = started.get(number)
        if begin is None:
            begin = start if previous_end is None else previous_end + pause
        end = ended.get(number)
        if end is None:
            end = begin + partie
            if now is not None and end < now:
                end = now  # still playing: it ends no sooner than now
        plans.append(RoundPlan(number, begin, end, number in started, number in ended))
        previous_end = end
    assert previous_end is not None  # one partie at least was planned
    return DayPlan(
        parties=tuple(plans),
        prize_giving=previous_end + pause,
        tables=tables,
        deals=max(deals, 1),
        round_minutes=int(partie.total_seconds() // 60),
    )

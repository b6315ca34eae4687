"""The waiting list's offers as pure rules (calendar/domain.py): who is
offered a place freed, until when, and what a confirmation does; and, for
any sequence of withdrawals, confirmations, declines and clock ticks, that
places taken never pass the places, a team is offered a place once, and
offers go in order of registration."""

from __future__ import annotations

import datetime

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.features.calendar import domain as rules
from tournaments.features.calendar.domain import OFFERED, PLAYING, WAITING, InLine

T0 = datetime.datetime(2026, 12, 1, 12, 0, tzinfo=datetime.UTC)
H = datetime.timedelta(hours=1)


@pytest.mark.parametrize(
    ("left", "hours", "deadline"),
    [
        (72 * H, 24, T0 + 24 * H),  # days ahead: the option
        (72 * H, 4, T0 + 4 * H),
        (48 * H, 24, T0 + 24 * H),  # exactly half
        (30 * H, 24, T0 + 15 * H),  # the evening before: half the time left
        (10 * H, 24, T0 + 5 * H),
        (1 * H, 24, T0 + 30 * datetime.timedelta(minutes=1)),
        # Under a minute's cut (30.5 s cut to the minute is now): the start itself.
        (datetime.timedelta(seconds=61), 24, T0 + datetime.timedelta(seconds=61)),
        (datetime.timedelta(0), 24, None),  # begun: the desk fills the place
        (-H, 24, None),
    ],
)
def test_an_offer_waits_the_option_or_half_the_time_left(left, hours, deadline):
    start = T0 + left
    got = rules.offer_deadline(T0, start, hours)
    assert got == deadline
    if got is not None:
        assert T0 < got <= start


def test_a_deadline_is_cut_to_the_minute():
    now = T0 + datetime.timedelta(seconds=42, microseconds=7)
    got = rules.offer_deadline(now, T0 + 72 * H, 24)
    assert got == T0 + 24 * H


def line(*states, until=None):
    return [InLine(i + 1, s, until if s == OFFERED else None) for i, s in enumerate(states)]


@pytest.mark.parametrize(
    ("states", "limit", "until", "lapsed", "offered", "moved_up"),
    [
        # A place free: the first waiting team is offered it.
        ((PLAYING, WAITING, WAITING), 2, None, (), (2,), ()),
        # Full: nothing.
        ((PLAYING, PLAYING, WAITING), 2, None, (), (), ()),
        # An offer running holds its place: nothing more.
        ((PLAYING, OFFERED, WAITING), 2, T0 + H, (), (), ()),
        # An offer past its deadline: out, and the next one offered.
        ((PLAYING, OFFERED, WAITING), 2, T0, (2,), (3,), ()),
        ((PLAYING, OFFERED, WAITING), 2, T0 - H, (2,), (3,), ()),
        # Two places free: the first two waiting, in order.
        ((WAITING, WAITING, WAITING), 2, None, (), (1, 2), ()),
        # No maximum: places are unlimited, every waiting team takes one at
        # once (an offer could lapse and leave a team out for nothing).
        ((PLAYING, WAITING), None, None, (), (), (2,)),
        ((PLAYING, WAITING, WAITING), None, None, (), (), (2, 3)),
        # No maximum and an offer running: it stays an offer (its answer decides).
        ((PLAYING, OFFERED, WAITING), None, T0 + H, (), (), (3,)),
        # A maximum lowered under those in: nothing, nobody pushed out.
        ((PLAYING, PLAYING, PLAYING, WAITING), 2, None, (), (), ()),
        # Nobody waiting: the place stays free.
        ((PLAYING,), 2, None, (), (), ()),
        ((PLAYING,), None, None, (), (), ()),
    ],
)
def test_settle(states, limit, until, lapsed, offered, moved_up):
    settled = rules.settle(line(*states, until=until), limit, T0, T0 + 24 * H)
    assert (settled.lapsed, settled.offered, settled.moved_up) == (lapsed, offered, moved_up)


@pytest.mark.parametrize(
    ("states", "limit", "lapsed", "moved_up"),
    [
        ((PLAYING, OFFERED, WAITING), 2, (2,), (3,)),
        ((PLAYING, WAITING, WAITING), 3, (), (2, 3)),
        ((PLAYING, PLAYING, WAITING), 2, (), ()),
    ],
)
def test_past_the_start_no_offer_the_first_waiting_teams_take_the_places(
    states, limit, lapsed, moved_up
):
    settled = rules.settle(line(*states, until=T0), limit, T0, None)
    assert (settled.lapsed, settled.offered, settled.moved_up) == (lapsed, (), moved_up)


@pytest.mark.parametrize(
    ("taken", "anyone_waiting", "limit", "waits"),
    [
        (1, False, 2, False),  # a place left
        (2, False, 2, True),  # full (offers running count as taken)
        (3, False, 2, True),  # a maximum lowered under those in
        (1, True, 2, True),  # a place left, but nobody passes a waiting team
        (0, False, None, False),  # no maximum: never
        (50, True, None, False),
    ],
)
def test_a_new_registration_waits(taken, anyone_waiting, limit, waits):
    assert rules.waits(taken, anyone_waiting, limit) is waits


@pytest.mark.parametrize(
    ("state", "until", "outcome"),
    [
        (OFFERED, T0 + datetime.timedelta(seconds=1), rules.TAKEN),
        (OFFERED, T0, rules.LATE),  # the deadline's minute is the next team's
        (OFFERED, T0 - H, rules.LATE),
        (PLAYING, None, rules.ALREADY),
        (WAITING, None, rules.NOT_OFFERED),
        (None, None, rules.LATE),  # out of the line: lapsed, declined, cancelled
    ],
)
def test_answer(state, until, outcome):
    assert rules.answer(state, until, T0) == outcome


# --- The property: any day of withdrawals, answers and clock ticks. ---

EVENTS = st.lists(
    st.tuples(
        st.sampled_from(["withdraw", "confirm", "decline", "tick", "register"]),
        st.integers(0, 30),
        st.integers(1, 40),  # hours the clock moves (tick)
    ),
    max_size=40,
)


class Day:
    """The line as the services keep it, driven by the pure rules only."""

    def __init__(self, teams: int, limit: int | None, start: datetime.datetime) -> None:
        self.limit, self.start, self.now = limit, start, T0
        self.state = {k: (PLAYING if limit is None or k < limit else WAITING) for k in range(teams)}
        self.until: dict[int, datetime.datetime] = {}
        self.offered_ever: list[int] = []
        self.next_key = teams

    def settle(self) -> None:
        entries = [InLine(k, s, self.until.get(k)) for k, s in sorted(self.state.items())]
        deadline = rules.offer_deadline(self.now, self.start, 24)
        settled = rules.settle(entries, self.limit, self.now, deadline)
        for key in settled.lapsed:
            del self.state[key]
        for key in settled.moved_up:
            self.state[key] = PLAYING
        for key in settled.offered:
            assert key not in self.offered_ever, "a team offered a place twice"
            self.offered_ever.append(key)
            self.state[key], self.until[key] = OFFERED, deadline

    def apply(self, kind: str, pick: int, hours: int) -> None:
        self.settle()  # as every use-case: what is due ends first
        keys = sorted(self.state)
        key = keys[pick % len(keys)] if keys else None
        if (kind == "withdraw" and key is not None) or (
            kind == "decline" and key is not None and self.state[key] == OFFERED
        ):
            del self.state[key]
        elif kind == "confirm" and key is not None:
            if rules.answer(self.state[key], self.until.get(key), self.now) == rules.TAKEN:
                self.state[key] = PLAYING
        elif kind == "tick":
            self.now += datetime.timedelta(hours=hours)
        elif kind == "register":
            taken = sum(s in (PLAYING, OFFERED) for s in self.state.values())
            waits = rules.waits(taken, WAITING in self.state.values(), self.limit)
            self.state[self.next_key] = WAITING if waits else PLAYING
            self.next_key += 1
        self.settle()


@settings(max_examples=300, deadline=None)
@given(
    teams=st.integers(0, 8),
    limit=st.none() | st.integers(1, 5),
    start_in=st.integers(1, 120),
    events=EVENTS,
)
def test_a_place_is_never_given_twice_nor_lost_and_offers_keep_the_order(
    teams, limit, start_in, events
):
    day = Day(teams, limit, T0 + datetime.timedelta(hours=start_in))
    day.settle()
    for kind, pick, hours in events:
        day.apply(kind, pick, hours)
        states = day.state
        taken = sum(s in (PLAYING, OFFERED) for s in states.values())
        waiting = sorted(k for k, s in states.items() if s == WAITING)
        offered = sorted(k for k, s in states.items() if s == OFFERED)
        # Never more places taken than places (the initial line respects it).
        assert limit is None or taken <= limit
        # No maximum: nothing is ever offered, nobody waits.
        assert limit is not None or (not day.offered_ever and not waiting)
        # FIFO: every team offered registered before every team still waiting.
        assert not offered or not waiting or max(offered) < min(waiting)
        # The order of offers is the order of registration.
        assert day.offered_ever == sorted(day.offered_ever)
        # No place lost: a free place with a team waiting is offered (given, past the start).
        assert taken == limit or not waiting
        # Every running offer ends before the concours starts.
        assert all(day.until[k] <= day.start for k in offered)

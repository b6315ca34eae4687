"""The partie clock and the day's planner (tournaments/features/clock/domain.py), as plain
values: table-driven cases and properties."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tournaments.features.clock import domain as clock

T0 = datetime(2026, 12, 5, 14, 0, tzinfo=UTC)


def at(minutes: float) -> datetime:
    return T0 + timedelta(minutes=minutes)


@pytest.mark.parametrize(
    ("started", "paused_at", "paused_seconds", "now", "expected"),
    [
        (None, None, 0, at(30), 0),  # not started
        (T0, None, 0, T0, 0),
        (T0, None, 0, at(12.5), 750),
        (T0, at(10), 0, at(40), 600),  # paused at 10 min: stands still
        (T0, None, 300, at(20), 900),  # a 5-minute pause earlier
        (T0, at(15), 120, at(50), 780),  # paused again, after a 2-minute pause
        (at(5), None, 0, T0, 0),  # a clock ahead of now never counts below 0
    ],
    ids=["idle", "just started", "running", "paused", "resumed", "paused twice", "future"],
)
def test_the_time_played(started, paused_at, paused_seconds, now, expected):
    assert clock.elapsed(started, paused_at, paused_seconds, now) == expected


@pytest.mark.parametrize(
    ("target", "deals"), [(1, 1), (100, 1), (101, 2), (1000, 10), (2000, 20), (2001, 21)]
)
def test_a_partie_to_a_score_counts_about_100_points_a_donne(target, deals):
    assert clock.deals_for_target(target) == deals


@pytest.mark.parametrize(("tables", "extra"), [(0, 0), (1, 0), (2, 1), (15, 1), (16, 2), (80, 2)])
def test_the_slowest_table_adds_a_donne_or_two(tables, extra):
    assert clock.straggler_deals(tables) == extra


def ends(plan: clock.DayPlan) -> list[str]:
    return [f"{p.start:%H:%M}-{p.end:%H:%M}" for p in plan.parties]


@pytest.mark.parametrize(
    ("fields", "expected", "prize_giving"),
    [
        # 24 teams = 12 tables: 12 donnes + 1 for the slowest table, 5 min each.
        (
            {"teams": 24, "parties": 4, "deals": 12},
            ["14:00-15:05", "15:15-16:20", "16:30-17:35", "17:45-18:50"],
            "19:00",
        ),
        # Two teams play at one table: no straggler.
        ({"teams": 2, "parties": 1, "deals": 10}, ["14:00-14:50"], "15:00"),
        # An odd team out is the bye: 5 teams, 2 tables.
        ({"teams": 5, "parties": 2, "deals": 4}, ["14:00-14:25", "14:35-15:00"], "15:10"),
        # A big hall: two more donnes; 7 minutes a donne, a 15-minute break.
        (
            {
                "teams": 40,
                "parties": 3,
                "deals": 8,
                "minutes_per_deal": 7,
                "break_minutes": 15,
            },
            ["14:00-15:10", "15:25-16:35", "16:50-18:00"],
            "18:15",
        ),
        # No break at all.
        (
            {"teams": 4, "parties": 2, "deals": 6, "break_minutes": 0},
            ["14:00-14:35", "14:35-15:10"],
            "15:10",
        ),
    ],
    ids=["concours of 24", "one table", "a bye", "big hall", "no break"],
)
def test_the_estimated_day(fields, expected, prize_giving):
    plan = clock.plan_day(start=T0, **fields)
    assert ends(plan) == expected
    assert f"{plan.prize_giving:%H:%M}" == prize_giving


def test_known_times_replace_the_estimates():
    """Partie 1 closed late at 15:20; partie 2's clock started at 15:40."""
    plan = clock.plan_day(
        start=T0,
        teams=8,
        parties=3,
        deals=12,
        started={2: at(100)},
        ended={1: at(80)},
        now=at(110),
    )
    assert ends(plan) == ["14:00-15:20", "15:40-16:45", "16:55-18:00"]
    first, second, _third = plan.parties
    assert first.known_end and not first.known_start
    assert second.known_start and not second.known_end


def test_a_partie_still_playing_ends_no_sooner_than_now():
    plan = clock.plan_day(start=T0, teams=8, parties=2, deals=12, started={1: T0}, now=at(90))
    assert ends(plan) == ["14:00-15:30", "15:40-16:45"]


plans = st.fixed_dictionaries(
    {
        "teams": st.integers(0, 200),
        "parties": st.integers(1, 20),
        "deals": st.integers(1, 60),
        "minutes_per_deal": st.integers(1, 30),
        "break_minutes": st.integers(0, 120),
        "started": st.dictionaries(st.integers(1, 20), st.integers(0, 900).map(at), max_size=4),
        "ended": st.dictionaries(st.integers(1, 20), st.integers(0, 900).map(at), max_size=4),
        "now": st.none() | st.integers(0, 900).map(at),
    }
)


@given(plans, st.integers(1, 20))
def test_more_donnes_never_end_the_day_earlier(fields, more):
    fewer = clock.plan_day(start=T0, **fields)
    longer = clock.plan_day(start=T0, **{**fields, "deals": fields["deals"] + more})
    assert longer.prize_giving >= fewer.prize_giving
    for short, long in zip(fewer.parties, longer.parties, strict=True):
        assert long.end >= short.end


@given(plans, st.integers(1, 100))
def test_more_teams_never_end_the_day_earlier(fields, more):
    fewer = clock.plan_day(start=T0, **fields)
    more_teams = clock.plan_day(start=T0, **{**fields, "teams": fields["teams"] + more})
    assert more_teams.prize_giving >= fewer.prize_giving


@given(plans)
def test_each_partie_follows_the_previous_one_and_the_prize_giving_comes_last(fields):
    fields = {**fields, "started": {}, "ended": {}}
    plan = clock.plan_day(start=T0, **fields)
    assert len(plan.parties) == fields["parties"]
    previous = T0
    for partie in plan.parties:
        assert partie.start >= previous
        assert partie.end > partie.start
        previous = partie.end
    assert plan.prize_giving >= previous

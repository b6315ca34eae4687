"""The partie clock run from the partie's page, and the day's schedule read
from the tournament (tournaments/features/clock/services.py)."""

from __future__ import annotations

import datetime
from datetime import timedelta

import pytest
from django.utils import timezone

from tests.clock import noon
from tests.factories import add_teams, draw_random_round, enter_from_the_table
from tournaments.features.clock import domain as clock_rules
from tournaments.features.clock import queries as clock_queries
from tournaments.features.clock import services as clock_services
from tournaments.features.clock.display import Action
from tournaments.models import Round, Tournament
from tournaments.services import errors, rounds, table_side

pytestmark = pytest.mark.django_db

A = Action


@pytest.fixture
def timed(make_tournament) -> Tournament:
    tournament = make_tournament(clock_enabled=True, last_deal_minutes=50)
    add_teams(tournament, 4)
    return tournament


@pytest.fixture
def rnd(timed) -> Round:
    return draw_random_round(timed)


def fresh(rnd: Round) -> Round:
    return Round.objects.select_related("tournament").get(pk=rnd.pk)


def last_action(tournament: Tournament) -> str:
    return tournament.changes.order_by("-pk").first().action


def test_start_pause_resume_and_reset_each_write_their_line(timed, rnd, organizer):
    revisions = {Tournament.objects.with_revision().get(pk=timed.pk).revision}
    steps = [
        (clock_services.start_clock, A.CLOCK_STARTED),
        (clock_services.pause_clock, A.CLOCK_PAUSED),
        (clock_services.resume_clock, A.CLOCK_RESUMED),
        (clock_services.reset_clock, A.CLOCK_RESET),
    ]
    for service, action in steps:
        service(round=rnd, by=organizer)
        assert last_action(timed) == action
        revisions.add(Tournament.objects.with_revision().get(pk=timed.pk).revision)
    assert len(revisions) == 5  # each step moved the projector's ETag
    reset = fresh(rnd)
    assert (reset.clock_started_at, reset.clock_paused_at, reset.clock_paused_seconds) == (
        None,
        None,
        0,
    )


def test_a_pause_is_not_counted_as_time_played(timed, rnd, organizer, clock):
    # Ten minutes played, then a pause of three minutes, on the test's clock.
    clock_services.start_clock(round=rnd, by=organizer)
    clock.advance(minutes=10)
    clock_services.pause_clock(round=rnd, by=organizer)
    clock.advance(minutes=3)
    clock_services.resume_clock(round=rnd, by=organizer)
    resumed = fresh(rnd)
    assert resumed.clock_paused_at is None
    assert resumed.clock_paused_seconds == 180
    played = clock_rules.elapsed(
        resumed.clock_started_at, None, resumed.clock_paused_seconds, clock.now
    )
    assert played == 600


@pytest.mark.parametrize(
    ("steps", "refused", "message"),
    [
        ([], clock_services.pause_clock, "ne tourne pas"),
        ([], clock_services.resume_clock, "pas en pause"),
        ([], clock_services.reset_clock, "pas lancé"),
        ([clock_services.start_clock], clock_services.start_clock, "déjà lancé"),
        ([clock_services.start_clock], clock_services.resume_clock, "pas en pause"),
        (
            [clock_services.start_clock, clock_services.pause_clock],
            clock_services.pause_clock,
            "ne tourne pas",
        ),
    ],
    ids=["pause idle", "resume idle", "reset idle", "start twice", "resume running", "pause twice"],
)
def test_a_button_out_of_turn_is_refused_and_writes_nothing(
    timed, rnd, organizer, steps, refused, message
):
    for step in steps:
        step(round=rnd, by=organizer)
    lines = timed.changes.count()
    with pytest.raises(errors.TournamentError, match=message):
        refused(round=rnd, by=organizer)
    assert timed.changes.count() == lines


def test_the_clock_is_refused_when_the_option_is_off(tournament, round1, organizer):
    with pytest.raises(errors.TournamentError, match="pas activé"):
        clock_services.start_clock(round=round1, by=organizer)
    assert fresh(round1).clock_started_at is None


def test_a_closed_partie_has_no_clock(timed, rnd, organizer):
    for table in rnd.tables.filter(team_b__isnull=False):
        enter_from_the_table(table)
        table_side.confirm_table(table=table, code=table.code_b)
    rounds.close_round(round=rnd, by=organizer)
    with pytest.raises(errors.TournamentError, match="close"):
        clock_services.start_clock(round=rnd, by=organizer)


def test_the_last_deal_call_per_partie_overrides_the_tournaments(timed, rnd, organizer):
    assert fresh(rnd).last_deal_call == 50
    clock_services.set_last_deal_call(round=rnd, minutes=45, by=organizer)
    assert fresh(rnd).last_deal_call == 45
    line = timed.changes.order_by("-pk").first()
    assert (line.action, line.before, line.after) == (
        A.CLOCK_CALL_SET,
        {"round": 1, "minutes": None},
        {"round": 1, "minutes": 45},
    )
    lines = timed.changes.count()
    clock_services.set_last_deal_call(round=rnd, minutes=45, by=organizer)  # unchanged: no line
    assert timed.changes.count() == lines
    clock_services.set_last_deal_call(round=rnd, minutes=None, by=organizer)
    assert fresh(rnd).last_deal_call == 50


def test_the_day_plan_waits_for_a_start_time(timed):
    assert clock_queries.day_plan(timed) is None


def test_the_day_plan_counts_the_registered_teams_and_the_tournaments_settings(
    make_tournament,
):
    timed = make_tournament(
        clock_enabled=True,
        start_time=datetime.time(14, 0),
        minutes_per_deal=6,
        break_minutes=15,
        parties=3,
    )
    add_teams(timed, 6)  # 3 tables
    now = timezone.make_aware(datetime.datetime(2026, 12, 1, 9, 0))  # days before
    plan = clock_queries.day_plan(timed, now=now)
    assert plan.tables == 3 and plan.deals == 12
    local = [timezone.localtime(p.end).strftime("%H:%M") for p in plan.parties]
    # (12 + 1) donnes × 6 min = 78 min a partie, 15 min between two.
    assert local == ["15:18", "16:51", "18:24"]
    assert timezone.localtime(plan.prize_giving).strftime("%H:%M") == "18:39"


def test_a_partie_played_to_a_score_is_planned_from_the_target(make_tournament):
    tournament = make_tournament(
        clock_enabled=True, end_mode="target", end_target=1000, start_time=datetime.time(14, 0)
    )
    add_teams(tournament, 2)
    plan = clock_queries.day_plan(tournament, now=timezone.now() - timedelta(days=3650))
    assert plan.deals == 10 and plan.tables == 1


def test_on_the_day_the_known_times_replace_the_estimates(make_tournament, organizer, clock):
    """On the test's clock, at noon: a run across midnight skipped it."""
    today = timezone.localdate()
    clock.now = noon(today)
    tournament = make_tournament(
        clock_enabled=True, date=today, start_time=datetime.time(0, 0), parties=2
    )
    add_teams(tournament, 2)
    first = draw_random_round(tournament)
    clock_services.start_clock(round=first, by=organizer)
    clock.advance(minutes=5)
    plan = clock_queries.day_plan(tournament)
    assert plan.parties[0].known_start and plan.parties[0].start == noon(today)


def test_times_of_another_day_are_left_out_of_the_plan(make_tournament, organizer):
    tournament = make_tournament(
        clock_enabled=True,
        date=timezone.localdate() + timedelta(days=30),
        start_time=datetime.time(14, 0),
        parties=2,
    )
    add_teams(tournament, 2)
    clock_services.start_clock(round=draw_random_round(tournament), by=organizer)
    plan = clock_queries.day_plan(tournament)
    assert not plan.parties[0].known_start
    assert timezone.localtime(plan.parties[0].start).strftime("%H:%M") == "14:00"

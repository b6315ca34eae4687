"""The day's schedule read: each partie's estimated end and the
prize-giving, from the tournament's start time, teams, deals and the
clocks already run (the arithmetic is `tournaments.features.clock.domain`'s).
Writes nothing (tournaments/features/clock/services.py runs the partie clock)."""

from __future__ import annotations

from datetime import datetime

from django.utils import timezone

from tournaments.features.clock import domain as clock
from tournaments.models import Player, Tournament


def day_plan(tournament: Tournament, *, now: datetime | None = None) -> clock.DayPlan | None:
    """The day's estimated schedule, or None while the start time is not
    set. The teams counted are those registered (present or not: before
    the day, nobody is). On the tournament's day the known starts and ends
    replace the estimates; times of another day (a rehearsal, the demo, a
    restored backup) say nothing of that day's and are left out."""
    if tournament.start_time is None:
        return None
    start = timezone.make_aware(datetime.combine(tournament.date, tournament.start_time))
    if tournament.end_mode == Tournament.EndMode.TARGET and tournament.end_target:
        deals = clock.deals_for_target(tournament.end_target)
    else:
        deals = tournament.end_deals
    if tournament.format == Tournament.Format.MELEE:
        teams = tournament.players.filter(status=Player.Status.ACTIVE).count() // 2
    else:
        teams = tournament.teams.filter(round__isnull=True).active().count()
    now = now or timezone.now()

    def on_the_day(moment: datetime | None) -> bool:
        return moment is not None and timezone.localtime(moment).date() == tournament.date

    rounds = list(tournament.rounds.all())
    return clock.plan_day(
        start=start,
        teams=teams,
        parties=tournament.parties,
        deals=deals,
        minutes_per_deal=tournament.minutes_per_deal,
        break_minutes=tournament.break_minutes,
        started={r.number: r.clock_started_at for r in rounds if on_the_day(r.clock_started_at)},
        ended={r.number: r.closed_at for r in rounds if on_the_day(r.closed_at)},
        now=now if on_the_day(now) else None,
    )

"""What the public home lists first: the concours of the moment (issue 26),
those being played or about to be, which a player opens to find their table
or the ranking.

The coming concours announced have their own list (tournaments/features/calendar/queries.py,
« Prochains concours ») and the finished ones theirs (queries/publication.py,
« Résultats des concours » and the archive): neither is repeated here. A
concours nobody closed drops out after `STALE_AFTER`, so a hosted home
stays short, while the hall laptop's home keeps the day's concours at the
top whatever date it was created with in the last month. Reads only.
"""

from __future__ import annotations

from datetime import date as Date
from datetime import timedelta

from django.db.models import Case, F, IntegerField, Q, QuerySet, When

from tournaments.models import Tournament, hung

#: A concours not finished this long after its date is left off the home.
STALE_AFTER = timedelta(days=30)


def _announced_to_come(today: Date) -> Q:
    """The concours « Prochains concours » lists (the calendar feature's queries.coming)."""
    return Q(
        published=True,
        announcement__isnull=False,
        status=Tournament.Status.REGISTRATION,
        date__gte=today,
    )


def of_the_moment(visible: QuerySet[Tournament], today: Date) -> QuerySet[Tournament]:
    """The concours of `visible` (the published ones, and those the visitor
    manages) neither archived nor finished nor stale, and not in « Prochains
    concours »: the day's first, then the days to come, nearest first, then
    the days before, latest first; each with its announcement when it has
    one (its town and département). The demo's concours step aside once
    the hall has one of its own (`without_demo_once_real`)."""
    when = Case(
        When(date=today, then=0),
        When(date__gt=today, then=1),
        default=2,
        output_field=IntegerField(),
    )
    coming_date = Case(When(date__gt=today, then=F("date")))
    found = (
        visible.active()
        .without_demo_once_real()
        .exclude(status=Tournament.Status.FINISHED)
        .filter(date__gte=today - STALE_AFTER)
    )
    if hung(Tournament, "announcement"):  # the calendar installed
        found = found.exclude(_announced_to_come(today)).select_related("announcement")
    return found.order_by(when, coming_date.asc(), F("date").desc(), "name", "pk")

"""The demo's two coming concours: on the calendar, one full with two
teams waiting."""

from __future__ import annotations

from io import StringIO

import pytest
from django.core.management import call_command

from tournaments.management.demo_calendar import COMING_SLUGS
from tournaments.models import PreRegistration
from tournaments.queries import calendar as queries

pytestmark = pytest.mark.django_db


def test_the_demo_announces_two_coming_concours_one_with_a_waiting_list():
    out = StringIO()
    call_command("demo", stdout=out)
    assert "Concours annoncé : « Coinche du Comité des fêtes (démo) »" in out.getvalue()
    coming = list(queries.coming())
    assert [a.tournament.slug for a in coming] == list(COMING_SLUGS)
    limited = coming[1].tournament
    statuses = list(limited.preregistrations.values_list("status", flat=True))
    assert statuses.count(PreRegistration.Status.CONFIRMED) == 8
    assert statuses.count(PreRegistration.Status.WAITING) == 2
    assert [a.departement for a in coming] == ["71", "21"]

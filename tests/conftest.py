"""Shared fixtures, chained as the data is: organizer → tournament → teams →
round → table → deal. Everything runs for real on the configured database
(SQLite by default, PostgreSQL when DATABASE_URL is set)."""

from __future__ import annotations

import datetime

import pytest
from django.test import override_settings

from tournaments import services
from tournaments.models import Round, Table, Team, Tournament

PASSWORD = "Mot-de-passe-de-test-42"


@pytest.fixture(scope="session", autouse=True)
def _plain_http_settings():
    """Tests and the live server speak plain HTTP and have no static manifest.

    Session-scoped and autouse so it is in force before the live server
    builds its middleware (which reads the security settings once)."""
    from django.conf import settings

    override = override_settings(
        SECURE_SSL_REDIRECT=False,
        SECURE_HSTS_SECONDS=0,
        SESSION_COOKIE_SECURE=False,
        CSRF_COOKIE_SECURE=False,
        STORAGES={
            **settings.STORAGES,
            "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
        },
    )
    override.enable()
    yield
    override.disable()


@pytest.fixture(autouse=True)
def _empty_cache():
    """Each test starts with no rendered page cached by an earlier one."""
    from django.core.cache import cache

    cache.clear()


@pytest.fixture
def organizer(django_user_model):
    return django_user_model.objects.create_user("orga", password=PASSWORD)


@pytest.fixture
def make_tournament(organizer):
    def make(**fields) -> Tournament:
        defaults = {
            "owner": organizer,
            "name": "Concours de la Saint-Éloi",
            "date": datetime.date(2026, 12, 5),
            "venue": "Salle des fêtes",
            "preset": "ffb-coinche",
            "published": True,
        }
        defaults.update(fields)
        return services.create_tournament(**defaults)

    return make


@pytest.fixture
def tournament(make_tournament) -> Tournament:
    return make_tournament()


def add_teams(tournament: Tournament, count: int) -> list[Team]:
    return [
        services.register_team(
            tournament=tournament,
            player1=services.PlayerData("Amélie", f"Lefèvre{i}"),
            player2=services.PlayerData("Jérôme", f"Bérard{i}"),
        )
        for i in range(count)
    ]


@pytest.fixture
def teams(tournament) -> list[Team]:
    return add_teams(tournament, 4)


@pytest.fixture
def round1(tournament, teams) -> Round:
    return services.draw_round(tournament=tournament, method=Round.DrawMethod.RANDOM, seed=1)


@pytest.fixture
def table(round1) -> Table:
    return round1.tables.order_by("number").first()

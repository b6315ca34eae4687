"""Shared fixtures, chained as the data is: organizer → tournament → teams →
round → table → deal. They call the builders of tests/factories.py, which a
test imports when it needs more. Everything runs for real on the configured
database (SQLite by default, PostgreSQL when DATABASE_URL is set)."""

from __future__ import annotations

import pytest
from django.test import override_settings
from django.utils import translation

from tests import factories
from tournaments.models import Deal, Round, Table, Team, Tournament


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
def _french_by_default():
    """Each test starts in French, the interface's language: a request made
    in English by an earlier test leaves English active in the thread."""
    from django.utils import translation

    translation.activate("fr")
    yield
    translation.deactivate()


@pytest.fixture(autouse=True)
def _empty_cache():
    """Each test starts with no rendered page cached by an earlier one."""
    from django.core.cache import cache

    cache.clear()


@pytest.fixture(autouse=True)
def _default_language_after():
    """Each test ends in the default language: a request in English leaves
    English active in the thread (LocaleMiddleware activates the request's
    language and nothing deactivates it), and the tests after it would read
    English messages where they expect French."""
    yield
    translation.deactivate()


@pytest.fixture
def organizer(django_user_model):
    return django_user_model.objects.create_user("orga", password=factories.PASSWORD)


@pytest.fixture
def make_tournament(organizer):
    """Another tournament of the organizer: `make_tournament(parties=3)`."""

    def make(**fields) -> Tournament:
        return factories.build_tournament(**{"owner": organizer, **fields})

    return make


@pytest.fixture
def tournament(make_tournament) -> Tournament:
    return make_tournament()


@pytest.fixture
def teams(tournament) -> list[Team]:
    return factories.add_teams(tournament, 4)


@pytest.fixture
def round1(tournament, teams) -> Round:
    return factories.draw_random_round(tournament, seed=1)


@pytest.fixture
def table(round1) -> Table:
    return factories.first_table(round1)


@pytest.fixture
def deal(table) -> Deal:
    return factories.add_deal(table)

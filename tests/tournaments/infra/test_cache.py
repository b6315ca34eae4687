"""A Redis that does not answer: the app works without its cache
(tournaments/infra/cache.py). The real outage, Redis killed under two
gunicorn workers, is tests/hosted/test_redis_down.py."""

from __future__ import annotations

from types import SimpleNamespace

import pytest
from django.urls import reverse

from bench.servers import free_port
from tests.factories import PASSWORD
from tournaments.infra import cache as shared
from tournaments.infra import throttle
from tournaments.models import Attempt

pytestmark = [pytest.mark.django_db, pytest.mark.shared_cache]


@pytest.fixture
def redis_gone(settings):
    url = f"redis://127.0.0.1:{free_port()}/0"  # nothing listens there
    settings.REDIS_URL = url
    settings.CACHES = {
        "default": {
            "BACKEND": "tournaments.infra.cache.TolerantRedisCache",
            "LOCATION": url,
            "OPTIONS": {"socket_connect_timeout": 0.5, "socket_timeout": 1.0},
        }
    }
    yield
    shared._state["down_until"] = 0.0  # the next test's Redis is a new one


def test_the_health_check_still_says_unavailable(client, redis_gone):
    assert client.get("/health/").status_code == 503


def test_pages_are_rendered_without_the_cache(client, redis_gone, table):
    slug = table.round.tournament.slug
    for name in ("tournaments:standings", "tournaments:detail"):
        first = client.get(reverse(name, args=[slug]), HTTP_HX_REQUEST="true")
        assert first.status_code == 200
        again = client.get(
            reverse(name, args=[slug]), HTTP_HX_REQUEST="true", HTTP_IF_NONE_MATCH=first["ETag"]
        )
        assert again.status_code == 304  # from the database's revision, by the view


def test_password_checks_are_counted_in_the_database(client, redis_gone, organizer):
    url = reverse("login")
    assert client.post(url, {"username": "orga", "password": "faux"}).status_code == 200
    assert Attempt.objects.filter(key__startswith="login-account:").count() == 1
    assert client.post(url, {"username": "orga", "password": PASSWORD}).status_code == 302


def test_a_throttle_counts_on_in_the_database(redis_gone):
    counts = [throttle.record("essai", window=60) for _ in range(3)]
    assert counts == [1, 2, 3] and throttle.count("essai", window=60) == 3
    throttle.forget("essai")
    assert throttle.count("essai", window=60) == 0


def test_redis_is_tried_again_however_busy_the_server(redis_gone, monkeypatch):
    """Requests during the pause must not put the next try off. The pause's
    clock is the test's: the requests come 0.2 s before its end however
    long the machine takes over them."""
    from tournaments.infra import freshness

    moment = [1000.0]
    monkeypatch.setattr(shared, "time", SimpleNamespace(monotonic=lambda: moment[0]))
    assert freshness.generation("un-concours") == -1  # Redis tried: it failed
    assert shared.down()
    moment[0] += shared.RETRY_SECONDS - 0.2
    for _ in range(3):
        assert freshness.generation("un-concours") == -1  # not tried: paused
    moment[0] += 0.3
    assert not shared.down()  # the next request tries Redis again

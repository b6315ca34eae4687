"""The load balancer's health check."""

from __future__ import annotations

import pytest

from bench.servers import free_port

pytestmark = [pytest.mark.django_db, pytest.mark.shared_cache]


def test_ok_when_the_database_answers(client, django_assert_max_num_queries):
    with django_assert_max_num_queries(1):
        response = client.get("/health/")
    assert (response.status_code, response.content) == (200, b"ok\n")
    assert "no-cache" in response["Cache-Control"]
    assert "sessionid" not in response.cookies


def test_unavailable_when_redis_does_not_answer(client, settings):
    url = f"redis://127.0.0.1:{free_port()}/0"  # nothing listens there
    settings.REDIS_URL = url
    settings.CACHES = {
        "default": {"BACKEND": "django.core.cache.backends.redis.RedisCache", "LOCATION": url}
    }
    response = client.get("/health/")
    assert response.status_code == 503 and response.content == b"unavailable\n"

"""With Redis, a poll whose page has not changed is answered before Django
does any work (tournaments/infra/freshness.py); any change makes the next poll
go to the view again."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests import factories
from tests.attacks import server as real

pytestmark = [pytest.mark.django_db, pytest.mark.shared_cache]


@pytest.fixture
def shared_cache(settings, redis_url):
    url = real.redis_database(redis_url, 3)
    settings.REDIS_URL = url
    settings.CACHES = {
        "default": {"BACKEND": "django.core.cache.backends.redis.RedisCache", "LOCATION": url}
    }
    from django.core.cache import cache

    cache.clear()
    yield
    cache.clear()


def _poll(client, url, etag, **headers):
    return client.get(url, HTTP_IF_NONE_MATCH=etag, HTTP_HX_REQUEST="true", **headers)


def test_an_unchanged_page_is_answered_without_a_query(
    client, shared_cache, round1, django_assert_num_queries
):
    url = reverse("tournaments:detail", args=[round1.tournament.slug])
    first = client.get(url, HTTP_HX_REQUEST="true")
    assert first.status_code == 200
    with django_assert_num_queries(0):
        again = _poll(client, url, first["ETag"])
    assert again.status_code == 304 and again["ETag"] == first["ETag"]
    assert "no-cache" in again["Cache-Control"]


def test_a_phone_polling_with_gzip_takes_the_shortcut_too(
    client, shared_cache, round1, django_assert_num_queries
):
    # Every browser asks with gzip: the fragment comes compressed, with the
    # weak form of its ETag (GZipMiddleware), which the phone sends back.
    url = reverse("tournaments:detail", args=[round1.tournament.slug])
    first = client.get(url, HTTP_HX_REQUEST="true", HTTP_ACCEPT_ENCODING="gzip")
    assert first["Content-Encoding"] == "gzip" and first["ETag"].startswith('W/"')
    with django_assert_num_queries(0):
        again = _poll(client, url, first["ETag"], HTTP_ACCEPT_ENCODING="gzip")
    assert again.status_code == 304 and again["ETag"] == first["ETag"].removeprefix("W/")


def test_a_change_sends_the_next_poll_to_the_view(
    client, shared_cache, table, django_capture_on_commit_callbacks
):
    url = reverse("tournaments:detail", args=[table.round.tournament.slug])
    first = client.get(url, HTTP_HX_REQUEST="true")
    assert _poll(client, url, first["ETag"]).status_code == 304
    with django_capture_on_commit_callbacks(execute=True):
        factories.add_deal(table)
    changed = _poll(client, url, first["ETag"])
    assert changed.status_code == 200 and changed["ETag"] != first["ETag"]


def test_the_generation_moves_again_when_the_change_is_committed(
    client, shared_cache, table, django_capture_on_commit_callbacks
):
    from tournaments.infra import freshness

    slug = table.round.tournament.slug
    before = freshness.generation(slug)
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        factories.add_deal(table)
    assert freshness.generation(slug) == before + 1
    for callback in callbacks:
        callback()
    assert freshness.generation(slug) == before + 2


def test_a_saved_deal_bumps_its_tournament_without_looking_its_slug_up(
    shared_cache, table, django_capture_on_commit_callbacks
):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from tournaments.infra import freshness

    slug = table.round.tournament.slug
    before = freshness.generation(slug)
    committed = django_capture_on_commit_callbacks(execute=True)
    with CaptureQueriesContext(connection) as queries, committed:
        factories.add_deal(table)
    assert freshness.generation(slug) == before + 2  # now and once committed
    slug_lookups = [q["sql"] for q in queries if '"tournaments_tournament"."slug" FROM' in q["sql"]]
    assert slug_lookups == []


def test_a_change_named_by_its_id_looks_the_slug_up_once_for_both_bumps(
    shared_cache, round1, django_assert_num_queries, django_capture_on_commit_callbacks
):
    from tournaments.infra import freshness

    before = freshness.generation(round1.tournament.slug)
    with django_assert_num_queries(1), django_capture_on_commit_callbacks(execute=True):
        freshness.changed(round1.tournament_id)
    assert freshness.generation(round1.tournament.slug) == before + 2


@pytest.mark.parametrize(
    "headers",
    [
        {"HTTP_ACCEPT_LANGUAGE": "en"},  # another language asks
        {"HTTP_HX_REQUEST": ""},  # the whole page, not the fragment
    ],
)
def test_only_the_same_request_shape_takes_the_shortcut(client, shared_cache, round1, headers):
    url = reverse("tournaments:detail", args=[round1.tournament.slug])
    etag = client.get(url, HTTP_HX_REQUEST="true")["ETag"]
    from tournaments.infra import freshness

    request = client.get(url).wsgi_request
    request.META.update(headers, HTTP_IF_NONE_MATCH=etag)
    assert freshness.answer(request) is None


def test_a_signed_in_organizer_always_reaches_the_view(
    client, shared_cache, round1, organizer, django_assert_max_num_queries
):
    client.force_login(organizer)
    url = reverse("tournaments:detail", args=[round1.tournament.slug])
    first = client.get(url, HTTP_HX_REQUEST="true")
    from tournaments.infra import freshness

    request = client.get(url).wsgi_request
    request.META.update(HTTP_IF_NONE_MATCH=first["ETag"], HTTP_HX_REQUEST="true")
    assert freshness.answer(request) is None
    assert _poll(client, url, first["ETag"]).status_code == 304  # by the view


def test_without_redis_nothing_is_remembered(client, round1, settings):
    settings.REDIS_URL = ""
    settings.CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
    url = reverse("tournaments:detail", args=[round1.tournament.slug])
    first = client.get(url, HTTP_HX_REQUEST="true")
    from tournaments.infra import freshness

    assert not freshness.enabled()
    request = client.get(url).wsgi_request
    request.META.update(HTTP_IF_NONE_MATCH=first["ETag"], HTTP_HX_REQUEST="true")
    assert freshness.answer(request) is None


def test_a_change_is_saved_even_when_redis_does_not_answer(
    client, settings, table, django_capture_on_commit_callbacks, monkeypatch
):
    from bench.servers import free_port
    from tournaments.infra import cache as shared
    from tournaments.infra import freshness, home_cache

    # The outage is this test's: the process's memory of it (Redis not
    # tried again for RETRY_SECONDS, the bumps to make again) is put back
    # after it, or the next test, on a Redis that answers, would find its
    # pages uncached (tests/hosted/test_home_cache.py run next did).
    monkeypatch.setitem(shared._state, "down_until", shared._state["down_until"])
    monkeypatch.setattr(freshness, "_missed", set())
    monkeypatch.setattr(home_cache, "_missed", [])
    settings.REDIS_URL = f"redis://127.0.0.1:{free_port()}/0"  # nothing listens there
    with django_capture_on_commit_callbacks(execute=True):
        deal = factories.add_deal(table)
    assert deal.pk and table.deals.count() == 1
    assert freshness.generation(table.round.tournament.slug) == -1
    url = reverse("tournaments:detail", args=[table.round.tournament.slug])
    request = client.get(url).wsgi_request
    request.META.update(HTTP_IF_NONE_MATCH='"x"', HTTP_HX_REQUEST="true")
    assert freshness.answer(request) is None

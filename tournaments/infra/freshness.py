"""Answering a polling phone's « nothing new » before Django does any work.

The live pages (views/live.py) answer 304 when the phone's ETag is still the
page's; computing that ETag costs a database query. Under a hosted load most
polls are such 304s, so with a shared cache (Redis) they are answered from
the cache alone, in `PollMiddleware`, as cheaply as a static file:

- every change to a tournament bumps its *generation*, a counter in the
  cache, when it is made and again once it is committed (`changed`, called
  by the audit trail's `log_change`, which every service calls);
- when a live page computes its ETag, it remembers « this ETag is current
  for this request's shape » with the generation read *before* the
  database was (`remember`);
- a later poll with that ETag, the same shape and an unchanged generation
  gets its 304 at once (`answer`). A change committed in between has moved
  the generation, so the poll goes to the view.

Only with REDIS_URL: a per-process cache would not see the other workers'
bumps. These few keys are read and written with redis-py directly (one
connection pool per process, one MGET per poll, plain strings): Django's
cache layer around it cost as much as the rest of the answer. Entries also
expire after `TTL` seconds, which bounds how long a
change made outside the services (the admin site, a shell) goes unseen.
While Redis does not answer (infra/cache.py), polls go to the view; a bump
that failed is made again by this process as soon as Redis answers, so a
Redis that kept its keys through the outage serves no stale 304.
Only anonymous requests (no session cookie) take the shortcut: an
organizer's pages depend on who asks."""

from __future__ import annotations

import re
import zlib
from functools import cache as memoized
from typing import TYPE_CHECKING

from django.conf import settings
from django.db import transaction
from django.http import HttpRequest, HttpResponse

from tournaments.infra import cache as shared
from tournaments.models import Tournament

if TYPE_CHECKING:
    import redis

TTL = 300
LIVE_PATH = re.compile(r"^/t/(?P<slug>[-\w]+)/")


def enabled() -> bool:
    return bool(getattr(settings, "REDIS_URL", ""))


@memoized
def _client(url: str) -> redis.Redis:
    import redis  # only with REDIS_URL (infra/cache.py)

    return redis.Redis.from_url(url, socket_connect_timeout=0.5, socket_timeout=1)


_missed: set[str] = set()  # slugs whose bump failed, bumped when Redis is back


def client() -> redis.Redis:
    """The Redis client, once the bumps missed during an outage are made;
    raises RedisError while Redis is down."""
    shared.guard("freshness")
    redis_client = _client(settings.REDIS_URL)
    for slug in list(_missed):
        redis_client.incr(_generation_key(slug))
        _missed.discard(slug)
    return redis_client


def prefix() -> str:
    """Where these keys live in Redis (infra/home_cache.py keeps its own there)."""
    return settings.CACHES["default"].get("KEY_PREFIX", "") + ":fresh:"


def _generation_key(slug: str) -> str:
    return f"{prefix()}generation:{slug}"


def changed(tournament) -> None:
    """The tournament (or its id) changed: its pages' ETags are stale.
    Keyed by slug, which a poll knows before any query (an id is looked up
    once, for both bumps).

    Bumped now and again once committed: a poll between the two may have
    remembered the old data under the first bump; the second bump, after
    the commit, makes it stale. (The first alone serves code that reads its
    own uncommitted writes, such as a test inside one transaction.)"""
    if not enabled():
        return
    if isinstance(tournament, int):
        tournament = Tournament.objects.filter(pk=tournament).only("slug").first()
        if tournament is None:
            return
    slug = tournament.slug
    _bump(slug)
    transaction.on_commit(lambda: _bump(slug))


def _bump(slug: str) -> None:
    import redis

    try:
        client().incr(_generation_key(slug))  # atomic; a missing key counts from 0
    except redis.RedisError as error:
        # The change itself must not fail for the cache: while Redis is
        # down no poll is answered from it (`answer` goes to the view), and
        # the bump is made again when it answers.
        _missed.add(slug)
        shared.failed(error, "freshness")


def generation(slug: str) -> int:
    if not enabled():
        return 0
    import redis

    try:
        return int(client().get(_generation_key(slug)) or 0)
    except redis.RedisError as error:
        shared.failed(error, "freshness")
        return -1  # remembered under -1, never matched: nothing is answered from it


def _shape(request: HttpRequest, etag: str) -> str | None:
    """The cache key of (page, query, fragment or page, language inputs,
    ETag), or None when the request may not take the shortcut."""
    if (
        request.method not in ("GET", "HEAD")
        or settings.SESSION_COOKIE_NAME in request.COOKIES
        or "messages" in request.COOKIES
        or not LIVE_PATH.match(request.path)
    ):
        return None
    parts = (
        request.path,
        request.META.get("QUERY_STRING", ""),
        request.headers.get("HX-Request", ""),
        request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME, ""),
        request.headers.get("Accept-Language", ""),
        etag,
    )
    return f"{prefix()}etag:{zlib.crc32(repr(parts).encode()):08x}:{len(request.path)}:{etag}"


def remember(
    request: HttpRequest, slug: str, seen: int, etag: str, *, seconds: int | None = None
) -> None:
    """`etag` (quoted, as sent) is current for this request's shape at
    generation `seen`, read before the database was, and for at most
    `seconds` when the page changes by itself then (a claims window that
    ends on its timer); TTL otherwise."""
    if seconds is not None and seconds <= 0:
        return
    if seen >= 0 and enabled() and (key := _shape(request, etag)):
        import redis

        try:
            client().set(key, str(seen), ex=min(TTL, seconds or TTL))
        except redis.RedisError as error:
            shared.failed(error, "freshness")


def answer(request: HttpRequest) -> HttpResponse | None:
    """The 304 for a poll whose ETag is known current, else None."""
    etag = request.headers.get("If-None-Match", "")
    # A browser asks with gzip: GZipMiddleware sent the page's ETag weak
    # (W/"…"), and the phone polls with that. It names the same page (the
    # view compares weakly too) and the view's 304 carries the strong one.
    etag = etag.removeprefix("W/")
    if not etag or "," in etag or not enabled() or not (key := _shape(request, etag)):
        return None
    slug = LIVE_PATH.match(request.path)["slug"]
    import redis

    try:
        seen, current = client().mget([key, _generation_key(slug)])  # one round trip
    except redis.RedisError as error:
        shared.failed(error, "freshness")
        return None  # the view answers
    if seen is None or seen != (current or b"0"):
        return None
    # The headers the view's 304 carries (live_page, LocaleMiddleware).
    return HttpResponse(
        status=304,
        headers={
            "ETag": etag,
            "Cache-Control": "no-cache, private",
            "Vary": "HX-Request, Cookie, Accept-Language",
        },
    )


class PollMiddleware:
    """Placed right after WhiteNoise: a known-current poll never reaches
    the session, the locale, the URL resolver or the database."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return answer(request) or self.get_response(request)

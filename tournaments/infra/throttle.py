"""Throttles: how many attempts a key has made in a sliding window.

Used by the organizer login (tournaments/views/auth.py) and the team codes
at the table (tournaments/services/table_side.py). Counts must be shared by
every worker process and every app server, and survive a restart:

- with Redis (the REDIS_URL setting, hosted), in the cache: a counter per
  key that expires `window` seconds after its first attempt (a fixed
  window), incremented atomically by Redis;
- otherwise in the database (`Attempt` rows, a sliding window), which the
  workers of one machine share;
- and in the database too while Redis does not answer (infra/cache.py): a
  password check is never let through uncounted. The database's recent
  rows are added to Redis's count, so that the attempts made during an
  outage still count once Redis is back.

A caller *records* an attempt before doing the costly or guessable thing
(checking a password, comparing a code) when it must bound the number of
checks exactly, even under concurrent requests: `record` returns the count
including this attempt, so of N requests racing for the last place only
the ones that counted within the limit go on. `attempt` does the same and
also names the row, so that an attempt which turned out not to count (a
right team code) is taken back alone with `discount`. `forget` clears a key
(a successful login, a renewed table link)."""

from __future__ import annotations

import contextlib
import datetime

from django.db import transaction
from django.utils import timezone

from tournaments.infra import cache as shared
from tournaments.models import Attempt


def _since(window: int) -> datetime.datetime:
    return timezone.now() - datetime.timedelta(seconds=window)


def _cache():
    """Django's cache when it is Redis and Redis answered lately, else None."""
    from django.conf import settings

    if not getattr(settings, "REDIS_URL", "") or shared.down():
        return None
    from django.core.cache import cache

    return cache


def _cache_key(key: str) -> str:
    return f"throttle:{key}"


def _stored(key: str, window: int) -> int:
    return Attempt.objects.filter(key=key, at__gte=_since(window)).count()


def count(key: str, *, window: int) -> int:
    """Attempts under `key` in the last `window` seconds."""
    counted = 0
    if cache := _cache():
        # A miss when Redis fails (the tolerant cache): the database's rows
        # are then the count.
        counted = int(cache.get(_cache_key(key), 0))
    return counted + _stored(key, window)


def record(key: str, *, window: int) -> int:
    """Counts one more attempt under `key` and returns the attempts in the
    last `window` seconds, this one included. Rows older than the window are
    pruned on the way."""
    return attempt(key, window=window)[0]


def attempt(key: str, *, window: int) -> tuple[int, int | str]:
    """As `record`, returning (the count, this attempt's token for `discount`).

    Must run outside any transaction: the row has to be committed before
    the count, or concurrent attempts would not see each other."""
    if cache := _cache():
        import redis  # only with REDIS_URL (infra/cache.py)

        try:
            cache.add(_cache_key(key), 0, timeout=window)
            try:
                counted = cache.incr(_cache_key(key))
            except ValueError:  # expired between add and incr
                cache.add(_cache_key(key), 1, timeout=window)
                counted = int(cache.get(_cache_key(key), 1))
            return counted + _stored(key, window), _cache_key(key)
        except redis.RedisError:
            pass  # counted in the database below
    now = timezone.now()
    with transaction.atomic():
        Attempt.objects.filter(key=key, at__lt=_since(window)).delete()
        row = Attempt.objects.create(key=key, at=now)
    return count(key, window=window), row.pk


def discount(token: int | str) -> None:
    """Takes back one attempt recorded by `attempt` (and no other)."""
    if isinstance(token, str):
        import redis
        from django.core.cache import cache

        # The window ended (nothing to take back), or Redis is down: the
        # attempt stays counted, the safe side.
        with contextlib.suppress(ValueError, redis.RedisError):
            cache.decr(token)
        return
    Attempt.objects.filter(pk=token).delete()


def forget(key: str) -> None:
    if cache := _cache():
        cache.delete(_cache_key(key))
    Attempt.objects.filter(key=key).delete()

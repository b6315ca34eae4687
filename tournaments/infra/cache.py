"""The shared cache (Redis) as something the app can live without.

With REDIS_URL, Django's cache is `TolerantRedisCache`: Django's own Redis
backend, except that a Redis that does not answer (stopped, unreachable,
too slow: `OPTIONS` in config/settings.py give it short socket timeouts)
makes a read a miss and a write nothing, logged, instead of an exception
that would turn every page into a 500. What the cache held is only ever a
copy: pages are rendered again, a poll is answered by the view (200 or
its 304 from the database), `throttle.py` counts in the database.

After a failure, this process leaves Redis alone for `RETRY_SECONDS`
(`down()`): a dead Redis then costs nothing, and a Redis that hangs costs
one socket timeout every few seconds rather than one per request. The
first call after that tries again, so the app goes back to Redis by itself
when it returns. Counters (`incr`, `decr`) and `clear` still raise: their
callers must know that nothing was counted (throttle.py falls back). The
health check asks `check()`, which raises, so that a balancer still sees
the server as degraded (503).

Must not: hide a failure of anything but Redis, or retry a command."""

from __future__ import annotations

import logging
import threading
import time
from functools import cache as memoized

from django.core.cache.backends.base import DEFAULT_TIMEOUT
from django.core.cache.backends.redis import RedisCache

RETRY_SECONDS = 2.0
log = logging.getLogger(__name__)
_state = {"down_until": 0.0}
_lock = threading.Lock()


# redis-py is imported where Redis is used, never at the top of these
# modules (here, freshness.py, home_cache.py, throttle.py): without REDIS_URL
# no process needs it, and loading it costs each one ~55 ms of CPU.
# Everything that raises or catches its errors runs after it was loaded.


@memoized
def unavailable() -> type[Exception]:
    """`Unavailable`, a redis.ConnectionError (so caught as a RedisError),
    made once redis-py is loaded."""
    import redis

    class Unavailable(redis.ConnectionError):
        """Redis failed a moment ago: not tried again yet."""

    Unavailable.__qualname__ = "Unavailable"
    return Unavailable


def down() -> bool:
    """Whether Redis failed in this process less than RETRY_SECONDS ago."""
    return time.monotonic() < _state["down_until"]


def failed(error: Exception, what: str) -> None:
    """Notes that Redis failed: logged once per outage and process. An
    `Unavailable` (Redis not even tried) notes nothing: it would put the
    next try off for ever while requests keep coming."""
    if isinstance(error, unavailable()):
        return
    with _lock:
        if not down():
            log.warning("Redis unavailable (%s: %s): working without it", what, error)
        _state["down_until"] = time.monotonic() + RETRY_SECONDS


def guard(what: str) -> None:
    """Raises Unavailable while Redis is known down in this process."""
    if down():
        raise unavailable()(what)


class TolerantRedisCache(RedisCache):
    """RedisCache whose reads miss and writes do nothing while Redis is down."""

    def _safely(self, what: str, call, fallback):
        import redis

        if down():
            return fallback
        try:
            return call()
        except redis.RedisError as error:
            failed(error, what)
            return fallback

    def get(self, key, default=None, version=None):
        parent = super()
        return self._safely("get", lambda: parent.get(key, default, version), default)

    def get_many(self, keys, version=None):
        parent = super()
        return self._safely("get_many", lambda: parent.get_many(keys, version), {})

    def has_key(self, key, version=None):
        parent = super()
        return self._safely("has_key", lambda: parent.has_key(key, version), False)

    def add(self, key, value, timeout=DEFAULT_TIMEOUT, version=None):
        parent = super()
        return self._safely("add", lambda: parent.add(key, value, timeout, version), False)

    def set(self, key, value, timeout=DEFAULT_TIMEOUT, version=None):
        parent = super()
        self._safely("set", lambda: parent.set(key, value, timeout, version), None)

    def set_many(self, data, timeout=DEFAULT_TIMEOUT, version=None):
        parent = super()
        return self._safely("set_many", lambda: parent.set_many(data, timeout, version), list(data))

    def touch(self, key, timeout=DEFAULT_TIMEOUT, version=None):
        parent = super()
        return self._safely("touch", lambda: parent.touch(key, timeout, version), False)

    def delete(self, key, version=None):
        parent = super()
        return self._safely("delete", lambda: parent.delete(key, version), False)

    def delete_many(self, keys, version=None):
        parent = super()
        self._safely("delete_many", lambda: parent.delete_many(keys, version), None)

    def incr(self, key, delta=1, version=None):
        import redis

        guard("incr")
        try:
            return super().incr(key, delta, version)
        except redis.RedisError as error:
            failed(error, "incr")
            raise

    def check(self) -> None:
        """One real round trip; raises when Redis does not answer."""
        self._cache.get_client(write=False).ping()
